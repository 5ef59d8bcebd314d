package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// isTrumpish reports whether c takes tricks as a trump: T1 … T21 or FOOL
// (a powerless FOOL never reaches the comparison).
func isTrumpish(c card.Card) bool { return c < 64 }

// Beats reports whether c, played to a trick after b, the card winning it
// so far, takes the trick from b (docs/RULES.md §2.3): trumps (FOOL the
// highest, value 22) beat suit cards and compare by value; a suit card
// beats only a lower card of its own suit. Any card takes a trick that no
// card has won yet (b is card.None). A powerless FOOL takes no part in a
// trick's order: the caller leaves it out. It is the rule the play settles
// tricks by, for bots and the sampler.
func Beats(c, b card.Card) bool {
	if b == card.None {
		return true
	}
	if isTrumpish(c) {
		return !isTrumpish(b) || c > b
	}
	return !isTrumpish(b) && c>>4 == b>>4 && c > b
}

// Void returns the cards a seat shows it does not hold by playing c to a
// trick led by lead and won so far by best, among the cards with power (a
// powerless FOOL shows nothing and takes no part: the caller leaves it
// out; lead is card.None when c leads), by §2.3: the led suit when c does
// not follow it; the numbered trumps when c is no trump where it had to
// follow or trump (FOOL may still be held: a renege is not announced);
// with mustOvertrump (overtrump), every trump that beats best and FOOL
// when c is a trump that does not. The sampler and the bots infer voids
// by it.
func Void(c, lead, best card.Card, overtrump bool) card.Set {
	var no card.Set
	if lead == card.None {
		return no
	}
	if follow := followMask(lead); !follow.Has(c) {
		if follow != card.TrumpsAndFool {
			no = follow
		}
		if !isTrumpish(c) {
			no = no.Union(card.TrumpsOnly)
		}
	}
	if overtrump && c.IsTrump() && isTrumpish(best) && !Beats(c, best) {
		no = no.Union(above(best))
	}
	return no
}

// above returns the trumps (FOOL included) that beat the trump t.
func above(t card.Card) card.Set {
	return card.Set{Lo: card.TrumpsAndFool.Lo &^ (2<<uint(t) - 1), Hi: 0}
}

// followMask returns the cards that follow a lead of c.
func followMask(c card.Card) card.Set {
	if isTrumpish(c) {
		return card.TrumpsAndFool
	}
	return card.SuitMask(c.Suit())
}

// Word masks of the set layout.
const (
	foolBit   = uint64(1) << card.Fool
	trumpWord = 0x7ffffe // T1 … T21 and FOOL in word 0
)

// usable returns the hand of p without a powerless FOOL, which must be kept
// until the last trick (§2.3 step 1).
func (s *State) usable(p int8) card.Set {
	h := s.hands[p]
	if s.isPowerless(p) && s.trickNo != s.lastNo {
		h.Lo &^= foolBit
	}
	return h
}

// nz returns 1 if x ≠ 0, else 0.
func nz(x uint64) uint64 { return (x | -x) >> 63 }

// LegalCards returns the cards the seat to play may play (§2.3): follow
// suit; else trump; the renege option when FOOL is the only trump; with
// mustOvertrump, beat the highest trump in the trick if able. This is the
// hot path of simulations: it works branch-free on the words of the sets.
func (s *State) LegalCards() card.Set {
	w0, w1 := s.legalWords()
	return card.Set{Lo: w0, Hi: w1}
}

// legalWords returns the two words of LegalCards (Go passes arrays in
// memory, two words in registers).
func (s *State) legalWords() (uint64, uint64) {
	p := s.toAct
	h0, h1 := s.hands[p].Lo, s.hands[p].Hi
	if s.powerless>>uint(p)&1 != 0 && s.trickNo != s.lastNo {
		h0 &^= foolBit
	}
	f0, f1 := s.follow.Lo, s.follow.Hi
	x := h1 & f1                                   // cards of the led suit
	t := h0 & trumpWord                            // trumps, FOOL included
	led := -nz(f0 | f1)                            // a suit or trumps to follow
	useX := led & -nz(x)                           // follow suit
	useT := led &^ useX & -(nz(t) & nz(t^foolBit)) // must trump (no renege)
	if useT != 0 && s.overtrump && s.best < 64 {
		if b := t &^ (2<<uint(s.best) - 1); b != 0 {
			t = b
		}
	}
	keep := ^(useX | useT)
	return h0&keep | t&useT, h1&keep | x&useX
}

// PlayCard plays a legal card c for the seat to play.
func (s *State) PlayCard(c card.Card) {
	p := s.toAct
	s.record(game.Action{Seat: p, Kind: game.KindPlay, Card: c})
	w := uint64(c >> 6)
	pbit := uint8(1) << uint(p)
	f1 := s.follow.Hi
	inF := f1 >> (c & 63) & w // a suit card of the led suit
	led := nz(s.follow.Lo | f1)
	// Playing a suit card that does not follow while holding FOOL (the only
	// trump, as the card is legal) is the renege: FOOL loses its power.
	renege := w & (1 ^ inF) & led & (s.hands[p].Lo >> card.Fool)
	s.powerless |= pbit * uint8(renege)
	s.hands[p].Remove(c)
	s.trick.Add(c)
	s.played++
	if c == s.called {
		s.calledOut = true
	}
	if c == card.Fool && s.powerless&pbit != 0 {
		// A powerless FOOL (last trick) takes no part; when led, the next
		// card sets the suit.
		s.foolSeat = p
	} else {
		if led == 0 {
			if w == 0 {
				s.follow = card.Set{Lo: trumpWord, Hi: 0}
			} else {
				s.follow = card.Set{Lo: 0, Hi: 0x3fff << ((c - 64) &^ 15)}
			}
			inF = w
		}
		// Trumps rank above every suit card (FOOL highest); a suit card
		// counts only in the led suit.
		key := uint8((1-w)*(128+uint64(c)) + inF*(uint64(c&15)+1))
		if key > s.bestKey {
			s.bestKey, s.best, s.bestSeat = key, c, p
		}
	}
	if int8(s.played) < s.n {
		if p++; p == s.n {
			p = 0
		}
		s.toAct = p
		return
	}
	s.finishTrick()
}

// finishTrick gives the trick to its winner; a powerless FOOL goes to its
// holder's pile without counting as a trick won (§2.3 step 7).
func (s *State) finishTrick() {
	w := s.bestSeat
	t := s.trick
	if s.foolSeat >= 0 {
		t.Lo &^= foolBit
		s.won[s.foolSeat].Lo |= foolBit
	}
	s.won[w].Lo |= t.Lo
	s.won[w].Hi |= t.Hi
	s.tricks[w]++
	s.leaders[s.trickNo], s.winners[s.trickNo] = s.leader, w
	s.trickNo++
	s.played = 0
	s.trick, s.follow, s.best, s.bestKey, s.bestSeat, s.foolSeat = card.Set{}, card.Set{}, card.None, 0, -1, -1
	if s.trickNo > s.lastNo {
		s.phase, s.toAct = phaseDone, -1
		return
	}
	s.leader, s.toAct = w, w
}

// PlayStart makes dst a copy of s as it stood before the first card of the
// play: every card played back in its player's hand, no trick won. It
// reports false (leaving dst unchanged) before the card play. Replaying
// the plays of s.History from there with PlayCard gives s again.
func (s *State) PlayStart(dst *State) bool {
	first := -1
	for i, a := range s.History() {
		if a.Kind == game.KindPlay {
			first = i
			break
		}
	}
	if first < 0 {
		return false
	}
	*dst = *s
	for _, a := range s.hist[first:s.nhist] {
		dst.hands[a.Seat].Add(a.Card)
	}
	dst.nhist = uint8(first)
	dst.phase = phasePlay
	dst.won, dst.tricks = [MaxSeats]card.Set{}, [MaxSeats]uint8{}
	dst.leaders, dst.winners = [maxTricks]int8{}, [maxTricks]int8{}
	dst.powerless, dst.calledOut = 0, false
	dst.trickNo, dst.played = 0, 0
	dst.trick, dst.follow, dst.bestKey = card.Set{}, card.Set{}, 0
	dst.startPlay(s.hist[first].Seat)
	return true
}

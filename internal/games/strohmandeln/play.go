package strohmandeln

import (
	"trull/internal/card"
	"trull/internal/game"
)

var (
	t17 = card.Trump(17)
	t18 = card.Trump(18)
)

// Legal appends the legal actions of the seat to act to dst. In the play
// these are the legal cards in ascending order, each followed by its
// "Ross!" or "Topschin!" variant where that may be said, then the classic
// announcements.
func (s *State) Legal(dst []game.Action) []game.Action {
	switch s.phase {
	case phDone:
		return dst
	case phPlay:
	default:
		return s.legalCalls(dst)
	}
	seat := int(s.toAct)
	for l := s.legalFor(seat); !l.Empty(); {
		c := l.Pop()
		dst = append(dst, game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c})
		if c == t17 && s.mayRoss(seat) {
			dst = append(dst, game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c, Call: SayRoss})
		}
		if c == t18 && s.mayTopschin(seat) {
			dst = append(dst, game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c, Call: SayTopschin})
		}
	}
	for _, call := range [2]uint8{CallTrull, CallFourKings} {
		if s.mayAnnounce(seat, call) {
			dst = append(dst, game.Action{Seat: int8(seat), Kind: game.KindAnnounce, Call: call})
		}
	}
	return dst
}

// LegalCards returns the cards the seat to act may play (fast path; empty
// outside the play).
func (s *State) LegalCards() card.Set {
	if s.phase != phPlay {
		return card.Set{}
	}
	return s.legalFor(int(s.toAct))
}

// legalFor returns seat's legal cards (§3.3 Legality): the leader plays any
// card of his playable set P; the follower follows suit from P (a Tarock to
// a Tarock lead), else plays a Tarock from P, else anything.
func (s *State) legalFor(seat int) card.Set {
	p := s.avail[seat]
	if s.ncur == 0 {
		return p
	}
	// Word 0 of a set holds exactly the Tarocks of the Strohmandeln packs;
	// suit u occupies bits 16u … 16u+13 of word 1, and for a suit card
	// led = 64 + 16u + rank, so led&0x30 is 16u.
	if led := s.lead; led >= 64 {
		if m := p.Hi & (0x3fff << (led & 0x30)); m != 0 {
			return card.Set{Lo: 0, Hi: m}
		}
	}
	if p.Lo != 0 {
		return card.Set{Lo: p.Lo, Hi: 0}
	}
	return p
}

// mayRoss reports whether seat may say "Ross!" with T17: extended scoring
// and T18 in seat's playable set (§3.4 Rostopschin; Clarification 12: also
// when T17 cannot win).
func (s *State) mayRoss(seat int) bool {
	return s.r.o.Scoring == Extended && s.rossSeat < 0 && s.Playable(seat).Has(t18)
}

// mayTopschin reports whether seat may say "Topschin!" with T18: it leads
// the trick right after the trick it won with "Ross!".
func (s *State) mayTopschin(seat int) bool {
	if s.r.o.Scoring != Extended || int(s.rossSeat) != seat || s.ncur != 0 {
		return false
	}
	k := int(s.rossTrick)
	return k+1 == int(s.ntricks) && int(s.tricks[k].winner) == seat
}

// mayAnnounce reports whether seat may announce Trull or Four Kings in hand
// now (classic; §3.4 Announcement timing): at its turn, not yet announced,
// holding every card of the set in hand or as an exposed last card.
func (s *State) mayAnnounce(seat int, call uint8) bool {
	if s.r.o.Scoring != Classic || (call != CallTrull && call != CallFourKings) {
		return false
	}
	return s.announced[seat]&call == 0 && setOf(call).SubsetOf(s.Playable(seat))
}

// applyAnnounce records an announcement; the announced cards become known
// to the opponent.
func (s *State) applyAnnounce(seat int, call uint8) {
	s.announced[seat] |= call
	s.shown[seat] = s.shown[seat].Union(setOf(call).Intersect(s.hand[seat]))
}

// PlayCard plays c for the seat to act without checks and without a "say"
// (fast path). c must be legal.
func (s *State) PlayCard(c card.Card) {
	seat := s.toAct
	s.hist[s.nhist] = game.Action{Seat: seat, Kind: game.KindPlay, Card: c}
	s.nhist++
	s.play(int(seat), c, SayNone)
}

// play moves c from seat's hand or exposed top into the trick and, on the
// second card, settles the trick.
func (s *State) play(seat int, c card.Card, say uint8) {
	seat &= 1
	t := &s.tricks[s.ntricks]
	var from int8
	m := card.Bit(c)
	if s.tops[seat].Overlaps(m) {
		s.tops[seat] = s.tops[seat].Minus(m)
		ps := &s.piles[seat]
		switch {
		case ps[0].top == c:
			ps[0].top, from = card.None, 1
		case ps[1].top == c:
			ps[1].top, from = card.None, 2
		default:
			ps[2].top, from = card.None, 3
		}
	} else {
		s.hand[seat] = s.hand[seat].Minus(m)
		s.shown[seat] = s.shown[seat].Minus(m)
	}
	s.avail[seat] = s.avail[seat].Minus(m)
	t.cards[seat], t.from[seat], t.say[seat] = c, from, say
	switch say {
	case SayRoss:
		s.rossSeat, s.rossTrick = int8(seat), int8(s.ntricks)
		// "Ross!" is allowed only while holding T18: the opponent now knows it.
		if s.hand[seat].Has(t18) {
			s.shown[seat].Add(t18)
		}
	case SayTopschin:
		s.topschin = true
	}
	if s.ncur == 0 {
		t.leader = int8(seat)
		s.lead = c
		s.ncur = 1
		s.toAct = int8(1 - seat)
		return
	}
	s.settle(t, 1-seat, s.lead, c)
}

// Beats reports whether c, played second, takes the trick from the lead
// (docs/RULES.md §3.3): the higher Tarock wins (the Sküs highest), else the
// higher card of the led suit. Any card takes a trick not yet led (lead
// is card.None). It is the rule the play settles tricks by, for bots.
func Beats(c, lead card.Card) bool {
	if lead == card.None {
		return true
	}
	return rank(c, lead) > uint(lead>>6^1)<<7+uint(lead)
}

// Void returns the cards a player shows he cannot play by answering the
// lead with c (docs/RULES.md §3.3): the led suit when c is not of it, and
// the Tarocks (the Sküs included) when c is no Tarock where he had to
// follow or play a Tarock. A lead shows nothing (lead is card.None). The
// sampler and the bots infer voids by it.
func Void(c, lead card.Card) card.Set {
	var no card.Set
	if lead == card.None || isTarock(c) == isTarock(lead) && (isTarock(c) || c.Suit() == lead.Suit()) {
		return no
	}
	if !isTarock(lead) {
		no = card.SuitMask(lead.Suit())
	}
	if !isTarock(c) {
		no = no.Union(tarocks)
	}
	return no
}

// rank orders the cards of a trick led by lead, without branches (who wins
// a trick is a coin toss to the branch predictor): a Tarock ranks 128 + its
// value (they lie below 64, the Sküs highest), a card of the led suit its
// value (each suit has its own block of 16 above 64, strongest last), any
// other card 0. The lead's rank is its value, plus 128 for a Tarock.
func rank(c, lead card.Card) uint {
	tarock := uint(c>>6) ^ 1 // c < 64
	ledSuit := b2u(c>>4 == lead>>4)
	return tarock<<7 + uint(c)*(tarock|ledSuit)
}

// b2u converts a bool to 0 or 1 (compiled to a flag move, not a branch).
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// settle gives the completed trick t, led by seat l with a and answered
// with b, to its winner, turns up the next cards of every Strohmann whose
// top was used in it, and ends the hand after the last trick. (The cards
// come in registers: reading them back from t would wait for their stores.)
func (s *State) settle(t *trick, l int, a, b card.Card) {
	w := l ^ int(b2u(Beats(b, a)))
	t.winner = int8(w)
	s.won[w] = s.won[w].Union(card.Bit(a)).Union(card.Bit(b))
	s.raw[w] += int16(s.r.points[a&127]) + int16(s.r.points[b&127])
	s.nwon[w]++
	s.ntricks++
	s.ncur = 0
	if t.from[0]|t.from[1] != 0 {
		for seat := range 2 {
			if f := t.from[seat]; f > 0 {
				s.reveal(seat, int(f-1))
			}
		}
	}
	s.toAct = int8(w)
	if int(s.ntricks) == s.r.nTricks {
		s.phase = phDone
	}
}

// ApplyUnchecked applies a legal action without checks.
func (s *State) ApplyUnchecked(a game.Action) {
	s.push(a)
	seat := int(a.Seat)
	switch a.Kind {
	case game.KindFold:
		s.applyFold(seat, a.Call)
	case game.KindBid:
		s.applyBid(seat, a.Call)
	case game.KindDouble:
		s.applyDouble(a.Call)
	case game.KindAnnounce:
		s.applyAnnounce(seat, a.Call)
	case game.KindPlay:
		s.play(seat, a.Card, a.Call)
	}
}

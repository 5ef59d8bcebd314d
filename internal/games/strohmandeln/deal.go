package strohmandeln

import (
	"trull/internal/card"
	"trull/internal/game"
)

// phase is the state machine of docs/RULES.md §3.3 (the deal and the reveals are
// engine steps, not phases).
type phase uint8

const (
	phFold phase = iota
	phBid
	phDouble
	phPlay
	phDone
)

var phaseNames = [...]string{"fold", "bid", "double", "play", "done"}

// contract is the kind of game being played.
type contract uint8

const (
	cNone contract = iota
	cSimple
	cUndertaken
	cFolded
	cThrownIn
)

var contractNames = [...]string{"", "simple", "undertaken", "folded", "thrown_in"}

// pile is one Strohmann: cards[0] is the top card as dealt; cards[:next]
// have been turned up (each went into the hand or is the exposed top),
// cards[next:n] are still face down.
type pile struct {
	cards [4]card.Card
	n     uint8
	next  uint8
	top   card.Card // the exposed top, None when there is none
}

// faceDown returns the cards still face down.
func (p *pile) faceDown() card.Set {
	var s card.Set
	for j := p.next; j < p.n; j++ {
		s.Add(p.cards[j])
	}
	return s
}

// trick is one trick: the card of each seat, where it came from (0 the
// hand, k+1 the top of Strohmann k+1) and what was said with it.
type trick struct {
	leader int8
	winner int8
	cards  [2]card.Card
	from   [2]int8
	say    [2]uint8
}

// State is one hand of Strohmandeln. It is built on fixed-size arrays and
// card sets; Clone is one copy. It implements game.State and
// gametest.Places.
type State struct {
	r      *Rules
	dealer int8
	elder  int8
	phase  phase
	toAct  int8

	hand  [2]card.Set // every card in each hand (dealt and taken up)
	avail [2]card.Set // playable sets: hand ∪ tops
	shown [2]card.Set // hand cards the opponent knows: taken up from a Strohmann, announced, T18 after "Ross!"
	piles [2][3]pile
	tops  [2]card.Set // exposed Strohmann tops of each seat
	won   [2]card.Set // trick piles
	nwon  [2]uint8    // tricks won
	raw   [2]int16    // raw card points of the trick piles
	lead  card.Card   // the card led to the current trick

	tricks  [maxTricks]trick // completed tricks, then the current one
	ntricks uint8            // completed tricks
	ncur    uint8            // cards in the current trick (tricks[ntricks])

	contract   contract
	undertaker int8 // -1 when none
	folder     int8 // the seat that folded, -1 when none
	doubled    bool
	announced  [2]uint8 // bit 1 Trull, bit 2 Four Kings (classic)
	rossSeat   int8     // the seat that said "Ross!", -1 when nobody did
	rossTrick  int8     // the trick of the "Ross!"
	topschin   bool     // "Topschin!" was said in trick rossTrick+1

	hist  [maxHist]game.Action
	nhist uint8
}

// Reset deals deck (a permutation of the pack, unchecked) with the given
// dealer, reusing s's memory: the fast path for simulations. It does not
// allocate.
func (s *State) Reset(deck []card.Card, dealer int) {
	r := s.r
	*s = r.fresh[dealer&1]
	deck = deck[:len(r.pack.Order)]
	for role := 0; role < 2; role++ {
		seat := int(s.elder)
		if role == 1 {
			seat = dealer
		}
		// The hands are dealt in fives (runs of handIdx).
		var h card.Set
		for i := 0; i < r.handSize; i += 5 {
			from := int(r.handIdx[role][i])
			h = h.Union(card.Of(deck[from : from+5]...))
		}
		s.hand[seat] = h
		s.avail[seat] = h
		for k := range 3 {
			p := &s.piles[seat][k]
			from := int(r.pileIdx[role][k][0]) // a Strohmann is one run of the deck
			c := deck[from : from+int(p.n)]
			_ = c[2] // every Strohmann has 3 or 4 cards
			p.cards[0], p.cards[1], p.cards[2] = c[0], c[1], c[2]
			if p.n == 4 {
				p.cards[3] = c[3]
			}
		}
	}
}

// isTarock reports whether c is a Tarock (T1 … T21 or the Sküs): in the
// Strohmandeln packs these are exactly the cards of word 0.
func isTarock(c card.Card) bool { return c < 64 && c != card.None }

// reveal applies REVEAL (§3.3) to Strohmann k of seat: turn up the top
// face-down card; a Tarock or a King goes into the hand and turning goes on;
// a lower suit card stays as the exposed top. The last card is taken into
// the hand, or stays on the table with lastStrohmannCard=staysOnTable.
func (s *State) reveal(seat, k int) {
	p := &s.piles[seat][k]
	for p.next < p.n {
		c := p.cards[p.next]
		p.next++
		s.avail[seat].Add(c)
		if p.next == p.n {
			if s.r.o.LastStrohmannCard == LastStaysOnTable {
				p.top = c
				s.tops[seat].Add(c)
			} else {
				s.hand[seat].Add(c)
				s.shown[seat].Add(c)
			}
			return
		}
		if isTarock(c) || c.IsKing() {
			s.hand[seat].Add(c)
			s.shown[seat].Add(c)
			continue
		}
		p.top = c
		s.tops[seat].Add(c)
		return
	}
}

// startPlay does the initial reveal (Elder first, Strohmann 1, 2, 3) and
// gives Elder the lead of trick 1.
func (s *State) startPlay() {
	for _, seat := range [2]int{int(s.elder), int(s.dealer)} {
		for k := 0; k < 3; k++ {
			s.reveal(seat, k)
		}
	}
	s.phase = phPlay
	s.toAct = s.elder
}

// Rules returns the variant.
func (s *State) Rules() game.Rules { return s.r }

// Dealer returns the dealer's seat.
func (s *State) Dealer() int { return int(s.dealer) }

// Elder returns Elder's seat (Vorhand, the non-dealer).
func (s *State) Elder() int { return int(s.elder) }

// Phase returns "fold", "bid", "double", "play" or "done".
func (s *State) Phase() string { return phaseNames[s.phase] }

// ToAct returns the seat to decide, -1 when the hand is over.
func (s *State) ToAct() int {
	if s.phase == phDone {
		return -1
	}
	return int(s.toAct)
}

// Done reports whether the hand is over.
func (s *State) Done() bool { return s.phase == phDone }

// History returns a copy of the engine actions applied so far.
func (s *State) History() []game.Action {
	return append([]game.Action(nil), s.hist[:s.nhist]...)
}

// CloneInto implements game.CloneReuser: a copy of s in dst's memory when
// dst is a state of this game, else a new one.
func (s *State) CloneInto(dst game.State) game.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Clone()
	}
	d.CopyFrom(s)
	return d
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of o without allocating (fast path for playouts).
func (s *State) CopyFrom(o *State) { *s = *o }

// Hand returns the cards in seat's hand.
func (s *State) Hand(seat int) card.Set { return s.hand[seat] }

// Tops returns seat's exposed Strohmann tops.
func (s *State) Tops(seat int) card.Set { return s.tops[seat] }

// Playable returns seat's playable set: hand ∪ exposed tops (§3.3 PLAY).
func (s *State) Playable(seat int) card.Set { return s.avail[seat] }

// FaceDown returns seat's face-down Strohmann cards (known to nobody).
func (s *State) FaceDown(seat int) card.Set {
	var f card.Set
	for k := range s.piles[seat] {
		f = f.Union(s.piles[seat][k].faceDown())
	}
	return f
}

// Strohmann returns seat's Strohmann k (0 … 2): its cards as dealt, top
// first (n of them), of which the first turned have been turned up; the
// rest lie face down and turn up in that order. It is for a caller that
// knows the whole deal, such as an open-card solver of a sampled world:
// no View shows the face-down part.
func (s *State) Strohmann(seat, k int) (cards [4]card.Card, n, turned int) {
	p := &s.piles[seat&1][k]
	return p.cards, int(p.n), int(p.next)
}

// Won returns the cards of seat's trick pile.
func (s *State) Won(seat int) card.Set { return s.won[seat] }

// Led returns the card led to the trick in progress, card.None while no
// card has been played to it.
func (s *State) Led() card.Card {
	if s.ncur > 0 {
		return s.lead
	}
	return card.None
}

// currentCards returns the cards of the trick in progress.
func (s *State) currentCards() card.Set {
	var c card.Set
	if s.ncur > 0 {
		t := &s.tricks[s.ntricks]
		c.Add(t.cards[t.leader])
	}
	return c
}

// Places lists every place a card can be: both hands, both players' exposed
// tops and face-down Strohmann cards, both trick piles and the current
// trick (gametest.Places).
func (s *State) Places() []card.Set {
	return []card.Set{s.hand[0], s.hand[1], s.tops[0], s.tops[1],
		s.FaceDown(0), s.FaceDown(1), s.won[0], s.won[1], s.currentCards()}
}

// MayKnow returns the cards whose place seat may know: its hand, every
// played card, every exposed top, and the cards of the opponent's hand that
// were shown (taken up from a Strohmann, announced, T18 after "Ross!").
// Face-down Strohmann cards are never included, not even seat's own.
func (s *State) MayKnow(v game.Viewer) card.Set {
	public := s.won[0].Union(s.won[1]).Union(s.currentCards()).Union(s.tops[0]).Union(s.tops[1])
	seat, ok := v.Seat()
	if !ok || seat > 1 {
		return public.Union(s.shown[0]).Union(s.shown[1])
	}
	return public.Union(s.hand[seat]).Union(s.shown[1-seat])
}

// SeenAction returns action i as v may learn it. Every action of
// Strohmandeln is public (§3.3): the bids, the doubling, the announcements
// (which show their cards) and every card played, from the hand or from a
// Strohmann.
func (s *State) SeenAction(_ game.Viewer, i int) game.Action { return s.hist[i] }

func (s *State) push(a game.Action) {
	s.hist[s.nhist] = a
	s.nhist++
}

// TrickCards returns the card of the trick in progress, if one was led
// (game.Tricks): a trick of two closes with its second card.
func (s *State) TrickCards() card.Set { return s.currentCards() }

// Captor returns the seat whose won pile holds c, -1 when none does
// (game.Tricks).
func (s *State) Captor(c card.Card) int {
	for p := 0; p < 2; p++ {
		if s.won[p].Has(c) {
			return p
		}
	}
	return -1
}

var _ game.Tricks = (*State)(nil)

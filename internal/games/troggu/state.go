package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// phase is the stage of a hand.
type phase uint8

// Phases.
const (
	phaseBidding phase = iota
	phaseCall
	phaseExchange
	phasePlay
	phaseDone
)

var phaseNames = [...]string{"bidding", "call", "exchange", "play", "done"}

// Contract is the game being played.
type Contract uint8

// Contracts. ContractNone is the state during the bidding.
const (
	ContractNone Contract = iota
	ContractNormal
	ContractSolo
	ContractMisere
)

var contractNames = [...]string{"", "normal", "solo", "misere"}

// String returns the contract name of docs/FORMAT.md ("normal", "solo",
// "misere"), or "" while bidding.
func (c Contract) String() string { return contractNames[c] }

// Bid codes (Action.Call of a KindBid action).
const (
	BidPass   uint8 = 1
	BidNormal uint8 = 2
	BidSolo   uint8 = 3
)

// Bid masks returned by LegalBids: bit 1<<code.
const (
	bidMaskPass   = 1 << BidPass
	bidMaskNormal = 1 << BidNormal
	bidMaskSolo   = 1 << BidSolo
)

// State is one Troggu hand in progress. It is built on fixed arrays and
// card sets only (the history too), so Clone is one allocation and CopyFrom
// none.
type State struct {
	r      *Rules
	n      int8 // seats
	dealer int8
	toAct  int8 // -1 when done
	phase  phase

	contract Contract
	declarer int8 // Tappist or Soloist, -1 in Misère and while bidding
	normalBy int8 // first Normal bidder, -1 for none
	nbids    uint8
	// forced is FOOL or T1 when an all-pass forced the declarer to play,
	// naming the card that made him the Tappist; card.None otherwise.
	forced card.Card
	// called is the trump called by the Tappist (7–8 players), partner its
	// holder among the other players at the time of the call (-1: alone).
	// Both are secret until the called trump is played.
	called    card.Card
	partner   int8
	calledOut bool
	fourKings bool // the Tappist holds four kings after taking the Tapp

	hands     [MaxSeats]card.Set
	tapp      card.Set // the face-down Tapp (until a Tappist takes it)
	tappTaken card.Set // the Tapp as taken up by the Tappist (his knowledge)
	discards  card.Set
	won       [MaxSeats]card.Set // each player's pile of won tricks
	tricks    [MaxSeats]uint8    // tricks won per player
	powerless uint8              // bit p: p reneged, his FOOL has no power

	lastNo    uint8 // number of the last trick (hand size − 1)
	overtrump bool  // option mustOvertrump

	trickNo  uint8
	leader   int8
	played   uint8     // cards in the current trick
	trick    card.Set  // the cards of the current trick
	follow   card.Set  // the cards that follow the led suit; empty: none yet
	best     card.Card // the card winning the trick so far
	bestKey  uint8     // its strength: 128+value for trumps, rank+1 in the led suit
	bestSeat int8
	foolSeat int8 // seat of a powerless FOOL in the current trick, else -1

	leaders [maxTricks]int8
	winners [maxTricks]int8

	hist  [histCap]game.Action
	nhist uint8
}

// NewState returns an empty state for r; call Reset to deal.
func NewState(r *Rules) *State {
	return &State{r: r, n: int8(r.seats)}
}

// Rules returns the variant being played.
func (s *State) Rules() game.Rules { return s.r }

// Dealer returns the dealer's seat.
func (s *State) Dealer() int { return int(s.dealer) }

// Phase names the current phase: bidding, call, exchange, play or done.
func (s *State) Phase() string { return phaseNames[s.phase] }

// ToAct returns the seat to act, -1 when the hand is over.
func (s *State) ToAct() int { return int(s.toAct) }

// Done reports whether the hand is over.
func (s *State) Done() bool { return s.phase == phaseDone }

// History returns the engine actions applied so far. The slice shares the
// state's memory: copy it before changing the state if it must be kept.
func (s *State) History() []game.Action { return s.hist[:s.nhist] }

// record appends a to the history.
func (s *State) record(a game.Action) {
	s.hist[s.nhist] = a
	s.nhist++
}

// Contract returns the contract (ContractNone while bidding).
func (s *State) Contract() Contract { return s.contract }

// Declarer returns the Tappist or Soloist, -1 in Misère or while bidding.
func (s *State) Declarer() int { return int(s.declarer) }

// EverySeatAlone reports whether every seat plays for itself: a Misère,
// where nobody is declarer and the most card points lose.
func (s *State) EverySeatAlone() bool { return s.contract == ContractMisere }

// DeclarerRole names the declarer's role as the table does: "tappist" in
// a Normal game, "soloist" in a Solo, "" otherwise.
func (s *State) DeclarerRole() string {
	switch s.contract {
	case ContractNormal:
		return "tappist"
	case ContractSolo:
		return "soloist"
	}
	return ""
}

// Hand returns the cards in seat's hand.
func (s *State) Hand(seat int) card.Set { return s.hands[seat] }

// TrickLen returns the number of cards played to the current trick.
func (s *State) TrickLen() int { return int(s.played) }

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
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of o, reusing s's memory (no allocation).
func (s *State) CopyFrom(o *State) {
	*s = *o
}

// TappTaken returns the Tapp as the Tappist took it up (empty before the
// exchange and in a Solo or Misère). Like Hand, it reads the whole state:
// a seat learns it only through its View.
func (s *State) TappTaken() card.Set { return s.tappTaken }

// Discards returns the Tappist's discards so far.
func (s *State) Discards() card.Set { return s.discards }

// Places lists every place a card can be: each hand, the Tapp, the
// discards, each player's won pile and the current trick.
func (s *State) Places() []card.Set {
	out := make([]card.Set, 0, 2*int(s.n)+3)
	for p := 0; p < int(s.n); p++ {
		out = append(out, s.hands[p])
	}
	out = append(out, s.tapp, s.discards, s.trick)
	for p := 0; p < int(s.n); p++ {
		out = append(out, s.won[p])
	}
	return out
}

// playedSet returns every card played so far.
func (s *State) playedSet() card.Set {
	t := s.trick
	for p := 0; p < int(s.n); p++ {
		t = t.Union(s.won[p])
	}
	return t
}

// tookTapp reports whether the Tappist has taken up the Tapp.
func (s *State) tookTapp() bool {
	return s.contract == ContractNormal && s.phase >= phaseExchange
}

// MayKnow returns the cards whose identity and place seat may know: its
// hand, every played card, and for the Tappist the Tapp he took up and his
// discards. When the hand is over the piles are counted openly, so every
// card is known.
func (s *State) MayKnow(v game.Viewer) card.Set {
	if s.phase == phaseDone {
		return s.r.Pack().Cards
	}
	k := s.playedSet()
	if seat, ok := v.Seat(); ok && seat < int(s.n) {
		k = k.Union(s.hands[seat])
		if s.ownsTapp(v) {
			k = k.Union(s.tappTaken).Union(s.discards)
		}
	}
	return k
}

// ownsTapp reports whether v is the Tappist who took up the Tapp, and so
// knows it and his discards.
func (s *State) ownsTapp(v game.Viewer) bool { return v.Is(int(s.declarer)) && s.tookTapp() }

// SeenAction returns action i as v may learn it (§2.2 "Information"): the
// Tappist's discards are secret until the piles are counted at the end;
// bids, the call (a trump by number, not its place) and cards played are
// public.
func (s *State) SeenAction(v game.Viewer, i int) game.Action {
	a := s.hist[i]
	if a.Kind == game.KindDiscard && s.phase != phaseDone && !s.ownsTapp(v) {
		a.Card = card.Hidden
	}
	return a
}

func (s *State) next(p int8) int8 {
	p++
	if p == s.n {
		return 0
	}
	return p
}

func (s *State) isPowerless(p int8) bool { return s.powerless&(1<<uint(p)) != 0 }

// TrickCards returns the cards of the current trick (game.Tricks).
func (s *State) TrickCards() card.Set { return s.trick }

// Captor returns the seat whose won pile holds c, -1 when none does
// (game.Tricks).
func (s *State) Captor(c card.Card) int {
	for p := 0; p < int(s.n); p++ {
		if s.won[p].Has(c) {
			return p
		}
	}
	return -1
}

var _ game.Tricks = (*State)(nil)

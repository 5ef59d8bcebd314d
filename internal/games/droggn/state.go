package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Contract is a Droggn contract, ordered low to high.
type Contract uint8

// Contracts.
const (
	NoContract Contract = iota
	Ansager
	Solo
	Super
	SuperMord
)

var contractNames = [...]string{"thrown_in", "ansager", "solo", "super", "supermord"}

// String returns the record name ("ansager", …; "thrown_in" for none).
func (c Contract) String() string { return contractNames[c] }

// base returns the base value V of §1.5 (Super Mord: 130, used by revokes).
func (c Contract) base() int { return [...]int{0, 20, 40, 80, 130}[c] }

// Call codes of Action.Call.
const (
	CallNone      uint8 = iota // no call / decline (layout, buy)
	CallPass                   // pass, weiter, gut (bidding)
	CallAnsager                // Ansager ("ich sage an", "hinein")
	CallSolo                   // Solo
	CallSuper                  // Super
	CallSuperMord              // Super Mord
	CallGut                    // doubling: gut / komm
	CallSchwacher              // doubling: einen Schwachen geben
	CallRetour                 // doubling: Retour
)

// Phase is the step of the hand.
type Phase uint8

// Phases.
const (
	PhBid Phase = iota
	PhDiscard
	PhBuy
	PhLayout
	PhDouble
	PhPlay
	PhDone
)

var phaseNames = [...]string{"bidding", "discard", "buy", "layout", "doubling", "play", "done"}

// String names the phase.
func (p Phase) String() string { return phaseNames[p] }

// Sides.
const (
	sideDecl = 0
	sideDef  = 1
)

// Doubling stages.
const (
	dblFirst  = iota // defenders d1, d2: gut or Schwacher
	dblAnswer        // declarer: gut or Retour
	dblRetour        // defenders d1, d2: gut or Retour
)

// State is one Droggn hand. The zero value is not usable; see Rules.NewState.
type State struct {
	r      *Rules
	dealer int8
	phase  Phase
	toAct  int8

	hands    [4]card.Set
	talon    card.Set // the talon while it lies (Super and Super Mord: to the end)
	discards card.Set
	shown    card.Set // talon shown to all (exposeTalonInAnsager)

	// Bidding.
	speakers [3]int8 // active seats in speaking order
	succ     [4]int8 // succ[p] is next(p), the active seat after p
	spoken   int8
	contract Contract
	declarer int8

	// Buying.
	bought    card.Card // asked card x, when a defender gave it
	offered   card.Card // offered card o
	buyFrom   int8      // defender who gave x, -1
	buyLost   bool
	buyAsked  card.Card // x as asked (also when the right was lost)
	buyDone   bool
	discarded int8

	// Lay-outs.
	pagatLaid   int8 // seat that laid out T1, -1
	foolLaid    bool // the declarer laid out FOOL in Super Mord
	layoutAsked [4]bool
	layoutSeat  int8 // seat asked in PhLayout

	// Doubling.
	k        int8
	dblStage int8
	dblIdx   int8 // 0: d1, 1: d2 in the defenders' stages
	defs     [2]int8

	// Play.
	trick      [4]card.Card
	trickSeat  [4]int8
	trickLen   int8
	gov        card.Card // the card whose suit governs the trick (first non-Gstieß)
	special    bool      // a lay-out or gstiessLastTrick=illegal is in force
	leader     int8
	trickNo    int8
	piles      [2]card.Set
	wonTricks  [2]int8
	lastWinner int8
	declAll    bool // the declarer won every trick so far
	stopped    bool // Super Mord stopped at a lost trick
	t1Trick    int8 // trick T1 was played to, -1
	t1Player   int8
	t1Winner   int8
	foolWonSM  bool // the laid-out FOOL won the last trick
	kguOn      bool // Kleine und Gstieß Ultimo announced

	hist []game.Action
}

// next returns the next active seat after p in the direction of play (the
// sitting-out dealer of a 4-player hand is skipped).
func (s *State) next(p int) int {
	n := s.r.seats
	q := (p + 1) % n
	if n == 4 && q == int(s.dealer) {
		q = (q + 1) % n
	}
	return q
}

// active reports whether seat takes part in the hand.
func (s *State) active(seat int) bool { return s.r.seats == 3 || seat != int(s.dealer) }

// side returns the side of an active seat (or the sitting-out dealer, who
// scores with the defenders).
func (s *State) side(seat int) int {
	if int(s.declarer) == seat {
		return sideDecl
	}
	return sideDef
}

// Rules returns the variant.
func (s *State) Rules() game.Rules { return s.r }

// Variant returns the concrete rules.
func (s *State) Variant() *Rules { return s.r }

// Dealer returns the dealer's seat.
func (s *State) Dealer() int { return int(s.dealer) }

// Phase names the current phase.
func (s *State) Phase() string { return s.phase.String() }

// CurrentPhase returns the phase.
func (s *State) CurrentPhase() Phase { return s.phase }

// ToAct returns the seat to act, -1 when the hand is over.
func (s *State) ToAct() int {
	if s.phase == PhDone {
		return -1
	}
	return int(s.toAct)
}

// Done reports whether the hand is over.
func (s *State) Done() bool { return s.phase == PhDone }

// History returns the actions applied so far.
func (s *State) History() []game.Action { return s.hist }

// Hand returns a seat's hand.
func (s *State) Hand(seat int) card.Set { return s.hands[seat] }

// Discards returns the declarer's discards (Places' sixth place), without
// building the list of places.
func (s *State) Discards() card.Set { return s.discards }

// Contract returns the contract (NoContract while bidding or when thrown in).
func (s *State) Contract() Contract { return s.contract }

// Declarer returns the declarer's seat, -1 before the bidding ends.
func (s *State) Declarer() int { return int(s.declarer) }

// Doublings returns k, the number of Schwacher and Retours.
func (s *State) Doublings() int { return int(s.k) }

// TrickNo returns the number of completed tricks.
func (s *State) TrickNo() int { return int(s.trickNo) }

// Played returns the cards of the finished tricks, which every seat has
// seen.
func (s *State) Played() card.Set { return s.piles[0].Union(s.piles[1]) }

// Trick returns the cards of the current trick and their players.
func (s *State) Trick() ([]card.Card, []int8) {
	return s.trick[:s.trickLen], s.trickSeat[:s.trickLen]
}

// PagatLaidOut returns the seat that laid out T1, -1 if none.
func (s *State) PagatLaidOut() int { return int(s.pagatLaid) }

// FoolLaidOut reports whether the declarer laid out the Gstieß (Super Mord).
func (s *State) FoolLaidOut() bool { return s.foolLaid }

// Defenders returns d1 and d2.
func (s *State) Defenders() (int, int) { return int(s.defs[0]), int(s.defs[1]) }

// CloneInto implements game.CloneReuser: a copy of s in dst's memory when
// dst is a state of this game, else a new one.
func (s *State) CloneInto(dst game.State) game.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.Clone()
	}
	s.CopyInto(d)
	return d
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { return s.Copy() }

// Copy returns an independent copy with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.hist = append(make([]game.Action, 0, cap(s.hist)), s.hist...)
	return &c
}

// CopyInto copies s into dst, reusing dst's history buffer (no allocation
// once dst's buffer is large enough).
func (s *State) CopyInto(dst *State) {
	h := dst.hist[:0]
	*dst = *s
	dst.hist = append(h, s.hist...)
}

// Places lists every place a card can be (for the conformance suite).
func (s *State) Places() []card.Set {
	var trick card.Set
	for i := int8(0); i < s.trickLen; i++ {
		trick.Add(s.trick[i])
	}
	return []card.Set{s.hands[0], s.hands[1], s.hands[2], s.hands[3], s.talon, s.discards, s.piles[0], s.piles[1], trick}
}

// Piles returns the cards counting for each side so far: the declarer's
// won tricks plus the discards or the untouched talon, and the defenders'
// won tricks (each with the Gstieß of its own side).
func (s *State) Piles() (decl, def card.Set) { return s.declPile(), s.piles[sideDef] }

// PagatPlayer returns the seat that played T1, -1 while it is unplayed.
func (s *State) PagatPlayer() int { return int(s.t1Player) }

// KGUAnnounced reports whether Kleine und Gstieß Ultimo was announced.
func (s *State) KGUAnnounced() bool { return s.kguOn }

// TrickCards returns the cards of the current trick (game.Tricks).
func (s *State) TrickCards() card.Set {
	var t card.Set
	for _, c := range s.trick[:s.trickLen] {
		t.Add(c)
	}
	return t
}

// Captor returns the declarer when the declarer's side's pile holds c,
// the first defender when the defenders' pile does, and -1 otherwise
// (game.Tricks).
func (s *State) Captor(c card.Card) int {
	decl, def := s.Piles()
	switch {
	case decl.Has(c):
		return s.Declarer()
	case def.Has(c):
		return int(s.defs[0])
	}
	return -1
}

var _ game.Tricks = (*State)(nil)

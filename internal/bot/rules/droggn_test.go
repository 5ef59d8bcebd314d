package rules

import (
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// spec describes one hand of a scenario: the cards it must hold, and the
// suits (or trumps) it must not be filled up with.
type spec struct {
	has string // space-separated IDs
	no  string // letters: S C H D for suits, T for trumps
}

// scenario is a 3-player Droggn deal with seat 2 dealing, so seat 0 speaks
// first and leads, d1 = seat 1, d2 = seat 2 when seat 0 declares.
type scenario struct {
	hands [3]spec
	talon string
	// bids are the calls of seats 0, 1, 2 ("" passes).
	bids [3]string
	// discards, when the contract exchanges, are the declarer's three.
	discards string
	// plays are the cards played, in order, once the play starts.
	plays string
	// stop names a phase ("buy", "doubling") to stop at, for the decision
	// under test.
	stop string
}

func ids(t *testing.T, p *card.Pack, s string) []card.Card {
	t.Helper()
	var out []card.Card
	for _, id := range strings.Fields(s) {
		c, err := p.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func forbidden(no string) card.Set {
	var out card.Set
	for _, l := range no {
		switch l {
		case 'S':
			out = out.Union(card.SuitMask(card.Suit0))
		case 'C':
			out = out.Union(card.SuitMask(card.Suit1))
		case 'H':
			out = out.Union(card.SuitMask(card.Suit2))
		case 'D':
			out = out.Union(card.SuitMask(card.Suit3))
		case 'T':
			out = out.Union(card.TrumpsOnly)
		}
	}
	return out
}

// deal builds the deck: the named cards where the specs put them, the rest
// filled in pack order, each card to the next hand with room that may take
// it (the talon last).
func (sc scenario) deal(t *testing.T, r *droggn.Rules) *droggn.State {
	t.Helper()
	p := r.Pack()
	var hands [3][]card.Card
	var used card.Set
	for i, h := range sc.hands {
		hands[i] = ids(t, p, h.has)
		for _, c := range hands[i] {
			used.Add(c)
		}
	}
	talon := ids(t, p, sc.talon)
	for _, c := range talon {
		used.Add(c)
	}
	next := 0
	for _, c := range p.Order {
		if used.Has(c) {
			continue
		}
		placed := false
		for j := 0; j < 3 && !placed; j++ {
			i := (next + j) % 3
			if len(hands[i]) < 21 && !forbidden(sc.hands[i].no).Has(c) {
				hands[i] = append(hands[i], c)
				next = i + 1
				placed = true
			}
		}
		if !placed {
			if len(talon) == 3 {
				t.Fatalf("card %s fits nowhere", p.ID(c))
			}
			talon = append(talon, c)
		}
	}
	deck := make([]card.Card, 0, 66)
	for round := 0; round < 3; round++ {
		for i := 0; i < 3; i++ {
			deck = append(deck, hands[i][7*round:7*round+7]...)
		}
	}
	deck = append(deck, talon...)
	st, err := r.Deal(deck, 2)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// run deals the scenario and applies its script up to the first decision
// it does not cover: the bids, the discards, no buy or lay-out, no
// doubling, then the plays.
func (sc scenario) run(t *testing.T) *droggn.State {
	t.Helper()
	r := droggn.Default(3)
	st := sc.deal(t, r)
	calls := map[string]uint8{"": droggn.CallPass, "ansager": droggn.CallAnsager, "solo": droggn.CallSolo,
		"super": droggn.CallSuper, "supermord": droggn.CallSuperMord}
	discards := ids(t, r.Pack(), sc.discards)
	plays := ids(t, r.Pack(), sc.plays)
	for !st.Done() {
		seat := st.ToAct()
		if st.Phase() == sc.stop {
			return st
		}
		a := game.Action{Seat: int8(seat)}
		switch st.CurrentPhase() {
		case droggn.PhBid:
			if sc.bids[seat] == "?" {
				return st
			}
			a.Kind, a.Call = game.KindBid, calls[sc.bids[seat]]
		case droggn.PhDiscard:
			if len(discards) == 0 {
				return st
			}
			a.Kind, a.Card = game.KindDiscard, discards[0]
			discards = discards[1:]
		case droggn.PhBuy:
			a.Kind = game.KindBuy
		case droggn.PhLayout:
			a.Kind = game.KindLayout
		case droggn.PhDouble:
			a.Kind, a.Call = game.KindDouble, droggn.CallGut
		case droggn.PhPlay:
			if len(plays) == 0 {
				return st
			}
			a.Kind, a.Card = game.KindPlay, plays[0]
			plays = plays[1:]
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("script action %+v: %v", a, err)
		}
	}
	return st
}

// decide asks the rules bot for the decision of the seat to act.
func decide(t *testing.T, st *droggn.State) game.Action {
	t.Helper()
	a, err := Bot{}.Act(st.View(game.ViewerOf(st.ToAct())), nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestTactics checks the rules bot's decisions in positions taken from the
// tactics notes of the seed text.
func TestTactics(t *testing.T) {
	p := card.Droggn66
	id := func(c card.Card) string { return p.ID(c) }
	tests := []struct {
		name  string
		sc    scenario
		check func(a game.Action) bool
		want  string
	}{
		{
			name: "a weak hand passes",
			sc: scenario{hands: [3]spec{{has: "T2 T3 T4 S-4 S-5 C-4 C-5 H-7 H-6 D-7 D-6", no: "T"}, {}, {}},
				bids: [3]string{"?"}},
			check: func(a game.Action) bool { return a.Kind == game.KindBid && a.Call == droggn.CallPass },
			want:  "pass",
		},
		{
			name: "a strong hand bids Solo or more",
			sc: scenario{hands: [3]spec{{has: "FOOL T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 S-K S-Q C-K C-Q H-K", no: "T"}, {}, {}},
				bids: [3]string{"?"}},
			check: func(a game.Action) bool { return a.Kind == game.KindBid && a.Call >= droggn.CallSolo },
			want:  "solo, super or supermord",
		},
		{
			name: "a hand that cannot lose a trick bids Super Mord",
			sc: scenario{hands: [3]spec{{has: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 S-K S-Q C-K C-Q H-K H-Q D-K D-Q"}, {}, {}},
				bids: [3]string{"?"}},
			check: func(a game.Action) bool { return a.Call == droggn.CallSuperMord },
			want:  "supermord",
		},
		{
			name: "the discard voids the short suits and keeps the trumps",
			sc: scenario{hands: [3]spec{{has: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 FOOL S-K S-Q S-N S-J H-K H-Q H-N D-7 C-4", no: "SCHDT"}, {}, {}},
				talon: "C-5 T2 S-10", bids: [3]string{"solo"}},
			check: func(a game.Action) bool {
				return a.Kind == game.KindDiscard && card.Of(ids(t, p, "D-7 C-4 C-5")...).Has(a.Card)
			},
			want: "a card of a short suit (D-7, C-4, C-5)",
		},
		{
			name: "the declarer buys a missing king and offers a low card",
			sc: scenario{hands: [3]spec{{has: "T21 T20 T19 T18 T17 T16 T15 T14 T13 FOOL S-Q S-N S-J S-9 S-8 H-K H-Q D-K D-Q C-7 C-6", no: "SCHDT"}, {}, {}},
				talon: "T2 T3 T4", bids: [3]string{"ansager"}, discards: "C-7 C-6 T2", stop: "buy"},
			check: func(a game.Action) bool {
				return a.Kind == game.KindBuy && a.Card2.IsKing() && a.Card.NominalPoints() == 1 && !a.Card.IsTrump()
			},
			want: "a king asked for, a pip offered",
		},
		{
			name: "a defender holding the Mond gives a Schwacher against Super Mord",
			sc: scenario{hands: [3]spec{{has: "T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 S-K C-K H-K D-K"}, {has: "T21"}, {}},
				bids: [3]string{"supermord"}, stop: "doubling"},
			check: func(a game.Action) bool { return a.Kind == game.KindDouble && a.Call == droggn.CallSchwacher },
			want:  "schwacher",
		},
		{
			name: "the defender after the declarer plays high when the declarer leads low",
			sc: scenario{hands: [3]spec{{has: "H-7", no: "T"}, {has: "H-K H-6", no: "H"}, {}},
				talon: "S-4 S-5 S-6", bids: [3]string{"solo"}, discards: "S-4 S-5 S-6", plays: "H-7"},
			check: func(a game.Action) bool { return a.Card == card.SuitCard(card.Suit2, card.King) },
			want:  "H-K",
		},
		{
			name: "a defender schmears a king onto the partner's winning trick",
			sc: scenario{hands: [3]spec{{has: "H-2", no: "S"}, {has: "H-K"}, {has: "S-K S-4 C-4 D-7", no: "HT"}},
				talon: "C-5 C-6 C-7", bids: [3]string{"solo"}, discards: "C-5 C-6 C-7", plays: "H-2 H-K"},
			check: func(a game.Action) bool { return a.Card.NominalPoints() >= 4 },
			want:  "a king or queen",
		},
		{
			name: "the Gstieß saves a king from a trick the declarer has trumped",
			sc: scenario{hands: [3]spec{{has: "H-2 T15", no: "S"}, {has: "S-K FOOL H-3", no: "S"}, {has: "H-K S-6"}},
				talon: "C-5 C-6 C-7", bids: [3]string{"solo"}, discards: "C-5 C-6 C-7", plays: "H-2 H-3 H-K S-6 T15"},
			check: func(a game.Action) bool { return a.Card == card.Fool },
			want:  "FOOL",
		},
		{
			name: "the declarer wins cheaply with his lowest trump",
			sc: scenario{hands: [3]spec{{has: "H-2 T5 T19", no: "CT"}, {has: "H-K C-Q T1"}, {has: "H-3 C-4", no: "T"}},
				talon: "S-4 S-5 S-6", bids: [3]string{"solo"}, discards: "S-4 S-5 S-6", plays: "H-2 H-K H-3 C-Q C-4"},
			check: func(a game.Action) bool { return a.Card == card.Trump(5) },
			want:  "T5",
		},
		{
			name: "the declarer does not lead the Pagat or the Gstieß to the first trick",
			sc: scenario{hands: [3]spec{{has: "T1 FOOL T6 T7 S-K C-K"}, {}, {}},
				talon: "S-4 S-5 S-6", bids: [3]string{"solo"}, discards: "S-4 S-5 S-6"},
			check: func(a game.Action) bool { return a.Card != card.Pagat && a.Card != card.Fool },
			want:  "neither T1 nor FOOL",
		},
		{
			name: "the declarer long in trumps draws them",
			sc: scenario{hands: [3]spec{{has: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T1 H-4 H-5 H-6 H-7 D-7 D-6 D-5 D-4", no: "SCHDT"}, {}, {}},
				talon: "S-4 S-5 S-6", bids: [3]string{"solo"}, discards: "S-4 S-5 S-6"},
			check: func(a game.Action) bool { return a.Card.IsTrump() && a.Card != card.Pagat },
			want:  "a trump",
		},
		{
			name: "the declarer cashes a king when short of trumps",
			sc: scenario{hands: [3]spec{{has: "T3 T4 T5 T6 S-K S-4 S-5 C-K C-4 C-5 H-K H-7 H-6 D-K D-7 D-6 D-5 D-4 S-6 S-7 C-6", no: "SCHDT"}, {}, {}},
				talon: "S-8 C-7 C-8", bids: [3]string{"solo"}, discards: "S-8 C-7 C-8"},
			check: func(a game.Action) bool { return a.Card.IsKing() },
			want:  "a king",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.sc.run(t)
			a := decide(t, st)
			t.Logf("%s: card %s, asked %s", a.Kind, id(a.Card), id(a.Card2))
			if !tc.check(a) {
				t.Fatalf("chose %+v (card %s, asked %s), want %s; hand %s", a, id(a.Card), id(a.Card2), tc.want, st.Hand(st.ToAct()))
			}
		})
	}
}

// TestPagatKeep checks the worth of keeping the Pagat: positive for a
// declarer who holds most trumps (ultimo), negative for one who holds few
// (it should be got rid of safely).
func TestPagatKeep(t *testing.T) {
	tests := []struct {
		name     string
		hand     spec
		positive bool
	}{
		{"long trumps keep the Pagat for the last trick", spec{has: "T1 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8"}, true},
		{"short trumps do not", spec{has: "T1 T2 T3", no: "T"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := scenario{hands: [3]spec{tc.hand, {}, {}}, bids: [3]string{"super"}}
			st := sc.run(t)
			k := newDgKnow(st.SeatView(game.ViewerOf(0)), &defaults)
			if got := k.keep(card.Pagat); (got > 0) != tc.positive {
				t.Fatalf("keep(T1) = %.2f", got)
			}
		})
	}
}

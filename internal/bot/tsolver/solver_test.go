package tsolver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/game"
	"trull/internal/games/troggu"
)

// TestAgainstMinimax compares Evaluate with plain minimax over the engine on
// seeded random positions of every player count, contract and option.
func TestAgainstMinimax(t *testing.T) {
	cases := []struct {
		name  string
		d     deal
		count int
	}{
		{"3p normal 4 left", deal{players: 3, left: 4, renege: 0.5}, 240},
		{"3p normal 5 left mid-trick", deal{players: 3, left: 5, inTrick: 1, renege: 0.5}, 120},
		{"3p solo 4 left", deal{players: 3, solo: true, left: 4, inTrick: 2, renege: 0.5}, 160},
		{"3p overtrump 4 left", deal{players: 3, opts: "mustOvertrump=true", left: 4, renege: 0.5}, 160},
		{"3p solo overtrump 5 left", deal{players: 3, opts: "mustOvertrump=true", solo: true, left: 5, renege: 0.5}, 80},
		{"4p normal 3 left", deal{players: 4, left: 3, inTrick: 1, renege: 0.5}, 160},
		{"4p solo 4 left", deal{players: 4, solo: true, left: 4, renege: 0.5}, 60},
		{"6p normal 2 left", deal{players: 6, left: 2, inTrick: 3, renege: 0.7}, 200},
		{"6p solo 3 left", deal{players: 6, solo: true, left: 3, renege: 0.7}, 60},
		{"6p overtrump 3 left", deal{players: 6, opts: "mustOvertrump=true", left: 3, inTrick: 2, renege: 0.7}, 60},
		{"8p normal 2 left", deal{players: 8, left: 2, renege: 0.8}, 160},
		{"8p normal 3 left mid-trick", deal{players: 8, left: 3, inTrick: 5, renege: 0.8}, 40},
		{"8p solo overtrump 2 left", deal{players: 8, opts: "mustOvertrump=true", solo: true, left: 2, inTrick: 4, renege: 0.8}, 120},
		{"7p normal 2 left", deal{players: 7, left: 2, inTrick: 6, renege: 0.8}, 120},
		{"5p normal last trick", deal{players: 5, left: 1, inTrick: 2, renege: 0.8}, 120},
	}
	sv := New()
	for ci, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 7))
			reneges := 0
			for i := 0; i < tc.count; i++ {
				s := tc.d.position(rng)
				if reneged(s) {
					reneges++
				}
				nodes := 0
				want := reference(s, refSide(s, rng), &nodes)
				got, ok := sv.Evaluate(s, 0)
				if !ok {
					t.Fatalf("position %d: Evaluate failed", i)
				}
				mustEqual(t, fmt.Sprintf("position %d", i), got, want)
			}
			t.Logf("%d positions, %d with a reneged FOOL", tc.count, reneges)
		})
	}
}

// TestNotSolved checks the positions Evaluate refuses: Misère, the phases
// before the play, a finished hand and a node budget too small.
func TestNotSolved(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	misere := func() *troggu.State {
		r := troggu.Default(4)
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*troggu.State)
		for s.Phase() == "bidding" {
			s.Bid(troggu.BidPass)
		}
		return s
	}
	bidding := func() *troggu.State {
		r := troggu.Default(3)
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*troggu.State)
	}
	exchange := func() *troggu.State {
		s := bidding()
		s.Bid(troggu.BidNormal)
		return s
	}
	done := func() *troggu.State {
		s := deal{players: 3, left: 1}.position(rng)
		s.RandomPlayout(rng)
		return s
	}
	big := deal{players: 3, left: 8}.position(rng)
	cases := []struct {
		name   string
		s      *troggu.State
		budget int
	}{
		{"misere", misere(), 0},
		{"bidding", bidding(), 0},
		{"exchange", exchange(), 0},
		{"done", done(), 0},
		{"budget", big, 10},
	}
	sv := New()
	for _, tc := range cases {
		if vals, ok := sv.Evaluate(tc.s, tc.budget); ok || vals != nil {
			t.Errorf("%s: got %v, %v; want nil, false", tc.name, vals, ok)
		}
	}
	if _, ok := sv.Evaluate(big, 0); !ok {
		t.Errorf("budget: no answer without a budget")
	}
	if sv.Nodes() <= 10 {
		t.Errorf("budget: %d nodes, the budget of 10 was not too small", sv.Nodes())
	}
}

// TestClass checks the outcome classes against troggu.Settle: the class less
// 3 is the declarer's payment per opponent and stake.
func TestClass(t *testing.T) {
	cases := []struct {
		pts             int
		declWon, defWon bool
		want            int8
	}{
		{0, false, true, 0}, {29, true, true, 1}, {30, true, true, 2}, {56, true, true, 2},
		{56, false, true, 0}, {57, true, true, 3}, {58, true, true, 4}, {84, true, true, 4},
		{85, true, true, 5}, {58, true, false, 6}, {114, true, false, 6}, {12, false, true, 0},
	}
	for _, tc := range cases {
		if got := class(tc.pts, tc.declWon, tc.defWon); got != tc.want {
			t.Errorf("class(%d, %v, %v) = %d, want %d", tc.pts, tc.declWon, tc.defWon, got, tc.want)
		}
	}
	for pts := 0; pts <= troggu.PackPoints; pts++ {
		for f := 0; f < 4; f++ {
			declWon, defWon := f&1 != 0, f&2 != 0
			dt, ft := 0, 0
			if declWon {
				dt = 1
			}
			if defWon {
				ft = 1
			}
			score, _ := troggu.Settle(3, 1, pts, dt, ft, 1)
			if got := int(class(pts, declWon, defWon)) - 3; 2*got != score[0] {
				t.Fatalf("class(%d, %v, %v) = %d, Settle pays the declarer %d", pts, declWon, defWon, got+3, score[0])
			}
		}
	}
}

// TestSides checks the declarer side found from the exported state against
// the side the engine settles, from the first trick on, for Normal games
// with a call (alone or with a partner) and Solos.
func TestSides(t *testing.T) {
	cases := []struct {
		name string
		d    deal
	}{
		{"7p first trick", deal{players: 7, left: 8}},
		{"7p mid-play", deal{players: 7, left: 4, inTrick: 3}},
		{"8p first trick", deal{players: 8, left: 7, inTrick: 2}},
		{"8p solo", deal{players: 8, solo: true, left: 5}},
		{"3p normal", deal{players: 3, left: 10, inTrick: 1}},
	}
	for ci, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 11))
			alone, pair := 0, 0
			for i := 0; i < 200; i++ {
				s := tc.d.position(rng)
				_, g, ok := setup(s)
				if !ok {
					t.Fatalf("position %d: not set up", i)
				}
				if want := refSide(s, rng); g.side != want {
					t.Fatalf("position %d: side %08b, want %08b", i, g.side, want)
				}
				if g.side&(g.side-1) == 0 {
					alone++
				} else {
					pair++
				}
			}
			t.Logf("%d alone, %d with a partner", alone, pair)
			if tc.d.players >= 7 && !tc.d.solo && (alone == 0 || pair == 0) {
				t.Errorf("%d alone, %d with a partner: both kinds wanted", alone, pair)
			}
		})
	}
}

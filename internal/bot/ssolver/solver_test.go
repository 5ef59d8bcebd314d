package ssolver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"trull/internal/games/strohmandeln"
)

// longRuns makes TestAgainstMinimax check ten times as many positions
// (SSOLVER_LONG=1).
var longRuns = os.Getenv("SSOLVER_LONG") != ""

var (
	classic = strohmandeln.Options{Scoring: strohmandeln.Classic}
	pack40  = strohmandeln.Options{Pack40: true}
)

// minimaxCases are the positions TestAgainstMinimax checks: every pack,
// scoring and option that touches the play, simple and undertaken games,
// Strohmann cards still face down, "Ross!" said or open, the last tricks
// with their bonuses.
var minimaxCases = []struct {
	name  string
	d     deal
	count int
}{
	{"extended 4 left", deal{contract: 3, left: 4, keepDown: 0.9, ross: 0.5}, 80},
	{"extended 5 left mid-trick", deal{contract: 3, left: 5, inTrick: 1, keepDown: 0.95, ross: 0.7}, 40},
	{"extended 3 left Ross", deal{contract: 3, left: 3, ross: 1}, 40},
	{"classic 4 left", deal{opts: classic, contract: 3, left: 4, keepDown: 0.9, noAnnounce: true}, 60},
	{"classic 4 left announced", deal{opts: classic, contract: 3, left: 4, inTrick: 1, keepDown: 0.9}, 40},
	{"40 cards 4 left", deal{opts: pack40, contract: 3, left: 4, keepDown: 0.9, ross: 0.5}, 50},
	{"40 cards classic 4 left", deal{opts: strohmandeln.Options{Pack40: true, Scoring: strohmandeln.Classic}, contract: 3, left: 4, inTrick: 1, keepDown: 0.9, noAnnounce: true}, 40},
	{"stays on table 4 left", deal{opts: strohmandeln.Options{LastStrohmannCard: strohmandeln.LastStaysOnTable}, contract: 3, left: 4, keepDown: 0.95}, 50},
	{"doubled 4 left", deal{opts: strohmandeln.Options{AllowDoubling: true}, contract: 3, left: 4, keepDown: 0.9}, 30},
	{"loser under 26, no penalty 3 left", deal{opts: strohmandeln.Options{GrammelRule: strohmandeln.GrammelLoserUnder26, NoSilentBonusFailurePenalty: true}, contract: 3, left: 3, inTrick: 1}, 30},
	{"Valat replaces 4 left", deal{contract: 3, left: 4, valat: true}, 30},
	{"Valat additive 4 left", deal{opts: strohmandeln.Options{ValatAdditive: true}, contract: 3, left: 4, valat: true}, 30},
	{"40 cards Valat 3 left", deal{opts: strohmandeln.Options{Pack40: true, ValatAdditive: true, Scoring: strohmandeln.Classic}, contract: 3, left: 3, valat: true}, 20},
	{"last trick", deal{contract: 3, left: 1, inTrick: 1}, 20},
	{"2 left", deal{contract: 3, left: 2, ross: 1}, 30},
}

// TestAgainstMinimax compares Evaluate with plain minimax over the engine's
// checked Apply on seeded random positions.
func TestAgainstMinimax(t *testing.T) {
	sv := New()
	total, down, ross, valat := 0, 0, 0, 0
	for ci, tc := range minimaxCases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 18))
			n := tc.count
			if longRuns {
				n *= 10
			}
			for i := 0; i < n; i++ {
				s := tc.d.position(rng)
				if !s.FaceDown(0).Union(s.FaceDown(1)).Empty() {
					down++
				}
				if saidRoss(s) {
					ross++
				}
				if s.Won(0).Empty() || s.Won(1).Empty() {
					valat++
				}
				nodes := 0
				want := reference(s, &nodes)
				got, ok := sv.Evaluate(s, 0)
				if !ok {
					t.Fatalf("position %d: Evaluate failed", i)
				}
				mustEqual(t, fmt.Sprintf("position %d (%v)", i, s.History()), got, want)
				total++
			}
		})
	}
	t.Logf("%d positions: %d with face-down Strohmann cards, %d after a \"Ross!\", %d with a Valat open", total, down, ross, valat)
}

// saidRoss reports whether "Ross!" was said in s.
func saidRoss(s *strohmandeln.State) bool {
	for _, a := range s.History() {
		if a.Call == strohmandeln.SayRoss && a.Kind == 9 {
			return true
		}
	}
	return false
}

// TestBestLine: Best's action has the best of Evaluate's scores for the
// seat to act, and a line of play by Best from any position ends in the
// score Evaluate gave the position's best action (the table kept along
// the line), over the positions of TestAgainstMinimax.
func TestBestLine(t *testing.T) {
	sv, line := New(), New()
	total := 0
	for ci, tc := range minimaxCases {
		rng := rand.New(rand.NewPCG(uint64(ci), 19))
		for i := 0; i < tc.count; i++ {
			s := tc.d.position(rng)
			vals, ok := sv.Evaluate(s, 0)
			if !ok {
				t.Fatalf("%s position %d: Evaluate failed", tc.name, i)
			}
			want := vals[0].Score
			for _, av := range vals[1:] {
				want = max(want, av.Score)
			}
			seat := s.ToAct()
			st := s.Clone().(*strohmandeln.State)
			line.gen++ // a fresh table for each position's line
			for first := true; !st.Done(); first = false {
				best, ok := line.Best(st, 0)
				if !ok {
					t.Fatalf("%s position %d: Best failed at %v", tc.name, i, st.History())
				}
				if first && best.Score != want {
					t.Fatalf("%s position %d: Best scores %d, Evaluate's best %d", tc.name, i, best.Score, want)
				}
				if err := st.Apply(best.Action); err != nil {
					t.Fatalf("%s position %d: Best's action %v: %v", tc.name, i, best.Action, err)
				}
			}
			if got := st.Result().Score[seat]; got != want {
				t.Fatalf("%s position %d: the line ends in %d for seat %d, Evaluate's best is %d", tc.name, i, got, seat, want)
			}
			total++
		}
	}
	t.Logf("%d lines played", total)
}

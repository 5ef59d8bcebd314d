package analysis

import (
	"testing"

	"trull/internal/bot/opencard"
	"trull/internal/game"
	_ "trull/internal/games"
)

// TestOpenCardEvaluators checks that analysis loads an open-card
// evaluator for every registered game, and that an evaluator refuses
// another game's state.
func TestOpenCardEvaluators(t *testing.T) {
	games := game.Games()
	for _, g := range games {
		e := opencard.Lookup(g.Name)
		if e == nil {
			t.Errorf("%s: no open-card evaluator", g.Name)
			continue
		}
		for _, other := range games {
			if other.Name == g.Name {
				continue
			}
			r, err := other.Parse("", other.MinSeats)
			if err != nil {
				t.Fatal(err)
			}
			st, err := r.NewState(r.Pack().Order, 0)
			if err != nil {
				t.Fatal(err)
			}
			if vals, ok := e.Evaluate(st, st.ToAct(), 0); ok || vals != nil {
				t.Errorf("%s's evaluator values a %s state: %v", g.Name, other.Name, vals)
			}
		}
	}
	if opencard.Lookup("no-such-game") != nil {
		t.Error("an evaluator for an unknown game")
	}
}

package ismcts

import (
	"testing"

	"trull/internal/bot/ssolver"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// TestStrohExactEndgame checks that a paired-root search of a Strohmandeln
// card play near the end scores its candidates in each world by package
// ssolver: the root statistics of five solved worlds are the sums of the
// solver's values in the same worlds.
func TestStrohExactEndgame(t *testing.T) {
	sv := ssolver.New()
	rules := []game.Rules{strohmandeln.NewRules(strohmandeln.Options{}),
		strohmandeln.NewRules(strohmandeln.Options{Scoring: strohmandeln.Classic, Pack40: true})}
	forSolvable(t, rules, "stroh-exact", func(tr *tree, seed string) {
		tr.deep = true
		checkSolvedWorlds(t, tr, seed, func(w world) []float64 {
			vals, ok := sv.Evaluate(w.(*strohWorld).s, strohSolveBudget)
			if !ok {
				t.Fatalf("%s: the reference solve failed", seed)
			}
			out := make([]float64, len(vals))
			for k, av := range vals {
				out[k] = float64(av.Score)
			}
			return out
		})
	})
}

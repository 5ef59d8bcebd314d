package ismcts

import (
	"sync"

	"trull/internal/bot/ssolver"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// strohSolveTricks is the number of tricks left (the current one
// included) from which a flat search solves Strohmandeln determinizations
// exactly: about 1.7 ms an Evaluate on average from ten tricks (package
// ssolver's benchmarks), against 0.15 ms from eight. Ten beat eight by
// +0.11 ± 0.04 per hand at ismcts@600 over 2,000 duplicate deals
// (TestTuneStrohmandeln, docs/STRENGTH.md).
const strohSolveTricks = 10

// strohSolveBudget is the node budget of one exact solve (a few
// milliseconds); a world whose solve runs out of it is played out by the
// policy instead.
const strohSolveBudget = 30000

// solvable reports whether v is a Strohmandeln card play with at most
// tricks tricks left (strohSolveTricks when tricks is 0).
func (w *strohWorld) solvable(v game.View, tricks int) bool {
	if tricks <= 0 {
		tricks = strohSolveTricks
	}
	sv, ok := v.(*strohmandeln.View)
	return ok && sv.Phase == "play" && w.r.Tricks()-len(sv.Tricks) <= tricks
}

// ssolvers holds idle Strohmandeln endgame solvers: a solver's table is
// emptied at every call, so any solver serves any world.
var ssolvers = sync.Pool{New: func() any { return ssolver.New() }}

// solveRoot scores each candidate action by the exact solver. The
// Strohmandeln candidates are the legal actions (rootCandidates), which is
// the order of the solver's values.
func (w *strohWorld) solveRoot(roots []game.Action, out []float64) bool {
	sv := ssolvers.Get().(*ssolver.Solver)
	vals, ok := sv.Evaluate(w.s, strohSolveBudget)
	ssolvers.Put(sv)
	if !ok || len(vals) != len(roots) {
		return false
	}
	for i, av := range vals {
		if av.Action != roots[i] {
			return false
		}
		out[i] = float64(av.Score)
	}
	return true
}

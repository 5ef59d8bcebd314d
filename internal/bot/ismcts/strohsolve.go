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
	vals, ok := w.solver().Evaluate(w.s, strohSolveBudget)
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

// solver returns the world's solver, taken from the pool on first use
// and kept until release: the lines of a world go on with the table its
// solveRoot filled. Each solveRoot starts a fresh table, so the solver
// it comes from does not matter.
func (w *strohWorld) solver() *ssolver.Solver {
	if w.sv == nil {
		w.sv = ssolvers.Get().(*ssolver.Solver)
	}
	return w.sv
}

// release gives the world's solver back to the pool.
func (w *strohWorld) release() {
	if w.sv != nil {
		ssolvers.Put(w.sv)
		w.sv = nil
	}
}

// line plays the hand out by the solver's best action for the seat to act
// at each turn, with the table the world's solveRoot filled.
func (w *strohWorld) line(rnd *game.FastSource) {
	sv := w.solver()
	playLine(w, rnd, func() bool {
		if w.s.Phase() != "play" {
			return false
		}
		best, ok := sv.Best(w.s, strohSolveBudget)
		if ok {
			w.s.ApplyUnchecked(best.Action)
		}
		return ok
	})
}

var _ endgameSolver = (*strohWorld)(nil)

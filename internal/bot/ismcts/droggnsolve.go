package ismcts

import (
	"sync"

	"trull/internal/bot/solver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// droggnSolveTricks is the number of tricks left (the current one
// included) from which a flat Droggn search solves each determinization
// exactly: the tricks from which the strongest Droggn player hands the
// card play to pimc's solved worlds (package bot's endgame).
const droggnSolveTricks = 8

// droggnSolveBudget is the node budget of one exact solve, shared by the
// cards. A world whose solve runs out of it is played out by the policy
// instead, and so are the search's later worlds (droggnWorld.gaveUp): a
// position that one world's solve cannot finish is seldom finished in the
// next, and each try costs the whole budget.
const droggnSolveBudget = 200000

// dsolvers holds idle Droggn solvers; each solve starts from a fresh
// generation of its table.
var dsolvers = sync.Pool{New: func() any { return solver.New(solver.Options{}) }}

// solvable reports whether v is a Droggn card play with at most tricks
// tricks left (droggnSolveTricks when tricks is 0).
func (w *droggnWorld) solvable(v game.View, tricks int) bool {
	if tricks <= 0 {
		tricks = droggnSolveTricks
	}
	dv, ok := v.(*droggn.View)
	if !ok || dv.State() == nil || dv.State().CurrentPhase() != droggn.PhPlay {
		return false
	}
	s := dv.State()
	return s.Variant().Tricks()-s.TrickNo() <= tricks
}

// solveRoot scores each candidate card by the exact solver: the seat's
// share of the declarer's result, as scores counts it.
func (w *droggnWorld) solveRoot(roots []game.Action, out []float64) bool {
	if w.gaveUp {
		return false
	}
	sv := w.solver()
	sv.Reset()
	vals := sv.Evaluate(w.s, droggnSolveBudget)
	for i, a := range roots {
		if a.Kind != game.KindPlay {
			return false
		}
		found := false
		for _, cv := range vals {
			if cv.Card == a.Card {
				if !cv.Exact {
					w.gaveUp = true
					return false
				}
				out[i] = w.payoff(int(a.Seat), cv.Value)
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// payoff is seat's score for the declarer's result x (see scores).
func (w *droggnWorld) payoff(seat, x int) float64 {
	if seat == w.s.Declarer() {
		return float64((w.r.Seats() - 1) * x)
	}
	return float64(-x)
}

// solver returns the world's solver, taken from the pool on first use
// and kept until release: the lines of a world go on with the table its
// solveRoot filled.
func (w *droggnWorld) solver() *solver.Solver {
	if w.sv == nil {
		w.sv = dsolvers.Get().(*solver.Solver)
	}
	return w.sv
}

// release gives the world's solver back to the pool.
func (w *droggnWorld) release() {
	if w.sv != nil {
		dsolvers.Put(w.sv)
		w.sv = nil
	}
}

// line plays the hand out by the solver's best card for the seat to play
// at each turn, with the table the world's solveRoot filled.
func (w *droggnWorld) line(rnd *game.FastSource) {
	sv := w.solver()
	playLine(w, rnd, func() bool {
		if w.s.CurrentPhase() != droggn.PhPlay {
			return false
		}
		_, best, _, exact := sv.Solve(w.s, droggnSolveBudget)
		if !exact || best == card.None {
			return false
		}
		w.s.PlayCard(best)
		return true
	})
}

var _ endgameSolver = (*droggnWorld)(nil)

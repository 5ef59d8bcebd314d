package ismcts

import (
	"math/rand/v2"
	"slices"

	"trull/internal/bot/know"
	"trull/internal/bot/solver"
	"trull/internal/bot/tsolver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// world is one determinization being searched, with the fast paths of its
// game. A world is used by one tree only.
type world interface {
	// resample replaces the world by a new determinization of v.
	resample(v game.View, rng *rand.Rand) error
	// set replaces the world by a copy of s: the true state, for the
	// reference player that sees every card.
	set(s game.State)
	// save keeps a copy of the determinization, which restore brings
	// back: the candidates of a flat search start from the same world.
	// Both reuse the world's memory.
	save()
	restore()
	// state returns the determinization; the tree applies its moves to it.
	state() game.State
	// candidates appends the actions the search considers for the seat to
	// act: the legal actions, or a few sensible ones when there are very
	// many (Droggn's buying).
	candidates(dst []game.Action) []game.Action
	// policy returns the default policy's action for the seat to act.
	policy(rnd *game.FastSource) game.Action
	// playout finishes the hand with the default policy.
	playout(rnd *game.FastSource)
	// scores writes each seat's score of the finished hand to out.
	scores(out []float64)
}

// endgameSolver is implemented by the worlds of games with an exact
// open-card solver, which a flat search uses near the end of the hand.
type endgameSolver interface {
	// solvable reports whether the card-play decision of v is near enough
	// to the end of the hand for the solver: at most tricks tricks left,
	// or the game's own number when tricks is 0.
	solvable(v game.View, tricks int) bool
	// solveRoot writes to out the exact score of the seat to act in the
	// current determinization after each of the candidate card plays
	// roots, every seat playing perfectly afterwards; false when the
	// solver cannot (the position's contract, or its node budget).
	solveRoot(roots []game.Action, out []float64) bool
	// line finishes the hand from the current determinization as the
	// solver's values play it: every seat takes the action that is best
	// for it, the first of equal ones; where the solver cannot value a
	// position it plays on by the default policy with rnd. The lines of a
	// world after its solveRoot share what the solver learned there.
	line(rnd *game.FastSource)
}

// playLine plays w's hand on by step, one action of a solver's line at a
// time while step finds one (false: the card play is over, or the solver
// cannot value the position), and finishes it by the default policy.
func playLine(w world, rnd *game.FastSource, step func() bool) {
	for !w.state().Done() && step() {
	}
	if !w.state().Done() {
		w.playout(rnd)
	}
}

// newWorld returns the world for a view: a game's adapter, or the generic
// world for games without one.
func newWorld(r game.Rules, v game.View) world {
	switch v := v.(type) {
	case *droggn.View:
		if v.State() != nil {
			return newDroggnWorld(v.State().Variant())
		}
	case *troggu.View:
		if tr, ok := r.(*troggu.Rules); ok {
			return newTrogguWorld(tr)
		}
	case *strohmandeln.View:
		if sr, ok := r.(*strohmandeln.Rules); ok {
			return newStrohWorld(sr)
		}
	}
	return &genericWorld{r: r}
}

// rootCandidates returns the actions searched at the root, and the index
// of a heuristic default among them (-1 for none; see merge). They are
// the legal actions, except in Droggn: the few most promising discards
// (the best by the discard estimate is the default), the few sensible
// buys, and gut alone from know.MaxDoublings on. A Strohmandeln announcement
// (classic scoring) carries no risk: it is the default when legal.
func rootCandidates(v game.View, legal []game.Action) ([]game.Action, int) {
	if _, ok := v.(*strohmandeln.View); ok {
		return legal, slices.IndexFunc(legal, func(a game.Action) bool { return a.Kind == game.KindAnnounce })
	}
	dv, ok := v.(*droggn.View)
	if !ok || dv.State() == nil {
		return legal, -1
	}
	switch dv.State().CurrentPhase() {
	case droggn.PhDiscard:
		return droggnDiscardCandidates(dv.State(), legal)
	case droggn.PhBuy:
		return droggnBuyCandidates(dv.State(), legal), -1
	case droggn.PhDouble:
		return know.DoubleCandidates(dv.State(), legal), -1
	}
	return legal, -1
}

// equivalentRoots reduces the card-play candidates of a Droggn or Troggu
// view to one card of each run of equivalent cards (Options.Equivalent),
// from what the seat knows: a card not yet in a finished trick counts as
// in play. It returns the map from a card play to the candidate it stands
// for; other views and decisions keep their candidates (and a nil map).
func equivalentRoots(v game.View, roots []game.Action) ([]game.Action, func(game.Action) game.Action) {
	if roots[0].Kind != game.KindPlay {
		return roots, nil
	}
	var reps card.Set
	var rep func(card.Card) card.Card
	switch v := v.(type) {
	case *droggn.View:
		if v.State() == nil {
			return roots, nil
		}
		reps = droggnReps(v.State(), droggnOnes(v.State().Variant().Pack()))
		rep = func(c card.Card) card.Card { return solver.Representative(reps, c) }
	case *troggu.View:
		r := v.Rules()
		if r == nil {
			return roots, nil
		}
		var played card.Set
		for _, t := range v.Tricks {
			for _, p := range t.Plays {
				c, err := r.Pack().Parse(p.Card)
				if err != nil {
					return roots, nil
				}
				played.Add(c)
			}
		}
		var legal card.Set
		for _, a := range roots {
			legal.Add(a.Card)
		}
		live := r.Pack().Cards.Minus(played)
		reps = tsolver.Reduce(legal, live)
		rep = func(c card.Card) card.Card {
			if !legal.Has(c) {
				return c
			}
			return tsolver.Representative(reps, live, c)
		}
	default:
		return roots, nil
	}
	kept := make([]game.Action, 0, len(roots))
	for _, a := range roots {
		if reps.Has(a.Card) {
			kept = append(kept, a)
		}
	}
	return kept, func(a game.Action) game.Action {
		if a.Kind == game.KindPlay && a.Card != card.None {
			a.Card = rep(a.Card)
		}
		return a
	}
}

// genericWorld searches any game through the game.State contract alone.
// Its default policy plays the cheapest legal card and takes the first
// legal action otherwise (the engines list the declining one first).
type genericWorld struct {
	r    game.Rules
	s    game.State
	kept game.State
	buf  []game.Action
}

func (w *genericWorld) resample(v game.View, rng *rand.Rand) error {
	s, err := w.r.Resample(v, rng)
	if err != nil {
		return err
	}
	w.s = s
	return nil
}

func (w *genericWorld) set(s game.State) { w.s = s.Clone() }

func (w *genericWorld) save() { w.kept = w.s.Clone() }

func (w *genericWorld) restore() { w.s = w.kept.Clone() }

func (w *genericWorld) state() game.State { return w.s }

func (w *genericWorld) candidates(dst []game.Action) []game.Action { return w.s.Legal(dst) }

func (w *genericWorld) policy(rnd *game.FastSource) game.Action {
	w.buf = w.s.Legal(w.buf[:0])
	if chance(rnd, randomShare) {
		return w.buf[rnd.IntN(len(w.buf))]
	}
	if w.buf[0].Kind != game.KindPlay {
		return w.buf[0]
	}
	best := w.buf[0]
	for _, a := range w.buf[1:] {
		if genericCost(a.Card) < genericCost(best.Card) {
			best = a
		}
	}
	return best
}

// genericCost orders cards for giving them away when nothing is known of
// the game: nominal points, then trumps above suit cards, then strength.
func genericCost(c card.Card) int {
	v := 1000 * c.NominalPoints()
	switch {
	case c.IsTrump():
		v += 400 + int(c)
	case c.IsSuit():
		v += int(c.Rank())
	}
	return v
}

func (w *genericWorld) playout(rnd *game.FastSource) {
	for steps := 0; !w.s.Done() && steps < 10000; steps++ {
		w.s.ApplyUnchecked(w.policy(rnd))
	}
}

func (w *genericWorld) scores(out []float64) {
	if !w.s.Done() {
		clear(out)
		return
	}
	res := w.s.Result()
	for i := range out {
		if i < len(res.Score) {
			out[i] = float64(res.Score[i])
		}
	}
}

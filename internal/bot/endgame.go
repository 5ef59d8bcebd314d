package bot

import (
	"math/rand/v2"

	"trull/internal/game"
	"trull/internal/games/droggn"
)

// endgame plays the last tricks of a Droggn hand with pimc, whose worlds
// are solved exactly there, and every other decision with early (the
// information-set search). The search's playouts judge the last tricks
// roughly; the solver plays them perfectly in each world.
type endgame struct {
	early  Bot
	late   sampled
	tricks int // late plays when at most this many tricks remain
}

// Name returns the early bot's name.
func (e endgame) Name() string { return e.early.Name() }

// Act asks late for a card when at most e.tricks tricks remain, early
// otherwise.
func (e endgame) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	return e.delegate(v).Act(v, rng)
}

// delegate returns the bot that decides for v.
func (e endgame) delegate(v game.View) Bot {
	dv, ok := v.(*droggn.View)
	if !ok || dv.State() == nil || !cardPlay(v) {
		return e.early
	}
	s := dv.State()
	if s.Variant().Tricks()-s.TrickNo() <= e.tricks {
		return e.late
	}
	return e.early
}

// endgameTricks is the number of tricks left from which the strongest
// Droggn player solves every world (pimc.Options.SolveTricks).
const endgameTricks = 8

// endgameWorlds is the number of solved worlds per endgame decision for a
// search budget of n iterations: a world for every 30 iterations, from 8
// to 40 (20 for the ladder's ismcts@600, 40 at the default budget).
func endgameWorlds(n int) int { return min(max(n/30, 8), 40) }

// Package bot holds the computer players of trull. A Bot decides from one
// seat's game.View only, never from the true state, and always answers
// with one of the view's legal actions.
//
// The bots here are:
//
//   - "random": a uniformly random legal action, a reference for the arena;
//   - "rules": a hand-written strategy for Droggn (bidding from hand
//     strength, discards, buying, lay-outs, doubling and card play after the
//     tactics of RULES' source S0), for Troggu (troggu.go) and for
//     Strohmandeln (stroh.go, after the tactics of the seed S3), with a
//     small game-agnostic player for any other view.
package bot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// Bot is a computer player.
type Bot interface {
	// Name returns the registry name of the bot.
	Name() string
	// Act chooses one of v.LegalActions() for the seat of v. rng is the
	// bot's only source of randomness: the same view and generator state
	// give the same action.
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// ErrNotToAct is returned by Act when the view's seat has no decision to make.
var ErrNotToAct = errors.New("bot: the seat of the view is not to act")

var registry = map[string]func() Bot{
	"random": func() Bot { return Random{} },
	"rules":  func() Bot { return Rules{} },
	// pimc samples worlds and solves them (Droggn); the rules bot makes the
	// decisions of the games it does not play.
	"pimc": func() Bot { return droggnOnly{pimc.New(pimc.Options{}), Rules{}} },
	// ismcts searches information sets in every game.
	"ismcts": func() Bot { return ismcts.Default() },
}

// droggnOnly plays Droggn views with a search bot and other games' views
// with a fallback.
type droggnOnly struct {
	search   Bot
	fallback Bot
}

// Name returns the search bot's name.
func (d droggnOnly) Name() string { return d.search.Name() }

// Act asks the search bot for Droggn and the fallback otherwise.
func (d droggnOnly) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	if v.Game() == "droggn" {
		return d.search.Act(v, rng)
	}
	return d.fallback.Act(v, rng)
}

// New returns the bot registered under name.
func New(name string) (Bot, error) {
	mk, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("bot: unknown bot %q (have %v)", name, Names())
	}
	return mk(), nil
}

// Names returns the registered bot names, sorted.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// legalOf returns the view's legal actions, or ErrNotToAct.
func legalOf(v game.View) ([]game.Action, error) {
	legal := v.LegalActions()
	if len(legal) == 0 || v.Turn() != v.ViewSeat() {
		return nil, ErrNotToAct
	}
	return legal, nil
}

// otherAct is the rules bot for views other than Droggn's: the Troggu and
// Strohmandeln strategies for their views, Generic for anything else. The
// answer is always one of legal.
func otherAct(v game.View, legal []game.Action) (game.Action, error) {
	var a game.Action
	switch tv := v.(type) {
	case *troggu.View:
		a = trogguAct(tv, legal)
	case *strohmandeln.View:
		a = strohAct(tv, legal)
	default:
		return Generic(v)
	}
	for _, l := range legal {
		if l == a {
			return a, nil
		}
	}
	return legal[0], nil
}

// Random plays a uniformly random legal action.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Act picks one legal action uniformly.
func (Random) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	legal, err := legalOf(v)
	if err != nil {
		return game.Action{}, err
	}
	return game.Pick(rng, legal), nil
}

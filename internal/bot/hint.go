package bot

import (
	"math/rand/v2"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/game"
)

// Hint is one candidate action of a bot with its estimate.
type Hint struct {
	Action game.Action
	// Value is the seat's expected score for the hand after the action,
	// in the game's points; meaningful only when Valued is set (search
	// bots; a forced action and the rules bot's single choice have none).
	Value  float64
	Valued bool
}

// Hints returns up to n (at least 1) of b's candidate actions for the
// seat of v, best first: the search bots' ranked candidates with their
// estimated values, or the single choice of a bot that does not rank.
// The first hint is the action b would play.
func Hints(b Bot, v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	n = max(n, 1)
	if bg, ok := b.(byGame); ok {
		b = bg.pick(v)
	}
	if e, ok := b.(endgame); ok {
		b = e.pick(v)
	}
	var out []Hint
	switch sb := b.(type) {
	case *ismcts.Bot:
		if bd, ok := sb.Bidder().(Bot); ok && !cardPlay(v) {
			return Hints(bd, v, rng, n)
		}
		hint := sb.Hint
		if n > sb.Options().Hints {
			hint = sb.Rank
		}
		cands, err := hint(v, rng)
		if err != nil {
			return nil, err
		}
		for _, c := range cands {
			out = append(out, Hint{Action: c.Action, Value: c.Value, Valued: c.Visits > 0})
		}
	case *pimc.Bot:
		cands, err := sb.Hint(v, rng, n)
		if err != nil {
			return nil, err
		}
		for _, c := range cands {
			out = append(out, Hint{Action: c.Action, Value: c.Value, Valued: c.Worlds > 0})
		}
	default:
		a, err := b.Act(v, rng)
		if err != nil {
			return nil, err
		}
		out = []Hint{{Action: a}}
	}
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// cardPlay reports whether the seat of v is to play a card.
func cardPlay(v game.View) bool {
	l := v.LegalActions()
	return len(l) > 0 && l[0].Kind == game.KindPlay
}

package ssolver

import (
	"trull/internal/bot/opencard"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

func init() { opencard.Register(strohmandeln.Name, evaluator{}) }

// evaluator is the Strohmandeln open-card evaluator of the opencard
// registry.
type evaluator struct{}

// reach is the most tricks left from which the solver answers within a
// few milliseconds.
const reach = 10

// Evaluate values the card plays of seat, the seat to play, with at most
// reach tricks left; a card said with "Ross!" or "Topschin!" is valued as
// its own action.
func (evaluator) Evaluate(st game.State, seat, budget int) ([]opencard.Value, bool) {
	s, ok := st.(*strohmandeln.State)
	if !ok {
		return nil, false
	}
	v, ok := s.View(game.Seat(seat)).(*strohmandeln.View)
	r, rok := s.Rules().(*strohmandeln.Rules)
	if !ok || !rok || v.Phase != "play" || r.Tricks()-len(v.Tricks) > reach {
		return nil, false
	}
	budget = opencard.Budget(budget)
	vals, ok := New().Evaluate(s, budget)
	if !ok {
		return nil, false
	}
	var out []opencard.Value
	for _, av := range vals {
		if av.Action.Kind == game.KindPlay {
			out = append(out, opencard.Value{Action: av.Action, Value: av.Score, Exact: true})
		}
	}
	return out, true
}

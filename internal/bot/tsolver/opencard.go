package tsolver

import (
	"trull/internal/bot/opencard"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

func init() { opencard.Register("troggu", evaluator{}) }

// evaluator is the Troggu open-card evaluator of the opencard registry.
type evaluator struct{}

// Evaluate values the card plays of seat, the seat to play, in a Normal
// game or Solo with few enough cards in hand for a quick answer (reach).
func (evaluator) Evaluate(st game.State, seat, budget int) ([]opencard.Value, bool) {
	s, ok := st.(*troggu.State)
	if !ok || s.Phase() != "play" || s.Hand(seat).Len() > reach(s.Rules().Seats()) {
		return nil, false
	}
	budget = opencard.Budget(budget)
	vals, ok := New().Evaluate(s, budget)
	if !ok {
		return nil, false
	}
	out := make([]opencard.Value, 0, len(vals))
	for _, cv := range vals {
		out = append(out, opencard.Value{Action: game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: cv.Card}, Value: cv.Score, Exact: true})
	}
	return out, true
}

// reach is the number of cards in hand from which the solver answers
// quickly: fewer with more seats.
func reach(seats int) int {
	switch {
	case seats <= 4:
		return 7
	case seats <= 6:
		return 5
	}
	return 4
}

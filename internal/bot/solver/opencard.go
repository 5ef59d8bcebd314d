package solver

import (
	"trull/internal/bot/opencard"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

func init() { opencard.Register(droggn.Name, evaluator{}) }

// evaluator is the Droggn open-card evaluator of the opencard registry.
type evaluator struct{}

// Evaluate values the card plays of seat, the seat to play, with at most
// eight cards in hand: the declarer's score is the game value times the
// defenders, a defender's its negation (Evaluate's values are the
// declarer's per defender).
func (evaluator) Evaluate(st game.State, seat, budget int) ([]opencard.Value, bool) {
	s, ok := st.(*droggn.State)
	if !ok || s.CurrentPhase() != droggn.PhPlay || s.Hand(seat).Len() > 8 {
		return nil, false
	}
	budget = opencard.Budget(budget)
	n := s.Rules().Seats()
	var out []opencard.Value
	for _, cv := range Evaluate(s, budget) {
		v := -cv.Value
		if seat == s.Declarer() {
			v = (n - 1) * cv.Value
		}
		out = append(out, opencard.Value{Action: game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: cv.Card}, Value: v, Exact: cv.Exact})
	}
	return out, true
}

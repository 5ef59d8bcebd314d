// Package opencard is the registry of the exact open-card evaluators: each
// solver package registers the evaluator of its game when it is loaded,
// and an analysis values a position through the registry without naming
// the game.
package opencard

import (
	"sync"

	"trull/internal/game"
)

// Value is the open-card value of one action of the seat to play: the
// seat's score when it takes the action and every seat then plays
// perfectly, all hands seen.
type Value struct {
	Action game.Action
	Value  int
	// Exact is false when the solver's node budget ran out and Value is
	// its estimate.
	Exact bool
}

// Evaluator values the card plays of the seat to act, all hands seen.
type Evaluator interface {
	// Evaluate returns the value of every legal card play of seat, the
	// seat to act in st; false where the solver does not reach (another
	// phase or contract, too many tricks left, the node budget). budget
	// bounds the solve in nodes; 0 or less is DefaultBudget (Budget).
	Evaluate(st game.State, seat, budget int) ([]Value, bool)
}

// DefaultBudget is the node budget of an evaluation asked with none.
const DefaultBudget = 2_000_000

// Budget returns the node budget an evaluator asked for budget uses:
// budget, or DefaultBudget when it is 0 or less.
func Budget(budget int) int {
	if budget <= 0 {
		return DefaultBudget
	}
	return budget
}

var (
	mu         sync.RWMutex
	evaluators = map[string]Evaluator{}
)

// Register makes e the evaluator of the game named gameName (as
// game.Rules.Game names it); solver packages call it from init.
func Register(gameName string, e Evaluator) {
	mu.Lock()
	defer mu.Unlock()
	evaluators[gameName] = e
}

// Lookup returns the evaluator of the game named gameName, nil when no
// solver registered one.
func Lookup(gameName string) Evaluator {
	mu.RLock()
	defer mu.RUnlock()
	return evaluators[gameName]
}

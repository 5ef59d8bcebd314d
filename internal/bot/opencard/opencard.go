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
	// bounds the solve in nodes; 0 or less is the solver's default.
	Evaluate(st game.State, seat, budget int) ([]Value, bool)
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

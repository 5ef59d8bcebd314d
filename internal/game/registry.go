package game

import (
	"encoding/json"
	"sort"
	"sync"
)

// Factory makes the Rules of a game from record options and a seat count.
type Factory func(opts map[string]json.RawMessage, players int) (Rules, error)

// GameInfo describes a registered game.
type GameInfo struct {
	Name     string
	Title    string
	MinSeats int
	MaxSeats int
	Options  []OptionSpec
	New      Factory
}

var (
	regMu    sync.RWMutex
	registry = map[string]GameInfo{}
)

// Register adds a game; game packages call it from init.
func Register(info GameInfo) {
	regMu.Lock()
	defer regMu.Unlock()
	registry[info.Name] = info
}

// Lookup returns a registered game.
func Lookup(name string) (GameInfo, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	g, ok := registry[name]
	return g, ok
}

// Games returns the registered games sorted by name.
func Games() []GameInfo {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]GameInfo, 0, len(registry))
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

package game

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Factory makes the Rules of a game from record options and a seat count.
type Factory func(opts map[string]json.RawMessage, players int) (Rules, error)

// TextFactory makes the Rules of a game from the command line's "k=v,…"
// options and a seat count.
type TextFactory func(opts string, players int) (Rules, error)

// GameInfo describes a registered game.
type GameInfo struct {
	Name     string
	Title    string
	MinSeats int
	MaxSeats int
	Options  []OptionSpec
	New      Factory
	Parse    TextFactory
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

// ParseVariant builds the Rules a canonical variant string names, such as
// "droggn(players=4,winRule=38)": the game, the number of players (the
// game's smallest when not named) and the options.
func ParseVariant(variant string) (Rules, error) {
	name, inner, ok := strings.Cut(variant, "(")
	inner, closed := strings.CutSuffix(inner, ")")
	if !ok || !closed {
		return nil, fmt.Errorf("game: variant %q is not of the form game(k=v,…)", variant)
	}
	info, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("game: unknown game %q", name)
	}
	players := info.MinSeats
	var opts []string
	for _, kv := range strings.Split(inner, ",") {
		if n, ok := strings.CutPrefix(kv, "players="); ok {
			var err error
			if players, err = strconv.Atoi(n); err != nil {
				return nil, fmt.Errorf("game: variant %q: bad number of players", variant)
			}
			continue
		}
		if kv != "" {
			opts = append(opts, kv)
		}
	}
	return info.Parse(strings.Join(opts, ","), players)
}

// RulesNamed returns the Rules of game that the canonical variant string
// names, nil when it names none (another game, or a string ParseVariant
// refuses). A view decoded from JSON finds its rules with it.
func RulesNamed(game, variant string) Rules {
	r, err := ParseVariant(variant)
	if err != nil || r.Game() != game {
		return nil
	}
	return r
}

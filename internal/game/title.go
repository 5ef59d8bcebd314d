package game

import (
	"fmt"
	"sort"
	"strings"

	"trull/internal/card"
)

// Title names a variant for people: the game's title and its number of
// players, then each option that differs from the rules' defaults, e.g.
// "Droggn, 4 players, winRule=38" or "Troggu, 7 Spieler".
func Title(r Rules, l card.Lang) string {
	name := r.Game()
	if info, ok := Lookup(name); ok && info.Title != "" {
		name = info.Title
	}
	players := "players"
	if l == card.German {
		players = "Spieler"
	}
	parts := []string{name, fmt.Sprintf("%d %s", r.Seats(), players)}
	var opts []string
	for k, v := range r.Options() {
		if k == "players" {
			continue
		}
		opts = append(opts, fmt.Sprintf("%s=%v", k, v))
	}
	sort.Strings(opts)
	return strings.Join(append(parts, opts...), ", ")
}

package game

import (
	"fmt"
	"sort"
	"strings"

	"trull/internal/card"
)

// Title names a variant for people: the game's title and its number of
// players, then each option that differs from the rules' defaults in the
// words of its OptionSpec, e.g. "Droggn, 4 players, Declarer wins with: 38
// points" or "Troggu, 7 Spieler".
func Title(r Rules, l card.Lang) string {
	name := r.Game()
	info, ok := Lookup(name)
	if ok && info.Title != "" {
		name = info.Title
	}
	players := "players"
	if l == card.German {
		players = "Spieler"
	}
	parts := []string{name, fmt.Sprintf("%d %s", r.Seats(), players)}
	opts := r.Options()
	keys := make([]string, 0, len(opts))
	for k := range opts {
		if k != "players" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		i := -1
		for j := range info.Options {
			if info.Options[j].Name == k {
				i = j
			}
		}
		if i < 0 {
			parts = append(parts, fmt.Sprintf("%s=%v", k, opts[k]))
			continue
		}
		parts = append(parts, info.Options[i].Text(opts[k], l))
	}
	return strings.Join(parts, ", ")
}

// Text words an option set to v for people: "Label: value", or the bare
// label for a boolean option that is on. v is a parsed or record value
// (nil or -1 for null).
func (sp *OptionSpec) Text(v any, l card.Lang) string {
	label := sp.Label.In(l)
	if label == "" {
		label = sp.Name
	}
	switch sp.Kind {
	case OptBool:
		if b, _ := v.(bool); b {
			return label
		}
		return label + ": " + Words{"no", "nein"}.In(l)
	case OptEnum:
		s := fmt.Sprint(v)
		for i, x := range sp.Values {
			if x == s && i < len(sp.ValueLabels) {
				s = sp.ValueLabels[i].In(l)
			}
		}
		return label + ": " + s
	}
	n, ok := v.(int)
	if v == nil || ok && n < 0 && sp.Nullable {
		return label + ": " + Words{"unlimited", "unbegrenzt"}.In(l)
	}
	s := fmt.Sprint(v)
	if u := sp.Unit.In(l); u != "" {
		s += " " + u
	}
	return label + ": " + s
}

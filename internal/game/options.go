package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"trull/internal/card"
)

// OptKind is the JSON type of an option value.
type OptKind uint8

// Option kinds.
const (
	// OptEnum is a string with a fixed set of values (JSON string).
	OptEnum OptKind = iota
	// OptInt is an integer (JSON number) in [Min, Max]; with Nullable, JSON
	// null (the default "unlimited") is allowed and stored as -1.
	OptInt
	// OptBool is a JSON boolean.
	OptBool
)

// OptionSpec describes one named option of a game (docs/RULES.md §1.7, §2.6, §3.6).
// Option tables drive record parsing, the canonical variant string, command
// line flags and the server's table form.
type OptionSpec struct {
	Name string
	Kind OptKind
	// Values lists the enum values, default first.
	Values []string
	// Default is the default of an OptInt (-1 for null when Nullable).
	Default  int
	Min, Max int
	Nullable bool
	// DefaultBool is the default of an OptBool.
	DefaultBool bool
	// Help explains the option in one sentence.
	Help string

	// Label names the option for people, in English and German.
	Label Words
	// HelpDE is Help in German.
	HelpDE string
	// ValueLabels names the enum Values for people, in the same order.
	ValueLabels []Words
	// Unit follows an OptInt's number for people ("78 cards"); empty for
	// a bare number.
	Unit Words
}

// Words is a text for people in English and German.
type Words struct {
	EN string `json:"en"`
	DE string `json:"de"`
}

// In returns the text in l.
func (w Words) In(l card.Lang) string {
	if l == card.German {
		return w.DE
	}
	return w.EN
}

// Options holds parsed option values: enums as string, ints as int (-1 for
// null), bools as bool. Missing keys mean the default.
type Options map[string]any

// Str returns an enum option's value or its default.
func (o Options) Str(specs []OptionSpec, name string) string {
	if v, ok := o[name].(string); ok {
		return v
	}
	return spec(specs, name).Values[0]
}

// Int returns an int option's value or its default.
func (o Options) Int(specs []OptionSpec, name string) int {
	if v, ok := o[name].(int); ok {
		return v
	}
	return spec(specs, name).Default
}

// Bool returns a bool option's value or its default.
func (o Options) Bool(specs []OptionSpec, name string) bool {
	if v, ok := o[name].(bool); ok {
		return v
	}
	return spec(specs, name).DefaultBool
}

func spec(specs []OptionSpec, name string) *OptionSpec {
	for i := range specs {
		if specs[i].Name == name {
			return &specs[i]
		}
	}
	panic("game: no option " + name)
}

// ParseOptions checks raw record options against specs. players is the
// number of names in the record; an options key "players" must equal it
// (it is accepted but not stored). Values equal to the default are dropped.
func ParseOptions(gameName string, specs []OptionSpec, raw map[string]json.RawMessage, players int) (Options, error) {
	out := Options{}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := bytes.TrimSpace(raw[k])
		if k == "players" {
			var n int
			if err := json.Unmarshal(v, &n); err != nil || n != players {
				return nil, fmt.Errorf("option players=%s does not match the %d names in players", v, players)
			}
			continue
		}
		var sp *OptionSpec
		for i := range specs {
			if specs[i].Name == k {
				sp = &specs[i]
			}
		}
		if sp == nil {
			return nil, fmt.Errorf("unknown option %q for %s", k, gameName)
		}
		val, err := sp.parseJSON(v)
		if err != nil {
			return nil, err
		}
		if !sp.isDefault(val) {
			out[k] = val
		}
	}
	return out, nil
}

// ParseOptionString parses "k=v,k=v" (command-line form) into raw JSON
// options for ParseOptions.
func ParseOptionString(specs []OptionSpec, s string) (map[string]json.RawMessage, error) {
	raw := map[string]json.RawMessage{}
	if strings.TrimSpace(s) == "" {
		return raw, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return nil, fmt.Errorf("option %q: want key=value", kv)
		}
		var sp *OptionSpec
		for i := range specs {
			if specs[i].Name == k {
				sp = &specs[i]
			}
		}
		switch {
		case k == "players":
			raw[k] = json.RawMessage(v)
		case sp == nil:
			raw[k] = json.RawMessage(strconv.Quote(v))
		case sp.Kind == OptEnum:
			raw[k] = json.RawMessage(strconv.Quote(v))
		default:
			raw[k] = json.RawMessage(v)
		}
	}
	return raw, nil
}

func (sp *OptionSpec) parseJSON(v []byte) (any, error) {
	bad := func() error {
		return fmt.Errorf("option %s: bad value %s (%s)", sp.Name, v, sp.describe())
	}
	switch sp.Kind {
	case OptEnum:
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			// Accept a number for an enum whose values are numerals ("winRule": 38).
			var n json.Number
			if json.Unmarshal(v, &n) != nil {
				return nil, bad()
			}
			s = n.String()
		}
		for _, x := range sp.Values {
			if x == s {
				return s, nil
			}
		}
		return nil, bad()
	case OptInt:
		if string(v) == "null" {
			if sp.Nullable {
				return -1, nil
			}
			return nil, bad()
		}
		var n int
		if err := json.Unmarshal(v, &n); err != nil || n < sp.Min || n > sp.Max {
			return nil, bad()
		}
		return n, nil
	case OptBool:
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return nil, bad()
		}
		return b, nil
	}
	return nil, bad()
}

func (sp *OptionSpec) isDefault(v any) bool {
	switch sp.Kind {
	case OptEnum:
		return v == sp.Values[0]
	case OptInt:
		return v == sp.Default
	case OptBool:
		return v == sp.DefaultBool
	}
	return false
}

func (sp *OptionSpec) describe() string {
	switch sp.Kind {
	case OptEnum:
		return "one of " + strings.Join(sp.Values, ", ")
	case OptInt:
		s := fmt.Sprintf("an integer %d…%d", sp.Min, sp.Max)
		if sp.Nullable {
			s += " or null"
		}
		return s
	}
	return "true or false"
}

// Canonical returns the canonical variant string of a game with the given
// options and seat count: "game(k=v,…)" with the non-default options sorted
// by name, players included when seats differs from defaultSeats.
func Canonical(gameName string, o Options, seats, defaultSeats int) string {
	parts := []string{}
	if seats != defaultSeats {
		parts = append(parts, "players="+strconv.Itoa(seats))
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := o[k]
		if n, ok := v.(int); ok && n == -1 {
			v = "null"
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	sort.Strings(parts)
	return gameName + "(" + strings.Join(parts, ",") + ")"
}

// RecordValue converts a parsed option value to its record JSON value.
func RecordValue(v any) any {
	if n, ok := v.(int); ok && n == -1 {
		return nil
	}
	return v
}

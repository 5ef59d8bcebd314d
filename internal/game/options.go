package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

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
	// Choices, when set, are the only values an OptInt takes (in
	// [Min, Max]); the table form offers them as a list.
	Choices  []int
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

// Cap is the typed form of a Nullable OptInt option whose null, the
// default, means no bound. The zero value is no bound.
type Cap struct {
	n   int
	set bool
}

// CapAt returns the bound n.
func CapAt(n int) Cap { return Cap{n: n, set: true} }

// Limit returns the bound and whether there is one.
func (c Cap) Limit() (n int, ok bool) { return c.n, c.set }

var capType = reflect.TypeFor[Cap]()

// binding ties an option of the table to its field.
type binding struct {
	spec   *OptionSpec
	index  int
	number bool
}

var bindingCache sync.Map // reflect.Type → []binding

// bindingsOf returns the fields of the options struct type t in the order
// of specs. A table and a struct that do not match are a programming
// error of the game and panic.
func bindingsOf(specs []OptionSpec, t reflect.Type) []binding {
	if b, ok := bindingCache.Load(t); ok {
		return b.([]binding)
	}
	out := make([]binding, len(specs))
	for i := range out {
		out[i].index = -1
	}
	for fi := range t.NumField() {
		f := t.Field(fi)
		tag, ok := f.Tag.Lookup("option")
		if !ok {
			continue
		}
		name, flag, _ := strings.Cut(tag, ",")
		i := specIndex(specs, name)
		if i < 0 {
			panic(fmt.Sprintf("game: %s.%s names no option of the table", t, f.Name))
		}
		sp := &specs[i]
		k := f.Type.Kind()
		switch {
		case sp.Kind == OptEnum && (k == reflect.Uint8 || k == reflect.Bool && len(sp.Values) == 2):
		case sp.Kind == OptInt && sp.Nullable && f.Type == capType:
		case sp.Kind == OptInt && !sp.Nullable && k == reflect.Int && (sp.Default == 0 || sp.Min > 0):
		case sp.Kind == OptBool && k == reflect.Bool:
		default:
			panic(fmt.Sprintf("game: %s.%s cannot hold option %s", t, f.Name, sp.Name))
		}
		out[i] = binding{spec: sp, index: fi, number: flag == "number"}
	}
	for i, b := range out {
		if b.index < 0 {
			panic(fmt.Sprintf("game: %s has no field for option %s", t, specs[i].Name))
		}
	}
	bindingCache.Store(t, out)
	return out
}

func specIndex(specs []OptionSpec, name string) int {
	for i := range specs {
		if specs[i].Name == name {
			return i
		}
	}
	return -1
}

// value is one option value as read: an enum's index, an int (null: no
// bound) or a bool.
type value struct {
	n    int
	null bool
	b    bool
}

// set stores v in the field f of binding b.
func (b binding) set(f reflect.Value, v value) {
	sp := b.spec
	switch sp.Kind {
	case OptEnum:
		if f.Kind() == reflect.Bool {
			f.SetBool(v.n == 1)
		} else {
			f.SetUint(uint64(v.n))
		}
	case OptInt:
		switch {
		case f.Type() == capType && v.null:
			f.Set(reflect.ValueOf(Cap{}))
		case f.Type() == capType:
			f.Set(reflect.ValueOf(CapAt(v.n)))
		case v.n == sp.Default:
			f.SetInt(0)
		default:
			f.SetInt(int64(v.n))
		}
	case OptBool:
		f.SetBool(v.b != sp.DefaultBool)
	}
}

// get reads the field f of binding b: its value and whether it is the
// default.
func (b binding) get(f reflect.Value) (v value, isDefault bool) {
	sp := b.spec
	switch sp.Kind {
	case OptEnum:
		if f.Kind() == reflect.Bool {
			if f.Bool() {
				v.n = 1
			}
		} else {
			v.n = int(f.Uint())
		}
		return v, v.n == 0
	case OptInt:
		if f.Type() == capType {
			c := f.Interface().(Cap)
			v.n, v.null = c.n, !c.set
			return v, v.null
		}
		v.n = int(f.Int())
		if v.n == 0 {
			v.n = sp.Default
		}
		return v, v.n == sp.Default
	}
	v.b = f.Bool() != sp.DefaultBool
	return v, v.b == sp.DefaultBool
}

// text returns v as the "k=v" form writes it.
func (b binding) text(v value) string {
	switch b.spec.Kind {
	case OptEnum:
		return b.spec.Values[v.n]
	case OptInt:
		if v.null {
			return "null"
		}
		return strconv.Itoa(v.n)
	}
	return strconv.FormatBool(v.b)
}

// record returns v as its record JSON value.
func (b binding) record(v value) any {
	switch b.spec.Kind {
	case OptEnum:
		s := b.spec.Values[v.n]
		if n, err := strconv.Atoi(s); err == nil && b.number {
			return n
		}
		return s
	case OptInt:
		if v.null {
			return nil
		}
		return v.n
	}
	return v.b
}

// structOf returns the struct value behind o, a struct or a pointer to one.
func structOf(o any) reflect.Value {
	v := reflect.ValueOf(o)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	return v
}

// DecodeOptions reads a record's options, the JSON form, into the typed
// options T of a game; ParseOptions reads the command line's form, and
// CheckOptions, RecordOptions and Canonical read T back. players is the
// number of names in the record; an options key "players" must equal it
// and is not stored (docs/RULES.md Clarification 17).
//
// T is a struct whose fields name their option in a tag,
// `option:"winRule"`, one field for each entry of the game's option table.
// The zero value of every field is the option's default:
//
//   - an OptEnum is a uint8 type holding the index into Values, or a bool
//     for an option of two values (true: the second);
//   - an OptInt is an int, where 0 stands for Default (so a table whose
//     Default is not 0 starts above 0), or a Cap when it is Nullable;
//   - an OptBool is a bool that is true when the option is not its
//     default, so a field for an option that defaults to true is named
//     for its negation.
//
// `option:"pack,number"` writes an enum whose values are numerals as a
// JSON number in records.
func DecodeOptions[T any](gameName string, specs []OptionSpec, raw map[string]json.RawMessage, players int) (T, error) {
	var o T
	st := reflect.ValueOf(&o).Elem()
	bs := bindingsOf(specs, st.Type())
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
				return o, fmt.Errorf("%s: option players=%s does not match the %d names in players", gameName, v, players)
			}
			continue
		}
		i := specIndex(specs, k)
		if i < 0 {
			return o, fmt.Errorf("%s: unknown option %q", gameName, k)
		}
		val, err := specs[i].parseJSON(v)
		if err != nil {
			return o, fmt.Errorf("%s: %w", gameName, err)
		}
		bs[i].set(st.Field(bs[i].index), val)
	}
	return o, nil
}

// ParseOptions reads the command line's "k=v,k=v" form into the typed
// options T of the game (see DecodeOptions). The number of players is not an option: it has
// its own flag.
func ParseOptions[T any](gameName string, specs []OptionSpec, text string) (T, error) {
	var o T
	st := reflect.ValueOf(&o).Elem()
	bs := bindingsOf(specs, st.Type())
	if strings.TrimSpace(text) == "" {
		return o, nil
	}
	for _, kv := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return o, fmt.Errorf("%s: option %q: want key=value", gameName, kv)
		}
		if k == "players" {
			return o, fmt.Errorf("%s: the number of players is given with --players, not in --options", gameName)
		}
		i := specIndex(specs, k)
		if i < 0 {
			return o, fmt.Errorf("%s: unknown option %q", gameName, k)
		}
		sp := &specs[i]
		lit := []byte(v)
		if sp.Kind == OptEnum {
			lit = []byte(strconv.Quote(v))
		}
		val, err := sp.parseJSON(lit)
		if err != nil {
			return o, fmt.Errorf("%s: %w", gameName, err)
		}
		bs[i].set(st.Field(bs[i].index), val)
	}
	return o, nil
}

// CheckOptions reports the first field of the typed options o (a struct or
// a pointer to one) that holds no value of its option.
func CheckOptions(gameName string, specs []OptionSpec, o any) error {
	st := structOf(o)
	for _, b := range bindingsOf(specs, st.Type()) {
		sp := b.spec
		v, isDefault := b.get(st.Field(b.index))
		switch {
		case isDefault:
		case sp.Kind == OptEnum && v.n >= len(sp.Values),
			sp.Kind == OptInt && !sp.allows(v.n):
			return fmt.Errorf("%s: option %s: bad value %d (%s)", gameName, sp.Name, v.n, sp.describe())
		}
	}
	return nil
}

// RecordOptions returns the options of o (a struct or a pointer to one)
// that differ from the defaults, with their record JSON values.
func RecordOptions(specs []OptionSpec, o any) map[string]any {
	st := structOf(o)
	out := map[string]any{}
	for _, b := range bindingsOf(specs, st.Type()) {
		if v, isDefault := b.get(st.Field(b.index)); !isDefault {
			out[b.spec.Name] = b.record(v)
		}
	}
	return out
}

// Canonical returns the canonical variant string of a game with the typed
// options o and seats players: "game(k=v,…)" with the options that differ
// from the defaults, players included when seats differs from
// defaultSeats, sorted by name.
func Canonical(gameName string, specs []OptionSpec, o any, seats, defaultSeats int) string {
	parts := []string{}
	if seats != defaultSeats {
		parts = append(parts, "players="+strconv.Itoa(seats))
	}
	st := structOf(o)
	for _, b := range bindingsOf(specs, st.Type()) {
		if v, isDefault := b.get(st.Field(b.index)); !isDefault {
			parts = append(parts, b.spec.Name+"="+b.text(v))
		}
	}
	sort.Strings(parts)
	return gameName + "(" + strings.Join(parts, ",") + ")"
}

// parseJSON reads one option value in its JSON form.
func (sp *OptionSpec) parseJSON(v []byte) (value, error) {
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
				return value{}, bad()
			}
			s = n.String()
		}
		for i, x := range sp.Values {
			if x == s {
				return value{n: i}, nil
			}
		}
		return value{}, bad()
	case OptInt:
		if string(v) == "null" {
			if sp.Nullable {
				return value{null: true}, nil
			}
			return value{}, bad()
		}
		var n int
		if err := json.Unmarshal(v, &n); err != nil || !sp.allows(n) {
			return value{}, bad()
		}
		return value{n: n}, nil
	case OptBool:
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return value{}, bad()
		}
		return value{b: b}, nil
	}
	return value{}, bad()
}

// allows reports whether an OptInt takes the number n.
func (sp *OptionSpec) allows(n int) bool {
	return n >= sp.Min && n <= sp.Max && (sp.Choices == nil || slices.Contains(sp.Choices, n))
}

// describe words the values an option takes, for error messages.
func (sp *OptionSpec) describe() string {
	switch sp.Kind {
	case OptEnum:
		return "one of " + strings.Join(sp.Values, ", ")
	case OptInt:
		s := fmt.Sprintf("an integer %d…%d", sp.Min, sp.Max)
		if sp.Choices != nil {
			var cs []string
			for _, c := range sp.Choices {
				cs = append(cs, strconv.Itoa(c))
			}
			s = "one of " + strings.Join(cs, ", ")
		}
		if sp.Nullable {
			s += " or null"
		}
		return s
	}
	return "true or false"
}

// RecordValue converts an option value to its record JSON value: the int
// -1, a Nullable option's null in OptionSpec.Default, is nil.
func RecordValue(v any) any {
	if n, ok := v.(int); ok && n == -1 {
		return nil
	}
	return v
}

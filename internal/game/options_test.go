package game_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"trull/internal/game"
)

// testSpecs has one option of every form a typed struct can hold.
var testSpecs = []game.OptionSpec{
	{Name: "rule", Kind: game.OptEnum, Values: []string{"a", "b", "c"}},
	{Name: "pack", Kind: game.OptEnum, Values: []string{"54", "40"}},
	{Name: "stake", Kind: game.OptInt, Default: 1, Min: 1, Max: 9},
	{Name: "cap", Kind: game.OptInt, Default: -1, Min: 0, Max: 5, Nullable: true},
	{Name: "size", Kind: game.OptInt, Default: 66, Min: 66, Max: 78, Choices: []int{66, 78}},
	{Name: "on", Kind: game.OptBool},
	{Name: "keep", Kind: game.OptBool, DefaultBool: true},
}

type testOptions struct {
	Rule   uint8    `option:"rule"`
	Pack40 bool     `option:"pack,number"`
	Stake  int      `option:"stake"`
	Cap    game.Cap `option:"cap"`
	On     bool     `option:"on"`
	NoKeep bool     `option:"keep"`
	Size   int      `option:"size"`
}

// TestOptionForms reads the JSON and the text form into the typed struct
// and writes it back as record values and the canonical string.
func TestOptionForms(t *testing.T) {
	cases := []struct {
		json, text string
		want       testOptions
		record     string
		canonical  string
	}{
		{`{}`, "", testOptions{}, `{}`, "t()"},
		{`{"rule":"a","stake":1,"cap":null,"keep":true}`, "rule=a,stake=1,cap=null,keep=true", testOptions{}, `{}`, "t()"},
		{`{"rule":"c","pack":40,"stake":3}`, "rule=c,pack=40,stake=3",
			testOptions{Rule: 2, Pack40: true, Stake: 3}, `{"pack":40,"rule":"c","stake":3}`, "t(pack=40,rule=c,stake=3)"},
		{`{"cap":0,"on":true,"keep":false}`, "cap=0,on=true,keep=false",
			testOptions{Cap: game.CapAt(0), On: true, NoKeep: true}, `{"cap":0,"keep":false,"on":true}`, "t(cap=0,keep=false,on=true)"},
	}
	for _, c := range cases {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.json), &raw); err != nil {
			t.Fatal(err)
		}
		fromJSON, err := game.DecodeOptions[testOptions]("t", testSpecs, raw, 2)
		if err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		fromText, err := game.ParseOptions[testOptions]("t", testSpecs, c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if fromJSON != c.want || fromText != c.want {
			t.Errorf("%s: %+v and %+v, want %+v", c.json, fromJSON, fromText, c.want)
		}
		rec, _ := json.Marshal(game.RecordOptions(testSpecs, c.want))
		if string(rec) != c.record {
			t.Errorf("%+v: record %s, want %s", c.want, rec, c.record)
		}
		if got := game.Canonical("t", testSpecs, c.want, 2, 2); got != c.canonical {
			t.Errorf("%+v: canonical %s, want %s", c.want, got, c.canonical)
		}
	}
}

// TestOptionErrors covers refused options in both forms and out-of-range
// typed values, each named with the game.
func TestOptionErrors(t *testing.T) {
	jsonCases := []struct{ json, err string }{
		{`{"colour":"red"}`, `t: unknown option "colour"`},
		{`{"rule":"d"}`, `t: option rule: bad value "d" (one of a, b, c)`},
		{`{"stake":10}`, "t: option stake: bad value 10 (an integer 1…9)"},
		{`{"stake":null}`, "t: option stake: bad value null"},
		{`{"on":"yes"}`, `t: option on: bad value "yes" (true or false)`},
		{`{"size":70}`, "t: option size: bad value 70 (one of 66, 78)"},
		{`{"players":3}`, "t: option players=3 does not match the 2 names in players"},
	}
	for _, c := range jsonCases {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.json), &raw); err != nil {
			t.Fatal(err)
		}
		if _, err := game.DecodeOptions[testOptions]("t", testSpecs, raw, 2); err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.json, err, c.err)
		}
	}
	textCases := []struct{ text, err string }{
		{"colour=red", `t: unknown option "colour"`},
		{"rule", `t: option "rule": want key=value`},
		{"players=3", "t: the number of players is given with --players"},
		{"cap=6", "t: option cap: bad value 6"},
		{"size=67", "t: option size: bad value 67 (one of 66, 78)"},
	}
	for _, c := range textCases {
		if _, err := game.ParseOptions[testOptions]("t", testSpecs, c.text); err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.text, err, c.err)
		}
	}
	typed := []struct {
		o   testOptions
		err string
	}{
		{testOptions{Rule: 2, Stake: 9, Cap: game.CapAt(5)}, ""},
		{testOptions{Rule: 3}, "t: option rule: bad value 3"},
		{testOptions{Stake: 10}, "t: option stake: bad value 10"},
		{testOptions{Cap: game.CapAt(-1)}, "t: option cap: bad value -1"},
		{testOptions{Size: 70}, "t: option size: bad value 70 (one of 66, 78)"},
		{testOptions{Size: 78}, ""},
	}
	for _, c := range typed {
		err := game.CheckOptions("t", testSpecs, c.o)
		if (err == nil) != (c.err == "") || err != nil && !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%+v: error %v, want %q", c.o, err, c.err)
		}
	}
}

// TestRegisteredOptions: every game's typed options bind its whole table,
// read both forms and name the variant as ParseVariant reads it back.
func TestRegisteredOptions(t *testing.T) {
	for _, info := range game.Games() {
		if info.Parse == nil {
			t.Fatalf("%s has no text factory", info.Name)
		}
		r, err := info.Parse("", info.MaxSeats)
		if err != nil {
			t.Fatal(err)
		}
		back, err := game.ParseVariant(r.String())
		if err != nil || back.String() != r.String() || !reflect.DeepEqual(back.Options(), r.Options()) {
			t.Errorf("%s: ParseVariant gives %v, %v", r, back, err)
		}
	}
	for _, v := range []string{"droggn", "droggn(", "nogame()", "droggn(players=x)"} {
		if _, err := game.ParseVariant(v); err == nil {
			t.Errorf("ParseVariant(%q) accepted", v)
		}
	}
}

package wire_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/jsonscan"
	"trull/internal/tablemodel"
	"trull/internal/wire"
)

// fields splits a JSON object into its top-level fields.
func fields(t testing.TB, obj []byte) map[string]json.RawMessage {
	t.Helper()
	m := map[string]json.RawMessage{}
	if err := jsonscan.EachField(obj, func(k, v []byte) error {
		m[string(k)] = append(json.RawMessage(nil), v...)
		return nil
	}); err != nil {
		t.Fatalf("%s: %v", obj, err)
	}
	return m
}

// checkPatch makes the patch from old to new and, when there is one,
// checks that it gives new applied to old and is shorter than new.
func checkPatch(t testing.TB, old, new []byte) (patch []byte, ok bool) {
	t.Helper()
	patch, ok = wire.AppendModelPatch(nil, old, new)
	if !ok {
		return nil, false
	}
	if len(patch) >= len(new) {
		t.Fatalf("a patch of %d bytes for a model of %d", len(patch), len(new))
	}
	if !json.Valid(patch) {
		t.Fatalf("patch %s is not JSON", patch)
	}
	m := fields(t, old)
	kept := maps.Clone(m) // the values' bytes, which a patch must leave as they are
	if err := wire.ApplyModelPatch(m, patch); err != nil {
		t.Fatalf("old %s\npatch %s: %v", old, patch, err)
	}
	if want := fields(t, old); !maps.EqualFunc(kept, want, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
		t.Fatalf("applying %s changed the old model's bytes", patch)
	}
	if want := fields(t, new); !maps.EqualFunc(m, want, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
		t.Fatalf("old %s\npatch %s\nhave %v\nwant %s", old, patch, m, new)
	}
	return patch, true
}

// TestModelPatch plays random hands of every game and player count and
// patches every viewer's model from each state to the next: applied to
// the old model, each patch gives the new one, field for field.
func TestModelPatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	var patches, patchBytes, models, modelBytes int
	for _, info := range game.Games() {
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			r, err := info.New(nil, seats)
			if err != nil {
				t.Fatal(err)
			}
			last := make([][]byte, seats+1)
			for range 2 {
				st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(seats))
				if err != nil {
					t.Fatal(err)
				}
				for {
					for viewer := -1; viewer < seats; viewer++ {
						m, err := tablemodel.Of(st.View(game.ViewerOf(viewer)))
						if err != nil {
							t.Fatal(err)
						}
						b := tablemodel.AppendJSON(nil, m)
						if old := last[viewer+1]; old != nil {
							models++
							modelBytes += len(b)
							if p, ok := checkPatch(t, old, b); ok {
								patches++
								patchBytes += len(p)
							}
						}
						last[viewer+1] = b
					}
					if st.Done() {
						break
					}
					legal := st.Legal(nil)
					if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	t.Logf("%d of %d models sent as patches; %d bytes of patches for %d of models", patches, models, patchBytes, modelBytes)
	if patches*10 < models*9 {
		t.Errorf("only %d of %d models patched", patches, models)
	}
}

// TestModelPatchCases: each kind of change, and what is not patched.
func TestModelPatchCases(t *testing.T) {
	long := `,"pad":"` + string(bytes.Repeat([]byte("x"), 100)) + `"`
	for _, tc := range []struct {
		name, old, new, patch string // patch "": none
	}{
		{"a field changes", `{"a":1,"b":[1,2]` + long + `}`, `{"a":2,"b":[1,2]` + long + `}`, `{"a":2}`},
		{"a list grows", `{"log":[{"x":1}]` + long + `}`, `{"log":[{"x":1},{"x":2},{"x":3}]` + long + `}`, `{"+log":[{"x":2},{"x":3}]}`},
		{"an empty list gets its first", `{"log":[]` + long + `}`, `{"log":[7]` + long + `}`, `{"log":[7]}`},
		{"a list shrinks", `{"hand":["a","b"]` + long + `}`, `{"hand":["a"]` + long + `}`, `{"hand":["a"]}`},
		{"a list changes inside", `{"t":[[1],[2]]` + long + `}`, `{"t":[[1],[2,3]]` + long + `}`, `{"t":[[1],[2,3]]}`},
		{"a field is gone", `{"a":1,"side":{"p":3}` + long + `}`, `{"a":1` + long + `}`, `{"-side":null}`},
		{"a field is new", `{"a":1` + long + `}`, `{"a":1,"side":{"p":3}` + long + `}`, `{"side":{"p":3}}`},
		{"nothing changed", `{"a":1` + long + `}`, `{"a":1` + long + `}`, `{}`},
		{"a string with a comma", `{"s":"a,b"` + long + `}`, `{"s":"a,b,c"` + long + `}`, `{"s":"a,b,c"}`},
		{"no shorter than the model", `{"a":1}`, `{"a":2}`, ""},
		{"not an object", `[1]`, `{"a":2` + long + `}`, ""},
		{"no new object", `{"a":1` + long + `}`, `{"a":`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, ok := wire.AppendModelPatch([]byte("x"), []byte(tc.old), []byte(tc.new))
			if tc.patch == "" {
				if ok || string(p) != "x" {
					t.Fatalf("patch %s, want none", p)
				}
				return
			}
			if !ok || string(p) != "x"+tc.patch {
				t.Fatalf("patch %s (%v), want %s", p, ok, tc.patch)
			}
			checkPatch(t, []byte(tc.old), []byte(tc.new))
		})
	}
}

// TestModelFieldsTooMany: an object of more fields than a model has is
// sent whole, not patched.
func TestModelFieldsTooMany(t *testing.T) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range 65 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"f%d":"%s"`, i, bytes.Repeat([]byte("v"), 20))
	}
	b.WriteByte('}')
	var f wire.ModelFields
	if f.Read(b.Bytes()) {
		t.Fatal("65 fields read")
	}
	changed := bytes.Replace(b.Bytes(), []byte(`"f3":"v`), []byte(`"f3":"w`), 1)
	if p, ok := wire.AppendModelPatch(nil, b.Bytes(), changed); ok {
		t.Fatalf("patched: %s", p)
	}
	end := bytes.Index(changed, []byte(`,"f64"`))
	if sixtyFour := append(changed[:end:end], '}'); !f.Read(sixtyFour) {
		t.Fatalf("64 fields not read: %s", sixtyFour)
	}
}

// FuzzModelPatch: for any two objects, a patch made applies to the one
// and gives the other.
func FuzzModelPatch(f *testing.F) {
	f.Add([]byte(`{"a":1,"log":[1,2],"x":"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}`), []byte(`{"a":1,"log":[1,2,3],"x":"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}`))
	f.Add([]byte(`{"s":"a\"b","t":{"u":[1,{"v":"]"}]},"pad":"ppppppppppppppppppppppp"}`), []byte(`{"t":{"u":[1]},"pad":"ppppppppppppppppppppppp"}`))
	f.Fuzz(func(t *testing.T, old, new []byte) {
		// Models are compact objects whose fields are named once.
		for _, b := range [][]byte{old, new} {
			var m map[string]json.RawMessage
			if json.Unmarshal(b, &m) != nil || !isCompact(b) || countFields(b) != len(m) {
				return
			}
		}
		checkPatch(t, old, new)
	})
}

func isCompact(b []byte) bool {
	var c bytes.Buffer
	return json.Compact(&c, b) == nil && bytes.Equal(c.Bytes(), b)
}

func countFields(b []byte) int {
	n := 0
	jsonscan.EachField(b, func(_, _ []byte) error { n++; return nil })
	return n
}

var update = flag.Bool("update", false, "rewrite the browser's patch fixture")

// patchFixture is the browser's check of its patching
// (web/src/ws.test.ts): a hand of each game seen by seat 0 as a first
// model and the patches of every state after it, with the model every
// twentieth state and at the end.
type patchFixture struct {
	Variant string            `json:"variant"`
	First   json.RawMessage   `json:"first"`
	Patches []json.RawMessage `json:"patches"` // null: the whole model was sent
	Models  []json.RawMessage `json:"models"`  // after patch i, for i in Checks
	Checks  []int             `json:"checks"`
}

// TestPatchFixture writes (with -update) or checks the browser's fixture.
func TestPatchFixture(t *testing.T) {
	var out []patchFixture
	rng := rand.New(rand.NewPCG(21, 3))
	for _, v := range []struct {
		game  string
		seats int
	}{{"droggn", 3}, {"troggu", 4}, {"strohmandeln", 2}} {
		info, _ := game.Lookup(v.game)
		r, err := info.New(nil, v.seats)
		if err != nil {
			t.Fatal(err)
		}
		// A hand played out, not one thrown in at the bidding.
		var f patchFixture
		for len(f.Patches) < 30 {
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
			if err != nil {
				t.Fatal(err)
			}
			model := func() []byte {
				m, err := tablemodel.Of(st.View(game.Seat(0)))
				if err != nil {
					t.Fatal(err)
				}
				return tablemodel.AppendJSON(nil, m)
			}
			f = patchFixture{Variant: r.String(), First: model()}
			last := f.First
			for !st.Done() {
				legal := st.Legal(nil)
				if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				b := model()
				p, ok := checkPatch(t, last, b)
				if !ok {
					p = nil
				}
				f.Patches = append(f.Patches, p)
				if len(f.Patches)%20 == 0 || st.Done() {
					f.Checks = append(f.Checks, len(f.Patches)-1)
					f.Models = append(f.Models, b)
				}
				last = b
			}
		}
		out = append(out, f)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "web", "src", "testdata", "patches.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/wire -run TestPatchFixture -update writes it)", err)
	}
	if !bytes.Equal(append(b, '\n'), want) {
		t.Errorf("%s is not what the patches make now: go test ./internal/wire -run TestPatchFixture -update", path)
	}
}

// BenchmarkModelPatch patches a Droggn seat's model from one card played
// in the middle of a hand to the next.
func BenchmarkModelPatch(b *testing.B) {
	info, _ := game.Lookup("droggn")
	r, err := info.New(nil, 3)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var old, new []byte
	for new == nil {
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 40 && !st.Done(); i++ {
			if i == 39 {
				m, _ := tablemodel.Of(st.View(game.Seat(0)))
				old = tablemodel.AppendJSON(nil, m)
			}
			legal := st.Legal(nil)
			st.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		if !st.Done() {
			m, _ := tablemodel.Of(st.View(game.Seat(0)))
			new = tablemodel.AppendJSON(nil, m)
		}
	}
	b.Run("both read", func(b *testing.B) {
		b.ReportAllocs()
		var p []byte
		for b.Loop() {
			p, _ = wire.AppendModelPatch(p[:0], old, new)
		}
		b.ReportMetric(float64(len(p)), "patch-bytes")
		b.ReportMetric(float64(len(new)), "model-bytes")
	})
	// As a server does: the old model's fields kept from when it was sent.
	b.Run("new read", func(b *testing.B) {
		var of, nf wire.ModelFields
		of.Read(old)
		b.ReportAllocs()
		var p []byte
		for b.Loop() {
			nf.Read(new)
			p, _ = wire.AppendModelPatchOf(p[:0], old, &of, new, &nf)
		}
	})
}

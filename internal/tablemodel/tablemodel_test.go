package tablemodel_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/tablemodel"
)

// TestModels plays random hands of every game and player count and checks
// that each seat's and a spectator's model agrees with its view: the game,
// the seat, the hand, the tricks and who won them, the seat to act, and a
// result at the end; and that every model carries the common fields.
func TestModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	for _, info := range game.Games() {
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			r, err := info.New(nil, seats)
			if err != nil {
				t.Fatal(err)
			}
			for hand := 0; hand < 3; hand++ {
				st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(seats))
				if err != nil {
					t.Fatal(err)
				}
				for step := 0; ; step++ {
					for viewer := -1; viewer < seats; viewer++ {
						check(t, r, st, game.ViewerOf(viewer), step)
					}
					if st.Done() {
						break
					}
					if err := st.Apply(game.Pick(rng, st.Legal(nil))); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

func check(t *testing.T, r game.Rules, st game.State, viewer game.Viewer, step int) {
	t.Helper()
	v := st.View(viewer)
	m, err := tablemodel.Of(v)
	if err != nil {
		t.Fatal(err)
	}
	where := func() string { return fmt.Sprintf("%s, step %d, viewer %d", r, step, v.ViewSeat()) }
	if want, _ := json.Marshal(m); !bytes.Equal(tablemodel.AppendJSON(nil, m), want) {
		t.Fatalf("%s: AppendJSON\n have %s\n want %s", where(), tablemodel.AppendJSON(nil, m), want)
	}
	if m.Game != r.Game() || m.Seats != r.Seats() || m.Seat != v.ViewSeat() || m.ToAct != v.Turn() {
		t.Fatalf("%s: model game %s seats %d seat %d to act %d, view %s %d %d %d", where(), m.Game, m.Seats, m.Seat, m.ToAct, r.Game(), r.Seats(), v.ViewSeat(), v.Turn())
	}
	var raw struct {
		Hand []string `json:"hand"`
	}
	b, _ := json.Marshal(v)
	json.Unmarshal(b, &raw)
	if !slices.Equal(m.Hand, raw.Hand) && !(len(m.Hand) == 0 && len(raw.Hand) == 0) {
		t.Fatalf("%s: model hand %v, view hand %v", where(), m.Hand, raw.Hand)
	}
	won := 0
	for _, n := range m.TricksWon {
		won += n
	}
	finished := 0
	for i, tk := range m.Tricks {
		if tk.Winner >= 0 {
			finished++
		}
		switch {
		case tk.Hidden && len(tk.Plays) > 0:
			t.Fatalf("%s: trick %d is hidden but shows %+v", where(), i, tk.Plays)
		case tk.Hidden && i > 0 && tk.Leader != m.Tricks[i-1].Winner:
			t.Fatalf("%s: hidden trick %d is led by %d, the trick before was won by %d", where(), i, tk.Leader, m.Tricks[i-1].Winner)
		case !tk.Hidden && (len(tk.Plays) == 0 || tk.Leader != tk.Plays[0].Seat):
			t.Fatalf("%s: trick %+v is led by %d", where(), tk, tk.Leader)
		}
	}
	if won != finished || len(m.TricksWon) != m.Seats || len(m.HandSizes) != m.Seats {
		t.Fatalf("%s: %d tricks won of %d finished, %d counts, %d hand sizes", where(), won, finished, len(m.TricksWon), len(m.HandSizes))
	}
	if st.Done() != (m.Result != nil) {
		t.Fatalf("%s: done %v, result %+v", where(), st.Done(), m.Result)
	}
	var fields map[string]json.RawMessage
	b, _ = json.Marshal(m)
	json.Unmarshal(b, &fields)
	for _, k := range []string{"game", "variant", "seat", "seats", "dealer", "sits_out", "elder", "phase", "to_act", "hand", "hand_sizes",
		"contract", "declarer", "partner", "tricks", "trick", "tricks_won", "log", "result", "bought_from", "pagat_laid"} {
		if _, ok := fields[k]; !ok {
			t.Fatalf("%s: the model has no %q: %s", where(), k, b)
		}
	}
}

// TestSnakeCase checks that every JSON name of the model is in snake_case,
// the naming of the rest of the protocol (docs/PROTOCOL.md).
func TestSnakeCase(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || !snake.MatchString(name) {
				t.Errorf("%s.%s: JSON name %q is not snake_case", ty.Name(), f.Name, name)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[tablemodel.Model]())
	if len(seen) < 8 {
		t.Fatalf("walked only %d types", len(seen))
	}
}

// TestAppendJSON fills every field of models at random (strings that need
// escaping, nil and empty slices, absent and zero pointers) and checks that
// AppendJSON writes what json.Marshal does: a field added to the model and
// not to AppendJSON fails here.
func TestAppendJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for i := range 2000 {
		var m tablemodel.Model
		fill(rng, reflect.ValueOf(&m).Elem(), 0)
		want, err := json.Marshal(&m)
		if err != nil {
			t.Fatal(err)
		}
		if have := tablemodel.AppendJSON([]byte("x"), &m); !bytes.Equal(have[1:], want) || have[0] != 'x' {
			t.Fatalf("model %d:\n have %s\n want %s", i, have, want)
		}
	}
	if have := tablemodel.AppendJSON(nil, nil); string(have) != "null" {
		t.Fatalf("nil model: %s", have)
	}
}

// words are the strings fill draws from: plain ones, and ones json.Marshal
// escapes.
var words = []string{"", "T21", "play", "S-K", "<b>&", `"quoted"`, "back\\slash", "tab\t", "Sküs", "\u2028", "\xff"}

// fill sets v to random values; depth bounds the nesting.
func fill(rng *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(words[rng.IntN(len(words))])
	case reflect.Int:
		v.SetInt(int64(rng.IntN(7) - 2))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Pointer:
		if rng.IntN(3) == 0 || depth > 4 {
			v.SetZero()
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(rng, v.Elem(), depth+1)
	case reflect.Slice:
		switch n := rng.IntN(5); {
		case n == 0 || depth > 4:
			v.SetZero()
		default:
			s := reflect.MakeSlice(v.Type(), n-1, n-1)
			for i := range n - 1 {
				fill(rng, s.Index(i), depth+1)
			}
			v.Set(s)
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(rng, v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(rng, v.Field(i), depth+1)
			}
		}
	default:
		panic("fill: a field of kind " + v.Kind().String())
	}
}

// BenchmarkModelJSON encodes a Droggn seat's model in the middle of the
// card play, by AppendJSON into a reused buffer and by json.Marshal.
func BenchmarkModelJSON(b *testing.B) {
	info, _ := game.Lookup("droggn")
	r, err := info.New(nil, 3)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var m *tablemodel.Model
	for m == nil {
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 40 && !st.Done(); i++ {
			legal := st.Legal(nil)
			st.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		if !st.Done() {
			m, _ = tablemodel.Of(st.View(game.Seat(0)))
		}
	}
	b.Run("AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = tablemodel.AppendJSON(buf[:0], m)
		}
		b.ReportMetric(float64(len(buf)), "bytes")
	})
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

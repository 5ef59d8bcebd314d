package tablemodel_test

import (
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

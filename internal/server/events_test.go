package server

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/game"
)

// TestDecodedAct: an act event just committed is applied from its data,
// not decoded from the log; a table loaded from the log decodes it. Both
// must be the same value, for every action of every game (random hands)
// and for a client's list of cards, empty or not.
func TestDecodedAct(t *testing.T) {
	check := func(d actData) {
		t.Helper()
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if a := d.appendJSON(nil); !bytes.Equal(a, b) {
			t.Fatalf("appendJSON writes %s, json.Marshal %s", a, b)
		}
		var back actData
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if got := decoded(d); !reflect.DeepEqual(got, back) {
			t.Fatalf("%s: applied %#v, loaded %#v", b, got, back)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for _, info := range game.Games() {
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			r, err := info.New(nil, seats)
			if err != nil {
				t.Fatal(err)
			}
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(seats))
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; !st.Done(); step++ {
				legal := st.Legal(nil)
				for _, a := range legal {
					check(actData{Hand: 2, Step: step, Action: r.EncodeAction(a), Bot: "rules"})
					n++
				}
				if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	seat := 1
	for _, cards := range [][]string{nil, {}, {"T1", "S-K", "H-7"}} {
		check(actData{Hand: 0, Step: 3, Action: game.RecordAction{Seat: &seat, Act: "discard", Cards: cards}})
	}
	check(actData{Hand: 1, Action: game.RecordAction{Act: "next"}, Bot: "ismcts@600 <&> \u00e4"})
	if n < 1000 {
		t.Fatalf("only %d actions checked", n)
	}
}

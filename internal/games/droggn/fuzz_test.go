package droggn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// snapshot captures everything observable of a state.
func snapshot(s *State) string {
	var b bytes.Buffer
	for seat := -1; seat < s.r.seats; seat++ {
		j, _ := json.Marshal(s.View(game.ViewerOf(seat)))
		b.Write(j)
	}
	fmt.Fprintf(&b, "%d %v", len(s.hist), s.Places())
	return b.String()
}

// FuzzActions drives a hand with arbitrary actions, legal or not: nothing
// panics and a refused action changes nothing.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint64(1))
	f.Add(bytes.Repeat([]byte{0x81, 3, 0xff, 17}, 40), uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		players := 3 + int(seed%2)
		r := MustParse(players, variants[int(seed/2)%len(variants)].opts)
		rng := rand.New(rand.NewPCG(seed, 1))
		s, err := r.Deal(game.ShuffledDeck(r.pack, rng), int(seed%uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(data) && !s.Done(); i += 2 {
			op, arg := data[i], data[i+1]
			var a game.Action
			if op&0x80 == 0 {
				l := s.Legal(nil)
				a = l[int(arg)%len(l)]
			} else {
				a = game.Action{Seat: int8(op & 3), Kind: game.Kind(op >> 2 & 15), Call: arg & 15,
					Card: r.pack.Order[int(arg)%r.pack.Size()], Card2: r.pack.Order[int(op)%r.pack.Size()]}
				if arg&0x40 != 0 {
					a.Card2 = 0
				}
			}
			before := snapshot(s)
			if err := s.Apply(a); err != nil {
				if after := snapshot(s); after != before {
					t.Fatalf("refused %+v (%v) changed the state", a, err)
				}
			}
		}
	})
}

package troggu

import (
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// TestPlayStart rewinds random hands at every point of their play and
// replays the cards: the replay must reach the same state, and a hand
// whose play has not begun has no start.
func TestPlayStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, opts := range []string{"", "mustOvertrump=true", "allPassRule=alwaysForced"} {
		for n := MinSeats; n <= MaxSeats; n++ {
			r := MustParse(n, opts)
			for h := 0; h < 40; h++ {
				st, _ := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(n))
				s := st.(*State)
				var buf []game.Action
				var start State
				for !s.Done() {
					if s.Phase() != "play" {
						if s.PlayStart(&start) {
							t.Fatalf("%s: a start before the play", r)
						}
					} else if s.PlayStart(&start) {
						if start.Phase() != "play" || start.trickNo != 0 || start.played != 0 {
							t.Fatalf("%s: the start is not the first trick", r)
						}
						plays := s.History()[start.nhist:]
						for _, a := range plays {
							if a.Kind != game.KindPlay || int8(start.ToAct()) != a.Seat {
								t.Fatalf("%s: replay of %v out of turn", r, a)
							}
							if err := start.Apply(a); err != nil {
								t.Fatalf("%s: replay of %v: %v", r, a, err)
							}
						}
						if start != *s {
							t.Fatalf("%s: the replay from the start differs from the state after %d plays", r, len(plays))
						}
					}
					buf = s.Legal(buf[:0])
					s.ApplyUnchecked(buf[rng.IntN(len(buf))])
				}
			}
		}
	}
}

package troggu

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestBeatsSettles checks Beats against the play: in many random hands of
// every seat count and contract, the seat whose card Beats finds winning a
// trick (a powerless FOOL left out) is the one finishTrick gives it to.
func TestBeatsSettles(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for players := MinSeats; players <= MaxSeats; players++ {
		for _, opts := range []string{"", "mustOvertrump=true"} {
			r := MustParse(players, opts)
			for h := 0; h < 60; h++ {
				s, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(players))
				if err != nil {
					t.Fatal(err)
				}
				st := s.(*State)
				best, w := card.None, int8(-1)
				for !st.Done() {
					legal := st.Legal(nil)
					a := legal[rng.IntN(len(legal))]
					powerless := a.Card == card.Fool && st.isPowerless(a.Seat)
					st.ApplyUnchecked(a)
					if a.Kind != game.KindPlay {
						continue
					}
					if !powerless && Beats(a.Card, best) {
						best, w = a.Card, a.Seat
					}
					if st.played != 0 {
						continue
					}
					if got := st.winners[st.trickNo-1]; got != w {
						t.Fatalf("%s: trick %d: Beats gives it to seat %d, the play to seat %d", r, st.trickNo-1, w, got)
					}
					best, w = card.None, -1
					checked++
				}
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d tricks checked", checked)
	}
}

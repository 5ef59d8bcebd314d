package droggn

import (
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// TestViewCount holds each seat's count of its own side's pile (View.Count)
// against the engine over random hands of 3 and 4 players: none before
// there is a declarer or for a spectator, the two sides' tricks add up to
// the tricks played, a sitting-out dealer counts with the defenders, and
// at the end each seat's points are the card points the result gives it
// (the Gstieß in the pile of the side that played it, §1.4 "where the
// cards go").
func TestViewCount(t *testing.T) {
	for _, players := range []int{3, 4} {
		r, err := NewRules(Options{}, players)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 60; i++ {
			rng := rand.New(rand.NewPCG(uint64(i), uint64(players)))
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), i%players)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for {
				if v := s.SeatView(game.Spectator); v.Count != nil {
					t.Fatalf("hand %d: a spectator counts %+v", i, *v.Count)
				}
				tricks := 0
				counted := map[int]bool{}
				for seat := 0; seat < players; seat++ {
					c := s.SeatView(game.Seat(seat)).Count
					if (c != nil) != (s.declarer >= 0) {
						t.Fatalf("hand %d seat %d: count %v with declarer %d", i, seat, c, s.declarer)
					}
					if c == nil {
						continue
					}
					if side := s.side(seat); !counted[side] {
						counted[side] = true
						tricks += c.Tricks
					}
					if players == 4 && seat == int(s.dealer) {
						d := s.SeatView(game.Seat(int(s.defs[0]))).Count
						if *d != *c {
							t.Fatalf("hand %d: the sitting-out dealer counts %+v, the defenders %+v", i, *c, *d)
						}
					}
					if s.Done() && c.Points != s.Result().CardPoints[seat] {
						t.Fatalf("hand %d seat %d: counts %d card points, the result gives %d", i, seat, c.Points, s.Result().CardPoints[seat])
					}
				}
				if s.declarer >= 0 && tricks != s.TrickNo() {
					t.Fatalf("hand %d: the sides count %d tricks of %d", i, tricks, s.TrickNo())
				}
				if s.Done() {
					break
				}
				if err := s.Apply(game.Pick(rng, s.Legal(nil))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

package troggu

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestViewCount holds the piles a view counts against the engine over
// random hands of 3 to 8 players: Won is each seat's tricks and their
// points and adds up to the tricks played; Side is nil for a spectator
// and, with a called partner, for a seat that cannot know its side yet
// (neither the partner nor a Tappist playing alone, before the called
// trump is played); once the hand is over every seat knows its side and
// counts the card points the result gives it.
func TestViewCount(t *testing.T) {
	for players := 3; players <= 8; players++ {
		r, err := NewRules(Options{}, players)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 40; i++ {
			rng := rand.New(rand.NewPCG(uint64(i), uint64(players)))
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), i%players)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for {
				if v := s.view(game.Spectator); v.Side != nil {
					t.Fatalf("%dp hand %d: a spectator counts a side %+v", players, i, *v.Side)
				}
				for seat := 0; seat < players; seat++ {
					v := s.view(game.Seat(seat))
					tricks := 0
					for p, w := range v.Won {
						tricks += w.Tricks
						if w.Points != Points(s.won[p]) {
							t.Fatalf("%dp hand %d: seat %d won %d points, its pile holds %d", players, i, p, w.Points, Points(s.won[p]))
						}
					}
					if tricks != int(s.trickNo) {
						t.Fatalf("%dp hand %d: %d tricks won of %d", players, i, tricks, s.trickNo)
					}
					secret := s.called != card.None && !s.calledOut && s.phase != phaseDone &&
						seat != int(s.partner) && !(seat == int(s.declarer) && s.partner < 0 && s.tookTapp())
					if secret && v.Side != nil {
						t.Fatalf("%dp hand %d: seat %d counts a side it cannot know: %+v", players, i, seat, *v.Side)
					}
					if s.phase == phaseDone {
						if v.Side == nil || v.Side.Points != v.Result.CardPoints[seat] {
							t.Fatalf("%dp hand %d: seat %d counts %+v, the result gives %d", players, i, seat, v.Side, v.Result.CardPoints[seat])
						}
					}
				}
				if s.phase == phaseDone {
					break
				}
				if err := s.Apply(game.Pick(rng, s.Legal(nil))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

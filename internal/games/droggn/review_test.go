package droggn

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestTrickPoints: the count a seat is given of its own side's tricks
// (View.TrickPoints) is the count in threes (§1.2) of the cards of the
// tricks its side took, the Gstieß with the side of the player who played
// it, read from the tricks an open-review view shows, at every step of
// random hands with three and four players; the sitting-out dealer and a
// spectator get none.
func TestTrickPoints(t *testing.T) {
	for _, players := range []int{3, 4} {
		r := Default(players)
		rng := rand.New(rand.NewPCG(uint64(players), 5))
		checked := 0
		for h := 0; h < 40; h++ {
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(players))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for !st.Done() {
				st.ApplyUnchecked(game.Pick(rng, st.Legal(nil)))
				for seat := -1; seat < players; seat++ {
					v := s.SeatView(game.ViewerOf(seat))
					if seat < 0 || (players == 4 && seat == s.Dealer()) || s.Declarer() < 0 || s.TrickNo() == 0 {
						if v.TrickPoints != nil {
							t.Fatalf("%s hand %d: %s is given trick points %d", r, h, v.Viewer(), *v.TrickPoints)
						}
						continue
					}
					mine := func(w int) bool { return (w == s.Declarer()) == (seat == s.Declarer()) }
					var pile []card.Card
					for _, tk := range s.SeatView(game.ViewerOf(seat).OpenReview()).Tricks {
						for _, pl := range tk.Cards {
							c, _ := r.Pack().Parse(pl.Card)
							if c == card.Fool && pl.Seat != tk.Winner {
								// The Gstieß goes back to its player's side.
								if mine(pl.Seat) {
									pile = append(pile, c)
								}
								continue
							}
							if mine(tk.Winner) {
								pile = append(pile, c)
							}
						}
					}
					want := card.Threes(r.Pack().Raw(card.Of(pile...)), len(pile))
					if v.TrickPoints == nil || *v.TrickPoints != want {
						t.Fatalf("%s hand %d trick %d: seat %d is given %v trick points, its side's tricks count %d", r, h, s.TrickNo(), seat, v.TrickPoints, want)
					}
					checked++
				}
			}
		}
		if checked == 0 {
			t.Fatalf("%s: no trick points checked", r)
		}
	}
}

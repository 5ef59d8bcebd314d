package droggn

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestBeatsSettles checks Beats against the play: in many random hands of
// both seat counts and every contract, the seat whose card Beats finds
// winning a trick is the one finishTrick gives it to (the laid-out Gstieß
// that wins the last trick of a Super Mord aside).
func TestBeatsSettles(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for _, players := range []int{3, 4} {
		r := MustParse(players, "")
		for h := 0; h < 400; h++ {
			s, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), rng.IntN(players))
			if err != nil {
				t.Fatal(err)
			}
			for !s.Done() {
				legal := s.Legal(nil)
				a := legal[rng.IntN(len(legal))]
				last := a.Kind == game.KindPlay && s.trickLen == 2
				cards := [3]card.Card{s.trick[0], s.trick[1], a.Card}
				seats := [3]int8{s.trickSeat[0], s.trickSeat[1], a.Seat}
				s.ApplyUnchecked(a)
				if !last || s.foolWonSM {
					continue
				}
				best, w := card.None, int8(-1)
				for i, c := range cards {
					if Beats(c, best) {
						best, w = c, seats[i]
					}
				}
				if w != s.lastWinner {
					t.Fatalf("%s: trick %v by seats %v: Beats gives it to seat %d, the play to seat %d", r, cards, seats, w, s.lastWinner)
				}
				checked++
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d tricks checked", checked)
	}
}

// TestVoidHolds checks Void against the hands: in many random hands, no
// seat holds a card that Void says its play showed it lacks, and the
// plays show voids often.
func TestVoidHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 13))
	shown := 0
	for _, players := range []int{3, 4} {
		r := MustParse(players, "")
		for h := 0; h < 300; h++ {
			s, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), rng.IntN(players))
			if err != nil {
				t.Fatal(err)
			}
			for !s.Done() {
				legal := s.Legal(nil)
				a := legal[rng.IntN(len(legal))]
				gov := s.gov
				s.ApplyUnchecked(a)
				if a.Kind != game.KindPlay {
					continue
				}
				no := Void(a.Card, gov)
				if held := s.hands[a.Seat].Intersect(no); !held.Empty() {
					t.Fatalf("%s: seat %d played %v to a trick governed by %v and holds %v", r, a.Seat, a.Card, gov, held)
				}
				if !no.Empty() {
					shown++
				}
			}
		}
	}
	if shown < 1000 {
		t.Fatalf("only %d plays showed a void", shown)
	}
}

// TestDrawOnlyView: a view made for drawing has no public skeleton, so it
// cannot be sampled, and says so.
func TestDrawOnlyView(t *testing.T) {
	r, err := NewRules(Options{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 2))), 0)
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(game.Seat(1).ForDrawing())
	if _, err := r.Resample(v, rand.New(rand.NewPCG(3, 4))); err == nil {
		t.Fatal("a view for drawing was sampled")
	}
	if _, err := r.Resample(st.View(game.Seat(1)), rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatalf("the full view: %v", err)
	}
}

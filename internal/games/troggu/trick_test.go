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

// TestVoidHolds checks Void against the hands: in many random hands of
// every seat count, with and without mustOvertrump, no seat holds a card
// that Void says its play showed it lacks (FOOL after a renege included),
// and the plays show voids often.
func TestVoidHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 13))
	shown := 0
	for players := MinSeats; players <= MaxSeats; players++ {
		for _, overtrump := range []bool{false, true} {
			r, err := NewRules(Options{MustOvertrump: overtrump}, players)
			if err != nil {
				t.Fatal(err)
			}
			for h := 0; h < 60; h++ {
				s, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(players))
				if err != nil {
					t.Fatal(err)
				}
				st := s.(*State)
				lead, best := card.None, card.None
				for !st.Done() {
					legal := st.Legal(nil)
					a := legal[rng.IntN(len(legal))]
					powerless := a.Card == card.Fool && st.isPowerless(a.Seat)
					st.ApplyUnchecked(a)
					if a.Kind != game.KindPlay {
						continue
					}
					if !powerless {
						no := Void(a.Card, lead, best, overtrump)
						if held := st.hands[a.Seat].Intersect(no); !held.Empty() {
							t.Fatalf("%s: seat %d played %v to a trick led by %v, won by %v, and holds %v", r, a.Seat, a.Card, lead, best, held)
						}
						if !no.Empty() {
							shown++
						}
						if lead == card.None {
							lead = a.Card
						}
						if Beats(a.Card, best) {
							best = a.Card
						}
					}
					if st.played == 0 {
						lead, best = card.None, card.None
					}
				}
			}
		}
	}
	if shown < 1000 {
		t.Fatalf("only %d plays showed a void", shown)
	}
}

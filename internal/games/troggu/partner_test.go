package troggu

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// callGame deals deck and bids until a Tappist (a random seat) has called a
// random trump; it returns the state after the call.
func callGame(t *testing.T, r *Rules, deck []card.Card, dealer int, rng *rand.Rand, tappist int, called card.Card) *State {
	t.Helper()
	st, err := r.NewState(deck, dealer)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.phase == phaseBidding {
		code := BidPass
		if int(s.toAct) == tappist {
			code = BidNormal
		}
		if err := s.Apply(game.Action{Seat: s.toAct, Kind: game.KindBid, Call: code}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Apply(game.Action{Seat: s.toAct, Kind: game.KindCall, Card: called}); err != nil {
		t.Fatal(err)
	}
	return s
}

func viewJSON(s *State, seat int) []byte {
	b, _ := json.Marshal(s.view(game.ViewerOf(seat)))
	return b
}

// TestPartnerSecret plays many random 7- and 8-player hands twice: once as
// dealt, once with the called trump swapped into another player's hand, so
// that the partner differs. Until the called trump (or the card it was
// swapped with) is played, every other seat's view must be identical in
// both worlds, no view may name a partner, and Result must not reveal one.
func TestPartnerSecret(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 78))
	hands := 200
	if testing.Short() {
		hands = 40
	}
	compared := 0
	for h := 0; h < hands; h++ {
		n := 7 + h%2
		r := Default(n)
		deck := game.ShuffledDeck(r.Pack(), rng)
		dealer := rng.IntN(n)
		tappist := rng.IntN(n)
		called := card.Trump(1 + rng.IntN(20))
		// Find the holder of the called trump and a second player to swap with.
		pos := slices.Index(deck, called)
		s1 := callGame(t, r, deck, dealer, rng, tappist, called)
		a := int(s1.partner)
		if a < 0 {
			continue // the Tappist plays alone in this deal
		}
		var b int
		for b = rng.IntN(n); b == a || b == tappist; b = rng.IntN(n) {
		}
		x := s1.hands[b].Minus(card.TrumpsAndFool).Lowest()
		if x == card.None {
			continue
		}
		deck2 := slices.Clone(deck)
		deck2[pos], deck2[slices.Index(deck, x)] = x, called
		s2 := callGame(t, r, deck2, dealer, rng, tappist, called)
		if int(s2.partner) != b {
			t.Fatalf("swap failed: partner %d, want %d", s2.partner, b)
		}
		var buf []game.Action
		for !s1.Done() {
			played := s1.playedSet()
			if played.Has(called) || played.Has(x) {
				break
			}
			for seat := 0; seat < n; seat++ {
				v1 := viewJSON(s1, seat)
				if bytes.Contains(v1, []byte(`"partner"`)) || bytes.Contains(v1, []byte(`"alone"`)) {
					t.Fatalf("view of seat %d names the partner before the called trump is played: %s", seat, v1)
				}
				if seat == a || seat == b {
					continue
				}
				if v2 := viewJSON(s2, seat); !bytes.Equal(v1, v2) {
					t.Fatalf("seat %d sees a difference between partner %d and %d:\n%s\n%s", seat, a, b, v1, v2)
				}
				compared++
			}
			if res := s1.Result(); res.Partner != -1 {
				t.Fatalf("Result reveals partner %d before the end", res.Partner)
			}
			buf = s1.Legal(buf[:0])
			act := game.Pick(rng, buf)
			s1.ApplyUnchecked(act)
			if s2.Apply(act) != nil {
				break // the worlds diverge in what is legal for a or b
			}
		}
	}
	if compared < hands {
		t.Fatalf("only %d view comparisons", compared)
	}
}

// TestResamplePartnerVaries checks that resampling the view of a seat that
// is neither the Tappist nor the partner yields worlds with different
// partners (and playing alone), as long as the called trump is unplayed.
func TestResamplePartnerVaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{7, 8} {
		r := Default(n)
		for h := 0; h < 10; h++ {
			deck := game.ShuffledDeck(r.Pack(), rng)
			s := callGame(t, r, deck, 0, rng, 1, card.Trump(20))
			viewer := -1
			for p := 0; p < n; p++ {
				if p != 1 && p != int(s.partner) && !s.hands[p].Has(card.Trump(20)) {
					viewer = p
					break
				}
			}
			// Play a few cards, stopping before T20 appears.
			var buf []game.Action
			for k := 0; k < 12 && !s.Done(); k++ {
				buf = s.Legal(buf[:0])
				a := game.Pick(rng, buf)
				if a.Card == card.Trump(20) && a.Kind == game.KindPlay {
					break
				}
				s.ApplyUnchecked(a)
			}
			v := s.view(game.ViewerOf(viewer))
			partners := map[int]int{}
			for i := 0; i < 300; i++ {
				w, err := r.Resample(v, rng)
				if err != nil {
					t.Fatal(err)
				}
				partners[int(w.(*State).partner)]++
			}
			if len(partners) < 3 {
				t.Errorf("%d players, seat %d: resampled partners %v", n, viewer, partners)
			}
		}
	}
}

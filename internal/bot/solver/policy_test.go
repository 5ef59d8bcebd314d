package solver

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// TestPolicy checks the exported policy functions on random positions of
// every variant: PolicyCard is legal and deterministic without a
// generator, Playout and Rollouts give results within the line bounds, and
// Rollouts covers every legal card in ascending order.
func TestPolicy(t *testing.T) {
	for _, vc := range testVariants {
		t.Run(vc.name, func(t *testing.T) {
			r := vc.rules()
			rng := rand.New(rand.NewPCG(21, 21))
			for i := 0; i < 20; i++ {
				s := dealToPlay(r, rng, dealer{layout: 0.5, maxK: 1})
				playRandom(s, rng, 1+rng.IntN(r.Tricks()), rng.IntN(3))
				if s.Done() {
					continue
				}
				c, ok := PolicyCard(s, nil)
				if c2, _ := PolicyCard(s, nil); !ok || c != c2 || !s.LegalCards().Has(c) {
					t.Fatalf("PolicyCard %v %v (again %v), legal %v", c, ok, c2, s.LegalCards())
				}
				ru, p := mustPosition(t, s)
				ru.lineBounds = true
				lo, hi := ru.bounds(&p)
				x, ok := Playout(s, rng)
				if !ok || int64(x) < lo || int64(x) > hi {
					t.Fatalf("Playout %d (%v) outside [%d, %d]", x, ok, lo, hi)
				}
				est := Rollouts(s, 3, uint64(i))
				var cards card.Set
				for k, e := range est {
					if k > 0 && e.Card <= est[k-1].Card {
						t.Fatalf("Rollouts not in ascending order")
					}
					if e.Mean < float64(lo) || e.Mean > float64(hi) {
						t.Fatalf("Rollouts %v: %.1f outside [%d, %d]", e.Card, e.Mean, lo, hi)
					}
					cards.Add(e.Card)
				}
				if cards != s.LegalCards() {
					t.Fatalf("Rollouts cards %v, legal %v", cards, s.LegalCards())
				}
				again := Rollouts(s, 3, uint64(i))
				for k := range est {
					if est[k] != again[k] {
						t.Fatalf("Rollouts not reproducible: %v vs %v", est[k], again[k])
					}
				}
			}
		})
	}
}

// TestPolicyOutsidePlay checks the refusals outside the play phase.
func TestPolicyOutsidePlay(t *testing.T) {
	r := droggn.Default(3)
	s, err := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 1))), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := PolicyCard(s, nil); ok {
		t.Fatal("PolicyCard in bidding")
	}
	if _, ok := Playout(s, nil); ok {
		t.Fatal("Playout in bidding")
	}
	if Rollouts(s, 1, 1) != nil {
		t.Fatal("Rollouts in bidding")
	}
}

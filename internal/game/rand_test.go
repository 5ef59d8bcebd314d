package game

import (
	"testing"

	"trull/internal/card"
)

// TestFastSource pins the generator's sequence (playouts must be the same
// on every machine), separates streams, and checks that IntN and Card are
// in range and uniform (a chi-squared test at a generous bound).
func TestFastSource(t *testing.T) {
	a, b := NewFastSource(7, 1), NewFastSource(7, 1)
	for range 100 {
		if a.Uint64() != b.Uint64() {
			t.Fatal("game: the same seed and stream gave different numbers")
		}
	}
	if NewFastSource(7, 1).Uint64() == NewFastSource(7, 2).Uint64() {
		t.Error("game: streams 1 and 2 start alike")
	}
	if got, want := NewFastSource(1, 0).Uint64(), uint64(0x8ec8011bd2c7d448); got != want {
		t.Errorf("game: first number of (1, 0) = %#x, want %#x", got, want)
	}

	set := card.Of(card.Pagat, card.Fool, card.Mond, card.SuitCard(card.Suit2, card.King), card.SuitCard(card.Suit3, card.Jack))
	cs := set.Cards(nil)
	counts := map[card.Card]int{}
	s := NewFastSource(3, 3)
	const n = 50000
	for range n {
		c := s.Card(set)
		if !set.Has(c) {
			t.Fatalf("game: Card returned %v, not in the set", c)
		}
		counts[c]++
		if k := s.IntN(13); k < 0 || k >= 13 {
			t.Fatalf("game: IntN(13) = %d", k)
		}
	}
	chi := 0.0
	exp := float64(n) / float64(len(cs))
	for _, c := range cs {
		d := float64(counts[c]) - exp
		chi += d * d / exp
	}
	if chi > 25 { // 4 degrees of freedom: p < 0.0001
		t.Errorf("game: Card is not uniform: χ² = %.1f, counts %v", chi, counts)
	}

	deck := []card.Card{1, 2, 3, 4, 5, 6}
	s.Shuffle(deck)
	if card.Of(deck...) != card.Of(1, 2, 3, 4, 5, 6) {
		t.Errorf("game: Shuffle lost cards: %v", deck)
	}
}

// TestFastSourceCard checks that Card draws one number and picks
// set.Nth(IntN(set.Len())), the choice seeded playouts depend on.
func TestFastSourceCard(t *testing.T) {
	a, b := NewFastSource(9, 4), NewFastSource(9, 4)
	pack := card.Droggn78.Cards
	for range 20000 {
		u := b.Uint64() // the set: any non-empty subset of the pack
		set := card.Set{Lo: pack.Lo & u, Hi: pack.Hi & (u*0x9e3779b97f4a7c15 | u>>17)}
		a.Uint64()
		if set.Empty() {
			continue
		}
		want := set.Nth(b.IntN(set.Len()))
		if got := a.Card(set); got != want {
			t.Fatalf("game: Card(%v) = %v, want %v", set, got, want)
		}
	}
}

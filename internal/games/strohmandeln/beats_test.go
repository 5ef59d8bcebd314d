package strohmandeln

import (
	"testing"

	"trull/internal/card"
)

// TestBeats checks the branch-free trick order against the rule spelled
// out: a Tarock beats a suit card and a lower Tarock, a suit card beats a
// lower card of its own suit only, any card an empty trick.
func TestBeats(t *testing.T) {
	for _, a := range card.Stroh54.Order {
		for _, b := range card.Stroh54.Order {
			if a == b {
				continue
			}
			aT, bT := isTarock(a), isTarock(b)
			want := bT && (!aT || b > a) || !bT && !aT && a.Suit() == b.Suit() && b > a
			if got := Beats(b, a); got != want {
				t.Errorf("Beats(%v, %v) = %v, want %v", b, a, got, want)
			}
		}
		if !Beats(a, card.None) {
			t.Errorf("%v does not take an empty trick", a)
		}
	}
}

//go:build amd64 && !purego

package card

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestPickWithoutPDEP checks the assembly's jump to pickGo, taken on CPUs
// without a fast PDEP.
func TestPickWithoutPDEP(t *testing.T) {
	defer func(fast bool) { fastPDEP = fast }(fastPDEP)
	fastPDEP = false
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		s := Set{Lo: Droggn78.Cards.Lo & rng.Uint64(), Hi: Droggn78.Cards.Hi & rng.Uint64()}
		if s.Empty() {
			continue
		}
		u := rng.Uint64()
		i, _ := bits.Mul64(u, uint64(s.Len()))
		if got, want := s.Pick(u), s.Nth(int(i)); got != want {
			t.Fatalf("%v.Pick(%#x) = %d without PDEP, want %d", s, u, got, want)
		}
	}
}

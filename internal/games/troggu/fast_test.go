package troggu

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestSelectBit compares the broadword select with a simple loop.
func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 20000; i++ {
		x := rng.Uint64() & rng.Uint64()
		if i%3 == 0 {
			x = rng.Uint64()
		}
		if x == 0 {
			continue
		}
		y := x
		for k := 0; k < bits.OnesCount64(x); k++ {
			if got, want := selectBit(x, k), bits.TrailingZeros64(y); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", x, k, got, want)
			}
			y &= y - 1
		}
	}
}

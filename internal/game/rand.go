package game

import (
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
)

// FastSource is the random source of playouts and rollouts: the wyrand
// generator (a 64-bit Weyl sequence mixed by one 128-bit multiplication),
// which passes the BigCrush and PractRand batteries and costs about a
// nanosecond a number, half of PCG's cost. It is not for anything that
// must be unpredictable: decks of real hands come from DeckFromSeed.
type FastSource struct{ state uint64 }

// NewFastSource returns a FastSource for the seed and a stream number
// (different streams give unrelated sequences for the same seed).
func NewFastSource(seed, stream uint64) *FastSource {
	s := &FastSource{state: seed ^ bits.RotateLeft64(stream, 32) ^ 0x9e3779b97f4a7c15*(stream+1)}
	s.Uint64() // mix the seed before the first number
	return s
}

// FastSourceFrom returns a FastSource seeded by one number of rng: a
// playout's own generator, cheaper than calls through rng's interface.
func FastSourceFrom(rng *rand.Rand) FastSource { return FastSourceSeeded(rng.Uint64()) }

// FastSourceSeeded returns a FastSource whose state is seed, unmixed: a
// value to keep inside a struct, for callers that mix their own seeds.
func FastSourceSeeded(seed uint64) FastSource { return FastSource{state: seed} }

// Uint64 returns the next number.
func (s *FastSource) Uint64() uint64 {
	var u uint64
	s.state, u = wyrand(s.state)
	return u
}

// wyrand advances a state and returns it with the number it gives.
func wyrand(state uint64) (next, u uint64) {
	state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(state, state^0xe7037ed1a0b428db)
	return state, hi ^ lo
}

// IntN returns a number in [0, n) for 0 < n < 2³², by multiply-shift:
// the bias is below n/2⁶⁴, far below anything a playout can detect.
func (s *FastSource) IntN(n int) int {
	hi, _ := bits.Mul64(s.Uint64(), uint64(n))
	return int(hi)
}

// Card returns a uniformly random card of a non-empty set. It draws one
// number, and its card is set.Nth(s.IntN(set.Len())).
func (s *FastSource) Card(set card.Set) card.Card { return set.Pick(s.Uint64()) }

// Shuffle shuffles cards uniformly (Fisher–Yates): it draws IntN(i+1) for
// i from len(cards)−1 down to 1. The state stays in a register meanwhile
// (through s it would make a store-to-load round trip a card).
func (s *FastSource) Shuffle(cards []card.Card) {
	x := s.state
	for i := len(cards) - 1; i > 0; i-- {
		var u uint64
		x, u = wyrand(x)
		j, _ := bits.Mul64(u, uint64(i+1)) // IntN(i+1)
		cards[i], cards[j] = cards[j], cards[i]
	}
	s.state = x
}

// NewFastRand returns a *rand.Rand on a FastSource.
func NewFastRand(seed, stream uint64) *rand.Rand { return rand.New(NewFastSource(seed, stream)) }

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
	s.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(s.state, s.state^0xe7037ed1a0b428db)
	return hi ^ lo
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

// Shuffle shuffles cards uniformly (Fisher–Yates).
func (s *FastSource) Shuffle(cards []card.Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := s.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// NewFastRand returns a *rand.Rand on a FastSource.
func NewFastRand(seed, stream uint64) *rand.Rand { return rand.New(NewFastSource(seed, stream)) }

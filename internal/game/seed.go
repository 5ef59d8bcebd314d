package game

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
)

// DeckFromSeed derives a deck from a seed string, the same on every machine
// and in every version: the SHA-256 digest of the seed keys a ChaCha8
// generator (math/rand/v2, whose stream is fixed by its specification), and
// a Fisher–Yates shuffle of the pack's canonical order draws each index
// j ∈ [0, i] from successive 64-bit outputs by Lemire's multiply-shift with
// rejection. deck[0] is the top card.
func DeckFromSeed(p *card.Pack, seed string) []card.Card {
	key := sha256.Sum256([]byte(seed))
	src := rand.NewChaCha8(key)
	deck := append([]card.Card(nil), p.Order...)
	for i := len(deck) - 1; i > 0; i-- {
		j := boundedDraw(src, uint64(i+1))
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck
}

func boundedDraw(src *rand.ChaCha8, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// ShuffledDeck returns a random deck drawn from rng (not reproducible across
// versions; use DeckFromSeed for records).
func ShuffledDeck(p *card.Pack, rng *rand.Rand) []card.Card {
	deck := append([]card.Card(nil), p.Order...)
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// NewRand returns a deterministic generator for a seed string and a stream
// number (seat, hand index, worker, …).
func NewRand(seed string, stream uint64) *rand.Rand {
	key := sha256.Sum256([]byte(seed))
	binary.LittleEndian.PutUint64(key[24:], binary.LittleEndian.Uint64(key[24:])^stream)
	return rand.New(rand.NewChaCha8(key))
}

package troggu

import (
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
)

// RandomPlayout finishes the hand with uniformly random legal decisions on
// the fast path, without allocating: random bids, a random call, random
// discards and random card plays.
func (s *State) RandomPlayout(rng *rand.Rand) {
	r := game.FastSourceFrom(rng)
	for {
		switch s.phase {
		case phaseBidding:
			m := s.LegalBids()
			for k := r.IntN(bits.OnesCount8(m)); k > 0; k-- {
				m &= m - 1
			}
			s.Bid(uint8(bits.TrailingZeros8(m)))
		case phaseCall:
			s.CallTrump(r.Card(callable))
		case phaseExchange:
			s.Discard(r.Card(s.LegalDiscards()))
		case phasePlay:
			for s.phase == phasePlay {
				w0, w1 := s.legalWords()
				s.PlayCard(r.Card(card.Set{Lo: w0, Hi: w1}))
			}
		default:
			return
		}
	}
}

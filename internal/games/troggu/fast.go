package troggu

import (
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
)

// fastRand is a small, fast generator (wyrand) for random playouts; it is
// seeded from the caller's generator once per playout.
type fastRand struct{ s uint64 }

func (r *fastRand) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// intn returns a number in [0, n) (multiply-shift; the bias is below 2⁻⁵⁸
// for the small n used here).
func (r *fastRand) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// card returns a uniformly random card of a non-empty set (branch-free:
// whether the card is a trump is as random as the card).
func (r *fastRand) card(s card.Set) card.Card { return r.pick(s.Lo, s.Hi) }

// pick returns a uniformly random card of the non-empty set {w0, w1},
// without branches: whether the card is a trump is as random as the card.
func (r *fastRand) pick(w0, w1 uint64) card.Card {
	n0 := bits.OnesCount64(w0)
	k := r.intn(n0 + bits.OnesCount64(w1))
	m := uint64(int64(n0-k-1) >> 63) // all ones when k ≥ n0: the card is in word 1
	k -= n0 & int(m)
	return card.Card(int(m&64) + selectBit(w0&^m|w1&m, k))
}

// selectInByte[r<<8|b] is the index of the r-th set bit of the byte b.
var selectInByte [8 << 8]uint8

func init() {
	for b := 0; b < 256; b++ {
		r := 0
		for i := 0; i < 8; i++ {
			if b>>uint(i)&1 != 0 {
				selectInByte[r<<8|b] = uint8(i)
				r++
			}
		}
	}
}

// selectBit returns the index of the k-th (0-based) set bit of x, which
// must have more than k bits set (broadword select after S. Vigna,
// "Broadword implementation of rank/select queries", 2008).
func selectBit(x uint64, k int) int {
	const l8, h8 = 0x0101010101010101, 0x8080808080808080
	s := x - (x>>1)&0x5555555555555555
	s = s&0x3333333333333333 + (s>>2)&0x3333333333333333
	s = (s + s>>4) & 0x0f0f0f0f0f0f0f0f
	sums := s * l8
	place := uint(bits.OnesCount64(((uint64(k)*l8|h8)-sums)&h8)) * 8
	rank := uint64(k) - (sums<<8)>>place&0xff
	return int(place) + int(selectInByte[(rank<<8|(x>>place)&0xff)&(8<<8-1)])
}

// RandomPlayout finishes the hand with uniformly random legal decisions on
// the fast path, without allocating: random bids, a random call, random
// discards and random card plays.
func (s *State) RandomPlayout(rng *rand.Rand) {
	r := fastRand{rng.Uint64()}
	for {
		switch s.phase {
		case phaseBidding:
			m := s.LegalBids()
			for k := r.intn(bits.OnesCount8(m)); k > 0; k-- {
				m &= m - 1
			}
			s.Bid(uint8(bits.TrailingZeros8(m)))
		case phaseCall:
			s.CallTrump(r.card(callable))
		case phaseExchange:
			s.Discard(r.card(s.LegalDiscards()))
		case phasePlay:
			for s.phase == phasePlay {
				s.PlayCard(r.pick(s.legalWords()))
			}
		default:
			return
		}
	}
}

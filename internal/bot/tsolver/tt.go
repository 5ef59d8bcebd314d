package tsolver

import "trull/internal/card"

// ttBits is the log2 of the transposition table's size.
const ttBits = 16

// ttKey identifies a position at the start of a trick exactly: the cards in
// play, three bit planes of their holders' seat numbers, and the leader,
// the points and tricks won so far and the reneged seats.
type ttKey struct {
	live   uint64
	planes [3]uint64
	meta   uint64
}

// entry holds the bounds on a position's outcome class proved so far.
type entry struct {
	key    ttKey
	gen    uint32
	lo, hi int8
	move   card.Card // the leader's card that last decided a search
}

// pack folds a set of Troggu cards into one word: the trumps and FOOL keep
// bits 1–22, the ten cards of each suit (strengths 4–13) follow from bit 23.
func pack(s card.Set) uint64 {
	return s.Lo&trumpWord | (s.Hi>>4&0x3ff)<<23 | (s.Hi>>20&0x3ff)<<33 |
		(s.Hi>>36&0x3ff)<<43 | (s.Hi>>52&0x3ff)<<53
}

// key returns the table key of p, a position at the start of a trick.
func (sv *Solver) key(p *pos) ttKey {
	var k ttKey
	for q := int8(0); q < sv.g.n; q++ {
		h := pack(p.hands[q])
		k.live |= h
		for j := 0; j < 3; j++ {
			if q>>uint(j)&1 != 0 {
				k.planes[j] |= h
			}
		}
	}
	k.meta = uint64(p.leader) | uint64(uint8(p.pts))<<3 | uint64(p.reneged)<<11
	if p.declWon {
		k.meta |= 1 << 19
	}
	if p.defWon {
		k.meta |= 1 << 20
	}
	return k
}

// index returns the table slot of k.
func (k *ttKey) index() uint64 {
	h := k.live * 0x9e3779b97f4a7c15
	h = (h ^ k.planes[0]) * 0xbf58476d1ce4e5b9
	h = (h ^ k.planes[1]) * 0x94d049bb133111eb
	h = (h ^ k.planes[2]) * 0x9e3779b97f4a7c15
	h = (h ^ k.meta) * 0xbf58476d1ce4e5b9
	return h >> (64 - ttBits)
}

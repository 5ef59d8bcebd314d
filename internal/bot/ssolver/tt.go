package ssolver

import "trull/internal/card"

// DefaultTableBits is the log2 of the number of entries of New's
// transposition table (48 bytes each).
const DefaultTableBits = 16

// ttKey identifies a position at the start of a trick exactly: the two
// playable sets and the exposed tops (the face-down cards follow from
// them), each folded into one word, and the rest of the position in meta.
type ttKey struct {
	avail [2]uint64
	tops  uint64
	meta  uint64
}

// entry holds the bounds on a position's value proved so far and the move
// that last decided a search of it.
type entry struct {
	key    ttKey
	gen    uint32
	lo, hi int8
	move   move
}

// fold packs a set of Strohmandeln cards into one word: the Tarocks at bits
// 0–21, then bits 6–13 of each suit's block, 8 bits a suit.
func fold(s card.Set) uint64 {
	return s.Lo>>1 | (s.Hi>>6&0xff)<<22 | (s.Hi>>22&0xff)<<30 | (s.Hi>>38&0xff)<<38 | (s.Hi>>54&0xff)<<46
}

// key returns the table key of p, a position at the start of a trick.
func key(p *pos) ttKey {
	return ttKey{
		avail: [2]uint64{fold(p.avail[0]), fold(p.avail[1])},
		tops:  fold(p.tops),
		meta: uint64(p.leader) | uint64(uint8(p.n0))<<1 | uint64(uint16(p.raw0))<<6 |
			uint64(uint8(p.extra))<<14 | uint64(p.won)<<22 | uint64(p.announce)<<26 |
			uint64(p.ross)<<30 | uint64(uint8(p.rossSeat))<<33,
	}
}

// index returns the table slot of k in a table of 1<<bits entries.
func (k *ttKey) index(bits uint) uint64 {
	h := k.avail[0] * 0x9e3779b97f4a7c15
	h = (h ^ k.avail[1]) * 0xbf58476d1ce4e5b9
	h = (h ^ k.tops) * 0x94d049bb133111eb
	h = (h ^ k.meta) * 0x9e3779b97f4a7c15
	return h >> (64 - bits)
}

package solver

import (
	"math/bits"

	"trull/internal/card"
)

// Relative ranks. Only the order of the cards still in play matters to
// the rest of a hand, not which cards left it before: two positions whose
// cards, listed in rank order within each group (the trumps and the
// Gstieß on one line, the suits on the other), have the same owners and
// the same points play out alike. The table key of a position at the
// start of a trick (relKey) therefore describes the hands in relative
// ranks: each line of a hand is compressed onto the cards in play (bit i
// set when the hand holds the i-th lowest card in play of that line),
// together with the number of cards in play of each group and the cards
// in play that are not worth 1 point. When the 1-point cards of each group
// form one run of ranks (both Droggn packs: T2–T20, the pips below the
// court cards), those determine the points of every card in the order.
//
// The search keeps the compressed hands of the declarer and of d1 in
// pos.rel (the third hand is the rest); a finished trick squeezes its
// three cards out. The table's move is stored as a relative rank as well.

// onesRuns reports whether the 1-point cards of each group form one run.
func onesRuns(ones card.Set) bool {
	run := func(x uint64) bool {
		if x == 0 {
			return true
		}
		x >>= bits.TrailingZeros64(x)
		return x&(x+1) == 0
	}
	if !run(ones.Lo & card.TrumpsOnly.Lo) {
		return false
	}
	for u := 0; u < 4; u++ {
		if !run(ones.Hi & (0x3fff << (16 * u))) {
			return false
		}
	}
	return true
}

// pext returns the bits of x at the positions of mask, packed into the
// low bits in order.
func pext(x, mask uint64) uint64 {
	var r uint64
	for i := uint(0); mask != 0; i++ {
		low := mask & -mask
		if x&low != 0 {
			r |= 1 << i
		}
		mask ^= low
	}
	return r
}

// initRel sets p.rel from p's hands.
func initRel(p *pos) {
	for i := range p.rel {
		p.rel[i] = card.Set{Lo: pext(p.hands[i].Lo, p.occ.Lo), Hi: pext(p.hands[i].Hi, p.occ.Hi)}
	}
	p.stale = false
}

// squeeze removes the cards of the trick just finished from p.rel.
func squeeze(p *pos) {
	occ := p.occ
	for _, c := range p.trick {
		occ.Add(c)
	}
	for _, c := range p.trick {
		if c < 64 {
			bit := uint64(1) << c
			keep := uint64(1)<<bits.OnesCount64(occ.Lo&(bit-1)) - 1
			occ.Lo &^= bit
			p.rel[0].Lo = p.rel[0].Lo&keep | p.rel[0].Lo>>1&^keep
			p.rel[1].Lo = p.rel[1].Lo&keep | p.rel[1].Lo>>1&^keep
		} else {
			bit := uint64(1) << (c & 63)
			keep := uint64(1)<<bits.OnesCount64(occ.Hi&(bit-1)) - 1
			occ.Hi &^= bit
			p.rel[0].Hi = p.rel[0].Hi&keep | p.rel[0].Hi>>1&^keep
			p.rel[1].Hi = p.rel[1].Hi&keep | p.rel[1].Hi>>1&^keep
		}
	}
	p.stale = false
}

// relCard encodes a card in play as its line and relative rank.
func relCard(occ card.Set, c card.Card) card.Card {
	if c == card.None {
		return card.None
	}
	if c >= 64 {
		return 128 | card.Card(bits.OnesCount64(occ.Hi&(1<<(c&63)-1)))
	}
	return 64 | card.Card(bits.OnesCount64(occ.Lo&(1<<c-1)))
}

// absCard decodes relCard.
func absCard(occ card.Set, r card.Card) card.Card {
	if r == card.None {
		return card.None
	}
	x, base := occ.Lo, card.Card(0)
	if r&128 != 0 {
		x, base = occ.Hi, 64
	}
	for j := r & 63; j > 0 && x != 0; j-- {
		x &= x - 1
	}
	if x == 0 {
		return card.None
	}
	return base + card.Card(bits.TrailingZeros64(x))
}

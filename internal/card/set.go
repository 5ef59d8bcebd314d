package card

import (
	"math/bits"
	"strings"
)

// Set is a set of cards as a 128-bit bitset: Lo holds T1 … T21 and FOOL,
// Hi the four suits (see the package documentation for the layout). The
// zero value is the empty set; Set is a value type of two words, passed in
// registers.
type Set struct{ Lo, Hi uint64 }

// Masks of the set layout.
var (
	// TrumpsOnly holds T1 … T21.
	TrumpsOnly = Set{Lo: 0x3ffffe}
	// TrumpsAndFool holds T1 … T21 and FOOL.
	TrumpsAndFool = Set{Lo: 0x7ffffe}
)

// SuitMask returns the set of all 14 cards of suit s (of the 78-card universe).
func SuitMask(s Suit) Set { return Set{Hi: 0x3fff << (16 * uint(s))} }

// Of returns the set holding the given cards. It adds each card's single
// set from a table: two loads and two ORs a card, on two words that stay in
// registers (a Set added to in a loop stays in memory, one store-to-load
// round trip a card), which matters when dealing on the fast paths.
func Of(cs ...Card) Set {
	var lo, hi uint64
	for _, c := range cs {
		b := &singles[c&127]
		lo |= b.Lo
		hi |= b.Hi
	}
	return Set{Lo: lo, Hi: hi}
}

// Bit returns Single(c) from a table: one load instead of Single's shifts
// and masks, which the fast paths of the engines prefer.
func Bit(c Card) Set { return singles[c&127] }

// singles[c] is Single(c); Single(c) depends on c&127 only.
var singles = func() (t [128]Set) {
	for c := range t {
		t[c] = Single(Card(c))
	}
	return t
}()

// Single returns the set holding only c.
func Single(c Card) Set {
	b := uint64(1) << (c & 63)
	hi := -(uint64(c) >> 6 & 1)
	return Set{Lo: b &^ hi, Hi: b & hi}
}

// Has reports whether c is in s.
func (s Set) Has(c Card) bool {
	if c < 64 {
		return s.Lo>>c&1 != 0
	}
	return s.Hi>>(c&63)&1 != 0
}

// Add adds c to s. It is branch-free: dealing adds cards in random order,
// where a branch on the word would be mispredicted half of the time.
func (s *Set) Add(c Card) {
	b := uint64(1) << (c & 63)
	hi := -(uint64(c) >> 6 & 1) // all ones for a card of Hi
	s.Lo |= b &^ hi
	s.Hi |= b & hi
}

// Remove removes c from s (branch-free, as Add).
func (s *Set) Remove(c Card) {
	b := uint64(1) << (c & 63)
	hi := -(uint64(c) >> 6 & 1)
	s.Lo &^= b &^ hi
	s.Hi &^= b & hi
}

// Len returns the number of cards in s.
func (s Set) Len() int { return bits.OnesCount64(s.Lo) + bits.OnesCount64(s.Hi) }

// Empty reports whether s has no card.
func (s Set) Empty() bool { return s.Lo|s.Hi == 0 }

// Union returns s ∪ t.
func (s Set) Union(t Set) Set { return Set{Lo: s.Lo | t.Lo, Hi: s.Hi | t.Hi} }

// Intersect returns s ∩ t.
func (s Set) Intersect(t Set) Set { return Set{Lo: s.Lo & t.Lo, Hi: s.Hi & t.Hi} }

// Minus returns s \ t.
func (s Set) Minus(t Set) Set { return Set{Lo: s.Lo &^ t.Lo, Hi: s.Hi &^ t.Hi} }

// Overlaps reports whether s ∩ t is not empty.
func (s Set) Overlaps(t Set) bool { return s.Lo&t.Lo|s.Hi&t.Hi != 0 }

// SubsetOf reports whether every card of s is in t.
func (s Set) SubsetOf(t Set) bool { return s.Lo&^t.Lo|s.Hi&^t.Hi == 0 }

// Trumps returns the numbered trumps of s (FOOL excluded).
func (s Set) Trumps() Set { return Set{Lo: s.Lo & TrumpsOnly.Lo} }

// OfSuit returns the cards of suit u in s.
func (s Set) OfSuit(u Suit) Set { return Set{Hi: s.Hi & (0x3fff << (16 * uint(u)))} }

// HasSuit reports whether s holds a card of suit u.
func (s Set) HasSuit(u Suit) bool { return s.Hi&(0x3fff<<(16*uint(u))) != 0 }

// Lowest returns the lowest card of s (by value), None when empty.
func (s Set) Lowest() Card {
	if s.Lo != 0 {
		return Card(bits.TrailingZeros64(s.Lo))
	}
	if s.Hi != 0 {
		return Card(64 + bits.TrailingZeros64(s.Hi))
	}
	return None
}

// Highest returns the highest card of s (by value), None when empty. Within
// the trumps this is the highest trump number (FOOL above T21); within one
// suit it is the strongest card.
func (s Set) Highest() Card {
	if s.Hi != 0 {
		return Card(127 - bits.LeadingZeros64(s.Hi))
	}
	if s.Lo != 0 {
		return Card(63 - bits.LeadingZeros64(s.Lo))
	}
	return None
}

// Pop removes and returns the lowest card of s, None when empty.
func (s *Set) Pop() Card {
	if s.Lo != 0 {
		c := Card(bits.TrailingZeros64(s.Lo))
		s.Lo &= s.Lo - 1
		return c
	}
	if s.Hi != 0 {
		c := Card(64 + bits.TrailingZeros64(s.Hi))
		s.Hi &= s.Hi - 1
		return c
	}
	return None
}

// Nth returns the i-th lowest card of s (0-based); i must be < s.Len().
func (s Set) Nth(i int) Card {
	lo := prefixCounts(s.Lo)
	x, sums, base, u := s.Lo, lo, 0, uint64(i)
	if n0 := lo >> 56; u >= n0 {
		x, sums, base, u = s.Hi, prefixCounts(s.Hi), 64, u-n0
	}
	return Card(base + selectIn(x, sums, u))
}

// Pick returns the card of s at index ⌊u·n/2⁶⁴⌋, n = s.Len(): for a uniform
// 64-bit u a uniformly random card, the same as s.Nth of the multiply-shift
// index of u (as game.FastSource.IntN maps a number to [0, n)). s must not
// be empty.
//
// A random playout chooses every card this way, and the next choice waits
// for this one, so Pick is built for latency. Where the CPU has a fast PDEP
// instruction (x86 BMI2) it is a few instructions of assembly: PDEP
// deposits the bit 1<<i at the position of the i-th set bit of the word.
// Elsewhere it is pickGo. Pick itself is one call, small enough to be
// inlined.
func (s Set) Pick(u uint64) Card { return Card(pick(s.Lo, s.Hi, u)) }

// pickGo is Pick without assembly. It counts the cards once for both the
// length and the selection, without a population-count instruction (on
// GOAMD64=v1 each of those comes with a feature check and a call on a cold
// path that costs spills on the hot one).
func pickGo(lo, hi, u uint64) uint64 {
	slo, shi := prefixCounts(lo), prefixCounts(hi)
	n0 := slo >> 56
	i, _ := bits.Mul64(u, n0+shi>>56)
	x, sums, base := lo, slo, 0
	if i >= n0 {
		x, sums, base, i = hi, shi, 64, i-n0
	}
	return uint64(base + selectIn(x, sums, i))
}

// prefixCounts returns the running population count of x by bytes: byte k
// of the result is the number of set bits in bytes 0 … k of x, so the top
// byte is the population count of x. The bytes' own counts come from the
// usual SWAR reduction (pairs, nibbles, bytes); one multiplication by
// 0x0101…01 then adds every byte into all the bytes above it.
func prefixCounts(x uint64) uint64 {
	s := x - (x>>1)&0x5555555555555555
	s = s&0x3333333333333333 + (s>>2)&0x3333333333333333
	s = (s + s>>4) & 0x0f0f0f0f0f0f0f0f
	return s * 0x0101010101010101
}

// selectIn returns the position of the i-th lowest set bit of x (i must be
// below the number of set bits), given sums = prefixCounts(x), without
// branches by broadword selection (S. Vigna, "Broadword implementation of
// rank/select queries", 2008): subtracting the prefix sums from 0x80+i in
// every byte leaves the top bit of byte k set exactly when bytes 0 … k hold
// at most i set bits, that is when the bit lies above byte k; a second
// multiplication counts those bytes, and a table finishes inside the byte.
func selectIn(x, sums, i uint64) int {
	const l8, h8 = 0x0101010101010101, 0x8080808080808080
	before := (((i*l8 | h8) - sums) & h8 >> 7) * l8 >> 56 // whole bytes below the bit
	place := before * 8 & 63                              // (the mask only spares Go's check for shifts ≥ 64)
	rank := i - (sums<<8)>>place&0xff                     // set bits of x below byte place/8
	return int(place) + int(selectInByte[(rank<<8|x>>place&0xff)&(8<<8-1)])
}

// selectInByte[r<<8|b] is the position of the r-th lowest set bit of b.
var selectInByte = func() (t [8 << 8]uint8) {
	for b := range 256 {
		r := 0
		for pos := range 8 {
			if b>>pos&1 != 0 {
				t[r<<8|b] = uint8(pos)
				r++
			}
		}
	}
	return t
}()

// Cards returns the cards of s in ascending value order, appended to dst.
func (s Set) Cards(dst []Card) []Card {
	for !s.Empty() {
		dst = append(dst, s.Pop())
	}
	return dst
}

// String formats s as French-style IDs, for debugging.
func (s Set) String() string { return s.Format(French) }

// Format formats s as space-separated IDs in style st.
func (s Set) Format(st Style) string {
	var b strings.Builder
	for t := s; !t.Empty(); {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(st.ID(t.Pop()))
	}
	return b.String()
}

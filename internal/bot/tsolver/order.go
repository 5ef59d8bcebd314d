package tsolver

import (
	"math/bits"

	"trull/internal/card"
)

// maxMoves bounds the moves of one seat (the hand of 18 cards of three
// players).
const maxMoves = 18

// order writes the moves ms into dst, most promising first, and returns
// their number. first (if among ms) comes before all others. A seat
// following to a trick an opponent is winning tries its cheapest winning
// cards first, then its cheapest cards; a seat whose side is winning gives
// it points; a leader leads masters (the highest card of a group in play)
// before low cards.
func (g *rules) order(p *pos, ms card.Set, first card.Card, dst *[maxMoves]card.Card) int {
	var pri [maxMoves]int
	n := 0
	mover := p.toAct
	own := p.bestSeat >= 0 && (g.side>>uint(p.bestSeat)^g.side>>uint(mover))&1 == 0
	for x := ms; !x.Empty(); {
		c := x.Pop()
		pts := int(points[c])
		var v int
		switch {
		case c == first:
			v = 1 << 20
		case p.played == 0 || p.follow.Lo|p.follow.Hi == 0:
			if master(p.live, c) {
				v = 1000 + pts
			} else {
				v = -8*pts - int(c&15)
			}
		default:
			key := strength(p, c)
			switch {
			case key > p.bestKey && !own:
				v = 2000 - int(key)
			case own && key <= p.bestKey:
				v = 1000 + 8*pts - int(c&15)
			case own:
				v = 8*pts - int(key)
			default:
				v = -8*pts - int(c&15)
			}
		}
		i := n
		for i > 0 && pri[i-1] < v {
			pri[i], dst[i] = pri[i-1], dst[i-1]
			i--
		}
		pri[i], dst[i] = v, c
		n++
	}
	return n
}

// strength returns the trick-taking key of c played now (as play computes
// it): 128+value for a trump, strength+1 for a card of the led suit, 0 for
// a powerless FOOL or a card that neither follows nor trumps.
func strength(p *pos, c card.Card) uint8 {
	switch {
	case c == card.Fool && p.reneged>>uint(p.toAct)&1 != 0:
		return 0
	case c < 64:
		return 128 + uint8(c)
	case p.follow.Has(c):
		return uint8(c&15) + 1
	}
	return 0
}

// master reports whether c is the highest card of its group (the trumps
// and FOOL, or its suit) still in play.
func master(live card.Set, c card.Card) bool {
	if c < 64 {
		return live.Lo&trumpWord>>uint(c) == 1
	}
	u := uint(c-64) &^ 15
	return bits.Len64(live.Hi>>u&0xffff) == int(c-64)-int(u)+1
}

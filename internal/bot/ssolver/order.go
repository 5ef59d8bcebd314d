package ssolver

import (
	"math/bits"

	"trull/internal/card"
	"trull/internal/games/strohmandeln"
)

// order writes the moves of the seat to play into dst, most promising
// first, and returns their number. first (the table's move) comes before
// all others. A follower that can win the trick tries its winning cards
// first, those worth most first (they are safe in the trick), then its
// cheapest losing cards; a leader leads its masters (the highest live card
// of their group) worth most first, then its cheapest cards.
func (g *rules) order(p *pos, first move, dst *[maxMoves]move) int {
	n := g.moves(p, dst)
	var pri [maxMoves]int
	for i, m := range dst[:n] {
		c := m.card()
		pts := int(g.points[c])
		var v int
		switch {
		case m == first:
			v = 1 << 20
		case p.lead == card.None:
			if master(p.live, c) {
				v = 1000 + 8*pts
			} else {
				v = -8*pts - int(c&15)
			}
		case strohmandeln.Beats(c, p.lead):
			v = 1000 + 8*pts - int(c&15)
		default:
			v = -8*pts - int(c&15)
		}
		if m.say() != 0 {
			v--
		}
		pri[i] = v
	}
	// Insertion sort: a seat has few moves.
	for i := 1; i < n; i++ {
		m, v := dst[i], pri[i]
		j := i
		for j > 0 && pri[j-1] < v {
			dst[j], pri[j] = dst[j-1], pri[j-1]
			j--
		}
		dst[j], pri[j] = m, v
	}
	return n
}

// master reports whether c is the highest live card of its group (the
// Tarocks, or its suit).
func master(live card.Set, c card.Card) bool {
	if c < 64 {
		return bits.Len64(live.Lo&tarockWord) == int(c)+1
	}
	u := uint(c-64) &^ 15
	return bits.Len64(live.Hi>>u&suitBlock) == int(c-64)-int(u)+1
}

package rules

import (
	"trull/internal/card"
	"trull/internal/game"
)

// The estimates the three games' strategies share.

// noneDrawn is the probability that h cards drawn at random from a pool
// of u hold none of cand given cards (hypergeometric).
func noneDrawn(u, cand, h int) float64 {
	p := 1.0
	for i := 0; i < h; i++ {
		if u-cand-i <= 0 {
			return 0
		}
		p *= float64(u-cand-i) / float64(u-i)
	}
	return p
}

// pNoneHeld is the probability that a seat holds none of the cards of x:
// none when it is known to hold one, otherwise its hidden cards drawn at
// random from the unknown cards less those it cannot hold (void).
func pNoneHeld(x, known, void, unknown card.Set, hidden int) float64 {
	if x.Overlaps(known) {
		return 0
	}
	pool := unknown.Minus(void)
	cand := x.Intersect(pool).Len()
	if cand == 0 {
		return 1
	}
	return noneDrawn(pool.Len(), cand, min(hidden, pool.Len()))
}

// suitOdds are the weights of the chance that a kept suit card wins a
// later trick, before the ruff risk: master when no higher card of its
// suit is out; otherwise court (a jack or higher) or pip to start, plus
// guard for each higher card the seat holds, less out for each one out.
type suitOdds struct {
	master, court, pip, guard, out float64
}

// chance returns the chance for the suit card c with hiOut higher cards
// out and hiMine held, within [0.03, 0.8] unless c is a master.
func (w suitOdds) chance(c card.Card, hiOut, hiMine int) float64 {
	if hiOut == 0 {
		return w.master
	}
	base := w.pip
	if c.Rank() >= card.Jack {
		base = w.court
	}
	return min(0.8, max(0.03, base+w.guard*float64(hiMine)-w.out*float64(hiOut)))
}

// byCall returns the legal action with the call want, or legal[0] when
// there is none.
func byCall(legal []game.Action, want uint8) game.Action {
	for _, a := range legal {
		if a.Call == want {
			return a
		}
	}
	return legal[0]
}

// idSet parses a list of card IDs with parse, leaving out the unknown ones
// (card.None).
func idSet(ids []string, parse func(string) card.Card) card.Set {
	var s card.Set
	for _, id := range ids {
		if c := parse(id); c != card.None {
			s.Add(c)
		}
	}
	return s
}

// orNone returns c, or card.None when err is set.
func orNone(c card.Card, err error) card.Card {
	if err != nil {
		return card.None
	}
	return c
}

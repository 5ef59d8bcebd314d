package tsolver

import (
	"math/bits"

	"trull/internal/card"
	"trull/internal/games/troggu"
)

// CardValue is the value of one legal card: the final Score of the seat
// playing it when every seat plays perfectly afterwards.
type CardValue struct {
	Card  card.Card
	Score int
}

// Solver solves open-card Troggu play positions exactly (Normal and Solo).
// It keeps its transposition table between calls; it is reusable but not
// safe for concurrent use.
type Solver struct {
	g       rules
	tt      []entry
	stack   [maxPlies + 1]pos // the positions along the search path
	gen     uint32
	nodes   int
	budget  int
	aborted bool
}

// New returns a solver with an empty transposition table.
func New() *Solver {
	return &Solver{tt: make([]entry, 1<<ttBits)}
}

// Nodes returns the number of search nodes the last Evaluate visited (the
// positions searched before the last trick; the budget counts the same).
func (sv *Solver) Nodes() int { return sv.nodes }

// Evaluate returns, for every legal card of the seat to play in s (a State in
// the play phase, every hand as in s), that seat's final Score (as
// State.Score would give it) when that card is played and every seat plays
// perfectly afterwards: the declarer side maximizes its payment, the others
// minimize it. ok is false for Misère, for positions outside the play phase,
// or when the node budget (0: none) runs out before the values are exact.
// The cards come in ascending order, as State.LegalCards lists them.
func (sv *Solver) Evaluate(s *troggu.State, budget int) (vals []CardValue, ok bool) {
	return sv.evaluate(s, budget, true)
}

// Continue is Evaluate keeping what the table holds from the calls before
// it: for a position of the same deal and contract as they were (every
// card where it was then), such as the next position of a line of play,
// whose searches the table shortens.
func (sv *Solver) Continue(s *troggu.State, budget int) (vals []CardValue, ok bool) {
	return sv.evaluate(s, budget, false)
}

// evaluate is Evaluate, with the table's old entries retired when fresh.
func (sv *Solver) evaluate(s *troggu.State, budget int, fresh bool) (vals []CardValue, ok bool) {
	p, g, ok := setup(s)
	if !ok {
		return nil, false
	}
	sv.g = g
	if fresh {
		sv.gen++
	}
	sv.nodes, sv.budget, sv.aborted = 0, budget, false
	legal := g.legal(&p)
	moves := g.moves(&p, legal)
	var value [128]int8
	guess := int8(3)
	for x := moves; !x.Empty(); {
		c := x.Pop()
		child := p
		g.play(&child, c)
		value[c] = sv.value(&child, guess)
		guess = value[c]
		if sv.aborted {
			return nil, false
		}
	}
	seat := int(p.toAct)
	factor := 1
	if s.Contract() == troggu.ContractSolo {
		factor = s.Rules().(*troggu.Rules).Opts().Solo()
	}
	a := bits.OnesCount8(g.side)
	vals = make([]CardValue, 0, legal.Len())
	for x := legal; !x.Empty(); {
		c := x.Pop()
		unit := int(value[representative(&p, moves, c)]-3) * factor
		score := -unit * a
		if g.side>>uint(seat)&1 != 0 {
			score = unit * (int(g.n) - a)
		}
		vals = append(vals, CardValue{Card: c, Score: score})
	}
	return vals, true
}

// representative returns the card of moves that stands for the legal card
// c (Representative with the cards in play of p).
func representative(p *pos, moves card.Set, c card.Card) card.Card {
	return Representative(moves, p.live, c)
}

// Representative returns the card of reps (Reduce's result for live) that
// stands for the legal card c: c itself, or the lowest card of its run of
// equivalent cards (Reduce drops a card only when the next lower card in
// play is legal too).
func Representative(reps, live card.Set, c card.Card) card.Card {
	for !reps.Has(c) {
		var below card.Set
		if c < 64 {
			below = card.Set{Lo: live.Lo & plainWord & (1<<uint(c) - 1)}
		} else {
			below = card.Set{Hi: live.Hi & (1<<uint(c-64) - 1) &^ (1<<uint((c-64)&^15) - 1)}
		}
		c = below.Highest()
	}
	return c
}

// maxPlies is the most cards a position has left to play.
const maxPlies = 62

// value returns the exact outcome class of p by null-window searches,
// narrowing the class bounds one test at a time, starting at guess.
func (sv *Solver) value(p *pos, guess int8) int8 {
	sv.stack[0] = *p
	if p.left <= 1 {
		return sv.last(p)
	}
	lo, hi := sv.g.bounds(p)
	// Test the guess first (the value of the previous card, most often
	// shared), then bisect.
	if guess > lo && guess <= hi && !sv.aborted {
		if sv.ge(0, guess) {
			lo = guess
		} else {
			hi = guess - 1
		}
	}
	if guess >= lo && guess < hi && !sv.aborted {
		if sv.ge(0, guess+1) {
			lo = guess + 1
		} else {
			hi = guess
		}
	}
	for lo < hi && !sv.aborted {
		k := (lo + hi + 1) / 2
		if sv.ge(0, k) {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return lo
}

// last returns the outcome class of p, a position in the last trick or
// after it: every seat plays its only card.
func (sv *Solver) last(p *pos) int8 {
	if p.left == 1 {
		q := *p
		for q.left > 0 {
			h := q.hands[q.toAct]
			sv.g.play(&q, h.Lowest())
		}
		p = &q
	}
	return class(int(p.pts), p.declWon, p.defWon)
}

// ge reports whether the declarer side can reach at least the outcome
// class k against any defence from the position at depth d of the stack.
func (sv *Solver) ge(d int, k int8) bool {
	p := &sv.stack[d]
	sv.nodes++
	if sv.budget > 0 && sv.nodes > sv.budget {
		sv.aborted = true
		return false
	}
	if p.left <= 1 {
		return sv.last(p) >= k
	}
	lo, hi := sv.g.bounds(p)
	if lo >= k {
		return true
	}
	if hi < k {
		return false
	}
	var e *entry
	var key ttKey
	first := card.None
	if p.played == 0 {
		key = sv.key(p)
		e = &sv.tt[key.index()]
		if e.gen == sv.gen && e.key == key {
			if e.lo >= k {
				return true
			}
			if e.hi < k {
				return false
			}
			first = e.move
		}
	}
	g := &sv.g
	max := g.side>>uint(p.toAct)&1 != 0
	res := !max
	var list [maxMoves]card.Card
	n := g.order(p, g.moves(p, g.legal(p)), first, &list)
	cut := card.None
	child := &sv.stack[d+1]
	for _, c := range list[:n] {
		*child = *p
		g.play(child, c)
		if sv.ge(d+1, k) == max {
			res, cut = max, c
			break
		}
		if sv.aborted {
			return false
		}
	}
	if e != nil && !sv.aborted {
		if e.gen != sv.gen || e.key != key {
			*e = entry{key: key, gen: sv.gen, lo: 0, hi: 6}
		}
		if res {
			e.lo = k
		} else {
			e.hi = k - 1
		}
		if cut != card.None {
			e.move = cut
		}
	}
	return res
}

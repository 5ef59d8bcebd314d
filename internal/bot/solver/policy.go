package solver

import (
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// trickCtx describes the current trick for the heuristics.
type trickCtx struct {
	best   card.Card // the card winning the trick so far, None if none
	winner int8      // its player, -1
	others card.Set  // the cards of the other two players
	// reply is the strongest card the next player can follow with, when
	// the player to act is second in a trick whose suit is known.
	reply card.Card
}

// trickContext returns the state of the current trick (ignoring the
// laid-out Gstieß of Super Mord, which the heuristics need not know).
func (ru *rules) trickContext(p *pos) trickCtx {
	ctx := trickCtx{winner: -1}
	for i := int8(0); i < p.n; i++ {
		if c := p.trick[i]; droggn.Beats(c, ctx.best) {
			ctx.best, ctx.winner = c, (p.lead+i)%3
		}
	}
	nx := next(p.toAct)
	ctx.others = p.hands[nx].Union(p.hands[next(nx)])
	if p.n == 1 && p.gov != card.None {
		ctx.reply = top(follow(p.hands[nx], p.gov), p.gov)
	}
	return ctx
}

// strength orders cards for "cheapest" choices: trumps above suit cards.
func strength(c card.Card) int32 {
	switch {
	case c == card.Fool:
		return -1
	case c.IsTrump():
		return 32 + int32(c)
	}
	return int32(c.Rank())
}

// top returns the card of h that is strongest in a trick governed by gov
// (the highest trump, else the highest card of gov's suit), None if h
// cannot take the lead in such a trick.
func top(h card.Set, gov card.Card) card.Card {
	if t := h.Lo & card.TrumpsOnly.Lo; t != 0 {
		return card.Card(63 - bits.LeadingZeros64(t))
	}
	if gov == card.None || gov.IsTrump() {
		return card.None
	}
	if s := h.Hi & (0x3fff << (16 * uint(gov.Suit()))); s != 0 {
		return card.Card(127 - bits.LeadingZeros64(s))
	}
	return card.None
}

// isBoss reports whether no card of others beats c in its own group
// (trumps, or c's suit).
func isBoss(others card.Set, c card.Card) bool {
	if c.IsTrump() {
		return others.Lo&card.TrumpsOnly.Lo>>c == 0
	}
	if !c.IsSuit() {
		return false
	}
	return others.Hi&(0x3fff<<(16*uint(c.Suit())))>>(c-64) <= 1
}

// The bands of orderScore, each with room for a card's thirds or
// strength: scoreLow, less four times the thirds and the strength, for a
// card kept back (the cheapest first); scoreGive for points given to a
// partner; scoreSafe for a trick taken that the next player cannot take
// back; scoreBest for a master led, the last card that takes the trick,
// or points added to a trick the side keeps.
const (
	scoreLow  = 1000
	scoreGive = 2000
	scoreSafe = 2500
	scoreBest = 3000
)

// orderScore rates c for the player to act; higher is tried first. It is
// both the search's move ordering and the playout policy.
func (ru *rules) orderScore(p *pos, ctx *trickCtx, c card.Card) int32 {
	th := int32(ru.thirds[c])
	st := strength(c)
	if p.n == 0 {
		if isBoss(ctx.others, c) {
			return scoreBest + th
		}
		return scoreLow - 4*th - st
	}
	me := p.toAct
	mine := ctx.winner >= 0 && side(ctx.winner) == side(me)
	wins := droggn.Beats(c, ctx.best)
	if p.n == 2 {
		switch {
		case mine:
			return scoreGive + th
		case wins:
			return scoreBest - st
		}
		return scoreLow - 4*th - st
	}
	// Second to play: the next player can still take the trick.
	nx := next(me)
	reply := ctx.reply
	if p.gov == card.None {
		reply = top(follow(p.hands[nx], c), c)
	}
	best := ctx.best
	if wins {
		best = c
	}
	safe := reply == card.None || !droggn.Beats(reply, best)
	switch {
	case mine && safe:
		return scoreBest + th
	case wins && safe:
		return scoreSafe - st
	case wins && side(nx) == side(me):
		return scoreGive + th
	}
	return scoreLow - 4*th - st
}

// policy returns the heuristic card for the player to act: the best by
// orderScore, or with rng a random legal card one time in eight.
func (ru *rules) policy(p *pos, rng *rand.Rand) card.Card {
	legal := ru.legal(p)
	if legal.Len() == 1 {
		return legal.Lowest()
	}
	if rng != nil && rng.IntN(8) == 0 {
		return legal.Nth(rng.IntN(legal.Len()))
	}
	ctx := ru.trickContext(p)
	best, bs := card.None, int32(-1<<30)
	for t := legal; !t.Empty(); {
		c := t.Pop()
		if s := ru.orderScore(p, &ctx, c); s > bs {
			best, bs = c, s
		}
	}
	return best
}

// Playout plays the open-card position s to the end with the heuristic
// policy (follow cheaply, win cheaply, give points to a winning partner,
// lead masters) and returns the declarer's result X. With a nil rng the
// playout is deterministic; otherwise one card in eight is random. s is
// not changed. It returns 0 and false when s is not in its play phase.
func Playout(s *droggn.State, rng *rand.Rand) (int, bool) {
	x, _, ok := PlayoutLine(s, rng, nil)
	return x, ok
}

// PlayoutLine is Playout that also returns the cards the playout played,
// in order, appended to line.
func PlayoutLine(s *droggn.State, rng *rand.Rand, line []card.Card) (int, []card.Card, bool) {
	if s.Done() {
		return s.FastScore(), line, true
	}
	ru, p, err := newPosition(s, nil)
	if err != nil {
		return 0, line, false
	}
	for !p.done {
		c := ru.policy(&p, rng)
		ru.play(&p, c)
		line = append(line, c)
	}
	return int(ru.value(&p)), line, true
}

// Estimate is a card's mean result X over heuristic playouts.
type Estimate struct {
	Card card.Card
	Mean float64
}

// Rollouts estimates every legal card of the seat to act in the open-card
// position s, in ascending card order, by the mean X of n ≥ 1 playouts of the
// heuristic policy after it. Playout i of every card uses the same random
// stream (seed, i), so the cards are compared on common random numbers. It
// returns nil when s is not in its play phase.
func Rollouts(s *droggn.State, n int, seed uint64) []Estimate {
	return RolloutLines(s, n, seed, nil)
}

// RolloutLines is Rollouts that also shows see, when it is not nil, each
// playout: the card, the playout's number and the cards played after the
// card to the end of the hand, in order (valid during the call only).
func RolloutLines(s *droggn.State, n int, seed uint64, see func(c card.Card, i int, line []card.Card)) []Estimate {
	if s.Done() {
		return nil
	}
	ru, p, err := newPosition(s, nil)
	if err != nil {
		return nil
	}
	n = max(n, 1)
	src := rand.NewPCG(seed, 0)
	rng := rand.New(src)
	legal := ru.legal(&p)
	out := make([]Estimate, 0, legal.Len())
	var line []card.Card
	for t := legal; !t.Empty(); {
		c := t.Pop()
		sum := int64(0)
		for i := 0; i < n; i++ {
			src.Seed(seed, uint64(i))
			q := p
			ru.play(&q, c)
			line = line[:0]
			for !q.done {
				next := ru.policy(&q, rng)
				ru.play(&q, next)
				if see != nil {
					line = append(line, next)
				}
			}
			sum += ru.value(&q)
			if see != nil {
				see(c, i, line)
			}
		}
		out = append(out, Estimate{Card: c, Mean: float64(sum) / float64(n)})
	}
	return out
}

// PolicyCard returns the heuristic policy's card for the seat to act in
// the open-card position s (deterministic when rng is nil), and false when
// s is not in its play phase.
func PolicyCard(s *droggn.State, rng *rand.Rand) (card.Card, bool) {
	if s.Done() {
		return card.None, false
	}
	ru, p, err := newPosition(s, nil)
	if err != nil {
		return card.None, false
	}
	return ru.policy(&p, rng), true
}

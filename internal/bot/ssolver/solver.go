package ssolver

import (
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// ActionValue is the value of one legal action: the final Score of the
// seat taking it when both seats play perfectly afterwards.
type ActionValue struct {
	Action game.Action
	Score  int
}

// Solver solves open-card Strohmandeln play positions exactly. It keeps
// its transposition table between calls (a generation counter retires the
// old entries); it is reusable but not safe for concurrent use.
type Solver struct {
	g       rules
	tt      []entry
	ttBits  uint
	stack   [maxPlies + 1]pos
	gen     uint32
	nodes   int
	budget  int
	aborted bool
	legal   []game.Action
}

// maxPlies is the most cards a position has left to play; maxMoves the
// most moves of one seat (every playable card and T17 with "Ross!").
const (
	maxPlies = 54
	maxMoves = 24
)

// New returns a solver with a transposition table of DefaultTableBits.
func New() *Solver { return NewSize(DefaultTableBits) }

// NewSize returns a solver with a transposition table of 1<<bits entries
// (bits from 10 to 26): more for whole hands, fewer for endgames.
func NewSize(bits int) *Solver {
	bits = min(max(bits, 10), 26)
	return &Solver{tt: make([]entry, 1<<bits), ttBits: uint(bits)}
}

// Nodes returns the number of search nodes the last Evaluate visited.
func (sv *Solver) Nodes() int { return sv.nodes }

// Evaluate returns, for every legal action of the seat to act in s (a
// State in the play phase, the world's every card known: hands, tops and
// the face-down Strohmann cards in their order), that seat's final Score
// (as State.Result gives it) when it takes the action and both seats play
// perfectly afterwards. The actions are those of State.Legal, in its
// order: card plays, "Ross!" and "Topschin!" beside them, and the classic
// announcements. ok is false outside the play phase or when the node
// budget (0: none) runs out before the values are exact.
func (sv *Solver) Evaluate(s *strohmandeln.State, budget int) (vals []ActionValue, ok bool) {
	return sv.evaluate(s, budget, true)
}

// Continue is Evaluate keeping what the table holds from the calls before
// it: for a position of the same world as they were (every card, the
// face-down Strohmann cards included, where it was then), such as the next
// position of a line of play, whose searches the table shortens.
func (sv *Solver) Continue(s *strohmandeln.State, budget int) (vals []ActionValue, ok bool) {
	return sv.evaluate(s, budget, false)
}

// evaluate is Evaluate, with the table's old entries retired when fresh.
func (sv *Solver) evaluate(s *strohmandeln.State, budget int, fresh bool) (vals []ActionValue, ok bool) {
	if fresh {
		sv.gen++
	}
	p, ok := sv.start(s, budget)
	if !ok {
		return nil, false
	}
	mover := p.toAct
	vals = make([]ActionValue, len(sv.legal))
	guess := 0
	var byRep [128]int // the value of a representative card played silently, +1000
	for i, a := range sv.legal {
		child, c, ok := sv.g.after(&p, a)
		if !ok {
			return nil, false
		}
		if c != card.None && byRep[c] != 0 {
			vals[i] = ActionValue{Action: a, Score: byRep[c] - 1000}
			continue
		}
		v := sv.value(&child, guess)
		if sv.aborted {
			return nil, false
		}
		guess = v
		vals[i] = ActionValue{Action: a, Score: v * int(sign(mover))}
		if c != card.None {
			byRep[c] = vals[i].Score + 1000
		}
	}
	return vals, true
}

// start prepares a search of s with the given node budget: the position
// with the other seat's announcements made (it announces at its turn
// whatever it holds; the seat to act may still play a card of a set
// unannounced) and the legal actions in sv.legal.
func (sv *Solver) start(s *strohmandeln.State, budget int) (pos, bool) {
	p, ok := sv.setup(s)
	if !ok {
		return pos{}, false
	}
	sv.nodes, sv.budget, sv.aborted = 0, budget, false
	if !sv.g.extended {
		sv.g.announceSeat(&p, 1-p.toAct)
	}
	sv.legal = s.Legal(sv.legal[:0])
	return p, true
}

// after returns the position after the legal action a in p and, for a
// card played silently, the card that stands for it (its equivalents'
// representative; card.None for any other action). ok is false for an
// action the solver does not play.
func (g *rules) after(p *pos, a game.Action) (child pos, rep card.Card, ok bool) {
	child, c, rep := *p, a.Card, card.None
	switch a.Kind {
	case game.KindAnnounce:
		g.announceAll(&child)
	case game.KindPlay:
		if a.Call == strohmandeln.SayNone {
			c = g.representative(p, c)
			rep = c
		}
		g.play(&child, mv(c, a.Call))
	default:
		return pos{}, card.None, false
	}
	return child, rep, true
}

// Best returns an action of the seat to act in s with the best final Score
// for it, and that Score, keeping the table as Continue does: a line of
// play asks it at each turn. The first action is valued exactly; each
// other is searched only as far as it takes to show that it is no better
// (one null-window search), and valued exactly only when it is. ok is
// false where Evaluate's would be.
func (sv *Solver) Best(s *strohmandeln.State, budget int) (best ActionValue, ok bool) {
	p, ok := sv.start(s, budget)
	if !ok {
		return ActionValue{}, false
	}
	sg := int(sign(p.toAct))
	found := false
	var tried [128]bool // representatives of cards played silently
	for _, a := range sv.legal {
		child, c, ok := sv.g.after(&p, a)
		if !ok {
			return ActionValue{}, false
		}
		if c != card.None {
			if tried[c] {
				continue // as good as the card it stands for
			}
			tried[c] = true
		}
		if !found {
			v := sv.value(&child, 0)
			if sv.aborted {
				return ActionValue{}, false
			}
			best, found = ActionValue{Action: a, Score: v * sg}, true
			continue
		}
		// Better for the mover: above the best for seat 0, below it for
		// seat 1 (values are seat 0's score).
		t := best.Score * sg
		beta := t + 1
		if sg < 0 {
			beta = t
		}
		r := sv.probe(&child, beta)
		if sv.aborted {
			return ActionValue{}, false
		}
		if (sg > 0 && r >= beta) || (sg < 0 && r < beta) {
			v := sv.value(&child, t)
			if sv.aborted {
				return ActionValue{}, false
			}
			best = ActionValue{Action: a, Score: v * sg}
		}
	}
	return best, found
}

// probe is one null-window search of p around beta (see search).
func (sv *Solver) probe(p *pos, beta int) int {
	sv.stack[0] = *p
	if p.left == 0 {
		return sv.g.final(p)
	}
	return sv.search(0, beta)
}

// value returns the exact value of p (seat 0's score) by MTD(f): null-window
// searches from guess that close in on it from both sides.
func (sv *Solver) value(p *pos, guess int) int {
	sv.stack[0] = *p
	lo, hi := sv.g.bounds(p)
	if p.left == 0 {
		return sv.g.final(p)
	}
	g := min(max(guess, lo), hi)
	for lo < hi && !sv.aborted {
		beta := g
		if g == lo {
			beta = g + 1
		}
		v := sv.search(0, beta)
		if v < beta {
			hi = v
		} else {
			lo = v
		}
		g = v
	}
	return lo
}

// search is a fail-soft null-window alpha-beta search of the position at
// depth d of the stack around beta: a result v ≥ beta proves the value is
// at least v, a result v < beta that it is at most v. Seat 0 maximizes.
func (sv *Solver) search(d int, beta int) int {
	p := &sv.stack[d]
	if p.left == 0 {
		return sv.g.final(p)
	}
	sv.nodes++
	if sv.budget > 0 && sv.nodes > sv.budget {
		sv.aborted = true
		return 0
	}
	g := &sv.g
	lo, hi := g.bounds(p)
	if lo >= beta {
		return lo
	}
	if hi < beta {
		return hi
	}
	if p.left == 1 {
		return sv.last(p)
	}
	var e *entry
	var k ttKey
	first := noMove
	if p.lead == card.None {
		k = key(p)
		e = &sv.tt[k.index(sv.ttBits)]
		if e.gen == sv.gen && e.key == k {
			if int(e.lo) >= beta {
				return int(e.lo)
			}
			if int(e.hi) < beta {
				return int(e.hi)
			}
			first = e.move
		}
	}
	var list [maxMoves]move
	n := g.order(p, first, &list)
	max0 := p.toAct == 0
	best := hi + 1
	if max0 {
		best = lo - 1
	}
	cut := noMove
	child := &sv.stack[d+1]
	for _, m := range list[:n] {
		*child = *p
		g.play(child, m)
		v := sv.search(d+1, beta)
		if sv.aborted {
			return 0
		}
		if max0 && v > best || !max0 && v < best {
			best = v
		}
		if max0 == (v >= beta) {
			cut = m
			break
		}
	}
	if e != nil {
		if e.gen != sv.gen || e.key != k {
			*e = entry{key: k, gen: sv.gen, lo: -128, hi: 127}
		}
		if best >= beta {
			e.lo = int8(max(int(e.lo), best))
		} else {
			e.hi = int8(min(int(e.hi), best))
		}
		if cut != noMove {
			e.move = cut
		}
	}
	return best
}

// last returns seat 0's score of p, a position in its last trick: each
// seat plays its one card.
func (sv *Solver) last(p *pos) int {
	q := *p
	for q.left > 0 {
		c := legal(&q).Lowest()
		sv.g.play(&q, mv(c, autoSay(&q, c)))
	}
	return sv.g.final(&q)
}

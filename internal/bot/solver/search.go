package solver

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// Options switch the search features on and off (for measurements); the
// zero value is the tuned default.
type Options struct {
	// TTBits is log2 of the number of transposition-table entries
	// (default 19: 524288 entries of 16 bytes, 8 MiB).
	TTBits int
	// NoTT disables the transposition table.
	NoTT bool
	// NoEquiv disables the equivalent-card reduction.
	NoEquiv bool
	// NoOrder disables move ordering (cards are tried in ascending order).
	NoOrder bool
	// NoBounds disables the cutoffs from the bounds on the final score.
	NoBounds bool
	// NoPoints disables the switch to a points search once the result
	// depends only on the card points.
	NoPoints bool
	// NoRelRanks keys the transposition table by the cards themselves
	// rather than by their relative ranks.
	NoRelRanks bool
	// NoSuitTricks leaves out of the bounds the leader's quick tricks in
	// suits when the other side holds trumps.
	NoSuitTricks bool
	// NoLoneT1 leaves out of the bounds the narrower Pagat score range when
	// nobody but T1's holder has a trump.
	NoLoneT1 bool
	// Workers is the number of goroutines that search a root position
	// with at least parallelLeft tricks left, sharing the table (see
	// rootTest): ≤ 0 means one per processor (GOMAXPROCS) not taken by
	// other searches of this package running at the same time, and none
	// besides the caller's for a second after they were found to run
	// slower than on free processors (other programs keep them busy); 1
	// means one.
	// Without a node budget the value and the card found do not depend on
	// it; with one the search uses a single goroutine.
	Workers int
	// NoRegainedLead leaves out of the bounds the declarer's quick tricks
	// when a defender leads but the declarer holds every trump.
	NoRegainedLead bool
	// NoCheapest counts each card the other side adds to a sure trick in
	// the bounds as 1 third rather than by the cheapest cards of its hand.
	NoCheapest bool
}

// entry is what the transposition table holds for a position at the start
// of a trick: bounds on its value and the best card found there (as a
// relative rank with relative-rank keys, see relCard). Bounds beyond int16
// (only with many doublings) are stored as "none", which is always
// correct. It packs into one word (see slot).
type entry struct {
	lo, hi int16
	move   card.Card
	left   uint8
	gen    uint8
	d      uint8 // the declarer's thirds of an X-search entry
}

func (e entry) pack() uint64 {
	return uint64(uint16(e.lo)) | uint64(uint16(e.hi))<<16 | uint64(e.move)<<32 |
		uint64(e.left)<<40 | uint64(e.gen)<<48 | uint64(e.d)<<56
}

func unpack(x uint64) entry {
	return entry{lo: int16(x), hi: int16(x >> 16), move: card.Card(x >> 32),
		left: uint8(x >> 40), gen: uint8(x >> 48), d: uint8(x >> 56)}
}

// slot is one transposition-table slot (16 bytes), which the searches of
// several goroutines may read and write at once (see Options.Workers): it
// holds a packed entry and its key xor the entry, so that a slot read
// while another search writes it, half old and half new, fails the key
// test (lockless hashing).
type slot struct{ check, data atomic.Uint64 }

// Solver is an exact alpha-beta solver for open-card Droggn play positions
// with a transposition table. A Solver is not safe for concurrent use; its
// table is kept between calls (entries are only valid for identical
// positions, so reuse is safe) until Reset.
type Solver struct {
	opts    Options
	tt      []slot
	mask    uint64
	gen     uint8
	hist    [3][128]int32
	ru      *rules
	nodes   int
	budget  int
	aborted bool
	// rel: the table keys use relative ranks (see rel.go).
	rel     bool
	scratch *droggn.State
	// rootBest is the best card of the last search at ply 0.
	rootBest card.Card
	// helpers search alongside this Solver, sharing its table (see
	// rootTest); helper marks such a Solver, and stop ends its search.
	helpers []*Solver
	helper  bool
	stop    *atomic.Bool
	// parWall and parCPU sum the wall-clock and CPU time of root searches
	// with helpers, to find out whether the processors are free (see
	// rootTest).
	parWall, parCPU time.Duration
	// stack holds the position at each ply of the search (the root at 0).
	stack [3*25 + 2]pos
}

// CardValue is the value of one legal card: the declarer's hand result X
// when that card is played and everyone plays perfectly afterwards.
type CardValue struct {
	Card  card.Card
	Value int
	// Exact is false when the node budget ran out and Value is a heuristic
	// estimate.
	Exact bool
}

const inf = math.MaxInt64 / 4

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	if opts.TTBits <= 0 {
		opts.TTBits = 19
	}
	sv := &Solver{opts: opts, gen: 1}
	if !opts.NoTT {
		sv.tt = make([]slot, 1<<opts.TTBits)
		sv.mask = uint64(len(sv.tt) - 1)
	}
	return sv
}

// Reset forgets the transposition table and the move-ordering history, so
// that the next search does not depend on earlier ones (for reproducible
// results under a node budget).
func (sv *Solver) Reset() {
	sv.gen++
	if sv.gen == 0 {
		clear(sv.tt)
		sv.gen = 1
	}
	sv.hist = [3][128]int32{}
}

var pool = sync.Pool{New: func() any { return New(Options{}) }}

// Solve returns the value of the open-card play position s (the declarer's
// hand result X under perfect play: the declarer maximizes, the defenders
// minimize), a best card for the seat to act, the number of nodes searched
// and whether the value is exact. A budget ≤ 0 means no limit; when the
// budget runs out the remaining positions are scored by a greedy playout
// and exact is false. A finished hand returns its score and card.None.
func Solve(s *droggn.State, budget int) (value int, best card.Card, nodes int, exact bool) {
	sv := pool.Get().(*Solver)
	defer pool.Put(sv)
	sv.Reset()
	return sv.Solve(s, budget)
}

// Evaluate returns the value of every legal card of the seat to act in the
// open-card position s, best first for that seat (highest X for the
// declarer, lowest for a defender). The budget (≤ 0: no limit) is shared
// equally among the distinct cards. It returns nil when s is not in its
// play phase.
func Evaluate(s *droggn.State, budget int) []CardValue {
	sv := pool.Get().(*Solver)
	defer pool.Put(sv)
	sv.Reset()
	return sv.Evaluate(s, budget)
}

// Nodes returns the number of nodes searched by the last Solve or Evaluate.
func (sv *Solver) Nodes() int { return sv.nodes }

// Solve is the package function Solve using this Solver's table.
func (sv *Solver) Solve(s *droggn.State, budget int) (value int, best card.Card, nodes int, exact bool) {
	if s.Done() {
		return s.FastScore(), card.None, 0, true
	}
	ru, p, err := newPosition(s, sv.scratchFor(s))
	if err != nil {
		return 0, card.None, 0, false
	}
	searching.Add(1)
	defer searching.Add(-1)
	sv.start(ru, budget)
	v, c := sv.root(&p)
	return int(v), c, sv.nodes, !sv.aborted
}

// searching counts the Solve and Evaluate calls in progress, to leave the
// processors they use to them (see Options.Workers).
var searching atomic.Int32

// Evaluate is the package function Evaluate using this Solver's table.
func (sv *Solver) Evaluate(s *droggn.State, budget int) []CardValue {
	if s.Done() {
		return nil
	}
	ru, p, err := newPosition(s, sv.scratchFor(s))
	if err != nil {
		return nil
	}
	searching.Add(1)
	defer searching.Add(-1)
	sv.start(ru, budget)
	var buf [32]card.Card
	legal := ru.legal(&p)
	reps := legal
	if !sv.opts.NoEquiv {
		reps = sv.reduce(&p, legal)
	}
	moves := reps.Cards(buf[:0])
	per := 0
	if budget > 0 {
		per = max(1, budget/len(moves))
	}
	vals := make(map[card.Card]CardValue, len(moves))
	total := 0
	for _, c := range moves {
		sv.start(ru, per)
		child := p
		ru.play(&child, c)
		v := ru.value(&child)
		if !child.done {
			v, _ = sv.root(&child)
		}
		vals[c] = CardValue{Card: c, Value: int(v), Exact: !sv.aborted}
		total += sv.nodes
	}
	sv.nodes = total
	out := make([]CardValue, 0, legal.Len())
	for t := legal; !t.Empty(); {
		c := t.Pop()
		cv, ok := vals[c]
		if !ok {
			cv = vals[Representative(reps, c)]
		}
		cv.Card = c
		out = append(out, cv)
	}
	decl := p.toAct == 0
	slices.SortStableFunc(out, func(a, b CardValue) int {
		if decl {
			return b.Value - a.Value
		}
		return a.Value - b.Value
	})
	return out
}

func (sv *Solver) scratchFor(s *droggn.State) *droggn.State {
	if sv.scratch == nil {
		sv.scratch = s.Copy()
	}
	return sv.scratch
}

func (sv *Solver) start(ru *rules, budget int) {
	sv.ru = ru
	ru.noSuitTricks = sv.opts.NoSuitTricks
	ru.noLoneT1 = sv.opts.NoLoneT1
	ru.noCheapest = sv.opts.NoCheapest
	ru.noRegainedLead = sv.opts.NoRegainedLead
	sv.nodes = 0
	sv.budget = budget
	if budget <= 0 {
		sv.budget = math.MaxInt
	}
	sv.aborted = false
}

// root searches the root position p and returns its value and a best
// card, by null-window searches that share the transposition table.
// Proving that the declarer can reach a score (a fail high) is far more
// expensive than proving that he cannot (a fail low): in the first the two
// defenders' moves must all be refuted, in the second only the declarer's.
// So the searches come down on the value from above: the first tests just
// above a guess from a greedy playout (which mostly overrates the
// declarer); if that fails high, the next tests the upper bound, and after
// each fail low the next tests the upper bound just found, so that besides
// the first at most one search fails high: the one at the value.
func (sv *Solver) root(p *pos) (int64, card.Card) {
	sv.stack[0] = *p
	sv.rel = sv.ru.relOK && sv.tt != nil && !sv.opts.NoRelRanks
	if sv.rel {
		initRel(&sv.stack[0])
	}
	lo, hi := int64(-inf), int64(inf)
	if !sv.opts.NoBounds {
		lo, hi = sv.ru.bounds(p)
	}
	g := min(max(sv.greedy(p, false), lo), hi)
	best := card.None
	maxi := p.toAct == 0
	beta := g + 1
	r := g
	for lo < hi && !sv.aborted {
		beta = min(max(beta, lo+1), hi)
		sv.rootBest = card.None
		r = sv.rootTest(beta)
		if r >= beta {
			lo = r
			if maxi {
				best = sv.rootBest
			}
			beta = hi
		} else {
			hi = r
			if !maxi {
				best = sv.rootBest
			}
			beta = hi
		}
	}
	if best == card.None {
		best = sv.ru.policy(p, nil)
	}
	if lo == hi {
		return lo, best
	}
	return min(max(r, lo), hi), best
}

// parallelLeft is the fewest tricks left at which helpers join a root
// search.
const parallelLeft = 8

// rootTest runs the null-window search of the root position (stack[0])
// at beta, sets rootBest and returns the fail-soft result. With several
// workers (Options.Workers), helpers run the same search at the same time
// in other goroutines, with the root's cards in another order; they only
// fill the shared table, and stop when this search is done. What they add
// to the table can change how much this search examines and the fail-soft
// bound it returns, but not on which side of beta the result lies, and
// the root's cards are searched in the order of the heuristics alone: so
// the card found, the first in that order that cuts off (reaches beta for
// the declarer, stays below it for a defender), and in the end the value
// do not depend on the helpers.
func (sv *Solver) rootTest(beta int64) int64 {
	n := sv.workers(&sv.stack[0])
	if n <= 1 {
		return sv.ab(0, beta-1, beta, false)
	}
	for len(sv.helpers) < n-1 {
		sv.helpers = append(sv.helpers, &Solver{opts: sv.opts, helper: true})
	}
	t0 := time.Now()
	c0, timed := processCPU()
	var stop atomic.Bool
	var wg sync.WaitGroup
	for _, w := range sv.helpers[:n-1] {
		w.tt, w.mask, w.gen, w.ru, w.rel = sv.tt, sv.mask, sv.gen, sv.ru, sv.rel
		w.hist = sv.hist
		w.stack[0] = sv.stack[0]
		w.nodes, w.budget, w.aborted, w.stop = 0, math.MaxInt, false, &stop
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.ab(0, beta-1, beta, false)
		}()
	}
	r := sv.ab(0, beta-1, beta, false)
	stop.Store(true)
	wg.Wait()
	for _, w := range sv.helpers[:n-1] {
		sv.nodes += w.nodes
	}
	if c1, _ := processCPU(); timed && sv.opts.Workers <= 0 {
		sv.parWall += time.Since(t0)
		sv.parCPU += c1 - c0
		if sv.parWall >= 2*time.Millisecond {
			// Goroutines that take turns on a processor busy with other
			// work only slow the search down: then go without helpers
			// for a while.
			if float64(sv.parCPU) < 0.75*float64(n)*float64(sv.parWall) {
				helpersOff.Store(time.Now().Add(time.Second).UnixNano())
			}
			sv.parWall, sv.parCPU = 0, 0
		}
	}
	return r
}

// helpersOff holds the time (Unix nanoseconds) until which searches run
// without helpers (Options.Workers ≤ 0) because the processors turned out
// to be busy.
var helpersOff atomic.Int64

// workers returns the number of goroutines for the root search of p.
func (sv *Solver) workers(p *pos) int {
	if sv.budget != math.MaxInt || sv.tt == nil || p.left < parallelLeft {
		return 1
	}
	if sv.opts.Workers > 0 {
		return sv.opts.Workers
	}
	if time.Now().UnixNano() < helpersOff.Load() {
		return 1
	}
	return runtime.GOMAXPROCS(0) - int(searching.Load()) + 1
}

// h2Seed starts the second chain of key.
const h2Seed = 0x243f6a8885a308d3

// pointsSalt tells the table keys of points searches from X searches.
const pointsSalt = 0x5be2f9ad4c3e1d07

// key returns the table key of a position at the start of a trick. A
// points search (pts) stores card points relative to the position's own,
// so its key leaves out everything already settled. With relative ranks
// (sv.rel) p.rel must be up to date.
func (sv *Solver) key(p *pos, pts bool) uint64 {
	h := sv.ru.hash
	if pts {
		h ^= pointsSalt
	}
	// Two independent chains for speed.
	var h2 uint64
	if sv.rel {
		// The hands in relative ranks, the number of cards in play of
		// each group and those in play not worth 1 point.
		other := p.occ.Minus(sv.ru.ones)
		n := uint64(bits.OnesCount64(p.occ.Lo))
		for u := 0; u < 4; u++ {
			n = n<<8 | uint64(bits.OnesCount64(p.occ.Hi&(0x3fff<<(16*u))))
		}
		h = mix(mix(mix(mix(h, p.rel[0].Lo), p.rel[1].Lo), other.Lo), n)
		h2 = mix(mix(mix(h2Seed, p.rel[0].Hi), p.rel[1].Hi), other.Hi)
	} else {
		h = mix(mix(mix(h, p.hands[0].Lo), p.hands[1].Lo), p.hands[2].Lo)
		h2 = mix(mix(mix(h2Seed, p.hands[0].Hi), p.hands[1].Hi), p.hands[2].Hi)
	}
	h ^= h2*0x94d049bb133111eb + h2>>31
	if pts {
		return mix(h, uint64(p.lead))
	}
	h = mix(h, uint64(p.lead)|b2u(p.all)<<2|b2u(p.kgu)<<3)
	return mix(h, uint64(p.bonus))
}

// ab is a fail-soft alpha-beta search: the result r satisfies r ≤ alpha ⇒
// value ≤ r, r ≥ beta ⇒ value ≥ r, and otherwise value = r. The value is
// X, or with pts the declarer's final card points in thirds (the points
// game, valid once X depends on nothing else; see viaPoints).
func (sv *Solver) ab(ply int, alpha, beta int64, pts bool) int64 {
	p := &sv.stack[ply]
	sv.nodes++
	ru := sv.ru
	if p.done {
		if pts {
			return int64(p.d)
		}
		return ru.value(p)
	}
	if !pts && !sv.opts.NoPoints && ru.settled(p) {
		return sv.viaPoints(ply, alpha, beta)
	}
	// At the root (ply 0) the search must find a card, so it takes no
	// shortcut there.
	if p.n == 0 && p.left == 1 && ply > 0 {
		return sv.lastTrick(p, pts)
	}
	if sv.nodes > sv.budget || (sv.stop != nil && sv.stop.Load()) {
		sv.aborted = true
	}
	if sv.aborted && ply > 0 {
		return sv.greedy(p, pts)
	}
	var h uint64
	ttMove := card.None
	if p.n == 0 && sv.tt != nil {
		if p.stale {
			squeeze(p)
		}
		h = sv.key(p, pts)
		e, _, ok := sv.probe(h)
		if ok {
			ttMove = e.move
			if sv.rel {
				ttMove = absCard(p.occ, ttMove)
			}
		}
		if ok && ply > 0 {
			lo, hi := e.boundsAt(p.d, pts)
			if lo >= beta {
				return lo
			}
			if hi <= alpha {
				return hi
			}
			alpha = max(alpha, lo)
			beta = min(beta, hi)
			if alpha >= beta {
				return alpha
			}
		}
	}
	// The table comes first: a cutoff there saves computing the bounds.
	// Within a trick the bounds are never tighter than at its start (the
	// declarer's points so far are the same, the sure points are left
	// out) and a null window is the same as there, so only the start of a
	// trick is bounded.
	if !sv.opts.NoBounds && ply > 0 && p.n == 0 {
		var lo, hi int64
		if pts {
			lo, hi = ru.pointBounds(p)
		} else {
			lo, hi = ru.bounds(p)
		}
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		alpha = max(alpha, lo)
		beta = min(beta, hi)
	}
	var buf [32]card.Card
	moves := sv.moves(p, ttMove, buf[:0], ply == 0 && !sv.helper)
	if ply == 0 && sv.helper {
		slices.Reverse(moves)
	}
	pl := p.toAct
	maxi := pl == 0
	a, b := alpha, beta
	best := int64(inf)
	if maxi {
		best = -inf
	}
	bestCard := moves[0]
	for _, c := range moves {
		child := &sv.stack[ply+1]
		*child = *p
		ru.play(child, c)
		child.stale = sv.rel && child.n == 0
		v := sv.ab(ply+1, a, b, pts)
		if maxi {
			if v > best {
				best, bestCard = v, c
				a = max(a, v)
			}
		} else if v < best {
			best, bestCard = v, c
			b = min(b, v)
		}
		if a >= b {
			sv.hist[pl][c] += int32(p.left) * int32(p.left)
			break
		}
	}
	if ply == 0 {
		sv.rootBest = bestCard
	}
	if h != 0 && !sv.aborted {
		lo, hi := int64(-inf), int64(inf)
		switch {
		case best <= alpha:
			hi = best
		case best >= beta:
			lo = best
		default:
			lo, hi = best, best
		}
		d := uint8(p.d)
		if pts {
			// Stored relative to the points already won (±inf stay
			// beyond int16 and so mean "none").
			lo, hi = lo-int64(p.d), hi-int64(p.d)
			d = 0
		}
		move := bestCard
		if sv.rel {
			move = relCard(p.occ, move)
		}
		sv.store(h, d, lo, hi, move, p.left)
	}
	return best
}

// viaPoints searches a position whose X depends only on the declarer's
// final card points (docs/RULES.md §1.5 with Pagat settled, no Match possible,
// no tie rule, not Super Mord). X is then a nondecreasing function of the
// final points, so the minimax X is that function of the minimax points,
// and the X window (alpha, beta) is the points window (da, db) with da the
// most points that still give X ≤ alpha and db the fewest that give
// X ≥ beta. The points search shares table entries between positions that
// differ only in the points already won.
func (sv *Solver) viaPoints(ply int, alpha, beta int64) int64 {
	p := &sv.stack[ply]
	ru := sv.ru
	sv.nodes--
	lo, hi := int64(p.d), int64(p.d+p.rem)
	x := func(d int64) int64 { return ru.game(points(int32(d)), false, false) + p.bonus }
	// da: the largest d in [lo-1, hi] with d = lo-1 or x(d) ≤ alpha.
	da, top := lo-1, hi
	for da < top {
		mid := (da + top + 1) / 2
		if x(mid) <= alpha {
			da = mid
		} else {
			top = mid - 1
		}
	}
	// db: the smallest d in [lo, hi+1] with d = hi+1 or x(d) ≥ beta.
	bot, db := lo, hi+1
	for bot < db {
		mid := (bot + db) / 2
		if x(mid) >= beta {
			db = mid
		} else {
			bot = mid + 1
		}
	}
	return x(sv.ab(ply, da, db, true))
}

// probe returns the table entry of key h and its slot, and whether there
// is one.
func (sv *Solver) probe(h uint64) (entry, *slot, bool) {
	i := h & sv.mask
	for _, j := range [2]uint64{i, i ^ 1} {
		sl := &sv.tt[j]
		x := sl.data.Load()
		if sl.check.Load()^x == h {
			if e := unpack(x); e.gen == sv.gen {
				return e, sl, true
			}
		}
	}
	return entry{}, nil, false
}

// store records bounds for key h, merging them with its entry if any.
func (sv *Solver) store(h uint64, d uint8, lo, hi int64, move card.Card, left int8) {
	e, sl, ok := sv.probe(h)
	if ok && e.d == d {
		elo, ehi := e.bounds()
		lo = max(lo, elo)
		hi = min(hi, ehi)
	} else if !ok {
		// Two slots: the first keeps the costlier entry (more tricks left)
		// unless it is stale, the second is always replaced.
		i := h & sv.mask
		sl = &sv.tt[i^1]
		if e0 := unpack(sv.tt[i].data.Load()); e0.gen != sv.gen || e0.left <= uint8(left) {
			sl = &sv.tt[i]
		}
	}
	lo = max(lo, math.MinInt16)
	hi = min(hi, math.MaxInt16)
	if lo > math.MaxInt16 {
		lo = math.MinInt16
	}
	if hi < math.MinInt16 {
		hi = math.MaxInt16
	}
	x := entry{lo: int16(lo), hi: int16(hi), move: move, left: uint8(left), gen: sv.gen, d: d}.pack()
	sl.data.Store(x)
	sl.check.Store(h ^ x)
}

// boundsAt returns the bounds the entry gives for a position whose
// declarer has d thirds. Points-search entries are relative to d. X-search
// entries hold the d they were found at: since more points never lower X,
// the value at d is at least the value at any smaller d and at most the
// value at any larger one, so a lower bound carries up and an upper bound
// down.
func (e entry) boundsAt(d int32, pts bool) (lo, hi int64) {
	lo, hi = e.bounds()
	switch {
	case pts:
		return lo + int64(d), hi + int64(d)
	case int32(e.d) < d:
		return lo, inf
	case int32(e.d) > d:
		return -inf, hi
	}
	return lo, hi
}

// bounds returns the entry's bounds, with the int16 extremes meaning none.
func (e entry) bounds() (lo, hi int64) {
	lo, hi = int64(e.lo), int64(e.hi)
	if lo == math.MinInt16 {
		lo = -inf
	}
	if hi == math.MaxInt16 {
		hi = inf
	}
	return lo, hi
}

// lastTrick plays out the last trick, where every card is forced, and
// returns X, or with pts the declarer's final points in thirds.
func (sv *Solver) lastTrick(p *pos, pts bool) int64 {
	q := *p
	for !q.done {
		sv.ru.play(&q, q.hands[q.toAct].Lowest())
	}
	if pts {
		return int64(q.d)
	}
	return sv.ru.value(&q)
}

// greedy scores a position by a deterministic playout of the heuristic
// policy (used when the node budget is exhausted), as lastTrick does.
func (sv *Solver) greedy(p *pos, pts bool) int64 {
	q := *p
	for !q.done {
		sv.ru.play(&q, sv.ru.policy(&q, nil))
	}
	if pts {
		return int64(q.d)
	}
	return sv.ru.value(&q)
}

// groupMask returns the cards c is compared with for equivalence: the
// numbered trumps, or c's suit. T1 and the Gstieß have no equivalents.
func groupMask(c card.Card) card.Set {
	if c.IsTrump() {
		return card.TrumpsOnly
	}
	if c.IsSuit() {
		return card.SuitMask(c.Suit())
	}
	return card.Set{}
}

// below returns the highest card of all below c (all within c's group).
func below(all card.Set, c card.Card) card.Card {
	x := all.Lo
	if c >= 64 {
		x = all.Hi
	}
	x &= 1<<(c&63) - 1
	if c.IsSuit() {
		x &= 0x3fff << (16 * uint(c.Suit()))
	}
	if x == 0 {
		return card.None
	}
	return card.Card(int(c&64) + 63 - bits.LeadingZeros64(x))
}

// reduce drops from legal every card that is equivalent to a lower legal
// card (Reduce, with the cards in hands or in the current trick).
func (sv *Solver) reduce(p *pos, legal card.Set) card.Set {
	return Reduce(legal, p.occ, sv.ru.ones)
}

// Representative returns the card of reps (Reduce's result) that the legal
// card c stands for: c itself, or the highest card of reps below it in its
// group.
func Representative(reps card.Set, c card.Card) card.Card {
	if reps.Has(c) {
		return c
	}
	if r := below(reps.Intersect(groupMask(c)), c); r != card.None {
		return r
	}
	return c
}

// Reduce drops from legal every card that is equivalent to a lower legal
// card: same group (trumps or one suit), both among ones (the cards worth 1
// point), and no card of occ between them. occ holds the cards that can
// tell two cards apart: those in hands or in the current trick; a caller
// who does not know whether a card was played counts it in occ, which only
// keeps more cards. Cards played in earlier tricks are gaps. Reduce fills
// upwards from the 1-point legal cards through the gaps; a 1-point legal
// card just above the fill is redundant, and the card it stands for is the
// highest kept card below it in its group.
func Reduce(legal, occ, ones card.Set) card.Set {
	m0 := legal.Lo & ones.Lo
	m1 := legal.Hi & ones.Hi
	// A word with fewer than two such cards has nothing to drop.
	if m0&(m0-1) != 0 {
		legal.Lo &^= m0 & (fill(m0, ^occ.Lo&card.TrumpsOnly.Lo) << 1)
	}
	if m1&(m1-1) != 0 {
		legal.Hi &^= m1 & (fill(m1, ^occ.Hi&suitBits) << 1)
	}
	return legal
}

// suitBits holds the 14 card bits of each suit field of a Set's word 1.
const suitBits = 0x3fff3fff3fff3fff

// fill returns gen extended upwards through the runs of pro bits that
// start just above it (an occluded fill).
func fill(gen, pro uint64) uint64 {
	gen |= pro & (gen << 1)
	pro &= pro << 1
	gen |= pro & (gen << 2)
	pro &= pro << 2
	gen |= pro & (gen << 4)
	pro &= pro << 4
	gen |= pro & (gen << 8)
	pro &= pro << 8
	gen |= pro & (gen << 16)
	pro &= pro << 16
	return gen | pro&(gen<<32)
}

// moves appends the distinct legal cards of the player to act to dst in
// search order: the table's card first, then by the ordering heuristics.
// At the root (static) the order is that of the heuristics alone, so that
// it does not depend on the table (see rootTest).
func (sv *Solver) moves(p *pos, ttMove card.Card, dst []card.Card, static bool) []card.Card {
	legal := sv.ru.legal(p)
	if !sv.opts.NoEquiv {
		legal = sv.reduce(p, legal)
	}
	dst = legal.Cards(dst)
	if sv.opts.NoOrder || len(dst) < 2 {
		return dst
	}
	var score [32]int32
	sc := score[:len(dst)]
	ru := sv.ru
	ctx := ru.trickContext(p)
	if static {
		for i, c := range dst {
			sc[i] = ru.orderScore(p, &ctx, c)
		}
	} else {
		adj := ru.searchAdjust(p, &ctx)
		hist := &sv.hist[p.toAct]
		for i, c := range dst {
			s := ru.orderScore(p, &ctx, c)
			if adj != 0 {
				s = ru.searchScore(p, adj, s, c)
			}
			s = s*64 + min(hist[c], 63)
			if c == ttMove {
				s = math.MaxInt32
			}
			sc[i] = s
		}
	}
	// Insertion sort, descending by score.
	for i := 1; i < len(dst); i++ {
		for j := i; j > 0 && sc[j] > sc[j-1]; j-- {
			sc[j], sc[j-1] = sc[j-1], sc[j]
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// Search-ordering adjustments (searchAdjust).
const (
	// adjPartnerWins: the player to act is d1 after the declarer's lead,
	// and d2, last to play, can beat the declarer's card.
	adjPartnerWins = iota + 1
	// adjLead: the player to act leads.
	adjLead
)

// The search's scores of a master card led last (searchScore): below
// every card of the band scoreLow, a master trump (by its thirds) before
// a master suit card.
const (
	leadLastTrump = 500
	leadLastSuit  = 400
)

// searchAdjust returns the changes the search's move ordering makes to
// the policy's scores (orderScore) at p, which let it find cutoffs sooner
// (the policy itself, used by the playouts, is left as it is; see
// searchScore):
//
//   - d1 second to the declarer's lead, with d2 able to beat it, gives
//     points (highest first) as to a partner who holds the trick;
//   - a master trump is led last when the other side has no trumps (it
//     wins whenever it is played, and keeps the lead for later);
//   - a master suit card is led last when a player of the other side is
//     void in its suit and holds a trump (it may be trumped).
func (ru *rules) searchAdjust(p *pos, ctx *trickCtx) int {
	switch {
	case p.n == 0:
		return adjLead
	case p.n == 1 && p.lead == 0 && ctx.reply != card.None && droggn.Beats(ctx.reply, ctx.best):
		return adjPartnerWins
	}
	return 0
}

// searchScore returns the search's score of c from the policy's score s
// under the adjustments adj (see searchAdjust).
func (ru *rules) searchScore(p *pos, adj int, s int32, c card.Card) int32 {
	if adj == adjPartnerWins {
		if s < scoreGive {
			return scoreGive + int32(ru.thirds[c])
		}
		return s
	}
	if s < scoreBest {
		return s
	}
	// A master card led.
	opp := [2]card.Set{p.hands[1], p.hands[2]}
	if p.toAct != 0 {
		opp = [2]card.Set{p.hands[0], p.hands[0]}
	}
	trumps := (opp[0].Lo | opp[1].Lo) & card.TrumpsOnly.Lo
	switch {
	case c.IsTrump():
		if trumps == 0 {
			return leadLastTrump + int32(ru.thirds[c])
		}
	case c.IsSuit() && trumps != 0:
		suit := card.SuitMask(c.Suit()).Hi
		for _, h := range opp {
			if h.Lo&card.TrumpsOnly.Lo != 0 && h.Hi&suit == 0 {
				return leadLastSuit
			}
		}
	}
	return s
}

package ismcts

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"trull/internal/card"
	"trull/internal/game"
)

// node is one tree node: the (masked) action that leads to it from its
// parent, the seat that chose it, and that seat's statistics.
type node struct {
	key     game.Action
	actor   int8
	visits  int32
	avail   int32   // visits of the parent in which key was available
	sum     float64 // sum of the actor's rewards (scores)
	sq      float64 // sum of their squares
	child   int32   // first child, -1 for none
	sibling int32   // next sibling, -1 for none
	mark    int32   // the tree's stamp when expandOrSelect found it available
}

// tree is one single-observer ISMCTS tree for the seat of a view.
type tree struct {
	w     world
	v     game.View
	seat  int
	roots []game.Action
	c     float64

	flat         bool       // flat Monte Carlo: no tree below the root
	policyOthers bool       // the other seats' card plays follow the policy
	deep         bool       // flat at the root, with a tree below each candidate
	exact        bool       // flat search: solve each world exactly (endgameSolver)
	def          int        // flat search: index of the default candidate, -1 for none
	flatR        []float64  // flat search: the candidates' rewards in the current world
	dsum         []float64  // flat search: sums of reward differences to the default
	dsq          []float64  // … and of their squares
	truth        game.State // the true state, for the reference player; nil to sample
	obs          Observer   // flat search: shown each candidate's hand in each world; nil for none
	player       Player     // flat search: finishes each candidate's hand for every seat instead of the policy (Options.Contracts)
	playSrc      *rand.PCG  // the player's random numbers, the same after each candidate of a world
	playRng      *rand.Rand // … drawn from playSrc
	lines        uint64     // the solved worlds observeLines has played out

	rng *rand.Rand      // for Resample
	rnd game.FastSource // for the policy and tie-breaks

	nodes   []node
	stamp   int32 // expandOrSelect's count, which marks the available children
	buf     []game.Action
	path    []int32
	rewards []float64
	absSum  float64 // sum of |reward| over every seat and iteration
	absN    int
}

// treeResult holds the root statistics of one tree, in the order of the
// root candidates.
type treeResult struct {
	visits []int
	sums   []float64
	sqs    []float64
	// In flat search with a default (tree.def ≥ 0): the sums of each
	// candidate's reward minus the default's in the same world, and of
	// their squares, for a paired comparison.
	dsums, dsqs []float64
}

// newTree prepares tree number idx of a search from seed.
func newTree(r game.Rules, v game.View, roots []game.Action, c float64, seed, idx uint64) *tree {
	t := &tree{w: newWorld(r, v), v: v, seat: v.ViewSeat(), roots: roots, c: c,
		rng:     rand.New(rand.NewPCG(seed, idx)),
		rewards: make([]float64, r.Seats()),
		buf:     make([]game.Action, 0, 64)}
	t.rnd = game.FastSourceSeeded(seed ^ (idx+1)*0x9e3779b97f4a7c15)
	t.nodes = make([]node, 1, 1024)
	t.nodes[0] = node{actor: -1, child: -1, sibling: -1}
	// The root's children are the candidates, in order.
	for i := len(roots) - 1; i >= 0; i-- {
		t.addChild(0, roots[i], int8(t.seat))
	}
	return t
}

// addChild adds a child with key to node p (at the head of its list) and
// returns its index.
func (t *tree) addChild(p int32, key game.Action, actor int8) int32 {
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{key: key, actor: actor, child: -1, sibling: t.nodes[p].child})
	t.nodes[p].child = i
	return i
}

// findChild returns the child of p with key, or -1.
func (t *tree) findChild(p int32, key game.Action) int32 {
	for i := t.nodes[p].child; i >= 0; i = t.nodes[i].sibling {
		if t.nodes[i].key == key {
			return i
		}
	}
	return -1
}

// errNoWorld is returned when no determinization could be sampled.
var errNoWorld = errors.New("ismcts: the view could not be resampled")

// run does iters iterations (fewer when the deadline passes; at least one)
// and returns the root statistics.
func (t *tree) run(iters int, deadline time.Time) (treeResult, error) {
	if r, ok := t.w.(interface{ release() }); ok {
		defer r.release()
	}
	var lastErr error
	done, failed := 0, 0
	for it := 0; it < iters; it++ {
		if !deadline.IsZero() && done > 0 && it&7 == 0 && time.Now().After(deadline) {
			break
		}
		if t.truth != nil {
			t.w.set(t.truth)
		} else if err := t.w.resample(t.v, t.rng); err != nil {
			lastErr = err
			if failed++; failed > 8 && done == 0 {
				break
			}
			continue
		}
		if t.flat {
			if t.exact && t.solveFlat() {
				done += len(t.roots)
				it += solvedWorldCost - 1
				continue
			}
			done += t.iterateFlat()
			it += len(t.roots) - 1
			continue
		}
		t.iterate()
		done++
	}
	if done == 0 {
		if lastErr == nil {
			lastErr = errNoWorld
		}
		return treeResult{}, fmt.Errorf("%w: %v", errNoWorld, lastErr)
	}
	res := treeResult{visits: make([]int, len(t.roots)), sums: make([]float64, len(t.roots)), sqs: make([]float64, len(t.roots)),
		dsums: t.dsum, dsqs: t.dsq}
	for i, a := range t.roots {
		ch := t.findChild(0, a)
		res.visits[i] = int(t.nodes[ch].visits)
		res.sums[i] = t.nodes[ch].sum
		res.sqs[i] = t.nodes[ch].sq
	}
	return res, nil
}

// iterateFlat scores every root candidate in the current determinization
// (Perfect-Information Monte Carlo): each is applied to a copy of the same
// world and played out with the same random numbers, so that candidates
// are compared on equal terms; with t.deep the hand goes on below each
// candidate by a descent of its subtree (walk) before the playout. It
// returns the number of candidates scored.
func (t *tree) iterateFlat() int {
	t.w.save()
	seed := t.rnd.Uint64()
	t.flatInit()
	k := 0
	for i := t.nodes[0].child; i >= 0; i, k = t.nodes[i].sibling, k+1 {
		t.w.restore()
		t.rnd = game.FastSourceSeeded(seed)
		st := t.w.state()
		st.ApplyUnchecked(t.nodes[i].key)
		if t.obs != nil {
			t.obs.Played(t.nodes[i].key, st)
		}
		t.path = t.path[:0]
		switch {
		case st.Done():
		case t.deep:
			t.walk(i)
		case t.player != nil:
			t.playBy(seed)
		default:
			t.w.playout(&t.rnd)
		}
		if t.obs != nil {
			t.obs.Finished(t.nodes[i].key, t.w.state())
		}
		t.w.scores(t.rewards)
		if t.deep {
			t.backup()
		}
		t.flatR[k] = t.rewards[t.seat]
	}
	t.recordFlat()
	return len(t.roots)
}

// playBy finishes the hand of the current determinization with t.player
// deciding for every seat from that seat's view, its random numbers drawn
// from seed (the same for every candidate of a world). Should the player
// fail, the default policy finishes the hand.
func (t *tree) playBy(seed uint64) {
	if t.playSrc == nil {
		t.playSrc = rand.NewPCG(0, 0)
		t.playRng = rand.New(t.playSrc)
	}
	t.playSrc.Seed(seed, 0x6a09e667f3bcc909)
	if err := game.Finish(t.w.state(), func(v game.View) (game.Action, error) { return t.player.Act(v, t.playRng) }); err != nil {
		t.w.playout(&t.rnd)
	}
}

// solvedWorldCost is the number of iterations a determinization solved
// exactly counts for: with it, a search of n iterations solves about as
// many worlds as a pimc player of the same effort samples.
const solvedWorldCost = 75

// solveFlat scores every root candidate in the current determinization by
// the game's exact solver, and reports whether it could (a world whose
// solver gave up is played out instead).
func (t *tree) solveFlat() bool {
	es, ok := t.w.(endgameSolver)
	if !ok {
		return false
	}
	t.flatInit()
	if !es.solveRoot(t.roots, t.flatR) {
		return false
	}
	t.recordFlat()
	if t.obs != nil {
		t.observeLines(es)
	}
	return true
}

// observeLines shows the observer each root candidate's hand in the
// current determinization as the solver plays it out (endgameSolver.line),
// the hand whose score solveRoot gave. The lines draw their few random
// numbers (where a solve gives up) from a source of their own, so that
// observing leaves the search's choices as they are.
func (t *tree) observeLines(es endgameSolver) {
	t.w.save()
	t.lines++
	rnd := game.FastSourceSeeded(t.lines * 0x2545f4914f6cdd1d)
	for _, a := range t.roots {
		t.w.restore()
		st := t.w.state()
		st.ApplyUnchecked(a)
		t.obs.Played(a, st)
		if !st.Done() {
			es.line(&rnd)
		}
		t.obs.Finished(a, t.w.state())
	}
	t.w.restore()
}

// flatInit makes the flat search's per-candidate buffers on first use.
func (t *tree) flatInit() {
	if t.flatR == nil {
		t.flatR = make([]float64, len(t.roots))
		t.dsum = make([]float64, len(t.roots))
		t.dsq = make([]float64, len(t.roots))
	}
}

// recordFlat adds the candidates' rewards in the current world (t.flatR,
// in the order of the root's children, which is the order of t.roots) to
// their statistics and to the paired differences to the default.
func (t *tree) recordFlat() {
	k := 0
	for i := t.nodes[0].child; i >= 0; i, k = t.nodes[i].sibling, k+1 {
		n := &t.nodes[i]
		n.visits++
		n.avail++
		r := t.flatR[k]
		n.sum += r
		n.sq += r * r
	}
	if t.def >= 0 {
		for k, r := range t.flatR {
			d := r - t.flatR[t.def]
			t.dsum[k] += d
			t.dsq[k] += d * d
		}
	}
}

// hiddenKind reports whether an action of kind k by another seat hides a
// card from the observer: a discard, or the card offered when buying.
func hiddenKind(k game.Kind) bool { return k == game.KindDiscard || k == game.KindBuy }

// mask returns the part of a that the observer sees when another seat
// takes a hidden action.
func mask(a game.Action) game.Action {
	a.Card = card.None
	return a
}

// iterate runs one iteration on the current determinization.
func (t *tree) iterate() {
	t.path = t.path[:0]
	t.walk(0)
	t.w.scores(t.rewards)
	t.backup()
}

// backup adds the rewards of the iteration to the nodes of its path and to
// the running mean of the rewards' size.
func (t *tree) backup() {
	for _, r := range t.rewards {
		t.absSum += math.Abs(r)
	}
	t.absN += len(t.rewards)
	for _, i := range t.path {
		n := &t.nodes[i]
		n.visits++
		r := t.rewards[n.actor]
		n.sum += r
		n.sq += r * r
	}
}

// walk descends the tree from node cur in the current determinization,
// applying the actions, appending the nodes it passes to t.path, expands
// one node and plays the hand out with the default policy.
func (t *tree) walk(cur int32) {
	st := t.w.state()
	for !st.Done() {
		actor := st.ToAct()
		var a game.Action
		var next int32
		expanded := false
		switch {
		case cur == 0:
			next = t.selectChild(0, false)
			a = t.nodes[next].key
		default:
			t.buf = t.w.candidates(t.buf[:0])
			if len(t.buf) == 0 {
				// Defensive: an engine without candidates here ends the descent.
				next = -1
				break
			}
			if actor != t.seat && (t.buf[0].Kind != game.KindPlay || t.policyOthers) {
				a = t.w.policy(&t.rnd)
				key := a
				if hiddenKind(a.Kind) {
					key = mask(a)
				}
				if next = t.findChild(cur, key); next < 0 {
					next = t.addChild(cur, key, int8(actor))
					// A card play by the policy is not a search
					// decision: the descent goes on to the seat's next.
					expanded = a.Kind != game.KindPlay
				}
				break
			}
			next, expanded = t.expandOrSelect(cur, int8(actor))
			a = t.nodes[next].key
		}
		if next < 0 {
			break
		}
		st.ApplyUnchecked(a)
		t.path = append(t.path, next)
		cur = next
		if expanded {
			break
		}
	}
	if !st.Done() {
		t.w.playout(&t.rnd)
	}
}

// expandOrSelect handles a decision node whose candidates in this
// determinization are t.buf. It counts their availability and either adds
// a child for an untried candidate or selects among the available tried
// ones by UCB. Below the root the children are widened progressively: a
// node visited n times considers at most 1 + widen·√n of its available
// candidates, the default policy's choice first, then random ones, so that
// its value is not dragged down by trying every poor move at once.
func (t *tree) expandOrSelect(cur int32, actor int8) (int32, bool) {
	t.stamp++
	untried := 0
	for k := range t.buf {
		if ch := t.findChild(cur, t.buf[k]); ch >= 0 {
			t.nodes[ch].avail++
			t.nodes[ch].mark = t.stamp
			continue
		}
		t.buf[untried], t.buf[k] = t.buf[k], t.buf[untried]
		untried++
	}
	tried := len(t.buf) - untried
	allowed := 1 + int(widen*math.Sqrt(float64(t.nodes[cur].visits)))
	if untried == 0 || tried >= allowed {
		return t.selectChild(cur, true), false
	}
	pick := t.buf[t.rnd.IntN(untried)]
	if p := t.w.policy(&t.rnd); containsAction(t.buf[:untried], p) {
		pick = p
	}
	ch := t.addChild(cur, pick, actor)
	t.nodes[ch].avail = 1
	return ch, true
}

// widen is the progressive widening factor of expandOrSelect.
const widen = 1.0

func containsAction(as []game.Action, a game.Action) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// selectChild returns the child of p with the best UCB1 value: among
// those expandOrSelect marked available with marked, else among every
// child (as at the root, whose availability is counted here).
func (t *tree) selectChild(p int32, marked bool) int32 {
	unit := 1.0
	if t.absN > 0 && t.absSum > 0 {
		unit = t.absSum / float64(t.absN)
	}
	best, bestV := int32(-1), math.Inf(-1)
	for i := t.nodes[p].child; i >= 0; i = t.nodes[i].sibling {
		n := &t.nodes[i]
		if marked {
			if n.mark != t.stamp {
				continue
			}
		} else {
			n.avail++
		}
		var v float64
		if n.visits == 0 {
			v = math.Inf(1)
		} else {
			v = n.sum/float64(n.visits)/unit + t.c*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

package ismcts

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"trull/internal/bot/rules"
	"trull/internal/bot/tsolver"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// variants are the rule sets the tests cover: every game, several seat
// counts and the options that add decisions (doubling, announcements,
// partner calling, restricted buying).
func variants() []game.Rules {
	return []game.Rules{
		droggn.Default(3),
		droggn.Default(4),
		droggn.MustParse(3, "buyOfferRestricted=true,exposeTalonInAnsager=true,maxDoublings=2"),
		troggu.Default(3),
		troggu.Default(5),
		troggu.Default(7),
		troggu.MustParse(8, "mustOvertrump=true"),
		strohmandeln.NewRules(strohmandeln.Options{}),
		strohmandeln.NewRules(strohmandeln.Options{Scoring: strohmandeln.Classic, AllowDoubling: true}),
		strohmandeln.NewRules(strohmandeln.Options{Pack40: true, SimpleGame: strohmandeln.SimpleFold,
			LastStrohmannCard: strohmandeln.LastStaysOnTable}),
	}
}

// randomState deals a hand from seed and plays random legal actions (before
// the card play, half of the time the first one, which the engines list as
// the declining one, so that the later phases of a game are reached) for a
// random number of steps, stopping at a decision; nil if the hand ended.
func randomState(t testing.TB, r game.Rules, seed string) game.State {
	t.Helper()
	rng := game.NewRand(seed, 0)
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), rng.IntN(r.Seats()))
	if err != nil {
		t.Fatal(err)
	}
	var buf []game.Action
	pick := func(s game.State) game.Action {
		buf = s.Legal(buf[:0])
		if buf[0].Kind != game.KindPlay && rng.IntN(2) == 0 {
			return buf[0]
		}
		return buf[rng.IntN(len(buf))]
	}
	// Walk to the end once to learn the length, then stop part of the way.
	probe := st.Clone()
	steps := 0
	for !probe.Done() {
		probe.ApplyUnchecked(pick(probe))
		steps++
	}
	if steps == 0 {
		return nil
	}
	stop := rng.IntN(steps)
	for i := 0; i < stop && !st.Done(); i++ {
		if err := st.Apply(pick(st)); err != nil {
			t.Fatal(err)
		}
	}
	if st.Done() {
		return nil
	}
	return st
}

// TestLegal asks the bot for decisions in random positions of every
// variant (random legal play from a seeded deal, stopped at a random
// point), up to a quota per phase so that every phase is met, and checks
// that each answer is legal.
func TestLegal(t *testing.T) {
	quota, seeds := 8, 300
	if testing.Short() {
		quota, seeds = 3, 120
	}
	for _, opts := range []Options{{Iterations: 40}, {Iterations: 40, PairedRoot: true, PolicyOthers: true}} {
		t.Run(fmt.Sprintf("paired=%v", opts.PairedRoot), func(t *testing.T) { testLegal(t, New(opts), quota, seeds) })
	}
}

func testLegal(t *testing.T, b *Bot, quota, seeds int) {
	for _, r := range variants() {
		t.Run(r.String(), func(t *testing.T) {
			phases := map[string]int{}
			for i := 0; i < seeds; i++ {
				seed := fmt.Sprintf("legal/%s/%d", r, i)
				st := randomState(t, r, seed)
				if st == nil || phases[st.Phase()] >= quota {
					continue
				}
				phase := st.Phase()
				phases[phase]++
				v := st.View(game.ViewerOf(st.ToAct()))
				a, err := b.Act(v, game.NewRand(seed, 1))
				if err != nil {
					t.Fatalf("%s: phase %s: %v", seed, phase, err)
				}
				if !slices.Contains(v.LegalActions(), a) {
					t.Fatalf("%s: phase %s: %+v is not among the legal actions", seed, phase, a)
				}
				if err := st.Apply(a); err != nil {
					t.Fatalf("%s: phase %s: %v", seed, phase, err)
				}
			}
			t.Logf("decisions by phase: %v", phases)
		})
	}
}

// TestGenericWorld searches every game through the generic game.State
// contract alone (the fallback for games without an adapter) and checks
// that the iterations reach the root and the best action is legal.
func TestGenericWorld(t *testing.T) {
	for _, r := range []game.Rules{droggn.Default(3), troggu.Default(4), strohmandeln.NewRules(strohmandeln.Options{})} {
		for i := 0; i < 6; i++ {
			seed := fmt.Sprintf("generic/%s/%d", r, i)
			st := randomState(t, r, seed)
			if st == nil {
				continue
			}
			v := st.View(game.ViewerOf(st.ToAct()))
			roots := v.LegalActions()
			tr := newTree(r, v, roots, DefaultExploration, 1, 2)
			tr.w = &genericWorld{r: r}
			res, err := tr.run(50, time.Time{})
			if err != nil {
				t.Fatalf("%s: %v", seed, err)
			}
			n := 0
			for _, x := range res.visits {
				n += x
			}
			if n != 50 {
				t.Fatalf("%s: %d root visits after 50 iterations", seed, n)
			}
			cands, err := merge(roots, -1, DefaultOverrule, []treeResult{res}, []error{nil})
			if err != nil || !slices.Contains(roots, cands[0].Action) {
				t.Fatalf("%s: best %+v (%v) is not legal", seed, cands[0].Action, err)
			}
		}
	}
}

// TestWholeHands plays complete hands with the bot in every seat, so that
// every decision kind of the default variants is met in play.
func TestWholeHands(t *testing.T) {
	hands := 3
	if testing.Short() {
		hands = 1
	}
	b := New(Options{Iterations: 60})
	for _, r := range variants() {
		t.Run(r.String(), func(t *testing.T) {
			kinds := map[game.Kind]int{}
			for h := 0; h < hands; h++ {
				seed := fmt.Sprintf("whole/%s/%d", r, h)
				st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), h%r.Seats())
				if err != nil {
					t.Fatal(err)
				}
				rng := game.NewRand(seed, 0)
				for !st.Done() {
					a, err := b.Act(st.View(game.ViewerOf(st.ToAct())), rng)
					if err != nil {
						t.Fatal(err)
					}
					if err := st.Apply(a); err != nil {
						t.Fatalf("illegal %+v: %v", a, err)
					}
					kinds[a.Kind]++
				}
			}
			t.Logf("decisions by kind: %v", kinds)
		})
	}
}

// TestDeterministic checks that a decision depends only on the view, the
// generator and the options, not on the number of workers.
func TestDeterministic(t *testing.T) {
	for _, r := range []game.Rules{droggn.Default(3), troggu.Default(3), strohmandeln.NewRules(strohmandeln.Options{})} {
		for i := 0; i < 4; i++ {
			seed := fmt.Sprintf("det/%s/%d", r, i)
			st := randomState(t, r, seed)
			if st == nil {
				continue
			}
			v := st.View(game.ViewerOf(st.ToAct()))
			var first []Candidate
			for _, workers := range []int{1, 2, 4, 1} {
				b := New(Options{Iterations: 120, Trees: 4, Workers: workers, Hints: -1, PairedRoot: i%2 == 1, PolicyOthers: i%2 == 1})
				got, err := b.Hint(v, game.NewRand(seed, 1))
				if err != nil {
					t.Fatal(err)
				}
				if first == nil {
					first = got
					continue
				}
				if !slices.Equal(first, got) {
					t.Fatalf("%s: workers=%d gave %+v, want %+v", seed, workers, got, first)
				}
			}
		}
	}
}

// TestHint checks the shape of a hint: sorted by visits, shares adding up
// to one, at most Options.Hints entries.
func TestHint(t *testing.T) {
	r := droggn.Default(3)
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), "hint"), 0)
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(game.ViewerOf(st.ToAct()))
	b := New(Options{Iterations: 200, Hints: -1})
	hs, err := b.Hint(v, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != len(v.LegalActions()) {
		t.Fatalf("got %d hints for %d legal actions", len(hs), len(v.LegalActions()))
	}
	share := 0.0
	for i, h := range hs {
		share += h.Share
		if i > 0 && h.Visits > hs[i-1].Visits {
			t.Fatalf("hints not sorted: %+v", hs)
		}
		t.Logf("%-28s visits %4d share %.2f value %7.1f", r.Describe(h.Action, 0), h.Visits, h.Share, h.Value)
	}
	if share < 0.999 || share > 1.001 {
		t.Fatalf("shares add up to %v", share)
	}
	a, err := b.Act(v, rand.New(rand.NewPCG(1, 2)))
	if err != nil || a != hs[0].Action {
		t.Fatalf("Act gave %+v (%v), Hint's first is %+v", a, err, hs[0].Action)
	}
	b3 := New(Options{Iterations: 200, Hints: 3})
	if hs, _ := b3.Hint(v, rand.New(rand.NewPCG(1, 2))); len(hs) != 3 {
		t.Fatalf("Hints=3 gave %d hints", len(hs))
	}
	if _, err := b.Act(st.View(game.ViewerOf((st.ToAct()+1)%3)), rand.New(rand.NewPCG(1, 2))); err != ErrNotToAct {
		t.Fatalf("a seat not to act got %v", err)
	}
}

// countingPlayer plays the first legal action and counts its calls.
type countingPlayer struct{ calls int }

func (p *countingPlayer) Act(v game.View, _ *rand.Rand) (game.Action, error) {
	p.calls++
	return v.LegalActions()[0], nil
}

// TestBidder checks that Options.Bidder makes every decision before the
// card play, forced ones included, and none of the card plays.
func TestBidder(t *testing.T) {
	r := droggn.Default(3)
	plays, others := 0, 0
	for i := range 40 {
		st := randomState(t, r, fmt.Sprintf("bidder-%d", i))
		if st == nil {
			continue
		}
		v := st.View(game.ViewerOf(st.ToAct()))
		bidder := &countingPlayer{}
		b := New(Options{Iterations: 50, Bidder: bidder})
		a, err := b.Act(v, game.NewRand("bidder", uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		legal := v.LegalActions()
		if legal[0].Kind == game.KindPlay {
			if bidder.calls != 0 {
				t.Errorf("state %d: the bidder was asked for a card play", i)
			}
			if !slices.Contains(legal, a) {
				t.Errorf("state %d: illegal card %v", i, a)
			}
			plays++
			continue
		}
		others++
		if bidder.calls != 1 || a != legal[0] {
			t.Errorf("state %d (%s): got %v after %d bidder calls, want the bidder's %v", i, st.Phase(), a, bidder.calls, legal[0])
		}
	}
	if plays == 0 || others == 0 {
		t.Errorf("%d card plays and %d other decisions met: want both", plays, others)
	}
}

// TestPairedRoot checks the paired root: every candidate is scored in every
// determinization (equal visits) and the tree grows below the candidates,
// or, shallow, stays at the candidates.
func TestPairedRoot(t *testing.T) {
	for _, deep := range []bool{true, false} {
		t.Run(fmt.Sprintf("deep=%v", deep), func(t *testing.T) { testPairedRoot(t, deep) })
	}
}

func testPairedRoot(t *testing.T, deep bool) {
	for _, r := range []game.Rules{troggu.Default(6), strohmandeln.NewRules(strohmandeln.Options{})} {
		checked := 0
		for i := 0; i < 40 && checked < 5; i++ {
			seed := fmt.Sprintf("paired/%s/%d", r, i)
			st := randomState(t, r, seed)
			if st == nil || st.Phase() != "play" {
				continue
			}
			v := st.View(game.ViewerOf(st.ToAct()))
			roots, _ := rootCandidates(v, v.LegalActions())
			if len(roots) < 2 {
				continue
			}
			checked++
			tr := newTree(r, v, roots, DefaultExploration, 7, 0)
			tr.flat, tr.deep, tr.policyOthers, tr.def = true, deep, true, -1
			res, err := tr.run(60*len(roots), time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			for k := range roots {
				if res.visits[k] != res.visits[0] || res.visits[k] == 0 {
					t.Fatalf("%s: visits %v, want equal and positive", seed, res.visits)
				}
			}
			if deep && len(tr.nodes) <= 1+len(roots) {
				t.Errorf("%s: no tree below the root (%d nodes)", seed, len(tr.nodes))
			}
			if !deep && len(tr.nodes) != 1+len(roots) {
				t.Errorf("%s: shallow search grew %d nodes below the root", seed, len(tr.nodes)-1-len(roots))
			}
		}
		if checked == 0 {
			t.Errorf("%s: no card-play position found", r)
		}
	}
}

// TestExactEndgame checks the flat search's exact endgames in Troggu: a
// card-play decision near the end is solved in every determinization, each
// world counting solvedWorldCost iterations, and every candidate's value is
// the sum of package tsolver's scores over the same worlds.
func TestExactEndgame(t *testing.T) {
	sv := tsolver.New()
	forSolvable(t, []game.Rules{troggu.Default(3), troggu.Default(6)}, "exact", func(tr *tree, seed string) {
		checkSolvedWorlds(t, tr, seed, func(w world) []float64 {
			vals, ok := sv.Evaluate(w.(*trogguWorld).s, solveBudget)
			if !ok {
				t.Fatalf("%s: the reference solve failed", seed)
			}
			out := make([]float64, len(tr.roots))
			for k, a := range tr.roots {
				for _, cv := range vals {
					if cv.Card == a.Card {
						out[k] = float64(cv.Score)
					}
				}
			}
			return out
		})
	})
}

// forSolvable calls f with a tree of the seat to act for up to eight
// card plays near enough to the end for the game's solver, found among
// random states of the rules, and fails t if fewer than four are found.
func forSolvable(t *testing.T, rules []game.Rules, prefix string, f func(tr *tree, seed string)) {
	t.Helper()
	checked := 0
	for _, r := range rules {
		for i := 0; i < 400 && checked < 8; i++ {
			seed := fmt.Sprintf("%s/%s/%d", prefix, r, i)
			st := randomState(t, r, seed)
			if st == nil || st.Phase() != "play" {
				continue
			}
			v := st.View(game.ViewerOf(st.ToAct()))
			roots, _ := rootCandidates(v, v.LegalActions())
			tr := newTree(r, v, roots, DefaultExploration, 11, 0)
			es := tr.w.(endgameSolver)
			if len(roots) < 2 || !es.solvable(v, 0) {
				continue
			}
			checked++
			f(tr, seed)
		}
	}
	if checked < 4 {
		t.Errorf("only %d solvable positions found", checked)
	}
}

// checkSolvedWorlds runs tr, a flat search of a solvable card play, over
// five worlds solved exactly and checks its root statistics against the
// candidates' values by solve in the same worlds, sampled again.
func checkSolvedWorlds(t *testing.T, tr *tree, seed string, solve func(w world) []float64) {
	t.Helper()
	tr.flat, tr.exact, tr.def = true, true, 0
	const worlds = 5
	res, err := tr.run(worlds*solvedWorldCost, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	ref := newTree(tr.w.state().Rules(), tr.v, tr.roots, DefaultExploration, 11, 0)
	sums := make([]float64, len(tr.roots))
	for range worlds {
		if err := ref.w.resample(tr.v, ref.rng); err != nil {
			t.Fatal(err)
		}
		for k, x := range solve(ref.w) {
			sums[k] += x
		}
	}
	for k := range tr.roots {
		if res.visits[k] != worlds || res.sums[k] != sums[k] {
			t.Errorf("%s: %v: %d visits, sum %v; want %d worlds summing to %v", seed, tr.roots[k], res.visits[k], res.sums[k], worlds, sums[k])
		}
	}
}

// TestBidsPlausible checks the Troggu determinizations' reading of the
// bids: a deal bid by the bid estimate is always plausible to every
// seat, at every point of the hand, and resampled worlds are plausible far
// more often than the view's constraints alone make them.
func TestBidsPlausible(t *testing.T) {
	for _, n := range []int{3, 4, 6} {
		r := troggu.Default(n)
		w := newTrogguWorld(r)
		plain, drawn, kept := 0, 0, 0
		for i := range 60 {
			seed := fmt.Sprintf("passes/%d/%d", n, i)
			st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), i%n)
			if err != nil {
				t.Fatal(err)
			}
			rnd := game.FastSourceSeeded(uint64(i))
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for step := 0; !st.Done(); step++ {
				w.set(st)
				a := w.policy(&rnd)
				if st.Phase() == "play" && step%5 == 0 {
					for seat := range n {
						w.set(st)
						if !w.bidsPlausible(seat) {
							t.Fatalf("%s step %d: the true deal is implausible to seat %d", seed, step, seat)
						}
						v := st.View(game.ViewerOf(seat))
						s0, err := r.Resample(v, rng)
						if err != nil {
							t.Fatal(err)
						}
						w.s = s0.(*troggu.State)
						plain += b2i(w.bidsPlausible(seat))
						if err := w.resample(v, rng); err != nil {
							t.Fatal(err)
						}
						kept += b2i(w.bidsPlausible(seat))
						drawn++
					}
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if drawn == 0 || kept < plain || float64(kept) < 0.8*float64(drawn) {
			t.Errorf("%d players: %d of %d worlds plausible with the bids read, %d without", n, kept, drawn, plain)
		}
		t.Logf("%d players: %d of %d worlds plausible with the bids read, %d without", n, kept, drawn, plain)
	}
}

// TestReadPlay plays Troggu hands with a searching player in every seat
// and checks that determinizations drawn with the card play read place
// more of the other seats' cards in their true hands than those drawn
// without.
func TestReadPlay(t *testing.T) {
	for _, n := range []int{3, 6} {
		r := troggu.Default(n)
		player := New(Options{Flat: true, Iterations: 120, NoSolver: true})
		plain, read := newTrogguWorld(r), newTrogguWorld(r)
		read.read = true
		var hitsPlain, hitsRead, cards int
		for i := range 16 {
			seed := fmt.Sprintf("read/%d/%d", n, i)
			st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), i%n)
			if err != nil {
				t.Fatal(err)
			}
			ts := st.(*troggu.State)
			rng := rand.New(rand.NewPCG(uint64(i), 2))
			for step := 0; !st.Done(); step++ {
				seat := st.ToAct()
				v := st.View(game.ViewerOf(seat))
				if st.Phase() == "play" && step%3 == 0 && len(ts.History()) > 2*n+8 {
					// hits counts the other seats' cards a fresh world of w
					// places in their true hands.
					hits := func(w *trogguWorld) int {
						if err := w.resample(v, rng); err != nil {
							t.Fatal(err)
						}
						k := 0
						for p := range n {
							if p != seat {
								k += w.s.Hand(p).Intersect(ts.Hand(p)).Len()
							}
						}
						return k
					}
					others := 0
					for p := range n {
						if p != seat {
							others += ts.Hand(p).Len()
						}
					}
					for range 8 {
						hitsPlain += hits(plain)
						hitsRead += hits(read)
						cards += others
					}
				}
				a, err := player.Act(v, rng)
				if err != nil {
					t.Fatal(err)
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%d players: %d of %d hidden cards placed right with the play read, %d without", n, hitsRead, cards, hitsPlain)
		if cards == 0 || hitsRead <= hitsPlain {
			t.Errorf("%d players: %d of %d hidden cards placed right with the play read, %d without", n, hitsRead, cards, hitsPlain)
		}
	}
}

// TestUndecided checks when a decision counts as close (Options.CloseRounds):
// the best candidate beats the default, but by no more than the overrule
// margin of a paired comparison.
func TestUndecided(t *testing.T) {
	roots := []game.Action{{Kind: game.KindPlay, Card: 1}, {Kind: game.KindPlay, Card: 2}}
	// paired returns the statistics of n worlds in which candidate 1 scores
	// d more than candidate 0 (the default) on average, with differences
	// d ± sd.
	paired := func(n int, d, sd float64) treeResult {
		r := treeResult{visits: []int{n, n}, sums: []float64{0, d * float64(n)}, sqs: []float64{float64(n), float64(n)},
			dsums: []float64{0, d * float64(n)}, dsqs: []float64{0, float64(n) * (d*d + sd*sd)}}
		return r
	}
	cases := []struct {
		name string
		def  int
		res  treeResult
		want bool
	}{
		{"the default is best", 0, paired(100, -0.5, 1), false},
		{"a clear improvement", 0, paired(100, 0.5, 1), false},              // 5 standard errors
		{"an improvement within the margin", 0, paired(100, 0.15, 1), true}, // 1.5 standard errors
		{"no default", -1, paired(100, 0.15, 1), false},
		{"the best is the default", 1, paired(100, 0.15, 1), false},
	}
	for _, c := range cases {
		if got := undecided(roots, c.def, DefaultOverrule, []treeResult{c.res}, []error{nil}); got != c.want {
			t.Errorf("%s: undecided = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCloseRounds checks that Options.CloseRounds searches again only the
// decisions that stay close, and that it keeps decisions reproducible: over
// Strohmandeln card plays, the rounds never change a decision that was not
// close, and a close one is decided again from more worlds.
func TestCloseRounds(t *testing.T) {
	r := strohmandeln.NewRules(strohmandeln.Options{})
	base := Options{Iterations: 200, Prior: rules.Bot{}, PairedRoot: true, PolicyOthers: true}
	more := base
	more.CloseRounds = 2
	closeCalls := 0
	for i := 0; i < 40 && closeCalls < 3; i++ {
		st := randomState(t, r, fmt.Sprintf("close/%d", i))
		if st == nil || st.Phase() != "play" || len(st.Legal(nil)) < 2 {
			continue
		}
		v := st.View(game.ViewerOf(st.ToAct()))
		a1, err1 := New(base).search(v, nil, game.NewRand("close", uint64(i)), nil)
		a2, err2 := New(more).search(v, nil, game.NewRand("close", uint64(i)), nil)
		a3, err3 := New(more).search(v, nil, game.NewRand("close", uint64(i)), nil)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		if !reflect.DeepEqual(a2, a3) {
			t.Fatalf("position %d: the same search decided %v, then %v", i, a2[0], a3[0])
		}
		n1, n2 := visits(a1), visits(a2)
		switch {
		case n2 == n1:
			if a1[0].Action != a2[0].Action {
				t.Errorf("position %d: no second round, yet another decision", i)
			}
		case n2 > n1:
			closeCalls++
		default:
			t.Errorf("position %d: %d visits with close rounds, %d without", i, n2, n1)
		}
	}
	if closeCalls == 0 {
		t.Error("no close decision met in 40 positions")
	}
	t.Logf("%d close decisions searched again", closeCalls)
}

func visits(cs []Candidate) int {
	n := 0
	for _, c := range cs {
		n += c.Visits
	}
	return n
}

// contractObserver checks the hands of a search with Options.Contracts:
// after each candidate the hand is finished by the rules bot for every
// seat, from that seat's view (the rules bot never uses its generator, so
// the line can be played again here), and it adds up the seat's scores.
type contractObserver struct {
	t      *testing.T
	seat   int
	played game.State
	sums   map[game.Action]float64
	counts map[game.Action]int
}

func (o *contractObserver) Played(a game.Action, st game.State) { o.played = st.Clone() }

func (o *contractObserver) Finished(a game.Action, st game.State) {
	o.t.Helper()
	again := o.played
	for !again.Done() {
		b, err := rules.Bot{}.Act(again.View(game.Seat(again.ToAct())), nil)
		if err != nil {
			o.t.Fatal(err)
		}
		if err := again.Apply(b); err != nil {
			o.t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(again.History(), st.History()) {
		o.t.Fatalf("after %v the hand was not finished by the rules bot:\n have %v\n want %v", a, st.History(), again.History())
	}
	o.sums[a] += float64(st.(*troggu.State).Score()[o.seat])
	o.counts[a]++
}

// TestContracts checks Options.Contracts on the Troggu contract decisions
// (bids, calls): every candidate is played out in the same number of
// worlds, each hand finished by the prior for every seat, a candidate's
// value is the mean of the seat's scores of those hands, and the choice
// is the same for the same seed.
func TestContracts(t *testing.T) {
	for _, c := range []struct {
		r             game.Rules
		trees, worlds int
	}{{troggu.Default(3), 2, 6}, {troggu.Default(6), 2, 6}, {troggu.Default(3), 4, 6}, {troggu.Default(6), 5, 7}} {
		testContracts(t, c.r, c.trees, c.worlds)
	}
	// A search with a tree below each candidate, and a decision that is
	// not a contract (a partner call), keep the search's own valuation.
	deep := New(Options{Prior: rules.Bot{}, PairedRoot: true, Contracts: 6})
	shallow := New(Options{Prior: rules.Bot{}, PairedRoot: true, Shallow: true, Contracts: 6})
	bids := []game.Action{{Kind: game.KindBid, Call: 1}, {Kind: game.KindBid, Call: 2}}
	calls := []game.Action{{Kind: game.KindCall}, {Kind: game.KindCall}}
	if deep.contractPlay(bids) || !shallow.contractPlay(bids) || shallow.contractPlay(calls) {
		t.Errorf("contract play: deep %v, shallow %v, with %d candidates %v", deep.contractPlay(bids), shallow.contractPlay(bids), len(calls), shallow.contractPlay(calls))
	}
}

func testContracts(t *testing.T, r game.Rules, trees, worlds int) {
	t.Helper()
	{
		b := New(Options{Iterations: 600, Prior: rules.Bot{}, PairedRoot: true, Shallow: true, PolicyOthers: true, Contracts: worlds, Trees: trees})
		checked := 0
		for i := 0; i < 60 && checked < 4; i++ {
			seed := fmt.Sprintf("contracts/%s/%d", r, i)
			st := randomState(t, r, seed)
			if st == nil || st.Done() || st.Phase() == "play" {
				continue
			}
			v := st.View(game.ViewerOf(st.ToAct()))
			if len(v.LegalActions()) < 2 || !v.LegalActions()[0].Kind.Contract() {
				continue
			}
			checked++
			obs := &contractObserver{t: t, seat: v.ViewSeat(), sums: map[game.Action]float64{}, counts: map[game.Action]int{}}
			cands, observed, err := b.RankObserved(v, game.NewRand(seed, 1), func(int) Observer { return obs })
			if err != nil {
				t.Fatal(err)
			}
			if !observed || len(cands) < 2 {
				t.Fatalf("%s: %d candidates, observed %v", seed, len(cands), observed)
			}
			for _, c := range cands {
				if c.Visits != worlds || obs.counts[c.Action] != worlds {
					t.Errorf("%s: %v played out in %d worlds (%d observed), want %d", seed, c.Action, c.Visits, obs.counts[c.Action], worlds)
				}
				if mean := obs.sums[c.Action] / float64(obs.counts[c.Action]); math.Abs(mean-c.Value) > 1e-9 {
					t.Errorf("%s: %v valued %v, its hands' mean score %v", seed, c.Action, c.Value, mean)
				}
			}
			a1, err1 := b.Act(v, game.NewRand(seed, 2))
			a2, err2 := b.Act(v, game.NewRand(seed, 2))
			if err1 != nil || err2 != nil || a1 != a2 {
				t.Errorf("%s: %v %v, then %v %v", seed, a1, err1, a2, err2)
			}
		}
		if checked == 0 {
			t.Errorf("%s: no decision before the card play found", r)
		}
	}
}

package solver

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// solverConfigs are the feature switches the brute-force comparison runs;
// every one must give the same values.
var solverConfigs = []struct {
	name string
	opts Options
}{
	{"default", Options{}},
	{"noTT", Options{NoTT: true}},
	{"tinyTT", Options{TTBits: 3}},
	{"noEquiv", Options{NoEquiv: true}},
	{"noOrder", Options{NoOrder: true}},
	{"noBounds", Options{NoBounds: true}},
	{"noPoints", Options{NoPoints: true}},
	{"noRelRanks", Options{NoRelRanks: true}},
	{"noSuitTricks", Options{NoSuitTricks: true}},
	{"noLoneT1", Options{NoLoneT1: true}},
	{"noCheapest", Options{NoCheapest: true}},
	{"noRegainedLead", Options{NoRegainedLead: true}},
	{"workers2", Options{Workers: 2}},
}

// endgame is one random position of the comparison.
type endgame struct {
	s    *droggn.State
	desc string
}

// endgames returns random play positions with 3 to 5 tricks left, with
// lay-outs, doublings and every contract.
func endgames(r *droggn.Rules, rng *rand.Rand, n int) []endgame {
	var out []endgame
	for len(out) < n {
		s := dealToPlay(r, rng, dealer{layout: 0.6, maxK: 2})
		left := 3 + rng.IntN(2)
		if rng.IntN(4) == 0 {
			left = 5
		}
		playRandom(s, rng, left, rng.IntN(3))
		if s.Done() {
			continue
		}
		cs, _ := s.Trick()
		desc := s.Contract().String()
		if s.PagatLaidOut() >= 0 {
			desc += "+pagatLaid"
		}
		if s.FoolLaidOut() {
			desc += "+foolLaid"
		}
		_ = cs
		out = append(out, endgame{s: s, desc: desc})
	}
	return out
}

// TestSolveMatchesBruteForce compares the solver with plain minimax over
// the engine on random endgames of every variant, with every feature
// switch: the values of the position and of each legal card must be
// identical, and the best card must reach the value.
func TestSolveMatchesBruteForce(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
	}
	for _, vc := range testVariants {
		t.Run(vc.name, func(t *testing.T) {
			r := vc.rules()
			rng := rand.New(rand.NewPCG(42, uint64(len(vc.name))))
			solvers := make([]*Solver, len(solverConfigs))
			for i, sc := range solverConfigs {
				solvers[i] = New(sc.opts)
			}
			var b brute
			kinds := map[string]int{}
			for i, eg := range endgames(r, rng, n) {
				kinds[eg.desc]++
				want := b.cardValues(eg.s)
				wantBest := 0
				first := true
				decl := eg.s.ToAct() == eg.s.Declarer()
				for _, v := range want {
					if first || (decl && v > wantBest) || (!decl && v < wantBest) {
						wantBest, first = v, false
					}
				}
				// The bounds hold for the minimax values.
				for c, v := range want {
					child := eg.s.Copy()
					child.PlayCard(c)
					if child.Done() {
						continue
					}
					ru, p := mustPosition(t, child)
					if lo, hi := ru.bounds(&p); int64(v) < lo || int64(v) > hi {
						t.Fatalf("position %d after %s: value %d outside bounds [%d, %d]", i, r.Pack().ID(c), v, lo, hi)
					}
				}
				for j, sv := range solvers {
					name := solverConfigs[j].name
					v, c, _, exact := sv.Solve(eg.s, 0)
					if v != wantBest || !exact {
						t.Fatalf("position %d (%s) %s: Solve = %d (exact %v), brute force %d",
							i, eg.desc, name, v, exact, wantBest)
					}
					if want[c] != wantBest {
						t.Fatalf("position %d (%s) %s: best card %s is worth %d, not %d",
							i, eg.desc, name, r.Pack().ID(c), want[c], wantBest)
					}
					vals := sv.Evaluate(eg.s, 0)
					if len(vals) != len(want) {
						t.Fatalf("position %d %s: Evaluate gave %d cards, want %d", i, name, len(vals), len(want))
					}
					for k, cv := range vals {
						if w, ok := want[cv.Card]; !ok || w != cv.Value || !cv.Exact {
							t.Fatalf("position %d (%s) %s: Evaluate %s = %d (exact %v), brute force %d",
								i, eg.desc, name, r.Pack().ID(cv.Card), cv.Value, cv.Exact, w)
						}
						if k > 0 && ((decl && cv.Value > vals[k-1].Value) || (!decl && cv.Value < vals[k-1].Value)) {
							t.Fatalf("position %d: Evaluate not sorted best first", i)
						}
					}
				}
			}
			t.Logf("%d positions, %d brute-force nodes; kinds %v", n, b.nodes, kinds)
		})
	}
}

// TestSuperMordStops checks Super Mord positions under the default
// scoring, where play stops at the first lost trick, including lay-outs of
// T1 and the Gstieß.
func TestSuperMordStops(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(9, 9))
	var b brute
	counts := map[string]int{}
	for i := 0; i < 1000 && counts["solved"] < 30; i++ {
		s := dealToPlay(r, rng, dealer{contract: droggn.SuperMord, layout: 0.8, strong: true})
		playFavour(s, 4+rng.IntN(2), rng.IntN(3))
		if s.Done() {
			counts["stopped early"]++
			continue
		}
		switch {
		case s.FoolLaidOut():
			counts["fool laid"]++
		case s.PagatLaidOut() >= 0:
			counts["pagat laid"]++
		default:
			counts["plain"]++
		}
		want := b.value(s, 0)
		if v, _, _, exact := Solve(s, 0); v != want || !exact {
			t.Fatalf("position %d: Solve %d (exact %v), brute force %d", i, v, exact, want)
		}
		checked := 0
		checkBounds(t, s, &checked)
		counts["solved"]++
	}
	if counts["fool laid"] == 0 || counts["pagat laid"] == 0 || counts["plain"] == 0 {
		t.Fatalf("coverage: %v", counts)
	}
	t.Logf("%v", counts)
}

// playFavour plays until left tricks remain (and extra cards of the next
// trick) with a declarer who plays its strongest card and defenders who
// play their weakest, so that Super Mord hands last.
func playFavour(s *droggn.State, left, extra int) {
	tricks := s.Variant().Tricks()
	for !s.Done() {
		cs, _ := s.Trick()
		if tricks-s.TrickNo() <= left && len(cs) >= extra {
			return
		}
		var c card.Card
		best := int32(-10)
		if s.ToAct() != s.Declarer() {
			best = 1000
		}
		for l := s.LegalCards(); !l.Empty(); {
			x := l.Pop()
			st := strength(x)
			if (s.ToAct() == s.Declarer() && st > best) || (s.ToAct() != s.Declarer() && st < best) {
				c, best = x, st
			}
		}
		s.ApplyUnchecked(game.Action{Seat: int8(s.ToAct()), Kind: game.KindPlay, Card: c})
	}
}

// TestGstiessPlay solves positions in which the Gstieß is still in a hand
// and compares them with brute force, under both gstiessLastTrick rules.
func TestGstiessPlay(t *testing.T) {
	for _, opts := range []string{"", "gstiessLastTrick=illegal"} {
		r := droggn.MustParse(3, opts)
		rng := rand.New(rand.NewPCG(5, 8))
		var b brute
		found := 0
		for i := 0; i < 400 && found < 16; i++ {
			s := dealToPlay(r, rng, dealer{contract: droggn.Contract(1 + rng.IntN(3))})
			playRandom(s, rng, 3+rng.IntN(2), rng.IntN(3))
			held := false
			for seat := 0; seat < 3; seat++ {
				held = held || s.Hand(seat).Has(card.Fool)
			}
			if s.Done() || !held {
				continue
			}
			found++
			want := b.cardValues(s)
			for _, cv := range Evaluate(s, 0) {
				if want[cv.Card] != cv.Value {
					t.Fatalf("%q position %d: %s = %d, brute force %d", opts, i, r.Pack().ID(cv.Card), cv.Value, want[cv.Card])
				}
			}
		}
		if found == 0 {
			t.Fatalf("%q: no position with the Gstieß in hand", opts)
		}
	}
}

// TestBudget checks the fallback when the node budget runs out: an
// inexact value within the position's bounds and a legal card.
func TestBudget(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(1, 3))
	for i := 0; i < 10; i++ {
		s := dealToPlay(r, rng, dealer{contract: droggn.Solo})
		playRandom(s, rng, 10, 0)
		ru, p := mustPosition(t, s)
		lo, hi := ru.bounds(&p)
		v, c, nodes, exact := Solve(s, 50)
		if exact {
			t.Fatalf("position %d: exact with a budget of 50 nodes (%d searched)", i, nodes)
		}
		if int64(v) < lo || int64(v) > hi || !s.LegalCards().Has(c) {
			t.Fatalf("position %d: value %d outside [%d, %d] or card %v illegal", i, v, lo, hi, c)
		}
		if nodes > 200 {
			t.Fatalf("position %d: %d nodes for a budget of 50", i, nodes)
		}
		vals := Evaluate(s, 50)
		if len(vals) != s.LegalCards().Len() {
			t.Fatalf("position %d: %d values for %d legal cards", i, len(vals), s.LegalCards().Len())
		}
	}
}

// TestFinished checks Solve on a finished hand.
func TestFinished(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(2, 2))
	s := dealToPlay(r, rng, dealer{contract: droggn.Ansager})
	for !s.Done() {
		s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	}
	v, c, nodes, exact := Solve(s, 0)
	if v != s.FastScore() || c != card.None || nodes != 0 || !exact {
		t.Fatalf("finished hand: %d %v %d %v, want %d", v, c, nodes, exact, s.FastScore())
	}
}

// TestBoundsHold checks the bounds (quick tricks included) against the
// minimax value at every node of random 3- and 4-trick endgames of every
// variant.
func TestBoundsHold(t *testing.T) {
	for _, vc := range testVariants {
		r := vc.rules()
		rng := rand.New(rand.NewPCG(17, uint64(len(vc.name))))
		checked := 0
		for i := 0; i < 10; i++ {
			s := dealToPlay(r, rng, dealer{layout: 0.6, maxK: 1})
			playRandom(s, rng, 3+i%2, rng.IntN(3))
			if !s.Done() {
				checkBounds(t, s, &checked)
			}
		}
		if checked < 1000 {
			t.Fatalf("%s: only %d positions checked", vc.name, checked)
		}
	}
}

// checkBounds returns the minimax value of s and checks the bounds of every
// position from s on, counting them in checked.
func checkBounds(t *testing.T, s *droggn.State, checked *int) int {
	t.Helper()
	if s.Done() {
		return s.FastScore()
	}
	maxi := s.ToAct() == s.Declarer()
	best, first := 0, true
	for l := s.LegalCards(); !l.Empty(); {
		ch := s.Copy()
		ch.PlayCard(l.Pop())
		v := checkBounds(t, ch, checked)
		if first || (maxi && v > best) || (!maxi && v < best) {
			best, first = v, false
		}
	}
	ru, p := mustPosition(t, s)
	if lo, hi := ru.bounds(&p); int64(best) < lo || int64(best) > hi {
		t.Fatalf("%s: value %d outside bounds [%d, %d] (hands %v / %v / %v, lead %d)",
			s.Variant(), best, lo, hi, p.hands[0], p.hands[1], p.hands[2], p.lead)
	}
	*checked++
	return best
}

// modelMinimax is plain minimax over the model (for synthetic positions).
func modelMinimax(ru *rules, p pos) int64 {
	if p.done {
		return ru.value(&p)
	}
	maxi := p.toAct == 0
	best, first := int64(0), true
	for l := ru.legal(&p); !l.Empty(); {
		q := p
		ru.play(&q, l.Pop())
		v := modelMinimax(ru, q)
		if first || (maxi && v > best) || (!maxi && v < best) {
			best, first = v, false
		}
	}
	return best
}

// TestLaidOutGstiessBeatsTrump builds the Super Mord ending in which a
// defender's trump, kept for the last trick, loses to the declarer's
// laid-out Gstieß: the defenders then need not win a trick, and the bounds
// must allow the won Super Mord.
func TestLaidOutGstiessBeatsTrump(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(9, 9))
	var s *droggn.State
	for s == nil || !s.FoolLaidOut() {
		s = dealToPlay(r, rng, dealer{contract: droggn.SuperMord, layout: 1, strong: true})
	}
	ru, p := mustPosition(t, s)
	pk := r.Pack()
	set := func(ids ...string) card.Set {
		var out card.Set
		for _, id := range ids {
			c, err := pk.Parse(id)
			if err != nil {
				t.Fatal(err)
			}
			out.Add(c)
		}
		return out
	}
	p.hands = [3]card.Set{set("FOOL", "S-K"), set("T5", "S-4"), set("S-5", "S-6")}
	p.occ = p.hands[0].Union(p.hands[1]).Union(p.hands[2])
	p.left, p.n, p.lead, p.toAct, p.all, p.t1Open = 2, 0, 0, 0, true, false
	p.rem = ru.pileThirds(p.occ)
	want := modelMinimax(ru, p)
	if want != int64(187*ru.m) {
		t.Fatalf("value %d, want the won Super Mord with lay-out %d", want, 187*ru.m)
	}
	if lo, hi := ru.bounds(&p); want < lo || want > hi {
		t.Fatalf("value %d outside bounds [%d, %d]", want, lo, hi)
	}
	sv := New(Options{TTBits: 10})
	sv.start(ru, 0)
	if v, c := sv.root(&p); v != want || c != card.SuitCard(card.Suit0, card.King) {
		t.Fatalf("solver: %d with %v, want %d with S-K", v, c, want)
	}
}

// TestBoundsSwitchesExact compares the default search with the search
// without each of the newer bounds (suit quick tricks, the lone T1) on
// hundreds of seeded positions of every variant with 5 to 8 tricks left:
// the values must be identical.
func TestBoundsSwitchesExact(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 10
	}
	for _, off := range []Options{{NoSuitTricks: true}, {NoLoneT1: true}, {NoCheapest: true}, {NoRegainedLead: true}} {
		for _, vc := range testVariants {
			r := vc.rules()
			rng := rand.New(rand.NewPCG(77, uint64(len(vc.name))))
			with, without := New(Options{}), New(off)
			for i := 0; i < n; i++ {
				s := dealToPlay(r, rng, dealer{layout: 0.3, maxK: 1})
				playRandom(s, rng, 5+rng.IntN(4), rng.IntN(3))
				if s.Done() {
					continue
				}
				with.Reset()
				without.Reset()
				v1, _, _, _ := with.Solve(s, 0)
				v2, _, _, _ := without.Solve(s, 0)
				if v1 != v2 {
					t.Fatalf("%+v %s position %d: %d by default, %d without", off, vc.name, i, v1, v2)
				}
			}
		}
	}
}

// TestWorkersDeterministic solves seeded positions with 8 and 9 tricks
// left, where helpers join the root searches, with one to four workers:
// the value and the card must be the same every time.
func TestWorkersDeterministic(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	for _, left := range []int{8, 9} {
		for i, s := range benchPositions(n, left) {
			want, wantCard, _, exact := New(Options{Workers: 1}).Solve(s, 0)
			if !exact {
				t.Fatalf("%d tricks, position %d: not exact", left, i)
			}
			for _, w := range []int{2, 3, 4, 2} {
				v, c, _, exact := New(Options{Workers: w}).Solve(s, 0)
				if v != want || c != wantCard || !exact {
					t.Fatalf("%d tricks, position %d, %d workers: %d with %v (exact %v), one worker %d with %v",
						left, i, w, v, c, exact, want, wantCard)
				}
			}
		}
	}
}

// TestSearchOrdering checks the search's move ordering (moves) on random
// positions: it lists each distinct legal card once, the table's card
// first; a master card led when it may be trumped, or a master trump led
// when the other side has no trumps, comes after every other card (the
// trumps among them first); and d1, second to the declarer's lead with d2
// able to beat it, gives his cards that do not beat the lead highest
// first.
func TestSearchOrdering(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(5, 8))
	sv := New(Options{})
	leadLast, gives := 0, 0
	id := r.Pack().ID
	ids := func(cs []card.Card) []string {
		out := make([]string, len(cs))
		for k, c := range cs {
			out[k] = id(c)
		}
		return out
	}
	for i := 0; i < 10000; i++ {
		s := dealToPlay(r, rng, dealer{contract: droggn.Contract(1 + rng.IntN(3))})
		playRandom(s, rng, 2+rng.IntN(9), rng.IntN(3))
		if s.Done() {
			continue
		}
		ru, p := mustPosition(t, s)
		sv.start(ru, 0)
		want := sv.reduce(&p, ru.legal(&p))
		tt := card.None
		if rng.IntN(2) == 0 {
			tt = want.Nth(rng.IntN(want.Len()))
		}
		var buf [32]card.Card
		got := sv.moves(&p, tt, buf[:0], false)
		var seen card.Set
		for _, c := range got {
			if seen.Has(c) {
				t.Fatalf("position %d: %s listed twice in %v", i, id(c), ids(got))
			}
			seen.Add(c)
		}
		if seen != want {
			t.Fatalf("position %d: moves %v, want %v", i, ids(got), r.Pack().IDs(want))
		}
		if tt != card.None && got[0] != tt {
			t.Fatalf("position %d: table card %s not first in %v", i, id(tt), ids(got))
		}
		if tt != card.None {
			got = got[1:]
		}
		ctx := ru.trickContext(&p)
		switch {
		case p.n == 0:
			opp := []card.Set{p.hands[1], p.hands[2]}
			if p.toAct != 0 {
				opp = []card.Set{p.hands[0]}
			}
			oppTrumps := false
			for _, h := range opp {
				oppTrumps = oppTrumps || h.Lo&card.TrumpsOnly.Lo != 0
			}
			// rank: 0 an ordinary card, 1 a master trump led last, 2 a
			// master suit card led last; the list must not go down.
			rank := func(c card.Card) int {
				if !isBoss(ctx.others, c) {
					return 0
				}
				if c.IsTrump() && !oppTrumps {
					return 1
				}
				if c.IsSuit() {
					for _, h := range opp {
						if h.Lo&card.TrumpsOnly.Lo != 0 && h.Hi&card.SuitMask(c.Suit()).Hi == 0 {
							return 2
						}
					}
				}
				return 0
			}
			for k := 1; k < len(got); k++ {
				if rank(got[k]) < rank(got[k-1]) {
					t.Fatalf("position %d: lead order %v puts %s before %s", i, ids(got), id(got[k-1]), id(got[k]))
				}
				if rank(got[k]) > 0 && rank(got[k-1]) == 0 {
					leadLast++
				}
			}
		case p.n == 1 && p.lead == 0 && ctx.reply != card.None && droggn.Beats(ctx.reply, ctx.best):
			prev := card.None
			for _, c := range got {
				if droggn.Beats(c, ctx.best) {
					continue
				}
				if prev != card.None && ru.thirds[c] > ru.thirds[prev] {
					t.Fatalf("position %d: d1 gives %s before %s in %v", i, id(prev), id(c), ids(got))
				}
				if prev != card.None && ru.thirds[c] < ru.thirds[prev] {
					gives++
				}
				prev = c
			}
		}
	}
	if leadLast < 50 || gives < 50 {
		t.Fatalf("too few cases: %d master leads put last, %d gifts ordered", leadLast, gives)
	}
}

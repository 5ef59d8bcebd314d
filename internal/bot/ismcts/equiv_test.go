package ismcts

import (
	"fmt"
	"slices"
	"testing"

	"trull/internal/bot/solver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// playedState deals the hand of seed and plays random legal actions until
// the card play has at most left tricks to go (nil when the hand ends
// first, e.g. redealt).
func playedState(t *testing.T, r *droggn.Rules, seed string, left int) *droggn.State {
	t.Helper()
	rng := game.NewRand(seed, 0)
	st, err := r.Deal(game.DeckFromSeed(r.Pack(), seed), rng.IntN(r.Seats()))
	if err != nil {
		t.Fatal(err)
	}
	var buf []game.Action
	for !st.Done() {
		if st.CurrentPhase() == droggn.PhPlay && r.Tricks()-st.TrickNo() <= left {
			return st
		}
		buf = st.Legal(buf[:0])
		a := buf[rng.IntN(len(buf))]
		if a.Kind == game.KindBid && rng.IntN(3) > 0 {
			a = buf[0] // pass more often, so that every contract comes up
		}
		st.ApplyUnchecked(a)
	}
	return nil
}

// TestEquivalentCards checks Options.Equivalent's reduction of the Droggn
// card play on random positions: it reads only what the seat to act sees
// (the same from its view as from the true hand), every legal card stands
// for a kept one of the same exact value with every hand open (package
// solver without its own reduction), and equivalent cards do come up.
func TestEquivalentCards(t *testing.T) {
	for _, r := range []*droggn.Rules{droggn.Default(3), droggn.MustParse(3, "pack=78")} {
		ones := droggnOnes(r.Pack())
		sv := solver.New(solver.Options{NoEquiv: true})
		positions, reduced := 0, 0
		for i := range 300 {
			st := playedState(t, r, fmt.Sprintf("equiv-%d", i), 6)
			if st == nil {
				continue
			}
			positions++
			v := st.View(game.ViewerOf(st.ToAct()))
			legal := v.LegalActions()
			kept, rep := equivalentRoots(v, legal)
			if got, want := droggnReps(st, ones), droggnReps(v.(*droggn.View).State(), ones); got != want {
				t.Fatalf("%s %d: the true hand keeps %v, the seat's view %v", r, i, got, want)
			}
			if len(kept) == len(legal) {
				continue
			}
			reduced++
			value := map[card.Card]int{}
			for _, cv := range sv.Evaluate(st, 0) {
				if !cv.Exact {
					t.Fatalf("%s %d: %v not solved exactly", r, i, cv)
				}
				value[cv.Card] = cv.Value
			}
			for _, a := range legal {
				b := rep(a)
				if !slices.Contains(kept, b) {
					t.Fatalf("%s %d: %v stands for %v, not a kept card %v", r, i, a, b, kept)
				}
				if value[a.Card] != value[b.Card] {
					t.Errorf("%s %d: %s is worth %d, its representative %s %d", r, i,
						r.Pack().Short(a.Card), value[a.Card], r.Pack().Short(b.Card), value[b.Card])
				}
			}
		}
		t.Logf("%s: %d positions, %d with equivalent cards", r, positions, reduced)
		if positions < 100 || reduced < positions/10 {
			t.Fatalf("%s: %d positions, %d with equivalent cards: too few to tell", r, positions, reduced)
		}
	}
}

// TestEquivalentSearch checks that a search with Options.Equivalent plays
// a legal card, the lowest of its run, and decides the same for a seed.
func TestEquivalentSearch(t *testing.T) {
	r := droggn.Default(3)
	b := New(Options{Iterations: 200, Equivalent: true})
	for i := range 20 {
		st := playedState(t, r, fmt.Sprintf("equiv-search-%d", i), 14)
		if st == nil {
			continue
		}
		v := st.View(game.ViewerOf(st.ToAct()))
		a, err := b.Act(v, game.NewRand("equiv", uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := equivalentRoots(v, v.LegalActions())
		if !slices.Contains(kept, a) {
			t.Fatalf("position %d: %v is not one of the kept cards %v", i, a, kept)
		}
		again, _ := b.Act(v, game.NewRand("equiv", uint64(i)))
		if again != a {
			t.Fatalf("position %d: %v, then %v for the same seed", i, a, again)
		}
	}
}

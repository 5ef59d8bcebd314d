package ismcts

import (
	"fmt"
	"slices"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/bot/solver"
	"trull/internal/bot/tsolver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/troggu"
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

// trogguPlayState deals the Troggu hand of seed and plays random legal
// actions up to a random card of the card play (nil when the hand ends
// first).
func trogguPlayState(t *testing.T, r *troggu.Rules, seed string) *troggu.State {
	t.Helper()
	rng := game.NewRand(seed, 0)
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), rng.IntN(r.Seats()))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*troggu.State)
	stop := rng.IntN(r.HandSize() * r.Seats())
	var buf []game.Action
	for !s.Done() && (s.Phase() != "play" || stop > 0) {
		if s.Phase() == "play" {
			stop--
		}
		buf = s.Legal(buf[:0])
		s.ApplyUnchecked(buf[rng.IntN(len(buf))])
	}
	if s.Done() {
		return nil
	}
	return s
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
						r.Pack().Short(a.Card, card.English), value[a.Card], r.Pack().Short(b.Card, card.English), value[b.Card])
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
// one of the kept cards, the lowest of its run, and decides the same for a
// seed, in Droggn (tree search) and Troggu (flat search, the rules bot's
// card as the default).
func TestEquivalentSearch(t *testing.T) {
	var views []game.View
	for i := range 20 {
		if st := playedState(t, droggn.Default(3), fmt.Sprintf("equiv-search-%d", i), 14); st != nil {
			views = append(views, st.View(game.ViewerOf(st.ToAct())))
		}
		if st := trogguPlayState(t, troggu.Default(3), fmt.Sprintf("equiv-search-%d", i)); st != nil {
			views = append(views, st.View(game.ViewerOf(st.ToAct())))
		}
	}
	if len(views) < 16 {
		t.Fatalf("only %d positions", len(views))
	}
	for i, v := range views {
		b := New(Options{Iterations: 200, Equivalent: true})
		if _, ok := v.(*troggu.View); ok {
			b = New(Options{Iterations: 200, Equivalent: true, Flat: true, Prior: rules.Bot{}})
		}
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

// TestEquivalentTroggu checks Options.Equivalent's reduction of the Troggu
// card play on random positions: from the seat's view it drops only cards
// that package tsolver's Reduce drops with every card's place known (a
// card the seat cannot place counts as in play), each for a card of the
// same run there, and equivalent cards do come up.
func TestEquivalentTroggu(t *testing.T) {
	for _, players := range []int{3, 6} {
		r := troggu.Default(players)
		positions, reduced := 0, 0
		for i := range 300 {
			s := trogguPlayState(t, r, fmt.Sprintf("equiv-troggu-%d", i))
			if s == nil {
				continue
			}
			positions++
			v := s.View(game.ViewerOf(s.ToAct()))
			legal := v.LegalActions()
			kept, rep := equivalentRoots(v, legal)
			var live, legalSet card.Set
			for p := range players {
				live = live.Union(s.Hand(p))
			}
			places := s.Places()
			live = live.Union(places[players+2]) // the current trick
			for _, a := range legal {
				legalSet.Add(a.Card)
			}
			open := tsolver.Reduce(legalSet, live)
			if len(kept) < len(legal) {
				reduced++
			}
			for _, a := range legal {
				b := rep(a)
				if !slices.Contains(kept, b) {
					t.Fatalf("%s %d: %v stands for %v, not a kept card %v", r, i, a, b, kept)
				}
				if b == a {
					continue
				}
				if open.Has(a.Card) {
					t.Fatalf("%s %d: %s dropped, but the open cards keep it", r, i, r.Pack().Short(a.Card, card.English))
				}
				// With every card placed, a and b belong to one run.
				if ra, rb := tsolver.Representative(open, live, a.Card), tsolver.Representative(open, live, b.Card); ra != rb {
					t.Fatalf("%s %d: %s stands for %s, but the open cards put them in the runs of %s and %s", r, i,
						r.Pack().Short(a.Card, card.English), r.Pack().Short(b.Card, card.English), r.Pack().Short(ra, card.English), r.Pack().Short(rb, card.English))
				}
			}
		}
		t.Logf("%s: %d positions, %d with equivalent cards", r, positions, reduced)
		if positions < 100 || reduced < positions/10 {
			t.Fatalf("%s: %d positions, %d with equivalent cards: too few to tell", r, positions, reduced)
		}
	}
}

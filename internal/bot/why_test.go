package bot

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/card"
	"trull/internal/game"
)

// updating reports the shared -update flag (decisions_test.go defines
// it), which rewrites the golden whys in testdata/why too.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// playState deals game g from seed and plays it with the rules bot for
// steps card plays into the card play.
func playState(t testing.TB, g, seed string, cards int) game.State {
	t.Helper()
	info, _ := game.Lookup(g)
	r, err := info.New(nil, info.MinSeats)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for !st.Done() && (st.Phase() != "play" || cards > 0 || len(st.Legal(nil)) < 2) {
		if st.Phase() == "play" {
			cards--
		}
		a, err := rules.Bot{}.Act(st.View(game.ViewerOf(st.ToAct())), rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if st.Done() {
		t.Fatalf("%s: the hand ended", g)
	}
	return st
}

// TestExplainHints: every valued hint gets a why against the best (the
// best against the second) with words in both languages, and the same
// seed gives the same words (golden files, -update rewrites them).
func TestExplainHints(t *testing.T) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		st := playState(t, g, "why/"+g, 5)
		b, _ := New("ismcts@300")
		rng := game.NewRand("why", 1)
		hs, err := HintsAt(b, st, rng, 4)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for i, h := range hs {
			if !h.Valued {
				continue
			}
			if h.Why == nil || h.Why.Worlds == 0 || h.Why.Worlds != len(h.seen) {
				t.Fatalf("%s: valued hint %d has no why: %+v", g, i, h)
			}
			against := 0
			if i == 0 {
				against = 1
			}
			if key(h.Why.Best) != key(game.EncodeHistory(st.Rules(), hs[against].Actions())[0]) {
				t.Errorf("%s: hint %d compared with %v", g, i, h.Why.Best)
			}
			for _, l := range []card.Lang{card.English, card.German} {
				w := WhyWords(st.Rules(), hs, i, l)
				if w.Text == "" {
					t.Errorf("%s: hint %d has no words", g, i)
				}
				out.WriteString(w.Text + "\n")
			}
		}
		golden := filepath.Join("testdata", "why", g+".txt")
		if updating() {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test -run TestExplainHints -update writes it)", err)
		}
		if string(want) != out.String() {
			t.Errorf("%s: the whys differ from %s (-update rewrites it):\n%s", g, golden, out.String())
		}
	}
}

// BenchmarkHint times a hint of the default level with and without the
// whys of its candidates, at an early card play and at one whose worlds
// are solved exactly (the whys then follow the solver's line in each).
func BenchmarkHint(b *testing.B) {
	for _, pos := range []struct {
		game  string
		cards int
	}{{"droggn", 5}, {"droggn", 40}, {"troggu", 5}, {"troggu", 36}, {"strohmandeln", 5}, {"strohmandeln", 36}} {
		st := playState(b, pos.game, "why/"+pos.game, pos.cards)
		v := st.View(game.ViewerOf(st.ToAct()))
		bt, _ := New("ismcts")
		for _, withWhy := range []bool{false, true} {
			name := fmt.Sprintf("%s-%d/hint", pos.game, pos.cards)
			if withWhy {
				name += "+why"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					rng := rand.New(rand.NewPCG(uint64(i), 1))
					var err error
					if withWhy {
						_, err = ExplainedHints(bt, v, rng, 3)
					} else {
						_, err = Hints(bt, v, rng, 3)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestWhyIsTheValuesWorlds: a hint's why comes from the very worlds of its
// value: for every valued hint of the search levels, at bids, discards,
// early card play and the solved last tricks of every game, the why's
// value is the hint's value, its best value the compared hint's, and
// every hint of a decision was seen in the same number of worlds.
func TestWhyIsTheValuesWorlds(t *testing.T) {
	for _, tc := range []struct {
		game  string
		seats int
		bot   string
	}{{"droggn", 3, "ismcts@300"}, {"droggn", 3, "pimc@8"}, {"droggn", 4, "ismcts@300"}, {"troggu", 3, "ismcts@300"},
		{"troggu", 6, "ismcts@300"}, {"troggu", 3, "pimc@4"}, {"strohmandeln", 2, "ismcts@300"}} {
		t.Run(fmt.Sprintf("%s-%d-%s", tc.game, tc.seats, tc.bot), func(t *testing.T) {
			info, _ := game.Lookup(tc.game)
			r, err := info.New(nil, tc.seats)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := New(tc.bot)
			checked, kinds := 0, map[game.Kind]int{}
			for deal := 0; deal < 3; deal++ {
				st, err := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprint("why-worlds/", deal)), 0)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(uint64(deal), 5))
				for step := 0; !st.Done(); step++ {
					legal := st.Legal(nil)
					if len(legal) > 1 && (step%5 == 0 || len(legal) < 4) {
						hs, err := HintsAt(b, st, rand.New(rand.NewPCG(uint64(deal), uint64(step))), len(legal))
						if err != nil {
							t.Fatalf("deal %d step %d: %v", deal, step, err)
						}
						if checkWhyWorlds(t, st.Rules(), hs, fmt.Sprintf("deal %d step %d", deal, step)) {
							checked++
							kinds[legal[0].Kind]++
						}
					}
					a, err := rules.Bot{}.Act(st.View(game.ViewerOf(st.ToAct())), rng)
					if err != nil {
						t.Fatal(err)
					}
					if err := st.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
			if checked < 10 || kinds[game.KindPlay] == 0 {
				t.Fatalf("only %d decisions explained (%v)", checked, kinds)
			}
			t.Logf("%d decisions explained, by kind %v", checked, kinds)
		})
	}
}

// checkWhyWorlds checks the whys of one decision's hints against their
// values and reports whether any hint had a why.
func checkWhyWorlds(t *testing.T, r game.Rules, hs []Hint, where string) bool {
	t.Helper()
	whys, worlds := 0, -1
	for i, h := range hs {
		if !h.Valued {
			continue
		}
		if h.Why == nil {
			if len(hs) > 1 && hs[1].Valued {
				t.Errorf("%s: valued hint %d (%v) has no why", where, i, h.Action)
			}
			continue
		}
		whys++
		if worlds < 0 {
			worlds = h.Why.Worlds
		}
		if h.Why.Worlds != worlds || h.Why.Worlds != len(h.seen) || worlds == 0 {
			t.Errorf("%s: hint %d compared in %d worlds, seen in %d, the first in %d", where, i, h.Why.Worlds, len(h.seen), worlds)
		}
		against := 0
		if i == 0 {
			against = 1
		}
		if math.Abs(h.Why.Value-h.Value) > 0.001 || math.Abs(h.Why.BestValue-hs[against].Value) > 0.001 {
			t.Errorf("%s: hint %d (%v) valued %.4f against %.4f, its why says %.4f against %.4f",
				where, i, game.EncodeHistory(r, h.Actions())[0], h.Value, hs[against].Value, h.Why.Value, h.Why.BestValue)
		}
	}
	return whys > 0
}

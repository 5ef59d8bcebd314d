package bot

import (
	"flag"
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
		if err := Explain(st.View(game.ViewerOf(st.ToAct())), hs, rng); err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for i, h := range hs {
			if !h.Valued {
				continue
			}
			if h.Why == nil || h.Why.Worlds != WhyWorlds {
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

// BenchmarkHint times a hint of the default level at a card play, with
// and without the whys of its candidates.
func BenchmarkHint(b *testing.B) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		st := playState(b, g, "why/"+g, 5)
		v := st.View(game.ViewerOf(st.ToAct()))
		bt, _ := New("ismcts")
		for _, withWhy := range []bool{false, true} {
			name := g + "/hint"
			if withWhy {
				name += "+why"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					rng := rand.New(rand.NewPCG(uint64(i), 1))
					hs, err := HintsAt(bt, st, rng, 3)
					if err != nil {
						b.Fatal(err)
					}
					if withWhy {
						if err := Explain(v, hs, rng); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

package bot

import (
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// TestHints checks, for every player in every game at the first card
// play, that the hints are legal, led by the action the bot plays with the
// same generator state, the others ranked by value.
func TestHints(t *testing.T) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		info, _ := game.Lookup(g)
		r, err := info.New(nil, info.MinSeats)
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), "hints/"+g), 0)
		if err != nil {
			t.Fatal(err)
		}
		rules := Rules{}
		rng := rand.New(rand.NewPCG(4, 4))
		for !st.Done() && st.Phase() != "play" {
			a, err := rules.Act(st.View(st.ToAct()), rng)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if st.Done() {
			t.Fatalf("%s: the hand ended before the card play", g)
		}
		v := st.View(st.ToAct())
		for _, name := range []string{"rules", "ismcts@300", "pimc@4"} {
			b, _ := New(name)
			hs, err := Hints(b, v, rand.New(rand.NewPCG(9, 9)), 3)
			if err != nil {
				t.Fatalf("%s %s: %v", g, name, err)
			}
			if len(hs) == 0 || len(hs) > 3 {
				t.Fatalf("%s %s: %d hints", g, name, len(hs))
			}
			for i, h := range hs {
				if !legalContains(v.LegalActions(), h.Action) {
					t.Errorf("%s %s: hint %v is not legal", g, name, h.Action)
				}
				if name == "rules" && h.Valued {
					t.Errorf("%s rules: a value without a search", g)
				}
				// The first hint is the bot's choice (a default it keeps
				// unless clearly beaten); the others follow by value.
				if name == "pimc@4" && i > 1 && h.Valued && hs[i-1].Value < h.Value {
					t.Errorf("%s pimc: hints not ranked by value: %+v", g, hs)
				}
			}
			a, err := b.Act(v, rand.New(rand.NewPCG(9, 9)))
			if err != nil || a != hs[0].Action {
				t.Errorf("%s %s: plays %v (%v), first hint %v", g, name, a, err, hs[0].Action)
			}
		}
	}
}

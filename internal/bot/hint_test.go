package bot

import (
	"math/rand/v2"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/droggn"
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
		rules := rules.Bot{}
		rng := rand.New(rand.NewPCG(4, 4))
		for !st.Done() && st.Phase() != "play" {
			a, err := rules.Act(st.View(game.ViewerOf(st.ToAct())), rng)
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
		v := st.View(game.ViewerOf(st.ToAct()))
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

// TestEndgame checks that the strongest Droggn player hands the card play
// to the solved worlds of pimc exactly when endgameTricks tricks remain,
// and that its hints there come from pimc, valued and led by its card.
func TestEndgame(t *testing.T) {
	r := droggn.Default(3)
	b, _ := New("ismcts@300")
	eg := b.(byGame).droggn.(endgame)
	if o := eg.late.Options(); o.SolveTricks != endgameTricks || o.Worlds != endgameWorlds(300) {
		t.Fatalf("endgame pimc options %+v", o)
	}
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), "endgame"), 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	early, late, hinted := 0, 0, false
	for !st.Done() {
		v := st.View(game.ViewerOf(st.ToAct()))
		if s := v.(*droggn.View).State(); cardPlay(v) {
			isLate := r.Tricks()-s.TrickNo() <= endgameTricks
			switch got := eg.delegate(v); {
			case isLate && got != Bot(eg.late), !isLate && got != eg.early:
				t.Fatalf("trick %d: %s decides", s.TrickNo()+1, got.Name())
			case isLate:
				late++
			default:
				early++
			}
			if isLate && !hinted && len(v.LegalActions()) > 1 {
				hinted = true
				hs, err := Hints(b, v, rand.New(rand.NewPCG(9, 9)), 3)
				if err != nil || len(hs) == 0 || !hs[0].Valued {
					t.Fatalf("hints %+v, %v: want valued candidates", hs, err)
				}
				want, _ := eg.late.Act(v, rand.New(rand.NewPCG(9, 9)))
				if a, err := b.Act(v, rand.New(rand.NewPCG(9, 9))); err != nil || a != want || hs[0].Action != want {
					t.Errorf("plays %v (%v), first hint %v, pimc %v", a, err, hs[0].Action, want)
				}
			}
		}
		a, err := rules.Bot{}.Act(v, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if early == 0 || late == 0 || !hinted {
		t.Errorf("%d early and %d late card plays, hinted %v: want both and a hint", early, late, hinted)
	}
}

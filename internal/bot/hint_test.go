package bot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// TestHints checks, for every player in every game at the first card
// play, that the hints are legal and ranked by value, and that the action
// the bot plays with the same generator state is among them when they
// list every candidate.
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
				if i > 0 && h.Valued && hs[i-1].Value < h.Value {
					t.Errorf("%s %s: hints not ranked by value: %+v", g, name, hs)
				}
			}
			a, err := b.Act(v, rand.New(rand.NewPCG(9, 9)))
			all, _ := Hints(b, v, rand.New(rand.NewPCG(9, 9)), len(v.LegalActions()))
			if err != nil || !slices.ContainsFunc(all, func(h Hint) bool { return h.Action == a }) {
				t.Errorf("%s %s: plays %v (%v), not among its hints %v", g, name, a, err, all)
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
	eg := b.(byGame).games["droggn"].play.(endgame)
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
				// pimc plays; the hints come from the paired search,
				// which solves the same tricks in each of its worlds.
				want, _ := eg.late.Act(v, rand.New(rand.NewPCG(9, 9)))
				if a, err := b.Act(v, rand.New(rand.NewPCG(9, 9))); err != nil || a != want {
					t.Errorf("plays %v (%v), pimc %v", a, err, want)
				}
				if _, ok := hintTarget(b, v).(search); !ok {
					t.Errorf("the hints of the last tricks come from %s, want the paired search", hintTarget(b, v).Name())
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

// TestHintsAtOrder: over many seeded positions of every game and set-up,
// the hints of the searching players are whole legal decisions (a discard
// of every card it needs is one hint), best first by value with the
// valued ones first, and the same for the same seed.
func TestHintsAtOrder(t *testing.T) {
	setups := []struct {
		game  string
		seats int
	}{{"droggn", 3}, {"droggn", 4}, {"troggu", 3}, {"troggu", 6}, {"strohmandeln", 2}}
	positions := 16
	if testing.Short() {
		positions = 4
	}
	for _, su := range setups {
		info, _ := game.Lookup(su.game)
		r, err := info.New(nil, su.seats)
		if err != nil {
			t.Fatal(err)
		}
		discards := 0
		for i := range positions {
			st, err := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprintf("order/%s/%d/%d", su.game, su.seats, i)), i%su.seats)
			if err != nil {
				t.Fatal(err)
			}
			// The rules bot plays to a seeded point of the hand: every
			// fourth position is the first discard, when the hand has one.
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			stop := rng.IntN(80)
			for k := 0; !st.Done() && k < stop; k++ {
				if i%4 == 0 && discarding(st, st.ToAct()) {
					break
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
				continue
			}
			if discarding(st, st.ToAct()) {
				discards++
			}
			for _, name := range []string{"ismcts@200", "pimc@4"} {
				if name != "ismcts@200" && discarding(st, st.ToAct()) {
					continue // the rollouts of whole discards once are enough
				}
				b, _ := New(name)
				hs, err := HintsAt(b, st, rand.New(rand.NewPCG(uint64(i), 9)), 4)
				if err != nil {
					t.Fatalf("%s-%d position %d %s: %v", su.game, su.seats, i, name, err)
				}
				where := fmt.Sprintf("%s-%d position %d (%s) %s", su.game, su.seats, i, st.Phase(), name)
				checkHints(t, where, st, hs, 4)
				again, _ := HintsAt(b, st, rand.New(rand.NewPCG(uint64(i), 9)), 4)
				if hintsText(again) != hintsText(hs) {
					t.Errorf("%s: two answers for one seed:\n%v\n%v", where, hintsText(hs), hintsText(again))
				}
			}
		}
		if su.game != "strohmandeln" && discards == 0 && !testing.Short() {
			t.Errorf("%s-%d: no position at a discard", su.game, su.seats)
		}
	}
}

// checkHints checks hints of st: at most n, each a whole legal decision of
// the seat to act, the valued ones first and best first by value.
func checkHints(t *testing.T, where string, st game.State, hs []Hint, n int) {
	t.Helper()
	seat := st.ToAct()
	if len(hs) == 0 || len(hs) > n {
		t.Fatalf("%s: %d hints", where, len(hs))
	}
	for i, h := range hs {
		trial := st.Clone()
		for _, a := range h.Actions() {
			if int(a.Seat) != seat {
				t.Errorf("%s: hint %d acts for seat %d, not %d", where, i, a.Seat, seat)
			}
			if err := trial.Apply(a); err != nil {
				t.Errorf("%s: hint %d %v is not legal: %v", where, i, h.Actions(), err)
				break
			}
		}
		if h.Action.Kind == game.KindDiscard && discarding(trial, seat) {
			t.Errorf("%s: hint %d %v is not a whole discard", where, i, h.Actions())
		}
		if h.Action.Kind != game.KindDiscard && len(h.Rest) > 0 {
			t.Errorf("%s: hint %d has more than one action: %v", where, i, h.Actions())
		}
		if i == 0 {
			continue
		}
		prev := hs[i-1]
		switch {
		case h.Valued && !prev.Valued:
			t.Errorf("%s: a valued hint after an unvalued one: %+v", where, hs)
		case h.Valued && prev.Value < h.Value:
			t.Errorf("%s: hints not best first by value: %+v", where, hs)
		}
	}
}

// hintsText prints hints with their whys, for comparing two answers.
func hintsText(hs []Hint) string {
	var b strings.Builder
	for _, h := range hs {
		fmt.Fprintf(&b, "%v %v %v %v", h.Actions(), h.Value, h.Valued, len(h.seen))
		if h.Why != nil {
			j, _ := json.Marshal(h.Why)
			fmt.Fprintf(&b, " why %s", j)
		}
		b.WriteString("\n")
	}
	return b.String()
}

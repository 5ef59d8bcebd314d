package analysis

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// record plays a seeded hand of v with the rules bot in every seat, except
// that with chance p a seat plays a random legal action instead (so there
// are mistakes to find), and returns its record.
func record(t testing.TB, v knowledge.Variant, hand int, p float64) *game.Record {
	t.Helper()
	r, err := v.Rules()
	if err != nil {
		t.Fatal(err)
	}
	deck, dealer := knowledge.Deal(r, "analysis", hand)
	st, err := r.NewState(deck, dealer)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := bot.New("rules")
	rng := rand.New(rand.NewPCG(uint64(hand), 11))
	for !st.Done() {
		s := st.ToAct()
		a, err := rules.Act(st.View(game.Seat(s)), rng)
		if err != nil {
			t.Fatal(err)
		}
		if rng.Float64() < p {
			a = game.Pick(rng, st.Legal(nil))
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i)
	}
	return game.NewRecord(r, names, dealer, deck, st.History())
}

// TestForcedAndDeterministic: a forced move is never a mistake, the report
// is the same for the same seed whatever the number of workers, every
// decision with a choice is valued (bids, discards, buys, doublings and
// lay-outs included, whatever the search would have tried) and every
// valued decision's loss is its best value minus the taken one's.
func TestForcedAndDeterministic(t *testing.T) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 6}, {Game: "strohmandeln", Players: 2}} {
		rec := record(t, v, 1, 0.2)
		a, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: -1, Seed: "s", Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: -1, Seed: "s", Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the report depends on the number of workers", v)
		}
		forced, valued := 0, 0
		for _, d := range a.Decisions {
			switch d.Class {
			case Forced:
				forced++
				if d.Loss != 0 {
					t.Errorf("%s step %d: a forced move lost %g", v, d.Step, d.Loss)
				}
			case Unvalued:
				t.Errorf("%s step %d (%s): a decision with a choice is not valued", v, d.Step, d.Phase)
			default:
				valued++
				var taken *Candidate
				for i := range d.Candidates {
					if reflect.DeepEqual(d.Candidates[i].Action, d.Taken) {
						taken = &d.Candidates[i]
					}
				}
				if taken == nil {
					t.Fatalf("%s step %d: the taken action has no value", v, d.Step)
				}
				if len(d.Candidates) > 1 {
					for _, c := range d.Candidates {
						if c.Why == nil || c.Why.Text == "" || c.Why.Worlds == 0 {
							t.Errorf("%s step %d: candidate %v has no why", v, d.Step, c.Action)
						}
					}
					if d.Why != taken.Why {
						t.Errorf("%s step %d: the decision's why is not the taken candidate's", v, d.Step)
					}
				}
				if want := round(d.Candidates[0].Value - taken.Value); d.Loss != want || d.Class != a.Thresholds.classOf(d.Loss) {
					t.Errorf("%s step %d: loss %g class %s, want %g", v, d.Step, d.Loss, d.Class, want)
				}
			}
		}
		if forced == 0 || valued < 10 {
			t.Errorf("%s: %d forced and %d valued decisions: the hand tests too little", v, forced, valued)
		}
		if len(a.Seats) != v.Players {
			t.Errorf("%s: %d seat summaries", v, len(a.Seats))
		}
		one, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: 1, Seed: "s"})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range one.Decisions {
			if d.Seat != 1 {
				t.Fatalf("%s: seat 1's analysis holds a decision of seat %d", v, d.Seat)
			}
		}
	}
}

// engineActions returns the engine actions of a record, in order.
func engineActions(t *testing.T, r game.Rules, deck []card.Card, rec *game.Record) []game.Action {
	t.Helper()
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	var out []game.Action
	for _, ra := range rec.Actions {
		acts, err := r.DecodeAction(st, ra)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range acts {
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
			out = append(out, a)
		}
	}
	return out
}

// Exported for the external tests.
var (
	RecordOf      = record
	EngineActions = engineActions
)

// TestEveryChoiceValued: with the search levels (the default's paired
// searches and Droggn's pimc) every decision that had a choice is valued
// and explained, in every phase of every game, over hands with random
// mistakes (so that actions the searches would not try are taken).
func TestEveryChoiceValued(t *testing.T) {
	hands := 3
	if testing.Short() {
		hands = 1
	}
	for _, tc := range []struct {
		v   knowledge.Variant
		bot string
	}{
		{knowledge.Variant{Game: "droggn", Players: 3}, "ismcts@100"},
		{knowledge.Variant{Game: "droggn", Players: 4}, "pimc@4"},
		{knowledge.Variant{Game: "troggu", Players: 3}, "ismcts@100"},
		{knowledge.Variant{Game: "troggu", Players: 5}, "ismcts@100"},
		{knowledge.Variant{Game: "strohmandeln", Players: 2}, "ismcts@100"},
	} {
		phases := map[string]int{}
		for hand := 0; hand < hands; hand++ {
			rec := record(t, tc.v, 40+hand, 0.3)
			rep, err := Analyze(rec, Config{Bot: tc.bot, Seat: -1, Seed: "every", Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range rep.Decisions {
				switch {
				case d.Class == Forced:
				case d.Class == Unvalued:
					t.Errorf("%s %s hand %d step %d (%s, took %v): not valued", tc.v, tc.bot, hand, d.Step, d.Phase, d.Taken)
				case len(d.Candidates) > 1 && d.Why == nil:
					t.Errorf("%s %s hand %d step %d (%s): valued without a why", tc.v, tc.bot, hand, d.Step, d.Phase)
				default:
					phases[d.Phase]++
				}
			}
		}
		t.Logf("%s %s: valued decisions by phase %v", tc.v, tc.bot, phases)
	}
}

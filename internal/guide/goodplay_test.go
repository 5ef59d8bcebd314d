package guide

import (
	"testing"

	"trull/internal/analysis"
	"trull/internal/game"
)

// TestAdviceIsGoodPlay: a person who follows a lesson's guide makes no
// decision that the hand analysis (the default search, as a player's
// analysis view shows it) calls a mistake or a blunder, and wins the hand:
// a lesson teaches by good example, and the app does not contradict
// itself.
func TestAdviceIsGoodPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("guide: analysing the lessons' hands takes seconds (-short)")
	}
	for _, l := range Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			r, deck := lessonDeal(t, l)
			st := visit(t, l, func(game.State) {})
			if res := st.Result(); res.Score[l.Seat] <= 0 {
				t.Errorf("following the guide loses the hand: score %d", res.Score[l.Seat])
			}
			rec := game.NewRecord(r, make([]string, l.Players), l.Dealer, deck, st.History())
			rep, err := analysis.Analyze(rec, analysis.Config{Bot: "ismcts", Seat: l.Seat, Seed: "guide", Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			valued := 0
			for _, d := range rep.Decisions {
				if d.Seat != l.Seat {
					continue
				}
				switch d.Class {
				case analysis.Mistake, analysis.Blunder:
					best := "?"
					if d.Best != nil {
						best = actText(*d.Best)
					}
					t.Errorf("step %d (%s): the guide's %s is a %s, losing %.2f against %s", d.Step, d.Phase, actText(d.Taken), d.Class, d.Loss, best)
				case analysis.Good, analysis.Inaccuracy:
					valued++
				}
			}
			if valued < 10 {
				t.Errorf("only %d of the guide's decisions were valued", valued)
			}
		})
	}
}

// actText is a record action as its JSON names it.
func actText(a game.RecordAction) string {
	s := a.Act
	if a.Call != "" {
		s += " " + a.Call
	}
	if a.Card != "" {
		s += " " + a.Card
	}
	for _, c := range a.Cards {
		s += " " + c
	}
	return s
}

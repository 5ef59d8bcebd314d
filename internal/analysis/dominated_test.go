package analysis_test

import (
	"testing"

	"trull/internal/analysis"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
	"trull/internal/tactics"
)

// TestDominatedCard: where a card loses at least the blunder threshold in
// every one of many worlds the seat cannot tell from the real one against
// another that is best in each of them (tactics.Examine, by the exact
// solvers), playing it is flagged a blunder and a good card is named best.
func TestDominatedCard(t *testing.T) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 3}, {Game: "strohmandeln", Players: 2}} {
		found := 0
		for hand := 0; hand < 60 && found < 3; hand++ {
			rec := analysis.RecordOf(t, v, hand, 0)
			r, _ := rec.RulesOf()
			th := analysis.ThresholdsOf(r)
			deck, _ := rec.DeckOf(r)
			st, _ := r.NewState(deck, *rec.Dealer)
			for step, a := range analysis.EngineActions(t, r, deck, rec) {
				if st.Done() {
					break
				}
				seat := st.ToAct()
				if d, ok := blunder(st, th.Blunder, step); ok {
					// Play the dominated card instead and analyse that hand.
					cut := game.NewRecord(r, rec.Players, *rec.Dealer, deck, append(st.History(), game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: d}))
					rep, err := analysis.Analyze(cut, analysis.Config{Bot: "ismcts@400", Seat: seat, Seed: "dominated"})
					if err != nil {
						t.Fatal(err)
					}
					last := rep.Decisions[len(rep.Decisions)-1]
					if last.Class != analysis.Blunder {
						t.Errorf("%s hand %d: %s is a %s (loss %g)", v, hand, r.Pack().ID(d), last.Class, last.Loss)
					}
					if last.Best == nil || last.Best.Card == r.Pack().ID(d) {
						t.Errorf("%s hand %d: best %+v", v, hand, last.Best)
					}
					found++
					break
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no dominated card found", v)
		}
	}
}

// blunder returns the card of the seat to act in st that loses most, when
// it loses at least margin in every world drawn against a card that is
// best in each of them: a card dominated by another.
func blunder(st game.State, margin float64, step int) (card.Card, bool) {
	e, ok := tactics.Examine(st, 64, game.NewRand("dominated", uint64(step)))
	if !ok {
		return 0, false
	}
	var d card.Card
	most := margin
	for c, l := range e.Least {
		if l > most || (l == most && c < d) {
			d, most = c, l
		}
	}
	return d, d != 0
}

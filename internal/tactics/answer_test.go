package tactics

import (
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestAnswer answers every legal card of a few positions: a good card is
// correct and a bad one is not, the candidates are every legal card with
// their losses, and every why has words in both languages.
func TestAnswer(t *testing.T) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		ps, err := Load(g)
		if err != nil {
			t.Fatal(err)
		}
		p := ps[0]
		st, err := p.State()
		if err != nil {
			t.Fatal(err)
		}
		r := st.Rules()
		cards := playable(st)
		for _, c := range cards {
			a := game.Action{Seat: int8(p.Seat), Kind: game.KindPlay, Card: c}
			for _, lang := range []string{"en", "de"} {
				ans, err := p.Answer(a, lang)
				if err != nil {
					t.Fatal(err)
				}
				if ans.Correct != p.Solves(r, a) {
					t.Errorf("%s %s: correct %v, want %v", p.ID, r.Pack().ID(c), ans.Correct, p.Solves(r, a))
				}
				if len(ans.Candidates) != len(cards) || len(ans.Best) != len(p.Good) {
					t.Errorf("%s: %d candidates and %d best, want %d and %d", p.ID, len(ans.Candidates), len(ans.Best), len(cards), len(p.Good))
				}
				if ans.Why.Text == "" || ans.Why.Action.Card != r.Pack().ID(c) || ans.Why.Worlds != p.Worlds {
					t.Errorf("%s %s: why %+v", p.ID, r.Pack().ID(c), ans.Why)
				}
				if lang == "de" && !strings.Contains(ans.Why.Text, "Welt") {
					t.Errorf("%s: the German why %q names no world", p.ID, ans.Why.Text)
				}
				for _, cand := range ans.Candidates {
					if cand.Why.Text == "" {
						t.Errorf("%s: candidate %s has no words", p.ID, cand.Action.Card)
					}
					if !cand.Good && (cand.Loss <= 0 || cand.Why.Score >= 0) {
						t.Errorf("%s: bad card %s loses %v, its why scores %v", p.ID, cand.Action.Card, cand.Loss, cand.Why.Score)
					}
				}
			}
		}
	}
	_ = card.English
}

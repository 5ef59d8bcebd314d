package tactics

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"trull/internal/bot/why"
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

// TestWhyNamesTheTheme: the why of every position's worst answer names
// the theme's cause: a bird theme a bonus item, a threshold theme the game
// won or lost or its points, a smear theme card points.
func TestWhyNamesTheTheme(t *testing.T) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		ps, err := Load(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if len(p.Candidates) == 0 {
				t.Fatalf("%s has no candidates (go test -run TestPositions -why writes them)", p.ID)
			}
			w := p.Candidates[len(p.Candidates)-1].Why.Why
			bonus := slices.ContainsFunc(w.Items, func(d why.ItemDiff) bool { return d.Item != "game" && d.Item != "match" && d.Points < 0 })
			lostGame := slices.ContainsFunc(w.Items, func(d why.ItemDiff) bool { return (d.Item == "game" || d.Item == "match") && d.Points < 0 })
			bird := slices.Contains([]string{"T1", "T2", "T3"}, w.Action.Card) && w.Trick != nil && w.Trick.Action < w.Trick.Best
			var ok bool
			switch p.Theme {
			case "bird":
				// the bonus lost, or the bird itself lost in its trick
				ok = bonus || bird
			case "threshold":
				ok = (w.Game != nil && w.Game.Action < w.Game.Best) || lostGame || w.CardPoints < 0
			case "smear":
				// the points smeared, or (Strohmandeln) a bird kept
				ok = w.CardPoints < 0 || bonus
			default:
				ok = w.Score < 0
			}
			if !ok {
				t.Errorf("%s (%s): the worst answer's why names no cause: %+v", p.ID, p.Theme, w)
			}
			if text := why.Text(w, func(ra game.RecordAction) string { return ra.Card }, card.English); text == "" {
				t.Errorf("%s: no words", p.ID)
			}
		}
	}
}

// TestExplainAgain: examined again, a position gives the stored
// candidates, so the same seed gives the same words.
func TestExplainAgain(t *testing.T) {
	ps, err := Load("droggn")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps[:3] {
		ex, err := p.Explain()
		if err != nil {
			t.Fatal(err)
		}
		if got := ex.Candidates(); !reflect.DeepEqual(got, p.Candidates) {
			t.Errorf("%s: candidates %+v, stored %+v", p.ID, got, p.Candidates)
		}
	}
}

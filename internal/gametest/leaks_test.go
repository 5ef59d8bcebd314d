package gametest

import (
	"testing"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// TestViewLeaks checks the JSON scan that finds card IDs in views.
func TestViewLeaks(t *testing.T) {
	r := droggn.Default(3)
	v := map[string]any{"a": "a long string with \"quotes\" inside", "hand": []string{"T5", "H-K"}, "x": "FOOL", "n": 5}
	leak, err := ViewLeaks(r, v, card.Of(card.Trump(5)))
	if err != nil {
		t.Fatal(err)
	}
	want := card.Of(card.Fool, card.SuitCard(card.Suit2, card.King))
	if leak != want {
		t.Errorf("leak %s, want %s", leak, want)
	}
}

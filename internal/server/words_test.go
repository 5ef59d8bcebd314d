package server

import (
	"slices"
	"strings"
	"testing"
)

// TestHintsOption: a table created with hints off says so in its state and
// refuses hint requests with the code hints_off; by default hints are on.
func TestHintsOption(t *testing.T) {
	e := newEnv(t, Config{})
	for _, on := range []bool{true, false} {
		req := map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"}
		if !on {
			req["hints"] = false
		}
		tb := e.create(req)
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		st := ann.state()
		for len(st.Legal) == 0 {
			st = ann.state()
		}
		if st.Table.Hints != on {
			t.Errorf("hints %v: the state says %v", on, st.Table.Hints)
		}
		h := ann.answer(ann.send(map[string]any{"type": "hint"}))
		switch {
		case on && h.Type != "hint":
			t.Errorf("hints on: %s", h.raw)
		case !on && (h.Type != "error" || h.Code != "hints_off"):
			t.Errorf("hints off: %s, want the error hints_off", h.raw)
		}
	}
}

// TestVariantWords: the lobby, the table and the games API name variants
// and options in words for people, never in the variant string's code.
func TestVariantWords(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "players": 2, "bots": []string{"", "rules"}, "name": "Ann",
		"options": map[string]any{"pack": "40"}})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	vt := ann.state().Table.VariantTitle
	if vt.EN != "Strohmandeln (Strohmann-Tarock), 2 players, Pack: 40 cards" || !strings.Contains(vt.DE, "40 Karten") {
		t.Errorf("the table's variant title is %+v", vt)
	}
	var lobby []lobbyInfo
	e.do("GET", "/api/tables", nil, &lobby)
	if len(lobby) != 1 || lobby[0].VariantTitle != vt {
		t.Errorf("the lobby's variant title is %+v, want %+v", lobby, vt)
	}
	var games []optionsOnly
	e.do("GET", "/api/games", nil, &games)
	choices := 0
	for _, g := range games {
		for _, o := range g.Options {
			if g.Name == "droggn" && o.Name == "pack" {
				choices++
				if !slices.Equal(o.Choices, []int{66, 78}) {
					t.Errorf("droggn's pack offers %v, want 66 and 78", o.Choices)
				}
			}
			if o.Label.EN == "" || o.Label.DE == "" || o.HelpDE == "" || (o.Kind == "enum" && len(o.ValueLabels) != len(o.Values)) {
				t.Errorf("%s.%s lacks words: %+v", g.Name, o.Name, o)
			}
		}
	}
	if choices != 1 {
		t.Errorf("droggn's pack is listed %d times", choices)
	}
}

// optionsOnly is the part of GET /api/games this test reads.
type optionsOnly struct {
	Name    string       `json:"name"`
	Options []optionJSON `json:"options"`
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trull/internal/analysis"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// TestAnalyzeAgreesWithHint: for each game, `trull analyze` values a
// decision exactly as `trull hint` does on the record cut before it, with
// the same bot and seed; the text report speaks German when asked.
func TestAnalyzeAgreesWithHint(t *testing.T) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 6}, {Game: "strohmandeln", Players: 2}} {
		path, _ := cutRecord(t, v, -1)
		var out, errb bytes.Buffer
		if code := run([]string{"analyze", "--bot", "ismcts@150", "--seed", "agree", path}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", v, code, errb.String())
		}
		var rep analysis.Report
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		var rec game.Record
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatal(err)
		}
		checked := 0
		for i, d := range rep.Decisions {
			// A decision that starts its record action, with values; not a
			// discard, which the analysis values card by card and a hint
			// as whole discards.
			if len(d.Candidates) < 2 || (i > 0 && rep.Decisions[i-1].Action == d.Action) || d.Taken.Act == "discard" {
				continue
			}
			cut := rec
			cut.Actions = rec.Actions[:d.Action]
			b, _ := json.Marshal(&cut)
			p := filepath.Join(t.TempDir(), "cut.json")
			os.WriteFile(p, b, 0o644)
			out.Reset()
			if code := run([]string{"hint", "--bot", "ismcts@150", "--seed", "agree", p}, nil, &out, &errb); code != 0 {
				t.Fatalf("hint: exit %d: %s", code, errb.String())
			}
			var h struct {
				Candidates []struct {
					Action game.RecordAction
					Value  *float64
				}
			}
			json.Unmarshal(out.Bytes(), &h)
			want := map[string]float64{}
			for _, c := range d.Candidates {
				k, _ := json.Marshal(c.Action)
				want[string(k)] = c.Value
			}
			for _, c := range h.Candidates {
				k, _ := json.Marshal(c.Action)
				if w, ok := want[string(k)]; c.Value != nil && (!ok || w != *c.Value) {
					t.Errorf("%s step %d: hint values %s at %v, analyze at %v", v, d.Step, k, *c.Value, w)
				}
			}
			if checked++; checked == 3 {
				break
			}
		}
		if checked == 0 {
			t.Errorf("%s: no decision compared", v)
		}
		out.Reset()
		if code := run([]string{"analyze", "--bot", "ismcts@150", "--text", "--lang", "de", path}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "Platz 1") || !strings.Contains(out.String(), "Gesamtverlust") {
			t.Errorf("%s: the German report:\n%s", v, out.String())
		}
	}
}

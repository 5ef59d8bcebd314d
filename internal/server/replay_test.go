package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReplayAPI: a bad record is refused naming the action, as `trull
// replay` does, with the fault and its details as parameters for a client
// that words it (game.RecordParams).
func TestReplayAPI(t *testing.T) {
	e := newEnv(t, Config{})
	cases := []struct {
		name   string
		body   string
		want   string
		params map[string]string
	}{
		{"not JSON", `{`, "not valid JSON", map[string]string{"record": "json"}},
		{"wrong format", `{"format":"x","game":"droggn","options":{},"players":["a","b","c"],"dealer":0,"seed":"s","actions":[]}`, "format must be",
			map[string]string{"record": "format", "got": "x"}},
		{"no players", `{"format":"trull-hand/1","game":"droggn","options":{},"players":[],"dealer":0,"seed":"s","actions":[]}`, "needs 3 to 4 players",
			map[string]string{"record": "players", "game": "droggn", "min": "3", "max": "4", "count": "0"}},
		{"bad action", `{"format":"trull-hand/1","game":"droggn","options":{},"players":["a","b","c"],"dealer":0,"seed":"s","actions":[{"seat":2,"act":"play","card":"T21"}]}`, "action 0",
			map[string]string{"record": "action", "action": "1", "refusal": "out_of_turn", "seat": "2"}},
	}
	for _, c := range cases {
		var out struct {
			Error  string            `json:"error"`
			Code   string            `json:"code"`
			Params map[string]string `json:"params"`
		}
		if code := e.do("POST", "/api/replay", json.RawMessage(c.body), &out); code != 400 || !strings.Contains(out.Error, c.want) || out.Code != "bad_record" {
			t.Errorf("%s: %d %+v, want 400 bad_record mentioning %q", c.name, code, out, c.want)
		}
		for k, v := range c.params {
			if out.Params[k] != v {
				t.Errorf("%s: parameters %v, want %s=%s", c.name, out.Params, k, v)
			}
		}
	}
	var out struct {
		Complete bool              `json:"complete"`
		ToAct    int               `json:"to_act"`
		Steps    []json.RawMessage `json:"steps"`
	}
	body := `{"format":"trull-hand/1","game":"droggn","options":{},"players":["a","b","c"],"dealer":0,"seed":"s","actions":[]}`
	if code := e.do("POST", "/api/replay", json.RawMessage(body), &out); code != 200 || out.Complete || len(out.Steps) != 1 {
		t.Fatalf("an unfinished record: %d %+v", code, out)
	}
	// Each step carries the public view and every seat's, with their table
	// models.
	var step struct {
		View   map[string]any   `json:"view"`
		Views  []map[string]any `json:"views"`
		Model  map[string]any   `json:"model"`
		Models []map[string]any `json:"models"`
	}
	if err := json.Unmarshal(out.Steps[0], &step); err != nil {
		t.Fatal(err)
	}
	if step.View == nil || step.Model == nil || len(step.Views) != 3 || len(step.Models) != 3 || step.Views[1] == nil || step.Models[1] == nil {
		t.Fatalf("a replay step without its views: %s", out.Steps[0])
	}
}

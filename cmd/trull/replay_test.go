package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestReplayExamples runs `trull replay` on every shared example and checks
// docs/FORMAT.md's contract: the result fields for legal records; exit status 2,
// empty standard output and one line naming the action for illegal ones.
func TestReplayExamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/*/*.expected.json")
	if len(files) < 30 {
		t.Fatalf("only %d examples found", len(files))
	}
	for _, exp := range files {
		rec := strings.TrimSuffix(exp, ".expected.json") + ".json"
		t.Run(filepath.Base(filepath.Dir(rec))+"/"+filepath.Base(rec), func(t *testing.T) {
			raw, err := os.ReadFile(exp)
			if err != nil {
				t.Fatal(err)
			}
			var want map[string]any
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay", rec}, nil, &stdout, &stderr)
			if idx, bad := want["error_action"]; bad {
				if code != 2 || stdout.Len() != 0 {
					t.Fatalf("exit %d, stdout %q; want 2 and nothing", code, stdout.String())
				}
				line := strings.TrimSuffix(stderr.String(), "\n")
				if line == "" || strings.Contains(line, "\n") {
					t.Fatalf("stderr %q is not one line", stderr.String())
				}
				if idx == nil {
					if strings.HasPrefix(line, "action ") {
						t.Errorf("record error names an action: %s", line)
					}
				} else if n := int(idx.(float64)); !strings.HasPrefix(line, "action "+strconv.Itoa(n)+":") {
					t.Errorf("stderr %q does not name action %d", line, n)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			var got map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
			}
			if got["complete"] != true || got["game"] == nil {
				t.Errorf("output lacks game/complete: %s", stdout.String())
			}
			for _, k := range []string{"contract", "declarer", "partner", "card_points", "score"} {
				if !reflect.DeepEqual(got[k], want[k]) {
					t.Errorf("%s = %v, want %v", k, got[k], want[k])
				}
			}
		})
	}
}

// TestReplayBadInput covers unreadable input, standard input and
// incomplete records.
func TestReplayBadInput(t *testing.T) {
	cases := []struct {
		name, in string
		code     int
		out, err string
	}{
		{"not json", "{", 2, "", "not valid JSON"},
		{"wrong format", `{"format":"x","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"s","actions":[]}`, 2, "", "format"},
		{"unknown game", `{"format":"trull-hand/1","game":"skat","players":["a","b","c"],"dealer":0,"seed":"s","actions":[]}`, 2, "", "unknown game"},
		{"deck and seed", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"s","deck":["T1"],"actions":[]}`, 2, "", "both"},
		{"unknown card", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"s","actions":[{"seat":1,"act":"bid","call":"ansager"},{"seat":2,"act":"bid","call":"gut"},{"seat":0,"act":"bid","call":"gut"},{"seat":1,"act":"discard","cards":["X","T5","T6"]}]}`, 2, "", "action 3: unknown card ID 'X'"},
		{"incomplete", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"s","actions":[{"seat":1,"act":"bid","call":"pass"}]}`, 0, `"complete": false`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay", "-"}, strings.NewReader(c.in), &stdout, &stderr)
			if code != c.code || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.err) {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
			}
			if c.code == 2 && stdout.Len() != 0 {
				t.Errorf("stdout not empty on error")
			}
		})
	}
}

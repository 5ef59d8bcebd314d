package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"trull/internal/tactics"
)

// TestTactics: `trull tactics` prints a table a game with a row a bot and
// the same counts as JSON; a cheater and an unknown game are usage errors.
func TestTactics(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"tactics", "--bots", "random,rules", "--game", "Troggu"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, want := range []string{"troggu: ", "| bot | solved |", "| random | ", "| rules | ", "misere ("} {
		if !strings.Contains(text, want) {
			t.Errorf("table lacks %q:\n%s", want, text)
		}
	}
	out.Reset()
	if code := run([]string{"tactics", "--bots", "rules", "--game", "troggu", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res []tactics.Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res) != 1 || res[0].Bot != "rules" || res[0].All.Total < 30 {
		t.Fatalf("json %v: %s", err, out.String())
	}
	if !strings.Contains(text, "| rules | "+strconv.Itoa(res[0].All.Solved)+"/") {
		t.Errorf("the table and the JSON differ:\n%s", text)
	}
	for _, args := range [][]string{{"tactics", "--bots", "cheater"}, {"tactics", "--game", "chess"}} {
		errb.Reset()
		if code := run(args, nil, &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), "trull tactics: ") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
	}
}

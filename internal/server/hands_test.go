package server

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"trull/internal/game"
)

// TestAllHands: GET /api/tables/{id}/hands gives every finished hand of a
// sitting as JSON Lines, each line the record GET …/hands/{n} gives and a
// record that replays; an unknown table is 404.
func TestAllHands(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann"})
	c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	c.playUntil(rng, func(s *tState) bool { return s.Done })
	c.playUntil(rng, func(s *tState) bool { return s.Done && s.Hand == 1 })

	resp, err := http.Get(e.ts.URL + "/api/tables/" + tb.ID + "/hands")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") ||
		resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("status %d, %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want the 2 finished hands:\n%s", len(lines), body)
	}
	for n, line := range lines {
		var one json.RawMessage
		if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/"+string(rune('0'+n)), nil, &one); code != http.StatusOK {
			t.Fatalf("hand %d: status %d", n, code)
		}
		var want bytes.Buffer
		if err := json.Compact(&want, one); err != nil {
			t.Fatal(err)
		}
		if line != want.String() {
			t.Errorf("line %d is not hand %d's record:\n%s\n%s", n, n, line, want.String())
		}
		rec, err := game.DecodeRecord(strings.NewReader(line))
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if _, err := game.Replay(rec); err != nil {
			t.Errorf("line %d does not replay: %v", n, err)
		}
	}
	if code := e.do("GET", "/api/tables/nosuchtable/hands", nil, nil); code != http.StatusNotFound {
		t.Errorf("an unknown table: status %d, want 404", code)
	}
}

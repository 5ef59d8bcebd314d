package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"trull/internal/analysis"
)

// TestAnalysisEndpoint: a hand being played is analysed for nobody; once
// it is over, its analysis is computed on the server, streamed with its
// progress, stored, and answered from the store afterwards.
func TestAnalysisEndpoint(t *testing.T) {
	e := newEnv(t, Config{AnalysisBot: "ismcts@100", AnalysisWorkers: 1})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann", "hands": 2})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	path := fmt.Sprintf("/api/tables/%s/hands/0/analysis", tb.ID)

	// While the first hand is played, nobody gets its analysis.
	ann.playUntil(rand.New(rand.NewPCG(3, 3)), func(s *tState) bool { return s.Step >= 3 })
	var refusal map[string]string
	if code := e.do("GET", path, nil, &refusal); code != http.StatusNotFound || !strings.Contains(refusal["error"], "not finished") {
		t.Fatalf("a running hand: %d %v", code, refusal)
	}
	ann.playUntil(rand.New(rand.NewPCG(4, 4)), func(s *tState) bool { return s.Table.Played >= 1 })

	// Streamed: progress events, then the report.
	resp, err := http.Get(e.ts.URL + path + "?stream=1")
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	var events []string
	var report analysis.Report
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
			events = append(events, event)
		case strings.HasPrefix(line, "data: ") && event == "report":
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &report); err != nil {
				t.Fatal(err)
			}
		}
	}
	resp.Body.Close()
	if len(events) < 2 || events[0] != "progress" || events[len(events)-1] != "report" {
		t.Fatalf("events %v", events)
	}
	if report.Format != analysis.Format || !report.Complete || len(report.Decisions) == 0 || len(report.Seats) != 2 {
		t.Fatalf("report %+v", report)
	}

	// Stored: the plain answer is the same report, from the store.
	stored, err := e.srv.store.Analysis(t.Context(), tb.ID, 0, "ismcts@100")
	if err != nil {
		t.Fatalf("the analysis was not stored: %v", err)
	}
	var again analysis.Report
	if code := e.do("GET", path, nil, &again); code != http.StatusOK {
		t.Fatalf("GET: %d", code)
	}
	var fromStore analysis.Report
	json.Unmarshal(stored, &fromStore)
	if again.Seed != fromStore.Seed || len(again.Decisions) != len(fromStore.Decisions) {
		t.Errorf("the second answer is not the stored report")
	}
	if code := e.do("GET", path+"?level=deep", nil, &refusal); code != http.StatusBadRequest {
		t.Errorf("a bad level: %d", code)
	}
}

package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"trull/internal/analysis"
	"trull/internal/bot"
	"trull/internal/daily"
	"trull/internal/game"
	"trull/internal/store"
)

// readReport reads a stream of server-sent events of an analysis: the
// events' names in order and the report.
func readReport(t *testing.T, resp *http.Response) ([]string, analysis.Report) {
	t.Helper()
	defer resp.Body.Close()
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
	return events, report
}

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
	events, report := readReport(t, resp)
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

// TestRecordAnalysis: a record posted to the server (a hand played on a
// device without one) is analysed as a table's hand is, streamed or
// whole, the same report each time; a bad record or level is refused
// saying why. The record here is today's daily deal played to its end, and
// posting it to the replay and the analysis creates no table, no hand and
// no attempt: the daily leaderboard stays empty.
func TestRecordAnalysis(t *testing.T) {
	e := newEnv(t, Config{AnalysisBot: "ismcts@100", AnalysisWorkers: 1})
	ch, err := daily.Find("strohmandeln-2", daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ch.Deal(1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ch.Rules()
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.NewState(d.Deck, d.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := bot.New("rules")
	rng := rand.New(rand.NewPCG(5, 5))
	for !st.Done() {
		a, err := rules.Act(st.View(game.Seat(st.ToAct())), rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	players := []string{"Ann", "bot"}
	if ch.Seat() == 1 {
		players = []string{"bot", "Ann"}
	}
	body, err := json.Marshal(game.NewRecord(r, players, d.Dealer, d.Deck, st.History()))
	if err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name, query, body, want string
	}{
		{"not JSON", "", "{", "not valid JSON"},
		{"a bad action", "", `{"format":"trull-hand/1","game":"droggn","options":{},"players":["a","b","c"],"dealer":0,"seed":"s","actions":[{"seat":2,"act":"play","card":"T21"}]}`, "action 0"},
		{"a bad level", "?level=deep", string(body), "the level is default or fast"},
	} {
		var out struct {
			Error string `json:"error"`
		}
		if code := e.do("POST", "/api/analysis"+c.query, json.RawMessage(c.body), &out); code != http.StatusBadRequest || !strings.Contains(out.Error, c.want) {
			t.Errorf("%s: %d %q, want 400 saying %q", c.name, code, out.Error, c.want)
		}
	}

	resp, err := http.Post(e.ts.URL+"/api/analysis?stream=1", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	events, streamed := readReport(t, resp)
	if len(events) < 2 || events[0] != "progress" || events[len(events)-1] != "report" {
		t.Fatalf("events %v", events)
	}
	if streamed.Format != analysis.Format || !streamed.Complete || len(streamed.Decisions) == 0 || len(streamed.Seats) != 2 || streamed.Seats[ch.Seat()].Name != "Ann" {
		t.Fatalf("report %+v", streamed)
	}
	var whole analysis.Report
	if code := e.do("POST", "/api/analysis", json.RawMessage(body), &whole); code != http.StatusOK {
		t.Fatalf("POST /api/analysis: %d", code)
	}
	a, _ := json.Marshal(streamed)
	b, _ := json.Marshal(whole)
	if !bytes.Equal(a, b) {
		t.Errorf("the same record gave two reports:\n%s\n%s", a, b)
	}
	var replayed struct {
		Complete bool `json:"complete"`
	}
	if code := e.do("POST", "/api/replay", json.RawMessage(body), &replayed); code != http.StatusOK || !replayed.Complete {
		t.Fatalf("POST /api/replay: %d %+v", code, replayed)
	}

	ctx := context.Background()
	if n, err := e.srv.store.CountTables(ctx, store.Filter{}); err != nil || n != 0 {
		t.Errorf("the server keeps %d tables (%v) after a record's replay and analysis", n, err)
	}
	if at, err := e.srv.store.(store.Daily).Attempts(ctx, ch.ID, ch.Date); err != nil || len(at) != 0 {
		t.Errorf("the daily challenge has attempts %v (%v)", at, err)
	}
	var board struct {
		Rows []boardRowJSON `json:"rows"`
	}
	if code := e.do("GET", "/api/daily/"+ch.ID+"/"+ch.Date+"/leaderboard", nil, &board); code != http.StatusOK || len(board.Rows) != 0 {
		t.Errorf("the leaderboard: %d %+v", code, board.Rows)
	}
}

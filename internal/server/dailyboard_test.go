package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"trull/internal/store"
)

// TestDailyLeaderboard: finished attempts rank by the sum of score minus
// the reference bot's score, ties by the earlier finish; a running
// attempt is not on the board; each deal says how many scored more.
func TestDailyLeaderboard(t *testing.T) {
	e := newEnv(t, Config{})
	d := e.srv.store.(store.Daily)
	ctx := context.Background()
	const ch, day = "troggu-3", "2026-11-27"
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	scores := map[string][]int{
		"Ann": {10, 0, 5, 5, -5, 20},   // 35 − 30 = +5, finishes second
		"Bob": {5, 5, 5, 5, 5, 5},      // 30 − 30 = 0
		"Cid": {10, 10, 0, 0, 0, 15},   // 35 − 30 = +5, finishes first
		"Dan": {50, 50, 50, 50, 50, 0}, // running: not ranked
	}
	finish := map[string]time.Duration{"Ann": 2 * time.Hour, "Bob": time.Hour, "Cid": 90 * time.Minute}
	for name, sc := range scores {
		if err := d.PutPlayer(ctx, name, "h", t0); err != nil {
			t.Fatal(err)
		}
		if err := d.StartAttempt(ctx, store.Attempt{Player: name, Challenge: ch, Day: day, TableID: "t-" + name, Started: t0}); err != nil {
			t.Fatal(err)
		}
		for i, s := range sc {
			if name == "Dan" && i == 5 {
				break
			}
			if err := d.PutDailyResult(ctx, store.DailyResult{Player: name, Challenge: ch, Day: day, Deal: i + 1, Score: s, At: t0}); err != nil {
				t.Fatal(err)
			}
		}
		if f, ok := finish[name]; ok {
			if err := d.FinishAttempt(ctx, name, ch, day, t0.Add(f)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for n := 1; n <= 6; n++ {
		if err := d.PutReference(ctx, ch, day, n, 5); err != nil {
			t.Fatal(err)
		}
	}
	var board struct {
		Rows []boardRowJSON `json:"rows"`
	}
	if code := e.do("GET", "/api/daily/"+ch+"/"+day+"/leaderboard", nil, &board); code != http.StatusOK {
		t.Fatalf("leaderboard: %d", code)
	}
	want := []struct {
		name  string
		total int
	}{{"Cid", 5}, {"Ann", 5}, {"Bob", 0}}
	if len(board.Rows) != len(want) {
		t.Fatalf("leaderboard has %d rows: %+v", len(board.Rows), board.Rows)
	}
	for i, w := range want {
		r := board.Rows[i]
		if r.Name != w.name || r.Total != w.total || r.Rank != i+1 || !r.Complete || len(r.Deals) != 6 {
			t.Fatalf("row %d = %+v, want %s with %d", i, r, w.name, w.total)
		}
	}
	// Deal 1: Ann and Cid scored 10, Bob 5: two did better than Bob.
	bob := board.Rows[2].Deals[0]
	if bob.Score != 5 || *bob.Bot != 5 || *bob.Duplicate != 0 || bob.Better != 2 {
		t.Fatalf("Bob's deal 1 = %+v", bob)
	}
	for _, p := range []string{"/api/daily/tarock-4/" + day + "/leaderboard", "/api/daily/" + ch + "/2026-02-30/leaderboard"} {
		var out map[string]any
		if code := e.do("GET", p, nil, &out); code != http.StatusNotFound || out["error"] == "" {
			t.Errorf("GET %s: %d %v, want 404 with an error", p, code, out)
		}
	}
}

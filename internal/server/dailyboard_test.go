package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"trull/internal/daily"
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
	// Deal 1: Ann and Cid scored 10, Bob 5: two of the two others did
	// better than Bob.
	bob := board.Rows[2].Deals[0]
	if bob.Score != 5 || *bob.Bot != 5 || *bob.Duplicate != 0 || bob.Better != 2 || bob.Others != 2 {
		t.Fatalf("Bob's deal 1 = %+v", bob)
	}
	for _, p := range []string{"/api/daily/tarock-4/" + day + "/leaderboard", "/api/daily/" + ch + "/2026-02-30/leaderboard"} {
		var out map[string]any
		if code := e.do("GET", p, nil, &out); code != http.StatusNotFound || out["error"] == "" {
			t.Errorf("GET %s: %d %v, want 404 with an error", p, code, out)
		}
	}
}

// TestDailyPeriodBoard: the leaderboard of 7 or 30 days sums each
// player's day totals of the days that end on the date, ties by the
// earlier last finish; days outside the period do not count.
func TestDailyPeriodBoard(t *testing.T) {
	e := newEnv(t, Config{})
	d := e.srv.store.(store.Daily)
	ctx := context.Background()
	const ch = "strohmandeln-2"
	t0 := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	// day (days before 2026-11-27) → player → the score of every deal;
	// every reference score is 2.
	days := map[int]map[string]int{
		0:  {"Ann": 3, "Bob": 1},  // Ann +6, Bob −6
		3:  {"Bob": 4},            // Bob +12
		10: {"Ann": 10, "Cid": 2}, // Ann +48, Cid 0: only in 30 days
	}
	// Bob finishes before Ann on the same day.
	late := map[string]time.Duration{"Ann": 10 * time.Minute, "Bob": 5 * time.Minute}
	for _, name := range []string{"Ann", "Bob", "Cid"} {
		if err := d.PutPlayer(ctx, name, "h", t0); err != nil {
			t.Fatal(err)
		}
	}
	for back, players := range days {
		day := time.Date(2026, 11, 27-back, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
		for n := 1; n <= 6; n++ {
			if err := d.PutReference(ctx, ch, day, n, 2); err != nil {
				t.Fatal(err)
			}
		}
		for name, sc := range players {
			if err := d.StartAttempt(ctx, store.Attempt{Player: name, Challenge: ch, Day: day, TableID: "t", Started: t0}); err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 6; n++ {
				if err := d.PutDailyResult(ctx, store.DailyResult{Player: name, Challenge: ch, Day: day, Deal: n, Score: sc, At: t0}); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.FinishAttempt(ctx, name, ch, day, t0.Add(time.Duration(30-back)*time.Hour+late[name])); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		query string
		want  []periodRowJSON
	}{
		{"?days=7", []periodRowJSON{{Rank: 1, Name: "Bob", Total: 6, Days: 2, Best: 12, BestDate: "2026-11-24"},
			{Rank: 2, Name: "Ann", Total: 6, Days: 1, Best: 6, BestDate: "2026-11-27"}}},
		{"?days=30", []periodRowJSON{{Rank: 1, Name: "Ann", Total: 54, Days: 2, Best: 48, BestDate: "2026-11-17"},
			{Rank: 2, Name: "Bob", Total: 6, Days: 2, Best: 12, BestDate: "2026-11-24"},
			{Rank: 3, Name: "Cid", Total: 0, Days: 1, Best: 0, BestDate: "2026-11-17"}}},
	}
	for _, tc := range tests {
		var out struct {
			Days int             `json:"days"`
			Rows []periodRowJSON `json:"rows"`
		}
		if code := e.do("GET", "/api/daily/"+ch+"/2026-11-27/leaderboard"+tc.query, nil, &out); code != http.StatusOK {
			t.Fatalf("%s: %d", tc.query, code)
		}
		if len(out.Rows) != len(tc.want) {
			t.Fatalf("%s: rows %+v", tc.query, out.Rows)
		}
		for i, w := range tc.want {
			g := out.Rows[i]
			if g.Rank != w.Rank || g.Name != w.Name || g.Total != w.Total || g.Days != w.Days || g.Best != w.Best || g.BestDate != w.BestDate || !g.Complete {
				t.Fatalf("%s row %d: %+v, want %+v", tc.query, i, g, w)
			}
		}
	}
	var out map[string]any
	if code := e.do("GET", "/api/daily/"+ch+"/2026-11-27/leaderboard?days=31", nil, &out); code != http.StatusBadRequest || out["code"] != "bad_request" {
		t.Fatalf("days=31: %d %v", code, out)
	}
}

// TestDailyProgress: a player's progress lists each challenge of the day
// as new, playing (with its table and the deals played) or finished
// (with the place on the leaderboard).
func TestDailyProgress(t *testing.T) {
	e := newEnv(t, Config{})
	name, secret := e.dailyPlayer("Eve")
	today := daily.Today(time.Now())
	c, _ := daily.Find("strohmandeln-2", today)
	id, tok := e.dailySeat(c, name, secret)
	cl := e.dial(id, "token="+tok, nil)
	e.playDaily(cl, id, asReference(t), func(s *tState) bool { return s.Done })
	c2, _ := daily.Find("troggu-3", today)
	id2, tok2 := e.dailySeat(c2, name, secret)
	e.playDaily(e.dial(id2, "token="+tok2, nil), id2, asReference(t), nil)
	var out []progressJSON
	if code := e.request("GET", "/api/daily/progress", nil, &out, map[string]string{headerDailyName: name, headerDailySecret: secret}); code != http.StatusOK {
		t.Fatalf("progress: %d", code)
	}
	got := map[string]progressJSON{}
	for _, p := range out {
		got[p.ID] = p
	}
	if p := got["droggn-3"]; p.State != "new" || p.Table != "" || p.Played != 0 {
		t.Fatalf("droggn-3: %+v", p)
	}
	if p := got["strohmandeln-2"]; p.State != "playing" || p.Table != id || p.Played != 1 || len(p.Row.Deals) != 1 {
		t.Fatalf("strohmandeln-2: %+v", p)
	}
	// Alone on the day's leaderboard: place 1 of 1, nobody else on a deal.
	if p := got["troggu-3"]; p.State != "finished" || p.Table == "" || p.Played != 6 || p.Rank != 1 || p.Of != 1 || p.Row.Deals[0].Others != 0 {
		t.Fatalf("troggu-3: %+v", p)
	}
	if code, _ := e.getAs("/api/daily/progress", name, "wrong"); code != http.StatusUnauthorized {
		t.Fatalf("progress with a wrong secret: %d", code)
	}
}

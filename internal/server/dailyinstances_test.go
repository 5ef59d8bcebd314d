package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"trull/internal/daily"
	"trull/internal/game"
	"trull/internal/gametest"
	"trull/internal/store"
	"trull/internal/store/postgres"
)

// playAtRandom plays the person's seat of a challenge with random legal
// actions (a refused random discard is drawn again) until stop holds or
// the challenge is over.
func playAtRandom(t *testing.T, cl *client, rng *rand.Rand, stop func(*tState) bool) *tState {
	t.Helper()
	// The server lets a client send 20 messages a second.
	pace := time.NewTicker(50 * time.Millisecond)
	defer pace.Stop()
	st := cl.latest()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		switch {
		case stop(st) || st.Table.State == store.StatusOver:
			return st
		case st.Done:
			<-pace.C
			m := cl.answer(cl.send(map[string]any{"type": "next"}))
			if st = m.state; st == nil {
				t.Fatalf("next was refused: %s", m.raw)
			}
		case len(st.Legal) > 0:
			for try := 0; ; try++ {
				a := pickAction(rng, st.Legal)
				<-pace.C
				m := cl.answer(cl.send(map[string]any{"type": "act", "action": a}))
				if m.state != nil {
					st = m.state
					break
				}
				if a["act"] != "discard" || try == 200 {
					t.Fatalf("the action %v was refused: %s", a, m.raw)
				}
			}
		default:
			st = cl.state()
		}
	}
	t.Fatal("the challenge did not reach its goal in time")
	return nil
}

// TestDailyInstances: three servers on one PostgreSQL database. A player
// starts a challenge on one server and plays it through another; the
// table's owner is killed with SIGKILL in the middle of deal 2; the player
// resumes the attempt on a third server, which takes the table over, and
// plays to the end. Every deal's result is stored once, equal to the
// replay of its record, and the attempt is on the leaderboard complete.
func TestDailyInstances(t *testing.T) {
	dsn, ps := startInstances(t)
	a, b, c := ps[0], ps[1], ps[2]
	ch, err := daily.Find("troggu-3", daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	var who dailyPlayerJSON
	if code := requestAt(t, "POST", b.url()+"/api/daily/players", map[string]any{"name": "Ann"}, &who, nil); code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	hdr := map[string]string{headerDailyName: who.Name, headerDailySecret: who.Secret}
	var play dailyPlayJSON
	if code := requestAt(t, "POST", a.url()+"/api/daily/"+ch.ID+"/"+ch.Date+"/play", map[string]any{}, &play, hdr); code != http.StatusCreated {
		t.Fatalf("play on the first server: %d", code)
	}
	cl, err := dialURL(t, c.url(), play.Table, "token="+play.SeatToken, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	playAtRandom(t, cl, rng, func(s *tState) bool { return s.Hand == 1 && s.Step >= 4 && !s.Done })
	a.kill()
	select {
	case <-cl.closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the connection stayed open after its table's server died")
	}

	// Resumed on b: the attempt's table, taken over from the log.
	var again dailyPlayJSON
	if code := requestAt(t, "POST", b.url()+"/api/daily/"+ch.ID+"/"+ch.Date+"/play", map[string]any{}, &again, hdr); code != http.StatusOK || !again.Resumed || again.Table != play.Table {
		t.Fatalf("resume on the second server: %d %+v", code, again)
	}
	var cr claimResp
	if code := requestAt(t, "POST", b.url()+"/api/tables/"+play.Table+"/claim", map[string]any{"daily": true}, &cr, hdr); code != http.StatusOK {
		t.Fatalf("daily claim on the second server: %d", code)
	}
	if cl, err = dialURL(t, b.url(), play.Table, "token="+cr.SeatToken, nil); err != nil {
		t.Fatal(err)
	}
	if st := cl.state(); st.Hand != 1 {
		t.Fatalf("resumed at deal %d, want deal 2", st.Hand+1)
	}
	playAtRandom(t, cl, rng, func(*tState) bool { return false })

	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var rs []store.DailyResult
	gametest.Eventually(t, 20*time.Second, "every result and the attempt's end stored", func() bool {
		if rs, err = st.DailyResults(context.Background(), ch.ID, ch.Date); err != nil {
			t.Fatal(err)
		}
		at, err := st.Attempt(context.Background(), who.Name, ch.ID, ch.Date)
		if err != nil {
			t.Fatal(err)
		}
		return len(rs) == daily.Deals && !at.Finished.IsZero()
	})
	if len(rs) != daily.Deals {
		t.Fatalf("%d results stored, want %d: %+v", len(rs), daily.Deals, rs)
	}
	for i, r := range rs {
		res, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/%d", c.url(), play.Table, i))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		rec, err := game.DecodeRecord(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("deal %d: %v: %s", i+1, err, raw)
		}
		hand, err := game.Replay(rec)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deal != i+1 || r.Score != daily.Score(hand.Result(), ch.Seat()) {
			t.Fatalf("result %+v, the replay of deal %d gives %d", r, i+1, daily.Score(hand.Result(), ch.Seat()))
		}
	}
	var board struct {
		Rows []boardRowJSON `json:"rows"`
	}
	gametest.Eventually(t, 20*time.Second, "the attempt complete on the leaderboard", func() bool {
		requestAt(t, "GET", c.url()+"/api/daily/"+ch.ID+"/"+ch.Date+"/leaderboard", nil, &board, nil)
		return len(board.Rows) == 1 && board.Rows[0].Complete
	})
	if len(board.Rows) != 1 || !board.Rows[0].Complete || len(board.Rows[0].Deals) != daily.Deals {
		t.Fatalf("leaderboard %+v", board.Rows)
	}
}

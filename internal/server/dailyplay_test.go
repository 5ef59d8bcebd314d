package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"trull/internal/bot"
	"trull/internal/daily"
	"trull/internal/game"
	"trull/internal/gametest"
	"trull/internal/store"
)

// doAs sends a JSON request with a daily player's headers and decodes the
// answer into out.
func (e *testEnv) doAs(method, path string, body any, out any, name, secret string) int {
	e.t.Helper()
	return e.request(method, path, body, out, map[string]string{headerDailyName: name, headerDailySecret: secret})
}

// dailyPlayer registers a daily player and returns the name and secret.
func (e *testEnv) dailyPlayer(name string) (string, string) {
	e.t.Helper()
	var p dailyPlayerJSON
	if code := e.do("POST", "/api/daily/players", map[string]any{"name": name}, &p); code != http.StatusCreated {
		e.t.Fatalf("register %s: %d", name, code)
	}
	return p.Name, p.Secret
}

// dailySeat starts or resumes a player's attempt and returns its table
// and a seat token for it (a resumed attempt's seat is claimed anew).
func (e *testEnv) dailySeat(c daily.Challenge, name, secret string) (string, string) {
	e.t.Helper()
	var p dailyPlayJSON
	code := e.doAs("POST", "/api/daily/"+c.ID+"/"+c.Date+"/play", map[string]any{}, &p, name, secret)
	switch {
	case code == http.StatusCreated && p.SeatToken != "" && !p.Resumed:
	case code == http.StatusOK && p.Resumed && p.SeatToken == "":
		var cr claimResp
		if code := e.doAs("POST", "/api/tables/"+p.Table+"/claim", map[string]any{"daily": true}, &cr, name, secret); code != http.StatusOK {
			e.t.Fatalf("daily claim: %d", code)
		}
		p.SeatToken = cr.SeatToken
	default:
		e.t.Fatalf("play %s: %d %+v", c.ID, code, p)
	}
	if p.Seat != c.Seat() {
		e.t.Fatalf("play %s: seat %d, want %d", c.ID, p.Seat, c.Seat())
	}
	return p.Table, p.SeatToken
}

// decider chooses the person's whole decision on the table's hand.
type decider func(st game.State, seat int, deal string) []game.Action

// asReference decides as the reference game's bot in the person's seat.
func asReference(t *testing.T) decider {
	b, err := bot.New(daily.DefaultBot)
	if err != nil {
		t.Fatal(err)
	}
	return func(st game.State, seat int, deal string) []game.Action {
		return bot.Decide(st, seat, b, daily.DecisionRand(daily.Deal{Seed: deal}.SeatSeed(seat), len(st.History())), nil, nil)
	}
}

// atRandom decides as the random bot.
func atRandom(t *testing.T, rng *rand.Rand) decider {
	b, err := bot.New("random")
	if err != nil {
		t.Fatal(err)
	}
	return func(st game.State, seat int, _ string) []game.Action { return bot.Decide(st, seat, b, rng, nil, nil) }
}

// decideOn runs f on a clone of the table's hand in its goroutine and
// returns the decision in record form.
func (e *testEnv) decideOn(id string, f decider) []game.RecordAction {
	e.t.Helper()
	tab, err := e.srv.table(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	out := make(chan []game.RecordAction, 1)
	if err := tab.send(context.Background(), runIn(func(tab *table) {
		st := tab.st.Clone()
		acts := f(st, st.ToAct(), tab.sit.HandSeed(tab.hand))
		out <- game.EncodeHistory(tab.rules, acts)
	})); err != nil {
		e.t.Fatal(err)
	}
	return <-out
}

// playDaily plays the person's seat with f until the challenge is over,
// or until stop says so; it returns the last state.
func (e *testEnv) playDaily(c *client, id string, f decider, stop func(*tState) bool) *tState {
	e.t.Helper()
	st := c.latest()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		switch {
		case stop != nil && stop(st):
			return st
		case st.Table.State == store.StatusOver:
			return st
		case st.Done:
			m := c.answer(c.send(map[string]any{"type": "next"}))
			if m.state == nil {
				e.t.Fatalf("next refused: %s", m.raw)
			}
			st = m.state
		case len(st.Legal) > 0:
			for _, ra := range e.decideOn(id, f) {
				ra.Seat = nil
				m := c.answer(c.send(map[string]any{"type": "act", "action": ra}))
				if m.state == nil {
					e.t.Fatalf("the action %+v was refused: %s", ra, m.raw)
				}
				st = m.state
			}
		default:
			st = c.state()
		}
	}
	e.t.Fatal("the challenge did not end in time")
	return nil
}

// referenceGame plays deal n of c with the default bot in every seat, each
// decision through bot.Decide as the tables ask, independently of
// daily.Challenge.Reference.
func referenceGame(t *testing.T, c daily.Challenge, n int) game.State {
	t.Helper()
	b, err := bot.New(daily.DefaultBot)
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.Deal(n)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.Rules()
	st, err := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprintf("daily/%s/%s/deal-%d", c.ID, c.Date, n)), (n-1)%c.Players)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Done() {
		s := st.ToAct()
		bot.Decide(st, s, b, game.NewRand(fmt.Sprintf("%s/bot-%d", d.Seed, s), uint64(len(st.History()))), nil, nil)
	}
	return st
}

// replayedScore replays the record of a finished hand of a table, as
// `trull replay` does, and returns seat's score.
func (e *testEnv) replayedScore(id string, n, seat int) (int, game.Record) {
	e.t.Helper()
	rec, _, _ := e.dealtHand(e.t.(*testing.T), id, n)
	st, err := game.Replay(&rec)
	if err != nil {
		e.t.Fatal(err)
	}
	return daily.Score(st.Result(), seat), rec
}

// board fetches a leaderboard.
func (e *testEnv) board(c daily.Challenge, query string) []boardRowJSON {
	e.t.Helper()
	var out struct {
		Rows []boardRowJSON `json:"rows"`
	}
	if code := e.do("GET", "/api/daily/"+c.ID+"/"+c.Date+"/leaderboard"+query, nil, &out); code != http.StatusOK {
		e.t.Fatalf("leaderboard: %d", code)
	}
	return out.Rows
}

// waitReferences waits until the server has stored every reference score
// of c.
func (e *testEnv) waitReferences(c daily.Challenge) map[int]int {
	e.t.Helper()
	var refs map[int]int
	gametest.Eventually(e.t, 30*time.Second, "the reference scores of "+c.ID, func() bool {
		var err error
		if refs, err = e.srv.store.(store.Daily).References(context.Background(), c.ID, c.Date); err != nil {
			e.t.Fatal(err)
		}
		return len(refs) == daily.Deals
	})
	return refs
}

// TestDailyAsTheReference: a person who decides as the reference bot
// would, in every set-up, plays the reference game itself: the bots are
// seeded as docs/DAILY.md says, every duplicate score is 0, and each
// deal's record is the independent reference game's.
func TestDailyAsTheReference(t *testing.T) {
	e := newEnv(t, Config{})
	name, secret := e.dailyPlayer("Mirror")
	cs, err := daily.Challenges(daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		t.Run(c.ID, func(t *testing.T) {
			id, tok := e.dailySeat(c, name, secret)
			cl := e.dialT(t, id, "token="+tok, nil)
			final := e.playDaily(cl, id, asReference(t), nil)
			if len(final.Table.Sheet) != daily.Deals {
				t.Fatalf("%d deals on the sheet, want %d", len(final.Table.Sheet), daily.Deals)
			}
			e.waitReferences(c)
			rows := e.board(c, "")
			if len(rows) != 1 || rows[0].Name != name || !rows[0].Complete || rows[0].Total != 0 {
				t.Fatalf("leaderboard %+v, want %s with 0", rows, name)
			}
			for n := 1; n <= daily.Deals; n++ {
				ref := referenceGame(t, c, n)
				score, rec := e.replayedScore(id, n-1, c.Seat())
				want := game.EncodeHistory(ref.Rules(), ref.History())
				if !slices.EqualFunc(rec.Actions, want, func(a, b game.RecordAction) bool {
					x, _ := json.Marshal(a)
					y, _ := json.Marshal(b)
					return bytes.Equal(x, y)
				}) {
					t.Fatalf("deal %d: the table's hand is not the reference game", n)
				}
				if d := rows[0].Deals[n-1]; d.Score != score || *d.Bot != daily.Score(ref.Result(), c.Seat()) || *d.Duplicate != 0 {
					t.Fatalf("deal %d: %+v, want score %d, duplicate 0", n, d, score)
				}
			}
		})
	}
}

// TestDailyAttempt plays one attempt through a restart and a second
// device: the table refuses help, each deal's result is stored as it
// ends, the attempt resumes where it was, a second attempt is refused,
// and the leaderboard's duplicate scores are the replays of the person's
// hands minus the independent reference games.
// On PostgreSQL too when TRULL_TEST_POSTGRES is set.
func TestDailyAttempt(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { dailyAttempt(t, newEnv(t, Config{})) })
	if dsn := os.Getenv("TRULL_TEST_POSTGRES"); dsn != "" {
		t.Run("postgres", func(t *testing.T) { dailyAttempt(t, newEnvOn(t, freshSchema(t, dsn), Config{})) })
	}
}

func dailyAttempt(t *testing.T, e *testEnv) {
	name, secret := e.dailyPlayer("Ann")
	c, err := daily.Find("droggn-3", daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	// Someone else's secret, or another day's challenge, starts nothing.
	if code := e.doAs("POST", "/api/daily/droggn-3/"+c.Date+"/play", map[string]any{}, nil, name, "wrong"); code != http.StatusUnauthorized {
		t.Fatalf("play with a wrong secret: %d", code)
	}
	var out map[string]any
	if code := e.doAs("POST", "/api/daily/droggn-3/2020-01-01/play", map[string]any{}, &out, name, secret); code != http.StatusConflict || out["code"] != "daily_day" {
		t.Fatalf("play of another day: %d %v", code, out)
	}
	id, tok := e.dailySeat(c, name, secret)
	cl := e.dial(id, "token="+tok, nil)
	rng := rand.New(rand.NewPCG(3, 3))
	first := cl.waitFor("a state", func(m tMsg) bool { return m.state != nil })
	st := first.state
	if st.Table.Hints || st.Table.AutoBot || st.Table.OpenReview || st.Table.TurnClockMs != 0 || !st.Table.Started {
		t.Fatalf("the challenge's table: %+v", st.Table)
	}
	if !bytes.Contains(first.raw, []byte(`"daily":{"challenge":"droggn-3","date":"`+c.Date+`","deals":6}`)) {
		t.Fatalf("the table does not name its challenge: %s", first.raw)
	}
	for _, what := range []string{"hint", "takeback", "again", "end", "move", "start"} {
		m := cl.answer(cl.send(map[string]any{"type": what}))
		if m.Type != "error" || m.Code != "daily_off" || m.Params["message"] != what {
			t.Fatalf("%s in a challenge: %s", what, m.raw)
		}
	}
	results := func() []store.DailyResult {
		rs, err := e.srv.store.(store.Daily).DailyResults(context.Background(), c.ID, c.Date)
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	// Deal 1, then a stored result before deal 2 is dealt.
	e.playDaily(cl, id, atRandom(t, rng), func(s *tState) bool { return s.Done })
	if rs := results(); len(rs) != 1 || rs[0].Deal != 1 || rs[0].Player != name {
		t.Fatalf("after deal 1: results %+v", rs)
	}
	// Into deal 2, then the server restarts: the attempt resumes on its
	// table, at the same step, on any device.
	st = e.playDaily(cl, id, atRandom(t, rng), func(s *tState) bool { return s.Hand == 1 && s.Step >= 3 && !s.Done })
	e.restart()
	id2, tok2 := e.dailySeat(c, name, secret)
	if id2 != id || tok2 == tok {
		t.Fatalf("resumed table %s token %q, want table %s and a new token", id2, tok2, id)
	}
	if code, _ := e.tryDialCode(id, "token="+tok); code != 4001 {
		t.Fatalf("the old device's token after the resume: close %d, want 4001", code)
	}
	cl = e.dial(id, "token="+tok2, nil)
	if again := cl.state(); again.Hand != st.Hand || again.Step != st.Step {
		t.Fatalf("resumed at hand %d step %d, was at hand %d step %d", again.Hand, again.Step, st.Hand, st.Step)
	}
	// A second device takes the seat over; the first is closed.
	_, tok3 := e.dailySeat(c, name, secret)
	if code := cl.closeCode(); code != statusReplaced {
		t.Fatalf("the first device: close %d, want %d", code, statusReplaced)
	}
	cl = e.dial(id, "token="+tok3, nil)
	// Nobody else takes the seat with a daily claim.
	bob, bobSecret := e.dailyPlayer("Bob")
	if code := e.doAs("POST", "/api/tables/"+id+"/claim", map[string]any{"daily": true}, &out, bob, bobSecret); code != http.StatusForbidden || out["code"] != "daily_table" {
		t.Fatalf("Bob's daily claim of Ann's table: %d %v", code, out)
	}
	final := e.playDaily(cl, id, atRandom(t, rng), nil)
	if final.Table.State != store.StatusOver || len(final.Table.Sheet) != daily.Deals {
		t.Fatalf("final table: %s with %d deals", final.Table.State, len(final.Table.Sheet))
	}
	if m := cl.answer(cl.send(map[string]any{"type": "next"})); m.Code != "sitting_over" {
		t.Fatalf("next after the last deal: %s", m.raw)
	}
	if code := e.doAs("POST", "/api/daily/droggn-3/"+c.Date+"/play", map[string]any{}, &out, name, secret); code != http.StatusConflict || out["code"] != "daily_done" {
		t.Fatalf("a second attempt: %d %v", code, out)
	}
	// Loaded again after a restart, the table owes nothing twice.
	e.restart()
	if _, err := e.srv.table(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	rs := results()
	if len(rs) != daily.Deals {
		t.Fatalf("%d results, want %d", len(rs), daily.Deals)
	}
	refs := e.waitReferences(c)
	rows := e.board(c, "")
	if len(rows) != 1 || !rows[0].Complete {
		t.Fatalf("leaderboard %+v", rows)
	}
	total := 0
	for n := 1; n <= daily.Deals; n++ {
		score, _ := e.replayedScore(id, n-1, c.Seat())
		ref := daily.Score(referenceGame(t, c, n).Result(), c.Seat())
		if refs[n] != ref {
			t.Fatalf("deal %d: stored reference %d, the reference game gives %d", n, refs[n], ref)
		}
		dl := rows[0].Deals[n-1]
		if rs[n-1].Score != score || dl.Score != score || *dl.Bot != ref || *dl.Duplicate != score-ref {
			t.Fatalf("deal %d: stored %d, row %+v; the replay gives %d, the reference %d", n, rs[n-1].Score, dl, score, ref)
		}
		total += score - ref
	}
	if rows[0].Total != total {
		t.Fatalf("total %d, want %d", rows[0].Total, total)
	}
}

// tryDialCode connects with query and returns the close code the server
// answers with at once (0 when it sends a state instead).
func (e *testEnv) tryDialCode(id, query string) (int, error) {
	c, err := e.tryDial(e.t, id, query, nil)
	if err != nil {
		return 0, err
	}
	select {
	case m := <-c.in:
		if m.state != nil {
			return 0, nil
		}
	case <-c.closed:
	}
	return int(c.closeCode()), nil
}

// TestDailyNoLeak: every message of a challenge's table tells its person
// only what the person may know at that hand and step, and nothing of a
// deal before it is dealt: two tables whose later deals differ send the
// same views, models and legal actions until the deal that differs.
func TestDailyNoLeak(t *testing.T) {
	e := newEnv(t, Config{})
	for _, id := range []string{"droggn-3", "troggu-3", "strohmandeln-2"} {
		t.Run(id, func(t *testing.T) {
			c, err := daily.Find(id, daily.Today(time.Now()))
			if err != nil {
				t.Fatal(err)
			}
			const changed = 3 // deals from this index on differ between the two tables
			var streams [2][]received
			var finals [2]*tState
			var ids [2]string
			for k := range 2 {
				name, _ := e.dailyPlayer(fmt.Sprintf("Leak %s %d", id, k))
				cd, tok, err := dailyCreate(c, name)
				if err != nil {
					t.Fatal(err)
				}
				ids[k] = newID()
				if err := e.srv.store.(store.Daily).StartAttempt(context.Background(), store.Attempt{Player: name, Challenge: c.ID, Day: c.Date, TableID: ids[k], Started: time.Now()}); err != nil {
					t.Fatal(err)
				}
				if k == 1 {
					for i := changed; i < len(cd.Daily.Deals); i++ {
						cd.Daily.Deals[i].Seed += "/other"
					}
				}
				ids[k], err = e.srv.createTableID(context.Background(), ids[k], cd, "127.0.0.1")
				if err != nil {
					t.Fatal(err)
				}
				var mu sync.Mutex
				cl := e.dialT(t, ids[k], "token="+tok, func(b []byte) {
					mu.Lock()
					streams[k] = append(streams[k], received{c.Seat(), append([]byte(nil), b...)})
					mu.Unlock()
				})
				// The same decisions at both tables: the random bot from
				// the same generator.
				finals[k] = e.playDaily(cl, ids[k], atRandom(t, rand.New(rand.NewPCG(7, 7))), nil)
				mu.Lock()
				bots := make([]string, c.Players)
				for i := range bots {
					if i != c.Seat() {
						bots[i] = daily.DefaultBot
					}
				}
				verifyNoLeak(t, e, ids[k], finals[k], streams[k], bots)
				mu.Unlock()
			}
			before := func(rs []received) []string {
				var out []string
				for _, m := range rs {
					var s struct {
						Type  string            `json:"type"`
						Hand  int               `json:"hand"`
						Step  int               `json:"step"`
						View  json.RawMessage   `json:"view"`
						Model json.RawMessage   `json:"model"`
						Legal []json.RawMessage `json:"legal"`
					}
					json.Unmarshal(m.raw, &s)
					if s.Type == "state" && s.Hand < changed {
						b, _ := json.Marshal([]any{s.Hand, s.Step, s.View, s.Model, s.Legal})
						out = append(out, string(b))
					}
				}
				return out
			}
			a, b := before(streams[0]), before(streams[1])
			if len(a) == 0 || !slices.Equal(a, b) {
				t.Fatalf("the deals before deal %d were shown differently when later deals differ (%d and %d states)", changed+1, len(a), len(b))
			}
		})
	}
}

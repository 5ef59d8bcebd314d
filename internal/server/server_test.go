package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trull/internal/game"
	"trull/internal/store"
)

// TestGames lists every registered game with its options and bots.
func TestGames(t *testing.T) {
	e := newEnv(t, Config{})
	var games []gameJSON
	if code := e.do("GET", "/api/games", nil, &games); code != 200 {
		t.Fatalf("status %d", code)
	}
	if len(games) != len(game.Games()) || len(games) < 3 {
		t.Fatalf("%d games listed, %d registered", len(games), len(game.Games()))
	}
	for _, g := range games {
		info, _ := game.Lookup(g.Name)
		if len(g.Options) != len(info.Options) || len(g.Bots) == 0 || g.MinSeats != info.MinSeats {
			t.Errorf("%s: %d options (want %d), bots %v", g.Name, len(g.Options), len(info.Options), g.Bots)
		}
		for _, o := range g.Options {
			if o.Help == "" || o.Default == nil && !o.Nullable {
				t.Errorf("%s option %s lacks help or default: %+v", g.Name, o.Name, o)
			}
		}
	}
}

// TestCreateRefusals: bad tables are refused with a clear message.
func TestCreateRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	cases := []struct {
		name string
		body string
		want string // in the error
	}{
		{"unknown game", `{"game":"skat","name":"A"}`, `unknown game "skat"`},
		{"too many players", `{"game":"droggn","players":7,"name":"A"}`, "3 to 4 players"},
		{"bots for the wrong seats", `{"game":"droggn","players":3,"bots":["",""],"name":"A"}`, "2 seats for 3 players"},
		{"unknown bot", `{"game":"droggn","bots":["","genius",""],"name":"A"}`, `unknown bot "genius"`},
		{"only bots", `{"game":"droggn","bots":["rules","rules","rules"],"name":"A"}`, "at least one seat is for a person"},
		{"bad option", `{"game":"droggn","options":{"winRule":"99"},"name":"A"}`, "winRule"},
		{"unknown option", `{"game":"droggn","options":{"colour":"red"},"name":"A"}`, "colour"},
		{"no name", `{"game":"droggn","name":"  "}`, "give a name"},
		{"long name", `{"game":"droggn","name":"` + strings.Repeat("x", 41) + `"}`, "longer than 40"},
		{"unknown field", `{"game":"droggn","name":"A","colour":1}`, "unknown field"},
		{"not JSON", `{"game":`, "not the expected JSON"},
		{"negative hands", `{"game":"droggn","name":"A","hands":-1}`, "hands must be"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := http.Post(e.ts.URL+"/api/tables", "application/json", strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var out map[string]string
			json.NewDecoder(resp.Body).Decode(&out)
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(out["error"], c.want) {
				t.Fatalf("status %d, error %q; want 400 mentioning %q", resp.StatusCode, out["error"], c.want)
			}
		})
	}
}

// TestPlayEveryGame plays a complete sitting of one hand of each game and
// seat count with bots, checks the score sheet, the stored hand record, its
// replay and that a spectator saw the same table.
func TestPlayEveryGame(t *testing.T) {
	e := newEnv(t, Config{})
	type variant struct {
		game    string
		players int
	}
	var vs []variant
	for _, g := range game.Games() {
		for n := g.MinSeats; n <= g.MaxSeats; n++ {
			if testing.Short() && n > g.MinSeats+1 {
				break
			}
			vs = append(vs, variant{g.Name, n})
		}
	}
	for i, v := range vs {
		t.Run(fmt.Sprintf("%s-%d", v.game, v.players), func(t *testing.T) {
			bots := make([]string, v.players)
			for s := 1; s < v.players; s++ {
				bots[s] = []string{"rules", "random"}[s%2]
			}
			tb := e.create(map[string]any{"game": v.game, "players": v.players, "bots": bots, "name": "Ann", "hands": 1})
			if len(tb.Invites) != 0 || tb.Seat != 0 {
				t.Fatalf("create: %+v", tb)
			}
			spec := e.dialT(t, tb.ID, "spectate=1", nil)
			c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			st := c.playUntil(rng, func(s *tState) bool { return s.Table.State == store.StatusOver })
			if st.Table.Played != 1 || len(st.Table.Sheet) == 0 {
				t.Fatalf("sitting over after %d played hands, sheet %v", st.Table.Played, st.Table.Sheet)
			}
			last := st.Table.Sheet[len(st.Table.Sheet)-1]
			sum := 0
			for _, x := range st.Table.Totals {
				sum += x
			}
			if sum != 0 || !reflect.DeepEqual(last.Totals, st.Table.Totals) {
				t.Fatalf("totals %v (sum %d), last row %+v", st.Table.Totals, sum, last)
			}
			// The record of the last hand replays to the sheet's scores.
			resp, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/%d", e.ts.URL, tb.ID, last.Deal))
			if err != nil {
				t.Fatal(err)
			}
			rec, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("hand record: %d %s", resp.StatusCode, rec)
			}
			var rp struct {
				Complete bool              `json:"complete"`
				Score    []int             `json:"score"`
				Players  []string          `json:"players"`
				Steps    []json.RawMessage `json:"steps"`
			}
			if code := e.do("POST", "/api/replay", json.RawMessage(rec), &rp); code != 200 {
				t.Fatalf("replay: status %d", code)
			}
			if !rp.Complete || !reflect.DeepEqual(rp.Score, last.Score) || rp.Players[0] != "Ann" {
				t.Fatalf("replay: complete %v score %v players %v; sheet score %v", rp.Complete, rp.Score, rp.Players, last.Score)
			}
			var recObj game.Record
			json.Unmarshal(rec, &recObj)
			if len(rp.Steps) != len(recObj.Actions)+1 {
				t.Fatalf("replay has %d steps for %d actions", len(rp.Steps), len(recObj.Actions))
			}
			// The spectator reaches the same final table, without a hand.
			ss := spec.waitFor("the spectator's final state", func(m tMsg) bool { return m.state != nil && m.state.Seq == st.Seq }).state
			if ss.You != -1 || len(ss.Legal) != 0 || !reflect.DeepEqual(ss.Table.Totals, st.Table.Totals) {
				t.Fatalf("spectator state: you %d, legal %v, totals %v", ss.You, ss.Legal, ss.Table.Totals)
			}
			if code := e.do("GET", fmt.Sprintf("/api/tables/%s/hands/%d", tb.ID, last.Deal+1), nil, nil); code != 404 {
				t.Fatalf("a hand never dealt: status %d, want 404", code)
			}
		})
	}
}

// TestInvitesAndTokens: invites are single-use, a token plays only its own
// seat and only at its own table.
func TestInvitesAndTokens(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann", "public": false})
	other := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Cid"})
	if len(tb.Invites) != 1 || tb.Invites[0].Seat != 1 {
		t.Fatalf("invites %+v", tb.Invites)
	}
	var lobby []lobbyInfo
	e.do("GET", "/api/tables", nil, &lobby)
	for _, l := range lobby {
		if l.ID == tb.ID {
			t.Fatal("a private table is listed in the lobby")
		}
	}
	bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	if bob.Seat != 1 || bob.SeatToken == "" || bob.SeatToken == tb.SeatToken {
		t.Fatalf("claim: %+v", bob)
	}
	inv := tb.Invites[0].URL[strings.Index(tb.Invites[0].URL, "invite=")+7:]
	var errOut map[string]string
	cases := []struct {
		name string
		id   string
		body map[string]any
		code int
	}{
		{"used invite", tb.ID, map[string]any{"invite": inv, "name": "Eve"}, http.StatusConflict},
		{"invite of another table", other.ID, map[string]any{"invite": inv, "name": "Eve"}, http.StatusConflict},
		{"seat of a private table", tb.ID, map[string]any{"seat": 1, "name": "Eve"}, http.StatusForbidden},
		{"bot seat of a public table", other.ID, map[string]any{"seat": 1, "name": "Eve"}, http.StatusConflict},
		{"no such table", "0000000000000000", map[string]any{"invite": inv, "name": "Eve"}, http.StatusNotFound},
		{"no invite or seat", tb.ID, map[string]any{"name": "Eve"}, http.StatusBadRequest},
	}
	for _, c := range cases {
		if code := e.do("POST", "/api/tables/"+c.id+"/claim", c.body, &errOut); code != c.code || errOut["error"] == "" {
			t.Errorf("%s: status %d %q, want %d", c.name, code, errOut["error"], c.code)
		}
	}

	// Another table's token, a made-up token: refused with final codes.
	for _, q := range []struct {
		query string
		code  websocket.StatusCode
	}{
		{"token=" + other.SeatToken, statusBadToken},
		{"token=not-a-token", statusBadToken},
		// No token and no join message: TestJoinMessage.
	} {
		c := e.dial(tb.ID, q.query, nil)
		if got := c.closeCode(); got != q.code {
			t.Errorf("%q: close code %d, want %d", q.query, got, q.code)
		}
	}
	if c := e.dial("ffffffffffffffff", "spectate=1", nil); c.closeCode() != statusNoTable {
		t.Error("a missing table is not refused with 4004")
	}

	// Bob cannot act for Ann, and neither acts out of turn.
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	as, bs := ann.state(), bc.state()
	if as.You != 0 || bs.You != 1 {
		t.Fatalf("seats %d and %d", as.You, bs.You)
	}
	var annView, bobView struct {
		Hand []string `json:"hand"`
	}
	json.Unmarshal(as.View, &annView)
	json.Unmarshal(bs.View, &bobView)
	for _, c := range annView.Hand {
		if strings.Contains(string(bs.raw()), `"`+c+`"`) {
			t.Fatalf("Bob's state names Ann's card %s", c)
		}
	}
	toAct, actor := -1, (*client)(nil)
	var legal []json.RawMessage
	for _, p := range []struct {
		c *client
		s *tState
	}{{ann, as}, {bc, bs}} {
		if len(p.s.Legal) > 0 {
			toAct, actor, legal = p.s.You, p.c, p.s.Legal
		}
	}
	if actor == nil {
		t.Skip("the bot is to act first in this deal")
	}
	idle := bc
	if actor == bc {
		idle = ann
	}
	a := pickAction(rand.New(rand.NewPCG(1, 2)), legal)
	a["seat"] = toAct
	m := idle.answer(idle.send(map[string]any{"type": "act", "action": a}))
	if m.Type != "error" || !strings.Contains(m.Error, fmt.Sprintf("names seat %d", toAct)) {
		t.Fatalf("acting for the other seat: %s", m.raw)
	}
	delete(a, "seat")
	m = idle.answer(idle.send(map[string]any{"type": "act", "action": a}))
	if m.Type != "error" || !strings.Contains(m.Error, "out of turn") {
		t.Fatalf("acting out of turn: %s", m.raw)
	}
}

func (s *tState) raw() []byte { b, _ := json.Marshal(s); return b }

// TestBadMessages: every malformed message gets a clear error and changes
// nothing; oversized messages close the connection.
func TestBadMessages(t *testing.T) {
	e := newEnv(t, Config{MsgRate: 20})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	before := c.state()
	cases := []struct {
		name string
		msg  string
		want string
		code string // the code a client words for people
	}{
		{"not JSON", `hello`, "not a JSON object", "bad_message"},
		{"array", `[1,2]`, "not a JSON object", "bad_message"},
		{"no type", `{"seq":1}`, `no "type"`, "bad_message"},
		{"unknown type", `{"type":"shuffle","seq":2}`, `unknown message type "shuffle"`, "bad_message"},
		{"unknown field", `{"type":"act","seq":3,"cards":[]}`, "unknown field", "bad_message"},
		{"act without action", `{"type":"act","seq":4}`, `no "action"`, "bad_message"},
		{"action not an object", `{"type":"act","seq":5,"action":"T21"}`, "not a record action", "bad_message"},
		{"unknown act", `{"type":"act","seq":6,"action":{"act":"steal"}}`, `unknown act "steal"`, "malformed"},
		{"card not held", `{"type":"act","seq":7,"action":{"act":"play","card":"ZZ"}}`, "act:", "malformed"},
		{"empty chat", `{"type":"chat","seq":8,"text":"  "}`, "empty", "chat_empty"},
		{"long chat", `{"type":"chat","seq":9,"text":"` + strings.Repeat("a", 501) + `"}`, "at most 500", "chat_long"},
		{"takeover by a non-host", `{"type":"takeover","seq":10,"seat":1,"host_token":"wrong"}`, "takeover", "taken"},
		{"next during a hand", `{"type":"next","seq":11}`, "still being played", "hand_going"},
	}
	for _, cs := range cases {
		t.Run(cs.name, func(t *testing.T) {
			ctx, cancel := contextTimeout()
			defer cancel()
			c.ws.Write(ctx, websocket.MessageText, []byte(cs.msg))
			m := c.waitFor("an error", func(m tMsg) bool { return m.Type == "error" })
			if !strings.Contains(m.Error, cs.want) {
				t.Fatalf("error %q, want it to mention %q", m.Error, cs.want)
			}
			if m.Code != cs.code {
				t.Errorf("error %q has code %q, want %q", m.Error, m.Code, cs.code)
			}
		})
	}
	ctx, cancel := contextTimeout()
	defer cancel()
	c.ws.Write(ctx, websocket.MessageBinary, []byte{1, 2, 3})
	if m := c.waitFor("an error", func(m tMsg) bool { return m.Type == "error" }); !strings.Contains(m.Error, "binary") {
		t.Fatalf("binary message: %q", m.Error)
	}
	// Nothing changed: a new connection sees the same table.
	c2 := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	if after := c2.state(); after.Seq != before.Seq || !bytes.Equal(after.View, before.View) {
		t.Fatalf("bad messages changed the table: seq %d → %d", before.Seq, after.Seq)
	}
	if code := c.closeCode(); code != statusReplaced {
		t.Fatalf("the replaced connection closed with %d, want %d", code, statusReplaced)
	}
	// Too fast: the surplus is dropped with an error.
	errs := 0
	for i := 0; i < 40; i++ {
		c2.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"hint"}`))
	}
	deadline := time.After(5 * time.Second)
loop:
	for {
		select {
		case m := <-c2.in:
			if m.Type == "error" && strings.Contains(m.Error, "too many messages") {
				errs++
				if errs >= 10 {
					break loop
				}
			}
		case <-deadline:
			break loop
		}
	}
	if errs < 10 {
		t.Fatalf("%d rate-limit errors for 40 messages at once, want at least 10", errs)
	}
	// Too big: the connection is closed with 1009.
	c2.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","text":"`+strings.Repeat("x", maxMessage)+`"}`))
	if code := c2.closeCode(); code != websocket.StatusMessageTooBig {
		t.Fatalf("an oversized message closed with %d, want 1009", code)
	}
}

// TestOrigin: browsers from another site can neither open a table nor post.
func TestOrigin(t *testing.T) {
	e := newEnv(t, Config{Origins: []string{"*.friends.example"}})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	cases := []struct {
		origin string
		ok     bool
	}{
		{"", true},
		{e.ts.URL, true},
		{"https://play.friends.example", true},
		{"https://evil.example", false},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("POST", e.ts.URL+"/api/tables", strings.NewReader(`{"game":"droggn","name":"X"}`))
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if (resp.StatusCode == http.StatusCreated) != c.ok {
			t.Errorf("POST with Origin %q: status %d", c.origin, resp.StatusCode)
		}
		ctx, cancel := contextTimeout()
		h := http.Header{}
		if c.origin != "" {
			h.Set("Origin", c.origin)
		}
		ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.ts.URL, "http")+"/ws/"+tb.ID+"?spectate=1", &websocket.DialOptions{HTTPHeader: h})
		cancel()
		if (err == nil) != c.ok {
			t.Errorf("WebSocket with Origin %q: err %v", c.origin, err)
		}
		if err != nil && resp != nil && resp.StatusCode != http.StatusForbidden {
			t.Errorf("WebSocket with Origin %q: status %d, want 403", c.origin, resp.StatusCode)
		}
		if ws != nil {
			ws.CloseNow()
		}
	}
}

// TestReconnectAndRestore: a reconnecting player gets the full view; a
// restarted server has every table back exactly and play goes on.
func TestReconnectAndRestore(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "troggu", "players": 4, "bots": []string{"", "", "rules", "random"}, "name": "Ann"})
	bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	// Ann and Bob play a few actions each.
	for acted := 0; acted < 8; {
		moved := false
		for _, c := range []*client{ann, bc} {
			st := c.latest()
			if len(st.Legal) > 0 && !st.Done {
				if m := c.answer(c.send(map[string]any{"type": "act", "action": pickAction(rng, st.Legal)})); m.state != nil {
					acted++
				}
				moved = true
			}
		}
		if !moved {
			awaitAny(t, ann, bc)
		}
	}
	ann.ws.Close(websocket.StatusNormalClosure, "")
	bs := bc.waitFor("Ann away", func(m tMsg) bool { return m.state != nil && !isOn(m.state.Table.Seats[0].Connected) }).state
	ann = e.dial(tb.ID, "token="+tb.SeatToken, nil)
	as := ann.state()
	if as.Seq != bs.Seq || !isOn(as.Table.Seats[0].Connected) {
		t.Fatalf("reconnected at seq %d (Bob has %d), connected %v", as.Seq, bs.Seq, isOn(as.Table.Seats[0].Connected))
	}
	views := map[int][]byte{0: as.View, 1: bc.waitFor("Ann back", func(m tMsg) bool { return m.state != nil && isOn(m.state.Table.Seats[0].Connected) }).state.View}
	spec := e.dial(tb.ID, "spectate=1", nil).state()

	e.restart()
	ann = e.dial(tb.ID, "token="+tb.SeatToken, nil)
	bc = e.dial(tb.ID, "token="+bob.SeatToken, nil)
	as2, bs2 := ann.state(), bc.state()
	spec2 := e.dial(tb.ID, "spectate=1", nil).state()
	if as2.Seq != as.Seq || as2.Hand != as.Hand || as2.Step != as.Step {
		t.Fatalf("after restart: seq %d hand %d step %d, before %d %d %d", as2.Seq, as2.Hand, as2.Step, as.Seq, as.Hand, as.Step)
	}
	for seat, v := range map[int][]byte{0: as2.View, 1: bs2.View, -1: spec2.View} {
		want := views[seat]
		if seat == -1 {
			want = spec.View
		}
		if !bytes.Equal(v, want) {
			t.Errorf("seat %d sees a different hand after the restart:\n%s\n%s", seat, v, want)
		}
	}
	// Play goes on to the end of the hand.
	done := make(chan struct{})
	go func() {
		defer close(done)
		bc.playUntil(rand.New(rand.NewPCG(5, 6)), func(s *tState) bool { return s.Done })
	}()
	ann.playUntil(rng, func(s *tState) bool { return s.Done })
	<-done
}

// TestChatAndHint: chat reaches everyone (and newcomers); hints are the
// search bot's ranked candidates with values, and legal.
func TestChatAndHint(t *testing.T) {
	e := newEnv(t, Config{HintBot: "ismcts@200"})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	spec := e.dial(tb.ID, "spectate=1", nil)
	st := ann.state()
	spec.state()
	ann.send(map[string]any{"type": "chat", "text": "Servus!"})
	for _, c := range []*client{ann, spec} {
		m := c.waitFor("the chat", func(m tMsg) bool { return m.Type == "chat" })
		if m.Text != "Servus!" {
			t.Fatalf("chat %s", m.raw)
		}
	}
	m := spec.answer(spec.send(map[string]any{"type": "chat", "text": "hi"}))
	if m.Type != "error" || !strings.Contains(m.Error, "spectators") {
		t.Fatalf("spectator chat: %s", m.raw)
	}
	late := e.dial(tb.ID, "spectate=1", nil)
	late.state()
	if m := late.waitFor("the chat history", func(m tMsg) bool { return m.Type == "chat" }); m.Text != "Servus!" {
		t.Fatalf("history %s", m.raw)
	}
	for len(st.Legal) == 0 {
		st = ann.state()
	}
	h := ann.answer(ann.send(map[string]any{"type": "hint"}))
	if h.Type != "hint" || len(h.Hints) == 0 || len(h.Hints) > 3 {
		t.Fatalf("hint: %s", h.raw)
	}
	for i, x := range h.Hints {
		if x.Bot != "ismcts@200" || (len(st.Legal) > 1 && x.Value == nil) {
			t.Fatalf("hint %d without a value or from the wrong bot: %s", i, h.raw)
		}
		if len(h.Hints) > 1 && (x.Why == nil || x.Why.Worlds == 0 || x.Why.Text == "" || x.Why.TextDE == "") {
			t.Fatalf("hint %d without its why in both languages: %s", i, h.raw)
		}
	}
	b, _ := json.Marshal(h.Hints[0].Action)
	var ha map[string]any
	json.Unmarshal(b, &ha)
	delete(ha, "seat")
	if m := ann.answer(ann.send(map[string]any{"type": "act", "action": ha})); m.state == nil {
		t.Fatalf("the hint %s is refused: %s", b, m.Error)
	}
	if m := spec.answer(spec.send(map[string]any{"type": "hint"})); m.Type != "error" {
		t.Fatalf("a spectator got a hint: %s", m.raw)
	}
}

// TestStaticAndAdmin: the app is served with a fallback for its routes;
// the admin handler has metrics and pprof.
func TestStaticAndAdmin(t *testing.T) {
	e := newEnv(t, Config{})
	cases := []struct {
		path string
		code int
		want string
	}{
		{"/", 200, "placeholder"},
		{"/t/abc?invite=x", 200, "placeholder"},
		{"/assets/app-1a2b.js", 200, "console.log"},
		{"/assets/missing.js", 404, ""},
		{"/api/nothing", 404, "no such API"},
		{"/metrics", 404, "admin address"},
		{"/debug/pprof/", 404, "admin address"},
		{"/healthz", 200, "ok"},
	}
	for _, c := range cases {
		resp, err := http.Get(e.ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.code || !strings.Contains(string(b), c.want) {
			t.Errorf("%s: %d %q", c.path, resp.StatusCode, b)
		}
	}
	e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	rec := httptestGet(e.srv.AdminHandler(), "/metrics")
	if !strings.Contains(rec, "trull_tables_loaded 1") || !strings.Contains(rec, "go_goroutines") {
		t.Fatalf("metrics:\n%.2000s", rec)
	}
	if p := httptestGet(e.srv.AdminHandler(), "/debug/pprof/"); !strings.Contains(p, "goroutine") {
		t.Fatalf("pprof index: %.300s", p)
	}
}

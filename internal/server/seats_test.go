package server

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// isOn reads a seat's connected flag.
func isOn(b *bool) bool { return b != nil && *b }

// TestAutoBot: a person who leaves mid-hand is replaced by a bot after the
// grace period, the hand goes on without anybody asking, and the person
// who comes back has the seat again at once. The state message says
// "connected": false for the absent seat (not leaving the field out).
func TestAutoBot(t *testing.T) {
	inBubble(t, Config{Grace: 200 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "strohmandeln", "players": 2, "bots": []string{"", ""}, "name": "Ann"})
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		if st := ann.state(); !st.Table.AutoBot {
			t.Fatalf("auto_bot is off by default")
		}
		bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
		bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
		bc.state()
		// Both play a few steps; then Bob closes his tab.
		rng := rand.New(rand.NewPCG(3, 4))
		done := make(chan struct{})
		go func() {
			defer close(done)
			bc.playUntil(rand.New(rand.NewPCG(5, 6)), func(s *tState) bool { return s.Step >= 4 })
		}()
		st := ann.playUntil(rng, func(s *tState) bool { return s.Step >= 4 })
		<-done
		bc.ws.Close(websocket.StatusNormalClosure, "")
		away := ann.waitFor("Bob away", func(m tMsg) bool { return m.state != nil && !isOn(m.state.Table.Seats[1].Connected) })
		if !bytes.Contains(away.raw, []byte(`"connected":false`)) {
			t.Fatalf("the absent seat's state has no \"connected\": false: %s", away.raw)
		}
		if away.state.Table.Seats[1].Takeover != "" {
			t.Fatalf("a bot took the seat before the grace period: %+v", away.state.Table.Seats[1])
		}
		taken := ann.waitFor("the bot for Bob", func(m tMsg) bool { return m.state != nil && m.state.Table.Seats[1].Takeover != "" })
		if s := taken.state.Table.Seats[1]; s.Takeover != autoBotName || s.Name != "Bob" {
			t.Fatalf("the taken seat is %+v, want Bob's name with the %s bot", s, autoBotName)
		}
		// Ann alone plays the hand to its end: the bot answers for Bob.
		st = ann.playUntil(rng, func(s *tState) bool { return s.Done && s.Hand == st.Hand })
		if !st.Done {
			t.Fatal("the hand did not end")
		}
		// Bob comes back: the seat is his at once.
		bc = e.dial(tb.ID, "token="+bob.SeatToken, nil)
		if s := bc.state().Table.Seats[1]; s.Takeover != "" || !isOn(s.Connected) {
			t.Fatalf("after Bob's return: %+v", s)
		}
	})
}

// TestAutoBotOption: a table created without the bot for absent people
// keeps that choice over a restart, and nobody takes an absent seat.
func TestAutoBotOption(t *testing.T) {
	inBubble(t, Config{Grace: 50 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		tests := []struct {
			name string
			req  map[string]any
			want bool
		}{
			{"default", map[string]any{}, true},
			{"on", map[string]any{"auto_bot": true}, true},
			{"off", map[string]any{"auto_bot": false}, false},
		}
		ids := map[string]createResp{}
		for _, tc := range tests {
			req := map[string]any{"game": "strohmandeln", "players": 2, "bots": []string{"", ""}, "name": "Ann"}
			for k, v := range tc.req {
				req[k] = v
			}
			ids[tc.name] = e.create(req)
		}
		e.restart()
		for _, tc := range tests {
			tb := ids[tc.name]
			bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
			bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
			if got := bc.state().Table.AutoBot; got != tc.want {
				t.Errorf("%s: auto_bot %v after a restart, want %v", tc.name, got, tc.want)
			}
			bc.ws.Close(websocket.StatusNormalClosure, "")
		}
		ann := e.dial(ids["off"].ID, "token="+ids["off"].SeatToken, nil)
		ann.state()
		st := ann.latest()
		if isOn(st.Table.Seats[1].Connected) {
			st = ann.waitFor("Bob away", func(m tMsg) bool { return m.state != nil && !isOn(m.state.Table.Seats[1].Connected) }).state
		}
		if s := st.Table.Seats[1]; s.Takeover != "" {
			t.Errorf("off: Bob's seat is %+v, want away without a bot", s)
		}
		// Bob is away: even an hour after his grace period no seat is due for
		// a bot, as the table itself reckons it.
		var due []int
		e.inTable(ids["off"].ID, func(x *table) { due, _ = x.awayDue(time.Now().Add(time.Hour)) })
		if len(due) > 0 {
			t.Errorf("off: the seats %v are due for a bot", due)
		}
	})
}

// TestRefusalCode: a card the rules do not allow is refused with the
// engine's code and parameters, which a client words in its language.
func TestRefusalCode(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "troggu", "players": 3, "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	rng := rand.New(rand.NewPCG(9, 10))
	for try := 0; try < 200; try++ {
		st := ann.playUntil(rng, func(s *tState) bool { return refusable(s) != "" || s.Done })
		if st.Done {
			ann.send(map[string]any{"type": "next"})
			ann.state()
			continue
		}
		c := refusable(st)
		m := ann.answer(ann.send(map[string]any{"type": "act", "action": map[string]any{"act": "play", "card": c}}))
		if m.Type != "error" {
			t.Fatalf("%s was played: %s", c, m.raw)
		}
		switch m.Code {
		case "must_follow", "must_trump", "must_beat", "keep_card":
		default:
			t.Fatalf("refusal of %s has code %q: %s", c, m.Code, m.raw)
		}
		if m.Code != "keep_card" && m.Code != "must_beat" && m.Params["suit"] == "" {
			t.Fatalf("refusal of %s names no suit: %s", c, m.raw)
		}
		return
	}
	t.Fatal("no hand offered a card to refuse")
}

// refusable returns a card of the seat's hand it may not play now, or "".
func refusable(s *tState) string {
	var v struct {
		Hand []string `json:"hand"`
	}
	if json.Unmarshal(s.View, &v) != nil {
		return ""
	}
	legal := map[string]bool{}
	for _, raw := range s.Legal {
		var a struct {
			Act  string `json:"act"`
			Card string `json:"card"`
		}
		json.Unmarshal(raw, &a)
		if a.Act != "play" {
			return ""
		}
		legal[a.Card] = true
	}
	if len(legal) == 0 {
		return ""
	}
	for _, c := range v.Hand {
		if !legal[c] {
			return c
		}
	}
	return ""
}

// TestInviteState: the invite page learns whether its invite still takes a
// seat before it asks for a name; a second claim is refused with a code.
func TestInviteState(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
	u, err := url.Parse(tb.Invites[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	inv := u.Query().Get("invite")
	state := func(invite string) string {
		var out struct {
			Invite string `json:"invite"`
			ID     string `json:"id"`
		}
		if code := e.do("GET", "/api/tables/"+tb.ID+"?invite="+url.QueryEscape(invite), nil, &out); code != http.StatusOK || out.ID != tb.ID {
			t.Fatalf("GET with an invite: status %d, %+v", code, out)
		}
		return out.Invite
	}
	if s := state(inv); s != "open" {
		t.Fatalf("a fresh invite is %q, want open", s)
	}
	if s := state("not-an-invite"); s != "used" {
		t.Fatalf("an unknown invite is %q, want used", s)
	}
	e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	if s := state(inv); s != "used" {
		t.Fatalf("a used invite is %q, want used", s)
	}
	var out struct {
		Code string `json:"code"`
	}
	if code := e.do("POST", "/api/tables/"+tb.ID+"/claim", map[string]any{"invite": inv, "name": "Cy"}, &out); code != http.StatusConflict || out.Code != "invite_used" {
		t.Fatalf("a second claim: status %d, code %q", code, out.Code)
	}
}

// TestTakeover: the host may let a bot play a person's seat, present or
// away; the person gets it back with "back" or by connecting again.
func TestTakeover(t *testing.T) {
	e := newEnv(t, Config{Grace: 300 * time.Millisecond})
	// The host decides here: no bot takes the seat by itself.
	tb := e.create(map[string]any{"game": "strohmandeln", "players": 2, "bots": []string{"", ""}, "name": "Ann", "hands": 1, "auto_bot": false})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	st := ann.state()
	if !st.Host || !st.Table.Seats[0].Host || st.Table.Seats[1].Taken {
		t.Fatalf("host %v, seats %+v", st.Host, st.Table.Seats)
	}
	bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	bc.state()
	m := bc.answer(bc.send(map[string]any{"type": "takeover", "seat": 0}))
	if m.Type != "error" || m.Code != "not_host" {
		t.Fatalf("takeover by a guest: %s", m.raw)
	}
	m = bc.answer(bc.send(map[string]any{"type": "back"}))
	if m.Type != "error" || m.Code != "not_taken" {
		t.Fatalf("back with no bot at the seat: %s", m.raw)
	}
	// Bob is here, but the host may still give his seat to a bot ...
	m = ann.answer(ann.send(map[string]any{"type": "takeover", "seat": 1}))
	if m.state == nil || m.state.Table.Seats[1].Takeover != "rules" || m.state.Table.Seats[1].Reason != reasonHost {
		t.Fatalf("takeover of a connected seat: %s", m.raw)
	}
	m = ann.answer(ann.send(map[string]any{"type": "takeover", "seat": 1}))
	if m.Type != "error" || m.Code != "taken" {
		t.Fatalf("a second takeover: %s", m.raw)
	}
	// ... and Bob takes it back.
	m = bc.answer(bc.send(map[string]any{"type": "back"}))
	if m.state == nil || m.state.Table.Seats[1].Takeover != "" {
		t.Fatalf("back: %s", m.raw)
	}
	bc.ws.Close(websocket.StatusNormalClosure, "")
	ann.waitFor("Bob away", func(m tMsg) bool { return m.state != nil && !isOn(m.state.Table.Seats[1].Connected) })
	m = ann.answer(ann.send(map[string]any{"type": "takeover", "seat": 1, "bot": "rules"}))
	if m.state == nil || m.state.Table.Seats[1].Takeover != "rules" {
		t.Fatalf("takeover: %s", m.raw)
	}
	// Ann plays on; the bot plays Bob's seat.
	rng := rand.New(rand.NewPCG(7, 8))
	ann.playUntil(rng, func(s *tState) bool { return s.Step >= 4 || s.Done })
	// Bob comes back and has his seat again.
	bc = e.dial(tb.ID, "token="+bob.SeatToken, nil)
	bs := bc.state()
	if bs.Table.Seats[1].Takeover != "" || !isOn(bs.Table.Seats[1].Connected) {
		t.Fatalf("after Bob's return: %+v", bs.Table.Seats[1])
	}
}

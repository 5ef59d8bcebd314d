package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"trull/internal/game"
	"trull/internal/gametest"
	"trull/internal/store"
)

// TestEndRequest: a player asks to end the sitting; Strohmandeln ends
// after the hand in progress, a second request is refused, and an over
// table takes no more hands or claims.
func TestEndRequest(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	ann.state()
	if m := ann.answer(ann.send(map[string]any{"type": "end"})); m.state == nil || m.state.Table.State == store.StatusOver {
		t.Fatalf("end: %s", m.raw)
	}
	if m := ann.answer(ann.send(map[string]any{"type": "end"})); m.Type != "error" || !strings.Contains(m.Error, "already asked") {
		t.Fatalf("second end: %s", m.raw)
	}
	st := ann.playUntil(rand.New(rand.NewPCG(1, 1)), func(s *tState) bool { return s.Table.State == store.StatusOver })
	if st.Table.Played > 1 {
		t.Fatalf("the sitting ended after %d hands, want the one in progress (or none, if it was folded)", st.Table.Played)
	}
	if m := ann.answer(ann.send(map[string]any{"type": "next"})); m.Type != "error" || !strings.Contains(m.Error, "over") {
		t.Fatalf("next after the end: %s", m.raw)
	}
	var lobby []lobbyInfo
	e.do("GET", "/api/tables", nil, &lobby)
	for _, l := range lobby {
		if l.ID == tb.ID {
			t.Fatal("an ended table is still in the lobby")
		}
	}
}

// TestIdleUnload: a table nobody uses leaves memory and comes back from
// its log on the next connection.
func TestIdleUnload(t *testing.T) {
	inBubble(t, Config{IdleUnload: 100 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
		c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		before := c.state()
		c.ws.CloseNow()
		gametest.Eventually(t, 10*time.Second, "the idle table unloaded", func() bool { return e.loadedTables() == 0 })
		c = e.dial(tb.ID, "token="+tb.SeatToken, nil)
		if after := c.state(); after.Seq != before.Seq || string(after.View) != string(before.View) {
			t.Fatalf("reloaded at seq %d, was %d", after.Seq, before.Seq)
		}
	})
}

// TestBotDelay: with a pause before each bot action the bots act one by
// one on a timer, and the hand still plays to its end.
func TestBotDelay(t *testing.T) {
	inBubble(t, Config{BotDelay: 2 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "troggu", "players": 5, "bots": []string{"", "rules", "rules", "random", "rules"}, "name": "Ann", "hands": 1})
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		seen := map[int64]bool{}
		st := ann.playUntil(rand.New(rand.NewPCG(2, 2)), func(s *tState) bool {
			seen[s.Seq] = true
			return s.Table.State == store.StatusOver
		})
		if st.Table.Played != 1 || len(seen) < 20 {
			t.Fatalf("%d hands, %d distinct states", st.Table.Played, len(seen))
		}
	})
}

// TestStateMessageShape: the hand-assembled state message is exactly
// what json.Marshal makes of stateMsg.
func TestStateMessageShape(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	for _, q := range []string{"token=" + tb.SeatToken, "spectate=1"} {
		c := e.dial(tb.ID, q, nil)
		m := c.waitFor("a state", func(m tMsg) bool { return m.state != nil })
		var sm stateMsg
		if err := json.Unmarshal(m.raw, &sm); err != nil {
			t.Fatalf("%s: %v", m.raw, err)
		}
		if sm.Legal == nil {
			sm.Legal = []json.RawMessage{}
		}
		want, _ := json.Marshal(sm)
		if string(want) != string(m.raw) {
			t.Fatalf("assembled:\n%s\njson.Marshal:\n%s", m.raw, want)
		}
	}
}

// panicBot is a bot with a bug.
type panicBot struct{}

func (panicBot) Name() string { return "panic" }

func (panicBot) Act(game.View, *rand.Rand) (game.Action, error) { panic("index out of range") }

// TestPanics: a panicking bot is answered with a random legal action, and
// a panic in a table stops that table only; it comes back from its log.
func TestPanics(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	before := c.state()
	for len(before.Legal) == 0 {
		before = c.state()
	}
	tab, err := e.srv.table(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	fallback := make(chan []game.Action, 1)
	tab.send(context.Background(), runIn(func(tab *table) {
		st := tab.st.Clone()
		fallback <- tab.decide(st, st.ToAct(), panicBot{})
	}))
	if acts := <-fallback; len(acts) == 0 || int(acts[0].Seat) != before.You {
		t.Fatalf("fallback for a panicking bot: %v", acts)
	}
	tab.send(context.Background(), runIn(func(*table) { panic("a bug") }))
	if code := c.closeCode(); code != statusRestart {
		t.Fatalf("the table did not stop after a panic: close code %d", code)
	}
	c = e.dial(tb.ID, "token="+tb.SeatToken, nil)
	if after := c.state(); after.Seq != before.Seq {
		t.Fatalf("reloaded at seq %d, was %d", after.Seq, before.Seq)
	}
}

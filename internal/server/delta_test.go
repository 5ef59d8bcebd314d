package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestDeltaTable: a connection that joins with "delta": true is sent the
// table part only when it changed since its previous state message, and
// the turn clock's time left at the top level; the table it keeps is at
// every seq the one a connection without delta is sent.
func TestDeltaTable(t *testing.T) {
	e := newEnv(t, Config{PostRate: -1, BotDelay: time.Millisecond})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "turn_clock": 60, "hands": 1})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(join map[string]any) *websocket.Conn {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.ts.URL, "http")+"/ws/"+tb.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.CloseNow() })
		ws.SetReadLimit(4 << 20)
		b, _ := json.Marshal(join)
		if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
		return ws
	}
	type state struct {
		Type       string            `json:"type"`
		Seq        int64             `json:"seq"`
		Done       bool              `json:"done"`
		Table      json.RawMessage   `json:"table"`
		TurnLeftMs *int64            `json:"turn_left_ms"`
		Legal      []json.RawMessage `json:"legal"`
	}
	read := func(ws *websocket.Conn) state {
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				t.Fatalf("reading: %v", err)
			}
			var s state
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			if s.Type == "state" {
				return s
			}
		}
	}
	// The spectator's table, without the time left, by seq.
	watch := dial(map[string]any{"type": "join", "spectate": true, "view": false})
	seen := map[int64]json.RawMessage{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			_, data, err := watch.Read(ctx)
			if err != nil {
				return
			}
			var s state
			json.Unmarshal(data, &s)
			if s.Type != "state" {
				continue
			}
			var m map[string]json.RawMessage
			json.Unmarshal(s.Table, &m)
			delete(m, "turn_left_ms")
			b, _ := json.Marshal(m)
			seen[s.Seq] = b
			if s.Done {
				return
			}
		}
	}()
	ws := dial(map[string]any{"type": "join", "token": tb.SeatToken, "view": false, "delta": true})
	var kept json.RawMessage
	var mine []state
	rng := rand.New(rand.NewPCG(1, 2))
	omitted, clocks := 0, 0
	for {
		s := read(ws)
		if s.Table == nil {
			if kept == nil {
				t.Fatal("the first state message has no table")
			}
			omitted++
		} else {
			if bytes.Contains(s.Table, []byte("turn_left_ms")) {
				t.Errorf("seq %d: the table holds the time left: %s", s.Seq, s.Table)
			}
			kept = s.Table
		}
		var m map[string]json.RawMessage
		json.Unmarshal(kept, &m)
		b, _ := json.Marshal(m)
		s.Table = b
		mine = append(mine, s)
		if len(s.Legal) > 0 {
			if s.TurnLeftMs == nil || *s.TurnLeftMs <= 0 {
				t.Fatalf("seq %d: the person is to act and no time left is sent", s.Seq)
			}
			clocks++
			b, _ := json.Marshal(map[string]any{"type": "act", "action": pickAction(rng, s.Legal)})
			if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
				t.Fatal(err)
			}
		}
		if s.Done {
			break
		}
	}
	<-done
	if omitted == 0 || clocks == 0 {
		t.Fatalf("%d states without a table, %d with the clock", omitted, clocks)
	}
	compared := 0
	for _, s := range mine {
		if want, ok := seen[s.Seq]; ok {
			compared++
			if !bytes.Equal(s.Table, want) {
				t.Errorf("seq %d: the kept table is\n%s\nthe spectator's\n%s", s.Seq, s.Table, want)
			}
		}
	}
	if compared < len(mine)/2 {
		t.Fatalf("only %d of %d states compared", compared, len(mine))
	}
	t.Logf("%d state messages, %d without the table, %d compared with a spectator's", len(mine), omitted, compared)
}

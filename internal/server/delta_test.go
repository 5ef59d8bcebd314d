package server

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trull/internal/wire"
)

// joinWS opens a WebSocket to table id and sends join as its first
// message.
func joinWS(ctx context.Context, t *testing.T, e *testEnv, id string, join map[string]any) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.ts.URL, "http")+"/ws/"+id, nil)
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

// TestDeltaTable: a connection that joins with "delta": true is sent the
// table part only when it changed since its previous state message, and
// the turn clock's time left at the top level; the table it keeps is at
// every seq the one a connection without delta is sent.
func TestDeltaTable(t *testing.T) {
	e := newEnv(t, Config{PostRate: -1, BotDelay: time.Millisecond})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "turn_clock": 60, "hands": 1})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(join map[string]any) *websocket.Conn { return joinWS(ctx, t, e, tb.ID, join) }
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

// TestModelPatchConn: a connection that joins with "model_patch": true is
// sent the model as patches of its last one; patched, it is at every seq
// the model a connection without patches is sent (two spectators of a
// hand that a person and two bots play).
func TestModelPatchConn(t *testing.T) {
	// The bots wait a little, so that the spectators are sent most seqs
	// rather than only the newest state of a burst.
	e := newEnv(t, Config{PostRate: -1, BotDelay: 20 * time.Millisecond})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "hands": 1})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(join map[string]any) *websocket.Conn { return joinWS(ctx, t, e, tb.ID, join) }
	type state struct {
		Type       string            `json:"type"`
		Seq        int64             `json:"seq"`
		Done       bool              `json:"done"`
		Model      json.RawMessage   `json:"model"`
		ModelPatch json.RawMessage   `json:"model_patch"`
		Legal      []json.RawMessage `json:"legal"`
	}
	// watch reads a spectator's states until the hand is over: each seq's
	// model, as its fields.
	watch := func(ws *websocket.Conn, patches *int) <-chan map[int64]map[string]json.RawMessage {
		out := make(chan map[int64]map[string]json.RawMessage, 1)
		go func() {
			seen := map[int64]map[string]json.RawMessage{}
			var last map[string]json.RawMessage
			defer func() { out <- seen }()
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				var s state
				json.Unmarshal(data, &s)
				if s.Type != "state" {
					continue
				}
				switch {
				case s.ModelPatch != nil:
					if last == nil {
						t.Errorf("seq %d: a patch with no model before it", s.Seq)
						return
					}
					if s.Model != nil {
						t.Errorf("seq %d: a patch and a model", s.Seq)
					}
					m := maps.Clone(last)
					if err := wire.ApplyModelPatch(m, s.ModelPatch); err != nil {
						t.Errorf("seq %d: %v", s.Seq, err)
						return
					}
					last = m
					*patches++
				default:
					last = map[string]json.RawMessage{}
					if err := json.Unmarshal(s.Model, &last); err != nil {
						t.Errorf("seq %d: %v", s.Seq, err)
						return
					}
				}
				seen[s.Seq] = last
				if s.Done {
					return
				}
			}
		}()
		return out
	}
	var patches, none int
	patched := watch(dial(map[string]any{"type": "join", "spectate": true, "view": false, "delta": true, "model_patch": true}), &patches)
	whole := watch(dial(map[string]any{"type": "join", "spectate": true, "view": false}), &none)
	ws := dial(map[string]any{"type": "join", "token": tb.SeatToken, "view": false, "delta": true})
	rng := rand.New(rand.NewPCG(3, 4))
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("reading: %v", err)
		}
		var s state
		json.Unmarshal(data, &s)
		if s.Type != "state" {
			continue
		}
		if s.ModelPatch != nil {
			t.Fatalf("seq %d: a patch to a connection that did not ask for one", s.Seq)
		}
		if s.Done {
			break
		}
		if len(s.Legal) > 0 {
			b, _ := json.Marshal(map[string]any{"type": "act", "action": pickAction(rng, s.Legal)})
			if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
				t.Fatal(err)
			}
		}
	}
	a, b := <-patched, <-whole
	same := 0
	for seq, m := range a {
		want, ok := b[seq]
		if !ok {
			continue
		}
		if !maps.EqualFunc(m, want, func(x, y json.RawMessage) bool { return bytes.Equal(x, y) }) {
			t.Fatalf("seq %d: patched %v, sent whole %v", seq, m, want)
		}
		same++
	}
	if none != 0 || patches < 10 || same < 10 {
		t.Fatalf("%d patches (%d to the other spectator), %d seqs compared", patches, none, same)
	}
	t.Logf("%d patches, %d seqs compared", patches, same)
}

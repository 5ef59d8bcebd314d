package server

import (
	"compress/flate"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// countingConn counts the bytes read from the network.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// wireHand plays one whole Troggu hand of eight seats, a person (random
// legal actions) and seven rules bots, and returns the state messages the
// person received, their JSON bytes and the bytes on the wire.
func wireHand(t *testing.T, e *testEnv, mode websocket.CompressionMode, view, delta, patch bool) (msgs int, jsonBytes, wire int64) {
	t.Helper()
	bots := []string{"", "rules", "rules", "rules", "rules", "rules", "rules", "rules"}
	tb := e.create(map[string]any{"game": "troggu", "players": 8, "bots": bots, "name": "Ann", "hands": 1})
	var n atomic.Int64
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{c, &n}, nil
	}}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.ts.URL, "http")+"/ws/"+tb.ID,
		&websocket.DialOptions{HTTPClient: hc, CompressionMode: mode})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(4 << 20)
	write := func(m map[string]any) {
		b, _ := json.Marshal(m)
		if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
	}
	write(map[string]any{"type": "join", "token": tb.SeatToken, "view": view, "delta": delta, "model_patch": patch})
	rng := rand.New(rand.NewPCG(8, 8))
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("reading: %v", err)
		}
		var m struct {
			Type  string            `json:"type"`
			Done  bool              `json:"done"`
			Legal []json.RawMessage `json:"legal"`
		}
		json.Unmarshal(data, &m)
		if m.Type != "state" {
			continue
		}
		msgs++
		jsonBytes += int64(len(data))
		if m.Done {
			return msgs, jsonBytes, n.Load()
		}
		if len(m.Legal) > 0 {
			write(map[string]any{"type": "act", "action": pickAction(rng, m.Legal)})
		}
	}
}

// TestWireBytes measures what one eight-seat Troggu hand sends a person:
// state messages compressed with permessage-deflate, as browsers ask for,
// and without, as a client that does not ask gets them.
func TestWireBytes(t *testing.T) {
	// A bot delay, as at a real table: every bot's card is a message.
	e := newEnv(t, Config{PostRate: -1, BotDelay: time.Millisecond})
	plainMsgs, plainJSON, plainWire := wireHand(t, e, websocket.CompressionDisabled, true, false, false)
	msgs, js, wire := wireHand(t, e, websocket.CompressionNoContextTakeover, true, false, false)
	mMsgs, mJSON, mWire := wireHand(t, e, websocket.CompressionNoContextTakeover, false, false, false)
	dMsgs, dJSON, dWire := wireHand(t, e, websocket.CompressionNoContextTakeover, false, true, false)
	pMsgs, pJSON, pWire := wireHand(t, e, websocket.CompressionNoContextTakeover, false, true, true)
	t.Logf("one Troggu 8-player hand, a person's socket: uncompressed %d state messages, %d bytes of JSON, %d bytes on the wire; "+
		"compressed %d messages, %d bytes of JSON, %d bytes on the wire (%.0f%%); compressed, no view %d messages, %d bytes of JSON, %d bytes on the wire (%.0f%%); "+
		"compressed, no view, the table only when changed %d messages, %d bytes of JSON, %d bytes on the wire (%.0f%%); "+
		"the browser's (that and the model as patches) %d messages, %d bytes of JSON, %d bytes on the wire (%.0f%%)",
		plainMsgs, plainJSON, plainWire, msgs, js, wire, 100*float64(wire)/float64(js), mMsgs, mJSON, mWire, 100*float64(mWire)/float64(mJSON),
		dMsgs, dJSON, dWire, 100*float64(dWire)/float64(dJSON), pMsgs, pJSON, pWire, 100*float64(pWire)/float64(pJSON))
	// Per message, the model as patches at most halves the JSON and saves
	// on the wire too.
	if pJSON*2*int64(dMsgs) > dJSON*int64(pMsgs) {
		t.Errorf("the model as patches: %d bytes of JSON in %d messages, whole %d in %d", pJSON, pMsgs, dJSON, dMsgs)
	}
	if pWire*int64(dMsgs) >= dWire*int64(pMsgs) {
		t.Errorf("the model as patches: %d bytes on the wire in %d messages, whole %d in %d", pWire, pMsgs, dWire, dMsgs)
	}
	// Per message, the table only when it changed saves at least a fifth.
	if dJSON*5*int64(mMsgs) > mJSON*4*int64(dMsgs) {
		t.Errorf("the table only when changed: %d bytes of JSON in %d messages, always %d in %d", dJSON, dMsgs, mJSON, mMsgs)
	}
	// Per message, the model alone is at most four fifths of view and model.
	if mJSON*5*int64(msgs) > js*4*int64(mMsgs) {
		t.Errorf("without the view: %d bytes of JSON in %d messages, with it %d in %d", mJSON, mMsgs, js, msgs)
	}
	// A server that never compresses sends a client that offers it the
	// JSON as it is.
	off := newEnv(t, Config{PostRate: -1, BotDelay: time.Millisecond, CompressAbove: -1})
	if _, offJSON, offWire := wireHand(t, off, websocket.CompressionNoContextTakeover, false, true, false); offWire < offJSON {
		t.Errorf("compression off: %d bytes on the wire for %d bytes of JSON", offWire, offJSON)
	}
	if plainWire < plainJSON {
		t.Errorf("uncompressed: %d bytes on the wire for %d bytes of JSON", plainWire, plainJSON)
	}
	if wire*3 > js {
		t.Errorf("compressed: %d bytes on the wire for %d bytes of JSON, not a third", wire, js)
	}
}

// BenchmarkStateDeflate is the server's cost of compressing one state
// message of an eight-seat Troggu table as permessage-deflate does (a
// pooled writer at BestSpeed, each message alone).
func BenchmarkStateDeflate(b *testing.B) {
	e := newEnv(b, Config{PostRate: -1})
	bots := []string{"", "rules", "rules", "rules", "rules", "rules", "rules", "rules"}
	tb := e.create(map[string]any{"game": "troggu", "players": 8, "bots": bots, "name": "Ann"})
	var raw []byte
	c := e.dial(tb.ID, "token="+tb.SeatToken, func(m []byte) {
		if raw == nil && strings.Contains(string(m[:min(len(m), 30)]), `"state"`) {
			raw = append([]byte(nil), m...)
		}
	})
	c.state()
	fw, _ := flate.NewWriter(io.Discard, flate.BestSpeed)
	var out countWriter
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		out = 0
		fw.Reset(&out)
		fw.Write(raw)
		fw.Flush()
	}
	b.ReportMetric(float64(out), "wire-bytes/op")
}

// countWriter counts what is written to it.
type countWriter int

func (w *countWriter) Write(b []byte) (int, error) {
	*w += countWriter(len(b))
	return len(b), nil
}

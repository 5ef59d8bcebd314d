package server

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestWriteTimeout: a client that stops reading holds up its connection's
// writer for at most writeTimeout; then the connection is closed, and
// every write of a client that does read finishes well within it.
func TestWriteTimeout(t *testing.T) {
	old := writeTimeout
	writeTimeout = 300 * time.Millisecond
	t.Cleanup(func() { writeTimeout = old })
	got := make(chan *conn, 1)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		c := newConn(ws)
		got <- c
		c.writer()
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func() (*websocket.Conn, *conn) {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http"), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.CloseNow() })
		ws.SetReadLimit(8 << 20)
		return ws, <-got
	}
	big := bytes.Repeat([]byte(" "), 1<<20)

	// A client that reads gets many messages, each written in far less
	// than the timeout, through one timer that is reset every time.
	reader, rc := dial()
	for range 3 * outQueue {
		if !rc.enqueue(outMsg{b: msgBuf(64), own: true}) {
			t.Fatal("the queue of a reading client filled up")
		}
		if _, _, err := reader.Read(ctx); err != nil {
			t.Fatalf("reading: %v", err)
		}
	}
	time.Sleep(2 * writeTimeout)
	if !rc.queue([]byte(`{}`)) {
		t.Fatal("queueing after a pause")
	}
	if _, _, err := reader.Read(ctx); err != nil {
		t.Fatalf("a client that read was closed after a pause: %v", err)
	}

	// A client that never reads: the socket's buffers fill, a write
	// blocks, and the timeout closes the connection.
	_, sc := dial()
	for range outQueue {
		sc.queue(big)
	}
	select {
	case <-sc.wrote:
	case <-ctx.Done():
		t.Fatal("the writer of a client that does not read is still writing")
	}
}

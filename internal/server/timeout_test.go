package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// served runs e's server behind the HTTP server Serve makes (with its
// timeouts) on an in-memory listener, and returns the listener.
func (e *testEnv) served() *memListener {
	e.t.Helper()
	ln := newMemListener()
	hs := e.srv.httpServer(e.srv.handler, e.cfg.WriteTimeout)
	go hs.Serve(ln)
	e.t.Cleanup(func() { hs.Close() })
	return ln
}

// TestTimeouts: a client that sends a request slowly, or keeps a
// connection open without a next request, is cut off; a WebSocket on the
// same listener outlives every timeout. The timeouts run on a synctest
// bubble's clock.
func TestTimeouts(t *testing.T) {
	const d = 300 * time.Millisecond
	cfg := Config{ReadTimeout: d, WriteTimeout: d, IdleTimeout: d}
	host := memAddr.String()
	cases := []struct {
		name string
		send string // written at once; the server must close the connection afterwards
	}{
		// A header that never ends.
		{"slow header", "GET / HTTP/1.1\r\nHost: " + host + "\r\nX-Slow: 1"},
		// A body that announces 60000 bytes and sends one.
		{"slow body", "POST /api/tables HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"},
		// The same on the replay endpoint, which reads its body itself.
		{"slow record", "POST /api/replay HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: 60000\r\n\r\n{"},
		// A finished request, then silence on the kept-alive connection.
		{"idle", "GET /healthz HTTP/1.1\r\nHost: " + host + "\r\n\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inBubble(t, cfg, func(t *testing.T, e *testEnv) {
				nc, err := e.served().dial(context.Background(), "tcp", host)
				if err != nil {
					t.Fatal(err)
				}
				defer nc.Close()
				if _, err := io.WriteString(nc, c.send); err != nil {
					t.Fatal(err)
				}
				// Far beyond the timeout, and below the 30 s any client may
				// rely on; a server without timeouts holds the connection.
				start := time.Now()
				nc.SetReadDeadline(start.Add(25 * time.Second))
				br := bufio.NewReader(nc)
				for {
					resp, err := http.ReadResponse(br, nil)
					if err != nil {
						if ne, ok := err.(net.Error); ok && ne.Timeout() {
							t.Fatalf("the connection is still open after %v", time.Since(start))
						}
						break // closed
					}
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode == http.StatusRequestEntityTooLarge {
						t.Errorf("a slow body was answered %d %s", resp.StatusCode, body)
					}
				}
			})
		})
	}

	t.Run("websocket", func(t *testing.T) {
		inBubble(t, cfg, func(t *testing.T, e *testEnv) {
			ln := e.served()
			tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
			c, err := dialWith(t, &http.Client{Transport: &http.Transport{DialContext: ln.dial}}, "http://"+host, tb.ID, "token="+tb.SeatToken, nil)
			if err != nil {
				t.Fatal(err)
			}
			c.state()
			time.Sleep(5 * d) // every timeout passes several times, on the bubble's clock
			c.send(map[string]any{"type": "chat", "text": "still here"})
			c.waitFor("the chat line", func(m tMsg) bool {
				if m.Type == "error" {
					t.Fatalf("chat after the timeouts: %s", m.raw)
				}
				return m.Type == "chat" && m.Text == "still here"
			})
		})
	})
}

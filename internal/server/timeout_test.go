package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve runs e's server with Serve (the listener `trull serve` uses, with
// its timeouts) on a loopback port and returns its base URL.
func (e *testEnv) serve() string {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- e.srv.Serve(ctx, func(a string) { addr <- a }) }()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		cancel()
		e.t.Fatalf("serve: %v", err)
	}
	e.t.Cleanup(func() {
		cancel()
		<-done
	})
	return base
}

// TestTimeouts: a client that sends a request slowly, or keeps a
// connection open without a next request, is cut off; a WebSocket on the
// same listener outlives every timeout.
func TestTimeouts(t *testing.T) {
	const d = 300 * time.Millisecond
	e := newEnv(t, Config{Addr: "127.0.0.1:0", ReadTimeout: d, WriteTimeout: d, IdleTimeout: d})
	base := e.serve()
	host := strings.TrimPrefix(base, "http://")
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
			nc, err := net.Dial("tcp", host)
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
	}

	t.Run("websocket", func(t *testing.T) {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
		c, err := dialURL(t, base, tb.ID, "token="+tb.SeatToken, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.state()
		time.Sleep(5 * d) // every timeout has passed several times
		c.send(map[string]any{"type": "chat", "text": "still here"})
		c.waitFor("the chat line", func(m tMsg) bool {
			if m.Type == "error" {
				t.Fatalf("chat after the timeouts: %s", m.raw)
			}
			return m.Type == "chat" && m.Text == "still here"
		})
	})
}

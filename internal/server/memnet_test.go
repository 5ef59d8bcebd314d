package server

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"testing/synctest"
)

// memListener is a listener of in-memory connections (net.Pipe): a server
// on it and its clients can run in a synctest bubble, where a goroutine
// waiting on a connection is durably blocked and time is the bubble's.
type memListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func newMemListener() *memListener {
	return &memListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

// Accept waits for the next connection.
func (l *memListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops accepting.
func (l *memListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

// Addr is the listener's loopback address (as a client sees it).
func (l *memListener) Addr() net.Addr { return memAddr }

// dial connects a client to the listener.
func (l *memListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	server, client := net.Pipe()
	select {
	case l.conns <- loopbackConn{server}:
		return client, nil
	case <-l.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// memAddr is the address every in-memory connection has at both ends.
var memAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}

// loopbackConn is a pipe end with loopback addresses, as the server's
// per-address counts expect of a client.
type loopbackConn struct{ net.Conn }

func (loopbackConn) RemoteAddr() net.Addr { return memAddr }
func (loopbackConn) LocalAddr() net.Addr  { return memAddr }

// inBubble runs f with a server on fresh SQLite in a synctest bubble: its
// clients connect in memory, and its timers (turn clocks, grace periods,
// bots' delays, sweeps) run on the bubble's clock, which moves on at once
// whenever everything waits.
func inBubble(t *testing.T, cfg Config, f func(t *testing.T, e *testEnv)) {
	synctest.Test(t, func(t *testing.T) {
		f(t, newEnvWith(t, filepath.Join(t.TempDir(), "trull.db"), cfg, newMemListener()))
	})
}

// httpClient returns the client that reaches the test server.
func (e *testEnv) httpClient() *http.Client {
	if e.mem == nil {
		return http.DefaultClient
	}
	return &http.Client{Transport: &http.Transport{DialContext: e.mem.dial}}
}

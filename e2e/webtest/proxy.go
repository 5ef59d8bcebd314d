package webtest

import (
	"net"
	"strings"
	"sync"
	"testing"
)

// CutProxy forwards TCP connections to a server. Cut, it closes them all
// and refuses new ones, as a lost network does; held, it keeps them open
// but passes nothing on (a laptop asleep, a dead mobile link) until
// released.
type CutProxy struct {
	ln       net.Listener
	target   string
	mu       sync.Mutex
	cut      bool
	held     bool
	released chan struct{}
	conns    []net.Conn
	accepted int
}

// NewCutProxy starts a proxy to the server at base and returns it with its
// own base URL.
func NewCutProxy(t *testing.T, base string) (*CutProxy, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &CutProxy{ln: ln, target: strings.TrimPrefix(base, "http://"), released: make(chan struct{})}
	close(p.released)
	t.Cleanup(func() { ln.Close(); p.Hold(false); p.SetCut(true) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.cut {
				p.mu.Unlock()
				c.Close()
				continue
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				p.mu.Unlock()
				c.Close()
				continue
			}
			p.conns = append(p.conns, c, s)
			p.accepted++
			p.mu.Unlock()
			go func() { p.pipe(s, c); s.Close() }()
			go func() { p.pipe(c, s); c.Close() }()
		}
	}()
	return p, "http://" + ln.Addr().String()
}

// pipe copies src to dst, each chunk after the proxy is released.
func (p *CutProxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			wait := p.released
			p.mu.Unlock()
			<-wait
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// SetCut cuts the network (every connection closed, new ones refused) or
// mends it.
func (p *CutProxy) SetCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// Hold stops passing bytes on, the connections kept open, or lets them
// flow again.
func (p *CutProxy) Hold(held bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if held && !p.held {
		p.released = make(chan struct{})
	} else if !held && p.held {
		close(p.released)
	}
	p.held = held
}

// Connections returns the number of connections the proxy has accepted.
func (p *CutProxy) Connections() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

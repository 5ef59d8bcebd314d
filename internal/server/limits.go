package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"trull/internal/store"
)

// clientAddr returns the address of the client that sent r, which the
// rate limit and the caps per address count by. It is the socket's peer,
// unless the peer is one of the trusted proxies (Config.TrustedProxies):
// then it is the right-most address of X-Forwarded-For that is not itself
// a trusted proxy, as the addresses right of it were appended by trusted
// proxies and the ones left of it may be made up by the client. When every
// address there is trusted the left-most one counts; an entry that is not
// an address ends the search at the proxy that appended it.
func (s *Server) clientAddr(r *http.Request) string {
	return clientAddr(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), s.cfg.TrustedProxies)
}

func clientAddr(remote string, forwarded []string, trusted []netip.Prefix) string {
	peer, ok := parseAddr(remote)
	if !ok {
		if host, _, err := net.SplitHostPort(remote); err == nil {
			return host
		}
		return remote
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	var hops []string
	for _, h := range forwarded {
		for hop := range strings.SplitSeq(h, ",") {
			hops = append(hops, strings.TrimSpace(hop))
		}
	}
	addr := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseAddr(hops[i])
		if !ok {
			break
		}
		addr = a
		if !isTrusted(a, trusted) {
			break
		}
	}
	return addr.String()
}

// parseAddr reads an address with or without a port ("192.0.2.1",
// "192.0.2.1:4711", "[2001:db8::1]:4711", "2001:db8::1"), without a zone
// and with an IPv4-mapped IPv6 address as IPv4.
func parseAddr(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(s)
	if err != nil {
		ap, err := netip.ParseAddrPort(s)
		if err != nil {
			return netip.Addr{}, false
		}
		a = ap.Addr()
	}
	return a.WithZone("").Unmap(), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// wsCap names the cap a WebSocket would pass (acquireWS).
type wsCap int

const (
	wsOK    wsCap = iota
	wsAddr        // MaxConnsPerAddr
	wsNet         // MaxConnsPerNet
	wsTotal       // MaxConns
)

// The codes that start the reason of a WebSocket closed for a cap
// (docs/PROTOCOL.md), which a browser words in its person's language.
const (
	capAddr  = "ws_addr_cap"
	capNet   = "ws_net_cap"
	capTotal = "server_full"
)

// capTexts words each cap's refusal for people who read English; %d is
// the cap.
var capTexts = map[string]string{
	capAddr:  "too many WebSockets from your address: at most %d at once; close other windows of this site",
	capNet:   "too many WebSockets from your network: at most %d at once; try again later",
	capTotal: "the server is full: it holds %d WebSockets, as many as it allows; try again later",
}

// refusingMax bounds the sockets over a cap that are being closed at once
// (each waits up to seconds for its client's close); one more is refused
// before the upgrade.
const refusingMax = 64

// capCode is the code of a cap (wsAddr, wsNet or wsTotal).
func capCode(c wsCap) string {
	switch c {
	case wsAddr:
		return capAddr
	case wsNet:
		return capNet
	}
	return capTotal
}

// capOf is the number a cap allows.
func (s *Server) capOf(c wsCap) int {
	switch c {
	case wsAddr:
		return s.cfg.MaxConnsPerAddr
	case wsNet:
		return s.cfg.MaxConnsPerNet
	}
	return s.cfg.MaxConns
}

// capReason is the close reason "code: text" of the cap code at n
// (TestCapReasonsFit: within the 123 bytes a close frame's reason may
// have).
func capReason(code string, n int) string {
	return code + ": " + fmt.Sprintf(capTexts[code], n)
}

// acquireWS counts one more WebSocket of the client at addr, or returns
// the cap it would pass: the address's, its network's (netOf) or the
// server's.
func (s *Server) acquireWS(addr string) wsCap {
	net := netOf(addr)
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	switch {
	case s.cfg.MaxConnsPerAddr > 0 && s.wsByAddr[addr] >= s.cfg.MaxConnsPerAddr:
		return wsAddr
	case s.cfg.MaxConnsPerNet > 0 && s.wsByNet[net] >= s.cfg.MaxConnsPerNet:
		return wsNet
	case s.cfg.MaxConns > 0 && s.wsTotal >= s.cfg.MaxConns:
		return wsTotal
	}
	s.wsByAddr[addr]++
	s.wsByNet[net]++
	s.wsTotal++
	return wsOK
}

// releaseWS counts a WebSocket of addr less.
func (s *Server) releaseWS(addr string) {
	net := netOf(addr)
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	if s.wsByAddr[addr]--; s.wsByAddr[addr] <= 0 {
		delete(s.wsByAddr, addr)
	}
	if s.wsByNet[net]--; s.wsByNet[net] <= 0 {
		delete(s.wsByNet, net)
	}
	s.wsTotal--
}

// netOf returns the network a client address counts in for the caps per
// network: the /64 of an IPv6 address (one home or host usually has a
// whole /64), an IPv4 address itself.
func netOf(addr string) string {
	a, ok := parseAddr(addr)
	if !ok || a.Is4() {
		return addr
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}

// refusal is why a table may not be created now: an HTTP status, a code
// for clients (docs/PROTOCOL.md) and the English sentence.
type refusal struct {
	status int
	code   string
	text   string
}

// running selects the tables that are open or playing.
var running = []string{store.StatusOpen, store.StatusPlaying}

// mayCreate reports whether the client at addr may create a table now,
// and if not, why: the tables open or playing in the store (MaxTables),
// the empty ones of everybody (MaxEmpty), and those the address and its
// network created (MaxEmptyPerAddr, MaxEmptyPerNet). Every server on the
// store is counted. A creation holds createMu around this check and the
// insert, so this server's own creations cannot overtake each other.
func (s *Server) mayCreate(ctx context.Context, addr string) (*refusal, error) {
	caps := []struct {
		max int
		f   store.Filter
		r   func(n int) *refusal
	}{
		{s.cfg.MaxTables, store.Filter{Statuses: running}, func(n int) *refusal {
			return &refusal{http.StatusServiceUnavailable, "tables_full", fmt.Sprintf("this server has %d open tables, as many as it allows; try again when some have ended, or join one of them", n)}
		}},
		{s.cfg.MaxEmpty, store.Filter{Statuses: running, Empty: true}, func(n int) *refusal {
			return &refusal{http.StatusServiceUnavailable, "tables_full", fmt.Sprintf("this server has %d tables nobody is at, as many as it allows; try again when people have sat down at them or they have closed, or join one of them", n)}
		}},
		{s.cfg.MaxEmptyPerAddr, store.Filter{Statuses: running, Empty: true, Creator: addr}, func(n int) *refusal {
			return &refusal{http.StatusTooManyRequests, "too_many_empty", fmt.Sprintf("your address created %d tables nobody is at, as many as it may; sit down at one of them, or wait until they close (after %v without anybody)", n, s.cfg.Abandon)}
		}},
		{s.cfg.MaxEmptyPerNet, store.Filter{Statuses: running, Empty: true, CreatorNet: netOf(addr)}, func(n int) *refusal {
			return &refusal{http.StatusTooManyRequests, "too_many_empty", fmt.Sprintf("your network created %d tables nobody is at, as many as it may; sit down at one of them, or wait until they close (after %v without anybody)", n, s.cfg.Abandon)}
		}},
	}
	for _, c := range caps {
		if c.max <= 0 {
			continue
		}
		n, err := s.store.CountTables(ctx, c.f)
		if err != nil {
			return nil, err
		}
		if n >= c.max {
			return c.r(n), nil
		}
	}
	return nil, nil
}

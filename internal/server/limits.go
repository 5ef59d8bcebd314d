package server

import (
	"context"
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

// acquireWS counts one more WebSocket of the client at addr; false when
// it has MaxConnsPerAddr already.
func (s *Server) acquireWS(addr string) bool {
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	if s.cfg.MaxConnsPerAddr > 0 && s.wsByAddr[addr] >= s.cfg.MaxConnsPerAddr {
		return false
	}
	s.wsByAddr[addr]++
	return true
}

// releaseWS counts a WebSocket of addr less.
func (s *Server) releaseWS(addr string) {
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	if s.wsByAddr[addr]--; s.wsByAddr[addr] <= 0 {
		delete(s.wsByAddr, addr)
	}
}

// tablesFull reports whether MaxTables tables are open or playing in the
// store (every server on it counted). The caller holds createMu, so this
// server's own creations cannot overtake each other.
func (s *Server) tablesFull(ctx context.Context) (bool, error) {
	if s.cfg.MaxTables <= 0 {
		return false, nil
	}
	n, err := s.store.CountTables(ctx, store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}})
	if err != nil {
		return false, err
	}
	return n >= s.cfg.MaxTables, nil
}

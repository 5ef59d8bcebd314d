package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trull/internal/gametest"
	"trull/internal/store"
)

func TestClientAddr(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8"), netip.MustParsePrefix("192.0.2.7/32")}
	cases := []struct {
		name      string
		remote    string
		forwarded []string
		trusted   []netip.Prefix
		want      string
	}{
		{"no proxies: the socket", "198.51.100.1:4711", nil, nil, "198.51.100.1"},
		{"no proxies: the header is ignored", "198.51.100.1:4711", []string{"203.0.113.9"}, nil, "198.51.100.1"},
		{"untrusted peer: the header is ignored", "198.51.100.1:4711", []string{"203.0.113.9"}, trusted, "198.51.100.1"},
		{"trusted peer without a header", "10.1.2.3:4711", nil, trusted, "10.1.2.3"},
		{"trusted peer: the client it names", "10.1.2.3:4711", []string{"203.0.113.9"}, trusted, "203.0.113.9"},
		{"a forged entry left of the client", "10.1.2.3:4711", []string{"1.1.1.1, 203.0.113.9"}, trusted, "203.0.113.9"},
		{"a chain of trusted proxies", "10.1.2.3:4711", []string{"1.1.1.1, 203.0.113.9, 10.9.9.9, 192.0.2.7"}, trusted, "203.0.113.9"},
		{"several header lines", "10.1.2.3:4711", []string{"1.1.1.1", "203.0.113.9, 10.9.9.9"}, trusted, "203.0.113.9"},
		{"every entry trusted: the left-most", "10.1.2.3:4711", []string{"10.5.5.5, 10.9.9.9"}, trusted, "10.5.5.5"},
		{"garbage ends the search at the proxy that appended it", "10.1.2.3:4711", []string{"203.0.113.9, not-an-ip, 10.9.9.9"}, trusted, "10.9.9.9"},
		{"garbage right after the socket", "10.1.2.3:4711", []string{"unknown"}, trusted, "10.1.2.3"},
		{"an entry with a port", "10.1.2.3:4711", []string{"203.0.113.9:5555"}, trusted, "203.0.113.9"},
		{"IPv6 peer and client", "[fd00::1]:4711", []string{"2001:db8::5, fd00::2"}, trusted, "2001:db8::5"},
		{"IPv6 entry with a port", "[fd00::1]:4711", []string{"[2001:db8::5]:443"}, trusted, "2001:db8::5"},
		{"IPv4-mapped peer", "[::ffff:10.1.2.3]:4711", []string{"203.0.113.9"}, trusted, "203.0.113.9"},
		{"IPv4-mapped client", "10.1.2.3:4711", []string{"::ffff:203.0.113.9"}, trusted, "203.0.113.9"},
		{"a peer that is no address", "pipe", nil, trusted, "pipe"},
	}
	for _, c := range cases {
		if got := clientAddr(c.remote, c.forwarded, c.trusted); got != c.want {
			t.Errorf("%s: clientAddr(%q, %q) = %q, want %q", c.name, c.remote, c.forwarded, got, c.want)
		}
	}
}

// postFrom sends a POST from the client that X-Forwarded-For names ("" for
// none) and returns the status.
func (e *testEnv) postFrom(path, body, forwarded string) int {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.ts.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestRateLimitBehindProxy: the POST rate limit counts by the address
// X-Forwarded-For names only when the request comes from a trusted proxy.
func TestRateLimitBehindProxy(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	cases := []struct {
		name    string
		trusted []netip.Prefix
		// whether five clients behind the proxy, one POST each, all pass
		separate bool
	}{
		{"trusted proxy", loopback, true},
		{"untrusted proxy", nil, false},
		{"another proxy is trusted", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A burst of one POST, and one more every 4 s.
			e := newEnv(t, Config{PostRate: 0.25, TrustedProxies: c.trusted})
			passed := 0
			for i := range 5 {
				xff := fmt.Sprintf("198.51.100.1, 203.0.113.%d", i+1)
				if code := e.postFrom("/api/replay", "{}", xff); code != http.StatusTooManyRequests {
					passed++
				}
			}
			if c.separate != (passed == 5) {
				t.Fatalf("%d of 5 POSTs of 5 clients passed", passed)
			}
			if c.separate {
				// One client still gets only its burst.
				e.postFrom("/api/replay", "{}", "203.0.113.200")
				if code := e.postFrom("/api/replay", "{}", "203.0.113.200"); code != http.StatusTooManyRequests {
					t.Fatalf("the second POST of one client behind the proxy: %d, want 429", code)
				}
			}
		})
	}
}

// joinFrom opens a WebSocket as the client X-Forwarded-For names ("" for
// none) and reads its first message: a state when it is served, or the
// close over a cap, whose reason it returns.
func joinFrom(t *testing.T, base, id, query, forwarded string) (*websocket.Conn, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h := http.Header{}
	if forwarded != "" {
		h.Set("X-Forwarded-For", forwarded)
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+id+"?"+query, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial from %q: %v, want an upgrade (a cap closes after it)", forwarded, err)
	}
	_, data, err := ws.Read(ctx)
	var ce websocket.CloseError
	switch {
	case errors.As(err, &ce):
		if ce.Code != websocket.StatusTryAgainLater {
			t.Fatalf("from %q: closed with %d %q, want 1013 for a cap", forwarded, ce.Code, ce.Reason)
		}
		return nil, ce.Reason
	case err != nil:
		t.Fatalf("from %q: %v", forwarded, err)
	}
	var m tMsg
	if json.Unmarshal(data, &m) != nil || m.Type != "state" {
		t.Fatalf("from %q: %s, want a state", forwarded, data)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws, ""
}

// TestWebSocketsPerAddress: one address holds at most MaxConnsPerAddr
// WebSockets; one more is accepted and closed at once with 1013 and a
// reason saying why, a closed one frees its place, and behind a trusted
// proxy the clients it names count apart.
func TestWebSocketsPerAddress(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, trusted := range []bool{false, true} {
		name := "direct"
		cfg := Config{MaxConnsPerAddr: 2}
		if trusted {
			name, cfg.TrustedProxies = "behind a trusted proxy", loopback
		}
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, cfg)
			tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
			a1, _ := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "203.0.113.1")
			joinFrom(t, e.ts.URL, tb.ID, "token="+tb.SeatToken, "203.0.113.1")
			_, why := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "203.0.113.1")
			if want := "ws_addr_cap: too many WebSockets from your address: at most 2 at once"; !strings.HasPrefix(why, want) {
				t.Fatalf("the third WebSocket of one address: %q, want %q…", why, want)
			}
			// Another client behind the same proxy.
			_, why = joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "203.0.113.2")
			if trusted != (why == "") {
				t.Fatalf("a WebSocket of another client behind the proxy: %q", why)
			}
			// Closing one frees its place (the server notices a moment later).
			a1.CloseNow()
			gametest.Eventually(t, 10*time.Second, "the closed WebSocket's place free", func() bool {
				ws, _ := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "203.0.113.1")
				return ws != nil
			})
		})
	}
}

// TestCapReasonsFit: every cap's close reason, at the largest cap, fits
// the 123 bytes of a close frame's reason.
func TestCapReasonsFit(t *testing.T) {
	for code := range capTexts {
		if r := capReason(code, math.MaxInt); len(r) > 123 {
			t.Errorf("%s: %d bytes: %q", code, len(r), r)
		}
	}
}

// TestTableCap: at most MaxTables tables are open or playing; one more is
// refused with 503 and says why, and a table that ends frees its place.
func TestTableCap(t *testing.T) {
	e := newEnv(t, Config{MaxTables: 2})
	req := map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann", "hands": 1}
	first := e.create(req)
	e.create(req)
	var out struct {
		Error string `json:"error"`
	}
	b, _ := json.Marshal(req)
	if code := e.do("POST", "/api/tables", json.RawMessage(b), &out); code != http.StatusServiceUnavailable || !strings.Contains(out.Error, "2 open tables") {
		t.Fatalf("a third table: %d %q, want 503 saying why", code, out.Error)
	}
	ann := e.dial(first.ID, "token="+first.SeatToken, nil)
	ann.playUntil(rand.New(rand.NewPCG(3, 3)), func(s *tState) bool { return s.Table.State == store.StatusOver })
	// The lobby row is written before the state goes out.
	if code := e.do("POST", "/api/tables", json.RawMessage(b), &out); code != http.StatusCreated {
		t.Fatalf("a table after one ended: %d %q", code, out.Error)
	}
}

// TestWebSocketCaps: all the addresses of an IPv6 /64 together hold at
// most MaxConnsPerNet WebSockets and the server at most MaxConns; one more
// is accepted and closed at once with 1013 and a reason saying which cap,
// and a closed WebSocket frees its place.
func TestWebSocketCaps(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	e := newEnv(t, Config{MaxConnsPerAddr: 2, MaxConnsPerNet: 3, MaxConns: 5, TrustedProxies: loopback})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	steps := []struct {
		name   string
		addr   string
		reason string // "" when it is served
	}{
		{"an address of a /64", "2001:db8:1:1::1", ""},
		{"the same address", "2001:db8:1:1::1", ""},
		{"another address of the /64", "2001:db8:1:1::2", ""},
		{"a third address of the /64", "2001:db8:1:1::3", "ws_net_cap: too many WebSockets from your network: at most 3"},
		{"another /64", "2001:db8:1:2::1", ""},
		{"an IPv4 address", "203.0.113.1", ""},
		{"over the server's cap", "203.0.113.2", "server_full: the server is full"},
		{"over the server's cap from IPv6", "2001:db8:7::1", "the server is full"},
	}
	var open []*websocket.Conn
	for _, st := range steps {
		ws, why := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", st.addr)
		if st.reason == "" {
			if ws == nil {
				t.Fatalf("%s: closed %q, want a state", st.name, why)
			}
			open = append(open, ws)
			continue
		}
		if !strings.Contains(why, st.reason) {
			t.Fatalf("%s: closed %q, want a reason saying %q", st.name, why, st.reason)
		}
	}
	// Closing one frees its place in every count it was in.
	open[0].Close(websocket.StatusNormalClosure, "")
	gametest.Eventually(t, 10*time.Second, "the closed WebSocket's place free in every count", func() bool {
		ws, _ := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "2001:db8:1:1::3")
		return ws != nil
	})
}

// TestCapFlood: sockets over a cap that are still closing are bounded:
// while refusingMax of them wait for their clients' close, one more is
// refused before the upgrade with 429 and the cap's reason; once they are
// gone, a socket over the cap is closed with 1013 again.
func TestCapFlood(t *testing.T) {
	e := newEnv(t, Config{MaxConnsPerAddr: 1})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	joinFrom(t, e.ts.URL, tb.ID, "spectate=1", "")
	url := "ws" + strings.TrimPrefix(e.ts.URL, "http") + "/ws/" + tb.ID + "?spectate=1"
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// Clients that never read: the server's close waits for them.
	var silent []*websocket.Conn
	for range refusingMax {
		ws, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatalf("socket %d over the cap: %v, want an upgrade", len(silent)+1, err)
		}
		silent = append(silent, ws)
	}
	gametest.Eventually(t, 10*time.Second, "every silent socket counted as closing", func() bool { return e.srv.refusing.Load() == refusingMax })
	_, resp, err := websocket.Dial(ctx, url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("one more while %d close: %v %v, want 429 before the upgrade", refusingMax, err, resp)
	}
	var body struct {
		Code, Error string
	}
	json.NewDecoder(resp.Body).Decode(&body)
	if body.Code != capAddr || !strings.Contains(body.Error, "at most 1 at once") {
		t.Errorf("the refusal says %+v, want the address cap's reason", body)
	}
	for _, ws := range silent {
		ws.CloseNow()
	}
	gametest.Eventually(t, 20*time.Second, "the closing sockets gone", func() bool { return e.srv.refusing.Load() == 0 })
	if _, why := joinFrom(t, e.ts.URL, tb.ID, "spectate=1", ""); !strings.HasPrefix(why, capAddr+": ") {
		t.Errorf("over the cap after the flood: %q, want a close with the cap's reason", why)
	}
}

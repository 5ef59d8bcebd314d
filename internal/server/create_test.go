package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"trull/internal/gametest"

	"github.com/coder/websocket"
)

// complete says what a table summary lacks ("" when nothing): a summary
// is read by the lobby page, which needs every field.
func complete(li lobbyInfo, seats int) string {
	switch {
	case li.ID == "" || li.Game == "" || li.Variant == "" || li.State == "":
		return "no id, game, variant or state"
	case li.Name == "":
		return "no name"
	case li.Created == 0:
		return "no created_ms"
	case li.VariantTitle.EN == "" || li.VariantTitle.DE == "":
		return "no variant_title"
	case li.Seats == nil:
		return "seats null"
	case seats > 0 && len(li.Seats) != seats:
		return fmt.Sprintf("%d seats, want %d", len(li.Seats), seats)
	}
	return ""
}

// TestCreatedTableIsWhole: a table is listed and described only whole,
// from the first moment: a create followed at once by GET /api/tables/{id}
// and by the lobby list, thousands of times from several clients, while
// another client polls the lobby, never sees a table without its name,
// time or seats.
func TestCreatedTableIsWhole(t *testing.T) {
	creates := 2000
	if testing.Short() {
		creates = 200
	}
	e := newEnv(t, Config{})
	var bad atomic.Value
	fail := func(format string, args ...any) { bad.CompareAndSwap(nil, fmt.Sprintf(format, args...)) }
	lobby := func() {
		var list []lobbyInfo
		if code := e.do("GET", "/api/tables", nil, &list); code != http.StatusOK {
			fail("lobby: %d", code)
		}
		for _, li := range list {
			if what := complete(li, 0); what != "" {
				fail("the lobby lists table %s with %s: %+v", li.ID, what, li)
			}
		}
	}
	stop := make(chan struct{})
	polled := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				polled <- n
				return
			default:
			}
			lobby()
			n++
		}
	}()
	var wg sync.WaitGroup
	const workers = 4
	for w := range workers {
		wg.Go(func() {
			for i := w; i < creates; i += workers {
				tb := e.create(map[string]any{"game": "troggu", "players": 4, "bots": []string{"", "", "rules", "rules"}, "name": "Ann"})
				var li lobbyInfo
				if code := e.do("GET", "/api/tables/"+tb.ID, nil, &li); code != http.StatusOK {
					fail("GET %s right after creating it: %d", tb.ID, code)
				}
				if what := complete(li, 4); what != "" {
					fail("GET %s right after creating it: %s: %+v", tb.ID, what, li)
				}
				if i%10 == 0 {
					lobby()
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	n := <-polled
	if v := bad.Load(); v != nil {
		t.Fatal(v)
	}
	if n == 0 {
		t.Fatal("the lobby was not polled during the creations")
	}
	// The raw JSON too: seats is a list, never null.
	var raw []map[string]json.RawMessage
	e.do("GET", "/api/tables", nil, &raw)
	for _, m := range raw {
		if string(m["seats"]) == "null" || m["seats"] == nil {
			t.Fatalf("a lobby entry without seats: %v", m)
		}
	}
}

// createFrom creates a table as the client X-Forwarded-For names and
// returns the status, the answer and the refusal's code.
func (e *testEnv) createFrom(req map[string]any, addr string) (int, createResp, string) {
	e.t.Helper()
	b, _ := json.Marshal(req)
	hr, err := http.NewRequest("POST", e.ts.URL+"/api/tables", strings.NewReader(string(b)))
	if err != nil {
		e.t.Fatal(err)
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out struct {
		createResp
		Code  string `json:"code"`
		Error string `json:"error"`
	}
	json.Unmarshal(data, &out)
	return resp.StatusCode, out.createResp, out.Code
}

// capacityFor is GET /api/capacity as the client at addr.
func (e *testEnv) capacityFor(addr string) capacityJSON {
	e.t.Helper()
	hr, _ := http.NewRequest("GET", e.ts.URL+"/api/capacity", nil)
	hr.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out capacityJSON
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusOK {
		e.t.Fatalf("capacity: %d %v", resp.StatusCode, err)
	}
	return out
}

// TestCreationCaps: one address, one IPv6 /64 and everybody together may
// have only so many tables nobody is at; creating one more is refused with
// a code saying which cap, GET /api/capacity says so first, and joining
// the existing tables still works. A table somebody sits at does not
// count, and a server full of empty tables takes creations again once
// people sit down.
func TestCreationCaps(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	e := newEnv(t, Config{MaxEmptyPerAddr: 2, MaxEmptyPerNet: 3, MaxEmpty: 9, TrustedProxies: loopback})
	req := map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"}
	var made []createResp
	steps := []struct {
		name   string
		addr   string
		status int
		code   string
	}{
		{"one address: the first", "203.0.113.1", http.StatusCreated, ""},
		{"one address: the second", "203.0.113.1", http.StatusCreated, ""},
		{"one address: over its cap", "203.0.113.1", http.StatusTooManyRequests, "too_many_empty"},
		{"another address", "203.0.113.2", http.StatusCreated, ""},
		{"IPv6: an address of a /64", "2001:db8:1:1::1", http.StatusCreated, ""},
		{"IPv6: another address of the /64", "2001:db8:1:1::2", http.StatusCreated, ""},
		{"IPv6: a third address of the /64", "2001:db8:1:1::3", http.StatusCreated, ""},
		{"IPv6: the /64 over its cap", "2001:db8:1:1::4", http.StatusTooManyRequests, "too_many_empty"},
		{"IPv6: another /64", "2001:db8:1:2::1", http.StatusCreated, ""},
		{"many addresses: up to the total", "198.51.100.1", http.StatusCreated, ""},
		{"many addresses: the total", "198.51.100.2", http.StatusCreated, ""},
		{"many addresses: over the total", "198.51.100.3", http.StatusServiceUnavailable, "tables_full"},
		{"many addresses: IPv6 over the total", "2001:db8:9::1", http.StatusServiceUnavailable, "tables_full"},
	}
	for _, st := range steps {
		if cap := e.capacityFor(st.addr); cap.Create != (st.status == http.StatusCreated) || cap.Code != st.code {
			t.Fatalf("%s: capacity %+v before creating, want %d %q", st.name, cap, st.status, st.code)
		}
		code, out, refusal := e.createFrom(req, st.addr)
		if code != st.status || refusal != st.code {
			t.Fatalf("%s: %d %q, want %d %q", st.name, code, refusal, st.status, st.code)
		}
		if code == http.StatusCreated {
			made = append(made, out)
		}
	}
	if len(made) != 9 {
		t.Fatalf("%d tables made, want 9", len(made))
	}
	// A full server still lets people join: a seat by invite, a seat's
	// WebSocket and a spectator's.
	guest := e.claim(made[0].ID, made[0].Invites[0].URL, "Gus")
	g := e.dial(made[0].ID, "token="+guest.SeatToken, nil)
	g.state()
	e.dial(made[1].ID, "spectate=1", nil).state()
	// Somebody is at two tables now: the total is below its cap again, and
	// the first address below its own.
	for _, st := range []struct{ name, addr string }{{"after people sat down", "198.51.100.3"}, {"the first address again", "203.0.113.1"}} {
		if code, _, refusal := e.createFrom(req, st.addr); code != http.StatusCreated {
			t.Fatalf("%s: %d %q, want 201", st.name, code, refusal)
		}
	}
	if code, _, refusal := e.createFrom(req, "203.0.113.1"); code != http.StatusServiceUnavailable || refusal != "tables_full" {
		t.Fatalf("the total reached again: %d %q", code, refusal)
	}
	// The guest leaves: the table is empty again and counts.
	g.ws.Close(websocket.StatusNormalClosure, "")
	gametest.Eventually(t, 10*time.Second, "the table the guest left empty", func() bool {
		row, err := e.srv.store.Table(context.Background(), made[0].ID)
		return err == nil && row.Empty
	})
}

// TestNetOf: the caps per network count an IPv6 address by its /64 and
// an IPv4 address by itself.
func TestNetOf(t *testing.T) {
	cases := []struct{ addr, want string }{
		{"203.0.113.9", "203.0.113.9"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2::ffff", "2001:db8:1:2::/64"},
		{"::1", "::/64"},
		{"pipe", "pipe"},
	}
	for _, c := range cases {
		if got := netOf(c.addr); got != c.want {
			t.Errorf("netOf(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
}

package server

import (
	"fmt"
	"testing"
	"time"
	"trull/internal/gametest"
)

// connGauge reads trull_connections by role.
func connGauge(t *testing.T, e *testEnv) map[string]float64 {
	t.Helper()
	mfs, err := e.srv.metrics.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		if mf.GetName() != "trull_connections" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "role" {
					out[l.GetValue()] = m.GetGauge().GetValue()
				}
			}
		}
	}
	return out
}

// waitGauge waits until trull_connections shows want for every role
// (roles missing from want: 0).
func waitGauge(t *testing.T, e *testEnv, want map[string]float64) {
	t.Helper()
	gametest.Eventually(t, 10*time.Second, fmt.Sprintf("trull_connections = %v", want), func() bool {
		got := connGauge(t, e)
		for _, role := range []string{"seat", "spectator"} {
			if got[role] != want[role] {
				return false
			}
		}
		for role, v := range got {
			if v != want[role] {
				return false
			}
		}
		return true
	})
}

// TestConnectionGauge: trull_connections counts exactly the open
// WebSockets by role through a seat opened twice (the first connection
// closed with 4009), people leaving, and a table that stops under its
// connections.
func TestConnectionGauge(t *testing.T) {
	e := newEnv(t, Config{})
	ends := []struct {
		name string
		end  func(t *testing.T, tb createResp, cs []*client)
	}{
		// Everybody closes their connection.
		{"leave", func(t *testing.T, tb createResp, cs []*client) {
			for _, c := range cs {
				c.ws.CloseNow()
			}
		}},
		// The table stops (unloaded, moved, lost its lock): it closes
		// every connection with 1012.
		{"table stops", func(t *testing.T, tb createResp, cs []*client) {
			e.srv.mu.Lock()
			tab := e.srv.tables[tb.ID].t
			e.srv.mu.Unlock()
			tab.halt()
			for _, c := range cs {
				if code := c.closeCode(); code != statusRestart {
					t.Errorf("closed with %v, want 1012", code)
				}
			}
		}},
	}
	for _, end := range ends {
		t.Run(end.name, func(t *testing.T) {
			tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
			ben := e.claim(tb.ID, tb.Invites[0].URL, "Ben")
			ann := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
			ann.state()
			bob := e.dialT(t, tb.ID, "token="+ben.SeatToken, nil)
			bob.state()
			watchers := []*client{e.dialT(t, tb.ID, "spectate=1", nil), e.dialT(t, tb.ID, "spectate=1&host="+tb.HostToken, nil)}
			for _, w := range watchers {
				w.state()
			}
			waitGauge(t, e, map[string]float64{"seat": 2, "spectator": 2})

			// Ann opens her seat in a second window: the first one is
			// closed with 4009 and the count of seats stays.
			ann2 := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
			ann2.state()
			if code := ann.closeCode(); code != statusReplaced {
				t.Fatalf("the replaced connection was closed with %v, want 4009", code)
			}
			waitGauge(t, e, map[string]float64{"seat": 2, "spectator": 2})
			// And a third time.
			ann3 := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
			ann3.state()
			if code := ann2.closeCode(); code != statusReplaced {
				t.Fatalf("the replaced connection was closed with %v, want 4009", code)
			}
			waitGauge(t, e, map[string]float64{"seat": 2, "spectator": 2})

			end.end(t, tb, append([]*client{ann3, bob}, watchers...))
			waitGauge(t, e, map[string]float64{})
		})
	}
}

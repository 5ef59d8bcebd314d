package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"trull/internal/guide"
)

// guideOf reads the guide of a state message, nil when it has none.
func guideOf(t *testing.T, m tMsg) *guide.Guide {
	t.Helper()
	var msg struct {
		Guide *guide.Guide `json:"guide"`
	}
	if err := json.Unmarshal(m.raw, &msg); err != nil {
		t.Fatal(err)
	}
	return msg.Guide
}

// TestGuidedTable: a table created for a lesson deals the lesson's hand
// with the person at its seat and bots elsewhere, sends the person's seat
// the guide (and a spectator none), and the person who follows the
// guide's suggestions plays the hand to its end, where the guide explains
// the count and the score. An unknown lesson is refused with the reason.
func TestGuidedTable(t *testing.T) {
	e := newEnv(t, Config{})
	var bad struct {
		Error string `json:"error"`
	}
	if code := e.do("POST", "/api/tables", map[string]any{"name": "Ann", "lesson": "tarock"}, &bad); code != http.StatusBadRequest || !strings.Contains(bad.Error, `no lesson "tarock"`) {
		t.Fatalf("an unknown lesson: %d %q", code, bad.Error)
	}
	for _, l := range guide.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			cr := e.create(map[string]any{"name": "Ann", "lesson": l.Name})
			if cr.Seat != l.Seat || len(cr.Invites) != 0 {
				t.Fatalf("created seat %d with invites %v, want seat %d and bots elsewhere", cr.Seat, cr.Invites, l.Seat)
			}
			spec := e.dial(cr.ID, "spectate=1", nil)
			c := e.dial(cr.ID, "token="+cr.SeatToken, nil)
			m := c.waitFor("a state", func(m tMsg) bool { return m.state != nil })
			var g *guide.Guide
			for deadline := time.Now().Add(30 * time.Second); ; {
				if time.Now().After(deadline) {
					t.Fatal("the guided hand did not end")
				}
				if m.state != nil {
					if g = guideOf(t, m); g == nil {
						t.Fatalf("a state without the guide: %s", m.raw)
					}
					if m.state.Done {
						break
					}
					if len(m.state.Legal) > 0 {
						if g.Suggest == nil {
							t.Fatalf("the guide points at nothing in phase %s", g.Phase)
						}
						m = c.answer(c.send(map[string]any{"type": "act", "action": g.Suggest}))
						if m.state == nil {
							t.Fatalf("the guide's action %+v is refused: %s", g.Suggest, m.Error)
						}
						continue
					}
				}
				m = c.next(10 * time.Second)
			}
			if g.Phase != "done" || len(g.Intro) != 2 || g.Intro[0].Code != "count."+l.Game || g.Intro[1].Code != "score."+l.Game {
				t.Fatalf("the end's guide: %+v", g)
			}
			sm := spec.waitFor("a state", func(m tMsg) bool { return m.state != nil })
			if guideOf(t, sm) != nil {
				t.Fatalf("a spectator is sent the guide: %s", sm.raw)
			}
		})
	}
}

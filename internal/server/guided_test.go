package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
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

// TestGuidedNoLeak is the hidden-information property of a guided table,
// end to end: every state message to the person's seat — the guide with
// its advice, its limits and its explanations included — names no card
// the rules' knowledge tracker says the seat may know at that step, but
// for the seat's own choices (a trump it may call is on its button, and
// the called trump is said aloud).
func TestGuidedNoLeak(t *testing.T) {
	e := newEnv(t, Config{})
	for _, l := range guide.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			cr := e.create(map[string]any{"name": "Ann", "lesson": l.Name})
			var mu sync.Mutex
			var got [][]byte
			c := e.dial(cr.ID, "token="+cr.SeatToken, func(b []byte) {
				mu.Lock()
				got = append(got, append([]byte(nil), b...))
				mu.Unlock()
			})
			isState := func(m tMsg) bool { return m.state != nil }
			m := c.waitFor("a state", isState)
			for deadline := time.Now().Add(30 * time.Second); !m.state.Done; {
				if time.Now().After(deadline) {
					t.Fatal("the guided hand did not end")
				}
				if g := guideOf(t, m); len(m.state.Legal) > 0 && g != nil && g.Suggest != nil {
					if a := c.answer(c.send(map[string]any{"type": "act", "action": g.Suggest})); a.state != nil {
						m = a
						continue
					}
				}
				m = c.waitFor("a state", isState)
			}
			rec, r, hs := e.dealtHand(t, cr.ID, 0)
			tr := knowledge.New(hs)
			viewer := game.ViewerOf(l.Seat).WithReview(true)
			may := []card.Set{tr.Visible(viewer)}
			for i, ra := range rec.Actions {
				acts, err := r.DecodeAction(hs, ra)
				if err != nil {
					t.Fatalf("action %d: %v", i, err)
				}
				for _, a := range acts {
					if err := tr.Apply(a); err != nil {
						t.Fatalf("action %d: %v", i, err)
					}
				}
				may = append(may, tr.Visible(viewer))
			}
			mu.Lock()
			defer mu.Unlock()
			guides := 0
			for _, raw := range got {
				var m struct {
					Type  string `json:"type"`
					Step  int    `json:"step"`
					Model struct {
						CalledTrump int `json:"called_trump"`
					} `json:"model"`
					Guide json.RawMessage `json:"guide"`
				}
				json.Unmarshal(raw, &m)
				if m.Type != "state" {
					continue
				}
				if m.Step >= len(may) {
					t.Fatalf("a state of step %d, which the record does not have", m.Step)
				}
				known := may[m.Step]
				rest, legal := splitLegal(raw)
				for _, id := range strings.FieldsFunc(legal, func(r rune) bool {
					return !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-", r)
				}) {
					if c, err := r.Pack().Parse(id); err == nil {
						known.Add(c)
					}
				}
				if m.Model.CalledTrump > 0 {
					known.Add(card.Trump(m.Model.CalledTrump))
				}
				b, _ := json.Marshal(rest)
				if leak, err := knowledge.JSONLeaks(r, b, known); err != nil || !leak.Empty() {
					t.Fatalf("step %d: the seat was told %s (%v):\n%s", m.Step, leak, err, raw)
				}
				// The guide's lists of cards are comma-separated: each is read.
				var v any
				json.Unmarshal(m.Guide, &v)
				for _, str := range stringsIn(v) {
					for _, id := range strings.Split(str, ",") {
						if c, err := r.Pack().Parse(id); err == nil && !known.Has(c) {
							t.Fatalf("step %d: the guide names %s:\n%s", m.Step, id, m.Guide)
						}
					}
				}
				if len(m.Guide) > 0 {
					guides++
				}
			}
			if guides < 10 {
				t.Fatalf("only %d guides checked", guides)
			}
		})
	}
}

// stringsIn returns every string of a decoded JSON value, keys included.
func stringsIn(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, stringsIn(x)...)
		}
		return out
	case map[string]any:
		var out []string
		for k, x := range v {
			out = append(out, k)
			out = append(out, stringsIn(x)...)
		}
		return out
	}
	return nil
}

// dealtHand fetches the record of a table's finished deal and deals it
// again: the record, its rules and the state before the first action.
func (e *testEnv) dealtHand(t *testing.T, id string, deal int) (game.Record, game.Rules, game.State) {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/%d", e.ts.URL, id, deal))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var rec game.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("hand %d: %v", deal, err)
	}
	r, err := rec.RulesOf()
	if err != nil {
		t.Fatal(err)
	}
	deck, _ := rec.DeckOf(r)
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	return rec, r, st
}

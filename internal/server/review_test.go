package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
	"trull/internal/tablemodel"
)

// TestOpenReviewTable: the create request's open_review is kept with the
// table and shown in its state; at such a table every finished trick is
// shown to the seat and a spectator, at another one the seat's state shows
// exactly the tricks Droggn's rules let it look back at (its side's, and
// the trick just finished until the next lead).
func TestOpenReviewTable(t *testing.T) {
	e := newEnv(t, Config{})
	for _, open := range []bool{false, true} {
		t.Run(fmt.Sprintf("open_review=%v", open), func(t *testing.T) {
			tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "open_review": open})
			c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
			spec := e.dialT(t, tb.ID, "spectate=1", nil)
			// The sitting has no end: a hand that ends before its fifth
			// trick (thrown in, a Super Mord lost early) is followed by
			// the next one.
			rng := rand.New(rand.NewPCG(3, 3))
			var m tablemodel.Model
			st := c.playUntil(rng, func(s *tState) bool {
				if err := json.Unmarshal(s.Model, &m); err != nil {
					t.Fatal(err)
				}
				return len(m.Tricks) >= 4 && m.Trick != nil && len(m.Trick.Plays) > 0
			})
			if st.Table.OpenReview != open {
				t.Fatalf("the table says open_review %v, created with %v", st.Table.OpenReview, open)
			}
			for i, tk := range m.Tricks {
				may := open || (tk.Winner == m.Declarer) == (m.Seat == m.Declarer)
				if shown := !tk.Hidden && len(tk.Plays) == 3; shown != may {
					t.Errorf("trick %d won by seat %d (declarer %d): shown %v to seat %d, want %v", i+1, tk.Winner, m.Declarer, shown, m.Seat, may)
				}
			}
			ss := spec.waitFor("the spectator's state", func(msg tMsg) bool { return msg.state != nil && msg.state.Seq == st.Seq }).state
			var sm tablemodel.Model
			if err := json.Unmarshal(ss.Model, &sm); err != nil {
				t.Fatal(err)
			}
			for i, tk := range sm.Tricks {
				if shown := !tk.Hidden && len(tk.Plays) == 3; shown != open {
					t.Errorf("the spectator is shown trick %d: %v, want %v", i+1, shown, open)
				}
			}
		})
	}
}

// TestReplayReview: POST /api/replay of a finished hand shows every trick
// at every step, as before; of a record that stops while the cards are
// played (a running hand), each step's views show exactly the tricks each
// viewer may look back at by the rules, and name no other trick's cards.
func TestReplayReview(t *testing.T) {
	e := newEnv(t, Config{})
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "droggn", Players: 4}, {Game: "strohmandeln", Players: 2}} {
		t.Run(v.String(), func(t *testing.T) {
			r, err := v.Rules()
			if err != nil {
				t.Fatal(err)
			}
			// A hand with cards played to at least six tricks.
			var deck []card.Card
			var dealer int
			var hist []game.Action
			for i := 0; len(hist) == 0; i++ {
				deck, dealer = knowledge.Deal(r, "replay-review", i)
				err := knowledge.Play(r, "replay-review", i, func(tr *knowledge.Tracker) error {
					if tr.State().Done() {
						hist = tr.State().History()
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				plays := 0
				for _, a := range hist {
					if a.Kind == game.KindPlay {
						plays++
					}
				}
				if plays < 6*3 {
					hist = nil
				}
			}
			names := make([]string, r.Seats())
			for i := range names {
				names[i] = fmt.Sprintf("P%d", i)
			}
			// The whole hand, and the hand cut in its card play.
			cut := len(hist) - 2*r.Seats() - 1
			for _, n := range []int{len(hist), cut} {
				rec := game.NewRecord(r, names, dealer, deck, hist[:n])
				body, _ := json.Marshal(rec)
				var out struct {
					Complete bool `json:"complete"`
					Steps    []struct {
						Model  tablemodel.Model   `json:"model"`
						Models []tablemodel.Model `json:"models"`
						View   json.RawMessage    `json:"view"`
						Views  []json.RawMessage  `json:"views"`
					} `json:"steps"`
				}
				if code := e.do("POST", "/api/replay", json.RawMessage(body), &out); code != 200 {
					t.Fatalf("replay of %d actions: status %d", n, code)
				}
				if out.Complete != (n == len(hist)) {
					t.Fatalf("replay of %d of %d actions: complete %v", n, len(hist), out.Complete)
				}
				// Step through the same actions with the tracker: a finished
				// hand's steps as at an open-review table, a running one's
				// by the rules.
				st, err := r.NewState(deck, dealer)
				if err != nil {
					t.Fatal(err)
				}
				tr := knowledge.New(st)
				if len(out.Steps) != len(rec.Actions)+1 {
					t.Fatalf("%d steps for %d record actions", len(out.Steps), len(rec.Actions))
				}
				hidden := 0
				for step, sv := range out.Steps {
					if step > 0 {
						acts, err := r.DecodeAction(st, rec.Actions[step-1])
						if err != nil {
							t.Fatal(err)
						}
						for _, a := range acts {
							if err := tr.Apply(a); err != nil {
								t.Fatal(err)
							}
						}
					}
					for seat := -1; seat < r.Seats(); seat++ {
						viewer := game.ViewerOf(seat).WithReview(out.Complete)
						m, view := sv.Model, sv.View
						if seat >= 0 {
							m, view = sv.Models[seat], sv.Views[seat]
						}
						if err := tr.CheckModel(viewer, &m); err != nil {
							t.Fatalf("step %d: %v", step, err)
						}
						if leak, err := knowledge.JSONLeaks(r, view, tr.Visible(viewer)); err != nil || !leak.Empty() {
							t.Fatalf("step %d: the view of %s names %s (%v)", step, viewer, leak, err)
						}
						for _, tk := range m.Tricks {
							if tk.Hidden {
								hidden++
							}
						}
					}
				}
				if out.Complete != (hidden == 0) {
					t.Errorf("replay of %d of %d actions: %d tricks turned down over its steps", n, len(hist), hidden)
				}
			}
		})
	}
}

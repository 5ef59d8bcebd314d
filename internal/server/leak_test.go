package server

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest"
	"trull/internal/gametest/knowledge"
	"trull/internal/store"
	"trull/internal/tablemodel"
)

// received is one message a connection got.
type received struct {
	seat int // -1: spectator
	raw  []byte
}

// TestNoLeak is the hidden-information property over many seeded
// sittings of every game, end to end: no message to a seat or a spectator
// ever names a card that seat may not know at that point of the hand. Every
// seat is a connected person or a bot; the hands are replayed from their
// records through the rules' knowledge tracker (gametest/knowledge), not
// the engines' MayKnow, to know what each seat may know after each step.
func TestNoLeak(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 2
	}
	e := newEnv(t, Config{})
	type variant struct {
		game    string
		players int
		options map[string]any
	}
	vs := []variant{
		{"droggn", 3, nil}, {"droggn", 4, nil}, {"droggn", 3, map[string]any{"exposeTalonInAnsager": true, "buyOfferRestricted": true}},
		{"troggu", 3, nil}, {"troggu", 4, nil}, {"troggu", 5, nil}, {"troggu", 6, nil}, {"troggu", 7, nil}, {"troggu", 8, nil},
		{"strohmandeln", 2, nil}, {"strohmandeln", 2, map[string]any{"allowDoubling": true}},
	}
	for _, v := range vs {
		info, ok := game.Lookup(v.game)
		if !ok {
			t.Fatalf("%s is not registered", v.game)
		}
		for seed := 0; seed < seeds; seed++ {
			name := fmt.Sprintf("%s-%d-%v-%d", v.game, v.players, v.options, seed)
			t.Run(name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(seed), uint64(v.players)))
				bots := make([]string, v.players)
				// Seed 0: every seat a person; later seeds: some bots.
				for s := 1; s < v.players && seed > 0; s++ {
					if rng.IntN(2) == 0 {
						bots[s] = "rules"
					}
				}
				opts := v.options
				if opts == nil {
					opts = map[string]any{}
				}
				if _, err := info.New(rawOptions(opts), v.players); err != nil {
					t.Skipf("variant not offered: %v", err)
				}
				checkNoLeak(t, e, v.game, v.players, opts, bots, rng)
			})
		}
	}
}

func rawOptions(o map[string]any) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range o {
		b, _ := json.Marshal(v)
		out[k] = b
	}
	return out
}

func checkNoLeak(t *testing.T, e *testEnv, gameName string, players int, opts map[string]any, bots []string, rng *rand.Rand) {
	tb := e.create(map[string]any{"game": gameName, "players": players, "bots": bots, "options": opts, "name": "P0", "hands": 2})
	tokens := map[int]string{tb.Seat: tb.SeatToken}
	for i, inv := range tb.Invites {
		tokens[inv.Seat] = e.claim(tb.ID, inv.URL, fmt.Sprintf("P%d", i+1)).SeatToken
	}
	var mu sync.Mutex
	var got []received
	record := func(seat int) func([]byte) {
		return func(b []byte) {
			mu.Lock()
			got = append(got, received{seat, append([]byte(nil), b...)})
			mu.Unlock()
		}
	}
	spec := e.dialT(t, tb.ID, "spectate=1", record(-1))
	var clients []*client
	for seat := 0; seat < players; seat++ {
		if tok, ok := tokens[seat]; ok {
			clients = append(clients, e.dialT(t, tb.ID, "token="+tok, record(seat)))
		}
	}
	// One goroutine drives every person's seat.
	deadline := time.Now().Add(10 * time.Second)
	var final *tState
	for final == nil {
		if time.Now().After(deadline) {
			for _, c := range clients {
				t.Logf("seat %d: %s", c.last.You, c.last.raw())
			}
			t.Fatal("the sitting did not end in time")
		}
		moved := false
		for _, c := range clients {
			st := c.latest()
			switch {
			case st.Table.State == store.StatusOver:
				final = st
			case st.Done && c == clients[0]:
				c.answer(c.send(map[string]any{"type": "next"}))
				moved = true
			case len(st.Legal) > 0 && !st.Done:
				a := pickAction(rng, st.Legal)
				if m := c.answer(c.send(map[string]any{"type": "act", "action": a})); m.Type == "error" && a["act"] != "discard" {
					t.Fatalf("legal action %v refused: %s", a, m.Error)
				}
				moved = true
			}
			if final != nil {
				break
			}
		}
		if !moved && final == nil {
			awaitAny(t, clients...)
		}
	}
	spec.waitFor("the spectator's last state", func(m tMsg) bool { return m.state != nil && m.state.Seq == final.Seq })
	for _, c := range clients {
		for c.latest().Seq < final.Seq {
			awaitAny(t, c)
		}
	}

	mu.Lock()
	defer mu.Unlock()
	verifyNoLeak(t, e, tb.ID, final, got, bots)
}

// verifyNoLeak checks every state message a table sent (got) against
// what its receiver may know at that hand and step, by the knowledge
// tracker's replay of the table's hand records, and its legal actions
// against the seat's (bots names each seat's bot, "" for a person).
func verifyNoLeak(t *testing.T, e *testEnv, id string, final *tState, got []received, bots []string) {
	players := len(bots)
	// Replay every dealt hand: may[deal][step][seat+1].
	may := map[int][][]card.Set{}
	legals := map[int][][]string{}
	var rules game.Rules
	for _, row := range final.Table.Sheet {
		rec, r, st := e.dealtHand(t, id, row.Deal)
		rules = r
		tr := knowledge.New(st)
		var steps [][]card.Set
		var ls [][]string
		snap := func() {
			out := make([]card.Set, players+1)
			l := make([]string, players+1)
			for s := -1; s < players; s++ {
				out[s+1] = tr.Visible(game.ViewerOf(s))
				l[s+1] = "[]"
				if s >= 0 && s == st.ToAct() && bots[s] == "" {
					b, _ := json.Marshal(game.LegalRecordActions(st))
					var v any
					json.Unmarshal(b, &v)
					b, _ = json.Marshal(v) // the key order splitLegal gives
					l[s+1] = string(b)
				}
			}
			steps, ls = append(steps, out), append(ls, l)
		}
		snap()
		for i, ra := range rec.Actions {
			acts, err := r.DecodeAction(st, ra)
			if err != nil {
				t.Fatalf("hand %d action %d: %v", row.Deal, i, err)
			}
			for _, a := range acts {
				if err := tr.Apply(a); err != nil {
					t.Fatalf("hand %d action %d: %v", row.Deal, i, err)
				}
			}
			snap()
		}
		may[row.Deal], legals[row.Deal] = steps, ls
	}
	checked := 0
	for _, m := range got {
		var head struct {
			Type string `json:"type"`
			Hand int    `json:"hand"`
			Step int    `json:"step"`
		}
		json.Unmarshal(m.raw, &head)
		if head.Type != "state" {
			// Chat is what people typed; errors and hints answer a seat's
			// own message about its own cards. Views travel in states.
			continue
		}
		steps, ok := may[head.Hand]
		if !ok || head.Step >= len(steps) {
			t.Fatalf("a state of hand %d step %d, which the records do not have", head.Hand, head.Step)
		}
		rest, legal := splitLegal(m.raw)
		if want := legals[head.Hand][head.Step][m.seat+1]; legal != want {
			t.Fatalf("seat %d at hand %d step %d was offered %s, want %s", m.seat, head.Hand, head.Step, legal, want)
		}
		leak, err := gametest.ViewLeaks(rules, rest, steps[head.Step][m.seat+1])
		if err != nil {
			t.Fatal(err)
		}
		if more, err := knowledge.JSONLeaks(rules, m.raw, steps[head.Step][m.seat+1]); err != nil || !more.Empty() {
			t.Fatalf("seat %d was told %s at hand %d step %d (%v):\n%s", m.seat, more, head.Hand, head.Step, err, m.raw)
		}
		if !leak.Empty() {
			t.Fatalf("seat %d was told %s at hand %d step %d:\n%s", m.seat, leak, head.Hand, head.Step, m.raw)
		}
		checked++
	}
	if checked < players {
		t.Fatalf("only %d state messages checked", checked)
	}
}

// splitLegal returns the message without its legal actions, and them.
// Legal actions may name cards as questions (Droggn's asked card, Troggu's
// called trump), so they are not scanned for card names; instead they
// must be exactly the seat's legal actions, which depend only on its view
// (the conformance suite checks that every resampled world offers the
// same).
func splitLegal(raw []byte) (map[string]any, string) {
	var m map[string]any
	json.Unmarshal(raw, &m)
	legal, _ := json.Marshal(m["legal"])
	delete(m, "legal")
	return m, string(legal)
}

// TestStateMessages is the hidden-information property of the state
// message, the one message that carries a hand, over many seeded hands of
// every variant whose secrets differ: at every step, the message built for
// each seat and for a spectator names no card the rules' knowledge tracker
// says that viewer may see now (legal actions aside, which are the seat's
// own choices), and its model shows exactly the finished tricks the viewer
// may look back at by the game's information rules. Every fifth hand is
// played at an open-review table, where every trick is shown.
// TRULL_LEAK_HANDS=10000 runs the full form.
func TestStateMessages(t *testing.T) {
	total := knowledge.Hands(t, 60)
	counts := map[string][2]int{}
	for _, v := range knowledge.Variants() {
		hands := knowledge.PerVariant(v.Game, total)
		t.Run(v.String(), func(t *testing.T) {
			r, err := v.Rules()
			if err != nil {
				t.Fatal(err)
			}
			tb := &table{rules: r, bots: map[string]bot.Bot{}, log: slog.New(slog.DiscardHandler), started: true}
			for s := 0; s < r.Seats(); s++ {
				tb.seats = append(tb.seats, &seatState{name: fmt.Sprintf("P%d", s)})
			}
			tp := tableParts{base: json.RawMessage(`{"id":"x"}`)}
			msgs := 0
			for i := 0; i < hands; i++ {
				tb.cfg.OpenReview = i%5 == 4
				err := knowledge.Play(r, "state-messages", i, func(tr *knowledge.Tracker) error {
					tb.st, tb.step = tr.State(), len(tr.State().History())
					views := map[int]*seatView{}
					for s := -1; s < r.Seats(); s++ {
						viewer := game.ViewerOf(s).WithReview(tb.cfg.OpenReview)
						m := tb.stateFor(&conn{seat: s, host: s == 0}, &tp, views, nil)
						leak, err := knowledge.JSONLeaks(r, m, tr.Visible(viewer))
						if err != nil {
							return err
						}
						if !leak.Empty() {
							return fmt.Errorf("%s is told %s: %s", viewer, leak, m)
						}
						var msg struct {
							Model tablemodel.Model `json:"model"`
						}
						if err := json.Unmarshal(m, &msg); err != nil {
							return err
						}
						if err := tr.CheckModel(viewer, &msg.Model); err != nil {
							return err
						}
						msgs++
					}
					return nil
				})
				if err != nil {
					t.Fatalf("hand %d: %v", i, err)
				}
			}
			c := counts[v.Game]
			counts[v.Game] = [2]int{c[0] + hands, c[1] + msgs}
		})
	}
	t.Logf("hands and state messages checked per game: %v", counts)
}

package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestTakeback: at a table of bots the person takes back their last
// decision and the bots' replies; the state's seq keeps growing, the log
// keeps the taken-back actions and the takebacks endpoint lists them
// beside the finished hand's record. A takeback is refused before the
// first decision and at a table where another person sits.
func TestTakeback(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
	st := c.state()
	rng := rand.New(rand.NewPCG(5, 5))
	if len(st.Legal) > 0 && st.Step == 0 {
		m := c.answer(c.send(map[string]any{"type": "takeback"}))
		if m.Type != "error" || m.Code != "nothing_to_take_back" {
			t.Fatalf("takeback before any decision: got %s", m.raw)
		}
	}
	// Play two of Ann's decisions, then take the second one back.
	var before *tState
	decisions := 0
	st = c.playUntil(rng, func(s *tState) bool {
		if len(s.Legal) > 0 && !s.Done {
			if decisions == 1 {
				before = s
			}
			decisions++
		}
		return decisions == 3 || s.Done
	})
	if st.Done || before == nil {
		t.Skip("the hand ended before Ann's second decision")
	}
	m := c.answer(c.send(map[string]any{"type": "takeback"}))
	if m.state == nil {
		t.Fatalf("takeback refused: %s", m.raw)
	}
	if m.state.Seq <= st.Seq {
		t.Fatalf("seq %d after the takeback, %d before: it must grow", m.state.Seq, st.Seq)
	}
	if m.state.Step != before.Step || string(m.state.Model) != string(before.Model) || len(m.state.Legal) != len(before.Legal) {
		t.Fatalf("after the takeback the table is at step %d, want Ann's decision at step %d as it was", m.state.Step, before.Step)
	}
	taken := st.Step - before.Step
	// Play the hand to its end; the finished record holds the line played.
	st = c.playUntil(rng, func(s *tState) bool { return s.Done })
	hand := st.Hand
	var rec struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/0", nil, &rec); code != 200 || hand != 0 {
		t.Fatalf("hand 0: status %d (hand %d)", code, hand)
	}
	var tbs struct {
		Takebacks []takenBack `json:"takebacks"`
	}
	if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/0/takebacks", nil, &tbs); code != 200 {
		t.Fatalf("takebacks: status %d", code)
	}
	if len(tbs.Takebacks) != 1 || tbs.Takebacks[0].Step != before.Step || tbs.Takebacks[0].Seat != 0 || len(tbs.Takebacks[0].Actions) != taken {
		t.Fatalf("takebacks %+v, want one at step %d of seat 0 with %d actions", tbs.Takebacks, before.Step, taken)
	}
	evs, err := e.srv.store.Events(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	acts, backs := 0, 0
	for _, ev := range evs {
		switch ev.Kind {
		case evAct:
			acts++
		case evTakeback:
			backs++
		}
	}
	if backs != 1 || acts != len(rec.Actions)+taken {
		t.Fatalf("the log holds %d acts and %d takebacks; want %d acts (record %d + taken back %d) and 1 takeback", acts, backs, len(rec.Actions)+taken, len(rec.Actions), taken)
	}
	// After a restart the table replays the takeback from its log.
	e.restart()
	c2 := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
	if s := c2.state(); s.Hand != hand || !s.Done {
		t.Fatalf("after a restart: hand %d done %v, want hand %d done", s.Hand, s.Done, hand)
	}
	m = c2.answer(c2.send(map[string]any{"type": "takeback"}))
	if m.Type != "error" || m.Code != "hand_over" {
		t.Fatalf("takeback after the hand: got %s", m.raw)
	}
}

// TestTakebackRefusedWithPeople: where another person sits (or may sit)
// the takeback is refused with its reason and the table is unchanged.
func TestTakebackRefusedWithPeople(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", ""}, "name": "Ann"})
	c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
	st := c.state()
	m := c.answer(c.send(map[string]any{"type": "takeback"}))
	if m.Type != "error" || m.Code != "not_practice" {
		t.Fatalf("takeback with a person's seat at the table: got %s", m.raw)
	}
	if s := c.latest(); s.Step != st.Step || s.Seq != st.Seq {
		t.Fatalf("the refused takeback changed the table: step %d seq %d, was %d %d", s.Step, s.Seq, st.Step, st.Seq)
	}
	spec := e.dialT(t, tb.ID, "spectate=1", nil)
	spec.state()
	if m := spec.answer(spec.send(map[string]any{"type": "takeback"})); m.Type != "error" || m.Code != "spectator" {
		t.Fatalf("a spectator's takeback: got %s", m.raw)
	}
}

// TestAgain: after a hand at a table of bots, "again" deals the same deck
// with the same dealer as the next hand; the record of the new hand shows
// the same deck under its own number, and a restart replays it.
func TestAgain(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
	c.state()
	if m := c.answer(c.send(map[string]any{"type": "again"})); m.Type != "error" || m.Code != "hand_going" {
		t.Fatalf("again during the hand: got %s", m.raw)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	st := c.playUntil(rng, func(s *tState) bool { return s.Done })
	m := c.answer(c.send(map[string]any{"type": "again"}))
	if m.state == nil {
		t.Fatalf("again refused: %s", m.raw)
	}
	if m.state.Hand != st.Hand+1 || m.state.Done || m.state.Seq <= st.Seq {
		t.Fatalf("after again: hand %d done %v seq %d; want hand %d in play and seq above %d", m.state.Hand, m.state.Done, m.state.Seq, st.Hand+1, st.Seq)
	}
	c.playUntil(rng, func(s *tState) bool { return s.Done && s.Hand == st.Hand+1 })
	type rec struct {
		Dealer int             `json:"dealer"`
		Deck   json.RawMessage `json:"deck"`
	}
	var first, second rec
	if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/"+strconv.Itoa(st.Hand), nil, &first); code != 200 {
		t.Fatalf("hand %d: status %d", st.Hand, code)
	}
	if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/"+strconv.Itoa(st.Hand+1), nil, &second); code != 200 {
		t.Fatalf("hand %d: status %d", st.Hand+1, code)
	}
	if len(first.Deck) == 0 || string(first.Deck) != string(second.Deck) || first.Dealer != second.Dealer {
		t.Fatalf("the deal played again has deck %s dealer %d; the first %s dealer %d", second.Deck, second.Dealer, first.Deck, first.Dealer)
	}
	e.restart()
	c2 := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
	if s := c2.state(); s.Hand != st.Hand+1 || !s.Done {
		t.Fatalf("after a restart: hand %d done %v, want hand %d done", s.Hand, s.Done, st.Hand+1)
	}
}

// TestTakebackOfDiscard: a takeback in the talon phase brings back the
// decision to lay away, with the talon in the hand again.
func TestTakebackOfDiscard(t *testing.T) {
	e := newEnv(t, Config{})
	for try := 0; try < 20; try++ {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
		c := e.dialT(t, tb.ID, "token="+tb.SeatToken, nil)
		rng := rand.New(rand.NewPCG(uint64(try), 9))
		var discard *tState
		st := c.playUntil(rng, func(s *tState) bool {
			if s.Done {
				return true
			}
			if discard != nil && len(s.Legal) > 0 && s.Step > discard.Step {
				return true
			}
			for _, l := range s.Legal {
				if strings.Contains(string(l), `"discard"`) {
					discard = s
					break
				}
			}
			return false
		})
		if st.Done || discard == nil {
			continue
		}
		m := c.answer(c.send(map[string]any{"type": "takeback"}))
		if m.state == nil {
			t.Fatalf("takeback after the discard refused: %s", m.raw)
		}
		if m.state.Step != discard.Step || string(m.state.Model) != string(discard.Model) {
			t.Fatalf("after the takeback: step %d, want the discard decision at step %d as it was", m.state.Step, discard.Step)
		}
		return
	}
	t.Fatal("in 20 hands Ann never laid away cards")
}

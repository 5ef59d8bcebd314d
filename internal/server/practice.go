package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"trull/internal/game"
	"trull/internal/store"
)

// evTakeback is the event of a takeback at a practice table: the person
// takes back their last decision of the hand being played, and every bot
// action after it. The log keeps the taken-back actions (their act events
// stay where they are); the hand record holds the line finally played.
const evTakeback = "takeback" // takebackData

// evAgain is the event of a deal played again at a practice table: the
// next hand has the deck and the dealer of the hand just finished
// (sitting.Again).
const evAgain = "again" // dealData: Hand is the new deal's number

// takebackData takes the hand back from step From to step Step, the
// index of Seat's last decision; the actions Step..From-1 are taken back.
type takebackData struct {
	Hand int `json:"hand"`
	Step int `json:"step"`
	From int `json:"from"`
	Seat int `json:"seat"`
}

// practiceTable reports whether no other person sits at the table than
// the one in seat: every other seat is a bot's.
func (t *table) practiceTable(seat int) bool {
	for i, s := range t.seats {
		if i != seat && s.bot == "" {
			return false
		}
	}
	return true
}

// lastDecision returns the step of seat's last own decision in the hand
// being played, or -1 if there is none.
func (t *table) lastDecision(seat int) int {
	for i := len(t.acts) - 1; i >= 0; i-- {
		a := t.acts[i]
		if a.Bot == "" && a.Action.Seat != nil && *a.Action.Seat == seat {
			return i
		}
	}
	return -1
}

// takeback answers the "takeback" message: refused where another person
// sits, for spectators, before the first decision and after the hand.
func (t *table) takeback(c *conn, m clientMsg) {
	step := -1
	switch {
	case c.seat < 0:
		t.refuse(c, m.Seq, "takeback", "spectator", nil, "takeback: spectators have no decision to take back")
		return
	case !t.practiceTable(c.seat):
		t.refuse(c, m.Seq, "takeback", "not_practice", nil, "takeback: another person plays at this table; takebacks are only for tables of bots")
		return
	case t.st.Done():
		t.refuse(c, m.Seq, "takeback", string(game.CodeHandOver), nil, "takeback: the hand is over; play this deal again instead")
		return
	case t.botFor(c.seat) != nil:
		t.refuse(c, m.Seq, "takeback", "bot_plays", nil, "takeback: a bot plays seat %d now", c.seat)
		return
	default:
		if step = t.lastDecision(c.seat); step < 0 {
			t.refuse(c, m.Seq, "takeback", "nothing_to_take_back", nil, "takeback: you have made no decision in this hand yet")
			return
		}
	}
	if err := t.commit(event{evTakeback, takebackData{Hand: t.hand, Step: step, From: t.step, Seat: c.seat}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "takeback: could not save; try again")
		return
	}
	t.afterChange(c, m.Seq)
}

// applyTakeback deals the hand afresh from its deck and plays it up to
// the step taken back to.
func (t *table) applyTakeback(d takebackData) error {
	if t.st == nil || t.st.Done() || d.Hand != t.hand || d.From != t.step || d.Step < 0 || d.Step >= t.step || d.Step >= len(t.acts) {
		return fmt.Errorf("takeback of hand %d from step %d to %d, the table is at hand %d step %d", d.Hand, d.From, d.Step, t.hand, t.step)
	}
	st, err := t.rules.NewState(t.sit.Deck(t.hand), t.st.Dealer())
	if err != nil {
		return err
	}
	for _, a := range t.acts[:d.Step] {
		if err := game.ApplyRecordAction(st, a.Action); err != nil {
			return err
		}
	}
	t.st, t.step, t.acts = st, d.Step, t.acts[:d.Step]
	t.takebacks++
	return nil
}

// again answers the "again" message: after a hand, deal its cards once
// more at a table where no other person sits.
func (t *table) again(c *conn, m clientMsg) {
	switch {
	case c.seat < 0:
		t.refuse(c, m.Seq, "again", "spectator", nil, "again: spectators cannot deal")
		return
	case !t.practiceTable(c.seat):
		t.refuse(c, m.Seq, "again", "not_practice", nil, "again: another person plays at this table; a deal is played again only at tables of bots")
		return
	case t.lesson != nil:
		t.refuse(c, m.Seq, "again", "lesson", nil, "again: a guided hand starts again from the lobby")
		return
	case !t.st.Done():
		t.refuse(c, m.Seq, "again", "hand_going", nil, "again: the hand is still being played")
		return
	case t.sit.Over():
		t.refuse(c, m.Seq, "again", "sitting_over", nil, "again: the sitting is over")
		return
	}
	if err := t.commit(event{evAgain, dealData{Hand: t.sit.Deal(), Seat: c.seat}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "again: could not save; try again")
		return
	}
	t.afterChange(c, m.Seq)
}

// applyAgain deals the finished hand's cards again as deal d.Hand.
func (t *table) applyAgain(d dealData) error {
	return t.startHand(d, t.sit.Again)
}

// takenBack is one takeback as the hand's review shows it: the step the
// hand went back to, the seat, and the actions taken back.
type takenBack struct {
	Step    int                 `json:"step"`
	Seat    int                 `json:"seat"`
	Actions []game.RecordAction `json:"actions"`
}

// handleTakebacks answers GET /api/tables/{id}/hands/{n}/takebacks: the
// takebacks of a finished hand, from the table's log, beside its record.
func (s *Server) handleTakebacks(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		writeError(w, http.StatusBadRequest, "the hand number must be a number from 0")
		return
	}
	id := r.PathValue("id")
	if _, err := s.store.Hand(r.Context(), id, n); err != nil {
		if isNotFound(err) {
			writeError(w, http.StatusNotFound, "hand %d of this table is not finished or does not exist", n)
			return
		}
		writeError(w, http.StatusServiceUnavailable, "the hand cannot be read right now")
		return
	}
	evs, err := s.store.Events(r.Context(), id, 0)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "the hand cannot be read right now")
		return
	}
	out, err := takebacksOf(evs, n)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "the table's log cannot be read")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"hand": n, "takebacks": out})
}

// takebacksOf collects the takebacks of hand n from a table's log, in
// the order they were made.
func takebacksOf(evs []store.Event, n int) ([]takenBack, error) {
	out := []takenBack{}
	var acts []game.RecordAction
	for _, ev := range evs {
		switch ev.Kind {
		case evAct:
			var d actData
			if err := json.Unmarshal(ev.Data, &d); err != nil {
				return nil, err
			}
			if d.Hand == n {
				acts = append(acts, d.Action)
			}
		case evTakeback:
			var d takebackData
			if err := json.Unmarshal(ev.Data, &d); err != nil {
				return nil, err
			}
			if d.Hand == n && d.Step >= 0 && d.Step <= len(acts) {
				out = append(out, takenBack{Step: d.Step, Seat: d.Seat, Actions: append([]game.RecordAction(nil), acts[d.Step:]...)})
				acts = acts[:d.Step]
			}
		}
	}
	return out, nil
}

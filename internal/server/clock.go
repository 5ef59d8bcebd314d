package server

import (
	"encoding/json"
	"fmt"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/wire"
)

// The fair table among people: the turn clock, the wait for every person
// before the first deal, and the host's and a player's hold on seats.
//
//   - A table with a turn clock (createData.TurnClock seconds) gives each
//     person's decision that long; when it runs out, a bot stand-in plays
//     the decision and the seat's next ones until the person is back
//     ("back", an action, or connecting again).
//   - A table created with WaitForPlayers deals its first hand but plays
//     no action until every person seat is claimed or the host starts it
//     with bots in the empty seats ("start").
//   - The host may give any person seat to a bot ("takeover") and free a
//     seat for somebody else ("free"); a seated person may move the seat to
//     another device ("move"): both make a fresh invite for the seat.

// Takeover reasons, in takeoverData and the seats of state messages.
const (
	reasonAway  = "away"  // the person was away for the grace period
	reasonClock = "clock" // the person's turn clock ran out
	reasonHost  = "host"  // the host gave the seat to a bot
	reasonStart = "start" // nobody had claimed the seat when the host started
	reasonFree  = "free"  // the host freed the seat for somebody else
)

// Turn clock bounds of a create request, in seconds.
const (
	minTurnClock = 5
	maxTurnClock = 3600
)

// turnKey names one decision of a person: a discard of k cards is one
// decision of k actions.
type turnKey struct {
	hand, seat, from int
}

// Events of the fair table.
const (
	evStart = "start" // startData: the host started with bots in the empty seats
	evFree  = "free"  // freeData: the host freed a seat; a bot plays it until claimed
	evMove  = "move"  // moveData: a person moves the seat to another device
)

type startData struct {
	Seat int `json:"seat"` // who started (the host's seat, or -1)
}

type freeData struct {
	Seat   int    `json:"seat"`
	Invite string `json:"invite"` // hash of the seat's new invite
	Bot    string `json:"bot"`
}

type moveData struct {
	Seat   int    `json:"seat"`
	Invite string `json:"invite"` // hash of the move link's code
}

// inviteMsg answers "free" and "move": the new link for the seat, sent to
// the one who asked only.
type inviteMsg = wire.InviteMsg

// allClaimed reports whether every person seat has its person.
func (t *table) allClaimed() bool {
	for _, s := range t.seats {
		if s.bot == "" && s.token == "" {
			return false
		}
	}
	return true
}

// untouched reports whether a table of people waits for the first of them
// to open it: its first hand has not begun and no person has been
// connected since it was made or loaded. A table made through the API is
// not played in its creator's name, by bots, clocks or stand-ins, before
// anybody came.
func (t *table) untouched() bool {
	if t.arrived || t.hand > 0 || t.step > 0 {
		return false
	}
	for _, s := range t.seats {
		if s.bot == "" {
			return true
		}
	}
	return false
}

// personTurn returns the seat to act when a person plays it, else -1.
func (t *table) personTurn() int {
	if t.st == nil || t.st.Done() || t.abandoned || !t.started || t.untouched() {
		return -1
	}
	if s := t.st.ToAct(); t.botFor(s) == nil {
		return s
	}
	return -1
}

// decisionFrom returns the step at which seat's current decision began: a
// run of its discards is one decision.
func (t *table) decisionFrom(seat int) int {
	h := t.st.History()
	from := len(h)
	for from > 0 && h[from-1].Kind == game.KindDiscard && int(h[from-1].Seat) == seat {
		from--
	}
	return from
}

// turnDeadline returns when the clock of the person to act runs out (zero:
// no clock runs).
func (t *table) turnDeadline() time.Time {
	if t.cfg.TurnClock <= 0 || t.turnStart.IsZero() || t.personTurn() < 0 {
		return time.Time{}
	}
	return t.turnStart.Add(t.srv.turnClock(t.cfg.TurnClock))
}

// scheduleClock starts the clock of a person's new decision and sets the
// timer for its end.
func (t *table) scheduleClock() {
	if t.clockTimer != nil {
		t.clockTimer.Stop()
		t.clockTimer = nil
	}
	seat := t.personTurn()
	if t.cfg.TurnClock <= 0 || seat < 0 {
		t.turn, t.turnStart = turnKey{}, time.Time{}
		return
	}
	k := turnKey{hand: t.hand, seat: seat, from: t.decisionFrom(seat)}
	if k != t.turn || t.turnStart.IsZero() {
		t.turn, t.turnStart = k, time.Now()
	}
	t.clockTimer = time.NewTimer(max(0, time.Until(t.turnDeadline())))
}

// clockOut lets the stand-in play for a person whose clock ran out.
func (t *table) clockOut() {
	seat, end := t.personTurn(), t.turnDeadline()
	if seat < 0 || end.IsZero() || seat != t.turn.seat {
		t.scheduleClock()
		return
	}
	if time.Now().Before(end) {
		t.scheduleClock()
		return
	}
	if err := t.commit(event{evTakeover, takeoverData{Seat: seat, Bot: autoBotName, Reason: reasonClock}}); err != nil {
		// Try again soon; a store outage must not stall the table.
		t.clockTimer = time.NewTimer(time.Second)
		return
	}
	t.srv.metrics.clockOuts.Inc()
	t.afterChange(nil, nil)
}

// back gives a person's seat back from its stand-in.
func (t *table) back(c *conn, m clientMsg) {
	switch {
	case c.seat < 0:
		t.refuse(c, m.Seq, "back", "spectator", nil, "back: spectators have no seat")
		return
	case t.seats[c.seat].takeover == "":
		t.refuse(c, m.Seq, "back", "not_taken", nil, "back: no bot plays your seat")
		return
	}
	if err := t.commit(event{evRelease, releaseData{Seat: c.seat}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "back: could not save; try again")
		return
	}
	t.turn = turnKey{} // a fresh clock for the decision in front of the person
	t.afterChange(c, m.Seq)
}

// start lets the host start a table still waiting for people: a bot plays
// every seat nobody has claimed until somebody claims it and connects.
func (t *table) start(c *conn, m clientMsg) {
	if !t.isHost(c, m) {
		t.refuse(c, m.Seq, "start", "not_host", nil, "start: only the host may start the table")
		return
	}
	if t.started {
		t.refuse(c, m.Seq, "start", "started", nil, "start: the table has started already")
		return
	}
	name, ok := t.standIn(c, m)
	if !ok {
		return
	}
	evs := []event{{evStart, startData{Seat: c.seat}}}
	for i, s := range t.seats {
		if s.bot == "" && s.token == "" && s.takeover == "" {
			evs = append(evs, event{evTakeover, takeoverData{Seat: i, Bot: name, Reason: reasonStart}})
		}
	}
	if err := t.commit(evs...); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "start: could not save; try again")
		return
	}
	t.afterChange(c, m.Seq)
}

// free lets the host give a person's seat to somebody else: the person
// leaves it, a bot plays it, and the host gets a fresh invite for it.
func (t *table) free(c *conn, m clientMsg) {
	if !t.isHost(c, m) {
		t.refuse(c, m.Seq, "free", "not_host", nil, "free: only the host may free a seat")
		return
	}
	seat, ok := t.seatArg(c, m, "free")
	if !ok {
		return
	}
	s := t.seats[seat]
	switch {
	case s.bot != "":
		t.refuse(c, m.Seq, "free", "taken", nil, "free: seat %d is a bot's", seat)
		return
	case seat == t.cfg.HostSeat:
		t.refuse(c, m.Seq, "free", "own_seat", nil, "free: the host's own seat cannot be freed")
		return
	case t.sit.Over():
		t.refuse(c, m.Seq, "free", "sitting_over", nil, "free: the sitting is over")
		return
	}
	name, ok := t.standIn(c, m)
	if !ok {
		return
	}
	code := newToken()
	old := s.conn
	if err := t.commit(event{evFree, freeData{Seat: seat, Invite: hashToken(code), Bot: name}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "free: could not save; try again")
		return
	}
	if old != nil {
		t.dropConn(old)
		old.close(statusFreed, "the host gave this seat to somebody else")
	}
	b, _ := json.Marshal(inviteMsg{Type: "invite", Seq: m.Seq, Seat: seat, URL: "/t/" + t.id + "?invite=" + code})
	t.sendTo(c, b)
	t.afterChange(c, m.Seq)
}

// move gives a seated person a link that moves the seat to another device;
// the old device's token stops working once the link is used.
func (t *table) move(c *conn, m clientMsg) {
	switch {
	case c.seat < 0:
		t.refuse(c, m.Seq, "move", "spectator", nil, "move: spectators have no seat to move")
		return
	case t.sit.Over() || t.abandoned:
		t.refuse(c, m.Seq, "move", "sitting_over", nil, "move: the sitting is over")
		return
	}
	code := newToken()
	if err := t.commit(event{evMove, moveData{Seat: c.seat, Invite: hashToken(code)}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "move: could not save; try again")
		return
	}
	b, _ := json.Marshal(inviteMsg{Type: "invite", Seq: m.Seq, Seat: c.seat, URL: "/t/" + t.id + "?invite=" + code, Move: true})
	t.sendTo(c, b)
}

// isHost reports whether c (or the message's host token) is the host's.
func (t *table) isHost(c *conn, m clientMsg) bool {
	return c.host || (m.HostToken != "" && sameHash(t.cfg.Host, hashToken(m.HostToken)))
}

// seatArg reads the message's seat, refusing a missing or unknown one.
func (t *table) seatArg(c *conn, m clientMsg, what string) (int, bool) {
	if m.Seat == nil || *m.Seat < 0 || *m.Seat >= len(t.seats) {
		t.refuse(c, m.Seq, what, "bad_message", nil, "%s: give the seat (0…%d)", what, len(t.seats)-1)
		return 0, false
	}
	return *m.Seat, true
}

// standIn returns the bot a host's message names for a seat (default the
// bot that takes an absent person's seat).
func (t *table) standIn(c *conn, m clientMsg) (string, bool) {
	name := m.Bot
	if name == "" {
		name = autoBotName
	}
	if _, err := bot.New(name); err != nil {
		t.refuse(c, m.Seq, m.Type, "bad_message", nil, "%s: %v", m.Type, err)
		return "", false
	}
	return name, true
}

func (t *table) applyStart(startData) error {
	t.started = true
	return nil
}

func (t *table) applyFree(d freeData) error {
	if d.Seat < 0 || d.Seat >= len(t.seats) || t.seats[d.Seat].bot != "" || d.Invite == "" {
		return errBadSeatEvent("free", d.Seat)
	}
	if _, err := bot.New(d.Bot); err != nil {
		return err
	}
	s := t.seats[d.Seat]
	s.token, s.name, s.invite, s.takeover = "", "", d.Invite, d.Bot
	s.reason = reasonFree
	return nil
}

func (t *table) applyMove(d moveData) error {
	if d.Seat < 0 || d.Seat >= len(t.seats) || t.seats[d.Seat].token == "" || d.Invite == "" {
		return errBadSeatEvent("move", d.Seat)
	}
	t.seats[d.Seat].invite = d.Invite
	return nil
}

// errBadSeatEvent is a logged seat event that does not fit the table.
func errBadSeatEvent(kind string, seat int) error {
	return fmt.Errorf("%s of seat %d", kind, seat)
}

// turnClock is a table's turn clock of secs seconds as a duration.
func (s *Server) turnClock(secs int) time.Duration {
	return time.Duration(secs) * time.Second
}

package server

import (
	"encoding/json"
	"fmt"
	"time"
)

// join attaches a connection to a seat (by token) or as a spectator.
func (t *table) join(r joinReq) error {
	c := r.c
	c.seat = -1
	untouched := t.untouched()
	if r.token != "" {
		seat := -1
		for i, s := range t.seats {
			if sameHash(s.token, r.token) {
				seat = i
			}
		}
		if seat < 0 {
			return errBadToken
		}
		c.seat = seat
		s := t.seats[seat]
		if old := s.conn; old != nil {
			t.dropConn(old)
			old.close(statusReplaced, "this seat was opened in another window")
		}
		s.conn = c
		s.away = time.Time{}
		t.arrived = true
	}
	if untouched && !t.untouched() && t.srv.cfg.BotDelay <= 0 {
		// The first person came: bots that act at once do so before the
		// person is told of the table, as at a table they were at from
		// its start.
		t.runBots(-1)
	}
	c.host = (c.seat >= 0 && c.seat == t.cfg.HostSeat) || sameHash(t.cfg.Host, r.hostHash)
	t.conns[c] = struct{}{}
	t.srv.metrics.conns.WithLabelValues(c.role()).Inc()
	if c.seat >= 0 && t.seats[c.seat].takeover != "" {
		// The person is back: the bot gives the seat up.
		if err := t.commit(event{evRelease, releaseData{Seat: c.seat}}); err != nil {
			t.log.Error("releasing a taken-over seat failed", "seat", c.seat, "err", err)
		}
	}
	t.afterChange(nil, nil)
	if _, ok := t.conns[c]; ok {
		for _, ch := range t.chat {
			b, _ := json.Marshal(chatMsg{Type: "chat", Seat: ch.Seat, Name: ch.Name, Text: ch.Text, At: ch.At})
			t.sendTo(c, b)
		}
	}
	return nil
}

// dropConn forgets a connection.
func (t *table) dropConn(c *conn) bool {
	if _, ok := t.conns[c]; !ok {
		return false
	}
	delete(t.conns, c)
	t.srv.metrics.conns.WithLabelValues(c.role()).Dec()
	t.seen = time.Now()
	if c.seat >= 0 && t.seats[c.seat].conn == c {
		t.seats[c.seat].conn = nil
		t.seats[c.seat].away = time.Now()
		return true
	}
	return false
}

func (t *table) leave(c *conn) {
	if t.dropConn(c) {
		t.afterChange(nil, nil)
	} else if len(t.conns) == 0 {
		t.publish() // the last spectator left: nobody is at the table
	}
}

// claim gives a free seat to a person: by invite, or by seat number at a
// public table.
func (t *table) claim(r claimReq) claimResult {
	if r.daily != "" {
		return t.claimDaily(r)
	}
	seat := -1
	for i, s := range t.seats {
		if r.invite != "" && sameHash(s.invite, r.invite) {
			seat = i
		}
	}
	switch {
	case r.invite != "" && seat < 0:
		// An invite is cleared when used: a known-bad or used invite.
		return claimResult{err: errInvite}
	case r.invite == "":
		if !t.cfg.Public {
			return claimResult{err: errNeedInvite}
		}
		if r.seat < 0 || r.seat >= len(t.seats) {
			return claimResult{err: fmt.Errorf("%w: seat %d does not exist (0…%d)", errBadRequest, r.seat, len(t.seats)-1)}
		}
		seat = r.seat
	}
	s := t.seats[seat]
	moving := r.invite != "" && s.token != "" // a move link (clock.go)
	if s.bot != "" || (s.token != "" && !moving) {
		return claimResult{err: errSeatTaken}
	}
	if t.sit.Over() {
		return claimResult{err: errOver}
	}
	if t.abandoned {
		return claimResult{err: errAbandoned}
	}
	old := s.conn
	if err := t.commit(event{evClaim, claimData{Seat: seat, Name: r.name, Token: r.token}}); err != nil {
		return claimResult{err: err}
	}
	if moving && old != nil {
		t.dropConn(old)
		old.close(statusMoved, "this seat moved to another device")
	}
	t.seen = time.Now()
	t.afterChange(nil, nil)
	return claimResult{seat: seat}
}

// Invite states of GET /api/tables/{id}?invite=….
const (
	inviteUsed = "used" // used, unknown or the table is closed
	inviteOpen = "open" // takes a free seat
	inviteMove = "move" // moves a person's seat to this device (clock.go)
)

// inviteState says what the invite with hash h does now.
func (t *table) inviteState(h string) string {
	if t.abandoned || t.sit.Over() {
		return inviteUsed
	}
	for _, st := range t.seats {
		if st.invite == "" || !sameHash(st.invite, h) {
			continue
		}
		if st.token != "" {
			return inviteMove
		}
		return inviteOpen
	}
	return inviteUsed
}

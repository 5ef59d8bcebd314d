package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"trull/internal/bot"
	"trull/internal/game"
)

// clientMsg is a message from a client (docs/PROTOCOL.md).
type clientMsg struct {
	Type      string          `json:"type"`
	Seq       *int64          `json:"seq,omitempty"`
	Action    json.RawMessage `json:"action,omitempty"`
	Text      string          `json:"text,omitempty"`
	Seat      *int            `json:"seat,omitempty"`
	Bot       string          `json:"bot,omitempty"`
	HostToken string          `json:"host_token,omitempty"`
}

// errorMsg is the "error" message: Error is English for developers and
// logs; Code and Params say the same for programs, which word it in the
// player's language (docs/PROTOCOL.md lists the codes).
type errorMsg struct {
	Type   string      `json:"type"`
	Error  string      `json:"error"`
	Code   string      `json:"code,omitempty"`
	Params game.Params `json:"params,omitempty"`
	Seq    *int64      `json:"seq,omitempty"`
}

type chatMsg struct {
	Type string `json:"type"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   int64  `json:"at_ms"`
}

type hintMsg struct {
	Type  string `json:"type"`
	Seq   *int64 `json:"seq,omitempty"`
	Hints []hint `json:"hints"`
}

type hint struct {
	Action game.RecordAction `json:"action"`
	Value  *float64          `json:"value"`
	Bot    string            `json:"bot"`
}

// refuse answers a client message with an error; the state is unchanged.
// reason is the metrics label, code and params the refusal for programs.
func (t *table) refuse(c *conn, seq *int64, reason, code string, params game.Params, format string, args ...any) {
	t.srv.metrics.refused.WithLabelValues(reason).Inc()
	b, _ := json.Marshal(errorMsg{Type: "error", Error: fmt.Sprintf(format, args...), Code: code, Params: params, Seq: seq})
	t.sendTo(c, b)
}

// maxChat is the longest chat line in characters.
const maxChat = 500

func (t *table) client(r clientReq) {
	c, m := r.c, r.m
	if _, ok := t.conns[c]; !ok {
		return // the connection was replaced or dropped meanwhile
	}
	if t.abandoned {
		t.refuse(c, m.Seq, "abandoned", "abandoned", nil, "%s", strings.TrimPrefix(errAbandoned.Error(), "server: "))
		return
	}
	switch m.Type {
	case "act":
		t.act(r)
	case "chat":
		text := strings.TrimSpace(cleanText(m.Text))
		switch {
		case c.seat < 0 && !c.host:
			t.refuse(c, m.Seq, "chat", "chat_spectator", nil, "spectators cannot chat")
		case text == "" && strings.TrimSpace(m.Text) != "":
			t.refuse(c, m.Seq, "chat", "chat_invisible", nil, "chat: the text has no visible characters (control, zero-width and direction characters are dropped)")
		case text == "":
			t.refuse(c, m.Seq, "chat", "chat_empty", nil, "chat: the text is empty")
		case utf8.RuneCountInString(text) > maxChat:
			t.refuse(c, m.Seq, "chat", "chat_long", game.Params{"max": strconv.Itoa(maxChat)}, "chat: the text has %d characters; at most %d are allowed", utf8.RuneCountInString(text), maxChat)
		default:
			name := "Host"
			if c.seat >= 0 {
				name = t.seats[c.seat].name
			}
			d := chatData{Seat: c.seat, Name: name, Text: text, At: time.Now().UnixMilli()}
			if err := t.commit(event{evChat, d}); err != nil {
				t.refuse(c, m.Seq, "store", "store", nil, "chat: could not save the message; try again")
				return
			}
			b, _ := json.Marshal(chatMsg{Type: "chat", Seat: d.Seat, Name: d.Name, Text: d.Text, At: d.At})
			for cc := range t.conns {
				t.sendTo(cc, b)
			}
		}
	case "hint":
		t.hint(c, m)
	case "next":
		switch {
		case c.seat < 0:
			t.refuse(c, m.Seq, "next", "spectator", nil, "next: spectators cannot deal")
		case !t.st.Done():
			t.refuse(c, m.Seq, "next", "hand_going", nil, "next: the hand is still being played")
		case t.sit.Over():
			t.refuse(c, m.Seq, "next", "sitting_over", nil, "next: the sitting is over")
		default:
			if err := t.commit(event{evDeal, dealData{Hand: t.sit.Deal(), Seat: c.seat}}); err != nil {
				t.refuse(c, m.Seq, "store", "store", nil, "next: could not save; try again")
				return
			}
			t.afterChange(c, m.Seq)
		}
	case "end":
		switch {
		case c.seat < 0:
			t.refuse(c, m.Seq, "end", "spectator", nil, "end: spectators cannot end the sitting")
		case t.sit.Over():
			t.refuse(c, m.Seq, "end", "sitting_over", nil, "end: the sitting is over")
		case t.sit.EndRequested() >= 0:
			t.refuse(c, m.Seq, "end", "end_asked", game.Params{"seat": strconv.Itoa(t.sit.EndRequested())}, "end: seat %d already asked to end the sitting", t.sit.EndRequested())
		default:
			if err := t.commit(event{evEnd, endData{Seat: c.seat}}); err != nil {
				t.refuse(c, m.Seq, "store", "store", nil, "end: could not save; try again")
				return
			}
			t.afterChange(c, m.Seq)
		}
	case "takeover":
		t.takeover(c, m)
	default:
		t.refuse(c, m.Seq, "type", "bad_message", nil, "unknown message type %q (want act, chat, hint, next, end or takeover)", m.Type)
	}
}

// act plays a person's action and, without a bot delay, the bots' replies,
// all appended in one durable write before anyone hears of them.
func (t *table) act(r clientReq) {
	c, m := r.c, r.m
	if c.seat < 0 {
		t.refuse(c, m.Seq, "spectator", "spectator", nil, "act: spectators cannot act")
		return
	}
	if len(m.Action) == 0 {
		t.refuse(c, m.Seq, "bad_message", "bad_message", nil, `act: the message has no "action"`)
		return
	}
	var ra game.RecordAction
	if err := strictJSON(m.Action, &ra); err != nil {
		t.refuse(c, m.Seq, "bad_message", "bad_message", nil, "act: the action is not a record action: %v", err)
		return
	}
	if ra.Seat != nil && *ra.Seat != c.seat {
		t.refuse(c, m.Seq, "foreign_seat", "bad_message", nil, "act: the action names seat %d, but this connection plays seat %d", *ra.Seat, c.seat)
		return
	}
	seat := c.seat
	ra.Seat = &seat
	switch {
	case t.st.Done():
		t.refuse(c, m.Seq, "illegal", string(game.CodeHandOver), nil, "act: the hand is over; send next to deal the next one")
		return
	case t.botFor(seat) != nil:
		t.refuse(c, m.Seq, "illegal", "bot_plays", nil, "act: a bot plays seat %d now", seat)
		return
	}
	trial := t.st.Clone()
	if err := game.ApplyRecordAction(trial, ra); err != nil {
		code, params := string(game.CodeMalformed), game.Params(nil)
		var ie *game.IllegalError
		if errors.As(err, &ie) {
			code, params = string(ie.Code), ie.Params
		}
		t.refuse(c, m.Seq, "illegal", code, params, "act: %v", err)
		return
	}
	evs := []event{{evAct, actData{Hand: t.hand, Step: t.step, Action: ra}}}
	if t.srv.cfg.BotDelay == 0 {
		evs = append(evs, t.botActs(trial, t.step+1, -1)...)
	}
	if err := t.commit(evs...); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "act: could not save the action; it was not played, try again")
		return
	}
	t.count(evs)
	t.afterChange(c, m.Seq)
	t.srv.metrics.actLatency.Observe(time.Since(r.at).Seconds())
}

// hint answers with the hint bot's best candidates for the seat to act,
// with their estimated values when the bot searches.
func (t *table) hint(c *conn, m clientMsg) {
	if t.cfg.NoHints {
		t.refuse(c, m.Seq, "hint", "hints_off", nil, "hint: hints are off at this table")
		return
	}
	if c.seat < 0 || t.st.Done() || t.st.ToAct() != c.seat {
		t.refuse(c, m.Seq, "hint", string(game.CodeOutOfTurn), nil, "hint: it is not your turn")
		return
	}
	name := cmp.Or(t.srv.cfg.HintBot, "ismcts")
	b := t.bots[name]
	if b == nil {
		var err error
		if b, err = bot.New(name); err != nil {
			t.refuse(c, m.Seq, "hint", "no_hint", nil, "hint: no bot gives hints here")
			return
		}
		t.bots[name] = b
	}
	var hints []hint
	if l := t.st.Legal(nil); len(l) > 0 && l[0].Kind == game.KindDiscard {
		// A discard is sent whole: the bot chooses every card of it.
		for _, ra := range game.EncodeHistory(t.rules, t.decide(t.st.Clone(), c.seat, b)) {
			hints = append(hints, hint{Action: ra, Bot: b.Name()})
		}
	} else {
		start := time.Now()
		hs, err := bot.Hints(b, t.st.View(game.Seat(c.seat).WithReview(t.cfg.OpenReview)), t.rng, cmp.Or(t.srv.cfg.Hints, 3))
		t.srv.metrics.botTime.Observe(time.Since(start).Seconds())
		if err != nil {
			t.log.Warn("hint failed", "bot", name, "seat", c.seat, "err", err)
			t.refuse(c, m.Seq, "hint", "no_hint", nil, "hint: the bot found no answer")
			return
		}
		for _, h := range hs {
			x := hint{Action: t.rules.EncodeAction(h.Action), Bot: b.Name()}
			if h.Valued {
				v := math.Round(h.Value*100) / 100
				x.Value = &v
			}
			hints = append(hints, x)
		}
	}
	out, _ := json.Marshal(hintMsg{Type: "hint", Seq: m.Seq, Hints: hints})
	t.sendTo(c, out)
}

// takeover lets a bot play an absent person's seat, when the host asks and
// the person has been away for the grace period.
func (t *table) takeover(c *conn, m clientMsg) {
	host := c.host || (m.HostToken != "" && sameHash(t.cfg.Host, hashToken(m.HostToken)))
	if !host {
		t.refuse(c, m.Seq, "takeover", "not_host", nil, "takeover: only the host may let a bot take a seat")
		return
	}
	if m.Seat == nil || *m.Seat < 0 || *m.Seat >= len(t.seats) {
		t.refuse(c, m.Seq, "takeover", "bad_message", nil, "takeover: give the seat (0…%d)", len(t.seats)-1)
		return
	}
	seat := *m.Seat
	s := t.seats[seat]
	name := m.Bot
	if name == "" {
		name = "rules"
	}
	if _, err := bot.New(name); err != nil {
		t.refuse(c, m.Seq, "takeover", "bad_message", nil, "takeover: %v", err)
		return
	}
	switch {
	case s.bot != "":
		t.refuse(c, m.Seq, "takeover", "taken", nil, "takeover: seat %d is a bot's", seat)
		return
	case s.takeover != "":
		t.refuse(c, m.Seq, "takeover", "taken", nil, "takeover: a bot already plays seat %d", seat)
		return
	case s.conn != nil:
		t.refuse(c, m.Seq, "takeover", "connected", nil, "takeover: the player of seat %d is connected", seat)
		return
	case time.Since(s.away) < t.srv.cfg.Grace:
		left := t.srv.cfg.Grace - time.Since(s.away)
		t.refuse(c, m.Seq, "takeover", "grace", game.Params{"seconds": strconv.Itoa(int(left.Seconds() + 0.5))}, "takeover: seat %d has been away for less than the grace period; wait %.0f s more", seat, left.Seconds()+0.5)
		return
	case t.sit.Over():
		t.refuse(c, m.Seq, "takeover", "sitting_over", nil, "takeover: the sitting is over")
		return
	}
	// An unclaimed seat keeps its invite: a bot plays it until someone
	// claims it and connects.
	if err := t.commit(event{evTakeover, takeoverData{Seat: seat, Bot: name}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "takeover: could not save; try again")
		return
	}
	t.afterChange(c, m.Seq)
}

// strictJSON decodes one JSON value, refusing unknown fields.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

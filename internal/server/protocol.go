package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"trull/internal/wire"

	"trull/internal/game"
	"trull/internal/jsonscan"
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
	// Token and Spectate are the "join" message's: the first message of
	// a connection opened without them in its address (conn.go).
	Token    string `json:"token,omitempty"`
	Spectate bool   `json:"spectate,omitempty"`
	// View false leaves the game's view out of the state messages (the
	// table model is always there).
	View *bool `json:"view,omitempty"`
	// Delta true leaves the table part out of a state message when it is
	// the same as in the previous one on this connection; the turn clock's
	// time left then travels at the top level.
	Delta bool `json:"delta,omitempty"`
	// ModelPatch true sends the table model as a patch of the last one on
	// this connection where that is shorter (wire.AppendModelPatch).
	ModelPatch bool `json:"model_patch,omitempty"`
}

// errorMsg is the "error" message, a refusal.
type errorMsg = wire.ErrorMsg

// chatMsg is the "chat" message.
type chatMsg = wire.ChatMsg

type (
	hintMsg = wire.HintMsg
	hint    = wire.Hint
)

// refuse answers a client message with an error; the state is unchanged.
// reason is the metrics label, code and params the refusal for programs.
func (t *table) refuse(c *conn, seq *int64, reason, code string, params game.Params, format string, args ...any) {
	t.srv.metrics.refused.WithLabelValues(reason).Inc()
	// The reason's words may name the seat's own cards: the log has its code.
	t.log.Debug("refused", "seat", c.seat, "reason", reason, "code", code)
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
	if t.dailyRefuses(c, m) {
		return
	}
	switch m.Type {
	case "act":
		t.act(r)
	case "chat":
		t.say(c, m)
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
	case "back":
		t.back(c, m)
	case "start":
		t.start(c, m)
	case "free":
		t.free(c, m)
	case "move":
		t.move(c, m)
	case "takeback":
		t.takeback(c, m)
	case "again":
		t.again(c, m)
	case "join":
		t.refuse(c, m.Seq, "bad_message", "bad_message", nil, "join: this connection has joined already")
	default:
		t.refuse(c, m.Seq, "type", "bad_message", nil, "unknown message type %q (want act, chat, hint, next, end, takeover, back, start, free, move, or takeback)", m.Type)
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
	if err := strictObject(m.Action, &ra, recordActionKeys); err != nil {
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
	case !t.started:
		t.refuse(c, m.Seq, "not_started", "not_started", nil, "act: the table waits for its players; the host may start with bots in the empty seats")
		return
	case t.st.Done():
		t.refuse(c, m.Seq, "illegal", string(game.CodeHandOver), nil, "act: the hand is over; send next to deal the next one")
		return
	case t.botFor(seat) != nil:
		t.refuse(c, m.Seq, "illegal", "bot_plays", nil, "act: a bot plays seat %d now", seat)
		return
	}
	trial := game.CloneInto(t.st, t.trial)
	t.trial = nil
	defer func() { t.trial = trial }()
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

// takeover lets a bot play a person's seat when the host asks, whether the
// person is there or not; the person gets it back with "back" or by
// connecting again.
func (t *table) takeover(c *conn, m clientMsg) {
	if !t.isHost(c, m) {
		t.refuse(c, m.Seq, "takeover", "not_host", nil, "takeover: only the host may let a bot take a seat")
		return
	}
	seat, ok := t.seatArg(c, m, "takeover")
	if !ok {
		return
	}
	name, ok := t.standIn(c, m)
	if !ok {
		return
	}
	s := t.seats[seat]
	switch {
	case s.bot != "":
		t.refuse(c, m.Seq, "takeover", "taken", nil, "takeover: seat %d is a bot's", seat)
		return
	case s.takeover != "":
		t.refuse(c, m.Seq, "takeover", "taken", nil, "takeover: a bot already plays seat %d", seat)
		return
	case t.sit.Over():
		t.refuse(c, m.Seq, "takeover", "sitting_over", nil, "takeover: the sitting is over")
		return
	}
	// An unclaimed seat keeps its invite: a bot plays it until someone
	// claims it and connects.
	if err := t.commit(event{evTakeover, takeoverData{Seat: seat, Bot: name, Reason: reasonHost}}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "takeover: could not save; try again")
		return
	}
	t.afterChange(c, m.Seq)
}

// strictObject is strictJSON for a message of one of the protocol's
// object types (clientMsg, game.RecordAction), without a Decoder when every
// key is one of the type's own, spelled as its tag: json.Unmarshal then
// decodes exactly what strictJSON would. Anything else (another key, one
// in other case or with escapes, bad JSON) is strictJSON's to judge.
func strictObject(b []byte, v any, keys map[string]bool) error {
	known := jsonscan.EachField(b, func(k, _ []byte) error {
		if !keys[string(k)] {
			return errUnknownKey
		}
		return nil
	}) == nil
	if known && json.Unmarshal(b, v) == nil {
		return nil
	}
	return strictJSON(b, v)
}

var errUnknownKey = errors.New("server: a key the type does not have")

// jsonKeys returns the JSON keys of struct type t's fields.
func jsonKeys(t reflect.Type) map[string]bool {
	keys := map[string]bool{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if f.IsExported() && name != "-" {
			keys[name] = true
		}
	}
	return keys
}

// The keys of the objects strictObject decodes.
var (
	clientMsgKeys    = jsonKeys(reflect.TypeFor[clientMsg]())
	recordActionKeys = jsonKeys(reflect.TypeFor[game.RecordAction]())
)

// strictJSON decodes one JSON value, refusing unknown fields.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

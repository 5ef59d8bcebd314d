package server

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"trull/internal/wire"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/store"
	"trull/internal/tablemodel"
)

// status is the table's lobby state.
func (t *table) status() string {
	switch {
	case t.abandoned:
		return store.StatusAbandoned
	case t.sit.Over():
		return store.StatusOver
	case slices.ContainsFunc(t.seats, func(s *seatState) bool { return s.bot == "" && s.token == "" }):
		return store.StatusOpen
	}
	return store.StatusPlaying
}

// lobbyInfo is a table as the lobby lists it.
type lobbyInfo struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Variant string `json:"variant"`
	// VariantTitle names the variant for people ("Droggn, 4 players, …").
	VariantTitle game.Words `json:"variant_title"`
	Name         string     `json:"name"`
	State        string     `json:"state"`
	Played       int        `json:"played"`
	Created      int64      `json:"created_ms"`
	Seats        []seatInfo `json:"seats"`
}

// variantTitle names a variant for people in both languages.
func variantTitle(r game.Rules) game.Words {
	return game.Words{EN: game.Title(r, card.English), DE: game.Title(r, card.German)}
}

// seatInfo is a seat as the lobby and the table show it.
type seatInfo = wire.Seat

func (t *table) seatInfos(live bool) []seatInfo {
	out := make([]seatInfo, len(t.seats))
	for i, s := range t.seats {
		si := seatInfo{Seat: i, Name: s.name, Bot: s.bot, Takeover: s.takeover, Reason: s.reason,
			Taken: s.bot != "" || s.token != "", Host: i == t.cfg.HostSeat}
		if si.Name == "" && s.takeover != "" {
			si.Name = botName(i)
		}
		if live {
			// Always present in a state message, false included: the
			// table shows who is away.
			on := s.bot != "" || s.conn != nil
			si.Connected = &on
			if s.bot == "" && s.conn == nil {
				si.AwaySince = s.away.UnixMilli()
			}
		}
		out[i] = si
	}
	return out
}

func (t *table) title() string {
	if t.cfg.Title != "" {
		return t.cfg.Title
	}
	return t.info.Title
}

// lobbyInfo returns the table's lobby summary, whole: the row a table is
// created with carries it already, so nobody ever reads a table without
// its name, time and seats.
func (t *table) lobbyInfo() lobbyInfo {
	return lobbyInfo{ID: t.id, Game: t.rules.Game(), Variant: t.rules.String(), VariantTitle: t.variantTitle, Name: t.title(),
		State: t.status(), Played: t.sit.Played(), Created: t.created.UnixMilli(), Seats: t.seatInfos(false)}
}

// publish writes the lobby summary, and whether anybody is at the table
// (the caps on empty tables count it), to the store when they changed.
func (t *table) publish() {
	empty := len(t.conns) == 0
	key, keyed := t.tablePartKey()
	if keyed && t.lastInfo != nil && key == t.lastInfoKey && empty == t.lastEmpty {
		// Nothing the row is made of changed (the table part's key holds
		// all of it).
		if checkTableReuse.Load() {
			if li := t.lobbyInfo(); !li.same(t.lastInfo) {
				tableReusedWrong.Add(1)
				t.log.Error("a lobby row kept that differs", "kept", *t.lastInfo, "fresh", li)
			}
		}
		return
	}
	if !keyed {
		key = tablePartKey{}
	}
	li := t.lobbyInfo()
	if t.lastInfo != nil && li.same(t.lastInfo) && empty == t.lastEmpty {
		t.lastInfoKey = key
		return
	}
	b, _ := json.Marshal(li)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := t.srv.store.UpdateTable(ctx, store.Table{ID: t.id, Status: li.State, Public: t.cfg.Public, Info: b, Updated: time.Now(), Empty: empty})
	if err != nil {
		t.log.Error("updating the lobby row failed", "err", err)
		return
	}
	t.lastInfo, t.lastEmpty, t.lastInfoKey = &li, empty, key
}

// same reports whether two summaries say the same (and so marshal the
// same): a table publishes after every change, and most changes (a card
// played) leave its lobby row as it was.
func (li *lobbyInfo) same(o *lobbyInfo) bool {
	return li.ID == o.ID && li.Game == o.Game && li.Variant == o.Variant && li.VariantTitle == o.VariantTitle &&
		li.Name == o.Name && li.State == o.State && li.Played == o.Played && li.Created == o.Created &&
		slices.Equal(li.Seats, o.Seats) // the lobby's seats carry no pointer (no "connected")
}

// tableJSON is the table part of a state message, the same for everyone.
type tableJSON = wire.Table

// tableParts is the table part of one broadcast: base without the turn
// clock's time left, full with it (made only when a client wants it), and
// left itself (nil: no clock runs).
type tableParts struct {
	base, full json.RawMessage
	left       *int64
}

// fullTable returns the table part with the time left in it.
func (p *tableParts) fullTable() json.RawMessage {
	if p.left == nil {
		return p.base
	}
	if p.full == nil {
		b := make([]byte, 0, len(p.base)+24)
		b = append(b, p.base[:len(p.base)-1]...)
		b = append(b, `,"turn_left_ms":`...)
		b = strconv.AppendInt(b, *p.left, 10)
		p.full = append(b, '}')
	}
	return p.full
}

func (t *table) tableJSON() tableParts {
	var p tableParts
	if end := t.turnDeadline(); !end.IsZero() {
		left := max(0, time.Until(end).Milliseconds())
		p.left = &left
	}
	key, keyed := t.tablePartKey()
	if keyed && t.lastTableJSON != nil && key == t.lastTableKey {
		// Most changes (a card played) leave everything the table part
		// is made of as it was.
		p.base = t.lastTableJSON
		if checkTableReuse.Load() {
			if b, _ := json.Marshal(t.tablePart()); !bytes.Equal(b, p.base) {
				tableReusedWrong.Add(1)
				t.log.Error("a table part reused that differs", "reused", string(p.base), "fresh", string(b))
			}
		}
		return p
	}
	b, err := json.Marshal(t.tablePart())
	if err != nil {
		t.log.Error("encoding the table failed", "err", err)
		b = []byte("null")
		p.left = nil
		t.lastTableJSON = nil
	} else {
		t.lastTableJSON = b
		if keyed {
			t.lastTableKey = key
		} else {
			t.lastTableKey = tablePartKey{}
		}
	}
	p.base = b
	return p
}

// tablePart returns the table part of a state message.
func (t *table) tablePart() *tableJSON {
	tj := &tableJSON{ID: t.id, Game: t.rules.Game(), Variant: t.rules.String(), VariantTitle: t.variantTitle, Options: t.options, Name: t.title(),
		State: t.status(), Seats: t.seatInfos(true), Hand: t.hand, Played: t.sit.Played(),
		HandsLeft: t.sit.HandsLeft(), EndRequested: t.sit.EndRequested(), Sheet: t.sit.Sheet(),
		Totals: t.sit.Totals(), Stake: t.cfg.Stake, Settlement: t.sit.Settlement(t.cfg.Stake),
		GraceMs: t.srv.cfg.Grace.Milliseconds(), AutoBot: !t.cfg.NoAutoBot, Hints: !t.cfg.NoHints,
		Started: t.started, TurnClockMs: t.srv.turnClock(t.cfg.TurnClock).Milliseconds(), OpenReview: t.cfg.OpenReview,
		Lesson: t.cfg.Lesson}
	if d := t.cfg.Daily; d != nil {
		tj.Daily = &wire.Daily{Challenge: d.Challenge, Date: d.Date, Deals: len(d.Deals)}
	}
	return tj
}

// tablePartKey holds, as comparable values gathered without allocating,
// everything of the table part that changes while a table lives (the
// rest is fixed when it is created, which sets gen anew): equal keys make
// equal table parts. The package's tests check every reuse against a
// fresh encoding (checkTableReuse).
type tablePartKey struct {
	gen                                         int
	sit                                         *sitting.Sitting
	rows, hand, played, handsLeft, endRequested int
	state                                       string
	started                                     bool
	seats                                       [8]seatKey
}

// seatKey is what a seat's entry in the table part is made of.
type seatKey struct {
	bot, takeover, name, reason string
	taken, connected            bool
	away                        int64
}

// tablePartKey returns the key of the table part as it would be made now;
// false for a table of more seats than a key holds.
func (t *table) tablePartKey() (tablePartKey, bool) {
	k := tablePartKey{gen: t.gen, sit: t.sit, rows: t.sit.Rows(), hand: t.hand, played: t.sit.Played(),
		handsLeft: t.sit.HandsLeft(), endRequested: t.sit.EndRequested(), state: t.status(), started: t.started}
	if len(t.seats) > len(k.seats) {
		return k, false
	}
	for i, s := range t.seats {
		k.seats[i] = seatKey{bot: s.bot, takeover: s.takeover, name: s.name, reason: s.reason,
			taken: s.token != "", connected: s.conn != nil, away: s.away.UnixMilli()}
	}
	return k, true
}

// checkTableReuse, set by the package's tests, has tableJSON encode the
// table part also when it reuses the last encoding, and publish make the
// lobby row when it keeps the last one, and count in tableReusedWrong the
// times the two differ.
var (
	checkTableReuse  atomic.Bool
	tableReusedWrong atomic.Int64
)

// stateMsg is the "state" message (docs/PROTOCOL.md).
type stateMsg = wire.StateMsg

// seatView is one seat's view of the hand: the game's own view, as JSON
// only once a client asks for it, and the table model made from it
// (internal/tablemodel) as JSON.
type seatView struct {
	gv          game.View
	view, model json.RawMessage
}

// viewJSON returns the game's view as JSON, encoding it on first use.
func (sv *seatView) viewJSON() json.RawMessage {
	if sv.view == nil {
		b, err := json.Marshal(sv.gv)
		if err != nil {
			b = []byte("null")
		}
		sv.view = b
	}
	return sv.view
}

// viewsOf encodes the view of st for a seat (-1: a spectator) and its
// table model; open shows every finished trick (an open-review table),
// otherwise those the game's information rules let the viewer look back
// at.
func viewsOf(st game.State, seat int, open bool) (seatView, error) {
	return viewsInto(st, seat, open, nil, nil)
}

// viewsInto is viewsOf encoding the table model into buf (nil: a new
// buffer), and making the view in spent's memory (a view nobody uses any
// more; nil: none) where the game can (game.ViewReuser).
func viewsInto(st game.State, seat int, open bool, buf []byte, spent game.View) (seatView, error) {
	viewer := game.ViewerOf(seat).WithReview(open).ForDrawing()
	var gv game.View
	if re, ok := st.(game.ViewReuser); ok && spent != nil {
		gv = re.ViewInto(viewer, spent)
	} else {
		gv = st.View(viewer)
	}
	m, err := tablemodel.Of(gv)
	if err != nil {
		return seatView{}, err
	}
	return seatView{gv: gv, model: tablemodel.AppendJSON(buf[:0], m)}, nil
}

// stateFor builds the state message of one seat (-1: a spectator): the
// seat's own view of the hand with its table model, and its legal actions
// when it is to act.
func (t *table) stateFor(c *conn, tp *tableParts, views map[int]*seatView, ack *int64) []byte {
	seat, host := c.seat, c.host
	sv, ok := views[seat]
	if !ok {
		var spent game.View
		if t.spent != nil {
			spent = t.spent[seat]
			delete(t.spent, seat)
		}
		v, err := viewsInto(t.st, seat, t.cfg.OpenReview, msgBuf(0), spent)
		if err != nil {
			t.log.Error("encoding a view failed", "seat", seat, "err", err)
			v = seatView{view: []byte("null"), model: []byte("null")}
		}
		sv = &v
		views[seat] = sv
	}
	var tj json.RawMessage
	switch {
	case !c.delta:
		tj = tp.fullTable()
	case !bytes.Equal(tp.base, c.lastTable):
		tj = tp.base
		c.lastTable = tj
	}
	var v json.RawMessage
	if !c.noView {
		v = sv.viewJSON()
	}
	modelKey, model := `,"model":`, []byte(sv.model)
	if c.modelPatch {
		// The new model's fields are read once: for this patch, and as
		// the old side of the next.
		nf := &t.patchFields
		nf.Read(model)
		if c.lastModel != nil {
			if p, ok := wire.AppendModelPatchOf(t.patchBuf[:0], c.lastModel, &c.lastFields, model, nf); ok {
				t.patchBuf = p
				modelKey, model = `,"model_patch":`, p
			}
		}
		c.lastModel = append(c.lastModel[:0], sv.model...)
		c.lastFields = *nf
	}
	legal := []byte("[]")
	if seat >= 0 && t.started && !t.st.Done() && t.st.ToAct() == seat && t.botFor(seat) == nil {
		t.legalBuf = game.AppendLegalRecordActions(t.legalBuf[:0], t.st)
		legal = t.legalBuf
	}
	// The message is stateMsg; it is assembled by hand because the table
	// and the view are already JSON, and json.Marshal would check and
	// compact them again for every connection.
	b := msgBuf(len(tj) + len(v) + len(sv.model) + len(legal) + 200)
	b = append(b, `{"type":"state","seq":`...)
	b = strconv.AppendInt(b, t.seq, 10)
	if ack != nil {
		b = append(b, `,"ack":`...)
		b = strconv.AppendInt(b, *ack, 10)
	}
	b = append(b, `,"you":`...)
	b = strconv.AppendInt(b, int64(seat), 10)
	b = append(b, `,"host":`...)
	b = strconv.AppendBool(b, host)
	if tj != nil {
		b = append(b, `,"table":`...)
		b = append(b, tj...)
	}
	if tp.left != nil {
		b = append(b, `,"turn_left_ms":`...)
		b = strconv.AppendInt(b, *tp.left, 10)
	}
	b = append(b, `,"hand":`...)
	b = strconv.AppendInt(b, int64(t.hand), 10)
	b = append(b, `,"step":`...)
	b = strconv.AppendInt(b, int64(t.step), 10)
	b = append(b, `,"done":`...)
	b = strconv.AppendBool(b, t.st.Done())
	if !c.noView {
		b = append(b, `,"view":`...)
		b = append(b, v...)
	}
	b = append(b, modelKey...)
	b = append(b, model...)
	b = append(b, `,"legal":`...)
	b = append(b, legal...)
	if g := t.guideFor(seat); g != nil {
		b = append(b, `,"guide":`...)
		b = append(b, g...)
	}
	return append(b, '}')
}

// broadcast sends every connection its own state.
func (t *table) broadcast(acker *conn, ack *int64) {
	if len(t.conns) == 0 {
		return
	}
	tp := t.tableJSON()
	views := map[int]*seatView{}
	for c := range t.conns {
		var a *int64
		if c == acker {
			a = ack
		}
		t.sendOwn(c, t.stateFor(c, &tp, views, a))
	}
	if t.spent == nil {
		t.spent = map[int]game.View{}
	}
	for seat, sv := range views {
		recycle(sv.model)
		// The message holds the view's JSON, not the view: the next
		// broadcast makes this seat's view in its memory.
		if sv.gv != nil {
			t.spent[seat] = sv.gv
		}
	}
}

// sendTo queues b for c, closing a connection that does not read.
func (t *table) sendTo(c *conn, b []byte) { t.deliver(c, outMsg{b: b}) }

// sendOwn is sendTo for a buffer made for c alone (msgBuf), recycled once
// written.
func (t *table) sendOwn(c *conn, b []byte) { t.deliver(c, outMsg{b: b, own: true}) }

func (t *table) deliver(c *conn, m outMsg) {
	if !c.enqueue(m) {
		t.srv.metrics.slowClients.Inc()
		t.log.Info("closing a connection that does not read", "seat", c.seat)
		t.dropConn(c)
		c.close(statusTryAgain, "too slow to read the table's messages; reconnect")
		return
	}
	t.srv.metrics.msgsOut.Inc()
}

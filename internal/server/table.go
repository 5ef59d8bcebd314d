package server

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/store"
	"trull/internal/tablemodel"
)

// A table is one goroutine that owns a sitting: its seats, the hand in
// progress, its connections and its bots. Everything reaches it through the
// bounded inbox; nothing else touches its state.
type table struct {
	srv  *Server
	id   string
	log  *slog.Logger
	lock store.Lock

	// Replayed state (events.go).
	cfg      createData
	info     game.GameInfo
	rules    game.Rules
	sit      *sitting.Sitting
	st       game.State // the hand in progress, or the last finished one
	hand     int        // deal index of st
	step     int        // record actions applied to st
	seq      int64      // last event
	seats    []*seatState
	chat     []chatData
	created  time.Time
	finished []store.Hand // records of hands finished since the last flush

	abandoned bool // closed because nobody came (abandon.go)

	// Live state.
	inbox    chan any
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	conns    map[*conn]struct{}
	bots     map[string]bot.Bot
	rng      *rand.Rand
	botTimer *time.Timer
	// awayTimer fires when an absent person's grace period ends and a
	// bot is to take the seat (autoBot).
	awayTimer *time.Timer
	lastInfo  string
	idleAt    time.Time
	seen      time.Time // when a person was last connected (or claimed a seat)
	seenKept  time.Time // the seen the store has
}

// seatState is one seat.
type seatState struct {
	bot      string // a bot seat ("" for a person)
	takeover string // the bot playing for an absent person
	name     string
	token    string // hash of the seat token; "" while unclaimed
	invite   string // hash of the invite code while unclaimed
	conn     *conn
	away     time.Time // since when the person is absent
}

// inboxSize bounds a table's queue of requests.
const inboxSize = 256

// Requests a table handles.
type (
	joinReq struct {
		c        *conn
		token    string // hash; "" to spectate
		hostHash string
		reply    chan error
	}
	leaveReq  struct{ c *conn }
	clientReq struct {
		c  *conn
		m  clientMsg
		at time.Time
	}
	claimReq struct {
		invite string // hash, or "" to claim Seat of a public table
		seat   int
		name   string
		token  string // hash of the new seat token
		reply  chan claimResult
	}
	claimResult struct {
		seat int
		err  error
	}
)

// errTableGone: the table stopped while a request waited.
var errTableGone = errors.New("server: the table is not served here any more; retry")

// loadTable replays a table's log. The caller holds its lock.
func loadTable(ctx context.Context, srv *Server, id string, lk store.Lock) (*table, error) {
	evs, err := srv.store.Events(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, fmt.Errorf("server: table %s: %w", id, store.ErrNotFound)
	}
	t := newTable(srv, id, lk)
	for _, ev := range evs {
		if err := t.apply(ev); err != nil {
			return nil, fmt.Errorf("server: table %s: %w", id, err)
		}
	}
	// The row's Updated is when somebody was last here, as far as the
	// store knows (shutdown touches it).
	row, err := srv.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	t.seen, t.seenKept = row.Updated, row.Updated
	// Everybody is away from a table that was just loaded: the grace
	// period starts now, not when they left the previous server.
	for _, s := range t.seats {
		s.away = time.Now()
	}
	// Hands that finished just before a crash may lack their record.
	for _, h := range t.finished {
		if _, err := srv.store.Hand(ctx, id, h.N); errors.Is(err, store.ErrNotFound) {
			if err := srv.store.PutHand(ctx, h); err != nil {
				return nil, err
			}
		}
	}
	t.finished = nil
	return t, nil
}

func newTable(srv *Server, id string, lk store.Lock) *table {
	now := time.Now()
	var seed [32]byte
	copy(seed[:], newSeed())
	return &table{
		srv: srv, id: id, lock: lk,
		log:   srv.log.With("table", id),
		inbox: make(chan any, inboxSize),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
		conns: map[*conn]struct{}{},
		bots:  map[string]bot.Bot{},
		rng:   rand.New(rand.NewChaCha8(seed)),
		seen:  now,
		// A new table's row was just written (createTable); a loaded
		// one sets both from its row.
		seenKept: now,
	}
}

// halt makes the table stop after the request it handles.
func (t *table) halt() {
	t.stopOnce.Do(func() { close(t.stop) })
}

// send queues a request; it fails when the table has stopped.
func (t *table) send(ctx context.Context, m any) error {
	select {
	case t.inbox <- m:
		return nil
	case <-t.done:
		return errTableGone
	case <-ctx.Done():
		return ctx.Err()
	}
}

// await waits for the answer to a request the table took; a table that
// stopped first answers errTableGone (through ok false).
func await[T any](t *table, reply chan T) (T, bool) {
	select {
	case r := <-reply:
		return r, true
	case <-t.done:
		select {
		case r := <-reply:
			return r, true
		default:
			var zero T
			return zero, false
		}
	}
}

// trySend queues a request without waiting.
func (t *table) trySend(m any) bool {
	select {
	case t.inbox <- m:
		return true
	default:
		return false
	}
}

// run is the table's goroutine.
func (t *table) run() {
	defer close(t.done)
	defer t.shutdown()
	t.idleAt = time.Now()
	if t.abandonDue() {
		// Before the bots move: a closed table plays no more.
		t.guard(t.abandon)
		return
	}
	t.guard(func() { t.afterChange(nil, nil) })
	idle := time.NewTicker(t.srv.idleCheck())
	defer idle.Stop()
	for {
		var botC, awayC <-chan time.Time
		if t.botTimer != nil {
			botC = t.botTimer.C
		}
		if t.awayTimer != nil {
			awayC = t.awayTimer.C
		}
		select {
		case m := <-t.inbox:
			t.guard(func() { t.handle(m) })
		case <-botC:
			t.botTimer = nil
			t.guard(func() { t.runBots(1) })
		case <-awayC:
			t.awayTimer = nil
			t.guard(t.autoBot)
		case <-idle.C:
			if t.abandonDue() {
				t.guard(t.abandon)
				return
			}
			if len(t.conns) == 0 && time.Since(t.idleAt) > t.srv.cfg.IdleUnload && t.botTurn() < 0 {
				t.log.Debug("unloading idle table")
				return
			}
		case <-t.lock.Lost():
			t.log.Warn("lost the table's lock; another server may own it now")
			return
		case <-t.stop:
			return
		}
	}
}

// guard runs f; a panic (a bug in a game, a bot or here) stops this table
// instead of the whole server. The table's state may be half-changed, so
// it is not served any more; the next request loads it again from its log.
func (t *table) guard(f func()) {
	defer func() {
		if r := recover(); r != nil {
			t.log.Error("table stopped by a panic", "panic", r, "stack", string(debug.Stack()))
			t.halt()
		}
	}()
	f()
}

// shutdown closes the connections (they reconnect, maybe to another
// server), releases the lock and leaves the server's map.
func (t *table) shutdown() {
	if t.botTimer != nil {
		t.botTimer.Stop()
	}
	if t.awayTimer != nil {
		t.awayTimer.Stop()
	}
	for c := range t.conns {
		t.dropConn(c)
		c.close(statusRestart, "the table is moving; reconnect")
	}
	// Keep when somebody was last here for the next load (abandon.go).
	if t.seen.After(t.seenKept) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := t.srv.store.TouchTable(ctx, t.id, t.seen); err != nil {
			t.log.Warn("noting when somebody was last at the table failed", "err", err)
		}
		cancel()
	}
	t.lock.Release()
	t.srv.dropTable(t)
	// Answer requests that raced with the stop.
	for {
		select {
		case m := <-t.inbox:
			switch r := m.(type) {
			case joinReq:
				r.reply <- errTableGone
			case claimReq:
				r.reply <- claimResult{err: errTableGone}
			}
		default:
			return
		}
	}
}

func (t *table) handle(m any) {
	switch r := m.(type) {
	case joinReq:
		r.reply <- t.join(r)
	case leaveReq:
		t.leave(r.c)
	case claimReq:
		r.reply <- t.claim(r)
	case clientReq:
		t.client(r)
	case func(*table):
		// Code to run in the table's goroutine (an invite check, tests).
		r(t)
	}
}

// commit appends events durably and then applies them. Nothing is applied
// when the append fails.
func (t *table) commit(evs ...event) error {
	if len(evs) == 0 {
		return nil
	}
	now := time.Now()
	out := make([]store.Event, len(evs))
	for i, e := range evs {
		b, err := json.Marshal(e.data)
		if err != nil {
			return fmt.Errorf("server: encoding %s event: %w", e.kind, err)
		}
		out[i] = store.Event{Seq: t.seq + int64(i) + 1, Kind: e.kind, Data: b, At: now}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	err := t.srv.store.Append(ctx, t.id, out...)
	t.srv.metrics.appendTime.Observe(time.Since(start).Seconds())
	if err != nil {
		t.log.Error("append failed", "err", err)
		if errors.Is(err, store.ErrConflict) {
			// Another server wrote to this table: it is not ours.
			t.halt()
		}
		return err
	}
	for _, ev := range out {
		if err := t.apply(ev); err != nil {
			// Validated before the append: this is a bug, and the log now
			// holds an event the table cannot apply. Stop serving it.
			t.log.Error("applying a committed event failed", "err", err)
			t.halt()
			return err
		}
	}
	t.flushHands()
	return nil
}

// flushHands stores the records of finished hands.
func (t *table) flushHands() {
	for _, h := range t.finished {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := t.srv.store.PutHand(ctx, h); err != nil {
			t.log.Error("storing a hand record failed (it is rebuilt on the next load)", "hand", h.N, "err", err)
		}
		cancel()
		t.srv.metrics.hands.WithLabelValues(t.rules.Game()).Inc()
	}
	t.finished = t.finished[:0]
}

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

// botFor returns the bot that acts for seat, or nil for a person.
func (t *table) botFor(seat int) bot.Bot {
	if seat < 0 || seat >= len(t.seats) {
		return nil
	}
	name := t.seats[seat].bot
	if name == "" {
		name = t.seats[seat].takeover
	}
	if name == "" {
		return nil
	}
	b := t.bots[name]
	if b == nil {
		var err error
		if b, err = bot.New(name); err != nil {
			return nil
		}
		t.bots[name] = b
	}
	return b
}

// botTurn returns the seat to act when a bot plays it, else -1.
func (t *table) botTurn() int {
	if t.st == nil || t.st.Done() || t.abandoned {
		return -1
	}
	if s := t.st.ToAct(); t.botFor(s) != nil {
		return s
	}
	return -1
}

// decide asks b for one whole decision of seat on st (a discard of k cards
// is k engine actions) and applies it to st. A bot error or an illegal
// answer falls back to a random legal action, so the table never stalls.
func (t *table) decide(st game.State, seat int, b bot.Bot) []game.Action {
	var acts []game.Action
	for {
		start := time.Now()
		a, err := safeAct(b, st.View(game.Seat(seat)), t.rng)
		t.srv.metrics.botTime.Observe(time.Since(start).Seconds())
		if err == nil {
			err = st.Apply(a)
		}
		if err != nil {
			// The log names no card: a refusal's reason may name the
			// bot's hand, which the server's operator may not see.
			var ie *game.IllegalError
			reason := "the bot failed"
			if errors.As(err, &ie) {
				reason = "an illegal " + a.Kind.String()
			}
			t.log.Warn("bot answer refused; playing a random legal action", "bot", b.Name(), "seat", seat, "reason", reason)
			a = game.Pick(t.rng, st.Legal(nil))
			st.ApplyUnchecked(a)
		}
		acts = append(acts, a)
		if a.Kind != game.KindDiscard || st.Done() || st.ToAct() != seat {
			return acts
		}
		if l := st.Legal(nil); len(l) == 0 || l[0].Kind != game.KindDiscard {
			return acts
		}
	}
}

// safeAct asks a bot, turning a panic into an error.
func safeAct(b bot.Bot, v game.View, rng *rand.Rand) (a game.Action, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot %s panicked: %v", b.Name(), r)
		}
	}()
	return b.Act(v, rng)
}

// botActs plays bot decisions on trial (a clone) and returns their events:
// at most limit decisions (limit < 0: until a person is to act or the hand
// ends).
func (t *table) botActs(trial game.State, step int, limit int) []event {
	var evs []event
	for n := 0; limit < 0 || n < limit; n++ {
		if trial.Done() {
			break
		}
		seat := trial.ToAct()
		b := t.botFor(seat)
		if b == nil {
			break
		}
		acts := t.decide(trial, seat, b)
		for _, ra := range game.EncodeHistory(t.rules, acts) {
			evs = append(evs, event{evAct, actData{Hand: t.hand, Step: step, Action: ra, Bot: b.Name()}})
			step++
		}
	}
	return evs
}

// runBots lets bots act: all of them in a row without a bot delay, else
// one decision and a timer for the next.
func (t *table) runBots(limit int) {
	if t.botTurn() < 0 {
		return
	}
	if t.srv.cfg.BotDelay > 0 && limit < 0 {
		t.scheduleBot()
		return
	}
	evs := t.botActs(t.st.Clone(), t.step, limit)
	if err := t.commit(evs...); err != nil {
		// Try again later; a store outage must not stop the table for good.
		t.botTimer = time.NewTimer(time.Second)
		return
	}
	t.count(evs)
	t.afterChange(nil, nil)
}

func (t *table) scheduleBot() {
	if t.botTimer == nil && t.botTurn() >= 0 {
		t.botTimer = time.NewTimer(t.srv.cfg.BotDelay)
	}
}

func (t *table) count(evs []event) {
	for _, e := range evs {
		if d, ok := e.data.(actData); ok {
			by := "human"
			if d.Bot != "" {
				by = "bot"
			}
			t.srv.metrics.actions.WithLabelValues(t.rules.Game(), by).Inc()
		}
	}
}

// afterChange publishes the lobby summary, tells every connection and
// lets bots move. ack answers the client message of acker.
func (t *table) afterChange(acker *conn, ack *int64) {
	t.idleAt = time.Now()
	t.publish()
	t.broadcast(acker, ack)
	t.scheduleAway()
	if t.srv.cfg.BotDelay > 0 {
		t.scheduleBot()
	} else if t.botTurn() >= 0 {
		t.runBots(-1)
	}
}

// autoBotName is the bot that takes an absent person's seat by itself.
const autoBotName = "rules"

// awayDue returns the seats whose person has been away for the grace
// period and which a bot should now play by itself, and when the next
// seat's grace period ends (zero if none is waiting).
func (t *table) awayDue(now time.Time) (due []int, next time.Time) {
	if t.cfg.NoAutoBot || t.abandoned || t.sit.Over() {
		return nil, time.Time{}
	}
	for i, s := range t.seats {
		// Only a seat somebody sat at: an invite nobody has used yet
		// waits for its person (the host may still let a bot play it).
		if s.bot != "" || s.takeover != "" || s.token == "" || s.conn != nil {
			continue
		}
		at := s.away.Add(t.srv.cfg.Grace)
		if !at.After(now) {
			due = append(due, i)
		} else if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return due, next
}

// scheduleAway sets the timer for the next absent person's seat.
func (t *table) scheduleAway() {
	if t.awayTimer != nil {
		t.awayTimer.Stop()
		t.awayTimer = nil
	}
	due, next := t.awayDue(time.Now())
	switch {
	case len(due) > 0:
		t.awayTimer = time.NewTimer(0)
	case !next.IsZero():
		t.awayTimer = time.NewTimer(time.Until(next))
	}
}

// autoBot lets a bot play the seats of people away for the grace period,
// so that nobody's absence stalls the table. A person who connects again
// gets the seat back at once (join).
func (t *table) autoBot() {
	due, _ := t.awayDue(time.Now())
	if len(due) == 0 {
		t.scheduleAway()
		return
	}
	evs := make([]event, len(due))
	for i, seat := range due {
		evs[i] = event{evTakeover, takeoverData{Seat: seat, Bot: autoBotName}}
	}
	if err := t.commit(evs...); err != nil {
		// Try again later; a store outage must not stall the table.
		t.awayTimer = time.NewTimer(time.Second)
		return
	}
	t.afterChange(nil, nil)
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
type seatInfo struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Bot       string `json:"bot,omitempty"`
	Takeover  string `json:"takeover,omitempty"`
	Taken     bool   `json:"taken"`
	Connected *bool  `json:"connected,omitempty"`
	Host      bool   `json:"host,omitempty"`
	AwaySince int64  `json:"away_since_ms,omitempty"`
}

func (t *table) seatInfos(live bool) []seatInfo {
	out := make([]seatInfo, len(t.seats))
	for i, s := range t.seats {
		si := seatInfo{Seat: i, Name: s.name, Bot: s.bot, Takeover: s.takeover,
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

// publish writes the lobby summary to the store when it changed.
func (t *table) publish() {
	li := lobbyInfo{ID: t.id, Game: t.rules.Game(), Variant: t.rules.String(), VariantTitle: variantTitle(t.rules), Name: t.title(),
		State: t.status(), Played: t.sit.Played(), Created: t.created.UnixMilli(), Seats: t.seatInfos(false)}
	b, _ := json.Marshal(li)
	if string(b) == t.lastInfo {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := t.srv.store.UpdateTable(ctx, store.Table{ID: t.id, Status: li.State, Public: t.cfg.Public, Info: b, Updated: time.Now()})
	if err != nil {
		t.log.Error("updating the lobby row failed", "err", err)
		return
	}
	t.lastInfo = string(b)
}

// tableJSON is the table part of a state message, the same for everyone.
type tableJSON struct {
	ID           string             `json:"id"`
	Game         string             `json:"game"`
	Variant      string             `json:"variant"`
	VariantTitle game.Words         `json:"variant_title"`
	Options      map[string]any     `json:"options"`
	Name         string             `json:"name"`
	State        string             `json:"state"`
	Seats        []seatInfo         `json:"seats"`
	Hand         int                `json:"hand"`
	Played       int                `json:"played"`
	HandsLeft    int                `json:"hands_left"`
	EndRequested int                `json:"end_requested"`
	Sheet        []sitting.Row      `json:"sheet"`
	Totals       []int              `json:"totals"`
	Stake        int                `json:"stake"`
	Settlement   sitting.Settlement `json:"settlement"`
	GraceMs      int64              `json:"grace_ms"`
	AutoBot      bool               `json:"auto_bot"`
	Hints        bool               `json:"hints"`
}

func (t *table) tableJSON() json.RawMessage {
	opts := map[string]any{}
	for k, v := range t.rules.Options() {
		opts[k] = game.RecordValue(v)
	}
	tj := tableJSON{ID: t.id, Game: t.rules.Game(), Variant: t.rules.String(), VariantTitle: variantTitle(t.rules), Options: opts, Name: t.title(),
		State: t.status(), Seats: t.seatInfos(true), Hand: t.hand, Played: t.sit.Played(),
		HandsLeft: t.sit.HandsLeft(), EndRequested: t.sit.EndRequested(), Sheet: t.sit.Sheet(),
		Totals: t.sit.Totals(), Stake: t.cfg.Stake, Settlement: t.sit.Settlement(t.cfg.Stake),
		GraceMs: t.srv.cfg.Grace.Milliseconds(), AutoBot: !t.cfg.NoAutoBot, Hints: !t.cfg.NoHints}
	b, err := json.Marshal(tj)
	if err != nil {
		t.log.Error("encoding the table failed", "err", err)
		return []byte("null")
	}
	return b
}

// stateMsg is the "state" message (docs/PROTOCOL.md).
type stateMsg struct {
	Type  string            `json:"type"`
	Seq   int64             `json:"seq"`
	Ack   *int64            `json:"ack,omitempty"`
	You   int               `json:"you"`
	Host  bool              `json:"host"`
	Table json.RawMessage   `json:"table"`
	Hand  int               `json:"hand"`
	Step  int               `json:"step"`
	Done  bool              `json:"done"`
	View  json.RawMessage   `json:"view"`
	Model json.RawMessage   `json:"model"`
	Legal []json.RawMessage `json:"legal"`
}

// seatView is one seat's view of the hand as JSON: the game's own view and
// the table model made from it (internal/tablemodel).
type seatView struct {
	view, model json.RawMessage
}

// viewsOf encodes the view of st for a seat (-1: a spectator) and its table model.
func viewsOf(st game.State, seat int) (seatView, error) {
	gv := st.View(game.ViewerOf(seat))
	v, err := json.Marshal(gv)
	if err != nil {
		return seatView{}, err
	}
	m, err := tablemodel.Of(gv)
	if err != nil {
		return seatView{}, err
	}
	mj, err := json.Marshal(m)
	return seatView{v, mj}, err
}

// stateFor builds the state message of one seat (-1: a spectator): the
// seat's own view of the hand with its table model, and its legal actions
// when it is to act.
func (t *table) stateFor(seat int, host bool, tj json.RawMessage, views map[int]seatView, ack *int64) []byte {
	sv, ok := views[seat]
	if !ok {
		var err error
		if sv, err = viewsOf(t.st, seat); err != nil {
			t.log.Error("encoding a view failed", "seat", seat, "err", err)
			sv = seatView{[]byte("null"), []byte("null")}
		}
		views[seat] = sv
	}
	v := sv.view
	legal := []byte("[]")
	if seat >= 0 && !t.st.Done() && t.st.ToAct() == seat && t.botFor(seat) == nil {
		legal, _ = json.Marshal(game.LegalRecordActions(t.st))
	}
	// The message is stateMsg; it is assembled by hand because the table
	// and the view are already JSON, and json.Marshal would check and
	// compact them again for every connection.
	b := make([]byte, 0, len(tj)+len(v)+len(sv.model)+len(legal)+170)
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
	b = append(b, `,"table":`...)
	b = append(b, tj...)
	b = append(b, `,"hand":`...)
	b = strconv.AppendInt(b, int64(t.hand), 10)
	b = append(b, `,"step":`...)
	b = strconv.AppendInt(b, int64(t.step), 10)
	b = append(b, `,"done":`...)
	b = strconv.AppendBool(b, t.st.Done())
	b = append(b, `,"view":`...)
	b = append(b, v...)
	b = append(b, `,"model":`...)
	b = append(b, sv.model...)
	b = append(b, `,"legal":`...)
	b = append(b, legal...)
	return append(b, '}')
}

// broadcast sends every connection its own state.
func (t *table) broadcast(acker *conn, ack *int64) {
	if len(t.conns) == 0 {
		return
	}
	tj := t.tableJSON()
	views := map[int]seatView{}
	for c := range t.conns {
		var a *int64
		if c == acker {
			a = ack
		}
		t.sendTo(c, t.stateFor(c.seat, c.host, tj, views, a))
	}
}

func (t *table) sendTo(c *conn, b []byte) {
	if !c.queue(b) {
		t.srv.metrics.slowClients.Inc()
		t.log.Info("closing a connection that does not read", "seat", c.seat)
		t.dropConn(c)
		c.close(statusTryAgain, "too slow to read the table's messages; reconnect")
		return
	}
	t.srv.metrics.msgsOut.Inc()
}

// join attaches a connection to a seat (by token) or as a spectator.
func (t *table) join(r joinReq) error {
	c := r.c
	c.seat = -1
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
	}
}

// claim gives a free seat to a person: by invite, or by seat number at a
// public table.
func (t *table) claim(r claimReq) claimResult {
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
	if s.bot != "" || s.token != "" {
		return claimResult{err: errSeatTaken}
	}
	if t.sit.Over() {
		return claimResult{err: errOver}
	}
	if t.abandoned {
		return claimResult{err: errAbandoned}
	}
	if err := t.commit(event{evClaim, claimData{Seat: seat, Name: r.name, Token: r.token}}); err != nil {
		return claimResult{err: err}
	}
	t.seen = time.Now()
	t.afterChange(nil, nil)
	return claimResult{seat: seat}
}

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
		hs, err := bot.Hints(b, t.st.View(game.Seat(c.seat)), t.rng, cmp.Or(t.srv.cfg.Hints, 3))
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

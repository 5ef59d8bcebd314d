package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"sync"
	"time"
	"trull/internal/guide"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/store"
	"trull/internal/wire"
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
	cfg   createData
	info  game.GameInfo
	rules game.Rules
	// variantTitle and options are the rules' title and options as the
	// table part of a state message names them, made once.
	variantTitle game.Words
	options      map[string]any
	sit          *sitting.Sitting
	st           game.State // the hand in progress, or the last finished one
	hand         int        // deal index of st
	step         int        // record actions applied to st
	acts         []actData  // the actions of st, for takebacks (practice.go)
	// takebacks counts the takebacks applied, so that an answer for a
	// step taken back is not taken for one of the step played anew.
	takebacks int
	seq       int64 // last event
	seats     []*seatState
	chat      []chatData
	// The chat bounds' counts (chat.go), replayed from the log: lines
	// and bytes of event data of the whole table, lines of each seat in
	// the hand being played (seat -1: the spectating host).
	chatLines int
	chatBytes int
	chatHand  map[int]int
	created   time.Time
	finished  []store.Hand // records of hands finished since the last flush
	evAt      time.Time    // when the event being applied was written
	// dailyOwed holds a challenge's results not yet stored, and
	// dailyOver when its last deal ended (zero before; dailyplay.go).
	dailyOwed []store.DailyResult
	dailyOver time.Time

	abandoned bool // closed because nobody came (abandon.go)
	// started: every person seat was claimed, or the host started the
	// table with bots in the empty seats (clock.go); until then nobody acts.
	started bool
	// arrived: a person has been connected to a seat since the table was
	// made or loaded (untouched).
	arrived bool

	// Live state.
	inbox    chan request
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	conns    map[*conn]struct{}
	bots     map[string]bot.Bot
	rng      *rand.Rand
	// lesson is the guided hand of a learning table, nil for others.
	lesson   *guide.Lesson
	botTimer *time.Timer
	// botJob is the bot decision being searched in the bot pool, if any.
	botJob *botJob
	// awayTimer fires when an absent person's grace period ends and a
	// bot is to take the seat (autoBot).
	awayTimer *time.Timer
	// clockTimer fires when the turn clock of the person to act runs
	// out (clock.go); turn and turnStart are that decision and its start.
	clockTimer *time.Timer
	turn       turnKey
	turnStart  time.Time
	lastInfo   *lobbyInfo // the summary the lobby row has
	// lastInfoKey is the table part's key when lastInfo was made.
	lastInfoKey tablePartKey
	// lastTableJSON is the last table part made for a state message, and
	// lastTableKey what it was made of (tableJSON).
	lastTableJSON []byte
	lastTableKey  tablePartKey
	// gen counts the times the table was set up from a create event; a
	// table part made before holds nothing of it.
	gen int
	// patchBuf is where stateFor makes a connection's model patch, and
	// patchFields where it reads the new model's fields.
	patchBuf    []byte
	patchFields wire.ModelFields
	// legalBuf is where stateFor writes the legal actions, and evBuf
	// where commit encodes an act.
	legalBuf, evBuf []byte
	// trial is the copy of the state an action was last tried on, and
	// botState the copy a bot job last searched: the next copies are made
	// in their memory (game.CloneInto).
	trial, botState game.State
	// spent is each seat's view of the last broadcast (−1: a
	// spectator's), which nobody uses any more (viewsInto).
	spent     map[int]game.View
	lastEmpty bool // the row says nobody is at the table
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
	reason   string    // why takeover plays the seat (clock.go)
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
		// daily names the player who takes the seat of their own daily
		// challenge's table (dailyplay.go); invite and seat are unused.
		daily string
		reply chan claimResult
	}
	claimResult struct {
		seat int
		err  error
	}
	// inviteReq asks what the invite with hash hash does now.
	inviteReq struct {
		hash  string
		reply chan string
	}
)

// A request is something the table's goroutine does for a caller; it
// reaches the table through the inbox.
type request interface{ serve(t *table) }

// The requests of people are logged at the debug level: who, never a
// token or a card.
func (r joinReq) serve(t *table) {
	err := t.join(r)
	t.log.Debug("join", "seat", r.c.seat, "role", r.c.role(), "err", err)
	r.reply <- err
}
func (r leaveReq) serve(t *table) {
	t.log.Debug("leave", "seat", r.c.seat, "role", r.c.role())
	t.leave(r.c)
}
func (r claimReq) serve(t *table) {
	res := t.claim(r)
	if res.err != nil {
		t.log.Debug("claim refused", "err", res.err)
	} else {
		t.log.Debug("claim", "seat", res.seat)
	}
	r.reply <- res
}
func (r clientReq) serve(t *table) { t.client(r) }
func (r inviteReq) serve(t *table) { r.reply <- t.inviteState(r.hash) }

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
	// store knows (shutdown touches it). While no server ran nobody could
	// come: the time to abandon the table counts from this server's start
	// at the earliest.
	row, err := srv.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	t.seen, t.seenKept = row.Updated, row.Updated
	if t.seen.Before(srv.up) {
		t.seen = srv.up
	}
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
	// A challenge's results of deals that ended just before a crash.
	t.flushDaily()
	return t, nil
}

func newTable(srv *Server, id string, lk store.Lock) *table {
	now := time.Now()
	var seed [32]byte
	copy(seed[:], newSeed())
	return &table{
		srv: srv, id: id, lock: lk,
		log:   srv.log.With("table", id),
		inbox: make(chan request, inboxSize),
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
func (t *table) send(ctx context.Context, m request) error {
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
func (t *table) trySend(m request) bool {
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
	if t.abandonDue(time.Now()) {
		// Before the bots move: a closed table plays no more.
		t.guard(t.abandon)
		return
	}
	t.guard(func() { t.afterChange(nil, nil) })
	idle := time.NewTicker(t.srv.idleCheck())
	defer idle.Stop()
	for {
		var botC, awayC, clockC <-chan time.Time
		if t.botTimer != nil {
			botC = t.botTimer.C
		}
		if t.awayTimer != nil {
			awayC = t.awayTimer.C
		}
		if t.clockTimer != nil {
			clockC = t.clockTimer.C
		}
		select {
		case m := <-t.inbox:
			t.guard(func() { m.serve(t) })
		case <-botC:
			t.botTimer = nil
			t.guard(t.startBot)
		case <-awayC:
			t.awayTimer = nil
			t.guard(t.autoBot)
		case <-clockC:
			t.clockTimer = nil
			t.guard(t.clockOut)
		case <-idle.C:
			if t.dailyOwing() {
				t.guard(t.flushDaily)
			}
			if t.abandonDue(time.Now()) {
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
	if t.clockTimer != nil {
		t.clockTimer.Stop()
	}
	for c := range t.conns {
		t.dropConn(c)
		c.close(statusRestart, "the table is moving; reconnect")
	}
	select {
	case <-t.lock.Lost():
		// Another server may own the table now: its row and log are not
		// ours.
	default:
		// Nobody is at a table that leaves memory: the caps on empty
		// tables count it.
		t.guard(t.publish)
		t.dropChat()
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

// afterChange publishes the lobby summary, tells every connection and
// lets bots move. ack answers the client message of acker.
func (t *table) afterChange(acker *conn, ack *int64) {
	t.idleAt = time.Now()
	t.publish()
	t.scheduleClock() // before the broadcast, which tells the clock
	t.broadcast(acker, ack)
	t.scheduleAway()
	if t.srv.cfg.BotDelay > 0 {
		t.scheduleBot()
	} else if t.botTurn() >= 0 {
		t.runBots(-1)
	}
}

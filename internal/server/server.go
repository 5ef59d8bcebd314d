// Package server is `trull serve`: the HTTP lobby and one WebSocket per
// player of a table (docs/PROTOCOL.md), on a store that loses nothing.
//
// Each table is one goroutine that owns its state (seats, the sitting, the
// hand in progress, connections, bots) and takes requests from a bounded
// inbox. Every change is an event appended durably to the table's log
// before anyone is told of it; a restarted server replays the logs and has
// every table back exactly. Each connection receives only its own seat's
// view (spectators the public view); seat tokens are random 128-bit values
// of which only SHA-256 hashes are stored. The store is handed to New
// (trull serve opens SQLite or PostgreSQL); the server knows only the
// store.Store interface.
//
// A table's code follows its data path: table.go the goroutine and its
// inbox of requests, protocol.go the client messages, seats.go joining,
// leaving and claiming seats, commit.go appending events before applying
// them (events.go), statemsg.go the state messages and the lobby summary,
// bots.go the bots' turns and the seats of people away, chat.go the chat
// and its bounds. Beside the tables: hints.go the pool that searches hints,
// analysis.go the one that analyses finished hands, limits.go the caps per
// client address and network (tables nobody is at, WebSockets),
// ratelimit.go the rate of POST requests, abandon.go closing tables nobody
// is at, health.go the store's health check.
package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	_ "trull/internal/games" // every game
	"trull/internal/store"
	"trull/web"
)

// Config configures a Server.
type Config struct {
	// Addr is the address Serve listens on (default 127.0.0.1:8080).
	Addr string
	// AdvertiseAddr is host:port where the other servers on the same
	// PostgreSQL database reach this one, recorded with its table locks:
	// a request about a table another server owns is forwarded to the
	// owner's address (see proxy.go). Empty: the address Serve listens on,
	// an unspecified host replaced by the host name.
	AdvertiseAddr string
	// AdminAddr, when set, serves Prometheus metrics at /metrics and pprof
	// at /debug/pprof/ on a separate listener.
	AdminAddr string
	// Listener and AdminListener, when set, are the listeners Serve uses
	// instead of listening on Addr and AdminAddr: a caller that binds them
	// before opening its database learns of an address in use before it
	// touches any data. Serve closes them; a caller that does not get as
	// far as Serve closes them itself.
	Listener, AdminListener net.Listener
	// Logger receives the server's logs (default: slog.Default()).
	Logger *slog.Logger
	// Static is the browser app; nil means web.FS().
	Static fs.FS
	// BotDelay is the pause before a bot acts; 0 lets bots answer at once
	// (tests, load tests).
	BotDelay time.Duration
	// Grace is how long a person must be away before the host may let a
	// bot take the seat (default 30 s; negative: at once).
	Grace time.Duration
	// IdleUnload unloads a table nobody has touched for this long; it is
	// loaded again from its log on the next request (default 10 min).
	IdleUnload time.Duration
	// Origins are extra Origin host patterns allowed besides the served
	// host itself (path.Match syntax, e.g. "*.example.org").
	Origins []string
	// MsgRate limits the messages a WebSocket client may send per second
	// (default 20).
	MsgRate float64
	// PostRate limits POST requests per client address per second
	// (default 5, burst four times that; negative: no limit).
	PostRate float64
	// HintBot is the bot whose ranked candidates answer hint requests
	// (default "ismcts"; e.g. "ismcts-fast" on a small machine).
	HintBot string
	// Hints is the number of candidates a hint lists (default 3).
	Hints int
	// ChatPerHand caps the chat lines of one seat in one hand (default
	// 30).
	ChatPerHand int
	// ChatLines caps the chat lines a table ever takes (default 500).
	ChatLines int
	// ChatBytes caps the bytes of chat events a table's log holds
	// (default 64 KiB).
	ChatBytes int
	// HintWorkers bounds the hints searched at once, each on one
	// processor, off the tables' goroutines (default 1).
	HintWorkers int
	// BotWorkers bounds the bot decisions searched at once when bots
	// pause before they act (BotDelay > 0), each on one processor, off the
	// tables' goroutines, so that the bots of many tables wait for a
	// processor instead of holding up the people (default the processors
	// less one, at least 1).
	BotWorkers int
	// AnalysisBot values the decisions of finished hands for their
	// analysis (default "ismcts"; the fast level uses ismcts-fast).
	AnalysisBot string
	// AnalysisWorkers bounds the analyses running at once (default 1).
	AnalysisWorkers int
	// ReadTimeout bounds reading one HTTP request, header and body
	// (default 20 s; the header alone gets at most 10 s). A WebSocket is
	// not bound by it once upgraded.
	ReadTimeout time.Duration
	// WriteTimeout bounds answering one HTTP request (default 1 min; not
	// on the admin listener, whose profiles take longer, nor for
	// WebSockets).
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection that sends no next
	// request (default 2 min).
	IdleTimeout time.Duration
	// MaxConnsPerAddr caps the WebSockets open at once from one client
	// address (default 32; negative: no cap).
	MaxConnsPerAddr int
	// MaxConnsPerNet caps the WebSockets of all the addresses of one IPv6
	// /64 together (default 128; negative: no cap).
	MaxConnsPerNet int
	// MaxConns caps the WebSockets this server holds open at once, of
	// every client together (default 10000; negative: no cap).
	MaxConns int
	// CompressAbove is the size in bytes from which WebSocket messages
	// are sent compressed to clients that offer permessage-deflate
	// (default 1024; a smaller one, an error, a chat line, most hints, a
	// state message early in a hand, fits one TCP segment either way and
	// would save a few hundred bytes for the fixed cost of a Huffman
	// table; negative: never).
	CompressAbove int
	// MaxTables caps the tables open or playing in the store; creating one
	// more is refused (default 1000; negative: no cap).
	MaxTables int
	// MaxEmptyPerAddr caps the empty tables (open or playing, nobody
	// connected) that one client address may have created; creating one
	// more is refused until one of them has a person at it or is closed
	// (default 4; negative: no cap).
	MaxEmptyPerAddr int
	// MaxEmptyPerNet is the same cap for an IPv6 address's /64, where one
	// client may hold many addresses (default 16; negative: no cap).
	MaxEmptyPerNet int
	// MaxEmpty caps the empty tables of every client together (every
	// server on the store counted); while it is reached nobody may create
	// a table, and everybody may still join one (default 200; negative:
	// no cap).
	MaxEmpty int
	// Abandon closes an open or playing table that no person has been
	// connected to for this long, counted from the server's start at the
	// earliest (nobody could come while it was down); it leaves the lobby
	// and its finished hands are kept (default 30 min; negative: never).
	Abandon time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client address that the rate limit and MaxConnsPerAddr count
	// (see clientAddr); requests from elsewhere count by their socket's
	// address.
	TrustedProxies []netip.Prefix

	// TurnClock is the turn clock of a new table whose create request
	// names none: how long a person may take for a decision before a bot
	// stand-in plays it (0: no clock).
	TurnClock time.Duration

	// seeds, in tests, replaces the random sitting seeds.
	seeds func() string
}

// Server is a running trull server.
type Server struct {
	cfg     Config
	log     *slog.Logger
	store   store.Store
	metrics *metrics
	static  fs.FS
	handler http.Handler
	admin   http.Handler
	posts   *ipLimiter
	fwd     forwarder // forwards requests about tables others own
	up      time.Time // when New made the server

	analyses *analyzer     // hand analyses, a bounded pool
	hints    *hinter       // hints, a bounded pool
	botSlots chan struct{} // bot decisions searched at once (BotWorkers)

	wsMu     sync.Mutex
	wsByAddr map[string]int // open WebSockets by client address
	wsByNet  map[string]int // open WebSockets by client network (netOf)
	wsTotal  int            // open WebSockets
	refusing atomic.Int64   // sockets over a cap being closed (refusingMax)
	createMu sync.Mutex     // one table creation at a time (MaxTables)

	mu        sync.Mutex
	tables    map[string]*entry
	closed    bool
	wg        sync.WaitGroup
	quit      chan struct{} // closed when the server stops: ends the sweep
	dailyRefs sync.Map      // "id/date" of the daily challenges whose reference scores this server computes or computed
}

// entry is a table being loaded or loaded.
type entry struct {
	ready chan struct{}
	t     *table
	err   error
}

// New restores every open and running table of st this server can own and
// returns the server, which owns st from then on (Close closes it).
// Handler serves it; Serve listens.
func New(ctx context.Context, cfg Config, st store.Store) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8080"
	}
	if cfg.Grace == 0 {
		cfg.Grace = 30 * time.Second
	}
	if cfg.IdleUnload <= 0 {
		cfg.IdleUnload = 10 * time.Minute
	}
	if cfg.MsgRate <= 0 {
		cfg.MsgRate = 20
	}
	if cfg.PostRate == 0 {
		cfg.PostRate = 5
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 20 * time.Second
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = time.Minute
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 2 * time.Minute
	}
	if cfg.MaxConnsPerAddr == 0 {
		cfg.MaxConnsPerAddr = 32
	}
	if cfg.MaxConnsPerNet == 0 {
		cfg.MaxConnsPerNet = 128
	}
	if cfg.MaxConns == 0 {
		cfg.MaxConns = 10000
	}
	if cfg.CompressAbove == 0 {
		cfg.CompressAbove = 1024
	}
	if cfg.MaxTables == 0 {
		cfg.MaxTables = 1000
	}
	if cfg.MaxEmptyPerAddr == 0 {
		cfg.MaxEmptyPerAddr = 4
	}
	if cfg.MaxEmptyPerNet == 0 {
		cfg.MaxEmptyPerNet = 16
	}
	if cfg.MaxEmpty == 0 {
		cfg.MaxEmpty = 200
	}
	if cfg.Abandon == 0 {
		cfg.Abandon = 30 * time.Minute
	}
	if cfg.seeds == nil {
		cfg.seeds = newSeed
	}
	if cfg.HintBot == "" {
		cfg.HintBot = "ismcts"
	}
	if cfg.Hints <= 0 {
		cfg.Hints = 3
	}
	if cfg.HintWorkers <= 0 {
		cfg.HintWorkers = 1
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if cfg.ChatPerHand <= 0 {
		cfg.ChatPerHand = 30
	}
	if cfg.ChatLines <= 0 {
		cfg.ChatLines = 500
	}
	if cfg.ChatBytes <= 0 {
		cfg.ChatBytes = 64 << 10
	}
	s := &Server{cfg: cfg, log: cfg.Logger, store: st, metrics: newMetrics(), static: cfg.Static, up: time.Now(),
		tables: map[string]*entry{}, wsByAddr: map[string]int{}, wsByNet: map[string]int{}, quit: make(chan struct{}),
		analyses: newAnalyzer(cfg.AnalysisWorkers), botSlots: make(chan struct{}, cfg.BotWorkers)}
	if s.static == nil {
		s.static = web.FS()
	}
	s.hints = newHinter(cfg.HintWorkers, cfg.HintBot, s.metrics, s.log, s.quit, &s.wg)
	if cfg.PostRate > 0 {
		s.posts = newIPLimiter(cfg.PostRate, 4*cfg.PostRate)
	}
	s.handler = s.forwarding(s.routes())
	s.admin = s.adminRoutes()
	if err := s.advertise(ctx, cfg.AdvertiseAddr); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.restore(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if cfg.Abandon > 0 {
		s.wg.Add(1)
		go s.sweep()
	}
	s.wg.Add(1)
	go s.watchHealth()
	return s, nil
}

// restore loads every open and running table that no other server owns.
func (s *Server) restore(ctx context.Context) error {
	rows, err := s.store.Tables(ctx, store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}})
	if err != nil {
		return err
	}
	n := 0
	for _, row := range rows {
		if _, err := s.table(ctx, row.ID); err != nil {
			if !errors.Is(err, store.ErrLocked) {
				s.log.Error("restoring a table failed", "table", row.ID, "err", err)
			}
			continue
		}
		n++
	}
	if len(rows) > 0 {
		// The others are another server's (on one PostgreSQL).
		s.log.Info("restored the tables this server now serves", "tables", n, "open_or_playing", len(rows))
	}
	return nil
}

// table returns the loaded table id, loading it from its log when needed.
func (s *Server) table(ctx context.Context, id string) (*table, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, store.ErrClosed
	}
	if e := s.tables[id]; e != nil {
		s.mu.Unlock()
		select {
		case <-e.ready:
			return e.t, e.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	e := &entry{ready: make(chan struct{})}
	s.tables[id] = e
	s.mu.Unlock()

	var t *table
	lk, err := s.store.Lock(ctx, id)
	if err == nil {
		t, err = loadTable(ctx, s, id, lk)
		if err != nil {
			lk.Release()
		}
	}
	e.t, e.err = t, err
	if err != nil {
		s.mu.Lock()
		if s.tables[id] == e {
			delete(s.tables, id)
		}
		s.mu.Unlock()
		close(e.ready)
		return nil, err
	}
	s.mu.Lock()
	if s.closed {
		delete(s.tables, id)
		s.mu.Unlock()
		lk.Release()
		e.t, e.err = nil, store.ErrClosed
		close(e.ready)
		return nil, store.ErrClosed
	}
	s.start(t)
	s.mu.Unlock()
	close(e.ready)
	return t, nil
}

// start runs a table's goroutine; s.mu is held.
func (s *Server) start(t *table) {
	s.metrics.tables.Inc()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t.run()
	}()
}

// dropTable forgets a table that stopped.
func (s *Server) dropTable(t *table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.tables[t.id]; e != nil && e.t == t {
		delete(s.tables, t.id)
	}
	s.metrics.tables.Dec()
}

// withTable runs fn with the loaded table, loading it again when it
// stopped meanwhile (unloaded when idle).
func (s *Server) withTable(ctx context.Context, id string, fn func(t *table) error) error {
	for try := 0; ; try++ {
		t, err := s.table(ctx, id)
		if err != nil {
			return err
		}
		err = fn(t)
		if !errors.Is(err, errTableGone) || try == 2 {
			return err
		}
	}
}

// joinTable attaches c to a table.
func (s *Server) joinTable(ctx context.Context, id string, c *conn, token, host string) (*table, error) {
	var joined *table
	err := s.withTable(ctx, id, func(t *table) error {
		reply := make(chan error, 1)
		if err := t.send(ctx, joinReq{c: c, token: token, hostHash: host, reply: reply}); err != nil {
			return err
		}
		joined = t
		err, ok := await(t, reply)
		if !ok {
			return errTableGone
		}
		return err
	})
	return joined, err
}

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

// idleCheck is how often a table checks whether to unload or to close
// as abandoned.
func (s *Server) idleCheck() time.Duration {
	d := s.cfg.IdleUnload / 4
	if s.cfg.Abandon > 0 {
		d = min(d, s.cfg.Abandon/4)
	}
	if d > time.Minute {
		d = time.Minute
	}
	return max(d, time.Millisecond)
}

// Handler returns the HTTP handler: the API, the WebSockets and the app.
func (s *Server) Handler() http.Handler { return s.handler }

// AdminHandler returns the admin handler: /metrics and /debug/pprof/.
func (s *Server) AdminHandler() http.Handler { return s.admin }

func (s *Server) adminRoutes() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// Serve serves on Config.Listener, or listens on Addr, (and on
// AdminListener or AdminAddr when set) until ctx ends, then shuts down
// gracefully. ready, when not nil, receives the bound address.
func (s *Server) Serve(ctx context.Context, ready func(addr string)) error {
	ln, aln := s.cfg.Listener, s.cfg.AdminListener
	if ln == nil {
		l, err := net.Listen("tcp", s.cfg.Addr)
		if err != nil {
			if aln != nil {
				aln.Close()
			}
			return fmt.Errorf("server: %w", err)
		}
		ln = l
	}
	if aln == nil && s.cfg.AdminAddr != "" {
		l, err := net.Listen("tcp", s.cfg.AdminAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("server: admin: %w", err)
		}
		aln = l
	}
	if s.cfg.AdvertiseAddr == "" {
		if err := s.advertise(ctx, listenAdvertise(ln.Addr().String())); err != nil {
			ln.Close()
			if aln != nil {
				aln.Close()
			}
			return err
		}
	}
	srv := s.httpServer(s.handler, s.cfg.WriteTimeout)
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	var admin *http.Server
	if aln != nil {
		admin = s.httpServer(s.admin, 0)
		go func() { errc <- admin.Serve(aln) }()
		s.log.Info("admin listening", "addr", "http://"+aln.Addr().String(), "metrics", "/metrics", "pprof", "/debug/pprof/")
	}
	s.log.Info("trull serve listening", "url", "http://"+ln.Addr().String())
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case <-ctx.Done():
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			srv.Close()
			if admin != nil {
				admin.Close()
			}
			return fmt.Errorf("server: %w", err)
		}
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// Tables first: they close their WebSockets, which Shutdown does not
	// wait for.
	s.stopTables()
	srv.Shutdown(shut)
	if admin != nil {
		admin.Shutdown(shut)
	}
	return nil
}

// httpServer returns an http.Server for h with the configured timeouts, so
// a client that sends slowly or idles holds no connection for long. A
// WebSocket is not affected: net/http clears a connection's deadlines when
// it is hijacked, and the table's pings watch it from then on.
func (s *Server) httpServer(h http.Handler, write time.Duration) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: min(s.cfg.ReadTimeout, 10*time.Second),
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      write,
		IdleTimeout:       s.cfg.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// stopTables stops every table goroutine and waits for them.
func (s *Server) stopTables() {
	s.mu.Lock()
	if !s.closed {
		close(s.quit)
	}
	s.closed = true
	var ts []*table
	for _, e := range s.tables {
		select {
		case <-e.ready:
			if e.t != nil {
				ts = append(ts, e.t)
			}
		default:
		}
	}
	s.mu.Unlock()
	for _, t := range ts {
		t.halt()
	}
	s.wg.Wait()
}

// Close stops every table and closes the database.
func (s *Server) Close() error {
	s.stopTables()
	return s.store.Close()
}

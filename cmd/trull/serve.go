package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"trull/internal/server"
	"trull/internal/store"
	"trull/internal/store/postgres"
	"trull/internal/store/sqlite"
)

// serveCmd is `trull serve`: the lobby, the tables and the browser app on
// one address, on an SQLite file (default) or PostgreSQL.
type serveCmd struct {
	Addr            string        `default:"127.0.0.1:8080" help:"Address to listen on."`
	DB              string        `name:"db" default:"./trull-data/trull.db" help:"SQLite database file (its directory is created), or a postgres:// URL."`
	Advertise       string        `name:"advertise-addr" placeholder:"HOST:PORT" help:"Where the other servers on the same PostgreSQL reach this one; requests about a table this server owns are forwarded there (default: the listen address, an unspecified host replaced by the host name)."`
	AdminAddr       string        `name:"admin-addr" placeholder:"ADDR" help:"Address for /metrics and /debug/pprof/ (empty: off)."`
	BotDelay        time.Duration `name:"bot-delay" default:"700ms" help:"Pause before a bot acts."`
	Grace           time.Duration `default:"30s" help:"How long a player must be away before a bot takes the seat by itself."`
	TurnClock       time.Duration `name:"turn-clock" default:"90s" help:"A person's time for each decision before a bot stand-in plays it, at new tables of two or more people whose creator sets no clock of their own (0: no clock)."`
	LogLevel        string        `name:"log-level" enum:"debug,info,warn,error" default:"info" help:"Log level: debug, info, warn or error."`
	LogFormat       string        `name:"log-format" enum:"text,json" default:"text" help:"Log format: text or json."`
	HintBot         botFlag       `name:"hint-bot" default:"ismcts" help:"Bot whose ranked candidates answer hints (ismcts-fast on a small machine)."`
	HintWorkers     int           `name:"hint-workers" default:"1" help:"Hints that may be searched at once (each on one processor, off the tables, so a flood of hints does not slow the other tables)."`
	BotWorkers      int           `name:"bot-workers" default:"0" help:"Bot decisions that may be searched at once (each on one processor, off the tables, so that many tables of bots wait for a processor instead of holding up the people; 0: the processors less one, at least 1)."`
	AnalysisBot     botFlag       `name:"analysis-bot" default:"ismcts" help:"Bot that values the decisions of finished hands for their analysis."`
	AnalysisWorkers int           `name:"analysis-workers" default:"1" help:"Hand analyses that may run at once (each on one processor)."`
	MaxWSPerAddr    int           `name:"max-ws-per-addr" default:"32" help:"WebSockets one client address may hold open at once (0: no cap)."`
	MaxWSPer64      int           `name:"max-ws-per-64" default:"128" help:"WebSockets all the addresses of an IPv6 /64 may hold open at once (0: no cap)."`
	MaxWS           int           `name:"max-ws" default:"10000" help:"WebSockets this server holds open at once, of every client together (0: no cap)."`
	CompressAbove   int           `name:"ws-compress-above" default:"1024" help:"Send WebSocket messages of at least this many bytes compressed to clients that offer it (0: never)."`
	MaxTables       int           `name:"max-tables" default:"1000" help:"Tables that may be open or playing at once; creating more is refused (0: no cap)."`
	MaxEmptyPerAddr int           `name:"max-empty-per-addr" default:"4" help:"Empty tables (nobody connected) one client address may have created; creating more is refused until a person sits at one or it closes (0: no cap)."`
	MaxEmptyPer64   int           `name:"max-empty-per-64" default:"16" help:"The same for all the addresses of an IPv6 /64 together (0: no cap)."`
	MaxEmpty        int           `name:"max-empty" default:"200" help:"Empty tables of all clients together; while there are as many, nobody may create a table, and joining one still works (0: no cap)."`
	AbandonAfter    time.Duration `name:"abandon-after" default:"30m" help:"Close an open or playing table nobody has been connected to for this long, counted from the server's start at the earliest; its finished hands are kept (0: never)."`
	TrustedProxy    []string      `name:"trusted-proxy" placeholder:"CIDR" help:"CIDR or address of a reverse proxy whose X-Forwarded-For names the client (repeatable or comma-separated); behind a proxy set it, or every client counts as the proxy's address."`
}

// Run serves until interrupted.
func (c *serveCmd) Run(e *env) error {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return usagef("bad --log-level %q (debug, info, warn, error)", c.LogLevel)
	}
	opts := &slog.HandlerOptions{Level: lv}
	var h slog.Handler = slog.NewTextHandler(e.stderr, opts)
	if c.LogFormat == "json" {
		h = slog.NewJSONHandler(e.stderr, opts)
	}
	log := slog.New(h)
	var proxies prefixList
	for _, v := range c.TrustedProxy {
		if err := proxies.Set(v); err != nil {
			return usagef("bad --trusted-proxy: %v", err)
		}
	}
	if c.AnalysisWorkers < 1 {
		return usagef("bad --analysis-workers %d (1 or more)", c.AnalysisWorkers)
	}
	if c.BotWorkers < 0 {
		return usagef("bad --bot-workers %d (0 or more)", c.BotWorkers)
	}
	if c.HintWorkers < 1 {
		return usagef("bad --hint-workers %d (1 or more)", c.HintWorkers)
	}
	maxWS, maxTables, abandon := c.MaxWSPerAddr, c.MaxTables, c.AbandonAfter
	maxEmptyAddr, maxEmptyNet, maxEmpty := c.MaxEmptyPerAddr, c.MaxEmptyPer64, c.MaxEmpty
	maxWSNet, maxWSAll := c.MaxWSPer64, c.MaxWS
	compressAbove := c.CompressAbove
	switch {
	case compressAbove < 0:
		return usagef("bad --ws-compress-above %d (0 or more)", compressAbove)
	case compressAbove == 0:
		compressAbove = -1 // the server's "never"
	}
	for _, v := range []struct {
		name string
		v    *int
	}{{"max-ws-per-addr", &maxWS}, {"max-ws-per-64", &maxWSNet}, {"max-ws", &maxWSAll}, {"max-tables", &maxTables},
		{"max-empty-per-addr", &maxEmptyAddr}, {"max-empty-per-64", &maxEmptyNet}, {"max-empty", &maxEmpty}} {
		switch {
		case *v.v < 0:
			return usagef("bad --%s %d (0 or more)", v.name, *v.v)
		case *v.v == 0:
			*v.v = -1 // the server's "no cap"
		}
	}
	if c.Advertise != "" {
		if _, _, err := net.SplitHostPort(c.Advertise); err != nil {
			return usagef("bad --advertise-addr %q (HOST:PORT)", c.Advertise)
		}
	}
	if err := checkAddr("addr", c.Addr); err != nil {
		return err
	}
	if c.AdminAddr != "" {
		if err := checkAddr("admin-addr", c.AdminAddr); err != nil {
			return err
		}
		if c.AdminAddr == c.Addr {
			return usagef("--admin-addr %s is --addr too: the metrics and pprof need an address of their own, such as 127.0.0.1:8081", c.AdminAddr)
		}
	}
	if c.BotDelay < 0 {
		return usagef("bad --bot-delay %v (0 or more)", c.BotDelay)
	}
	if c.Grace < 0 {
		return usagef("bad --grace %v (0 or more)", c.Grace)
	}
	db, err := parseDB(c.DB)
	if err != nil {
		return err
	}
	switch {
	case c.TurnClock != 0 && (c.TurnClock < 5*time.Second || c.TurnClock > time.Hour):
		return usagef("bad --turn-clock %v (0 for none, or 5s to 1h)", c.TurnClock)
	case abandon < 0:
		return usagef("bad --abandon-after %v (0 or more)", abandon)
	case abandon == 0:
		abandon = -1 // the server's "never"
	}

	// A closed terminal (SIGHUP) stops the server as gracefully as Ctrl-C,
	// unless it was started to outlive its terminal (nohup ignores SIGHUP,
	// and asking for the signal would undo that).
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	ctx, stop := signal.NotifyContext(context.Background(), sigs...)
	defer stop()
	// The addresses are bound first: one in use stops the server before
	// it opens (or creates) a database.
	ln, err := listen("addr", c.Addr)
	if err != nil {
		log.Error("trull serve: " + err.Error())
		return quiet{1}
	}
	var aln net.Listener
	if c.AdminAddr != "" {
		if aln, err = listen("admin-addr", c.AdminAddr); err != nil {
			ln.Close()
			log.Error("trull serve: " + err.Error())
			return quiet{1}
		}
	}
	closeListeners := func() {
		ln.Close()
		if aln != nil {
			aln.Close()
		}
	}
	st, err := db.open(ctx)
	if err != nil {
		closeListeners()
		log.Error("trull serve: cannot open the database", "db", db.where, "err", err)
		return quiet{1}
	}
	log.Info("database", "kind", db.kind, "db", db.where)
	srv, err := server.New(ctx, server.Config{Addr: c.Addr, AdvertiseAddr: c.Advertise, AdminAddr: c.AdminAddr, Listener: ln, AdminListener: aln, Logger: log,
		CompressAbove: compressAbove,
		BotDelay:      c.BotDelay, Grace: c.Grace, TurnClock: c.TurnClock, HintBot: string(c.HintBot), MaxConnsPerAddr: maxWS, MaxTables: maxTables,
		MaxEmptyPerAddr: maxEmptyAddr, MaxEmptyPerNet: maxEmptyNet, MaxEmpty: maxEmpty, MaxConnsPerNet: maxWSNet, MaxConns: maxWSAll,
		AnalysisBot: string(c.AnalysisBot), AnalysisWorkers: c.AnalysisWorkers, HintWorkers: c.HintWorkers, BotWorkers: c.BotWorkers,
		TrustedProxies: proxies, Abandon: abandon}, st)
	if err != nil {
		closeListeners()
		log.Error("trull serve: cannot start", "err", err)
		return quiet{1}
	}
	stopping := context.AfterFunc(ctx, func() {
		log.Info("stopping: the tables are kept, their people are told to reconnect")
	})
	err = srv.Serve(ctx, func(a string) {
		for _, u := range browserURLs(a) {
			fmt.Fprintf(e.stdout, "trull serve: open %s in a browser\n", u)
		}
	})
	stopping()
	if cerr := srv.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Error("trull serve", "err", err)
		return quiet{1}
	}
	log.Info("stopped")
	return nil
}

// listen binds addr, the value of --flag, and says in words what stands
// in the way when it cannot.
func listen(flag, addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	switch {
	case err == nil:
		return ln, nil
	case errors.Is(err, syscall.EADDRINUSE):
		return nil, fmt.Errorf("cannot listen on %s (--%s): another program, perhaps another trull serve, listens there; stop it, or give --%s another port", addr, flag, flag)
	case errors.Is(err, syscall.EACCES):
		return nil, fmt.Errorf("cannot listen on %s (--%s): this user may not use that port (ports below 1024 need privileges); give --%s a port from 1024 up", addr, flag, flag)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return nil, fmt.Errorf("cannot listen on %s (--%s): no network interface of this machine has that address", addr, flag)
	}
	return nil, fmt.Errorf("cannot listen on %s (--%s): %w", addr, flag, err)
}

// checkAddr refuses a listen address that is not HOST:PORT with a port
// from 0 to 65535.
func checkAddr(flag, addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		var n int
		if _, err = fmt.Sscanf(port, "%d", &n); err == nil && (n < 0 || n > 65535 || fmt.Sprint(n) != port) {
			err = fmt.Errorf("no such port")
		}
	}
	if err != nil {
		return usagef("bad --%s %q: want HOST:PORT, such as 127.0.0.1:8080, or :8080 for every address of this machine", flag, addr)
	}
	return nil
}

// dbTarget is the database a --db value names.
type dbTarget struct {
	kind  string // "sqlite" or "postgres"
	url   string // the value to open
	where string // for the log: the file's absolute path, or the URL without its password
}

// parseDB reads a --db value: a postgres:// (or postgresql://) URL, in any
// case, else an SQLite file (empty: ./trull-data/trull.db). A URL of
// another scheme, or PostgreSQL's key=value form, is refused rather than
// taken for the name of a file.
func parseDB(db string) (dbTarget, error) {
	if scheme, _, ok := strings.Cut(db, "://"); ok && urlScheme.MatchString(scheme) {
		u, err := url.Parse(db)
		if err != nil {
			// The parser's words may quote a part of the password.
			return dbTarget{}, usagef("bad --db: not a URL (postgres://USER@HOST:5432/DB, with any of / ? # @ : in the password written as %%2F %%3F %%23 %%40 %%3A)")
		}
		switch strings.ToLower(scheme) {
		case "postgres", "postgresql":
			u.Scheme = "postgres"
			return dbTarget{kind: "postgres", url: u.String(), where: redacted(u)}, nil
		}
		return dbTarget{}, usagef("bad --db %s: trull stores in PostgreSQL (postgres://USER@HOST:5432/DB) or in an SQLite file (a path), not %s://", redacted(u), scheme)
	}
	if strings.HasPrefix(strings.ToLower(db), "file:") {
		return dbTarget{}, usagef("bad --db %s: give the SQLite file's path, without file:", db)
	}
	if libpqKeys.MatchString(db) {
		return dbTarget{}, usagef("bad --db: a PostgreSQL key=value string is not read; give it as a URL: postgres://USER@HOST:5432/DB (the password in PGPASSWORD)")
	}
	if db == "" {
		db = filepath.Join("trull-data", "trull.db")
	}
	where, err := filepath.Abs(db)
	if err != nil {
		where = db
	}
	return dbTarget{kind: "sqlite", url: db, where: where}, nil
}

// urlScheme is what stands before "://" in a URL (and not in a Windows
// path such as C://data).
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]+$`)

// libpqKeys recognizes PostgreSQL's key=value connection strings.
var libpqKeys = regexp.MustCompile(`^\s*(host|hostaddr|dbname|user|password|port|sslmode|service)\s*=`)

// redacted writes u without its password, in the user part or the query.
func redacted(u *url.URL) string {
	c := *u
	if q := c.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		c.RawQuery = q.Encode()
	}
	return c.Redacted()
}

// open opens the store.
func (d dbTarget) open(ctx context.Context) (store.Store, error) {
	if d.kind == "postgres" {
		return postgres.Open(ctx, d.url)
	}
	return sqlite.Open(ctx, d.url)
}

// browserURLs gives the addresses to open the server at: the one it
// listens on, or for every address of the machine (0.0.0.0, [::]) this
// machine's own and each of its network addresses, which the others on the
// network use.
func browserURLs(listen string) []string {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return []string{"http://" + listen + "/"}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.IsUnspecified() {
		return []string{"http://" + listen + "/"}
	}
	out := []string{"http://" + net.JoinHostPort("localhost", port) + "/"}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		p, err := netip.ParsePrefix(a.String())
		if err != nil || p.Addr().IsLoopback() || p.Addr().IsLinkLocalUnicast() || !p.Addr().Is4() {
			continue
		}
		out = append(out, "http://"+net.JoinHostPort(p.Addr().String(), port)+"/ (from the other machines of the network)")
	}
	return out
}

// prefixList is a repeatable flag of CIDRs or single addresses, each
// value one or several separated by commas.
type prefixList []netip.Prefix

func (l *prefixList) String() string {
	var out []string
	for _, p := range *l {
		out = append(out, p.String())
	}
	return strings.Join(out, ",")
}

func (l *prefixList) Set(v string) error {
	for f := range strings.SplitSeq(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if a, err := netip.ParseAddr(f); err == nil {
			*l = append(*l, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return fmt.Errorf("%q is neither a CIDR (10.0.0.0/8, fd00::/8) nor an address", f)
		}
		*l = append(*l, p.Masked())
	}
	return nil
}

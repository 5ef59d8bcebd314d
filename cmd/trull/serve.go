package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
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
	TurnClock       time.Duration `name:"turn-clock" default:"90s" help:"Turn clock of a new table with more than one person whose creator names none: a person's time for a decision before a bot stand-in plays it (0: no clock)."`
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
	AbandonAfter    time.Duration `name:"abandon-after" default:"30m" help:"Close an open or playing table nobody has been connected to for this long; its finished hands are kept (0: never)."`
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
	switch {
	case c.TurnClock != 0 && (c.TurnClock < 5*time.Second || c.TurnClock > time.Hour):
		return usagef("bad --turn-clock %v (0 for none, or 5s to 1h)", c.TurnClock)
	case abandon < 0:
		return usagef("bad --abandon-after %v (0 or more)", abandon)
	case abandon == 0:
		abandon = -1 // the server's "never"
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := openStore(ctx, c.DB)
	if err != nil {
		log.Error("trull serve: cannot open the database", "err", err)
		return quiet{1}
	}
	srv, err := server.New(ctx, server.Config{Addr: c.Addr, AdvertiseAddr: c.Advertise, AdminAddr: c.AdminAddr, Logger: log,
		CompressAbove: compressAbove,
		BotDelay:      c.BotDelay, Grace: c.Grace, TurnClock: c.TurnClock, HintBot: string(c.HintBot), MaxConnsPerAddr: maxWS, MaxTables: maxTables,
		MaxEmptyPerAddr: maxEmptyAddr, MaxEmptyPerNet: maxEmptyNet, MaxEmpty: maxEmpty, MaxConnsPerNet: maxWSNet, MaxConns: maxWSAll,
		AnalysisBot: string(c.AnalysisBot), AnalysisWorkers: c.AnalysisWorkers, HintWorkers: c.HintWorkers, BotWorkers: c.BotWorkers,
		TrustedProxies: proxies, Abandon: abandon}, st)
	if err != nil {
		log.Error("trull serve: cannot start", "err", err)
		return quiet{1}
	}
	err = srv.Serve(ctx, func(a string) {
		fmt.Fprintf(e.stdout, "trull serve: open http://%s/ in a browser\n", a)
	})
	if cerr := srv.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Error("trull serve", "err", err)
		return quiet{1}
	}
	return nil
}

// openStore opens the store a --db value names: a postgres:// (or
// postgresql://) URL, else an SQLite file (empty: ./trull-data/trull.db).
func openStore(ctx context.Context, db string) (store.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(ctx, db)
	}
	if db == "" {
		db = filepath.Join("trull-data", "trull.db")
	}
	return sqlite.Open(ctx, db)
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

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"trull/internal/bot"
	"trull/internal/server"
)

// cmdServe implements `trull serve`: the lobby, the tables and the browser
// app on one address, on an SQLite file (default) or PostgreSQL.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "./trull-data/trull.db", "SQLite database file (its directory is created), or a postgres:// URL")
	admin := fs.String("admin-addr", "", "address for /metrics and /debug/pprof/ (empty: off)")
	botDelay := fs.Duration("bot-delay", 700*time.Millisecond, "pause before a bot acts")
	grace := fs.Duration("grace", 30*time.Second, "how long a player must be away before the host may let a bot take the seat")
	level := fs.String("log-level", "info", "log level: debug, info, warn or error")
	format := fs.String("log-format", "text", "log format: text or json")
	hintBot := fs.String("hint-bot", "ismcts", "bot whose ranked candidates answer hints (ismcts-fast on a small machine)")
	maxWS := fs.Int("max-ws-per-addr", 32, "WebSockets one client address may hold open at once (0: no cap)")
	maxTables := fs.Int("max-tables", 1000, "tables that may be open or playing at once; creating more is refused (0: no cap)")
	abandon := fs.Duration("abandon-after", 24*time.Hour, "close an open table nobody has been connected to for this long; its finished hands are kept (0: never)")
	var proxies prefixList
	fs.Var(&proxies, "trusted-proxy", "CIDR or address of a reverse proxy whose X-Forwarded-For names the client (repeatable or comma-separated); behind a proxy set it, or every client counts as the proxy's address")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: trull serve [--addr 127.0.0.1:8080] [--db ./trull-data/trull.db | --db postgres://…] [--admin-addr ADDR] [--trusted-proxy CIDR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "trull serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(stderr, "trull serve: bad --log-level %q (debug, info, warn, error)\n", *level)
		return 2
	}
	opts := &slog.HandlerOptions{Level: lv}
	var h slog.Handler
	switch strings.ToLower(*format) {
	case "text":
		h = slog.NewTextHandler(stderr, opts)
	case "json":
		h = slog.NewJSONHandler(stderr, opts)
	default:
		fmt.Fprintf(stderr, "trull serve: bad --log-format %q (text, json)\n", *format)
		return 2
	}
	log := slog.New(h)
	if _, err := bot.New(*hintBot); err != nil {
		fmt.Fprintf(stderr, "trull serve: bad --hint-bot: %v\n", err)
		return 2
	}
	for _, c := range []struct {
		name string
		v    *int
	}{{"max-ws-per-addr", maxWS}, {"max-tables", maxTables}} {
		switch {
		case *c.v < 0:
			fmt.Fprintf(stderr, "trull serve: bad --%s %d (0 or more)\n", c.name, *c.v)
			return 2
		case *c.v == 0:
			*c.v = -1 // the server's "no cap"
		}
	}

	switch {
	case *abandon < 0:
		fmt.Fprintf(stderr, "trull serve: bad --abandon-after %v (0 or more)\n", *abandon)
		return 2
	case *abandon == 0:
		*abandon = -1 // the server's "never"
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := server.New(ctx, server.Config{Addr: *addr, AdminAddr: *admin, DB: *db, Logger: log,
		BotDelay: *botDelay, Grace: *grace, HintBot: *hintBot, MaxConnsPerAddr: *maxWS, MaxTables: *maxTables,
		TrustedProxies: proxies, Abandon: *abandon})
	if err != nil {
		log.Error("trull serve: cannot start", "err", err)
		return 1
	}
	err = srv.Serve(ctx, func(a string) {
		fmt.Fprintf(stdout, "trull serve: open http://%s/ in a browser\n", a)
	})
	if cerr := srv.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Error("trull serve", "err", err)
		return 1
	}
	return 0
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

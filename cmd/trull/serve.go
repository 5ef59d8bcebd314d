package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: trull serve [--addr 127.0.0.1:8080] [--db ./trull-data/trull.db | --db postgres://…] [--admin-addr ADDR]")
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

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := server.New(ctx, server.Config{Addr: *addr, AdminAddr: *admin, DB: *db, Logger: log,
		BotDelay: *botDelay, Grace: *grace, HintBot: *hintBot})
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

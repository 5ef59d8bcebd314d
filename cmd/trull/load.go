package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"trull/internal/loadgen"
)

// loadCmd is `trull load`: the load generator, as its own process, against
// a running server (docs/DEPLOY.md, "Measuring a server").
type loadCmd struct {
	URL       string        `name:"url" default:"http://127.0.0.1:8080" help:"The server's base address."`
	Tables    int           `default:"100" help:"Tables to play, each with two simulated people and a rules bot."`
	Duration  time.Duration `default:"30s" help:"How long to measure, once every table is seated."`
	Think     time.Duration `default:"1s" help:"A simulated person's mean thinking time."`
	TurnClock time.Duration `name:"turn-clock" default:"90s" help:"The tables' turn clock, in whole seconds as trull serve's (0: none)."`
	Sources   int           `default:"1" help:"Spread the connections over this many loopback source addresses from 127.0.0.2 (a server on loopback only), so that its per-address limits see many clients."`
	Compress  bool          `default:"true" negatable:"" help:"Ask for compressed WebSocket messages, as browsers do."`
	Game      string        `default:"${defaultGame}" enum:"${gameEnum}" help:"Game of the tables."`
	Seed      uint64        `default:"1" help:"Seed of the simulated people's choices."`
	Bot       string        `default:"rules" help:"The bot of the seats after the two people's (a level of trull bots, such as ismcts)."`
	JSON      bool          `name:"json" help:"Print the report as JSON."`
	CPUProf   string        `name:"cpuprofile" placeholder:"FILE" help:"Write the generator's own CPU profile to FILE (go tool pprof), to tell its cost from the server's."`
}

// loadGCPercent is the generator's GOGC unless the environment sets one.
const loadGCPercent = 400

// Run plays the load and prints the report.
func (c *loadCmd) Run(e *env) error {
	if c.Tables <= 0 || c.Duration <= 0 || c.Think <= 0 {
		return usagef("bad load: --tables, --duration and --think must be positive")
	}
	if c.TurnClock < 0 || c.TurnClock%time.Second != 0 {
		return usagef("bad --turn-clock %v: whole seconds, as a table's clock (0: none)", c.TurnClock)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOGC") == "" {
		// The generator's own collections pause its simulated people and
		// show up in what it measures: it collects a quarter as often as
		// Go's default would (its memory matters less than its quiet).
		debug.SetGCPercent(loadGCPercent)
	}
	if c.CPUProf != "" {
		f, err := os.Create(c.CPUProf)
		if err != nil {
			return fmt.Errorf("load: the CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("load: the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	r, err := loadgen.Run(ctx, loadgen.Config{URL: c.URL, Tables: c.Tables, Duration: c.Duration, Think: c.Think,
		TurnClock: int(c.TurnClock / time.Second), Sources: c.Sources, Compress: c.Compress, Game: c.Game, Seed: c.Seed, Bot: c.Bot})
	if err != nil {
		return err
	}
	if c.JSON {
		b, _ := json.MarshalIndent(r, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
		return nil
	}
	fmt.Fprintln(e.stdout, r)
	return nil
}

package server

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"trull/internal/loadgen"
)

// The load test: go test ./internal/server/ -run TestLoad -load -v
// (-load.tables, -load.duration, -load.think and -load.clock change the
// defaults). The same generator runs as its own process: trull load.
var (
	loadFull     = flag.Bool("load", false, "run the full load test (500 tables)")
	loadTables   = flag.Int("load.tables", 500, "tables of the full load test")
	loadDuration = flag.Duration("load.duration", 30*time.Second, "how long the full load test plays")
	loadThink    = flag.Duration("load.think", time.Second, "a simulated person's mean thinking time")
	loadClock    = flag.Int("load.clock", 90, "the tables' turn clock in seconds (0: none)")
)

// runLoad plays tables tables for d against an in-process server and
// reports what it held.
func runLoad(t *testing.T, tables int, d, think time.Duration, clock int) {
	e := newEnv(t, Config{IdleUnload: time.Hour, PostRate: -1, MaxConnsPerAddr: -1})
	r, err := loadgen.Run(context.Background(), loadgen.Config{URL: e.ts.URL, Tables: tables, Duration: d,
		Think: think, TurnClock: clock, Compress: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	fmt.Println(r)
	if r.Errors > 0 {
		t.Errorf("%d errors, e.g. %s", r.Errors, r.FirstError)
	}
	if r.Held < tables*9/10 || r.Samples == 0 {
		t.Errorf("only %d of %d tables kept playing", r.Held, tables)
	}
	if n := counter(e, "bot"); n == 0 {
		t.Error("the bots did not play")
	}
}

// counter reads trull_actions_total (by "bot", or all for "").
func counter(e *testEnv, by string) int64 {
	mfs, err := e.srv.metrics.reg.Gather()
	if err != nil {
		return 0
	}
	var n float64
	for _, mf := range mfs {
		if mf.GetName() != "trull_actions_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "by" && (by == "" || l.GetValue() == by) {
					n += m.GetCounter().GetValue()
				}
			}
		}
	}
	return int64(n)
}

// TestLoad is the load benchmark: many tables of two simulated people and
// a rules bot over loopback, turn clocks running, reporting tables held,
// actions per second and the latency from a person's action to the other
// person's update. Without -load it runs a small version that checks the
// machinery.
func TestLoad(t *testing.T) {
	if *loadFull {
		runLoad(t, *loadTables, *loadDuration, *loadThink, *loadClock)
		return
	}
	if testing.Short() {
		t.Skip("the load test is skipped with -short")
	}
	runLoad(t, 20, 2*time.Second, 50*time.Millisecond, 90)
}

package server

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"trull/internal/gametest"

	"github.com/coder/websocket"
)

// The hint flood: go test ./internal/server/ -run TestHintFlood -hintflood -v
// plays the full measurement (8 tables of 19 hints a second for 10 s).
var (
	hintFloodFull   = flag.Bool("hintflood", false, "run the full hint-flood measurement")
	hintFloodTables = flag.Int("hintflood.tables", 8, "tables flooding hints")
	hintFloodRate   = flag.Float64("hintflood.rate", 19, "hints a second each flooding table asks for")
	hintFloodFor    = flag.Duration("hintflood.duration", 10*time.Second, "how long the flood lasts")
)

// flooder asks for hints at a table where it is the person's turn in the
// card play, as fast as rate allows, and counts the answers.
type flooder struct {
	c        *client
	asked    atomic.Int64
	hints    atomic.Int64
	refusals atomic.Int64
	codes    sync.Map // refusal code → struct{}
}

// reachCardPlay plays random legal actions at the table until the seat is
// to play a card, and returns the client there.
func reachCardPlay(t *testing.T, e *testEnv, rng *rand.Rand) *client {
	t.Helper()
	for {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Flo"})
		c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		st := c.playUntil(rng, func(s *tState) bool {
			if s.Done || len(s.Legal) == 0 {
				return s.Done
			}
			var a struct {
				Act string `json:"act"`
			}
			json.Unmarshal(s.Legal[0], &a)
			return a.Act == "play"
		})
		if !st.Done {
			return c
		}
		c.ws.CloseNow()
	}
}

// flood sends a hint request every 1/rate seconds until ctx ends; its
// answers are counted until the connection closes.
func (f *flooder) flood(ctx context.Context, rate float64) {
	go func() {
		for {
			var m tMsg
			select {
			case m = <-f.c.in:
			case <-f.c.closed:
				return
			}
			switch m.Type {
			case "hint":
				f.hints.Add(1)
			case "error":
				f.refusals.Add(1)
				f.codes.Store(m.Code, struct{}{})
			}
		}
	}()
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	var seq int64
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		seq++
		b, _ := json.Marshal(map[string]any{"type": "hint", "seq": seq})
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := f.c.ws.Write(wctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			return
		}
		f.asked.Add(1)
	}
}

// probe plays n actions of a person against two rules bots at its own
// table and returns each action's round trip: from sending it to the state
// that acknowledges it (the bots' replies included).
func probe(t *testing.T, e *testEnv, rng *rand.Rand, n int) []time.Duration {
	t.Helper()
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Pia"})
	c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	defer c.ws.CloseNow()
	var out []time.Duration
	st := c.state()
	for len(out) < n {
		switch {
		case st.Done:
			m := c.answer(c.send(map[string]any{"type": "next"}))
			if m.state == nil {
				t.Fatalf("next refused: %s", m.raw)
			}
			st = m.state
		case len(st.Legal) > 0:
			a := pickAction(rng, st.Legal)
			start := time.Now()
			m := c.answer(c.send(map[string]any{"type": "act", "action": a}))
			d := time.Since(start)
			if m.state == nil {
				// A random discard the rules refuse: another one.
				continue
			}
			out = append(out, d)
			st = m.state
		default:
			st = c.state()
		}
	}
	return out
}

// quantiles formats the median, 99th percentile and maximum of ds.
func quantiles(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	q := func(p float64) time.Duration { return s[int(p*float64(len(s)-1))].Round(10 * time.Microsecond) }
	return fmt.Sprintf("p50 %v, p99 %v, max %v (%d actions)", q(0.5), q(0.99), q(1), len(s))
}

// TestHintFlood measures what a flood of hint requests at some tables does
// to the action round trip at another table: the probe plays alone first,
// then while every flooding table asks for hint after hint in the card
// play. It reports the numbers and fails only when a hint request goes
// unanswered or the probe's actions are not acknowledged; timing never
// fails it (the machine may be shared). Without -hintflood it runs a
// short version that checks the machinery.
func TestHintFlood(t *testing.T) {
	tables, rate, dur, probes, hintBot := *hintFloodTables, *hintFloodRate, *hintFloodFor, 300, "ismcts"
	if !*hintFloodFull {
		if testing.Short() {
			t.Skip("the hint flood is skipped with -short")
		}
		// A smaller search: the short run checks that every request is
		// answered, also on a loaded machine.
		tables, dur, probes, hintBot = 2, 1500*time.Millisecond, 40, "ismcts@300"
	}
	e := newEnv(t, Config{HintBot: hintBot, IdleUnload: time.Hour})
	rng := rand.New(rand.NewPCG(35, 7))
	quiet := probe(t, e, rng, probes)

	floods := make([]*flooder, tables)
	for i := range floods {
		floods[i] = &flooder{c: reachCardPlay(t, e, rng)}
	}
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var wg sync.WaitGroup
	for _, f := range floods {
		wg.Go(func() { f.flood(ctx, rate) })
	}
	var loud []time.Duration
	for ctx.Err() == nil {
		loud = append(loud, probe(t, e, rng, 20)...)
	}
	wg.Wait()
	// Every request is answered, with hints or a refusal.
	for _, f := range floods {
		gametest.Eventually(t, 2*time.Minute, "every hint answered", func() bool { return f.hints.Load()+f.refusals.Load() >= f.asked.Load() })
	}
	var asked, hints, refused int64
	var codes []string
	for _, f := range floods {
		asked, hints, refused = asked+f.asked.Load(), hints+f.hints.Load(), refused+f.refusals.Load()
		f.codes.Range(func(k, _ any) bool {
			if !slices.Contains(codes, k.(string)) {
				codes = append(codes, k.(string))
			}
			return true
		})
		f.c.ws.CloseNow()
	}
	slices.Sort(codes)
	report := fmt.Sprintf("hint flood (%s): %d tables × %.0f hints/s for %v: %d asked, %d answered with hints, %d refused (%s)\n"+
		"  another table's action round trip, alone:        %s\n"+
		"  another table's action round trip, under flood:  %s",
		hintBot, tables, rate, dur, asked, hints, refused, strings.Join(codes, ", "), quantiles(quiet), quantiles(loud))
	t.Log(report)
	if *hintFloodFull {
		fmt.Println(report)
	}
	if hints+refused < asked {
		t.Errorf("%d of %d hint requests were not answered", asked-hints-refused, asked)
	}
	if hints == 0 {
		t.Errorf("no hint was given during the flood")
	}
	if len(loud) == 0 {
		t.Errorf("the probe played no action during the flood")
	}
}

// TestHintPool: hints are searched off the table's goroutine, one at a
// time per connection: a second request while the first is searched is
// refused (hint_busy), the table plays on meanwhile, a hint whose position
// has moved on is refused (hint_stale) rather than given, and a full pool
// refuses what it cannot queue.
func TestHintPool(t *testing.T) {
	// A search slow enough to still run while the test acts.
	e := newEnv(t, Config{HintBot: "ismcts@30000", HintWorkers: 1, IdleUnload: time.Hour})
	rng := rand.New(rand.NewPCG(35, 8))
	c := reachCardPlay(t, e, rng)
	st := c.latest()
	first := c.send(map[string]any{"type": "hint"})
	if m := c.answer(c.send(map[string]any{"type": "hint"})); m.Type != "error" || m.Code != "hint_busy" {
		t.Fatalf("a second hint while the first is searched: %s, want hint_busy", m.raw)
	}
	// The table is not busy: an action is played while the hint runs.
	if m := c.answer(c.send(map[string]any{"type": "act", "action": pickAction(rng, st.Legal)})); m.state == nil {
		t.Fatalf("an action while a hint is searched: %s", m.raw)
	}
	if m := c.answer(first); m.Type != "error" || m.Code != "hint_stale" {
		t.Fatalf("the hint of a position the hand has left: %s, want hint_stale", m.raw)
	}
	// Once the search is over, the next request is served.
	if st := c.latest(); len(st.Legal) > 0 {
		if m := c.answer(c.send(map[string]any{"type": "hint"})); m.Type != "hint" || len(m.Hints) == 0 {
			t.Fatalf("a hint after the stale one: %s", m.raw)
		}
	}

	// The pool takes one search and hintQueue waiting ones per worker:
	// of more connections asking at once, the rest are refused.
	var cs []*client
	for range hintQueue + 3 {
		cs = append(cs, reachCardPlay(t, e, rng))
	}
	seqs := make([]int64, len(cs))
	for i, x := range cs {
		seqs[i] = x.send(map[string]any{"type": "hint"})
	}
	full := 0
	for i, x := range cs {
		m := x.answer(seqs[i])
		switch {
		case m.Type == "hint":
		case m.Code == "hint_busy" && strings.Contains(m.Error, "as many hints"):
			full++
		default:
			t.Fatalf("connection %d: %s", i, m.raw)
		}
	}
	if full == 0 || full > 2 {
		t.Fatalf("%d of %d simultaneous hints refused by the full pool, want 1 or 2", full, len(cs))
	}
}

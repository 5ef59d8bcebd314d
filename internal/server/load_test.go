package server

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The load test: go test ./internal/server/ -run TestLoad -load -v
// (-load.tables, -load.duration and -load.think change the defaults).
var (
	loadFull     = flag.Bool("load", false, "run the full load test (500 tables)")
	loadTables   = flag.Int("load.tables", 500, "tables of the full load test")
	loadDuration = flag.Duration("load.duration", 30*time.Second, "how long the full load test plays")
	loadThink    = flag.Duration("load.think", time.Second, "a simulated person's mean thinking time")
)

// loadStats collects the load test's measurements.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	actions   atomic.Int64 // people's accepted actions
	errors    atomic.Int64
	errText   atomic.Value
}

func (s *loadStats) latency(d time.Duration) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.mu.Unlock()
}

// loadTab is one table of two simulated people and a rules bot.
type loadTab struct {
	mu      sync.Mutex
	sent    time.Time // when a person sent an action the other has not seen yet
	sentBy  int
	sentSeq int64        // the table's seq the sender had seen
	active  atomic.Int64 // unix ms of the last state seen
}

// loadPerson plays one seat: it answers its turn after a thinking time.
type loadPerson struct {
	seat  int
	ws    *websocket.Conn
	tab   *loadTab
	stats *loadStats
	rng   *rand.Rand
	think time.Duration
	ctx   context.Context
	wmu   sync.Mutex
	seq   int64
	// lastSeq is the newest table seq this seat has seen.
	lastSeq int64
}

func (p *loadPerson) write(m map[string]any) {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.seq++
	m["seq"] = p.seq
	b, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if m["type"] == "act" {
		p.tab.mu.Lock()
		p.tab.sent, p.tab.sentBy, p.tab.sentSeq = time.Now(), p.seat, p.lastSeq
		p.tab.mu.Unlock()
	}
	if err := p.ws.Write(ctx, websocket.MessageText, b); err != nil && p.ctx.Err() == nil {
		p.stats.errors.Add(1)
		p.stats.errText.Store(err.Error())
	}
}

// run reads the seat's messages until ctx ends.
func (p *loadPerson) run(ctx context.Context) {
	p.ctx = ctx
	var pending *time.Timer
	var lastLegal []json.RawMessage
	defer func() {
		if pending != nil {
			pending.Stop()
		}
	}()
	for {
		_, data, err := p.ws.Read(ctx)
		if err != nil {
			return
		}
		now := time.Now()
		var m struct {
			Type  string            `json:"type"`
			Error string            `json:"error"`
			Seq   int64             `json:"seq"`
			Ack   *int64            `json:"ack"`
			Done  bool              `json:"done"`
			Legal []json.RawMessage `json:"legal"`
		}
		if json.Unmarshal(data, &m) != nil {
			p.stats.errors.Add(1)
			continue
		}
		switch m.Type {
		case "error":
			switch {
			case strings.HasPrefix(m.Error, "act:") && len(lastLegal) > 0:
				// A random discard that the rules refuse: pick again.
				next := map[string]any{"type": "act", "action": pickAction(p.rng, lastLegal)}
				pending = time.AfterFunc(p.think/10, func() { p.write(next) })
			case strings.Contains(m.Error, "still being played"):
			default:
				p.stats.errors.Add(1)
				p.stats.errText.Store(m.Error)
			}
			continue
		case "state":
			lastLegal = m.Legal
		default:
			continue
		}
		p.tab.active.Store(now.UnixMilli())
		p.tab.mu.Lock()
		if !p.tab.sent.IsZero() && p.tab.sentBy != p.seat && m.Seq > p.tab.sentSeq {
			p.stats.latency(now.Sub(p.tab.sent))
			p.tab.sent = time.Time{}
		}
		p.tab.mu.Unlock()
		p.wmu.Lock()
		p.lastSeq = max(p.lastSeq, m.Seq)
		p.wmu.Unlock()
		if m.Ack != nil {
			p.stats.actions.Add(1)
		}
		var next map[string]any
		switch {
		case m.Done && p.seat == 0:
			next = map[string]any{"type": "next"}
		case len(m.Legal) > 0:
			next = map[string]any{"type": "act", "action": pickAction(p.rng, m.Legal)}
		default:
			continue
		}
		if pending != nil {
			pending.Stop()
		}
		d := time.Duration(float64(p.think) * (0.5 + p.rng.Float64()))
		pending = time.AfterFunc(d, func() { p.write(next) })
	}
}

// runLoad plays tables tables for d and reports what the server held.
func runLoad(t *testing.T, tables int, d, think time.Duration) {
	e := newEnv(t, Config{IdleUnload: time.Hour})
	stats := &loadStats{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	tabs := make([]*loadTab, tables)
	start := time.Now()
	for i := range tables {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "A"})
		bob := e.claim(tb.ID, tb.Invites[0].URL, "B")
		tabs[i] = &loadTab{}
		for seat, tok := range []string{tb.SeatToken, bob.SeatToken} {
			ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.ts.URL, "http")+"/ws/"+tb.ID+"?token="+tok, nil)
			if err != nil {
				t.Fatalf("table %d: %v", i, err)
			}
			ws.SetReadLimit(1 << 20)
			p := &loadPerson{seat: seat, ws: ws, tab: tabs[i], stats: stats, rng: rand.New(rand.NewPCG(uint64(i), uint64(seat))), think: think}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer ws.CloseNow()
				p.run(ctx)
			}()
		}
	}
	setup := time.Since(start)
	// Measure only after every table is seated.
	time.Sleep(think)
	stats.mu.Lock()
	stats.latencies = stats.latencies[:0]
	stats.mu.Unlock()
	human0 := stats.actions.Load()
	bots0, all0 := counter(e, "bot"), counter(e, "")
	t0 := time.Now()
	time.Sleep(d)
	elapsed := time.Since(t0)
	human := stats.actions.Load() - human0
	bots, all := counter(e, "bot")-bots0, counter(e, "")-all0
	held := 0
	for _, tb := range tabs {
		if time.Since(time.UnixMilli(tb.active.Load())) < 5*think+time.Second {
			held++
		}
	}
	stats.mu.Lock()
	lat := slices.Clone(stats.latencies)
	stats.mu.Unlock()
	cancel()
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(q*float64(len(lat)-1))]
	}
	report := fmt.Sprintf("load: %d tables (%d held, %d WebSockets), setup %v; over %v: %.0f actions/s (%.0f by people, %.0f by bots), "+
		"latency action → other seat's update: p50 %v, p99 %v, max %v (%d samples), %d errors",
		tables, held, 2*tables, setup.Round(time.Millisecond), elapsed.Round(time.Millisecond),
		float64(all)/elapsed.Seconds(), float64(human)/elapsed.Seconds(), float64(bots)/elapsed.Seconds(),
		pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond), len(lat), stats.errors.Load())
	t.Log(report)
	fmt.Println(report)
	if n := stats.errors.Load(); n > 0 {
		t.Errorf("%d errors, e.g. %v", n, stats.errText.Load())
	}
	if held < tables*9/10 || len(lat) == 0 {
		t.Errorf("only %d of %d tables kept playing", held, tables)
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
// a rules bot over loopback, reporting tables held, actions per second and
// the latency from a person's action to the other person's update. Without
// -load it runs a small version that checks the machinery.
func TestLoad(t *testing.T) {
	if *loadFull {
		runLoad(t, *loadTables, *loadDuration, *loadThink)
		return
	}
	if testing.Short() {
		t.Skip("the load test is skipped with -short")
	}
	runLoad(t, 20, 2*time.Second, 50*time.Millisecond)
}

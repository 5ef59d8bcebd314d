package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"math/rand/v2"
	"sync"
	"time"
	"trull/internal/bot/why"
	"trull/internal/card"

	"trull/internal/bot"
	"trull/internal/game"
)

// Hints are searched on a pool of their own, off the tables' goroutines:
// at most Config.HintWorkers at once, each on one processor, with a short
// queue, and one hint at a time per connection. A flood of hint requests
// at one table therefore takes at most those workers' processors, and the
// other tables' moves and bots keep the rest. The table answers when the
// worker is done, unless the position moved on meanwhile.

// hintQueue is how many hint requests may wait for a worker per worker.
const hintQueue = 4

// errHintFailed: the hint bot gave no answer (logged where it failed).
var errHintFailed = errors.New("server: the hint bot found no answer")

// hintJob is one hint to search on a clone of the hand (nothing the table
// changes later); bot.HintsAt reads of it only what the seat may know.
type hintJob struct {
	t          *table
	c          *conn
	seq        *int64
	seat       int
	hand, step int
	takebacks  int // the table's takebacks when asked: a takeback makes the hint stale
	st         game.State
	rules      game.Rules
	n          int    // candidates to list
	seed       uint64 // of the job's random source, drawn from the table's
}

// hintDone is a worker's answer, handed back to the table.
type hintDone struct {
	job   hintJob
	hints []hint
	err   error
}

func (r hintDone) serve(t *table) { t.hintDone(r) }

// hinter is the pool.
type hinter struct {
	jobs chan hintJob
	name string // the hint bot
	log  *slog.Logger
	m    *metrics
}

// newHinter starts workers goroutines that search hints with the bot
// called name; they end when quit closes, and wg waits for them.
func newHinter(workers int, name string, m *metrics, log *slog.Logger, quit <-chan struct{}, wg *sync.WaitGroup) *hinter {
	workers = max(workers, 1)
	h := &hinter{jobs: make(chan hintJob, workers*hintQueue), name: name, log: log, m: m}
	for range workers {
		wg.Go(func() { h.work(quit) })
	}
	return h
}

// submit queues a job; false when the queue is full.
func (h *hinter) submit(j hintJob) bool {
	select {
	case h.jobs <- j:
		return true
	default:
		return false
	}
}

// work searches hints until quit closes. Each worker has its own bots.
func (h *hinter) work(quit <-chan struct{}) {
	var b bot.Bot
	for {
		var j hintJob
		select {
		case <-quit:
			return
		case j = <-h.jobs:
		}
		d := hintDone{job: j}
		if b == nil {
			b, d.err = bot.New(h.name)
		}
		if d.err == nil {
			d.hints, d.err = h.search(b, j)
		}
		// Hand the answer back; a table that stopped meanwhile has no one
		// to give it to.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		j.t.send(ctx, d)
		cancel()
	}
}

// search runs the hint bot on one job.
func (h *hinter) search(b bot.Bot, j hintJob) (out []hint, err error) {
	defer func() {
		if r := recover(); r != nil {
			h.log.Error("the hint bot panicked", "bot", b.Name(), "panic", r)
			out, err = nil, errHintFailed
		}
	}()
	rng := rand.New(rand.NewPCG(j.seed, uint64(j.step)))
	start := time.Now()
	defer func() { h.m.hintTime.Observe(time.Since(start).Seconds()) }()
	// The candidates are whole decisions, best first by value: a discard
	// of k cards is one candidate.
	hs, err := bot.HintsAt(b, j.st, rng, j.n)
	if err != nil {
		h.log.Warn("hint failed", "bot", b.Name(), "seat", j.seat, "err", err)
		return nil, errHintFailed
	}
	for i, x := range hs {
		o := hint{Action: game.EncodeHistory(j.rules, x.Actions())[0], Bot: b.Name()}
		if x.Valued {
			v := math.Round(x.Value*100) / 100
			o.Value = &v
		}
		if x.Why != nil {
			o.Why = &why.Words{Why: *x.Why, Text: bot.WhyWords(j.rules, hs, i, card.English).Text,
				TextDE: bot.WhyWords(j.rules, hs, i, card.German).Text}
		}
		out = append(out, o)
	}
	return out, nil
}

// hint queues a hint for the seat to act on the pool, or refuses it: hints
// are off, it is not the seat's turn, a hint of this connection is still
// being searched, or the pool has as many waiting as it takes.
func (t *table) hint(c *conn, m clientMsg) {
	switch {
	case t.cfg.NoHints:
		t.refuse(c, m.Seq, "hint", "hints_off", nil, "hint: hints are off at this table")
		return
	case c.seat < 0 || t.st.Done() || t.st.ToAct() != c.seat || !t.started:
		t.refuse(c, m.Seq, "hint", string(game.CodeOutOfTurn), nil, "hint: it is not your turn")
		return
	case c.hinting:
		t.refuse(c, m.Seq, "hint_busy", "hint_busy", nil, "hint: your last hint is still being searched; wait for it")
		return
	}
	j := hintJob{t: t, c: c, seq: m.Seq, seat: c.seat, hand: t.hand, step: t.step, takebacks: t.takebacks, rules: t.rules,
		st: t.st.Clone(), n: max(t.srv.cfg.Hints, 1), seed: t.rng.Uint64()}
	if !t.srv.hints.submit(j) {
		t.refuse(c, m.Seq, "hint_busy", "hint_busy", nil, "hint: the server is searching as many hints as it can; try again in a moment")
		return
	}
	c.hinting = true
}

// hintDone answers a hint request with the worker's hints, unless the
// connection left or the position moved on meanwhile.
func (t *table) hintDone(r hintDone) {
	j, c := r.job, r.job.c
	c.hinting = false
	if _, ok := t.conns[c]; !ok {
		return
	}
	switch {
	case r.err != nil:
		t.refuse(c, j.seq, "hint", "no_hint", nil, "hint: the bot found no answer")
	case j.hand != t.hand || j.step != t.step || j.takebacks != t.takebacks:
		t.refuse(c, j.seq, "hint", "hint_stale", nil, "hint: the hand moved on while the hint was searched; ask again")
	default:
		out, _ := json.Marshal(hintMsg{Type: "hint", Seq: j.seq, Hints: r.hints})
		t.sendTo(c, out)
	}
}

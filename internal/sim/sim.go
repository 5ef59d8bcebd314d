// Package sim is the research simulator: it plays many seeded hands of a
// variant with chosen bots on all cores, keeps every hand record, and
// reports statistics with confidence intervals — optionally comparing two
// variants on the same deals.
package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
)

// Config describes a simulation.
type Config struct {
	// Rules is the variant simulated; Compare, when set, is a second
	// variant played on the same deals (same pack and seats).
	Rules, Compare game.Rules
	// Bots are the players by seat; one bot plays every seat.
	Bots []bot.Bot
	// Hands is the number of deals.
	Hands int
	// Seed fixes the deals (hand i: game.DeckFromSeed(pack, Seed/hand/i),
	// dealer i mod seats) and every bot decision.
	Seed string
	// Workers is the number of parallel workers (0: all cores). Results do
	// not depend on it.
	Workers int
	// Shard, when Of > 1, plays only that shard's deals (see Shard).
	Shard Shard
	// Progress, when set, is called after each finished deal with the
	// deals done and the deals to play (the shard's, when sharded).
	Progress func(done, total int)
}

// Shard is one of Of consecutive slices of a study's deals, numbered from
// 0: shard i plays deals i·Hands/Of up to (i+1)·Hands/Of, each with the
// seed and dealer it has in the whole study, so the shards together play
// the study deal for deal. Of 0 or 1 is the whole study.
type Shard struct {
	Index int `json:"index"`
	Of    int `json:"of"`
}

// ParseShard reads "i/n": shard i (from 0) of n.
func ParseShard(v string) (Shard, error) {
	var s Shard
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return s, fmt.Errorf("sim: --shard %s: want I/N with 0 ≤ I < N (0/4: the first of four)", v)
	}
	if n < 1 || i < 0 || i >= n {
		return s, fmt.Errorf("sim: --shard %s: want I/N with 0 ≤ I < N (0/4: the first of four)", v)
	}
	return Shard{Index: i, Of: n}, nil
}

// String returns "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

// Range returns the deals [lo, hi) of the shard in a study of hands deals.
func (s Shard) Range(hands int) (lo, hi int) {
	if s.Of <= 1 {
		return 0, hands
	}
	return s.Index * hands / s.Of, (s.Index + 1) * hands / s.Of
}

// Hand is one simulated hand of one variant.
type Hand struct {
	// Index is the deal's number in the whole study.
	Index  int
	Result game.Result
	Record *game.Record
	// Elapsed is the time the hand took to play (zero when read back).
	Elapsed time.Duration
}

// Run plays the simulation and returns the hands of each variant (one
// slice for Rules, one more for Compare), in deal order: the deals of
// c.Shard when it is set.
func Run(c Config) ([][]Hand, error) {
	if c.Hands <= 0 {
		return nil, errors.New("sim: need at least one hand")
	}
	if c.Shard.Of > 1 && (c.Shard.Index < 0 || c.Shard.Index >= c.Shard.Of) {
		return nil, fmt.Errorf("sim: shard %s does not exist", c.Shard)
	}
	lo, hi := c.Shard.Range(c.Hands)
	if hi <= lo {
		return nil, fmt.Errorf("sim: shard %s of %d deals has none", c.Shard, c.Hands)
	}
	if len(c.Bots) != 1 && len(c.Bots) != c.Rules.Seats() {
		return nil, fmt.Errorf("sim: give one bot or one per seat (%d)", c.Rules.Seats())
	}
	variants := []game.Rules{c.Rules}
	if c.Compare != nil {
		if c.Compare.Pack() != c.Rules.Pack() || c.Compare.Seats() != c.Rules.Seats() {
			return nil, errors.New("sim: compared variants must use the same pack and number of players")
		}
		variants = append(variants, c.Compare)
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := hi - lo
	out := make([][]Hand, len(variants))
	for v := range out {
		out[v] = make([]Hand, n)
	}
	errs := make([]error, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				for v, r := range variants {
					start := time.Now()
					h, err := playHand(c, r, lo+i)
					if err != nil {
						errs[i] = err
						break
					}
					h.Elapsed = time.Since(start)
					out[v][i] = h
				}
				mu.Lock()
				done++
				if c.Progress != nil {
					c.Progress(done, n)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("sim: hand %d: %w", lo+i, err)
		}
	}
	return out, nil
}

func playHand(c Config, r game.Rules, i int) (Hand, error) {
	n := r.Seats()
	deck := game.DeckFromSeed(r.Pack(), fmt.Sprintf("%s/hand/%d", c.Seed, i))
	dealer := i % n
	st, err := r.NewState(deck, dealer)
	if err != nil {
		return Hand{}, err
	}
	rngs := make([]*rand.Rand, n)
	for s := range rngs {
		rngs[s] = game.NewRand(fmt.Sprintf("%s/play/%d", c.Seed, i), uint64(s))
	}
	for steps := 0; !st.Done(); steps++ {
		if steps > 5000 {
			return Hand{}, errors.New("sim: hand does not end")
		}
		seat := st.ToAct()
		b := c.Bots[0]
		if len(c.Bots) > 1 {
			b = c.Bots[seat]
		}
		a, err := b.Act(st.View(game.Seat(seat)), rngs[seat])
		if err != nil {
			return Hand{}, fmt.Errorf("sim: %s in seat %d: %w", b.Name(), seat, err)
		}
		if err := st.Apply(a); err != nil {
			return Hand{}, fmt.Errorf("sim: %s in seat %d chose an illegal action: %w", b.Name(), seat, err)
		}
	}
	names := make([]string, n)
	for s := range names {
		if len(c.Bots) > 1 {
			names[s] = c.Bots[s].Name()
		} else {
			names[s] = c.Bots[0].Name()
		}
	}
	return Hand{Index: i, Result: st.Result(), Record: game.NewRecord(r, names, dealer, deck, st.History())}, nil
}

// WriteRecords writes hands as JSON lines, one docs/FORMAT.md record per line.
func WriteRecords(w io.Writer, hands []Hand) error {
	for _, h := range hands {
		b, err := json.Marshal(h.Record)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return nil
}

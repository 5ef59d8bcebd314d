// Package arena plays duplicate matches between computer players: the same
// deals are played with the bots rotated through every seat, so that the
// luck of the cards cancels and the difference between bots can be
// measured with a paired confidence interval.
package arena

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
)

// Omniscient is a player that may see the true state; the arena gives it
// the state instead of a view. Only the reference "cheater" does this: a
// player must say so with Cheats, so that one that merely can decide from
// a state (a search bot) still gets its view.
type Omniscient interface {
	ActState(st game.State, rng *rand.Rand) (game.Action, error)
	// Cheats marks the player as one that sees every card.
	Cheats()
}

// Config describes a match.
type Config struct {
	// Rules is the variant played.
	Rules game.Rules
	// Bots are the players compared (at least 2; each may be used on
	// several seats).
	Bots []bot.Bot
	// Deals is the number of deals; each is played once per rotation.
	Deals int
	// Seed makes the match reproducible: deal d's deck is
	// game.DeckFromSeed(pack, Seed/deal/d) and every bot decision draws from
	// a generator derived from the seed, the deal and the seat (the same in
	// every rotation).
	Seed string
	// Workers plays deals in parallel (0: all cores). Results do not depend
	// on it.
	Workers int
	// Bidder, when set, makes every decision except card play for all
	// seats, so that the compared bots play the same contracts and only
	// their card play differs ("card-play-only").
	Bidder bot.Bot
	// From and To, when To is positive, play only the deals From ≤ d < To
	// of the match: a shard, whose hands Summarize merges with the other
	// shards' into the report of the whole match. Each deal is played as
	// in the whole match (its deck, dealer and generators depend on the
	// seed and its number only).
	From, To int
	// Progress, when set, is called after each finished deal.
	Progress func(done, total int)
}

// HandResult is one played hand of a match.
type HandResult struct {
	Deal     int `json:"deal"`
	Rotation int `json:"rotation"`
	// SeatBot is the index of the bot in each seat.
	SeatBot []int `json:"seat_bot"`
	// Dealer is the seat that dealt (the deal's number modulo the seats).
	Dealer int `json:"dealer"`
	// Contract is the contract played ("" when the hand was thrown in),
	// Declarer its declarer's seat (−1 for none).
	Contract string `json:"contract"`
	Declarer int    `json:"declarer"`
	// Score is each seat's score of the hand.
	Score []int `json:"score"`
	// Think is how long each decision with a choice took, by bot index
	// (nanoseconds in JSON).
	Think [][]time.Duration `json:"think_ns"`
}

// BotStats summarizes one bot.
type BotStats struct {
	Name string `json:"name"`
	// Mean is the bot's mean score per hand per seat it held.
	Mean float64 `json:"mean"`
	// Diff is the mean paired difference per deal against the average of
	// the other bots, with its 95% confidence half-width.
	Diff float64   `json:"diff"`
	CI95 HalfWidth `json:"ci95"`
	// Contracts counts the bot's declarer games by contract and how many it
	// won (score > 0).
	Contracts map[string]*Record `json:"contracts"`
	// Decisions is the number of the bot's decisions that had more than
	// one legal action; ThinkMedian and ThinkP99 the median and the 99th
	// percentile of their durations, in milliseconds (they depend on the
	// machine and the load: reports, not results).
	Decisions   int     `json:"decisions"`
	ThinkMedian float64 `json:"think_median_ms"`
	ThinkP99    float64 `json:"think_p99_ms"`
}

// Record counts declarer games.
type Record struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// Pair is the paired comparison of two bots.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	// Diff is the mean over deals of (A's mean score − B's mean score) on
	// that deal; CI95 its 95% confidence half-width.
	Diff  float64   `json:"diff"`
	CI95  HalfWidth `json:"ci95"`
	Deals int       `json:"deals"`
}

// Lower is the lower end of the pair's 95% confidence interval.
func (p Pair) Lower() float64 { return p.Diff - float64(p.CI95) }

// Upper is the interval's upper end (see Lower).
func (p Pair) Upper() float64 { return p.Diff + float64(p.CI95) }

// Source is the part of a two-bot match's difference that comes from the
// hands of one contract declared by one of the bots: each hand adds to its
// deal's difference its first bot's scores over that bot's seats of the
// deal less the second's, so the sources of a match add up to its
// difference exactly.
type Source struct {
	// Contract is the contract played, "" when nobody declared.
	Contract string `json:"contract"`
	// By is the declaring bot, "" when nobody declared.
	By    string `json:"by"`
	Hands int    `json:"hands"`
	// Diff is the part of Pair.Diff from these hands, with the 95%
	// confidence half-width of its mean over deals.
	Diff float64   `json:"diff"`
	CI95 HalfWidth `json:"ci95"`
}

// Report is the outcome of a match.
type Report struct {
	Variant string       `json:"variant"`
	Deals   int          `json:"deals"`
	Hands   int          `json:"hands"`
	Bots    []BotStats   `json:"bots"`
	Pairs   []Pair       `json:"pairs"`
	Results []HandResult `json:"-"`
	// Sources, for a match of two bots, are where its difference comes
	// from: by contract and declaring bot, the largest part first.
	Sources []Source `json:"sources,omitempty"`
}

// Rotations returns the seat assignments of one deal, each assignment
// giving the bot of every seat, all different. Two bots share the seats
// as evenly as possible, ⌈n/2⌉ to one and ⌊n/2⌋ to the other in one block,
// turned through every seat and then swapped: each bot holds every seat,
// and the majority and the minority in every position (3 seats: 6
// assignments; 2 seats: 2; 6 seats: 6). More bots are rotated in turn
// through the seats (seat i of rotation r holds bot (i+r) mod k), without
// repeating an assignment.
func Rotations(seats, k int) [][]int {
	var out [][]int
	seen := map[string]bool{}
	add := func(a []int) {
		key := fmt.Sprint(a)
		if !seen[key] {
			seen[key] = true
			out = append(out, a)
		}
	}
	if k == 2 {
		for _, swap := range []int{0, 1} {
			for r := 0; r < seats; r++ {
				a := make([]int, seats)
				for i := range a {
					if (i+r)%seats >= (seats+1)/2 {
						a[i] = 1
					}
					a[i] ^= swap
				}
				add(a)
			}
		}
		return out
	}
	for r := 0; r < max(seats, k); r++ {
		a := make([]int, seats)
		for i := range a {
			a[i] = (i + r) % k
		}
		add(a)
	}
	return out
}

// Run plays the match.
func Run(c Config) (*Report, error) {
	if len(c.Bots) < 2 {
		return nil, errors.New("arena: need at least two bots")
	}
	if c.Deals <= 0 {
		return nil, errors.New("arena: need at least one deal")
	}
	from, to := 0, c.Deals
	if c.To > 0 {
		if c.From < 0 || c.From >= c.To || c.To > c.Deals {
			return nil, fmt.Errorf("arena: deals %d to %d are not a part of a match of %d deals", c.From, c.To-1, c.Deals)
		}
		from, to = c.From, c.To
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := c.Rules.Seats()
	rots := Rotations(n, len(c.Bots))
	results := make([][]HandResult, to-from)
	errs := make([]error, to-from)
	var mu sync.Mutex
	done := 0
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range jobs {
				results[d-from], errs[d-from] = playDeal(c, d, rots)
				mu.Lock()
				done++
				if c.Progress != nil {
					c.Progress(done, to-from)
				}
				mu.Unlock()
			}
		}()
	}
	for d := from; d < to; d++ {
		jobs <- d
	}
	close(jobs)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("arena: deal %d: %w", from+i, err)
		}
	}
	names := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		names[i] = b.Name()
	}
	return Summarize(c.Rules.String(), names, results), nil
}

// playDeal plays one deal in every rotation. A deal that is thrown in is
// dealt again from the next seed (so every deal is played).
func playDeal(c Config, d int, rots [][]int) ([]HandResult, error) {
	p := c.Rules.Pack()
	dealer := d % c.Rules.Seats()
	var out []HandResult
	for try := 0; ; try++ {
		deck := game.DeckFromSeed(p, fmt.Sprintf("%s/deal/%d/%d", c.Seed, d, try))
		out = out[:0]
		redeal := false
		for r, assign := range rots {
			st, err := c.Rules.NewState(deck, dealer)
			if err != nil {
				return nil, err
			}
			think := make([][]time.Duration, len(c.Bots))
			if err := playHand(c, st, assign, d, try, think); err != nil {
				return nil, err
			}
			res := st.Result()
			if res.Redeal {
				redeal = true
			}
			out = append(out, HandResult{Deal: d, Rotation: r, SeatBot: assign, Dealer: dealer, Contract: res.Contract,
				Declarer: res.Declarer, Score: res.Score, Think: think})
		}
		// A deal thrown in under every rotation says nothing; deal again.
		if !redeal || try >= 20 || !allRedeal(out) {
			return out, nil
		}
	}
}

func allRedeal(rs []HandResult) bool {
	for _, r := range rs {
		if r.Declarer >= 0 {
			return false
		}
	}
	return true
}

func playHand(c Config, st game.State, assign []int, d, try int, think [][]time.Duration) error {
	// A seat's randomness depends on the deal and the seat, not on the
	// rotation (common random numbers): two bots that would decide alike
	// from the same view and generator do so in every rotation, which
	// removes their shared randomness from the difference.
	rngs := make([]*rand.Rand, len(assign))
	for seat := range rngs {
		rngs[seat] = game.NewRand(fmt.Sprintf("%s/play/%d/%d", c.Seed, d, try), uint64(seat))
	}
	for steps := 0; !st.Done(); steps++ {
		if steps > 5000 {
			return errors.New("arena: hand does not end")
		}
		seat := st.ToAct()
		b, bi := c.Bots[assign[seat]], assign[seat]
		if c.Bidder != nil && st.Phase() != "play" {
			b, bi = c.Bidder, -1
		}
		var a game.Action
		var err error
		start := time.Now()
		if o, ok := b.(Omniscient); ok {
			a, err = o.ActState(st, rngs[seat])
		} else {
			a, err = b.Act(st.View(game.Seat(seat)), rngs[seat])
		}
		if dt := time.Since(start); bi >= 0 && len(st.Legal(nil)) > 1 {
			think[bi] = append(think[bi], dt)
		}
		if err != nil {
			return fmt.Errorf("arena: %s in seat %d: %w", b.Name(), seat, err)
		}
		if err := st.Apply(a); err != nil {
			return fmt.Errorf("arena: %s in seat %d chose an illegal action: %w", b.Name(), seat, err)
		}
	}
	return nil
}

// Summarize makes the report of a match between the named bots of a
// variant from its hands, one slice per deal (every rotation of it): the
// report of Run, or of the shards of a match merged.
func Summarize(variant string, bots []string, results [][]HandResult) *Report {
	k := len(bots)
	rep := &Report{Variant: variant, Deals: len(results)}
	sum := make([]float64, k)
	cnt := make([]int, k)
	stats := make([]BotStats, k)
	for i, b := range bots {
		stats[i] = BotStats{Name: b, Contracts: map[string]*Record{}}
	}
	// perDeal[d][b] is bot b's mean score per seat on deal d.
	perDeal := make([][]float64, len(results))
	for d, hands := range results {
		dsum := make([]float64, k)
		dcnt := make([]int, k)
		for _, h := range hands {
			rep.Hands++
			rep.Results = append(rep.Results, h)
			for seat, b := range h.SeatBot {
				dsum[b] += float64(h.Score[seat])
				dcnt[b]++
			}
			if h.Declarer >= 0 {
				b := h.SeatBot[h.Declarer]
				rec := stats[b].Contracts[h.Contract]
				if rec == nil {
					rec = &Record{}
					stats[b].Contracts[h.Contract] = rec
				}
				rec.Played++
				if h.Score[h.Declarer] > 0 {
					rec.Won++
				}
			}
		}
		perDeal[d] = make([]float64, k)
		for b := range dsum {
			sum[b] += dsum[b]
			cnt[b] += dcnt[b]
			if dcnt[b] > 0 {
				perDeal[d][b] = dsum[b] / float64(dcnt[b])
			}
		}
	}
	for b := range stats {
		if cnt[b] > 0 {
			stats[b].Mean = sum[b] / float64(cnt[b])
		}
		diffs := make([]float64, len(perDeal))
		for d, m := range perDeal {
			others := 0.0
			for o := range m {
				if o != b {
					others += m[o]
				}
			}
			diffs[d] = m[b] - others/float64(k-1)
		}
		var ci float64
		stats[b].Diff, ci = MeanCI(diffs)
		stats[b].CI95 = HalfWidth(ci)
	}
	for b := range stats {
		var ts []time.Duration
		for _, hands := range results {
			for _, h := range hands {
				if b < len(h.Think) {
					ts = append(ts, h.Think[b]...)
				}
			}
		}
		stats[b].Decisions = len(ts)
		if len(ts) > 0 {
			slices.Sort(ts)
			ms := func(q float64) float64 {
				return float64(ts[min(len(ts)-1, int(q*float64(len(ts))))].Microseconds()) / 1000
			}
			stats[b].ThinkMedian, stats[b].ThinkP99 = ms(0.5), ms(0.99)
		}
	}
	rep.Bots = stats
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			diffs := make([]float64, len(perDeal))
			for d, m := range perDeal {
				diffs[d] = m[a] - m[b]
			}
			mean, ci := MeanCI(diffs)
			rep.Pairs = append(rep.Pairs, Pair{A: bots[a], B: bots[b], Diff: mean, CI95: HalfWidth(ci), Deals: len(diffs)})
		}
	}
	if k == 2 {
		rep.Sources = sources(bots, results)
	}
	return rep
}

// sources splits the difference of a two-bot match by contract and
// declaring bot (Source).
func sources(bots []string, results [][]HandResult) []Source {
	type key struct{ contract, by string }
	idx := map[key]int{}
	var out []Source
	var perDeal [][]float64 // [source][deal]
	for d, hands := range results {
		var n [2]int
		for _, h := range hands {
			for _, b := range h.SeatBot {
				n[b]++
			}
		}
		if n[0] == 0 || n[1] == 0 {
			continue
		}
		for _, h := range hands {
			k := key{}
			if h.Declarer >= 0 {
				k = key{h.Contract, bots[h.SeatBot[h.Declarer]]}
			}
			i, ok := idx[k]
			if !ok {
				i = len(out)
				idx[k] = i
				out = append(out, Source{Contract: k.contract, By: k.by})
				perDeal = append(perDeal, make([]float64, len(results)))
			}
			out[i].Hands++
			for seat, b := range h.SeatBot {
				perDeal[i][d] += float64(h.Score[seat]) / float64(n[b]) * float64(1-2*b)
			}
		}
	}
	for i := range out {
		var ci float64
		out[i].Diff, ci = MeanCI(perDeal[i])
		out[i].CI95 = HalfWidth(ci)
	}
	sort.SliceStable(out, func(i, j int) bool { return math.Abs(out[i].Diff) > math.Abs(out[j].Diff) })
	return out
}

// MeanCI returns the mean of xs and the half-width of its 95% confidence
// interval (normal approximation, 1.96 standard errors).
func MeanCI(xs []float64) (mean, ci float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if n < 2 {
		return mean, math.Inf(1)
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	return mean, 1.96 * sd / math.Sqrt(n)
}

// ContractNames returns the contract names seen in a report, sorted.
func (r *Report) ContractNames() []string {
	seen := map[string]bool{}
	for _, b := range r.Bots {
		for c := range b.Contracts {
			seen[c] = true
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// HalfWidth is the half-width of a 95% confidence interval. A match of one
// deal has none: it is infinite, which JSON cannot hold.
type HalfWidth float64

// MarshalJSON writes h, or null when it is infinite or not a number.
func (h HalfWidth) MarshalJSON() ([]byte, error) {
	x := float64(h)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return []byte("null"), nil
	}
	return json.Marshal(x)
}

// String writes h for people: "± 1.25", or "± ∞" when there is none.
func (h HalfWidth) String() string {
	x := float64(h)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "± ∞"
	}
	return fmt.Sprintf("± %.2f", x)
}

package arena

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

func TestMeanCI(t *testing.T) {
	cases := []struct {
		xs       []float64
		mean, ci float64
	}{
		{[]float64{1, 2, 3, 4}, 2.5, 1.96 * math.Sqrt(5.0/3) / 2},
		{[]float64{5, 5, 5}, 5, 0},
		{[]float64{-2, 2}, 0, 1.96 * math.Sqrt(8) / math.Sqrt(2)},
	}
	for _, c := range cases {
		m, ci := MeanCI(c.xs)
		if math.Abs(m-c.mean) > 1e-12 || math.Abs(ci-c.ci) > 1e-12 {
			t.Errorf("MeanCI(%v) = %v ± %v, want %v ± %v", c.xs, m, ci, c.mean, c.ci)
		}
	}
}

func TestRotations(t *testing.T) {
	cases := []struct {
		seats, k int
		want     [][]int
	}{
		{2, 2, [][]int{{0, 1}, {1, 0}}},
		{3, 2, [][]int{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}},
		{4, 2, [][]int{{0, 0, 1, 1}, {0, 1, 1, 0}, {1, 1, 0, 0}, {1, 0, 0, 1}}},
		{3, 3, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}},
		{2, 3, [][]int{{0, 1}, {1, 2}, {2, 0}}},
	}
	for _, c := range cases {
		got := Rotations(c.seats, c.k)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Rotations(%d, %d) = %v, want %v", c.seats, c.k, got, c.want)
		}
	}
	// With two bots on 6 seats: 6 assignments, 3 seats each, every bot in
	// every seat equally often.
	got := Rotations(6, 2)
	if len(got) != 6 {
		t.Fatalf("Rotations(6, 2) = %v", got)
	}
	for seat := 0; seat < 6; seat++ {
		n := 0
		for _, a := range got {
			n += a[seat]
		}
		if n != 3 {
			t.Errorf("Rotations(6, 2): bot 1 holds seat %d in %d of 6", seat, n)
		}
	}
}

// TestRunDeterministic checks that a match gives the same report with one
// or two workers, and that the duplicate bookkeeping is zero-sum.
func TestRunDeterministic(t *testing.T) {
	mk := func(workers int) *Report {
		r, _ := bot.New("rules")
		x, _ := bot.New("random")
		rep, err := Run(Config{Rules: droggn.Default(3), Bots: []bot.Bot{r, x}, Deals: 12, Seed: "t", Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i := range rep.Bots {
			if rep.Bots[i].Decisions == 0 {
				t.Errorf("%s: no timed decisions", rep.Bots[i].Name)
			}
			// Decision times are the machine's, not the match's.
			rep.Bots[i].ThinkMedian, rep.Bots[i].ThinkP99 = 0, 0
		}
		return rep
	}
	a, b := mk(1), mk(2)
	if !reflect.DeepEqual(a.Bots, b.Bots) || !reflect.DeepEqual(a.Pairs, b.Pairs) {
		t.Errorf("reports differ between 1 and 2 workers:\n%+v\n%+v", a.Pairs, b.Pairs)
	}
	if a.Hands != 12*6 { // 6 seat assignments of two bots on 3 seats
		t.Errorf("hands %d, want 72", a.Hands)
	}
	for _, h := range a.Results {
		s := 0
		for _, v := range h.Score {
			s += v
		}
		if s != 0 {
			t.Errorf("hand %+v is not zero-sum", h)
		}
	}
	if p := a.Pairs[0]; math.Abs(p.Diff-(a.Bots[0].Diff)) > 1e-9 {
		t.Errorf("pair diff %v differs from bot diff %v", p.Diff, a.Bots[0].Diff)
	}
}

// TestSources: the parts of a two-bot match's difference, by contract and
// declaring bot, add up to the difference, count every hand once, and are
// what a hand-made match says.
func TestSources(t *testing.T) {
	r, _ := bot.New("rules")
	x, _ := bot.New("random")
	rep, err := Run(Config{Rules: droggn.Default(3), Bots: []bot.Bot{r, x}, Deals: 20, Seed: "t", Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sum, hands := 0.0, 0
	for _, s := range rep.Sources {
		sum += s.Diff
		hands += s.Hands
		if (s.By == "") != (s.Contract == "") {
			t.Errorf("source %+v: a contract without a declarer or the other way round", s)
		}
	}
	if p := rep.Pairs[0]; math.Abs(sum-p.Diff) > 1e-9 || hands != rep.Hands {
		t.Errorf("sources add up to %v over %d hands; the match %v over %d", sum, hands, p.Diff, rep.Hands)
	}

	// Two deals of two hands each, bot 0 in seats 0–1 of the first hand
	// and seat 2 of the second (three seats of each bot a deal).
	hand := func(contract string, declarer int, seatBot, score []int) HandResult {
		return HandResult{Contract: contract, Declarer: declarer, SeatBot: seatBot, Score: score}
	}
	results := [][]HandResult{
		{hand("solo", 0, []int{0, 0, 1}, []int{6, -3, -3}), hand("", -1, []int{1, 1, 0}, []int{0, 0, 0})},
		{hand("solo", 2, []int{0, 0, 1}, []int{3, 3, -6}), hand("ansager", 2, []int{1, 1, 0}, []int{-1, -1, 2})},
	}
	got := Summarize("x", []string{"a", "b"}, results).Sources
	// Deal 1: the solo of a gives (6−3)/3 − (−3)/3 = 2; deal 2: b's solo
	// gives (3+3)/3 − (−6)/3 = 4, a's ansager 2/3 − (−2)/3 = 4/3.
	want := map[string]float64{"solo by a": 1, "solo by b": 2, "ansager by a": 2.0 / 3, " by ": 0}
	if len(got) != len(want) {
		t.Fatalf("sources %+v, want %d", got, len(want))
	}
	for _, s := range got {
		if w, ok := want[s.Contract+" by "+s.By]; !ok || math.Abs(s.Diff-w) > 1e-9 || s.Hands != 1 {
			t.Errorf("source %+v, want %v over one hand", s, w)
		}
	}
	if got[0].Contract != "solo" || got[0].By != "b" {
		t.Errorf("the largest source first: %+v", got)
	}
}

// TestCommonRandomNumbers plays the same randomized bot against itself: a
// seat's generator is the same in every rotation, so both copies make the
// same decisions on every deal and their difference is exactly zero.
func TestCommonRandomNumbers(t *testing.T) {
	a, _ := bot.New("random")
	b, _ := bot.New("random")
	rep, err := Run(Config{Rules: droggn.Default(3), Bots: []bot.Bot{a, b}, Deals: 10, Seed: "crn", Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.Pairs[0]; p.Diff != 0 || p.CI95 != 0 {
		t.Errorf("random − random = %v ± %v, want exactly 0", p.Diff, p.CI95)
	}
}

// stateReader can decide from a state but does not claim to see every
// card: the arena must give it views only.
type stateReader struct{ bot.Bot }

func (stateReader) ActState(game.State, *rand.Rand) (game.Action, error) {
	return game.Action{}, errors.New("given the true state")
}

// TestOnlyCheatersSeeTheState checks that a player with an ActState method
// but no Cheats mark decides from its view, and that the cheater is given
// the state.
func TestOnlyCheatersSeeTheState(t *testing.T) {
	r, _ := bot.New("rules")
	if _, err := Run(Config{Rules: droggn.Default(3), Bots: []bot.Bot{stateReader{r}, r}, Deals: 2, Seed: "s"}); err != nil {
		t.Fatalf("a state reader was given the state: %v", err)
	}
	c, err := bot.New("cheater@20")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(Omniscient); !ok {
		t.Fatal("the cheater is not omniscient to the arena")
	}
}

// TestShards plays a match whole and in three shards: the shards' hands
// summarized together give the whole match's report (but for the decision
// times, which are the machine's), and a shard outside the match is
// refused.
func TestShards(t *testing.T) {
	cfg := Config{Rules: droggn.Default(3), Bots: []bot.Bot{bot.Random{}, rulesBot(t)}, Deals: 7, Seed: "shards", Workers: 2}
	whole, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var hands [][]HandResult
	for _, r := range [][2]int{{0, 2}, {2, 5}, {5, 7}} {
		c := cfg
		c.From, c.To = r[0], r[1]
		part, err := Run(c)
		if err != nil {
			t.Fatal(err)
		}
		if part.Deals != r[1]-r[0] {
			t.Errorf("shard %v reports %d deals", r, part.Deals)
		}
		byDeal := map[int][]HandResult{}
		for _, h := range part.Results {
			if h.Deal < r[0] || h.Deal >= r[1] {
				t.Errorf("shard %v played deal %d", r, h.Deal)
			}
			byDeal[h.Deal] = append(byDeal[h.Deal], h)
		}
		for d := r[0]; d < r[1]; d++ {
			hands = append(hands, byDeal[d])
		}
	}
	merged := Summarize(whole.Variant, []string{"random", "rules"}, hands)
	noTimes := func(r *Report) *Report {
		c := *r
		c.Results = nil
		c.Bots = slices.Clone(r.Bots)
		for i := range c.Bots {
			c.Bots[i].ThinkMedian, c.Bots[i].ThinkP99 = 0, 0
		}
		return &c
	}
	if !reflect.DeepEqual(noTimes(merged), noTimes(whole)) {
		t.Errorf("merged shards:\n%+v\nwhole match:\n%+v", noTimes(merged), noTimes(whole))
	}
	for _, r := range [][2]int{{5, 9}, {-1, 2}, {3, 3}} {
		c := cfg
		c.From, c.To = r[0], r[1]
		if _, err := Run(c); err == nil {
			t.Errorf("deals %v of 7 played", r)
		}
	}
}

func rulesBot(t *testing.T) bot.Bot {
	t.Helper()
	b, err := bot.New("rules")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

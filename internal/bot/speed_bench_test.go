package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// speedViews deals seeded hands of variant v, plays them with the rules
// bot and returns the views of every decision with a choice, whole hands
// until at least n views.
func speedViews(tb testing.TB, v knowledge.Variant, n int) []game.View {
	tb.Helper()
	r, err := v.Rules()
	if err != nil {
		tb.Fatal(err)
	}
	var out []game.View
	for hand := 0; len(out) < n; hand++ {
		deck, dealer := knowledge.Deal(r, "speed", hand)
		st, err := r.NewState(deck, dealer)
		if err != nil {
			tb.Fatal(err)
		}
		rng := game.NewRand(fmt.Sprintf("speed/%d", hand), 0)
		for !st.Done() {
			view := st.View(game.ViewerOf(st.ToAct()))
			if len(view.LegalActions()) > 1 {
				out = append(out, view)
			}
			a, err := rules.Bot{}.Act(view, rng)
			if err != nil {
				tb.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// budget returns the iterations the default level spends on the decision
// of v by its options: ismcts.DefaultIterations, TrogguFewIterations below
// manySeats Troggu seats, and manyPrePlay times the default for the
// decisions before the card play from manySeats Troggu seats on. Droggn's
// decisions before the card play and its last tricks go to pimc at the
// same effort.
func budget(v game.View) int {
	n := ismcts.DefaultIterations
	if v.Game() == "troggu" {
		switch {
		case v.Rules().Seats() < manySeats:
			n = TrogguFewIterations
		case v.LegalActions()[0].Kind != game.KindPlay:
			n *= manyPrePlay
		}
	}
	return n
}

// BenchmarkDefault times the default level ("ismcts") on every decision
// with a choice of a few hands of each game, played by the rules bot, one
// worker: an op is every decision of the game's hands, each with its own
// seeded generator, so that every op does the same work. It reports the
// time of a decision (mean, median and 99th percentile), the CPU time the
// process spent on it (cpu-ms/decision: on cores shared with other work
// it varies less than the time that passed), and the search budget spent
// per millisecond of that CPU time (iter/ms, by budget).
func BenchmarkDefault(b *testing.B) {
	variants := []knowledge.Variant{
		{Game: "droggn", Players: 3}, {Game: "troggu", Players: 3},
		{Game: "troggu", Players: 6}, {Game: "strohmandeln", Players: 2},
	}
	for _, vr := range variants {
		b.Run(fmt.Sprintf("%s-%d", vr.Game, vr.Players), func(b *testing.B) {
			views := speedViews(b, vr, 40)
			bt, err := New("ismcts")
			if err != nil {
				b.Fatal(err)
			}
			iters := 0
			for _, v := range views {
				iters += budget(v)
			}
			var ds []time.Duration
			b.ReportAllocs()
			start, cpu0 := time.Now(), cpuTime()
			for b.Loop() {
				for j, v := range views {
					t0 := time.Now()
					if _, err := bt.Act(v, rand.New(rand.NewPCG(uint64(j), 34))); err != nil {
						b.Fatal(err)
					}
					ds = append(ds, time.Since(t0))
				}
			}
			el, cpu := time.Since(start), cpuTime()-cpu0
			slices.Sort(ds)
			b.ReportMetric(ms(el)/float64(len(ds)), "ms/decision")
			b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
			b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*99/100)]), "p99-ms")
			if cpu > 0 {
				b.ReportMetric(ms(cpu)/float64(len(ds)), "cpu-ms/decision")
				b.ReportMetric(float64(b.N*iters)/ms(cpu), "iter/ms")
			}
		})
	}
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

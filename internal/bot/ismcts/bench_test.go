package ismcts

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// benchRules are the variants benchmarked: one per game, 3 players where
// the game allows a choice, and Troggu with 6 too.
func benchRules() []game.Rules {
	return []game.Rules{droggn.Default(3), troggu.Default(3), troggu.Default(6), strohmandeln.NewRules(strohmandeln.Options{})}
}

// decisionViews plays hands with a cheap ISMCTS in every seat and returns
// the view of every decision that is not forced.
func decisionViews(tb testing.TB, r game.Rules, hands int) []game.View {
	tb.Helper()
	cheap := New(Options{Iterations: 30})
	var out []game.View
	for h := 0; h < hands; h++ {
		seed := fmt.Sprintf("views/%s/%d", r, h)
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), seed), h%r.Seats())
		if err != nil {
			tb.Fatal(err)
		}
		rng := game.NewRand(seed, 0)
		for !st.Done() {
			v := st.View(game.ViewerOf(st.ToAct()))
			if len(v.LegalActions()) > 1 {
				out = append(out, v)
			}
			a, err := cheap.Act(v, rng)
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

// BenchmarkDecision measures decisions with the default options (one
// worker) over the non-forced decisions of a few hands: ms per decision,
// the median and 99th percentile of the decisions' times, and iterations
// per millisecond.
func BenchmarkDecision(b *testing.B) {
	for _, r := range benchRules() {
		b.Run(fmt.Sprintf("%s-%d", r.Game(), r.Seats()), func(b *testing.B) {
			views := decisionViews(b, r, 2)
			bt := Default()
			rng := rand.New(rand.NewPCG(1, 2))
			ds := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := bt.Act(views[i%len(views)], rng); err != nil {
					b.Fatal(err)
				}
				ds = append(ds, time.Since(t0))
			}
			el := time.Since(start)
			slices.Sort(ds)
			b.ReportMetric(float64(el.Microseconds())/1000/float64(b.N), "ms/decision")
			b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
			b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*99/100)]), "p99-ms")
			b.ReportMetric(float64(b.N*bt.Options().Iterations)/ms(el), "iter/ms")
		})
	}
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkContracts measures the Troggu contract decisions (bids, calls)
// valued by the rules bot's play of the whole hand (Options.Contracts, 24
// worlds, the flat search of the Troggu levels): ms per decision and
// hands played out per millisecond.
func BenchmarkContracts(b *testing.B) {
	for _, seats := range []int{3, 6} {
		r := troggu.Default(seats)
		b.Run(fmt.Sprintf("troggu-%d", seats), func(b *testing.B) {
			var views []game.View
			for _, v := range decisionViews(b, r, 8) {
				if k := v.LegalActions()[0].Kind; k != game.KindPlay && k != game.KindDiscard {
					views = append(views, v)
				}
			}
			if len(views) == 0 {
				b.Fatal("no decision before the card play")
			}
			bt := New(Options{Iterations: 600, Prior: rules.Bot{}, PairedRoot: true, Shallow: true, PolicyOthers: true, Contracts: 24})
			rng := rand.New(rand.NewPCG(1, 2))
			hands := 0
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				v := views[i%len(views)]
				if _, err := bt.Act(v, rng); err != nil {
					b.Fatal(err)
				}
				hands += 24 * len(v.LegalActions())
			}
			el := time.Since(start)
			b.ReportMetric(ms(el)/float64(b.N), "ms/decision")
			b.ReportMetric(float64(hands)/ms(el), "hands/ms")
		})
	}
}

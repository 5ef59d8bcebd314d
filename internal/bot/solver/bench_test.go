package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"trull/internal/games/droggn"
)

// benchPositions returns n seeded random Droggn positions (Ansager, Solo or
// Super; random discards, buys and play) at the start of a trick with left
// tricks to play.
func benchPositions(n, left int) []*droggn.State {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(2026, uint64(left)))
	out := make([]*droggn.State, 0, n)
	for len(out) < n {
		s := dealToPlay(r, rng, dealer{contract: droggn.Contract(1 + rng.IntN(3))})
		playRandom(s, rng, left, 0)
		if !s.Done() {
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkSolve solves a fixed set of 24 seeded positions at 8 and at 10
// tricks left (and 6, where it also compares the feature switches). One op
// solves the whole set, each position with a fresh table; the metrics give
// the mean time and nodes per position.
func BenchmarkSolve(b *testing.B) {
	for _, left := range []int{6, 8, 10} {
		ps := benchPositions(24, left)
		cfgs := solverConfigs[:1]
		if left == 6 {
			cfgs = solverConfigs
		}
		for _, cfg := range cfgs {
			b.Run(fmt.Sprintf("tricks=%d/%s", left, cfg.name), func(b *testing.B) {
				sv := New(cfg.opts)
				nodes, solves := 0, 0
				var times []time.Duration
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range ps {
						sv.Reset()
						t0 := time.Now()
						_, _, n, _ := sv.Solve(s, 0)
						times = append(times, time.Since(t0))
						nodes += n
						solves++
					}
				}
				slices.Sort(times)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(solves), "ns/position")
				b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/position")
				b.ReportMetric(float64(nodes)/float64(solves), "nodes/position")
			})
		}
	}
}

// BenchmarkEvaluate evaluates every legal card of the 24 positions at 6
// and at 8 tricks left (one op: the whole set).
func BenchmarkEvaluate(b *testing.B) {
	for _, left := range []int{6, 8} {
		ps := benchPositions(24, left)
		b.Run(fmt.Sprintf("tricks=%d", left), func(b *testing.B) {
			sv := New(Options{})
			nodes, evals := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range ps {
					sv.Reset()
					sv.Evaluate(s, 0)
					nodes += sv.Nodes()
					evals++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evals), "ns/position")
			b.ReportMetric(float64(nodes)/float64(evals), "nodes/position")
		})
	}
}

// BenchmarkPlayout measures heuristic playouts from the start of play.
func BenchmarkPlayout(b *testing.B) {
	ps := benchPositions(24, 21)
	rng := rand.New(rand.NewPCG(1, 1))
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		Playout(ps[i%len(ps)], rng)
		i++
	}
}

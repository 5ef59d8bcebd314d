package ssolver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/games/strohmandeln"
)

// BenchmarkEvaluate measures Evaluate (every legal action) on seeded random
// positions of an undertaken or simple game (default rules) at the start
// of a trick with the given number of tricks left; nodes/op is the mean
// number of search nodes. With SSOLVER_LONG=1 it also tries 14 tricks left
// and the whole hand from the first trick (27), which takes minutes.
func BenchmarkEvaluate(b *testing.B) {
	lefts := []int{4, 6, 8, 10, 12}
	if longRuns {
		lefts = append(lefts, 14, 27)
	}
	for _, left := range lefts {
		b.Run(fmt.Sprintf("%dleft", left), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(left), 18))
			n := 64
			if left == 27 {
				n = 8
			}
			ps := make([]*strohmandeln.State, n)
			for i := range ps {
				ps[i] = deal{contract: 3, left: left, keepDown: 0.8, ross: 0.5}.position(rng)
			}
			sv := New()
			if left > 12 {
				sv = NewSize(20)
			}
			nodes := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, ok := sv.Evaluate(ps[i%len(ps)], 0); !ok {
					b.Fatal("no answer")
				}
				nodes += sv.Nodes()
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

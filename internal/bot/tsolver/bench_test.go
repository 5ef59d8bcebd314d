package tsolver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/games/troggu"
)

// BenchmarkEvaluate measures Evaluate (every legal card) on seeded random
// Normal-game positions at the start of a trick; nodes/op is the mean
// number of search nodes.
func BenchmarkEvaluate(b *testing.B) {
	configs := []struct{ players, left int }{
		{3, 4}, {3, 6}, {3, 8}, {6, 3}, {6, 4}, {6, 5},
	}
	for _, cf := range configs {
		b.Run(fmt.Sprintf("%dp_%dleft", cf.players, cf.left), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(cf.players), uint64(cf.left)))
			ps := make([]*troggu.State, 64)
			for i := range ps {
				ps[i] = deal{players: cf.players, left: cf.left, renege: 0.5}.position(rng)
			}
			sv := New()
			nodes := 0
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

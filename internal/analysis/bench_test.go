package analysis

import (
	"testing"

	"trull/internal/gametest/knowledge"
)

// BenchmarkAnalyze analyses a whole hand for every seat at the default
// level (ismcts) and the fast one, on all processors: one op is one hand.
func BenchmarkAnalyze(b *testing.B) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 3}, {Game: "troggu", Players: 6}, {Game: "strohmandeln", Players: 2}} {
		rec := record(b, v, 3, 0.1)
		for _, level := range []string{"ismcts", "ismcts-fast"} {
			b.Run(v.String()+"/"+level, func(b *testing.B) {
				for b.Loop() {
					if _, err := Analyze(rec, Config{Bot: level, Seat: -1, Seed: "bench"}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

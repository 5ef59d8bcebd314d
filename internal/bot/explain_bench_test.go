package bot

import (
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// BenchmarkExplain times the whys alone of three hints at a card play.
func BenchmarkExplain(b *testing.B) {
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		st := playState(b, g, "why/"+g, 5)
		v := st.View(game.ViewerOf(st.ToAct()))
		bt, _ := New("ismcts")
		hs, err := HintsAt(bt, st, rand.New(rand.NewPCG(1, 1)), 3)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(g, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if err := Explain(v, hs, rand.New(rand.NewPCG(uint64(i), 2))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

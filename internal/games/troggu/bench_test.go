package troggu

import (
	"fmt"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

var (
	benchSink  int
	benchState game.State
)

// BenchmarkRandomHand measures a whole random hand on the fast path:
// shuffle and deal, random bids, call and discards, every card play, and
// scoring.
func BenchmarkRandomHand(b *testing.B) {
	for _, n := range []int{3, 8} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			r := Default(n)
			s := NewState(r)
			deck := append([]card.Card(nil), r.Pack().Order...)
			rng := game.NewFastRand(1, 2)
			fr := game.NewFastSource(1, 3)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				fr.Shuffle(deck)
				s.Reset(deck, i%n)
				s.RandomPlayout(rng)
				sc := s.Score()
				benchSink += sc[0]
			}
		})
	}
}

// midHand returns a state in the middle of the play phase.
func midHand(b *testing.B, n int) *State {
	r := Default(n)
	rng := game.NewFastRand(9, 9)
	for {
		st, _ := r.NewState(game.ShuffledDeck(r.Pack(), rng), 0)
		s := st.(*State)
		for !s.Done() && (s.phase != phasePlay || int(s.trickNo) < r.HandSize()/2 || s.played != 1) {
			buf := s.Legal(nil)
			s.ApplyUnchecked(game.Pick(rng, buf))
		}
		if !s.Done() {
			return s
		}
	}
}

// BenchmarkLegal measures Legal in the middle of the play.
func BenchmarkLegal(b *testing.B) {
	for _, n := range []int{3, 8} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := midHand(b, n)
			buf := make([]game.Action, 0, 32)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf = s.Legal(buf[:0])
			}
			benchSink += len(buf)
		})
	}
}

// BenchmarkClone measures Clone and the allocation-free CopyFrom.
func BenchmarkClone(b *testing.B) {
	for _, n := range []int{3, 8} {
		s := midHand(b, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				benchState = s.Clone()
			}
		})
		b.Run(fmt.Sprintf("CopyFrom/N=%d", n), func(b *testing.B) {
			d := NewState(s.r)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d.CopyFrom(s)
			}
			benchSink += d.ToAct()
		})
	}
}

// BenchmarkView measures building the view of the seat to act.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{3, 8} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := midHand(b, n)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				benchSink += s.View(game.ViewerOf(s.ToAct())).Turn()
			}
		})
	}
}

// BenchmarkViewInto measures building the view of the seat to act in the
// memory of the last one (game.ViewReuser), as a server or a bot's
// playout does.
func BenchmarkViewInto(b *testing.B) {
	for _, n := range []int{3, 8} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := midHand(b, n)
			b.ReportAllocs()
			var v game.View
			for i := 0; i < b.N; i++ {
				v = s.ViewInto(game.ViewerOf(s.ToAct()), v)
				benchSink += v.Turn()
			}
		})
	}
}

// BenchmarkResample measures resampling one view (parsed once, as a bot
// does for many samples).
func BenchmarkResample(b *testing.B) {
	for _, n := range []int{3, 8} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := midHand(b, n)
			v := s.View(game.ViewerOf(s.ToAct()))
			rng := game.NewFastRand(5, 5)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				w, err := s.r.Resample(v, rng)
				if err != nil {
					b.Fatal(err)
				}
				benchSink += w.ToAct()
			}
		})
	}
}

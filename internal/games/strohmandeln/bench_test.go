package strohmandeln

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// fastRand is a small splitmix64 generator for the benchmarks: the fast
// path is measured, not the generator behind math/rand's interface.
type fastRand struct{ x uint64 }

func (f *fastRand) next() uint64 {
	f.x += 0x9e3779b97f4a7c15
	z := f.x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n) (multiply-shift; the tiny bias does not
// matter for a benchmark).
func (f *fastRand) intn(n int) int {
	hi, _ := bits.Mul64(f.next(), uint64(n))
	return int(hi)
}

// pick returns a uniformly random card of a non-empty set.
func (f *fastRand) pick(s card.Set) card.Card {
	n0 := bits.OnesCount64(s.Lo)
	i := f.intn(n0 + bits.OnesCount64(s.Hi))
	w := s.Lo
	base := 0
	if i >= n0 {
		i -= n0
		w = s.Hi
		base = 64
	}
	for ; i > 0; i-- {
		w &= w - 1
	}
	return card.Card(base + bits.TrailingZeros64(w))
}

// randomHand plays one random hand on the fast path: shuffle, deal, random
// fold/bid/double answers, random legal cards, scoring. It does not allocate.
func randomHand(s *State, deck []card.Card, rng *fastRand, buf []game.Action) [2]int {
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	s.Reset(deck, rng.intn(2))
	for s.phase < phPlay {
		buf = s.Legal(buf[:0])
		s.ApplyUnchecked(buf[rng.intn(len(buf))])
	}
	for s.phase == phPlay {
		s.PlayCard(rng.pick(s.LegalCards()))
	}
	return s.Scores()
}

// BenchmarkRandomHand measures whole random hands on the fast path.
func BenchmarkRandomHand(b *testing.B) {
	for _, o := range []Options{{}, {Pack40: true}} {
		r := NewRules(o)
		b.Run(r.String(), func(b *testing.B) {
			s := r.NewHand()
			deck := append([]card.Card(nil), r.Pack().Order...)
			rng := &fastRand{x: 1}
			buf := make([]game.Action, 0, 64)
			b.ReportAllocs()
			sum := 0
			for b.Loop() {
				sc := randomHand(s, deck, rng, buf)
				sum += sc[0]
			}
			_ = sum
		})
	}
}

// midHand returns a state after the auction and a few tricks.
func midHand(r *Rules, seed uint64, tricks int) *State {
	rng := rand.New(rand.NewPCG(seed, 7))
	for {
		deck := game.ShuffledDeck(r.Pack(), rng)
		s, _ := r.Deal(deck, 0)
		for s.phase < phPlay {
			l := s.Legal(nil)
			a := l[0] // stay, pass: a simple game
			s.ApplyUnchecked(a)
		}
		if s.phase != phPlay {
			continue
		}
		for int(s.ntricks) < tricks {
			l := s.LegalCards()
			s.PlayCard(l.Nth(rng.IntN(l.Len())))
		}
		l := s.LegalCards()
		s.PlayCard(l.Nth(rng.IntN(l.Len()))) // a lead is on the table
		return s
	}
}

// BenchmarkLegal measures Legal for a follower in mid-hand.
func BenchmarkLegal(b *testing.B) {
	s := midHand(NewRules(Options{}), 3, 8)
	buf := make([]game.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf[:0])
	}
}

var sink game.State

// BenchmarkClone measures Clone (one allocation of the state).
func BenchmarkClone(b *testing.B) {
	s := midHand(NewRules(Options{}), 3, 8)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

// BenchmarkCopyFrom measures the allocation-free copy for playouts.
func BenchmarkCopyFrom(b *testing.B) {
	s := midHand(NewRules(Options{}), 3, 8)
	w := s.r.NewHand()
	b.ReportAllocs()
	for b.Loop() {
		w.CopyFrom(s)
	}
}

// BenchmarkView measures View in mid-hand.
func BenchmarkView(b *testing.B) {
	s := midHand(NewRules(Options{}), 3, 8)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(1)
	}
}

// BenchmarkResample measures Resample of a mid-hand view into a reused state.
func BenchmarkResample(b *testing.B) {
	r := NewRules(Options{})
	s := midHand(r, 3, 8)
	v := s.view(int(s.toAct))
	w := r.NewHand()
	rng := rand.New(rand.NewPCG(5, 6))
	b.ReportAllocs()
	for b.Loop() {
		if err := r.ResampleInto(w, v, rng); err != nil {
			b.Fatal(err)
		}
	}
}

package strohmandeln

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// randomHand plays one random hand on the fast path: shuffle, deal, random
// fold/bid/double answers, random legal cards, scoring. It does not allocate.
func randomHand(s *State, deck []card.Card, rng *game.FastSource, buf []game.Action) [2]int {
	rng.Shuffle(deck)
	s.Reset(deck, rng.IntN(2))
	for s.phase < phPlay {
		buf = s.Legal(buf[:0])
		s.ApplyUnchecked(buf[rng.IntN(len(buf))])
	}
	for s.phase == phPlay {
		s.PlayCard(rng.Card(s.LegalCards()))
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
			rng := game.NewFastSource(1, 0)
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
	rng := game.NewFastRand(seed, 7)
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
		_ = s.View(game.ViewerOf(1))
	}
}

// BenchmarkResample measures Resample of a mid-hand view into a reused state.
func BenchmarkResample(b *testing.B) {
	r := NewRules(Options{})
	s := midHand(r, 3, 8)
	v := s.view(game.Seat(int(s.toAct)))
	w := r.NewHand()
	rng := game.NewFastRand(5, 6)
	b.ReportAllocs()
	for b.Loop() {
		if err := r.ResampleInto(w, v, rng); err != nil {
			b.Fatal(err)
		}
	}
}

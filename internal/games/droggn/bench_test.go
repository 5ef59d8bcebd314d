package droggn

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

func shuffle(rng *rand.Rand, deck []card.Card) {
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// BenchmarkRandomHand plays whole random hands on the fast path: shuffle,
// deal, bidding, exchange, buying, lay-outs, doubling, 63 card plays and
// scoring.
func BenchmarkRandomHand(b *testing.B) {
	for _, players := range []int{3, 4} {
		b.Run(map[int]string{3: "3p", 4: "4p"}[players], func(b *testing.B) {
			r := Default(players)
			rng := rand.New(rand.NewPCG(1, 2))
			deck := append([]card.Card(nil), r.pack.Order...)
			s, _ := r.Deal(deck, 0)
			b.ReportAllocs()
			sum := 0
			for b.Loop() {
				shuffle(rng, deck)
				s.Reset(r, deck, 0)
				for !s.Done() && s.phase != PhPlay {
					s.ApplyUnchecked(s.RandomAction(rng))
				}
				for !s.Done() {
					s.PlayCard(game.RandomCard(rng, s.LegalCards()))
				}
				sum += s.FastScore()
			}
			_ = sum
		})
	}
}

// BenchmarkPlayOut plays random cards from the start of play to the end
// (the inner loop of rollouts): 63 plays and scoring.
func BenchmarkPlayOut(b *testing.B) {
	r := Default(3)
	rng := rand.New(rand.NewPCG(1, 2))
	start := playStart(b, r, rng)
	var s State
	s.hist = make([]game.Action, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		start.CopyInto(&s)
		for !s.Done() {
			s.PlayCard(game.RandomCard(rng, s.LegalCards()))
		}
		_ = s.FastScore()
	}
}

func playStart(b *testing.B, r *Rules, rng *rand.Rand) *State {
	for {
		s, _ := r.Deal(game.ShuffledDeck(r.pack, rng), 0)
		for !s.Done() && s.phase != PhPlay {
			s.ApplyUnchecked(s.RandomAction(rng))
		}
		if s.phase == PhPlay && s.contract != SuperMord {
			return s
		}
	}
}

func BenchmarkLegalCards(b *testing.B) {
	r := Default(3)
	rng := rand.New(rand.NewPCG(1, 2))
	s := playStart(b, r, rng)
	s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += s.LegalCards().Len()
	}
	_ = n
}

func BenchmarkLegal(b *testing.B) {
	r := Default(3)
	rng := rand.New(rand.NewPCG(1, 2))
	s := playStart(b, r, rng)
	s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	buf := make([]game.Action, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf[:0])
	}
}

func BenchmarkClone(b *testing.B) {
	r := Default(3)
	s := playStart(b, r, rand.New(rand.NewPCG(1, 2)))
	var dst State
	dst.hist = make([]game.Action, 0, 128)
	b.Run("Clone", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = s.Clone()
		}
	})
	b.Run("CopyInto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.CopyInto(&dst)
		}
	})
}

func BenchmarkView(b *testing.B) {
	r := Default(3)
	rng := rand.New(rand.NewPCG(1, 2))
	s := playStart(b, r, rng)
	for i := 0; i < 20; i++ {
		s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(1)
	}
}

func BenchmarkResample(b *testing.B) {
	r := Default(3)
	rng := rand.New(rand.NewPCG(1, 2))
	s := playStart(b, r, rng)
	for i := 0; i < 20; i++ {
		s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	}
	v := s.SeatView(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Sample(rng); err != nil {
			b.Fatal(err)
		}
	}
}

package droggn

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// BenchmarkRandomHand plays whole random hands on the fast path: shuffle,
// deal, bidding, exchange, buying, lay-outs, doubling, card play and
// scoring. In "bids=any" every legal bid is equally likely, so two hands in
// three are Super Mord, which ends at the declarer's first lost trick; in
// "bids=full" Super Mord is never bid and (throw-ins aside) all 63 cards
// are played: that is the hand the speed goal counts. plays/hand reports
// the card plays per hand.
func BenchmarkRandomHand(b *testing.B) {
	for _, players := range []int{3, 4} {
		for _, full := range []bool{true, false} {
			name := fmt.Sprintf("%dp/bids=%s", players, map[bool]string{true: "full", false: "any"}[full])
			b.Run(name, func(b *testing.B) {
				r := Default(players)
				rng := game.NewFastRand(1, 2)
				fr := game.NewFastSource(1, 3)
				deck := append([]card.Card(nil), r.pack.Order...)
				s, _ := r.Deal(deck, 0)
				var buf [8]game.Action
				b.ReportAllocs()
				sum, plays := 0, 0
				for b.Loop() {
					fr.Shuffle(deck)
					s.Reset(r, deck, 0)
					for !s.Done() && s.phase != PhPlay {
						if full && s.phase == PhBid {
							l := s.Legal(buf[:0])
							if l[len(l)-1].Call == bidCall(SuperMord) {
								l = l[:len(l)-1]
							}
							s.ApplyUnchecked(l[rng.IntN(len(l))])
							continue
						}
						s.ApplyUnchecked(s.RandomAction(rng))
					}
					for !s.Done() {
						s.PlayCard(fr.Card(s.LegalCards()))
						plays++
					}
					sum += s.FastScore()
				}
				b.ReportMetric(float64(plays)/float64(b.N), "plays/hand")
				_ = sum
			})
		}
	}
}

// BenchmarkPlayOut plays random cards from the start of play to the end
// (the inner loop of rollouts): 63 plays and scoring.
func BenchmarkPlayOut(b *testing.B) {
	r := Default(3)
	rng := game.NewFastRand(1, 2)
	start := playStart(b, r, rng)
	var s State
	s.hist = make([]game.Action, 0, 128)
	fr := game.NewFastSource(1, 3)
	b.ReportAllocs()
	for b.Loop() {
		start.CopyInto(&s)
		for !s.Done() {
			s.PlayCard(fr.Card(s.LegalCards()))
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
	rng := game.NewFastRand(1, 2)
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
	rng := game.NewFastRand(1, 2)
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
	s := playStart(b, r, game.NewFastRand(1, 2))
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
	rng := game.NewFastRand(1, 2)
	s := playStart(b, r, rng)
	for i := 0; i < 20; i++ {
		s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(game.ViewerOf(1))
	}
}

func BenchmarkResample(b *testing.B) {
	r := Default(3)
	rng := game.NewFastRand(1, 2)
	s := playStart(b, r, rng)
	for i := 0; i < 20; i++ {
		s.PlayCard(game.RandomCard(rng, s.LegalCards()))
	}
	v := s.SeatView(game.ViewerOf(1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Sample(rng); err != nil {
			b.Fatal(err)
		}
	}
}

package pimc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"trull/internal/game"
	"trull/internal/games/droggn"
)

// benchViews returns the views of the seat to act at the first bid, the
// first card and with 9, 7 and 5 tricks left of a seeded Solo.
func benchViews(b *testing.B) map[string]*droggn.View {
	r := droggn.Default(3)
	out := map[string]*droggn.View{}
	s, err := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(3, 3))), 2)
	if err != nil {
		b.Fatal(err)
	}
	out["bid"] = s.SeatView(game.ViewerOf(s.ToAct()))
	s = playStart(b, r, 3, droggn.Solo, 0)
	rng := rand.New(rand.NewPCG(3, 4))
	for !s.Done() {
		if left := r.Tricks() - s.TrickNo(); left == 21 || left == 9 || left == 7 || left == 5 {
			if name := fmt.Sprintf("play@%d", left); out[name] == nil {
				out[name] = s.SeatView(game.ViewerOf(s.ToAct()))
			}
		}
		s.ApplyUnchecked(game.Action{Seat: int8(s.ToAct()), Kind: game.KindPlay, Card: game.RandomCard(rng, s.LegalCards())})
	}
	return out
}

// BenchmarkAct times one decision of the default bot (one worker).
func BenchmarkAct(b *testing.B) {
	views := benchViews(b)
	for _, name := range []string{"bid", "play@21", "play@9", "play@7", "play@5"} {
		b.Run(name, func(b *testing.B) {
			bot := New(Options{})
			rng := rand.New(rand.NewPCG(1, 1))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bot.Act(views[name], rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHand plays two seeded Droggn hands (with a declarer) with the
// default bot at every seat and reports the median and 99th percentile
// time of its decisions, and the slowest by phase in the log
// (play@n: n tricks left).
func BenchmarkHand(b *testing.B) {
	r := droggn.Default(3)
	bot := New(Options{})
	var times []time.Duration
	byPhase := map[string]time.Duration{}
	for b.Loop() {
		for h, played := 0, 0; played < 2 && h < 20; h++ {
			rng := rand.New(rand.NewPCG(uint64(h), 99))
			s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rng), 0)
			for !s.Done() {
				v := s.SeatView(game.ViewerOf(s.ToAct()))
				phase := v.Phase
				if phase == "play" {
					phase = fmt.Sprintf("play@%d", r.Tricks()-s.TrickNo())
				}
				t0 := time.Now()
				a, err := bot.Act(v, rng)
				if err != nil {
					b.Fatal(err)
				}
				d := time.Since(t0)
				times = append(times, d)
				byPhase[phase] = max(byPhase[phase], d)
				if err := s.Apply(a); err != nil {
					b.Fatal(err)
				}
			}
			if s.Declarer() >= 0 {
				played++
			}
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[min(len(times)-1, len(times)*99/100)]), "p99-ms")
	b.Logf("slowest by phase: %v", byPhase)
}

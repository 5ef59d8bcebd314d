package arena

import (
	"math"
	"reflect"
	"testing"

	"trull/internal/bot"
	"trull/internal/games/droggn"
)

func TestMeanCI(t *testing.T) {
	cases := []struct {
		xs       []float64
		mean, ci float64
	}{
		{[]float64{1, 2, 3, 4}, 2.5, 1.96 * math.Sqrt(5.0/3) / 2},
		{[]float64{5, 5, 5}, 5, 0},
		{[]float64{-2, 2}, 0, 1.96 * math.Sqrt(8) / math.Sqrt(2)},
	}
	for _, c := range cases {
		m, ci := MeanCI(c.xs)
		if math.Abs(m-c.mean) > 1e-12 || math.Abs(ci-c.ci) > 1e-12 {
			t.Errorf("MeanCI(%v) = %v ± %v, want %v ± %v", c.xs, m, ci, c.mean, c.ci)
		}
	}
}

func TestRotations(t *testing.T) {
	got := Rotations(3, 2)
	want := [][]int{{0, 1, 0}, {1, 0, 1}, {0, 1, 0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Rotations(3,2) = %v", got)
	}
	// Every bot sits in every seat.
	for seat := 0; seat < 3; seat++ {
		seen := map[int]bool{}
		for _, r := range got {
			seen[r[seat]] = true
		}
		if len(seen) != 2 {
			t.Errorf("seat %d sees bots %v", seat, seen)
		}
	}
}

// TestRunDeterministic checks that a match gives the same report with one
// or two workers, and that the duplicate bookkeeping is zero-sum.
func TestRunDeterministic(t *testing.T) {
	mk := func(workers int) *Report {
		r, _ := bot.New("rules")
		x, _ := bot.New("random")
		rep, err := Run(Config{Rules: droggn.Default(3), Bots: []bot.Bot{r, x}, Deals: 12, Seed: "t", Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	a, b := mk(1), mk(2)
	if !reflect.DeepEqual(a.Bots, b.Bots) || !reflect.DeepEqual(a.Pairs, b.Pairs) {
		t.Errorf("reports differ between 1 and 2 workers:\n%+v\n%+v", a.Pairs, b.Pairs)
	}
	if a.Hands != 36 {
		t.Errorf("hands %d, want 36", a.Hands)
	}
	for _, h := range a.Results {
		s := 0
		for _, v := range h.Score {
			s += v
		}
		if s != 0 {
			t.Errorf("hand %+v is not zero-sum", h)
		}
	}
	if p := a.Pairs[0]; math.Abs(p.Diff-(a.Bots[0].Diff)) > 1e-9 {
		t.Errorf("pair diff %v differs from bot diff %v", p.Diff, a.Bots[0].Diff)
	}
}

package sim

import (
	"math"
	"sort"

	"trull/internal/arena"
)

// Rate is a proportion with its 95% confidence interval (Wilson score).
type Rate struct {
	N    int     `json:"n"`
	Of   int     `json:"of"`
	P    float64 `json:"p"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// NewRate returns the proportion k/n with its Wilson 95% interval.
func NewRate(k, n int) Rate {
	r := Rate{N: k, Of: n}
	if n == 0 {
		return r
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	r.P, r.Low, r.High = p, math.Max(0, mid-half), math.Min(1, mid+half)
	return r
}

// Mean is a mean with its 95% confidence half-width.
type Mean struct {
	Mean float64 `json:"mean"`
	CI95 float64 `json:"ci95"`
	N    int     `json:"n"`
}

// NewMean returns the mean of xs and its 95% half-width.
func NewMean(xs []float64) Mean {
	m, ci := arena.MeanCI(xs)
	if len(xs) < 2 {
		ci = 0
	}
	return Mean{Mean: m, CI95: ci, N: len(xs)}
}

// Summary holds the statistics of one variant.
type Summary struct {
	Variant string `json:"variant"`
	Hands   int    `json:"hands"`
	// Contracts is the frequency of each contract (thrown-in and folded
	// hands included under their names).
	Contracts map[string]Rate `json:"contracts"`
	// Success is, per contract with a declarer, how often the declarer's
	// score was positive.
	Success map[string]Rate `json:"declarer_success"`
	// DeclarerPoints is the distribution of the declarer's card points
	// (in the game's unit), per contract; MiserePoints per seat in Misère.
	DeclarerPoints map[string][]int `json:"declarer_points"`
	// Bonuses is how often each scored item other than the game itself
	// occurs with a non-zero value.
	Bonuses map[string]Rate `json:"bonuses"`
	// Score is the mean score per hand of each seat.
	Score []Mean `json:"score_per_seat"`
	// Redeal is the frequency of thrown-in or folded hands.
	Redeal Rate `json:"redeal"`
	// Ties is the frequency of played hands whose sides took equal card
	// points (Droggn 37:37, Troggu 57:57, Strohmandeln 35:35).
	Ties Rate `json:"ties"`
	// DeclarerScore is the declarer's mean score per played hand.
	DeclarerScore Mean `json:"declarer_score"`
	// HandsPerSecond is the simulation speed (set by the caller).
	HandsPerSecond float64 `json:"hands_per_second,omitempty"`
}

// gameItems are the items that are the game result itself, not a bonus.
var gameItems = map[string]bool{"game": true, "match": true, "double": true, "draw": true}

// Summarize computes the statistics of one variant's hands.
func Summarize(variant string, hands []Hand) Summary {
	s := Summary{Variant: variant, Hands: len(hands), Contracts: map[string]Rate{}, Success: map[string]Rate{},
		DeclarerPoints: map[string][]int{}, Bonuses: map[string]Rate{}}
	if len(hands) == 0 {
		return s
	}
	contracts := map[string]int{}
	played := map[string]int{}
	won := map[string]int{}
	bonus := map[string]int{}
	seats := len(hands[0].Result.Score)
	perSeat := make([][]float64, seats)
	var declScore []float64
	redeal, ties := 0, 0
	for _, h := range hands {
		res := h.Result
		contracts[res.Contract]++
		if tied(res.CardPoints) && !res.Redeal {
			ties++
		}
		if res.Redeal {
			redeal++
		}
		for seat, v := range res.Score {
			perSeat[seat] = append(perSeat[seat], float64(v))
		}
		if res.Declarer >= 0 {
			played[res.Contract]++
			if res.Score[res.Declarer] > 0 {
				won[res.Contract]++
			}
			s.DeclarerPoints[res.Contract] = append(s.DeclarerPoints[res.Contract], res.CardPoints[res.Declarer])
			declScore = append(declScore, float64(res.Score[res.Declarer]))
		} else if !res.Redeal {
			s.DeclarerPoints[res.Contract] = append(s.DeclarerPoints[res.Contract], res.CardPoints...)
		}
		seen := map[string]bool{}
		for _, it := range res.Items {
			if it.Points != 0 && !gameItems[it.Item] && !seen[it.Item] {
				seen[it.Item] = true
				bonus[it.Item]++
			}
		}
	}
	n := len(hands)
	for c, k := range contracts {
		s.Contracts[c] = NewRate(k, n)
	}
	for c, k := range played {
		s.Success[c] = NewRate(won[c], k)
	}
	for b, k := range bonus {
		s.Bonuses[b] = NewRate(k, n)
	}
	for _, xs := range perSeat {
		s.Score = append(s.Score, NewMean(xs))
	}
	for _, pts := range s.DeclarerPoints {
		sort.Ints(pts)
	}
	s.Redeal = NewRate(redeal, n)
	s.Ties = NewRate(ties, n)
	s.DeclarerScore = NewMean(declScore)
	return s
}

// Diff is a paired difference between two variants on the same deals.
type Diff struct {
	Metric string  `json:"metric"`
	Mean   float64 `json:"mean"`
	CI95   float64 `json:"ci95"`
	N      int     `json:"n"`
}

// Compare computes paired differences (B − A) per deal: the declarer's
// success, the declarer's score, whether the hand was thrown in, and per
// contract the frequency.
func Compare(a, b []Hand) []Diff {
	var out []Diff
	pair := func(name string, f func(h Hand) (float64, bool)) {
		var xs []float64
		for i := range a {
			va, oka := f(a[i])
			vb, okb := f(b[i])
			if oka && okb {
				xs = append(xs, vb-va)
			}
		}
		m := NewMean(xs)
		out = append(out, Diff{Metric: name, Mean: m.Mean, CI95: m.CI95, N: m.N})
	}
	success := func(h Hand) (float64, bool) {
		if h.Result.Declarer < 0 {
			return 0, false
		}
		if h.Result.Score[h.Result.Declarer] > 0 {
			return 1, true
		}
		return 0, true
	}
	pair("declarer_success", success)
	pair("declarer_score", func(h Hand) (float64, bool) {
		if h.Result.Declarer < 0 {
			return 0, false
		}
		return float64(h.Result.Score[h.Result.Declarer]), true
	})
	pair("redeal", func(h Hand) (float64, bool) { return b2f(h.Result.Redeal), true })
	names := map[string]bool{}
	for i := range a {
		names[a[i].Result.Contract] = true
		names[b[i].Result.Contract] = true
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, c := range keys {
		pair("contract_"+c, func(h Hand) (float64, bool) { return b2f(h.Result.Contract == c), true })
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// tied reports whether every seat counts the same non-zero card points: the
// two sides split the pack evenly.
func tied(cp []int) bool {
	for _, x := range cp {
		if x != cp[0] {
			return false
		}
	}
	return len(cp) > 0 && cp[0] != 0
}

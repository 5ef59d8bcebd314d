package rules

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// The tuning runs reproduce the numbers behind the rules bot's weights.
// They take minutes and run only when asked:
//
//	go test ./internal/bot/rules -run Tune -tune -v
var tune = flag.Bool("tune", false, "run the rules bot's tuning measurements")

// featVec is a hand's features as a regression row, in the order of
// know.DroggnWeights' fields.
func featVec(f know.Feat) []float64 {
	return []float64{1, float64(f.Trumps), float64(f.High), float64(f.Mond), float64(f.Fool), float64(f.Pagat),
		float64(f.Kings), float64(f.Queens), float64(f.Courts), float64(f.Voids) * min(float64(f.Trumps), 6) / 6,
		float64(f.Guarded), float64(f.ShortRisk), float64(f.Long)}
}

// leastSquares solves the normal equations of a linear fit; it returns the
// coefficients and the residual standard deviation.
func leastSquares(xs [][]float64, ys []float64) ([]float64, float64) {
	n := len(xs[0])
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
	}
	for r, x := range xs {
		for i := range n {
			for j := range n {
				a[i][j] += x[i] * x[j]
			}
			a[i][n] += x[i] * ys[r]
		}
	}
	for i := range n {
		a[i][i] += 1e-9
		p := i
		for r := i + 1; r < n; r++ {
			if math.Abs(a[r][i]) > math.Abs(a[p][i]) {
				p = r
			}
		}
		a[i], a[p] = a[p], a[i]
		for r := range n {
			if r != i {
				f := a[r][i] / a[i][i]
				for c := i; c <= n; c++ {
					a[r][c] -= f * a[i][c]
				}
			}
		}
	}
	w := make([]float64, n)
	for i := range w {
		w[i] = a[i][n] / a[i][i]
	}
	ss := 0.0
	for r, x := range xs {
		pred := 0.0
		for j := range w {
			pred += w[j] * x[j]
		}
		ss += (pred - ys[r]) * (pred - ys[r])
	}
	return w, math.Sqrt(ss / float64(len(ys)))
}

// forcedHand plays a deal in which the first speaker bids c and the others
// pass; bots decide the rest.
func forcedHand(r *droggn.Rules, deck []card.Card, dealer int, c droggn.Contract, bots []player) (*droggn.State, error) {
	st, err := r.Deal(deck, dealer)
	if err != nil {
		return nil, err
	}
	first := st.ToAct()
	for !st.Done() {
		seat := st.ToAct()
		a := game.Action{Seat: int8(seat), Kind: game.KindBid, Call: droggn.CallPass}
		if st.CurrentPhase() != droggn.PhBid {
			if a, err = bots[seat].Act(st.View(game.ViewerOf(seat)), nil); err != nil {
				return nil, err
			}
		} else if seat == first {
			a.Call = droggn.CallAnsager + uint8(c-droggn.Ansager)
		}
		if err := st.Apply(a); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// TestTuneStrength fits the strength estimates (know.DroggnAnsager, DroggnSolo, DroggnSuper, DroggnPlay)
// on forced contracts and the defence estimates (know.DroggnDefence) on natural
// self-play.
func TestTuneStrength(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	const n = 3000
	r := droggn.Default(3)
	rules := []player{Bot{}, Bot{}, Bot{}}
	for _, c := range []droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super} {
		var xs, xsPlay [][]float64
		var ys, ysPlay []float64
		for i := range n {
			deck := game.DeckFromSeed(r.Pack(), fmt.Sprintf("tune/%d", i))
			dealer := i % 3
			hand := card.Of(deck[0:7]...).Union(card.Of(deck[21:28]...)).Union(card.Of(deck[42:49]...))
			st, err := forcedHand(r, deck, dealer, c, rules)
			if err != nil {
				t.Fatal(err)
			}
			p := float64(st.Result().CardPoints[st.Declarer()])
			xs, ys = append(xs, featVec(know.Features(hand))), append(ys, p)
			if c == droggn.Super {
				talon := float64(card.Threes(r.Pack().Raw(card.Of(deck[63:]...)), 3))
				xsPlay, ysPlay = append(xsPlay, featVec(know.Features(hand))), append(ysPlay, p-talon)
			}
		}
		w, sd := leastSquares(xs, ys)
		t.Logf("%s: %.2f sd %.2f", c, w, sd)
		if c == droggn.Super {
			w, sd := leastSquares(xsPlay, ysPlay)
			t.Logf("play: %.2f sd %.2f", w, sd)
		}
	}
	xs := map[droggn.Contract][][]float64{}
	ys := map[droggn.Contract][]float64{}
	for i := range 2 * n {
		st, err := r.Deal(game.DeckFromSeed(r.Pack(), fmt.Sprintf("dbl/%d", i)), i%3)
		if err != nil {
			t.Fatal(err)
		}
		var atDouble *droggn.State
		for !st.Done() {
			if st.CurrentPhase() == droggn.PhDouble && atDouble == nil {
				atDouble = st.Copy()
			}
			a, err := rules[st.ToAct()].Act(st.View(game.ViewerOf(st.ToAct())), nil)
			if err != nil {
				t.Fatal(err)
			}
			st.ApplyUnchecked(a)
		}
		if c := st.Contract(); atDouble != nil && c != droggn.SuperMord {
			d1, d2 := atDouble.Defenders()
			for _, d := range []int{d1, d2} {
				xs[c] = append(xs[c], featVec(know.Features(atDouble.Hand(d))))
				ys[c] = append(ys[c], float64(st.Result().CardPoints[st.Declarer()]))
			}
		}
	}
	for _, c := range []droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super} {
		if len(ys[c]) > 100 {
			w, sd := leastSquares(xs[c], ys[c])
			t.Logf("defence against %s (%d): %.2f sd %.2f", c, len(ys[c]), w, sd)
		}
	}
}

// playOnly is the rules bot with another bot's card play.
type playOnly struct {
	name string
	play func(v game.View, rng *rand.Rand) (game.Action, error)
}

func (b playOnly) Name() string { return b.name }

func (b playOnly) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	if dv, ok := v.(*droggn.View); ok && dv.State().CurrentPhase() == droggn.PhPlay {
		return b.play(v, rng)
	}
	return Bot{}.Act(v, rng)
}

// TestTuneDuels measures the rules bot's card play and its parameter
// choices in duplicate self-play.
func TestTuneDuels(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	const deals = 1000
	r := droggn.Default(3)
	genericPlay := playOnly{"rules+generic play", func(v game.View, _ *rand.Rand) (game.Action, error) { return Generic(v) }}
	randomPlay := playOnly{"rules+random play", randomBot{}.Act}
	t.Logf("rules vs %s: %s", genericPlay.name, duplicate(t, r, deals, "duel", Bot{}, genericPlay))
	t.Logf("rules vs %s: %s", randomPlay.name, duplicate(t, r, deals, "duel", Bot{}, randomPlay))
	for _, v := range []struct {
		name string
		set  func(*params)
	}{
		{"bidEV 2", func(p *params) { p.bidEV = 2 }},
		{"bidEV -20", func(p *params) { p.bidEV = -20 }},
		{"schwacher -20", func(p *params) { p.schwacher = -20 }},
		{"layoutDecl 9", func(p *params) { p.layoutDecl = 9 }},
		{"schmear 0", func(p *params) { p.schmear = 0 }},
	} {
		p := defaults
		v.set(&p)
		t.Logf("defaults vs %s: %s", v.name, duplicate(t, r, deals, "duel", Bot{}, Bot{p: &p}))
	}
}

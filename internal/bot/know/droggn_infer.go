package know

import (
	"math/rand/v2"
	"slices"
	"sync"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// Inference of hidden Droggn hands from the bidding. The worlds a seat samples are consistent with the cards it has seen but
// not with what the bidding says about the declarer's hand: a declarer has
// a strong hand, a uniformly sampled one an average hand. So worlds are
// drawn again (up to maxRedraws times) while the declarer's holding in
// them is weaker than most hands that declare the contract would be:
// below the strength (BidStrength) that a fraction bidShare[contract] of
// random hands reach (BidThreshold). The strength is a coarser count than
// the fits of droggn.go: it rates a holding of any size (the declarer's
// hand, his discards and the cards he played) against random holdings of
// that size.

// maxRedraws bounds the rejection sampling.
const maxRedraws = 24

// bidShare is the share of random hands assumed strong enough to declare
// each contract.
var bidShare = [...]float64{droggn.Ansager: 0.5, droggn.Solo: 0.3, droggn.Super: 0.1, droggn.SuperMord: 0.03}

// BidStrength rates a Droggn holding for declaring: trumps, more for the
// high ones, the Gstieß, kings and queens, and voids.
func BidStrength(h card.Set) int {
	s := 0
	for t := h.Trumps(); !t.Empty(); {
		switch n := t.Pop().TrumpNumber(); {
		case n == 21:
			s += 6
		case n >= 18:
			s += 4
		case n >= 14:
			s += 3
		default:
			s += 2
		}
	}
	if h.Has(card.Fool) {
		s += 4
	}
	for u := card.Suit0; u <= card.Suit3; u++ {
		if h.Has(card.SuitCard(u, card.King)) {
			s += 2
		}
		if h.Has(card.SuitCard(u, card.Queen)) {
			s++
		}
		if !h.HasSuit(u) {
			s += 2
		}
	}
	return s
}

// thresholdKey names a strength distribution: a pack and a holding size.
type thresholdKey struct {
	pack *card.Pack
	size int
}

var thresholds sync.Map // thresholdKey → []int, the strength at each bidShare

// BidThreshold returns the BidStrength reached by the share of random
// holdings of size cards from the pack that are taken to be strong enough
// to declare c (computed once from a fixed sample).
func BidThreshold(p *card.Pack, size int, c droggn.Contract) int {
	key := thresholdKey{p, size}
	if t, ok := thresholds.Load(key); ok {
		return t.([]int)[c]
	}
	rng := rand.New(rand.NewPCG(1, uint64(size)))
	const n = 4000
	ss := make([]int, n)
	for i := range ss {
		deck := game.ShuffledDeck(p, rng)
		ss[i] = BidStrength(card.Of(deck[:size]...))
	}
	slices.Sort(ss)
	t := make([]int, len(bidShare))
	for c, share := range bidShare {
		if share > 0 {
			t[c] = ss[int(float64(n)*(1-share))]
		}
	}
	thresholds.Store(key, t)
	return t[c]
}

// plausible reports whether the declarer's holding in world w (his hand,
// the cards he played and his discards) is strong enough for his contract.
// The declarer himself needs no such check.
func plausible(w *droggn.State, seat int) bool {
	decl := w.Declarer()
	if decl < 0 || decl == seat {
		return true
	}
	held := w.Hand(decl).Union(w.Discards())
	for _, a := range w.History() {
		if a.Kind == game.KindPlay && int(a.Seat) == decl {
			held.Add(a.Card)
		}
	}
	return BidStrength(held) >= BidThreshold(w.Variant().Pack(), held.Len(), w.Contract())
}

// SampleDroggn draws a world for the view, consistent with everything the
// seat has seen, redrawing it (a bounded number of times) while the
// declarer's holding in it is too weak for his contract.
func SampleDroggn(v *droggn.View, rng *rand.Rand) (*droggn.State, error) {
	w := new(droggn.State)
	if err := SampleDroggnInto(v, w, rng); err != nil {
		return nil, err
	}
	return w, nil
}

// SampleDroggnInto is SampleDroggn into w, reusing its memory: the same
// world from the same generator. On an error w holds no valid state.
func SampleDroggnInto(v *droggn.View, w *droggn.State, rng *rand.Rand) error {
	for try := 0; try < maxRedraws; try++ {
		if err := v.SampleInto(w, rng); err != nil {
			return err
		}
		if plausible(w, v.Seat) {
			break
		}
	}
	return nil
}

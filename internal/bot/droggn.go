package bot

import (
	"math"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// Rules is the hand-written strategy bot. For Droggn it plays after the
// tactics notes of the pagat.com text (seed S0): it bids from hand strength,
// discards to keep the Trull cards and trumps and to void short suits, buys
// the most valuable missing card, lays out the Pagat only with a strong
// trump holding, gives a Schwacher when the defence looks strong and says
// Retour rarely; in play the declarer draws trumps when long in them and
// cashes kings, the defenders keep the declarer in the middle and schmear
// counting cards on their partner's tricks, and everybody wins cheaply,
// counts trumps and voids, keeps the Pagat for the last trick when it can
// win there and uses the Gstieß to save valuable cards. For Troggu and
// Strohmandeln it plays their strategies (otherAct), for any other view
// Generic. It never uses rng: its choices depend on the view only.
type Rules struct {
	// p holds the weights; nil means the tuned defaults.
	p *params
}

// Name returns "rules".
func (Rules) Name() string { return "rules" }

// Act chooses the rules bot's action.
func (b Rules) Act(v game.View, _ *rand.Rand) (game.Action, error) {
	legal, err := legalOf(v)
	if err != nil {
		return game.Action{}, err
	}
	dv, ok := v.(*droggn.View)
	if !ok || dv.State() == nil {
		return otherAct(v, legal)
	}
	pp := b.p
	if pp == nil {
		pp = &defaults
	}
	a := droggnAct(newKnow(dv, pp), legal)
	for _, l := range legal {
		if l == a {
			return a, nil
		}
	}
	return legal[0], nil
}

// droggnAct dispatches on the phase.
func droggnAct(k *know, legal []game.Action) game.Action {
	switch k.s.CurrentPhase() {
	case droggn.PhBid:
		return k.bid(legal)
	case droggn.PhDiscard:
		return k.discard(legal)
	case droggn.PhBuy:
		return k.buy(legal)
	case droggn.PhLayout:
		return k.layout(legal)
	case droggn.PhDouble:
		return k.double(legal)
	case droggn.PhPlay:
		return k.play(legal)
	}
	return legal[0]
}

// feat are the hand features the strength estimates use.
type feat struct {
	trumps int // T1…T21
	high   int // T15…T20
	mond   int // T21
	fool   int // the Gstieß
	pagat  int // T1
	kings  int
	queens int // queens
	courts int // riders and jacks
	voids  int // suits without a card
	// guarded counts suits where the queen is backed by the king.
	guarded int
	// shortRisk counts court cards below the king in suits of at most two
	// cards without their king: likely to be lost.
	shortRisk int
	// long is the length of the longest suit.
	long int
}

// features reads the features of a hand.
func features(h card.Set) feat {
	f := feat{trumps: h.Trumps().Len()}
	for n := 15; n <= 20; n++ {
		if h.Has(card.Trump(n)) {
			f.high++
		}
	}
	if h.Has(card.Mond) {
		f.mond = 1
	}
	if h.Has(card.Fool) {
		f.fool = 1
	}
	if h.Has(card.Pagat) {
		f.pagat = 1
	}
	for u := card.Suit0; u <= card.Suit3; u++ {
		s := h.OfSuit(u)
		n := s.Len()
		f.long = max(f.long, n)
		if n == 0 {
			f.voids++
			continue
		}
		king := s.Has(card.SuitCard(u, card.King))
		if king {
			f.kings++
		}
		for _, r := range []card.Rank{card.Queen, card.Knight, card.Jack} {
			if !s.Has(card.SuitCard(u, r)) {
				continue
			}
			if r == card.Queen {
				f.queens++
			} else {
				f.courts++
			}
			switch {
			case king && r == card.Queen:
				f.guarded++
			case !king && n <= 2:
				f.shortRisk++
			}
		}
	}
	return f
}

// Strength estimates: the card points a declarer takes with a hand, fitted
// by least squares on 3000 self-play hands of the rules bot for each
// contract (the first speaker bids it, the others pass). wAns, wSolo and
// wSuper read the 21 cards as dealt and estimate the whole pile (discards
// or talon included); wPlay reads a final 21-card hand and estimates the
// tricks only (the discards or the talon are counted apart). sd is the
// residual standard deviation of each fit (TestTuneStrength reproduces
// them).
var (
	wAns   = weights{base: 9.02, trump: 2.00, high: 0.30, mond: 2.76, fool: 4.34, pagat: 2.05, king: 3.94, queen: 2.54, court: 0.71, void: 1.53, guarded: 0.76, shortRisk: 0.34, long: 0.60, sd: 4.96}
	wSolo  = weights{base: 0.35, trump: 2.01, high: 0.52, mond: 5.24, fool: 4.92, pagat: 2.49, king: 3.92, queen: 2.63, court: 0.86, void: 1.51, guarded: 0.71, shortRisk: 0.17, long: 0.67, sd: 5.16}
	wSuper = weights{base: -2.59, trump: 1.62, high: 0.54, mond: 5.05, fool: 4.88, pagat: 1.69, king: 4.71, queen: 3.14, court: 0.84, void: 5.00, guarded: 0.17, shortRisk: -0.41, long: 0.23, sd: 4.59}
	wPlay  = weights{base: -6.67, trump: 1.59, high: 0.58, mond: 5.32, fool: 5.26, pagat: 2.07, king: 4.95, queen: 3.26, court: 0.96, void: 5.19, guarded: 0.19, shortRisk: -0.46, long: 0.18, sd: 3.92}
)

// weights are the coefficients of a linear strength estimate over feat.
type weights struct {
	base, trump, high, mond, fool, pagat, king, queen, court, void, guarded, shortRisk, long float64
	sd                                                                                       float64
}

// eval returns the estimate for a hand with features f.
func (w weights) eval(f feat) float64 {
	return w.base + w.trump*float64(f.trumps) + w.high*float64(f.high) + w.mond*float64(f.mond) +
		w.fool*float64(f.fool) + w.pagat*float64(f.pagat) + w.king*float64(f.kings) +
		w.queen*float64(f.queens) + w.court*float64(f.courts) +
		w.void*float64(f.voids)*min(float64(f.trumps), 6)/6 + w.guarded*float64(f.guarded) +
		w.shortRisk*float64(f.shortRisk) + w.long*float64(f.long)
}

// scale converts an estimate for the 66-card pack to the pack in play.
func (k *know) scale(x float64) float64 { return x * float64(k.r.Half()) / 37 }

// contractEV is the expected hand result X of playing c with a pile
// estimated at mu points (standard deviation sd) against w needed: P − W
// plus the base value V won or lost (normal approximation).
func contractEV(c droggn.Contract, mu, sd, w float64) float64 {
	v := [...]float64{droggn.Ansager: 20, droggn.Solo: 40, droggn.Super: 80}[c]
	pWin := 0.5 * (1 + math.Erf((mu-w+0.5)/(sd*math.Sqrt2)))
	return mu - w + v*(2*pWin-1)
}

// bestContract returns the contract above the current bid with the best
// expected result, or NoContract when none promises params.bidEV; a Super
// Mord only when the hand cannot lose a trick.
func (k *know) bestContract() droggn.Contract {
	if mordSure(k.hand) {
		return droggn.SuperMord
	}
	f := features(k.hand)
	w := float64(k.r.Half())
	best, bestEV := droggn.NoContract, k.p.bidEV
	for _, c := range []droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super} {
		if c <= k.contract {
			continue // one may only bid higher
		}
		wt := [...]weights{droggn.Ansager: wAns, droggn.Solo: wSolo, droggn.Super: wSuper}[c]
		if ev := contractEV(c, k.scale(wt.eval(f)), k.scale(wt.sd), w); ev > bestEV {
			best, bestEV = c, ev
		}
	}
	return best
}

// mordSure reports whether a hand wins every trick whatever the others
// hold: its unbroken run of trumps from the Mond is at least as long as the
// number of trumps it lacks (so leading them draws every other trump), every
// suit card belongs to a run from the king, and a Gstieß is laid out (see
// layout) so that it takes the last trick.
func mordSure(h card.Set) bool {
	run := 0
	for n := 21; n >= 1 && h.Has(card.Trump(n)); n-- {
		run++
	}
	if run < 21-h.Trumps().Len() {
		return false
	}
	for u := card.Suit0; u <= card.Suit3; u++ {
		s := h.OfSuit(u)
		for r := card.King; !s.Empty(); r-- {
			c := card.SuitCard(u, r)
			if !s.Has(c) {
				return false
			}
			s.Remove(c)
		}
	}
	return true
}

// bid names the best contract the hand is worth above the current bid,
// or passes.
func (k *know) bid(legal []game.Action) game.Action {
	want := k.bestContract()
	if want != droggn.NoContract {
		call := droggn.CallAnsager + uint8(want-droggn.Ansager)
		for _, a := range legal {
			if a.Call == call {
				return a
			}
		}
	}
	for _, a := range legal {
		if a.Call == droggn.CallPass {
			return a
		}
	}
	return legal[0]
}

// handValue estimates the card points a final 21-card declarer hand takes
// in play.
func handValue(h card.Set) float64 { return wPlay.eval(features(h)) }

// kingRuleOK applies the variant's king discard rule to a discard.
func (k *know) kingRuleOK(d card.Set) bool {
	kings := 0
	for u := card.Suit0; u <= card.Suit3; u++ {
		if d.Has(card.SuitCard(u, card.King)) {
			kings++
		}
	}
	trumps := d.Trumps().Len()
	if k.r.Opts().KingDiscardRule == droggn.OneTrumpForKings {
		return kings == 0 || trumps > 0
	}
	return trumps >= kings
}

// discard chooses the next discard: the completion of the discard that
// maximises the banked points plus the value of the remaining hand (voids,
// trumps, protected kings), among the cards the engine allows.
func (k *know) discard(legal []game.Action) game.Action {
	rest := 3 - k.myDiscards.Len()
	pool := k.hand.Minus(card.Of(card.Fool, card.Mond, card.Pagat))
	cards := pool.Cards(nil)
	allowed := card.Set{}
	for _, a := range legal {
		allowed.Add(a.Card)
	}
	bestV, bestFirst := -1e18, card.None
	var rec func(from int, chosen card.Set, first card.Card)
	rec = func(from int, chosen card.Set, first card.Card) {
		if chosen.Len() == rest {
			all := chosen.Union(k.myDiscards)
			if !k.kingRuleOK(all) {
				return
			}
			val := float64(card.Threes(k.pack.Raw(all), 3)) + handValue(k.hand.Minus(chosen))
			if val > bestV {
				bestV, bestFirst = val, first
			}
			return
		}
		for i := from; i < len(cards); i++ {
			c := cards[i]
			f := first
			if f == card.None {
				if !allowed.Has(c) {
					continue
				}
				f = c
			}
			rec(i+1, chosen.Union(card.Single(c)), f)
		}
	}
	rec(0, card.Set{}, card.None)
	for _, a := range legal {
		if a.Card == bestFirst {
			return a
		}
	}
	return legal[0]
}

// buyValue is the worth of asking for x: what it adds to the hand, plus the
// card points it takes from the defenders.
func buyValue(h card.Set, x card.Card, base float64) float64 {
	v := handValue(h.Union(card.Single(x))) - base
	if x == card.Pagat || x == card.Mond || x == card.Fool {
		v += 1.5 // a Trull card out of the defenders' hands
	}
	return v + 0.3*float64(x.NominalPoints())
}

// buy asks for the most valuable missing card (a king, the Mond, the Pagat
// with long trumps, the Gstieß) and offers the card the hand misses least.
func (k *know) buy(legal []game.Action) game.Action {
	base := handValue(k.hand)
	missing := k.pack.Cards.Minus(k.hand).Minus(k.myDiscards)
	bestX, bestXV := card.None, -1e18
	for t := missing; !t.Empty(); {
		x := t.Pop()
		if !(x.IsTrump() || x == card.Fool || x.IsSuit() && x.Rank() >= card.Queen) {
			continue
		}
		if v := buyValue(k.hand, x, base); v > bestXV {
			bestX, bestXV = x, v
		}
	}
	offers := card.Set{}
	for _, a := range legal {
		if a.Card != card.None && a.Card2 == bestX {
			offers.Add(a.Card)
		}
	}
	bestO, bestOV := card.None, -1e18
	with := k.hand.Union(card.Single(bestX))
	for t := offers; !t.Empty(); {
		o := t.Pop()
		v := handValue(with.Minus(card.Single(o))) - 0.3*float64(o.NominalPoints())
		if o.IsTrump() {
			v -= 1 // a trump given to a defender
		}
		if v > bestOV {
			bestO, bestOV = o, v
		}
	}
	for _, a := range legal {
		if a.Card == bestO && a.Card2 == bestX {
			return a
		}
	}
	return legal[0]
}

// layout lays out the Gstieß in Super Mord (it cannot win otherwise) and
// the Pagat only with a strong trump holding.
func (k *know) layout(legal []game.Action) game.Action {
	var none, pagat, fool *game.Action
	for i := range legal {
		switch legal[i].Card {
		case card.None:
			none = &legal[i]
		case card.Pagat:
			pagat = &legal[i]
		case card.Fool:
			fool = &legal[i]
		}
	}
	if fool != nil {
		return *fool
	}
	if pagat != nil {
		t := float64(k.hand.Trumps().Len() - 1)
		need := k.p.layoutDef
		if k.isDecl {
			need = k.p.layoutDecl
		}
		if t >= need && k.hand.Has(card.Mond) {
			return *pagat
		}
	}
	if none != nil {
		return *none
	}
	return legal[0]
}

// Defence estimates: the declarer's card points as seen from one
// defender's hand at the doubling step, fitted on 6000 self-play hands of
// the rules bot (bids, exchange and buying as it plays them; TestTuneStrength).
// Against an Ansager the Mond is almost always bought, so its weight is 0.
var wDefence = [...]weights{
	droggn.Ansager: {base: 54.54, trump: -0.77, high: -0.22, mond: 0.00, fool: -2.17, pagat: -1.36, king: -1.94, queen: -1.39, court: -0.33, void: -2.81, guarded: 0.15, shortRisk: 1.02, long: -0.24, sd: 5.19},
	droggn.Solo:    {base: 50.34, trump: -0.61, high: -0.31, mond: -1.94, fool: -1.67, pagat: -1.01, king: -1.28, queen: -1.03, court: -0.23, void: -3.21, guarded: 0.22, shortRisk: 0.58, long: -0.39, sd: 5.53},
	droggn.Super:   {base: 49.45, trump: -0.17, high: -0.10, mond: -1.58, fool: -1.48, pagat: -1.02, king: -0.83, queen: -0.39, court: -0.25, void: -5.49, guarded: -0.23, shortRisk: 0.02, long: -0.74, sd: 4.73},
}

// double gives a Schwacher when the defence looks strong and says Retour
// rarely: the declarer with a clearly winning hand at the first Retour, a
// defender only against a Super Mord he is sure to beat.
func (k *know) double(legal []game.Action) game.Action {
	var gut, up game.Action
	for _, a := range legal {
		if a.Call == droggn.CallGut {
			gut = a
		} else {
			up = a
		}
	}
	if up.Kind == game.KindNone {
		return gut
	}
	sureMordBreak := k.contract == droggn.SuperMord && !k.isDecl && k.hand.Has(card.Mond)
	switch {
	case up.Call == droggn.CallSchwacher:
		if sureMordBreak {
			return up
		}
		if k.contract == droggn.SuperMord {
			return gut
		}
		wt := wDefence[k.contract]
		mu := k.scale(wt.eval(features(k.hand)))
		if contractEV(k.contract, mu, k.scale(wt.sd), float64(k.r.Half())) < -k.p.schwacher {
			return up
		}
	case k.isDecl:
		if k.contract == droggn.SuperMord {
			if mordSure(k.hand) && k.k < 3 {
				return up
			}
			return gut
		}
		own := float64(card.Threes(k.pack.Raw(k.myDiscards), k.myDiscards.Len()))
		if k.myDiscards.Empty() {
			own = 3.5 // the Super talon, on average
		}
		if k.k == 1 && k.scale(handValue(k.hand))+own >= float64(k.r.Half())+k.p.retour {
			return up
		}
	default:
		if sureMordBreak && k.k < 3 {
			return up
		}
	}
	return gut
}

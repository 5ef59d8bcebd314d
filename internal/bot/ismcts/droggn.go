package ismcts

import (
	"math"
	"math/rand/v2"
	"slices"

	"trull/internal/bot/pimc"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// droggnWorld is the Droggn adapter: determinizations from View.Sample,
// card play on the PlayCard/LegalCards fast path and FastScore.
type droggnWorld struct {
	r    *droggn.Rules
	s    *droggn.State
	tr   trickRules
	ctx  playCtx
	team [8]int8
	buf  []game.Action
}

func newDroggnWorld(r *droggn.Rules) *droggnWorld {
	w := &droggnWorld{r: r, tr: trickRules{foolTrump: false, size: 3, pack: r.Pack()},
		buf: make([]game.Action, 0, 32)}
	w.ctx.seats, w.ctx.team = r.Seats(), &w.team
	return w
}

func (w *droggnWorld) resample(v game.View, rng *rand.Rand) error {
	s, err := pimc.Sample(v.(*droggn.View), rng)
	if err != nil {
		return err
	}
	w.s = s
	return nil
}

func (w *droggnWorld) set(s game.State) { w.s = s.(*droggn.State).Copy() }

func (w *droggnWorld) state() game.State { return w.s }

func (w *droggnWorld) candidates(dst []game.Action) []game.Action {
	switch w.s.CurrentPhase() {
	case droggn.PhBuy:
		return append(dst, buyOptions(w.s)...)
	case droggn.PhDouble:
		if w.s.Doublings() >= maxDoublings {
			return append(dst, game.Action{Seat: int8(w.s.ToAct()), Kind: game.KindDouble, Call: droggn.CallGut})
		}
	}
	return w.s.Legal(dst)
}

// maxDoublings is the number of Schwacher and Retours from which the search
// only says gut. The determinizations do not reflect what the others' bids
// and doublings reveal, so both sides can expect to win and would
// otherwise double without end.
const maxDoublings = 2

// policy bids by droggnBid, discards by discardScore, buys by heuristicBuy,
// never lays out or doubles, and plays cards by the trick-taking rules.
func (w *droggnWorld) policy(rnd *game.FastSource) game.Action {
	s := w.s
	seat := int8(s.ToAct())
	switch s.CurrentPhase() {
	case droggn.PhBid:
		return game.Action{Seat: seat, Kind: game.KindBid, Call: droggnBid(w.r, s.Hand(int(seat)), s.Contract())}
	case droggn.PhDiscard:
		return w.discard()
	case droggn.PhBuy:
		return heuristicBuy(s)
	case droggn.PhLayout:
		return game.Action{Seat: seat, Kind: game.KindLayout, Call: droggn.CallNone}
	case droggn.PhDouble:
		return game.Action{Seat: seat, Kind: game.KindDouble, Call: droggn.CallGut}
	case droggn.PhPlay:
		return game.Action{Seat: seat, Kind: game.KindPlay, Card: w.card(rnd)}
	}
	w.buf = s.Legal(w.buf[:0])
	return w.buf[0]
}

// card is the default card play of the seat to act.
func (w *droggnWorld) card(rnd *game.FastSource) card.Card {
	s := w.s
	me := s.ToAct()
	c := &w.ctx
	c.t.n = 0
	cards, seats := s.Trick()
	for i, x := range cards {
		c.t.add(x, seats[i])
	}
	d := s.Declarer()
	for p := 0; p < c.seats; p++ {
		c.hands[p] = s.Hand(p)
		c.team[p] = int8(b2i(p != d))
	}
	c.me, c.legal = int8(me), s.LegalCards()
	return w.tr.play(c, rnd)
}

// discard returns the legal discard with the best discardScore.
func (w *droggnWorld) discard() game.Action {
	s := w.s
	w.buf = s.Legal(w.buf[:0])
	hand := s.Hand(s.ToAct())
	best, bv := w.buf[0], math.MinInt
	for _, a := range w.buf {
		if v := discardScore(hand, w.tr.pack, a.Card); v > bv {
			best, bv = a, v
		}
	}
	return best
}

func (w *droggnWorld) playout(rnd *game.FastSource) {
	s := w.s
	for !s.Done() {
		if s.CurrentPhase() == droggn.PhPlay {
			s.PlayCard(w.card(rnd))
			continue
		}
		s.ApplyUnchecked(w.policy(rnd))
	}
}

func (w *droggnWorld) scores(out []float64) {
	s := w.s
	clear(out)
	d := s.Declarer()
	if !s.Done() || d < 0 || s.Contract() == droggn.NoContract {
		return
	}
	x := float64(s.FastScore())
	for i := range out {
		out[i] = -x
	}
	out[d] = float64(len(out)-1) * x
}

// discardScore rates a card for the declarer's discard; higher is better.
// Discards count for the declarer, so they bank points and make voids:
// short suits first, high cards of them (a king only with care, as it
// needs a trump beside it and often wins anyway), trumps last.
func discardScore(hand card.Set, p *card.Pack, c card.Card) int {
	if c.IsTrump() || c == card.Fool {
		return -20 - int(c)
	}
	n := hand.OfSuit(c.Suit()).Len()
	score := 12 - 3*n + p.Points(c)
	if c.IsKing() {
		score -= 6
	}
	return score
}

// droggnFeat are the hand features of the bidding estimate.
type droggnFeat struct {
	trumps, high, mond, fool, pagat, kings, queens, courts, voids, guarded, shortRisk, long int
}

func droggnFeatures(h card.Set) droggnFeat {
	f := droggnFeat{trumps: h.Trumps().Len()}
	for n := 15; n <= 20; n++ {
		if h.Has(card.Trump(n)) {
			f.high++
		}
	}
	f.mond = b2i(h.Has(card.Mond))
	f.fool = b2i(h.Has(card.Fool))
	f.pagat = b2i(h.Has(card.Pagat))
	for u := card.Suit0; u <= card.Suit3; u++ {
		s := h.OfSuit(u)
		n := s.Len()
		f.long = max(f.long, n)
		if n == 0 {
			f.voids++
			continue
		}
		king := s.Has(card.SuitCard(u, card.King))
		f.kings += b2i(king)
		for _, r := range [3]card.Rank{card.Queen, card.Knight, card.Jack} {
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

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// droggnWeights is a linear estimate of the card points a declarer takes
// with a dealt hand (the least-squares fits of the rules bot, package bot).
type droggnWeights struct {
	base, trump, high, mond, fool, pagat, king, queen, court, void, guarded, shortRisk, long, sd float64
}

var (
	estAnsager = droggnWeights{9.02, 2.00, 0.30, 2.76, 4.34, 2.05, 3.94, 2.54, 0.71, 1.53, 0.76, 0.34, 0.60, 4.96}
	estSolo    = droggnWeights{0.35, 2.01, 0.52, 5.24, 4.92, 2.49, 3.92, 2.63, 0.86, 1.51, 0.71, 0.17, 0.67, 5.16}
	estSuper   = droggnWeights{-2.59, 1.62, 0.54, 5.05, 4.88, 1.69, 4.71, 3.14, 0.84, 5.00, 0.17, -0.41, 0.23, 4.59}
	// estPlay reads a final 21-card hand and estimates the tricks only.
	estPlay = droggnWeights{-6.67, 1.59, 0.58, 5.32, 5.26, 2.07, 4.95, 3.26, 0.96, 5.19, 0.19, -0.46, 0.18, 3.92}
)

// handValue estimates the card points a final declarer hand takes in play.
func handValue(h card.Set) float64 { return estPlay.eval(droggnFeatures(h)) }

func (w droggnWeights) eval(f droggnFeat) float64 {
	return w.base + w.trump*float64(f.trumps) + w.high*float64(f.high) + w.mond*float64(f.mond) +
		w.fool*float64(f.fool) + w.pagat*float64(f.pagat) + w.king*float64(f.kings) +
		w.queen*float64(f.queens) + w.court*float64(f.courts) +
		w.void*float64(f.voids)*min(float64(f.trumps), 6)/6 + w.guarded*float64(f.guarded) +
		w.shortRisk*float64(f.shortRisk) + w.long*float64(f.long)
}

// bidEV is the expected hand result (X) a default bid must promise. It is
// negative: a pass lets another player declare, whose gain is the
// passer's loss.
const bidEV = -10

// droggnBid is the default bid: the contract above cur with the best
// expected result by the linear estimates, or pass when none promises
// bidEV (never Super Mord).
func droggnBid(r *droggn.Rules, hand card.Set, cur droggn.Contract) uint8 {
	f := droggnFeatures(hand)
	half := float64(r.Half())
	scale := half / 37
	best, bestEV := uint8(droggn.CallPass), float64(bidEV)
	for _, c := range [3]droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super} {
		if c <= cur {
			continue
		}
		wt := [...]droggnWeights{droggn.Ansager: estAnsager, droggn.Solo: estSolo, droggn.Super: estSuper}[c]
		mu, sd := scale*wt.eval(f), scale*wt.sd
		v := [...]float64{droggn.Ansager: 20, droggn.Solo: 40, droggn.Super: 80}[c]
		if ev := mu - half + v*(2*pWin(mu, sd, half)-1); ev > bestEV {
			best, bestEV = droggn.CallAnsager+uint8(c-droggn.Ansager), ev
		}
	}
	return best
}

// Buying: the asks are the missing cards that add most to the declarer's
// hand value (trumps, the Gstieß, kings and queens it neither holds nor
// discarded; a Trull card counts extra, as it also leaves the defenders),
// the offers the cards it misses least (never a Trull card or a king).
const (
	maxAsks   = 3
	maxOffers = 2
)

func buyAsks(s *droggn.State, n int) []card.Card {
	seat := s.ToAct()
	hand := s.Hand(seat)
	missing := s.Variant().Pack().Cards.Minus(hand).Minus(s.Places()[5])
	base := handValue(hand)
	type scored struct {
		c card.Card
		v float64
	}
	var cs []scored
	for t := missing; !t.Empty(); {
		x := t.Pop()
		if !(x.IsTrump() || x == card.Fool || x.IsSuit() && x.Rank() >= card.Queen) {
			continue
		}
		v := handValue(hand.Union(card.Single(x))) - base + 0.3*float64(x.NominalPoints())
		if x == card.Pagat || x == card.Mond || x == card.Fool {
			v += 1.5
		}
		cs = append(cs, scored{x, v})
	}
	slices.SortStableFunc(cs, func(a, b scored) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	out := make([]card.Card, 0, n)
	for _, x := range cs[:min(n, len(cs))] {
		out = append(out, x.c)
	}
	return out
}

func buyOffers(s *droggn.State, n int) []card.Card {
	hand := s.Hand(s.ToAct())
	type scored struct {
		c card.Card
		v float64
	}
	var cs []scored
	for t := hand; !t.Empty(); {
		o := t.Pop()
		if o == card.Fool || o == card.Mond || o == card.Pagat || o.IsKing() {
			continue
		}
		v := handValue(hand.Minus(card.Single(o))) - 0.3*float64(o.NominalPoints())
		if o.IsTrump() {
			v-- // a trump given to a defender
		}
		cs = append(cs, scored{o, v})
	}
	slices.SortStableFunc(cs, func(a, b scored) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	out := make([]card.Card, 0, n)
	for _, x := range cs[:min(n, len(cs))] {
		out = append(out, x.c)
	}
	return out
}

// buyOptions returns the buys the search considers: not buying, and each
// combination of a few asks and offers.
func buyOptions(s *droggn.State) []game.Action {
	seat := int8(s.ToAct())
	out := []game.Action{{Seat: seat, Kind: game.KindBuy, Call: droggn.CallNone}}
	for _, x := range buyAsks(s, maxAsks) {
		for _, o := range buyOffers(s, maxOffers) {
			out = append(out, game.Action{Seat: seat, Kind: game.KindBuy, Card: o, Card2: x})
		}
	}
	return out
}

// heuristicBuy asks for the card that adds most to the declarer's hand and
// offers the one it misses least; with nothing to offer it does not buy.
func heuristicBuy(s *droggn.State) game.Action {
	a := game.Action{Seat: int8(s.ToAct()), Kind: game.KindBuy, Call: droggn.CallNone}
	x, o := buyAsks(s, 1), buyOffers(s, 1)
	if len(x) == 1 && len(o) == 1 {
		a.Card, a.Card2 = o[0], x[0]
	}
	return a
}

// droggnDoubleCandidates returns gut alone once maxDoublings is reached,
// else every legal action.
func droggnDoubleCandidates(s *droggn.State, legal []game.Action) []game.Action {
	if s.Doublings() < maxDoublings {
		return legal
	}
	for _, a := range legal {
		if a.Call == droggn.CallGut {
			return []game.Action{a}
		}
	}
	return legal
}

// droggnBuyCandidates returns the buy options of a view's skeleton that
// are among the legal actions (all legal actions if none is).
func droggnBuyCandidates(s *droggn.State, legal []game.Action) []game.Action {
	ok := make(map[game.Action]bool, len(legal))
	for _, a := range legal {
		ok[a] = true
	}
	var out []game.Action
	for _, a := range buyOptions(s) {
		if ok[a] {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// maxDiscards is the number of discards searched at the root.
const maxDiscards = 5

// droggnDiscardCandidates returns the legal discards worth searching: the
// maxDiscards first cards of the best discard completions, rated by the
// points they bank plus the value of the hand they leave (as the rules bot
// does), in the legal order, with the index of the best rated one.
func droggnDiscardCandidates(s *droggn.State, legal []game.Action) ([]game.Action, int) {
	seat := s.ToAct()
	hand := s.Hand(seat)
	done := s.Places()[5]
	rest := 3 - done.Len()
	perKing := s.Variant().Opts().KingDiscardRule == droggn.TrumpPerKing
	pack := s.Variant().Pack()
	cards := hand.Minus(card.Of(card.Fool, card.Mond, card.Pagat)).Cards(nil)
	best := map[card.Card]float64{}
	for _, a := range legal {
		best[a.Card] = math.Inf(-1)
	}
	var rec func(from int, chosen card.Set, first card.Card)
	rec = func(from int, chosen card.Set, first card.Card) {
		if chosen.Len() == rest {
			all := chosen.Union(done)
			kings := kingCount(all)
			if trumps := all.Trumps().Len(); (perKing && trumps < kings) || (!perKing && kings > 0 && trumps == 0) {
				return
			}
			v := float64(card.Threes(pack.Raw(all), all.Len())) + handValue(hand.Minus(chosen))
			best[first] = max(best[first], v)
			return
		}
		for i := from; i < len(cards); i++ {
			c, f := cards[i], first
			if f == card.None {
				if _, ok := best[c]; !ok {
					continue
				}
				f = c
			}
			rec(i+1, chosen.Union(card.Single(c)), f)
		}
	}
	rec(0, card.Set{}, card.None)
	ranked := slices.Clone(legal)
	slices.SortStableFunc(ranked, func(a, b game.Action) int {
		switch va, vb := best[a.Card], best[b.Card]; {
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return 0
	})
	keep := map[game.Action]bool{}
	for _, a := range ranked[:min(maxDiscards, len(ranked))] {
		keep[a] = true
	}
	var out []game.Action
	for _, a := range legal {
		if keep[a] {
			out = append(out, a)
		}
	}
	return out, slices.Index(out, ranked[0])
}

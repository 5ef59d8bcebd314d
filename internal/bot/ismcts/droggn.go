package ismcts

import (
	"math"
	"math/rand/v2"
	"slices"

	"trull/internal/bot/know"
	"trull/internal/bot/solver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// droggnWorld is the Droggn adapter: determinizations from View.SampleInto,
// card play on the PlayCard/LegalCards fast path and FastScore.
type droggnWorld struct {
	r    *droggn.Rules
	s    *droggn.State // the determinization, the world's own memory
	kept droggn.State  // the copy save keeps
	tr   trickRules
	ctx  playCtx
	team [8]int8
	buf  []game.Action
	// equiv: the card play's candidates are one card of each run of
	// equivalent cards (Options.Equivalent); ones holds the 1-point cards.
	equiv bool
	ones  card.Set
	// gaveUp: an exact solve ran out of its budget (solveRoot); sv is
	// the world's solver (solver).
	gaveUp bool
	sv     *solver.Solver
}

func newDroggnWorld(r *droggn.Rules) *droggnWorld {
	w := &droggnWorld{r: r, s: new(droggn.State), tr: newTrickRules(false, droggn.Beats, 3, r.Pack()),
		buf: make([]game.Action, 0, 32)}
	w.ctx.seats, w.ctx.team = r.Seats(), &w.team
	w.ones = droggnOnes(r.Pack())
	return w
}

// droggnOnes returns the cards of pack worth 1 point.
func droggnOnes(pack *card.Pack) card.Set {
	var ones card.Set
	for all := pack.Cards; !all.Empty(); {
		if c := all.Pop(); pack.Points(c) == 1 {
			ones.Add(c)
		}
	}
	return ones
}

// droggnReps returns the legal cards of s less those equivalent to a
// lower one (solver.Reduce), from what every seat knows: a card not yet
// in a finished trick may lie between two cards and keeps them apart.
func droggnReps(s *droggn.State, ones card.Set) card.Set {
	return solver.Reduce(s.LegalCards(), s.Variant().Pack().Cards.Minus(s.Played()), ones)
}

func (w *droggnWorld) resample(v game.View, rng *rand.Rand) error {
	return know.SampleDroggnInto(v.(*droggn.View), w.s, rng)
}

func (w *droggnWorld) set(s game.State) { s.(*droggn.State).CopyInto(w.s) }

func (w *droggnWorld) save() { w.s.CopyInto(&w.kept) }

func (w *droggnWorld) restore() { w.kept.CopyInto(w.s) }

func (w *droggnWorld) state() game.State { return w.s }

func (w *droggnWorld) candidates(dst []game.Action) []game.Action {
	switch w.s.CurrentPhase() {
	case droggn.PhBuy:
		return append(dst, buyOptions(w.s)...)
	case droggn.PhDouble:
		if w.s.Doublings() >= know.MaxDoublings {
			return append(dst, game.Action{Seat: int8(w.s.ToAct()), Kind: game.KindDouble, Call: droggn.CallGut})
		}
	case droggn.PhPlay:
		if w.equiv {
			seat := int8(w.s.ToAct())
			for reps := droggnReps(w.s, w.ones); !reps.Empty(); {
				dst = append(dst, game.Action{Seat: seat, Kind: game.KindPlay, Card: reps.Pop()})
			}
			return dst
		}
	}
	return w.s.Legal(dst)
}

// policy bids by droggnBid, discards by know.DiscardScore, buys by heuristicBuy,
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
		c := w.card(rnd)
		if w.equiv {
			c = solver.Representative(droggnReps(s, w.ones), c)
		}
		return game.Action{Seat: seat, Kind: game.KindPlay, Card: c}
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

// discard returns the legal discard with the best know.DiscardScore.
func (w *droggnWorld) discard() game.Action {
	s := w.s
	w.buf = s.Legal(w.buf[:0])
	hand := s.Hand(s.ToAct())
	best, bv := w.buf[0], math.MinInt
	for _, a := range w.buf {
		if v := know.DiscardScore(hand, w.tr.pack, a.Card); v > bv {
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

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// droggnBid is the default bid: the contract above cur with the best
// expected result by the strength estimates (know.BestContract), or pass
// when none promises know.DroggnBidEV (never Super Mord).
func droggnBid(r *droggn.Rules, hand card.Set, cur droggn.Contract) uint8 {
	c := know.BestContract(hand, float64(r.Half()), cur, know.DroggnBidEV)
	if c == droggn.NoContract {
		return droggn.CallPass
	}
	return droggn.CallAnsager + uint8(c-droggn.Ansager)
}

// The search's buys: up to maxAsks asks (know.BuyAsks) and maxOffers
// offers (know.BuyOffers).
const (
	maxAsks   = 3
	maxOffers = 2
)

// buyOptions returns the buys the search considers: not buying, and each
// combination of a few asks and offers.
func buyOptions(s *droggn.State) []game.Action {
	seat := int8(s.ToAct())
	out := []game.Action{{Seat: seat, Kind: game.KindBuy, Call: droggn.CallNone}}
	hand := s.Hand(int(seat))
	for _, x := range know.BuyAsks(s.Variant().Pack(), hand, s.Discards(), maxAsks) {
		for _, o := range know.BuyOffers(hand, maxOffers) {
			out = append(out, game.Action{Seat: seat, Kind: game.KindBuy, Card: o, Card2: x})
		}
	}
	return out
}

// heuristicBuy asks for the card that adds most to the declarer's hand and
// offers the one it misses least; with nothing to offer it does not buy.
func heuristicBuy(s *droggn.State) game.Action {
	hand := s.Hand(s.ToAct())
	return know.BuyOf(s.ToAct(), know.BuyAsks(s.Variant().Pack(), hand, s.Discards(), 1), know.BuyOffers(hand, 1))
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
	first := card.Set{}
	for _, a := range legal {
		first.Add(a.Card)
	}
	vals := know.DiscardValues(s.Variant(), s.Hand(s.ToAct()), s.Discards(), first)
	best := map[card.Card]float64{}
	for _, a := range legal {
		best[a.Card] = math.Inf(-1)
		if v, ok := vals[a.Card]; ok {
			best[a.Card] = v
		}
	}
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

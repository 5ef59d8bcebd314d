package pimc

import (
	"math/rand/v2"
	"slices"

	"trull/internal/bot/know"
	"trull/internal/bot/solver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// Candidate limits for the decisions with many legal actions.
const (
	maxDiscards = 8 // discard candidates simulated (the best by know.DiscardScore)
	maxAsks     = 3 // cards asked for when buying
	maxOffers   = 2 // cards offered when buying
)

// simDecision scores each candidate by applying it in the world and
// finishing the hand with finish, Playouts times on common random numbers.
func (b *Bot) simDecision(d *decision, cands []game.Action) {
	d.cands = cands
	d.score = func(w *droggn.State, rng *rand.Rand, _ func() *solver.Solver, out []float64, see Observer) {
		seed := rng.Uint64()
		src := rand.NewPCG(seed, 0)
		prng := rand.New(src)
		tmp := w.Copy()
		var line []card.Card
		for i, a := range d.cands {
			sum := 0.0
			for k := 0; k < b.opts.Playouts; k++ {
				w.CopyInto(tmp)
				tmp.ApplyUnchecked(a)
				src.Seed(seed, uint64(k))
				if see != nil {
					see.Played(a, tmp)
				}
				var x, decl int
				x, decl, line = finish(tmp, prng, line[:0])
				sum += d.payoff(decl, x)
				if see != nil {
					for _, c := range line {
						tmp.PlayCard(c)
					}
					see.Finished(a, tmp)
				}
			}
			out[i] = sum / float64(b.opts.Playouts)
		}
	}
}

// finishDecision scores each candidate by applying it in the world and
// finishing the hand once with Options.Finisher deciding for every seat
// from its view, in FinishWorlds worlds; the finisher's random numbers are
// the same after each candidate of a world.
func (b *Bot) finishDecision(d *decision) {
	d.worlds = b.opts.FinishWorlds
	d.score = func(w *droggn.State, rng *rand.Rand, _ func() *solver.Solver, out []float64, see Observer) {
		seed := rng.Uint64()
		src := rand.NewPCG(seed, 0)
		frng := rand.New(src)
		tmp := w.Copy()
		for i, a := range d.cands {
			w.CopyInto(tmp)
			tmp.ApplyUnchecked(a)
			src.Seed(seed, 0)
			if see != nil {
				see.Played(a, tmp)
			}
			err := game.Finish(tmp, func(v game.View) (game.Action, error) { return b.opts.Finisher.Act(v, frng) })
			var x, decl int
			if err == nil {
				x, decl = tmp.FastScore(), tmp.Declarer()
			} else {
				// A finisher that fails leaves the hand to the
				// simple choices and a heuristic playout.
				w.CopyInto(tmp)
				tmp.ApplyUnchecked(a)
				var line []card.Card
				x, decl, line = finish(tmp, frng, nil)
				for _, c := range line {
					tmp.PlayCard(c)
				}
			}
			out[i] = d.payoff(decl, x)
			if see != nil {
				see.Finished(a, tmp)
			}
		}
	}
}

// finish completes a hand from any phase with simple choices (pass, the
// heuristic discards and buy, no lay-out, no doubling) and a heuristic
// playout, and returns the declarer's result X and the declarer (-1 after
// a throw-in). s is brought to the card play; the playout's cards, which
// would finish it, are appended to line.
func finish(s *droggn.State, rng *rand.Rand, line []card.Card) (x, declarer int, cards []card.Card) {
	for !s.Done() && s.CurrentPhase() != droggn.PhPlay {
		seat := int8(s.ToAct())
		var a game.Action
		switch s.CurrentPhase() {
		case droggn.PhBid:
			a = game.Action{Seat: seat, Kind: game.KindBid, Call: droggn.CallPass}
		case droggn.PhDiscard:
			a = heuristicDiscard(s)
		case droggn.PhBuy:
			a = heuristicBuy(s)
		case droggn.PhLayout:
			a = game.Action{Seat: seat, Kind: game.KindLayout, Call: droggn.CallNone}
		default:
			a = game.Action{Seat: seat, Kind: game.KindDouble, Call: droggn.CallGut}
		}
		s.ApplyUnchecked(a)
	}
	if s.Done() {
		return s.FastScore(), s.Declarer(), line
	}
	x, line, _ = solver.PlayoutLine(s, rng, line)
	return x, s.Declarer(), line
}

// heuristicDiscard returns the declarer's best legal discard by
// know.DiscardScore.
func heuristicDiscard(s *droggn.State) game.Action {
	var buf [32]game.Action
	legal := s.Legal(buf[:0])
	hand := s.Hand(s.ToAct())
	p := s.Variant().Pack()
	best := legal[0]
	for _, a := range legal[1:] {
		if know.DiscardScore(hand, p, a.Card) > know.DiscardScore(hand, p, best.Card) {
			best = a
		}
	}
	return best
}

// discardCandidates returns the legal discards worth simulating: the best
// few by know.DiscardScore, in the legal order.
func discardCandidates(s *droggn.State, legal []game.Action) []game.Action {
	if len(legal) <= maxDiscards {
		return legal
	}
	hand := s.Hand(s.ToAct())
	p := s.Variant().Pack()
	ranked := slices.Clone(legal)
	slices.SortStableFunc(ranked, func(a, b game.Action) int {
		return know.DiscardScore(hand, p, b.Card) - know.DiscardScore(hand, p, a.Card)
	})
	keep := map[card.Card]bool{}
	for _, a := range ranked[:maxDiscards] {
		keep[a.Card] = true
	}
	var out []game.Action
	for _, a := range legal {
		if keep[a.Card] {
			out = append(out, a)
		}
	}
	return out
}

// heuristicBuy asks for the highest trump the declarer lacks and offers
// the cheapest card (know.TrumpAsks, know.CheapOffers); with nothing to
// offer it does not buy.
func heuristicBuy(s *droggn.State) game.Action {
	seat := s.ToAct()
	hand := s.Hand(seat)
	return know.BuyOf(seat, know.TrumpAsks(hand, s.Discards(), 1), know.CheapOffers(s.Variant().Pack(), hand, 1))
}

// buyCandidates returns not buying and the combinations of a few asks and
// offers, each only if legal.
func buyCandidates(s *droggn.State, legal []game.Action) []game.Action {
	ok := make(map[game.Action]bool, len(legal))
	for _, a := range legal {
		ok[a] = true
	}
	seat := s.ToAct()
	none := game.Action{Seat: int8(seat), Kind: game.KindBuy}
	out := []game.Action{}
	if ok[none] {
		out = append(out, none)
	}
	hand := s.Hand(seat)
	for _, x := range know.TrumpAsks(hand, s.Discards(), maxAsks) {
		for _, o := range know.CheapOffers(s.Variant().Pack(), hand, maxOffers) {
			if a := (game.Action{Seat: int8(seat), Kind: game.KindBuy, Card: o, Card2: x}); ok[a] {
				out = append(out, a)
			}
		}
	}
	if len(out) == 0 {
		out = legal[:1]
	}
	return out
}

// doublingMargin is subtracted from the estimate of doubling: half the
// contract's base value at the current multiplier (a doubling is only
// worth it when the side expects to win clearly).
func doublingMargin(s *droggn.State) float64 {
	base := [...]int{0, 20, 40, 80, 167}[s.Contract()]
	return float64(base<<s.Doublings()) / 2
}

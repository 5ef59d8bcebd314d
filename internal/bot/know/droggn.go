package know

import (
	"cmp"
	"slices"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// DroggnWeights are the coefficients of a linear estimate of a Droggn
// declarer's card points over Feat, with the residual standard deviation
// SD. A void counts in proportion to the trumps that can ruff in it (up
// to six).
type DroggnWeights struct {
	Base, Trump, High, Mond, Fool, Pagat, King, Queen, Court, Void, Guarded, ShortRisk, Long float64
	SD                                                                                       float64
}

// Eval returns the estimate for a hand with features f, for the 66-card
// pack (DroggnScale converts it).
func (w DroggnWeights) Eval(f Feat) float64 {
	return w.Base + w.Trump*float64(f.Trumps) + w.High*float64(f.High) + w.Mond*float64(f.Mond) +
		w.Fool*float64(f.Fool) + w.Pagat*float64(f.Pagat) + w.King*float64(f.Kings) +
		w.Queen*float64(f.Queens) + w.Court*float64(f.Courts) +
		w.Void*float64(f.Voids)*min(float64(f.Trumps), 6)/6 + w.Guarded*float64(f.Guarded) +
		w.ShortRisk*float64(f.ShortRisk) + w.Long*float64(f.Long)
}

// Droggn strength estimates: the card points a declarer takes with a hand,
// fitted by least squares on 3000 self-play hands of the rules bot for each
// contract (the first speaker bids it, the others pass). DroggnAnsager,
// DroggnSolo and DroggnSuper read the 21 cards as dealt and estimate the
// whole pile (discards or talon included); DroggnPlay reads a final
// 21-card hand and estimates the tricks only (the discards or the talon
// are counted apart). The rules bot's TestTuneStrength reproduces them.
var (
	DroggnAnsager = DroggnWeights{Base: 9.02, Trump: 2.00, High: 0.30, Mond: 2.76, Fool: 4.34, Pagat: 2.05, King: 3.94, Queen: 2.54, Court: 0.71, Void: 1.53, Guarded: 0.76, ShortRisk: 0.34, Long: 0.60, SD: 4.96}
	DroggnSolo    = DroggnWeights{Base: 0.35, Trump: 2.01, High: 0.52, Mond: 5.24, Fool: 4.92, Pagat: 2.49, King: 3.92, Queen: 2.63, Court: 0.86, Void: 1.51, Guarded: 0.71, ShortRisk: 0.17, Long: 0.67, SD: 5.16}
	DroggnSuper   = DroggnWeights{Base: -2.59, Trump: 1.62, High: 0.54, Mond: 5.05, Fool: 4.88, Pagat: 1.69, King: 4.71, Queen: 3.14, Court: 0.84, Void: 5.00, Guarded: 0.17, ShortRisk: -0.41, Long: 0.23, SD: 4.59}
	DroggnPlay    = DroggnWeights{Base: -6.67, Trump: 1.59, High: 0.58, Mond: 5.32, Fool: 5.26, Pagat: 2.07, King: 4.95, Queen: 3.26, Court: 0.96, Void: 5.19, Guarded: 0.19, ShortRisk: -0.46, Long: 0.18, SD: 3.92}
)

// DroggnDefence are the declarer's card points as seen from one
// defender's hand at the doubling step, by contract, fitted on 6000
// self-play hands of the rules bot (bids, exchange and buying as it plays
// them; TestTuneStrength). Against an Ansager the Mond is almost always
// bought, so its weight is 0.
var DroggnDefence = [...]DroggnWeights{
	droggn.Ansager: {Base: 54.54, Trump: -0.77, High: -0.22, Mond: 0.00, Fool: -2.17, Pagat: -1.36, King: -1.94, Queen: -1.39, Court: -0.33, Void: -2.81, Guarded: 0.15, ShortRisk: 1.02, Long: -0.24, SD: 5.19},
	droggn.Solo:    {Base: 50.34, Trump: -0.61, High: -0.31, Mond: -1.94, Fool: -1.67, Pagat: -1.01, King: -1.28, Queen: -1.03, Court: -0.23, Void: -3.21, Guarded: 0.22, ShortRisk: 0.58, Long: -0.39, SD: 5.53},
	droggn.Super:   {Base: 49.45, Trump: -0.17, High: -0.10, Mond: -1.58, Fool: -1.48, Pagat: -1.02, King: -0.83, Queen: -0.39, Court: -0.25, Void: -5.49, Guarded: -0.23, ShortRisk: 0.02, Long: -0.74, SD: 4.73},
}

// DroggnScale converts an estimate for the 66-card pack to a pack in
// which half the card points are half.
func DroggnScale(x, half float64) float64 { return x * half / 37 }

// HandValue estimates the card points a final 21-card Droggn declarer
// hand takes in play (DroggnPlay, 66-card pack).
func HandValue(h card.Set) float64 { return DroggnPlay.Eval(Features(h)) }

// ContractEV is the expected hand result X of playing c with a pile
// estimated at mu points (standard deviation sd) against w needed: P − W
// plus the base value V won or lost (normal approximation).
func ContractEV(c droggn.Contract, mu, sd, w float64) float64 {
	v := [...]float64{droggn.Ansager: 20, droggn.Solo: 40, droggn.Super: 80}[c]
	return mu - w + v*(2*PWin(mu, sd, w)-1)
}

// BestContract returns the contract above cur (Ansager, Solo or Super;
// never Super Mord) that a hand as dealt promises the best expected result
// with, by the strength estimates, or droggn.NoContract when none promises
// more than minEV; half is half the card points of the pack in play.
func BestContract(hand card.Set, half float64, cur droggn.Contract, minEV float64) droggn.Contract {
	f := Features(hand)
	best, bestEV := droggn.NoContract, minEV
	for _, c := range [3]droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super} {
		if c <= cur {
			continue // one may only bid higher
		}
		wt := [...]DroggnWeights{droggn.Ansager: DroggnAnsager, droggn.Solo: DroggnSolo, droggn.Super: DroggnSuper}[c]
		if ev := ContractEV(c, DroggnScale(wt.Eval(f), half), DroggnScale(wt.SD, half), half); ev > bestEV {
			best, bestEV = c, ev
		}
	}
	return best
}

// DroggnBidEV is the expected hand result (X, the declarer's view) a
// Droggn bid must promise. It is negative: a pass lets another player
// declare, whose expected gain is the passer's loss.
const DroggnBidEV = -10

// KingRuleOK reports whether the discard d satisfies the variant's king
// discard rule (docs/RULES.md §1.3, option kingDiscardRule).
func KingRuleOK(r *droggn.Rules, d card.Set) bool {
	kings := 0
	for u := card.Suit0; u <= card.Suit3; u++ {
		if d.Has(card.SuitCard(u, card.King)) {
			kings++
		}
	}
	trumps := d.Trumps().Len()
	if r.Opts().KingDiscardRule == droggn.OneTrumpForKings {
		return kings == 0 || trumps > 0
	}
	return trumps >= kings
}

// DiscardValues rates each card of first as the next discard of a Droggn
// declarer holding hand who has discarded done: the best completion of the
// three discards (never the Gstieß, Mond or Pagat, and by the king rule)
// by the points it banks plus the value of the hand it leaves (HandValue).
// A card of first with no completion is missing from the map.
func DiscardValues(r *droggn.Rules, hand, done, first card.Set) map[card.Card]float64 {
	rest := 3 - done.Len()
	pack := r.Pack()
	cards := hand.Minus(card.Of(card.Fool, card.Mond, card.Pagat)).Cards(nil)
	best := map[card.Card]float64{}
	var rec func(from int, chosen card.Set, f card.Card)
	rec = func(from int, chosen card.Set, f card.Card) {
		if chosen.Len() == rest {
			all := chosen.Union(done)
			if !KingRuleOK(r, all) {
				return
			}
			v := float64(card.Threes(pack.Raw(all), all.Len())) + HandValue(hand.Minus(chosen))
			if old, ok := best[f]; !ok || v > old {
				best[f] = v
			}
			return
		}
		for i := from; i < len(cards); i++ {
			c, g := cards[i], f
			if g == card.None {
				if !first.Has(c) {
					continue
				}
				g = c
			}
			rec(i+1, chosen.Union(card.Single(c)), g)
		}
	}
	rec(0, card.Set{}, card.None)
	return best
}

// AskValue is the worth to a Droggn declarer holding h (valued at base by
// HandValue) of buying x: what it adds to the hand, plus the card points
// it takes from the defenders, a Trull card counting extra.
func AskValue(h card.Set, x card.Card, base float64) float64 {
	v := HandValue(h.Union(card.Single(x))) - base
	if x == card.Pagat || x == card.Mond || x == card.Fool {
		v += 1.5 // a Trull card out of the defenders' hands
	}
	return v + 0.3*float64(x.NominalPoints())
}

// OfferValue is the worth to a Droggn declarer of holding h less the
// offered card o: the hand left, less the card points and any trump that
// go to a defender.
func OfferValue(h card.Set, o card.Card) float64 {
	v := HandValue(h.Minus(card.Single(o))) - 0.3*float64(o.NominalPoints())
	if o.IsTrump() {
		v-- // a trump given to a defender
	}
	return v
}

// BuyAsks returns up to n cards a Droggn declarer holding hand, having
// discarded discards, would ask for, best first by AskValue: trumps, the
// Gstieß, kings and queens he neither holds nor discarded.
func BuyAsks(p *card.Pack, hand, discards card.Set, n int) []card.Card {
	base := HandValue(hand)
	var cs []scored
	for t := p.Cards.Minus(hand).Minus(discards); !t.Empty(); {
		x := t.Pop()
		if !(x.IsTrump() || x == card.Fool || x.IsSuit() && x.Rank() >= card.Queen) {
			continue
		}
		cs = append(cs, scored{x, AskValue(hand, x, base)})
	}
	return best(cs, n)
}

// BuyOffers returns up to n cards of hand a Droggn declarer would offer
// in a buy, best first by OfferValue (never a Trull card or a king).
func BuyOffers(hand card.Set, n int) []card.Card {
	var cs []scored
	for t := hand; !t.Empty(); {
		o := t.Pop()
		if o == card.Fool || o == card.Mond || o == card.Pagat || o.IsKing() {
			continue
		}
		cs = append(cs, scored{o, OfferValue(hand, o)})
	}
	return best(cs, n)
}

// TrumpAsks returns up to n cards a Droggn declarer holding hand, having
// discarded discards, would ask for by the quick ranking of pimc's
// playouts: the highest trumps he neither holds nor discarded.
func TrumpAsks(hand, discards card.Set, n int) []card.Card {
	own := hand.Union(discards)
	var out []card.Card
	for t := 21; t >= 1 && len(out) < n; t-- {
		if c := card.Trump(t); !own.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// CheapOffers returns up to n cards of hand a Droggn declarer would offer
// by the quick ranking of pimc's playouts: the cheapest suit cards (no
// kings), from the shortest suits.
func CheapOffers(p *card.Pack, hand card.Set, n int) []card.Card {
	var cs []card.Card
	for t := hand; !t.Empty(); {
		if c := t.Pop(); c.IsSuit() && !c.IsKing() {
			cs = append(cs, c)
		}
	}
	rank := func(c card.Card) int { return 10*p.Points(c) + hand.OfSuit(c.Suit()).Len() }
	slices.SortStableFunc(cs, func(a, b card.Card) int { return rank(a) - rank(b) })
	return cs[:min(n, len(cs))]
}

// BuyOf returns seat's buy of the first of asks for the first of offers,
// or not buying when either list is empty.
func BuyOf(seat int, asks, offers []card.Card) game.Action {
	a := game.Action{Seat: int8(seat), Kind: game.KindBuy, Call: droggn.CallNone}
	if len(asks) > 0 && len(offers) > 0 {
		a.Card, a.Card2 = offers[0], asks[0]
	}
	return a
}

// scored is a card with its value.
type scored struct {
	c card.Card
	v float64
}

// best returns the cards of up to n of the highest values, in the order
// of cs among equal values.
func best(cs []scored, n int) []card.Card {
	slices.SortStableFunc(cs, func(a, b scored) int { return cmp.Compare(b.v, a.v) })
	out := make([]card.Card, 0, n)
	for _, x := range cs[:min(n, len(cs))] {
		out = append(out, x.c)
	}
	return out
}

// MaxDoublings is the number of Schwacher and Retours from which the
// search players only say gut: their worlds do not reflect what the
// others' bids and doublings reveal, so both sides could expect to win
// and would otherwise double without end.
const MaxDoublings = 2

// DoubleCandidates returns gut alone once MaxDoublings doublings are
// made, else every legal action.
func DoubleCandidates(s *droggn.State, legal []game.Action) []game.Action {
	if s.Doublings() < MaxDoublings {
		return legal
	}
	for _, a := range legal {
		if a.Call == droggn.CallGut {
			return []game.Action{a}
		}
	}
	return legal
}

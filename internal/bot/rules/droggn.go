package rules

import (
	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// droggnAct dispatches on the phase.
func droggnAct(k *dgKnow, legal []game.Action) game.Action {
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

// bestContract returns the contract above the current bid with the best
// expected result, or NoContract when none promises params.bidEV; a Super
// Mord only when the hand cannot lose a trick.
func (k *dgKnow) bestContract() droggn.Contract {
	if mordSure(k.hand) {
		return droggn.SuperMord
	}
	return know.BestContract(k.hand, float64(k.r.Half()), k.contract, k.p.bidEV)
}

// scale converts an estimate for the 66-card pack to the pack in play.
func (k *dgKnow) scale(x float64) float64 { return know.DroggnScale(x, float64(k.r.Half())) }

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
func (k *dgKnow) bid(legal []game.Action) game.Action {
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

// discard chooses the next discard: the completion of the discard that
// maximises the banked points plus the value of the remaining hand (voids,
// trumps, protected kings), among the cards the engine allows.
func (k *dgKnow) discard(legal []game.Action) game.Action {
	allowed := card.Set{}
	for _, a := range legal {
		allowed.Add(a.Card)
	}
	vals := know.DiscardValues(k.r, k.hand, k.myDiscards, allowed)
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		if v, ok := vals[a.Card]; ok && v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// buy asks for the most valuable missing card (a king, the Mond, the Pagat
// with long trumps, the Gstieß) and offers the card the hand misses least.
func (k *dgKnow) buy(legal []game.Action) game.Action {
	bestX := card.None
	if asks := know.BuyAsks(k.pack, k.hand, k.myDiscards, 1); len(asks) > 0 {
		bestX = asks[0]
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
		if v := know.OfferValue(with, o); v > bestOV {
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
func (k *dgKnow) layout(legal []game.Action) game.Action {
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

// double gives a Schwacher when the defence looks strong and says Retour
// rarely: the declarer with a clearly winning hand at the first Retour, a
// defender only against a Super Mord he is sure to beat.
func (k *dgKnow) double(legal []game.Action) game.Action {
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
		wt := know.DroggnDefence[k.contract]
		mu := k.scale(wt.Eval(know.Features(k.hand)))
		if know.ContractEV(k.contract, mu, k.scale(wt.SD), float64(k.r.Half())) < -k.p.schwacher {
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
		if k.k == 1 && k.scale(know.HandValue(k.hand))+own >= float64(k.r.Half())+k.p.retour {
			return up
		}
	default:
		if sureMordBreak && k.k < 3 {
			return up
		}
	}
	return gut
}

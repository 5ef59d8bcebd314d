package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

func restricted(c card.Card) bool {
	return c == card.Fool || c == card.Mond || c == card.Pagat || c.IsKing()
}

// discardReason returns why c may not be the declarer's next discard (a refusal
// code and the English reason), or two empty strings.
// A card is allowed when some completion of the discard satisfies the king
// rule (§1.3, option kingDiscardRule).
func (s *State) discardReason(c card.Card) (code, why string) {
	h := s.hands[s.declarer]
	if !h.Has(c) {
		return "not_held", "not in hand"
	}
	if c == card.Fool || c == card.Mond || c == card.Pagat {
		return "never", "the Gstieß, Mond and Pagat are never discarded"
	}
	kings := countKings(s.discards)
	if kings == 0 && !c.IsKing() {
		return "", "" // the remaining picks can always avoid kings
	}
	trumps := s.discards.Trumps().Len()
	if c.IsKing() {
		kings++
	}
	if c.IsTrump() {
		trumps++
	}
	rest := 3 - int(s.discarded) - 1
	pool := h
	pool.Remove(c)
	pool = pool.Minus(card.Of(card.Fool, card.Mond, card.Pagat))
	avT := pool.Trumps().Len()
	avK := countKings(pool)
	avO := pool.Len() - avT - avK
	for x := 0; x <= rest && x <= avT; x++ {
		for y := 0; x+y <= rest && y <= avK; y++ {
			if rest-x-y > avO {
				continue
			}
			if s.kingRuleOK(kings+y, trumps+x) {
				return "", ""
			}
		}
	}
	if s.r.kingPerKing {
		return "king_trump_each", "a discarded king needs a discarded trump for each king"
	}
	return "king_trump", "a discarded king needs a discarded trump with it"
}

// neverDiscarded holds the cards that are never discarded.
var neverDiscarded = card.Of(card.Fool, card.Mond, card.Pagat)

// legalDiscards returns the cards c of the declarer's hand that may be the
// next discard, those with discardReason(c) == "", as one set. Whether a
// card may go depends only on its class (trump, king or any other card):
// the completions of the discard count trumps, kings and others, so the
// king rule is checked once for each class instead of once for each card.
func (s *State) legalDiscards() card.Set {
	pool := s.hands[s.declarer].Minus(neverDiscarded)
	kings := pool.Intersect(kingsMask)
	dk := s.discards.Intersect(kingsMask).Len()
	if dk == 0 && kings.Empty() {
		return pool // no king discarded nor to discard: the king rule holds
	}
	trumps := pool.Trumps()
	others := pool.Minus(trumps).Minus(kings)
	dt := s.discards.Trumps().Len()
	rest := 2 - int(s.discarded) // discards left after this one
	nT, nK, nO := trumps.Len(), kings.Len(), others.Len()
	var ok card.Set
	if nT > 0 && (dk == 0 || s.completable(dk, dt+1, rest, nT-1, nK, nO)) {
		ok = ok.Union(trumps)
	}
	if nO > 0 && (dk == 0 || s.completable(dk, dt, rest, nT, nK, nO-1)) {
		ok = ok.Union(others)
	}
	if nK > 0 && s.completable(dk+1, dt, rest, nT, nK-1, nO) {
		ok = ok.Union(kings)
	}
	return ok
}

// completable reports whether rest more discards, taken from avT trumps,
// avK kings and avO other cards, can bring a discard that already holds
// kings kings and trumps trumps to satisfy the king rule.
func (s *State) completable(kings, trumps, rest, avT, avK, avO int) bool {
	for x := 0; x <= rest && x <= avT; x++ {
		for y := 0; x+y <= rest && y <= avK; y++ {
			if rest-x-y <= avO && s.kingRuleOK(kings+y, trumps+x) {
				return true
			}
		}
	}
	return false
}

func (s *State) kingRuleOK(kings, trumps int) bool {
	if s.r.kingPerKing {
		return trumps >= kings
	}
	return kings == 0 || trumps >= 1
}

func countKings(s card.Set) int {
	n := 0
	for u := card.Suit0; u <= card.Suit3; u++ {
		if s.Has(card.SuitCard(u, card.King)) {
			n++
		}
	}
	return n
}

// checkDiscard explains why a discard is not legal now, or returns nil.
func (s *State) checkDiscard(a game.Action) error {
	p := s.r.pack
	seat := a.Seat
	if a.Call != CallNone || a.Card2 != card.None {
		return game.Malformed("a discard names cards only")
	}
	if err := s.checkHeld(a, "discard"); err != nil {
		return err
	}
	if code, why := s.discardReason(a.Card); why != "" {
		return game.Illegal(game.CodeNoDiscard, game.Params{"card": p.ID(a.Card), "why": code}, "seat %d may not discard %s: %s", seat, p.ID(a.Card), why)
	}
	return nil
}

func (s *State) discard(c card.Card) {
	s.hands[s.declarer].Remove(c)
	s.discards.Add(c)
	s.discarded++
	if s.discarded < 3 {
		return
	}
	if s.contract == Ansager {
		s.phase = PhBuy
		return
	}
	s.startLayout()
}

// checkBuy explains why a buy is not legal now, or returns nil.
func (s *State) checkBuy(a game.Action) error {
	p := s.r.pack
	seat := a.Seat
	hand := s.hands[a.Seat]
	if a.Call != CallNone {
		return game.Malformed("buy: give [offered card, asked card] or none")
	}
	if a.Card == card.None && a.Card2 == card.None {
		return nil
	}
	if !p.Has(a.Card) || !p.Has(a.Card2) {
		return game.Malformed("buy: give [offered card, asked card] or none")
	}
	if !hand.Has(a.Card) {
		return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(a.Card)}, "seat %d cannot offer %s: it is not in hand", seat, p.ID(a.Card))
	}
	if s.r.buyRestricted && restricted(a.Card) {
		return game.Illegal(game.CodeNoOffer, game.Params{"card": p.ID(a.Card)}, "seat %d may not offer %s: the Gstieß, Mond, Pagat and kings cannot be offered", seat, p.ID(a.Card))
	}
	return nil
}

func (s *State) buy(a game.Action) {
	s.buyDone = true
	if a.Call == CallNone && a.Card == card.None {
		s.buyLost = true
		s.startLayout()
		return
	}
	o, x := a.Card, a.Card2
	s.offered, s.buyAsked = o, x
	for _, d := range s.defs {
		if s.hands[d].Has(x) {
			s.hands[d].Remove(x)
			s.hands[d].Add(o)
			s.hands[s.declarer].Remove(o)
			s.hands[s.declarer].Add(x)
			s.buyFrom, s.bought = d, x
			s.startLayout()
			return
		}
	}
	s.buyLost = true
	s.startLayout()
}

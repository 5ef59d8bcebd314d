package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Card groups used by the exchange.
var (
	// kings holds the four kings.
	kings = card.Of(card.SuitCard(card.Suit0, card.King), card.SuitCard(card.Suit1, card.King),
		card.SuitCard(card.Suit2, card.King), card.SuitCard(card.Suit3, card.King))
	// trull holds FOOL, T21 and T1: the 5-point cards besides the kings.
	trull = card.Of(card.Fool, card.Mond, card.Pagat)
	// fivePoint holds every card worth 5 points.
	fivePoint = kings.Union(trull)
	// callable holds T1 … T20, the trumps a Tappist may call.
	callable = card.TrumpsOnly.Minus(card.Single(card.Mond))
)

// LegalBids returns the legal bid codes of the seat to bid as a mask with
// bit 1<<code set (BidPass, BidNormal, BidSolo).
func (s *State) LegalBids() uint8 {
	if s.normalBy >= 0 {
		return bidMaskPass | bidMaskSolo
	}
	return bidMaskPass | bidMaskNormal | bidMaskSolo
}

// Bid applies a legal bid of the seat to bid. Each player speaks once,
// starting with next(dealer); a Solo ends the bidding at once (§2.2).
func (s *State) Bid(code uint8) {
	p := s.toAct
	s.record(game.Action{Seat: p, Kind: game.KindBid, Call: code})
	s.nbids++
	switch code {
	case BidSolo:
		s.contract, s.declarer = ContractSolo, p
		s.startPlay(p)
		return
	case BidNormal:
		s.normalBy = p
	}
	if int(s.nbids) < int(s.n) {
		s.toAct = s.next(p)
		return
	}
	switch {
	case s.normalBy >= 0:
		s.startNormal(s.normalBy)
	case s.r.forcedOnAllPass():
		s.forceGame()
	default:
		s.startMisere()
	}
}

// forceGame applies the all-pass rule for a forced game: the holder of
// FOOL must play a Normal game; if FOOL lies in the Tapp, the holder of T1;
// if both lie in the Tapp, Misère (§2.2, B1).
func (s *State) forceGame() {
	for _, c := range [2]card.Card{card.Fool, card.Pagat} {
		for p := int8(0); p < s.n; p++ {
			if s.hands[p].Has(c) {
				s.forced = c
				s.startNormal(p)
				return
			}
		}
	}
	s.startMisere()
}

func (s *State) startMisere() {
	s.contract = ContractMisere
	s.startPlay(s.next(s.dealer))
}

// startNormal makes p the Tappist: with 7–8 players he calls a partner
// first, otherwise he takes up the Tapp at once.
func (s *State) startNormal(p int8) {
	s.contract, s.declarer = ContractNormal, p
	if s.r.Calling() {
		s.phase, s.toAct = phaseCall, p
		return
	}
	s.takeTapp()
}

// CallTrump applies the Tappist's call of a trump T1 … T20. Its holder
// among the other players becomes the secret partner; if the Tappist holds
// it or it lies in the Tapp, he plays alone.
func (s *State) CallTrump(c card.Card) {
	d := s.declarer
	s.record(game.Action{Seat: d, Kind: game.KindCall, Card: c})
	s.called = c
	s.partner = -1
	for p := int8(0); p < s.n; p++ {
		if p != d && s.hands[p].Has(c) {
			s.partner = p
		}
	}
	s.takeTapp()
}

// takeTapp moves the Tapp into the Tappist's hand and starts the exchange.
func (s *State) takeTapp() {
	d := s.declarer
	s.hands[d] = s.hands[d].Union(s.tapp)
	s.tappTaken, s.tapp = s.tapp, card.Set{}
	s.fourKings = kings.SubsetOf(s.hands[d])
	s.phase, s.toAct = phaseExchange, d
}

// undiscardable returns the cards the Tappist may not discard: the 5-point
// cards, unless he held four kings after taking up the Tapp; then kings
// become discardable (and every 5-point card with fourKingsDiscard =
// anyFivePoint).
func (s *State) undiscardable() card.Set {
	switch {
	case !s.fourKings:
		return fivePoint
	case s.r.opts.FourKingsDiscard == AnyFivePoint:
		return card.Set{}
	}
	return trull
}

// LegalDiscards returns the cards the Tappist may discard next.
func (s *State) LegalDiscards() card.Set {
	return s.hands[s.declarer].Minus(s.undiscardable())
}

// Discard applies one legal discard of the Tappist. After as many discards
// as the Tapp had cards, the Tappist leads to the first trick.
func (s *State) Discard(c card.Card) {
	d := s.declarer
	s.record(game.Action{Seat: d, Kind: game.KindDiscard, Card: c})
	s.hands[d].Remove(c)
	s.discards.Add(c)
	if s.discards.Len() == s.r.deal.tapp {
		s.startPlay(d)
	}
}

// startPlay starts the first trick, led by leader.
func (s *State) startPlay(leader int8) {
	s.phase = phasePlay
	s.leader, s.toAct = leader, leader
	s.best, s.bestSeat, s.foolSeat = card.None, -1, -1
}

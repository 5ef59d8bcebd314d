package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// expected returns the act the phase asks for, in words for refusals.
func (s *State) expected() (game.Kind, string) {
	switch s.phase {
	case PhBid:
		return game.KindBid, "bid"
	case PhDiscard:
		return game.KindDiscard, "discard"
	case PhBuy:
		return game.KindBuy, "buy"
	case PhLayout:
		return game.KindLayout, "decide on a lay-out"
	case PhDouble:
		return game.KindDouble, "double or say gut"
	case PhPlay:
		return game.KindPlay, "play"
	}
	return game.KindNone, "wait"
}

// check explains why a is not legal now, or returns nil.
func (s *State) check(a game.Action) error {
	p := s.r.pack
	if s.phase == PhDone {
		return game.Illegal(game.CodeHandOver, nil, "the hand is over")
	}
	kind, what := s.expected()
	if int(a.Seat) != int(s.toAct) {
		return game.OutOfTurn(int(a.Seat), int(s.toAct), what)
	}
	if a.Kind != kind {
		return game.Illegal(game.CodeWrongAction, game.Params{"want": kind.String()}, "seat %d cannot %s now: seat %d is to %s", a.Seat, kindVerb(a.Kind), s.toAct, what)
	}
	seat := a.Seat
	hand := s.hands[seat]
	switch s.phase {
	case PhBid:
		if a.Card != card.None || a.Card2 != card.None {
			return game.Malformed("a bid names no card")
		}
		if a.Call == CallPass {
			return nil
		}
		if a.Call < CallAnsager || a.Call > CallSuperMord {
			return game.Malformed("bid: call must be pass, weiter, gut, ansager, solo, super or supermord")
		}
		if c := Contract(a.Call-CallAnsager) + Ansager; c <= s.contract {
			return game.Illegal(game.CodeBidTooLow, game.Params{"contract": s.contract.String()}, "seat %d bids %s, but %s is already bid: bid higher or say gut", seat, c, s.contract)
		}
	case PhDiscard:
		if a.Call != CallNone || a.Card2 != card.None {
			return game.Malformed("a discard names cards only")
		}
		if !p.Has(a.Card) {
			return game.Illegal(game.CodeNotInPack, game.Params{"card": p.ID(a.Card)}, "seat %d cannot discard a card that is not in the pack", seat)
		}
		if !hand.Has(a.Card) {
			return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(a.Card)}, "seat %d does not hold %s", seat, p.ID(a.Card))
		}
		if code, why := s.discardReason(a.Card); why != "" {
			return game.Illegal(game.CodeNoDiscard, game.Params{"card": p.ID(a.Card), "why": code}, "seat %d may not discard %s: %s", seat, p.ID(a.Card), why)
		}
	case PhBuy:
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
	case PhLayout:
		if a.Card2 != card.None || a.Call != CallNone {
			return game.Malformed("layout: give T1, FOOL or none")
		}
		switch a.Card {
		case card.None:
		case card.Pagat:
			if !hand.Has(card.Pagat) {
				return game.Illegal(game.CodeNotHeld, game.Params{"card": "T1"}, "seat %d cannot lay out T1: not in hand", seat)
			}
		case card.Fool:
			if seat != s.declarer || s.contract != SuperMord {
				return game.Illegal(game.CodeNoLayout, game.Params{"card": "FOOL", "why": "fool"}, "seat %d cannot lay out the Gstieß: only a Super Mord declarer may", seat)
			}
			if !hand.Has(card.Fool) {
				return game.Illegal(game.CodeNotHeld, game.Params{"card": "FOOL"}, "seat %d cannot lay out FOOL: not in hand", seat)
			}
		default:
			return game.Illegal(game.CodeNoLayout, game.Params{"card": p.ID(a.Card), "why": "only_pagat"}, "seat %d cannot lay out %s: only T1 (or FOOL in Super Mord) is laid out", seat, p.ID(a.Card))
		}
	case PhDouble:
		if a.Card != card.None || a.Card2 != card.None {
			return game.Malformed("a doubling call names no card")
		}
		switch a.Call {
		case CallGut:
		case CallSchwacher:
			if s.dblStage != dblFirst {
				return game.Illegal(game.CodeDoubleOrder, game.Params{"why": "retour"}, "a schwacher was already given: say retour or gut")
			}
		case CallRetour:
			if s.dblStage == dblFirst {
				return game.Illegal(game.CodeDoubleOrder, game.Params{"why": "schwacher"}, "the first doubling is a schwacher; retour answers one")
			}
		default:
			return game.Malformed("double: call must be schwacher, retour or gut")
		}
	case PhPlay:
		if a.Call != CallNone || a.Card2 != card.None {
			return game.Malformed("a play names one card")
		}
		if !p.Has(a.Card) {
			return game.Illegal(game.CodeNotInPack, game.Params{"card": p.ID(a.Card)}, "seat %d cannot play a card that is not in the pack", seat)
		}
		if !hand.Has(a.Card) {
			return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(a.Card)}, "seat %d does not hold %s", seat, p.ID(a.Card))
		}
		if legal := s.LegalCards(); !legal.Has(a.Card) {
			return s.playRefusal(a.Card, legal)
		}
	}
	return nil
}

func kindVerb(k game.Kind) string {
	switch k {
	case game.KindLayout:
		return "lay out"
	case game.KindNone:
		return "act"
	}
	return k.String()
}

// playRefusal explains why c (held) is not among the legal cards.
func (s *State) playRefusal(c card.Card, legal card.Set) error {
	p := s.r.pack
	seat := s.toAct
	h := s.hands[seat]
	id := p.ID(c)
	switch {
	case legal == card.Single(card.Fool) && s.r.gstiessIllega:
		return game.Illegal(game.CodeFoolNow, game.Params{"card": "FOOL"}, "seat %d must play the Gstieß (FOOL) to the second-to-last trick; %s is not allowed", seat, id)
	case c == card.Fool && s.foolLaid && seat == s.declarer:
		return game.Illegal(game.CodeKeepCard, game.Params{"card": "FOOL"}, "seat %d laid out the Gstieß and must keep it for the last trick", seat)
	case c == card.Pagat && s.pagatLaid == seat:
		return game.Illegal(game.CodeKeepPagat, game.Params{"card": "T1"}, "seat %d laid out the Pagat and must keep it while another card is legal; T1 is not allowed", seat)
	}
	lead := s.governing()
	if lead.IsTrump() {
		ex := p.ID(h.Trumps().Highest())
		return game.Illegal(game.CodeMustFollow, game.Params{"suit": "T", "card": ex}, "seat %d must follow trumps; %s is in hand, %s is not allowed", seat, ex, id)
	}
	letter := p.Style.SuitLetter(lead.Suit())
	suit := p.SuitName(lead.Suit(), card.English)
	if f := h.OfSuit(lead.Suit()); !f.Empty() {
		ex := p.ID(f.Highest())
		return game.Illegal(game.CodeMustFollow, game.Params{"suit": letter, "card": ex}, "seat %d must follow %s; %s is in hand, %s is not allowed", seat, suit, ex, id)
	}
	ex := p.ID(h.Trumps().Highest())
	return game.Illegal(game.CodeMustTrump, game.Params{"suit": letter, "card": ex}, "seat %d cannot follow %s and must play a trump; %s is in hand, %s is not allowed", seat, suit, ex, id)
}

package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// phaseKinds is the action kind each phase expects, with its verb.
var phaseKinds = [...]struct {
	kind game.Kind
	verb string
}{
	phaseBidding:  {game.KindBid, "bid"},
	phaseCall:     {game.KindCall, "call a trump"},
	phaseExchange: {game.KindDiscard, "discard"},
	phasePlay:     {game.KindPlay, "play"},
}

// Legal appends the legal actions of the seat to act to dst, in a fixed
// order (bid codes ascending, cards by ascending value).
func (s *State) Legal(dst []game.Action) []game.Action {
	p := s.toAct
	switch s.phase {
	case phaseBidding:
		m := s.LegalBids()
		for code := BidPass; code <= BidSolo; code++ {
			if m&(1<<code) != 0 {
				dst = append(dst, game.Action{Seat: p, Kind: game.KindBid, Call: code})
			}
		}
	case phaseCall:
		dst = appendCards(dst, p, game.KindCall, callable)
	case phaseExchange:
		dst = appendCards(dst, p, game.KindDiscard, s.LegalDiscards())
	case phasePlay:
		dst = appendCards(dst, p, game.KindPlay, s.LegalCards())
	}
	return dst
}

func appendCards(dst []game.Action, p int8, k game.Kind, cs card.Set) []game.Action {
	for !cs.Empty() {
		dst = append(dst, game.Action{Seat: p, Kind: k, Card: cs.Pop()})
	}
	return dst
}

// ApplyUnchecked applies a legal action without checks.
func (s *State) ApplyUnchecked(a game.Action) {
	switch a.Kind {
	case game.KindBid:
		s.Bid(a.Call)
	case game.KindCall:
		s.CallTrump(a.Card)
	case game.KindDiscard:
		s.Discard(a.Card)
	case game.KindPlay:
		s.PlayCard(a.Card)
	}
}

// Apply checks a and applies it. A refused action leaves the state
// unchanged and returns a *game.IllegalError saying why.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return game.WithPack(err, s.r.Pack())
	}
	s.ApplyUnchecked(a)
	return nil
}

// check explains why a is not legal, or returns nil.
func (s *State) check(a game.Action) error {
	if s.phase == phaseDone {
		return game.Illegal(game.CodeHandOver, nil, "the hand is over; no more actions are taken")
	}
	want := phaseKinds[s.phase]
	if int(a.Seat) != int(s.toAct) {
		return game.OutOfTurn(int(a.Seat), int(s.toAct), want.verb)
	}
	if a.Kind != want.kind {
		return game.Illegal(game.CodeWrongAction, game.Params{"want": want.kind.String()}, "seat %d cannot %s now: seat %d is to %s", a.Seat, a.Kind, s.toAct, want.verb)
	}
	if a.Card2 != card.None {
		return game.Malformed("seat %d: a %s names no second card", a.Seat, a.Kind)
	}
	if a.Kind != game.KindBid && a.Call != 0 {
		return game.Malformed("seat %d: a %s takes no call code (got %d)", a.Seat, a.Kind, a.Call)
	}
	p := s.r.Pack()
	switch s.phase {
	case phaseBidding:
		if a.Card != card.None {
			return game.Malformed("seat %d: a bid names no card", a.Seat)
		}
		switch a.Call {
		case BidPass, BidSolo:
		case BidNormal:
			if s.normalBy >= 0 {
				return game.Illegal(game.CodeBidTaken, nil, "seat %d cannot bid normal: seat %d already plays normal; only pass or solo", a.Seat, s.normalBy)
			}
		default:
			return game.Malformed("seat %d: bid code %d is not pass, normal or solo", a.Seat, a.Call)
		}
	case phaseCall:
		if !callable.Has(a.Card) {
			return game.Illegal(game.CodeNoCall, game.Params{"card": p.ID(a.Card)}, "seat %d may not call %s: the called card must be a trump from T1 to T20", a.Seat, p.ID(a.Card))
		}
	case phaseExchange:
		if !p.Has(a.Card) || !s.hands[a.Seat].Has(a.Card) {
			return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(a.Card)}, "seat %d does not hold %s", a.Seat, p.ID(a.Card))
		}
		if s.undiscardable().Has(a.Card) {
			if s.fourKings {
				return game.Illegal(game.CodeNoDiscard, game.Params{"card": p.ID(a.Card), "why": "kings_only"}, "seat %d may not discard %s: with four kings only kings may be discarded among the 5-point cards", a.Seat, p.ID(a.Card))
			}
			return game.Illegal(game.CodeNoDiscard, game.Params{"card": p.ID(a.Card), "why": "five_points"}, "seat %d may not discard %s: 5-point cards may not be discarded without four kings", a.Seat, p.ID(a.Card))
		}
	case phasePlay:
		return s.checkPlay(a.Seat, a.Card)
	}
	return nil
}

// checkPlay explains why seat may not play c now (§2.3).
func (s *State) checkPlay(seat int8, c card.Card) error {
	p := s.r.Pack()
	if !p.Has(c) || !s.hands[seat].Has(c) {
		return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(c)}, "seat %d does not hold %s", seat, p.ID(c))
	}
	legal := s.LegalCards()
	if legal.Has(c) {
		return nil
	}
	if c == card.Fool && s.isPowerless(seat) {
		return game.Illegal(game.CodeKeepCard, game.Params{"card": "FOOL"}, "seat %d reneged with FOOL and must keep it until the last trick", seat)
	}
	h := s.usable(seat)
	shown := p.ID(legal.Highest())
	switch {
	case s.follow == card.TrumpsAndFool && !isTrumpish(c):
		return game.Illegal(game.CodeMustFollow, game.Params{"suit": "T", "card": shown}, "seat %d must follow trumps; %s is in hand, %s is not allowed", seat, shown, p.ID(c))
	case s.follow != card.TrumpsAndFool && h.Overlaps(s.follow):
		return game.Illegal(game.CodeMustFollow, game.Params{"suit": p.Style.SuitLetter(s.follow.Highest().Suit()), "card": shown}, "seat %d must follow %s; %s is in hand, %s is not allowed",
			seat, p.SuitName(s.follow.Highest().Suit(), card.English), shown, p.ID(c))
	case !isTrumpish(c) && s.follow != card.TrumpsAndFool:
		return game.Illegal(game.CodeMustTrump, game.Params{"suit": p.Style.SuitLetter(s.follow.Highest().Suit()), "card": shown}, "seat %d is void in %s and must play a trump; %s is in hand, %s is not allowed",
			seat, p.SuitName(s.follow.Highest().Suit(), card.English), shown, p.ID(c))
	}
	return game.Illegal(game.CodeMustBeat, game.Params{"card": p.ID(s.best)}, "seat %d must beat %s (mustOvertrump); %s is in hand, %s is not allowed",
		seat, p.ID(s.best), p.ID(legal.Lowest()), p.ID(c))
}

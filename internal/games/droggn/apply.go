package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Legal appends the legal actions of the seat to act.
func (s *State) Legal(dst []game.Action) []game.Action {
	seat := int8(s.toAct)
	switch s.phase {
	case PhBid:
		bids := &callActions[seat&3].bid
		dst = append(dst, bids[0])
		dst = append(dst, bids[s.contract+1:]...)
	case PhDiscard:
		for ok := s.legalDiscards(); !ok.Empty(); {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindDiscard, Card: ok.Pop()})
		}
	case PhBuy:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindBuy, Call: CallNone})
		for h := s.hands[seat]; !h.Empty(); {
			o := h.Pop()
			if s.r.buyRestricted && restricted(o) {
				continue
			}
			for _, x := range s.r.pack.Order {
				dst = append(dst, game.Action{Seat: seat, Kind: game.KindBuy, Card: o, Card2: x})
			}
		}
	case PhLayout:
		acts := &callActions[seat&3]
		dst = append(dst, acts.layout[0])
		if s.hands[seat].Has(card.Pagat) {
			dst = append(dst, acts.layout[1])
		}
		if s.mayLayOutFool(seat) {
			dst = append(dst, acts.layout[2])
		}
	case PhDouble:
		acts := &callActions[seat&3]
		dst = append(dst, acts.double[0], acts.double[s.doubleUp()])
	case PhPlay:
		for l := s.LegalCards(); !l.Empty(); {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindPlay, Card: l.Pop()})
		}
	}
	return dst
}

// callActions holds, for each seat, the actions without a choice of card,
// in the order Legal lists them: the bids (pass, then Ansager … Super
// Mord), the lay-outs (none, T1, FOOL) and the doubling calls (gut,
// Schwacher, Retour). Legal copies them from here: a game.Action has too
// many fields for Go to keep in registers, so a literal one is assembled
// in memory byte by byte and then copied as a word, a load that the CPU's
// store forwarding cannot serve.
var callActions = func() (t [4]struct {
	bid            [5]game.Action
	layout, double [3]game.Action
}) {
	for seat := range t {
		a := &t[seat]
		p := int8(seat)
		a.bid[0] = game.Action{Seat: p, Kind: game.KindBid, Call: CallPass}
		for c := Ansager; c <= SuperMord; c++ {
			a.bid[c] = game.Action{Seat: p, Kind: game.KindBid, Call: bidCall(c)}
		}
		a.layout[0] = game.Action{Seat: p, Kind: game.KindLayout, Call: CallNone}
		a.layout[1] = game.Action{Seat: p, Kind: game.KindLayout, Card: card.Pagat}
		a.layout[2] = game.Action{Seat: p, Kind: game.KindLayout, Card: card.Fool}
		a.double[0] = game.Action{Seat: p, Kind: game.KindDouble, Call: CallGut}
		a.double[1] = game.Action{Seat: p, Kind: game.KindDouble, Call: CallSchwacher}
		a.double[2] = game.Action{Seat: p, Kind: game.KindDouble, Call: CallRetour}
	}
	return t
}()

// Apply checks a and applies it.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return game.WithPack(err, s.r.pack)
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked applies a legal action.
func (s *State) ApplyUnchecked(a game.Action) {
	s.hist = append(s.hist, a)
	switch a.Kind {
	case game.KindBid:
		s.bid(a.Seat, a.Call)
	case game.KindDiscard:
		s.discard(a.Card)
	case game.KindBuy:
		s.buy(a)
	case game.KindLayout:
		s.layout(a.Seat, a.Card)
	case game.KindDouble:
		s.double(a.Call)
	case game.KindPlay:
		s.PlayCard(a.Card)
	}
}

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
	switch s.phase {
	case PhBid:
		return s.checkBid(a)
	case PhDiscard:
		return s.checkDiscard(a)
	case PhBuy:
		return s.checkBuy(a)
	case PhLayout:
		return s.checkLayout(a)
	case PhDouble:
		return s.checkDouble(a)
	case PhPlay:
		return s.checkPlay(a)
	}
	return nil
}

// checkHeld explains why the seat cannot verb a.Card: it is not in the
// pack or not in the seat's hand; or returns nil.
func (s *State) checkHeld(a game.Action, verb string) error {
	p := s.r.pack
	if !p.Has(a.Card) {
		return game.Illegal(game.CodeNotInPack, game.Params{"card": p.ID(a.Card)}, "seat %d cannot %s a card that is not in the pack", a.Seat, verb)
	}
	if !s.hands[a.Seat].Has(a.Card) {
		return game.Illegal(game.CodeNotHeld, game.Params{"card": p.ID(a.Card)}, "seat %d does not hold %s", a.Seat, p.ID(a.Card))
	}
	return nil
}

// kindVerb names an act in a refusal.
func kindVerb(k game.Kind) string {
	switch k {
	case game.KindLayout:
		return "lay out"
	case game.KindNone:
		return "act"
	}
	return k.String()
}

package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

func bidCall(c Contract) uint8 { return CallAnsager + uint8(c-Ansager) }

// checkBid explains why a bid is not legal now, or returns nil.
func (s *State) checkBid(a game.Action) error {
	seat := a.Seat
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
	return nil
}

func (s *State) bid(seat int8, call uint8) {
	if call != CallPass {
		s.contract = Contract(call-CallAnsager) + Ansager
		s.declarer = seat
	}
	s.spoken++
	if s.spoken < 3 {
		s.toAct = s.speakers[s.spoken]
		return
	}
	if s.declarer < 0 {
		s.phase = PhDone
		return
	}
	d1 := s.succ[s.declarer&3]
	s.defs = [2]int8{d1, s.succ[d1&3]}
	if s.contract == Ansager || s.contract == Solo {
		if s.r.exposeTalon && s.contract == Ansager {
			s.shown = s.talon
		}
		s.hands[s.declarer] = s.hands[s.declarer].Union(s.talon)
		s.talon = card.Set{}
		s.phase = PhDiscard
		s.toAct = s.declarer
		return
	}
	s.startLayout()
}

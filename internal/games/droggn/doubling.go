package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// doubleUp returns the index in callActions.double of the doubling call
// that may be made now: a Schwacher first, Retours after it.
func (s *State) doubleUp() int {
	if s.dblStage == dblFirst {
		return 1
	}
	return 2
}

// checkDouble explains why a doubling call is not legal now, or returns nil.
func (s *State) checkDouble(a game.Action) error {
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
	return nil
}

func (s *State) startDoubling() {
	if s.r.maxDoublings == 0 {
		s.endDoubling()
		return
	}
	s.dblStage, s.dblIdx = dblFirst, 0
	s.askDefender(s.defs[0])
}

func (s *State) askDefender(seat int8) {
	if s.defenderLayouts() && s.r.layoutWithDbl && !s.layoutAsked[seat] {
		s.phase, s.layoutSeat, s.toAct = PhLayout, seat, seat
		return
	}
	s.phase, s.toAct = PhDouble, seat
}

func (s *State) double(call uint8) {
	if call == CallGut {
		if s.dblStage == dblAnswer || s.dblIdx == 1 {
			s.endDoubling()
			return
		}
		s.dblIdx = 1
		s.askDefender(s.defs[1])
		return
	}
	s.k++
	if int(s.k) >= s.r.doublingCap() {
		s.endDoubling()
		return
	}
	if s.dblStage == dblAnswer {
		s.dblStage, s.dblIdx = dblRetour, 0
		s.askDefender(s.defs[0])
		return
	}
	s.dblStage = dblAnswer
	s.phase, s.toAct = PhDouble, s.declarer
}

func (s *State) endDoubling() {
	s.dblStage = -1
	if s.defenderLayouts() && s.r.layoutWithDbl {
		for _, d := range s.defs {
			if !s.layoutAsked[d] {
				s.phase, s.layoutSeat, s.toAct = PhLayout, d, d
				return
			}
		}
	}
	s.phase = PhPlay
	s.leader, s.toAct = s.declarer, s.declarer
	s.special = s.r.gstiessIllega || s.foolLaid || s.pagatLaid >= 0
}

package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// mayLayOutFool reports whether seat may lay out the Gstieß: the declarer
// of a Super Mord who holds it.
func (s *State) mayLayOutFool(seat int8) bool {
	return seat == s.declarer && s.contract == SuperMord && s.hands[seat].Has(card.Fool)
}

// checkLayout explains why a lay-out is not legal now, or returns nil.
func (s *State) checkLayout(a game.Action) error {
	p := s.r.pack
	seat := a.Seat
	hand := s.hands[a.Seat]
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
	return nil
}

func (s *State) startLayout() {
	s.phase = PhLayout
	s.layoutSeat = s.declarer
	s.toAct = s.declarer
}

// defenderLayouts reports whether defenders are asked to lay out (not in
// Super Mord under inclusive scoring).
func (s *State) defenderLayouts() bool { return s.contract != SuperMord || s.r.smSeparate }

func (s *State) layout(seat int8, c card.Card) {
	switch c {
	case card.Pagat:
		s.pagatLaid = seat
	case card.Fool:
		s.foolLaid = true
	}
	s.layoutAsked[seat] = true
	switch {
	case seat == s.declarer:
		if s.defenderLayouts() && !s.r.layoutWithDbl {
			s.layoutSeat, s.toAct = s.defs[0], s.defs[0]
			return
		}
		s.startDoubling()
	case !s.r.layoutWithDbl:
		if seat == s.defs[0] {
			s.layoutSeat, s.toAct = s.defs[1], s.defs[1]
			return
		}
		s.startDoubling()
	case s.dblStage < 0:
		// Doubling is over: ask the next defender or start play.
		s.endDoubling()
	default:
		s.phase = PhDouble
		s.toAct = seat
	}
}

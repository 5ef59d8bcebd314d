package strohmandeln

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Call codes (game.Action.Call), per kind. Code 0 is never a valid call of
// a question, so an action with a missing call is refused.
const (
	// CallStay and CallFold answer the fold question (KindFold).
	CallStay uint8 = 1
	CallFold uint8 = 2
	// CallPass ("weiter") and CallUndertake ("ich nehme auf") are the bids
	// (KindBid).
	CallPass      uint8 = 1
	CallUndertake uint8 = 2
	// CallGut and CallDouble answer the doubling question (KindDouble).
	CallGut    uint8 = 1
	CallDouble uint8 = 2
	// CallTrull and CallFourKings are the classic announcements
	// (KindAnnounce).
	CallTrull     uint8 = 1
	CallFourKings uint8 = 2
	// SayNone, SayRoss and SayTopschin are what goes with a card play
	// (KindPlay): nothing, "Ross!" (with T17) or "Topschin!" (with T18).
	SayNone     uint8 = 0
	SayRoss     uint8 = 1
	SayTopschin uint8 = 2
)

// Card sets of the bonuses.
var (
	trullSet = card.Of(card.Fool, card.Mond, card.Pagat)
	kingsSet = card.Of(card.SuitCard(card.Suit0, card.King), card.SuitCard(card.Suit1, card.King),
		card.SuitCard(card.Suit2, card.King), card.SuitCard(card.Suit3, card.King))
	tarocks = card.TrumpsAndFool
)

// setOf returns the cards of an announcement.
func setOf(call uint8) card.Set {
	if call == CallFourKings {
		return kingsSet
	}
	return trullSet
}

// canFold reports whether seat may fold: no Tarock (the Sküs included) in
// hand (§3.3 FOLD_CHECK, Clarification 9).
func (s *State) canFold(seat int) bool { return !s.hand[seat].Overlaps(tarocks) }

// applyFold answers the fold question. A fold ends the hand; after both
// stay the auction begins with Elder.
func (s *State) applyFold(seat int, call uint8) {
	if call == CallFold {
		s.folder = int8(seat)
		s.contract = cFolded
		s.phase = phDone
		return
	}
	if seat == int(s.elder) {
		s.toAct = s.dealer
		return
	}
	s.phase = phBid
	s.toAct = s.elder
}

// applyBid takes Elder's, then the dealer's bid (§3.3 AUCTION).
func (s *State) applyBid(seat int, call uint8) {
	if call == CallUndertake {
		s.contract = cUndertaken
		s.undertaker = int8(seat)
		if s.r.o.AllowDoubling {
			s.phase = phDouble
			s.toAct = int8(1 - seat)
			return
		}
		s.startPlay()
		return
	}
	if seat == int(s.elder) {
		s.toAct = s.dealer
		return
	}
	if s.r.o.SimpleGame == SimpleFold {
		s.contract = cThrownIn
		s.phase = phDone
		return
	}
	s.contract = cSimple
	s.startPlay()
}

// applyDouble takes the opponent's doubling answer (C10: once, no redouble).
func (s *State) applyDouble(call uint8) {
	s.doubled = call == CallDouble
	s.startPlay()
}

// legalCalls appends the answers of the fold, bid and doubling questions.
func (s *State) legalCalls(dst []game.Action) []game.Action {
	seat := int8(s.toAct)
	switch s.phase {
	case phFold:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindFold, Call: CallStay})
		if s.canFold(int(seat)) {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindFold, Call: CallFold})
		}
	case phBid:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindBid, Call: CallPass},
			game.Action{Seat: seat, Kind: game.KindBid, Call: CallUndertake})
	case phDouble:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindDouble, Call: CallGut},
			game.Action{Seat: seat, Kind: game.KindDouble, Call: CallDouble})
	}
	return dst
}

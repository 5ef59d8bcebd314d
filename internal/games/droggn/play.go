package droggn

import (
	"math/bits"

	"trull/internal/card"
	"trull/internal/game"
)

// LegalCards returns the cards the seat to act may play (play phase).
func (s *State) LegalCards() card.Set {
	free := follow(s.hands[s.toAct&3], s.gov)
	if s.special {
		return s.legalSpecial(free)
	}
	return free
}

// Bits of word 0 of a card.Set, as constants for the play's hot path.
const (
	trumpBits = 0x3ffffe       // T1 … T21
	foolBit   = 1 << card.Fool // FOOL
)

// follow returns the cards of h that may follow a trick governed by gov
// (§1.4 steps 3–4): the suit, else trumps, else anything; the Gstieß always.
// For a suit card gov = 64 + 16·suit + rank, so gov&0x30 is the shift of its
// suit's field in word 1 (a trump is below 64).
func follow(h card.Set, gov card.Card) card.Set {
	switch {
	case gov == card.None:
		return h
	case gov >= 64:
		if f := h.Hi & (0x3fff << (gov & 0x30)); f != 0 {
			return card.Set{Lo: h.Lo & foolBit, Hi: f}
		}
	}
	if t := h.Lo & trumpBits; t != 0 {
		return card.Set{Lo: t | h.Lo&foolBit}
	}
	return h
}

// legalSpecial applies the lay-outs and gstiessLastTrick=illegal to free,
// the cards the seat to act may play by the rules of following.
func (s *State) legalSpecial(free card.Set) card.Set {
	seat := s.toAct
	if s.foolLaid || s.r.gstiessIllega {
		laidFool := s.foolLaid && seat == s.declarer
		if s.r.gstiessIllega && !laidFool && int(s.trickNo) == s.r.tricks-2 && s.hands[seat].Has(card.Fool) {
			return card.Single(card.Fool)
		}
		if laidFool && int(s.trickNo) != s.r.tricks-1 {
			free.Remove(card.Fool)
		}
	}
	// A laid-out Pagat stays while any other card may be played.
	if s.pagatLaid == seat && free.Lo&(1<<card.Pagat) != 0 && free != card.Single(card.Pagat) {
		free.Lo &^= 1 << card.Pagat
	}
	return free
}

// governing returns the card whose suit governs the current trick: the
// first card that is not the Gstieß (None if there is none yet).
func (s *State) governing() card.Card { return s.gov }

// checkPlay explains why a card play is not legal now, or returns nil.
func (s *State) checkPlay(a game.Action) error {
	if a.Call != CallNone || a.Card2 != card.None {
		return game.Malformed("a play names one card")
	}
	if err := s.checkHeld(a, "play"); err != nil {
		return err
	}
	if legal := s.LegalCards(); !legal.Has(a.Card) {
		return s.playRefusal(a.Card, legal)
	}
	return nil
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

// PlayCard plays c for the seat to act (unchecked fast path; unlike
// ApplyUnchecked it does not record the action in the history).
func (s *State) PlayCard(c card.Card) {
	seat := s.toAct
	if c == card.Fool && s.r.kgu && seat == s.declarer && s.trickLen == 0 &&
		int(s.trickNo) == s.r.tricks-2 && s.contract != SuperMord && s.pagatLaid != seat &&
		s.hands[seat] == card.Of(card.Pagat, card.Fool) &&
		s.hands[s.defs[0]].Trumps().Empty() && s.hands[s.defs[1]].Trumps().Empty() {
		s.kguOn = true
	}
	s.hands[seat&3] = s.hands[seat&3].Minus(card.Bit(c))
	n := s.trickLen & 3
	s.trick[n], s.trickSeat[n] = c, seat
	n++
	s.trickLen = n
	if s.gov == card.None && c != card.Fool {
		s.gov = c
	}
	if c == card.Pagat {
		s.t1Trick, s.t1Player = s.trickNo, seat
	}
	if n < 3 {
		s.toAct = s.succ[seat&3]
		return
	}
	s.finishTrick(c)
}

// finishTrick settles the trick that c, the third card, completes (c comes
// in a register: reading it back from s.trick would wait for its store).
func (s *State) finishTrick(c2 card.Card) {
	c0, c1 := s.trick[0], s.trick[1]
	t := card.Bit(c0).Union(card.Bit(c1)).Union(card.Bit(c2))
	var winner int8
	foolSide := -1 // the side that keeps the Gstieß, -1 if it is not in the trick
	if t.Lo&foolBit != 0 {
		i := 0
		for s.trick[i] != card.Fool {
			i++
		}
		fs := s.trickSeat[i]
		if s.foolLaid && fs == s.declarer && int(s.trickNo) == s.r.tricks-1 && s.declAll {
			// The laid-out Gstieß wins the last trick of a Super Mord.
			s.foolWonSM = true
			winner = fs
			goto won
		}
		foolSide = s.side(int(fs))
		t.Lo &^= foolBit
	}
	{
		// The highest trump wins, else the highest card of the led suit
		// (the card order of a Set is the order of strength; gov&0x30 is
		// the shift of the led suit's field, as in follow).
		var bc card.Card
		if tr := t.Lo & trumpBits; tr != 0 {
			bc = card.Card(63 - bits.LeadingZeros64(tr))
		} else {
			bc = card.Card(127 - bits.LeadingZeros64(t.Hi&(0x3fff<<(s.gov&0x30))))
		}
		i := 0
		if c1 == bc {
			i = 1
		}
		if c2 == bc {
			i = 2
		}
		winner = s.trickSeat[i]
	}
won:
	ws := s.side(int(winner))
	if foolSide >= 0 {
		s.piles[foolSide].Lo |= foolBit
	}
	s.piles[ws] = s.piles[ws].Union(t)
	s.wonTricks[ws]++
	if ws != sideDecl {
		s.declAll = false
	}
	if s.t1Trick == s.trickNo {
		s.t1Winner = winner
	}
	s.lastWinner = winner
	n := s.trickNo + 1
	s.trickNo = n
	s.trickLen = 0
	s.gov = card.None
	s.leader, s.toAct = winner, winner
	if int(n) == s.r.tricks || s.contract == SuperMord && !s.r.smSeparate && ws != sideDecl {
		s.stopped = int(n) < s.r.tricks
		s.phase = PhDone
	}
}

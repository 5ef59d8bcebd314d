package droggn

import (
	"math/bits"

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

func bidCall(c Contract) uint8 { return CallAnsager + uint8(c-Ansager) }

// mayLayOutFool reports whether seat may lay out the Gstieß: the declarer
// of a Super Mord who holds it.
func (s *State) mayLayOutFool(seat int8) bool {
	return seat == s.declarer && s.contract == SuperMord && s.hands[seat].Has(card.Fool)
}

// doubleUp returns the index in callActions.double of the doubling call
// that may be made now: a Schwacher first, Retours after it.
func (s *State) doubleUp() int {
	if s.dblStage == dblFirst {
		return 1
	}
	return 2
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

package tsolver

import (
	"math/bits"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// Bits of the set layout (package card): FOOL and the trumps T1 … T21 lie
// in word 0, the suits in word 1, 16 bits a suit.
const (
	foolBit   = uint64(1) << card.Fool
	trumpWord = 0x7ffffe // T1 … T21 and FOOL
	plainWord = 0x3ffffe // T1 … T21
)

// points is the value of every card (§2.1), indexed by card.
var points = func() (t [128]int8) {
	for c := card.Card(0); c < 128; c++ {
		if card.Troggu62.Has(c) {
			t[c] = int8(troggu.Points(card.Single(c)))
		}
	}
	return t
}()

// pos is a compact open-card position of the play phase: the hands, the
// trick in progress and what the finished tricks brought each side. It is
// small enough to be copied for every move.
type pos struct {
	hands    [troggu.MaxSeats]card.Set
	trick    card.Set // cards of the trick in progress
	live     card.Set // cards in the hands and the trick
	follow   card.Set // the cards that follow the led suit; empty: none yet
	best     card.Card
	bestKey  uint8 // 128+value for a trump, strength+1 in the led suit
	bestSeat int8
	foolSeat int8 // seat of a powerless FOOL in the trick, else -1
	leader   int8
	toAct    int8
	played   int8  // cards in the trick
	left     int8  // tricks not finished, the current one included
	reneged  uint8 // bit p: p reneged, his FOOL has no power
	pts      int8  // the declarer side's points so far
	rem      int8  // points of the cards in the hands and the trick
	tpts     int8  // points of the trick
	declWon  bool  // the declarer side won a trick
	defWon   bool  // the defenders won a trick
}

// rules are the constants of one solve.
type rules struct {
	n         int8
	side      uint8 // the declarer side, a bit per seat
	overtrump bool
}

// legal returns the cards the seat to play may play (§2.3), as the engine's
// LegalCards does: follow suit, else trump, the renege when FOOL is the only
// trump, with mustOvertrump beat the best trump if able; a powerless FOOL
// stays in hand until the last trick.
func (g *rules) legal(p *pos) card.Set {
	s := p.toAct
	h := p.hands[s]
	if p.reneged>>uint(s)&1 != 0 && p.left > 1 {
		h.Lo &^= foolBit
	}
	if p.follow.Lo|p.follow.Hi == 0 {
		return h
	}
	if x := h.Hi & p.follow.Hi; x != 0 {
		return card.Set{Hi: x}
	}
	t := h.Lo & trumpWord
	if t == 0 || t == foolBit {
		return h
	}
	if g.overtrump && p.best < 64 {
		if b := t &^ (2<<uint(p.best) - 1); b != 0 {
			t = b
		}
	}
	return card.Set{Lo: t}
}

// play plays the legal card c for the seat to play, as the engine's
// PlayCard does, and finishes the trick when it is complete.
func (g *rules) play(p *pos, c card.Card) {
	s := p.toAct
	suit := c >= 64
	led := p.follow.Lo|p.follow.Hi != 0
	inF := suit && p.follow.Has(c)
	if suit && !inF && led && p.hands[s].Lo&foolBit != 0 {
		p.reneged |= 1 << uint(s)
	}
	p.hands[s].Remove(c)
	p.trick.Add(c)
	p.tpts += points[c]
	p.played++
	if c == card.Fool && p.reneged>>uint(s)&1 != 0 {
		p.foolSeat = s
	} else {
		if !led {
			if suit {
				p.follow = card.SuitMask(c.Suit())
			} else {
				p.follow = card.Set{Lo: trumpWord}
			}
			inF = suit
		}
		if troggu.Beats(c, p.best) {
			var key uint8
			switch {
			case !suit:
				key = 128 + uint8(c)
			case inF:
				key = uint8(c&15) + 1
			}
			p.bestKey, p.best, p.bestSeat = key, c, s
		}
	}
	if p.played < g.n {
		if s++; s == g.n {
			s = 0
		}
		p.toAct = s
		return
	}
	g.finish(p)
}

// finish gives the complete trick to its winner's side; a powerless FOOL
// goes to its holder's side without making the trick his (§2.3 step 7).
func (g *rules) finish(p *pos) {
	t := p.tpts
	p.rem -= t
	p.live = p.live.Minus(p.trick)
	if f := p.foolSeat; f >= 0 {
		t -= points[card.Fool]
		if g.side>>uint(f)&1 != 0 {
			p.pts += points[card.Fool]
		}
	}
	w := p.bestSeat
	if g.side>>uint(w)&1 != 0 {
		p.pts += t
		p.declWon = true
	} else {
		p.defWon = true
	}
	p.left--
	p.played, p.tpts = 0, 0
	p.trick, p.follow, p.best, p.bestKey, p.bestSeat, p.foolSeat = card.Set{}, card.Set{}, card.None, 0, -1, -1
	p.leader, p.toAct = w, w
}

// setup builds the position and rules of s, a Normal game or Solo in the
// play phase, by replaying its card play from the hands at the start of
// play. It returns false for any other state.
func setup(s *troggu.State) (pos, rules, bool) {
	var p pos
	var g rules
	if s.Phase() != "play" || s.Declarer() < 0 {
		return p, g, false
	}
	c := s.Contract()
	if c != troggu.ContractNormal && c != troggu.ContractSolo {
		return p, g, false
	}
	r, ok := s.Rules().(*troggu.Rules)
	if !ok {
		return p, g, false
	}
	n := r.Seats()
	g.n = int8(n)
	g.overtrump = r.Opts().MustOvertrump
	d := s.Declarer()
	places := s.Places()
	// The declarer side's cards outside the play: the Tapp of a Solo (empty
	// in a Normal game, taken up by the Tappist) and a Tappist's discards.
	start := places[n].Union(places[n+1])
	called := card.None
	var plays []game.Action
	for _, a := range s.History() {
		switch a.Kind {
		case game.KindCall:
			called = a.Card
		case game.KindPlay:
			plays = append(plays, a)
		}
	}
	for q := 0; q < n; q++ {
		p.hands[q] = s.Hand(q)
	}
	for _, a := range plays {
		p.hands[a.Seat].Add(a.Card)
	}
	for q := 0; q < n; q++ {
		p.live = p.live.Union(p.hands[q])
	}
	// The partner holds (or held) the called trump, unless the Tappist
	// does: then he plays alone.
	g.side = 1 << uint(d)
	if c == troggu.ContractNormal && called != card.None {
		for q := 0; q < n; q++ {
			if q != d && p.hands[q].Has(called) {
				g.side |= 1 << uint(q)
			}
		}
	}
	p.pts = int8(troggu.Points(start))
	p.rem = int8(troggu.PackPoints) - p.pts
	p.left = int8(r.HandSize())
	p.bestSeat, p.foolSeat = -1, -1
	p.leader, p.toAct = int8(s.ToAct()), int8(s.ToAct())
	if len(plays) > 0 {
		p.leader, p.toAct = plays[0].Seat, plays[0].Seat
	}
	for _, a := range plays {
		if a.Seat != p.toAct || !g.legal(&p).Has(a.Card) {
			return p, g, false
		}
		if p.played == 0 {
			p.leader = p.toAct
		}
		g.play(&p, a.Card)
	}
	for q := 0; q < n; q++ {
		if p.hands[q] != s.Hand(q) {
			return p, g, false
		}
	}
	return p, g, p.toAct == int8(s.ToAct()) && p.left > 0
}

// class is the outcome of a finished hand for the declarer side, 0 … 6 for
// the payments −3, −2, −1, 0, +1, +2, +3 per stake (§2.4): a side with 58
// points wins, 57:57 is a tie, the multiplier is 3 if the losers won no
// trick, else 2 if they have fewer than 30 points.
func class(declPts int, declWon, defWon bool) int8 {
	switch {
	case declPts >= troggu.WinPoints:
		if !defWon {
			return 6
		}
		if troggu.PackPoints-declPts < 30 {
			return 5
		}
		return 4
	case declPts <= troggu.PackPoints-troggu.WinPoints:
		if !declWon {
			return 0
		}
		if declPts < 30 {
			return 1
		}
		return 2
	}
	return 3
}

// bounds returns the worst and the best outcome class the declarer side can
// still reach: all the remaining points and tricks to the other side or to
// itself, less what each side surely wins. FOOL in a hand always goes to
// its holder's side (it wins its trick, or goes to his pile powerless); so
// do the trumps of a side above every powered trump of the other side still
// in hand or in the trick, and each such trump but FOOL wins a trick.
func (g *rules) bounds(p *pos) (lo, hi int8) {
	var declT, defT uint64
	for q := int8(0); q < g.n; q++ {
		t := p.hands[q].Lo & trumpWord
		if p.reneged>>uint(q)&1 != 0 {
			t &^= foolBit
		}
		if g.side>>uint(q)&1 != 0 {
			declT |= t
		} else {
			defT |= t
		}
	}
	trickT := p.trick.Lo & trumpWord
	if p.foolSeat >= 0 {
		trickT &^= foolBit
	}
	declSure := declT &^ (1<<uint(bits.Len64(defT|trickT)) - 1)
	defSure := defT &^ (1<<uint(bits.Len64(declT|trickT)) - 1)
	declSure &^= foolBit
	defSure &^= foolBit
	declPts, defPts := sumPoints(declSure), sumPoints(defSure)
	declWon, defWon := p.declWon || declSure != 0, p.defWon || defSure != 0
	if p.live.Lo&foolBit != 0 {
		holder := p.bestSeat
		switch {
		case p.foolSeat >= 0:
			holder = p.foolSeat
		case !p.trick.Has(card.Fool):
			for q := int8(0); q < g.n; q++ {
				if p.hands[q].Lo&foolBit != 0 {
					holder = q
				}
			}
		}
		if g.side>>uint(holder)&1 != 0 {
			declPts += int(points[card.Fool])
		} else {
			defPts += int(points[card.Fool])
		}
	}
	return class(int(p.pts)+declPts, declWon, true),
		class(int(p.pts)+int(p.rem)-defPts, true, defWon)
}

// sumPoints returns the points of the trumps (and FOOL) of a word-0 set.
func sumPoints(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n += int(points[bits.TrailingZeros64(x)])
	}
	return n
}

// moves returns the legal cards of the seat to play less the cards
// equivalent to a lower one (Reduce).
func (g *rules) moves(p *pos, legal card.Set) card.Set { return Reduce(legal, p.live) }

// Reduce returns the legal cards less the cards equivalent to a lower one:
// a card of the same group (the trumps T1 … T21, or one suit) and points
// as the next lower card of live (the cards still in play), which the
// seat also may play, wins and loses exactly the same tricks. A caller who
// does not know whether a card is still in play counts it in live, which
// only keeps more cards.
func Reduce(legal, live card.Set) card.Set {
	out := legal
	for x := legal.Lo & plainWord; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		below := live.Lo & plainWord & (1<<uint(c) - 1)
		if below == 0 {
			continue
		}
		b := 63 - bits.LeadingZeros64(below)
		if legal.Lo>>uint(b)&1 != 0 && points[b] == points[c] {
			out.Lo &^= 1 << uint(c)
		}
	}
	for x := legal.Hi; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		below := live.Hi & (1<<uint(c) - 1) &^ (1<<uint(c&^15) - 1)
		if below == 0 {
			continue
		}
		b := 63 - bits.LeadingZeros64(below)
		if legal.Hi>>uint(b)&1 != 0 && points[64+b] == points[64+c] {
			out.Hi &^= 1 << uint(c)
		}
	}
	return out
}

package ismcts

import (
	"trull/internal/card"
	"trull/internal/game"
)

// chance reports true with probability p/256.
func chance(r *game.FastSource, p uint64) bool { return r.Uint64()&255 < p }

// trickRules are what the card-play policy needs to know of a game.
type trickRules struct {
	// foolTrump: the Fool is the highest trump (Troggu, Strohmandeln);
	// otherwise it is an excuse that never wins (Droggn's Gstieß).
	foolTrump bool
	// size is the number of cards in a complete trick.
	size int
	// pack gives the card points.
	pack *card.Pack
	// strengths and costs hold strength and cost of every card value,
	// made by newTrickRules: the policy looks them up.
	strengths [128]int16
	costs     [128]int32
	// takers[b] holds the cards of the pack that take a trick from b, the
	// card winning it so far (card.None: none yet), by the game's Beats.
	takers [128]card.Set
}

// newTrickRules returns the trick rules of a game with its tables made;
// beats is the game's trick order (droggn.Beats, troggu.Beats,
// strohmandeln.Beats).
func newTrickRules(foolTrump bool, beats func(c, best card.Card) bool, size int, pack *card.Pack) trickRules {
	tr := trickRules{foolTrump: foolTrump, size: size, pack: pack}
	for i := range tr.strengths {
		c := card.Card(i)
		tr.strengths[i] = int16(tr.strengthOf(c))
		tr.costs[i] = int32(tr.costOf(c))
	}
	for i := -1; i < len(pack.Order); i++ {
		b := card.None
		if i >= 0 {
			b = pack.Order[i]
		}
		for _, c := range pack.Order {
			if beats(c, b) {
				tr.takers[b].Add(c)
			}
		}
	}
	return tr
}

// trickView is the current trick as the policy sees it.
type trickView struct {
	n     int // cards played to it so far
	cards [8]card.Card
	seats [8]int8
}

func (t *trickView) add(c card.Card, seat int8) {
	t.cards[t.n], t.seats[t.n] = c, seat
	t.n++
}

// randomShare is the share (out of 256) of card plays the default policy
// makes at random, to keep the playouts varied.
const randomShare = 6

// strength orders cards for trick-taking (strengthOf, from the table).
func (tr *trickRules) strength(c card.Card) int { return int(tr.strengths[c&127]) }

// strengthOf orders cards for trick-taking: trumps above suit cards (the
// Fool above T21 where it is a trump, never winning where it is an excuse),
// suit cards by rank.
func (tr *trickRules) strengthOf(c card.Card) int {
	switch {
	case c == card.Fool && tr.foolTrump:
		return 200
	case c == card.Fool:
		return -1
	case c.IsTrump():
		return 100 + int(c)
	}
	return int(c.Rank())
}

// trumpish reports whether c takes tricks as a trump.
func (tr *trickRules) trumpish(c card.Card) bool {
	return c.IsTrump() || (c == card.Fool && tr.foolTrump)
}

// beats reports whether c, played later, takes a trick whose best card so
// far is best (card.None when no card counts yet), from the game's Beats.
func (tr *trickRules) beats(c, best card.Card) bool { return tr.takers[best&127].Has(c) }

// cost orders cards by what it costs to give them away (costOf, from the
// table).
func (tr *trickRules) cost(c card.Card) int { return int(tr.costs[c&127]) }

// costOf orders cards by what it costs to give them away: points first,
// then trumps above suit cards, then strength.
func (tr *trickRules) costOf(c card.Card) int {
	v := 1000 * tr.pack.Points(c)
	if tr.trumpish(c) {
		v += 400
	}
	return v + tr.strengthOf(c)
}

// cheapest returns the card of s with the least cost; a card of prefer
// counts as cheaper than any other of its points and kind.
func (tr *trickRules) cheapest(s, prefer card.Set) card.Card {
	best, bc := card.None, 1<<30
	for t := s; !t.Empty(); {
		c := t.Pop()
		v := tr.cost(c)
		if prefer.Has(c) {
			v -= 20
		}
		if v < bc {
			best, bc = c, v
		}
	}
	return best
}

// weakest returns the card of s with the least trick-taking strength; a
// suit card of prefer counts as weaker than any other of its suit.
func (tr *trickRules) weakest(s, prefer card.Set) card.Card {
	best, bs := card.None, 1<<30
	for t := s; !t.Empty(); {
		c := t.Pop()
		v := tr.strength(c)
		if prefer.Has(c) && c.IsSuit() {
			v -= 14
		}
		if v < bs {
			best, bs = c, v
		}
	}
	return best
}

// strongest returns the card of s with the greatest trick-taking strength.
func (tr *trickRules) strongest(s card.Set) card.Card {
	best, bs := card.None, -1<<30
	for t := s; !t.Empty(); {
		c := t.Pop()
		if v := tr.strength(c); v > bs {
			best, bs = c, v
		}
	}
	return best
}

// richest returns the card of s worth the most points to give to a
// partner's trick: suit cards only (no trumps, no Fool), the most points,
// the lower card of equals; card.None when s has no suit card.
func (tr *trickRules) richest(s card.Set) card.Card {
	best, bv := card.None, -1
	for t := s; !t.Empty(); {
		c := t.Pop()
		if !c.IsSuit() {
			continue
		}
		if v := 32*tr.pack.Points(c) - int(c.Rank()); v > bv {
			best, bv = c, v
		}
	}
	return best
}

// winning returns the card that takes the trick so far and its seat
// (card.None, -1 for an empty trick or one of excuses only).
func (tr *trickRules) winning(t *trickView) (card.Card, int8) {
	best, seat := card.None, int8(-1)
	for i := 0; i < t.n; i++ {
		if c := t.cards[i]; tr.beats(c, best) {
			best, seat = c, t.seats[i]
		}
	}
	return best, seat
}

// playCtx is what the card-play policy sees: the trick, the seat to play
// and its legal cards, the sides, and every seat's playable cards in the
// determinization (the playouts are simulations of one world, so every
// simulated player may look at it).
type playCtx struct {
	t      trickView
	me     int8
	seats  int
	team   *[8]int8 // team[p] names the side of seat p
	misere bool     // every seat avoids taking points
	legal  card.Set
	hands  [8]card.Set
	// prefer are cards to play first among equals (Strohmandeln's exposed
	// Strohmann tops: playing one turns up the next card).
	prefer card.Set
	// steady turns off the random plays, for reading what a seat played.
	steady bool
}

// trumpsOf returns the cards of s that take tricks as trumps.
func (tr *trickRules) trumpsOf(s card.Set) card.Set {
	if tr.foolTrump {
		return s.Intersect(card.TrumpsAndFool)
	}
	return s.Trumps()
}

// opponents returns the union of the opponents' playable cards.
func (c *playCtx) opponents() card.Set {
	var o card.Set
	for p := 0; p < c.seats; p++ {
		if c.team[p] != c.team[c.me] {
			o = o.Union(c.hands[p])
		}
	}
	return o
}

// play is the default card-play policy (non-empty legal cards). It sees
// the whole determinization, like every simulated player of a playout:
//
//   - Leading: see lead.
//   - Following a partner's trick that no later opponent can beat (or as
//     the last to play): give it the richest suit card that does not
//     overtake it.
//   - Winning: as the last to play, with the weakest winning card; before,
//     with the weakest winning card no later opponent can beat; either
//     only when the trick holds points or the card is no trump.
//   - Otherwise the cheapest card; where the Fool is an excuse (Droggn's
//     Gstieß) it is played instead of a costly card, and before it would
//     be left for the end.
//   - In misère every player ducks with its strongest losing card.
//
// A few plays (randomShare out of 256) are uniformly random.
func (tr *trickRules) play(c *playCtx, rnd *game.FastSource) card.Card {
	legal := c.legal
	if legal.Len() == 1 {
		return legal.Lowest()
	}
	if !c.steady && chance(rnd, randomShare) {
		return rnd.Card(legal)
	}
	if c.t.n == 0 {
		return tr.lead(c)
	}
	t := &c.t
	best, bestSeat := tr.winning(t)
	winners := legal.Intersect(tr.takers[best&127])
	last := t.n == tr.size-1
	if c.misere {
		if losers := legal.Minus(winners); !losers.Empty() {
			return tr.strongest(losers)
		}
		if last {
			return tr.strongest(legal)
		}
		return tr.weakest(legal, c.prefer)
	}
	pts := 0
	for i := 0; i < t.n; i++ {
		pts += tr.pack.Points(t.cards[i])
	}
	gov := tr.governing(t)
	if bestSeat >= 0 && c.team[bestSeat] == c.team[c.me] {
		if last || tr.safe(c, best, gov) {
			losers := legal.Minus(winners)
			if x := tr.richest(losers); x != card.None {
				return x
			}
			if !losers.Empty() {
				return tr.cheapest(losers, c.prefer)
			}
		}
	}
	if !winners.Empty() {
		if last {
			if pts >= t.n+1 || !tr.trumpish(tr.weakest(winners, c.prefer)) {
				return tr.weakest(winners, c.prefer)
			}
		} else {
			// The weakest winner that no later opponent can beat.
			safe, sv := card.None, 1<<30
			for s := winners; !s.Empty(); {
				x := s.Pop()
				if v := tr.strength(x); v < sv && tr.safe(c, x, gov) {
					safe, sv = x, v
				}
			}
			if safe != card.None && (pts >= t.n+1 || !tr.trumpish(safe)) {
				return safe
			}
		}
	}
	low := tr.cheapest(legal.Minus(card.Single(card.Fool)), c.prefer)
	if !tr.foolTrump && legal.Has(card.Fool) && (low == card.None || tr.pack.Points(low) >= 2 || low.IsTrump() ||
		c.hands[c.me].Len() <= 2) {
		return card.Fool
	}
	if low == card.None {
		return tr.cheapest(legal, c.prefer)
	}
	return low
}

// governing returns the card whose suit the trick follows: the first card
// (the first that is not an excuse where the Fool is one).
func (tr *trickRules) governing(t *trickView) card.Card {
	for i := 0; i < t.n; i++ {
		if x := t.cards[i]; tr.foolTrump || x != card.Fool {
			return x
		}
	}
	return card.None
}

// safe reports whether no opponent still to play to the trick can beat x
// (gov is the governing card, card.None when x itself governs).
func (tr *trickRules) safe(c *playCtx, x, gov card.Card) bool {
	if gov == card.None {
		gov = x
	}
	q := c.me
	for i := c.t.n + 1; i < tr.size; i++ {
		if q = tr.nextSeat(c, q); c.team[q] != c.team[c.me] && tr.canBeat(c.hands[q], x, gov) {
			return false
		}
	}
	return true
}

// nextSeat returns the seat after q in the trick (skipping seats without
// cards, such as Droggn's sitting-out dealer).
func (tr *trickRules) nextSeat(c *playCtx, q int8) int8 {
	for range c.seats {
		if q++; int(q) == c.seats {
			q = 0
		}
		if !c.hands[q].Empty() {
			break
		}
	}
	return q
}

// canBeat reports whether a player holding h, following a trick governed
// by gov, could beat x.
func (tr *trickRules) canBeat(h card.Set, x, gov card.Card) bool {
	may := h
	switch {
	case tr.trumpish(gov):
		if t := tr.trumpsOf(h); !t.Empty() {
			may = t
		}
	case gov.IsSuit():
		if f := h.OfSuit(gov.Suit()); !f.Empty() {
			may = f
		} else if t := tr.trumpsOf(h); !t.Empty() {
			may = t
		}
	}
	return may.Overlaps(tr.takers[x&127])
}

// lead chooses the card to lead: in misère the weakest; otherwise a master
// (the best card of a suit that no opponent can beat or ruff, the richest
// first), else the cheapest card other than the Pagat and the Fool.
func (tr *trickRules) lead(c *playCtx) card.Card {
	legal := c.legal
	if c.misere {
		return tr.weakest(legal, c.prefer)
	}
	opp := c.opponents()
	// Suits an opponent can ruff: void in the suit and holding a trump.
	var ruffable [4]bool
	for p := 0; p < c.seats; p++ {
		if c.team[p] == c.team[c.me] || tr.trumpsOf(c.hands[p]).Empty() {
			continue
		}
		for u := card.Suit0; u <= card.Suit3; u++ {
			if !c.hands[p].HasSuit(u) {
				ruffable[u] = true
			}
		}
	}
	// Cash a master: the best card of a suit that no opponent can beat
	// or ruff, the richest first.
	master, mv := card.None, -1
	for u := card.Suit0; u <= card.Suit3; u++ {
		mine := legal.OfSuit(u)
		if mine.Empty() || ruffable[u] {
			continue
		}
		top := mine.Highest()
		if o := opp.OfSuit(u); !o.Empty() && o.Highest().Rank() > top.Rank() {
			continue
		}
		if v := tr.pack.Points(top); v > mv {
			master, mv = top, v
		}
	}
	if master != card.None {
		return master
	}
	rest := legal.Minus(card.Of(card.Pagat, card.Fool))
	if rest.Empty() {
		return tr.cheapest(legal, c.prefer)
	}
	return tr.cheapest(rest, c.prefer)
}

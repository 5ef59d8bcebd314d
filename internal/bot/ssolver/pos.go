package ssolver

import (
	"math/bits"

	"trull/internal/card"
	"trull/internal/games/strohmandeln"
)

// Bits of the set layout (package card): the Tarocks lie in word 0 (T1 …
// T21 at bits 1–21, the Sküs at bit 22), the suits in word 1, 16 bits a
// suit, strongest last; both packs use bits 6–13 of each suit's block.
const (
	tarockWord = 0x7ffffe
	suitBlock  = 0x3fff
)

var (
	t17 = card.Trump(17)
	t18 = card.Trump(18)
	// trullSet and kingsSet are the sets of the Trull and Four Kings bonuses.
	trullSet = card.Of(card.Fool, card.Mond, card.Pagat)
	kingsSet = card.Of(card.SuitCard(card.Suit0, card.King), card.SuitCard(card.Suit1, card.King),
		card.SuitCard(card.Suit2, card.King), card.SuitCard(card.Suit3, card.King))
)

// The Rostopschin as far as the position has come (§3.4): nobody said
// "Ross!"; the T17 trick with "Ross!" is being played; its caller won it
// and must lead T18 with "Topschin!"; the T18 trick is being played; the
// bonus is settled (in pos.extra).
const (
	rossNone uint8 = iota
	rossT17
	rossWait
	rossT18
	rossDone
)

// move is a card play with what is said with it (bits 8–9: a
// strohmandeln Say code).
type move uint16

func mv(c card.Card, say uint8) move { return move(c) | move(say)<<8 }

func (m move) card() card.Card { return card.Card(m) }

func (m move) say() uint8 { return uint8(m >> 8) }

// noMove stands for no move in the table.
const noMove move = 0

// pos is a compact open-card position of the play: what each seat may
// play, the exposed Strohmann tops (the face-down cards behind them follow
// from the tops: rules.revAdd), the trick in progress and what the
// finished tricks decided. It is copied for every move.
type pos struct {
	avail    [2]card.Set // playable cards: hand and exposed tops
	own      [2]card.Set // every card each seat still has: playable or face down
	tops     card.Set    // the exposed tops of both seats
	live     card.Set    // every card not yet in a trick pile, the trick's included
	lead     card.Card   // the card led to the trick in progress, None
	leadTop  bool        // the lead came from a Strohmann top
	leader   int8
	toAct    int8
	left     int8  // tricks not finished, the current one included
	n0       int8  // tricks won by seat 0
	raw0     int16 // raw card points won by seat 0
	rawLive  int16 // raw card points of the live cards
	extra    int8  // settled bonuses, net for seat 0
	won      uint8 // bit 0/1: seat 0/1 won a Trull card; bit 2/3: a king
	announce uint8 // classic: bit 2·seat+i, set i (Trull, Four Kings) announced
	ross     uint8
	rossSeat int8
}

// rules are the constants of one solve: the variant, the contract, the
// Strohmann reveals of the world.
type rules struct {
	r        *strohmandeln.Rules
	points   [128]int8
	thirds   bool
	extended bool
	additive bool // valatReplacesAll=false
	penalty  bool // a captured Uhu or Kakadu pays the captor
	nTricks  int8
	total    int
	minRaw   int // the fewest raw points of a card: 1, or 0 with the 40-card pack's Glatzen
	// gameVal[pts] is seat 0's game result (with doubling and Grammel)
	// when seat 0 ends with pts card points.
	gameVal [211]int8
	// bonusCard[l] is the bonus card of the trick played with l tricks
	// left (T1, T2, T3), None when there is none.
	bonusCard [4]card.Card
	// plain holds the cards no bonus or say looks at, which may be
	// equivalent to a neighbour.
	plain card.Set
	// revAdd[c] are the cards turned up into the playable set after the
	// exposed top c is played; revTop[c] the new exposed top among them
	// (None when the Strohmann is used up).
	revAdd [128]card.Set
	revTop [128]card.Card
}

// sign is +1 for seat 0 and −1 for seat 1: the scores are seat 0's.
func sign(seat int8) int8 { return 1 - 2*seat }

// count returns the card points of a pile of n cards with raw points.
func (g *rules) count(raw, n int) int {
	if g.thirds {
		return 3*raw - 2*n
	}
	return raw
}

// legal returns the cards the seat to play may play (§3.3 Legality), as
// the engine decides: the leader any; the follower the led suit, else a
// Tarock, else any.
func legal(p *pos) card.Set {
	a := p.avail[p.toAct]
	if p.lead == card.None {
		return a
	}
	if p.lead >= 64 {
		if m := a.Hi & (suitBlock << ((p.lead - 64) &^ 15)); m != 0 {
			return card.Set{Hi: m}
		}
	}
	if a.Lo != 0 {
		return card.Set{Lo: a.Lo}
	}
	return a
}

// autoSay returns what the seat to play says with c when it is free to
// choose and the saying can only gain: "Topschin!" with T18 led right after
// a "Ross!" trick it won (without it the bonus is lost anyway).
func autoSay(p *pos, c card.Card) uint8 {
	if c == t18 && p.ross == rossWait && p.lead == card.None && p.toAct == p.rossSeat {
		return strohmandeln.SayTopschin
	}
	return strohmandeln.SayNone
}

// mayRoss reports whether the seat to play may say "Ross!" with T17.
func (g *rules) mayRoss(p *pos) bool {
	return g.extended && p.ross == rossNone && p.avail[p.toAct].Has(t18)
}

// play plays m for the seat to play, as the engine's Apply does: the card
// leaves the playable set, a completed trick goes to its winner with its
// bonuses, and the Strohmänner whose tops were used turn up their next
// cards.
func (g *rules) play(p *pos, m move) {
	s := p.toAct
	c := m.card()
	b := card.Bit(c)
	fromTop := p.tops.Overlaps(b)
	p.avail[s] = p.avail[s].Minus(b)
	p.own[s] = p.own[s].Minus(b)
	p.tops = p.tops.Minus(b)
	g.said(p, s, c, m.say())
	if p.lead == card.None {
		p.lead, p.leadTop, p.leader, p.toAct = c, fromTop, s, 1-s
		return
	}
	a, l := p.lead, p.leader
	w := l
	if strohmandeln.Beats(c, a) {
		w = s
	}
	g.trick(p, a, c, l, w)
	p.live = p.live.Minus(card.Bit(a)).Minus(b)
	p.rawLive -= int16(g.points[a]) + int16(g.points[c])
	if p.leadTop {
		g.reveal(p, l, a)
	}
	if fromTop {
		g.reveal(p, s, c)
	}
	p.lead, p.leadTop, p.leader, p.toAct = card.None, false, w, w
	if !g.extended {
		g.announceAll(p)
	}
}

// said follows the Rostopschin through a card play by seat s (§3.4): a
// "Ross!" opens it; the caller's next lead must be T18 with "Topschin!".
func (g *rules) said(p *pos, s int8, c card.Card, say uint8) {
	switch {
	case say == strohmandeln.SayRoss:
		p.ross, p.rossSeat = rossT17, s
	case p.ross == rossWait && p.lead == card.None:
		if c == t18 && say == strohmandeln.SayTopschin {
			p.ross = rossT18
		} else {
			g.rossLost(p)
		}
	}
}

// rossLost settles a failed Rostopschin: the opponent of the caller +1.
func (g *rules) rossLost(p *pos) {
	p.ross = rossDone
	p.extra -= sign(p.rossSeat)
}

// trick gives the trick of a (led by l) and b to w and settles what it
// decides: the card points, the Trull and king piles, the Pagat, Uhu or
// Kakadu of the last three tricks, the Rostopschin.
func (g *rules) trick(p *pos, a, b card.Card, l, w int8) {
	if w == 0 {
		p.n0++
		p.raw0 += int16(g.points[a]) + int16(g.points[b])
	}
	both := card.Bit(a).Union(card.Bit(b))
	if both.Overlaps(trullSet) {
		p.won |= 1 << uint(w)
	}
	if both.Overlaps(kingsSet) {
		p.won |= 4 << uint(w)
	}
	// The winner of the Pagat's, the Uhu's or the Kakadu's trick gets the
	// bonus: its player won it, or it was captured (the Pagat always pays
	// its captor; the Uhu and Kakadu with silentBonusFailurePenalty).
	if k := p.left; k <= 3 {
		if bc := g.bonusCard[k]; bc != card.None && both.Has(bc) {
			player := l
			if b == bc {
				player = 1 - l
			}
			if player == w || k == 1 || g.penalty {
				p.extra += sign(w)
			}
		}
	}
	switch p.ross {
	case rossT17:
		if w == p.rossSeat {
			p.ross = rossWait
		} else {
			g.rossLost(p)
		}
	case rossT18:
		p.ross = rossDone
		if w == p.rossSeat {
			p.extra += sign(w)
		} else {
			p.extra -= sign(p.rossSeat)
		}
	}
	p.left--
}

// reveal turns up the cards behind the exposed top c of seat s, which was
// just played (§3.3 REVEAL).
func (g *rules) reveal(p *pos, s int8, c card.Card) {
	p.avail[s] = p.avail[s].Union(g.revAdd[c])
	if t := g.revTop[c]; t != card.None {
		p.tops.Add(t)
	}
}

// announceAll makes the classic announcements of both seats that hold a
// whole set: an announcement costs nothing and risks nothing, so a seat
// holding a set announces it before it plays any of its cards (§3.4).
func (g *rules) announceAll(p *pos) {
	for s := int8(0); s < 2; s++ {
		g.announceSeat(p, s)
	}
}

// announceSeat makes seat s's classic announcements that it may make.
func (g *rules) announceSeat(p *pos, s int8) {
	for i, set := range [2]card.Set{trullSet, kingsSet} {
		bit := uint8(1) << uint(2*int(s)+i)
		if p.announce&bit == 0 && set.SubsetOf(p.avail[s]) {
			p.announce |= bit
			p.extra += sign(s)
		}
	}
}

// final returns seat 0's score of a finished hand (§3.4).
func (g *rules) final(p *pos) int {
	extra := int(p.extra)
	if p.ross == rossWait {
		// The "Ross!" trick was the last: no Topschin trick followed.
		extra -= int(sign(p.rossSeat))
	}
	valat := 0
	switch p.n0 {
	case g.nTricks:
		valat = 12
	case 0:
		valat = -12
	}
	if valat != 0 && !g.additive {
		return valat
	}
	v := int(g.gameVal[g.count(int(p.raw0), 2*int(p.n0))]) + extra + valat
	if g.extended {
		v += pileBonus(p.won & 3)
		v += pileBonus(p.won >> 2 & 3)
	}
	return v
}

// pileBonus is seat 0's Trull or Four Kings in tricks from the bits of the
// seats that won cards of the set (every card of it won).
func pileBonus(b uint8) int {
	switch b {
	case 1:
		return 1
	case 2:
		return -1
	}
	return 0
}

// bounds returns the lowest and highest score seat 0 can still end with:
// the game results at the fewest and the most card points seat 0 can end
// with, each bonus still open either way, a Valat while it is possible.
// A seat's sure tricks narrow the card points: its Tarocks above every
// Tarock the other seat still has (the lead of the trick in progress
// counts as its leader's) each win the trick they are played to, with at
// least the cheapest card of the pack from the other seat.
func (g *rules) bounds(p *pos) (lo, hi int) {
	own := p.own
	if p.lead != card.None {
		own[p.leader].Add(p.lead)
	}
	var k, rawM [2]int
	for s := 0; s < 2; s++ {
		t := own[s].Lo & tarockWord
		above := own[1-s].Lo & tarockWord
		m := t &^ (1<<uint(bits.Len64(above)) - 1)
		k[s] = bits.OnesCount64(m)
		rawM[s] = k[s] + 4*bits.OnesCount64(m&trullSet.Lo)
	}
	nLive := p.live.Len()
	min0 := g.count(int(p.raw0)+rawM[0]+k[0]*g.minRaw, 2*int(p.n0)+2*k[0])
	max0 := g.count(int(p.raw0+p.rawLive)-rawM[1]-k[1]*g.minRaw, 2*int(p.n0)+nLive-2*k[1])
	lo, hi = int(g.gameVal[min0]), int(g.gameVal[max0])
	open := 0
	lo += int(p.extra)
	hi += int(p.extra)
	if g.extended {
		trull := p.won & 3
		// The Sküs wins the trick it is played to: the Trull can only end
		// in its holder's pile.
		switch {
		case own[0].Has(card.Fool):
			trull |= 1
		case own[1].Has(card.Fool):
			trull |= 2
		}
		for _, b := range [2]uint8{trull, p.won >> 2 & 3} {
			switch b {
			case 0:
				lo--
				hi++
			case 1:
				hi++
			case 2:
				lo--
			}
		}
		// "Ross!" needs T17 and T18 in one seat's cards.
		both := card.Of(t17, t18)
		if p.ross != rossDone && (p.ross != rossNone || both.SubsetOf(own[0]) || both.SubsetOf(own[1])) {
			open++
		}
	} else {
		for i, set := range [2]card.Set{trullSet, kingsSet} {
			if p.announce>>uint(i)&5 == 0 && set.SubsetOf(p.live) {
				open++
			}
		}
	}
	for l := int8(1); l <= 3 && l <= p.left; l++ {
		if bc := g.bonusCard[l]; bc != card.None && p.live.Has(bc) {
			open++
		}
	}
	lo -= open
	hi += open
	done := g.nTricks - p.left
	v0, v1 := p.n0 == done && k[1] == 0, p.n0 == 0 && k[0] == 0
	switch {
	case g.additive:
		if v0 {
			hi += 12
		}
		if v1 {
			lo -= 12
		}
	default:
		if v0 {
			lo, hi = min(lo, 12), max(hi, 12)
		}
		if v1 {
			lo, hi = min(lo, -12), max(hi, -12)
		}
	}
	return lo, hi
}

// moves writes the moves of the seat to play to dst and returns their
// number: the legal cards less those equivalent to a lower one (a plain
// card of the same group and points as the next lower live card, which the
// seat may also play from its hand), "Ross!" beside T17 where it may be
// said, "Topschin!" with T18 where it is due.
func (g *rules) moves(p *pos, dst *[maxMoves]move) int {
	l := legal(p)
	keep := l.Minus(g.equivalents(p, l))
	n := 0
	ross := keep.Has(t17) && g.mayRoss(p)
	for x := keep; !x.Empty(); {
		c := x.Pop()
		dst[n] = mv(c, autoSay(p, c))
		n++
		if c == t17 && ross {
			dst[n] = mv(c, strohmandeln.SayRoss)
			n++
		}
	}
	return n
}

// equivalents returns the cards of l that are equivalent to a lower card of
// l: both plain, from the hand, of the same points, with no live card of
// their group between them.
func (g *rules) equivalents(p *pos, l card.Set) card.Set {
	var out card.Set
	cand := l.Intersect(g.plain).Minus(p.tops)
	if cand.Len() < 2 {
		return out
	}
	// The live cards in ascending order: a candidate directly above
	// another of its group and points is equivalent to it.
	prev := card.None
	for x := p.live; !x.Empty(); {
		c := x.Pop()
		if prev != card.None && cand.Has(c) && cand.Has(prev) && group(c) == group(prev) &&
			g.points[c] == g.points[prev] {
			out.Add(c)
		}
		prev = c
	}
	return out
}

// group returns the group of c: 0 for the Tarocks, 4 + its suit for a suit
// card.
func group(c card.Card) card.Card {
	if c < 64 {
		return 0
	}
	return c >> 4
}

// representative returns the card that stands for the legal card c in the
// search: the lowest card of its run of equivalent cards.
func (g *rules) representative(p *pos, c card.Card) card.Card {
	eq := g.equivalents(p, legal(p))
	for eq.Has(c) {
		var below card.Set
		if c < 64 {
			below = card.Set{Lo: p.live.Lo & tarockWord & (1<<uint(c) - 1)}
		} else {
			u := uint(c-64) &^ 15
			below = card.Set{Hi: p.live.Hi & (1<<uint(c-64) - 1) &^ (1<<u - 1)}
		}
		c = below.Highest()
	}
	return c
}

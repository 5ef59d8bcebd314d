package rules

import (
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// dgKnow is what a Droggn seat can infer from its view: its own cards, the
// cards others are known to hold (laid out, bought), the cards played, the
// voids shown in play, and the pool of cards whose place it does not know.
type dgKnow struct {
	p    *params
	s    *droggn.State // the view's public skeleton
	r    *droggn.Rules
	pack *card.Pack

	seat, seats, dealer int
	decl                int
	defs                [2]int
	partner             int // the other defender, -1 for the declarer
	contract            droggn.Contract
	isDecl              bool
	k                   int // doublings

	hand       card.Set
	known      [4]card.Set // cards other seats are known to hold
	played     card.Set    // cards in completed tricks and the current trick
	void       [4]card.Set // cards a seat cannot hold (suits and trumps shown void)
	unknown    card.Set    // cards whose place the seat does not know
	sizes      [4]int      // hand sizes
	myDiscards card.Set

	trick      []card.Card
	trickSeats []int8
	trickNo    int
	tricks     int
	// pagatBy is the seat that played T1, -1 while unplayed.
	pagatBy int
}

// newDgKnow reads a Droggn view.
func newDgKnow(v *droggn.View, p *params) *dgKnow {
	s := v.State()
	r := s.Variant()
	k := &dgKnow{p: p, s: s, r: r, pack: r.Pack(), seat: v.Seat, seats: r.Seats(), dealer: v.Dealer,
		decl: s.Declarer(), contract: s.Contract(), k: s.Doublings(), partner: -1, pagatBy: -1,
		trickNo: s.TrickNo(), tricks: r.Tricks()}
	k.hand = s.Hand(k.seat)
	k.isDecl = k.decl == k.seat
	if k.decl >= 0 {
		d1, d2 := s.Defenders()
		k.defs = [2]int{d1, d2}
		switch k.seat {
		case d1:
			k.partner = d2
		case d2:
			k.partner = d1
		}
	}
	for o := 0; o < k.seats; o++ {
		k.sizes[o] = v.HandSizes[o]
		if o != k.seat {
			k.known[o] = s.Hand(o)
		}
	}
	for _, id := range v.Discards {
		if c, err := k.pack.Parse(id); err == nil {
			k.myDiscards.Add(c)
		}
	}
	k.readPlays(s.History())
	k.trick, k.trickSeats = s.Trick()
	k.unknown = k.pack.Cards.Minus(k.hand).Minus(k.played).Minus(k.myDiscards)
	for o := 0; o < k.seats; o++ {
		k.unknown = k.unknown.Minus(k.known[o])
	}
	return k
}

// readPlays collects the played cards, the voids shown and the Pagat's
// player from the action history.
func (k *dgKnow) readPlays(hist []game.Action) {
	var cur [3]card.Card
	n := 0
	for _, a := range hist {
		if a.Kind != game.KindPlay {
			continue
		}
		c, seat := a.Card, int(a.Seat)
		k.played.Add(c)
		if c == card.Pagat {
			k.pagatBy = seat
		}
		pos := n % 3
		cur[pos] = c
		k.void[seat] = k.void[seat].Union(droggn.Void(c, governing(cur[:pos])))
		n++
	}
}

// governing returns the first card of a trick that is not the Gstieß.
func governing(trick []card.Card) card.Card {
	for _, c := range trick {
		if c != card.Fool {
			return c
		}
	}
	return card.None
}

// best returns the card currently winning the trick and its seat.
func (k *dgKnow) best() (card.Card, int) {
	b, w := card.None, -1
	for i, c := range k.trick {
		if droggn.Beats(c, b) {
			b, w = c, int(k.trickSeats[i])
		}
	}
	return b, w
}

// sideOf returns 0 for the declarer and 1 for everyone else.
func (k *dgKnow) sideOf(seat int) int {
	if seat == k.decl {
		return 0
	}
	return 1
}

// friend reports whether seat plays on this seat's side.
func (k *dgKnow) friend(seat int) bool { return seat >= 0 && k.sideOf(seat) == k.sideOf(k.seat) }

// next returns the next active seat after p.
func (k *dgKnow) next(p int) int {
	q := (p + 1) % k.seats
	if k.seats == 4 && q == k.dealer {
		q = (q + 1) % k.seats
	}
	return q
}

// later returns the seats still to play to the current trick after this seat.
func (k *dgKnow) later() []int {
	var out []int
	p := k.seat
	for i := len(k.trick) + 1; i < 3; i++ {
		p = k.next(p)
		out = append(out, p)
	}
	return out
}

// opponents returns the active seats of the other side.
func (k *dgKnow) opponents() []int {
	if k.isDecl {
		return k.defs[:]
	}
	return []int{k.decl}
}

// pNone is the probability that seat o holds none of the cards of x, from
// what this seat knows: certain cards and voids, and otherwise o's unknown
// cards drawn at random from the unknown pool (hypergeometric).
func (k *dgKnow) pNone(o int, x card.Set) float64 {
	return pNoneHeld(x, k.known[o], k.void[o], k.unknown, k.sizes[o]-k.known[o].Len())
}

// pHas is the probability that seat o holds at least one card of x.
func (k *dgKnow) pHas(o int, x card.Set) float64 { return 1 - k.pNone(o, x) }

// higherTrumps returns the trumps above c (all trumps for a suit card).
func higherTrumps(c card.Card) card.Set {
	if !c.IsTrump() {
		return card.TrumpsOnly
	}
	return card.Set{Lo: card.TrumpsOnly.Lo &^ (1<<(uint(c)+1) - 1), Hi: 0}
}

// higherInSuit returns the cards of c's suit that rank above c.
func higherInSuit(c card.Card) card.Set {
	m := card.SuitMask(c.Suit())
	return card.Set{Lo: 0, Hi: m.Hi &^ (1<<(uint(c)-64+1) - 1)}
}

// pBeats is the probability that seat o, playing later to a trick governed
// by gov, can take it from best (o beats it when it can).
func (k *dgKnow) pBeats(o int, best, gov card.Card) float64 {
	if best == card.None {
		return 1
	}
	followTrump := gov == card.None || gov.IsTrump()
	if best.IsTrump() {
		pHi := k.pHas(o, higherTrumps(best))
		if followTrump {
			return pHi
		}
		return pHi * k.pNone(o, card.SuitMask(gov.Suit()))
	}
	if followTrump {
		return 0
	}
	pHigher := k.pHas(o, higherInSuit(best))
	pVoid := k.pNone(o, card.SuitMask(gov.Suit()))
	return pHigher + pVoid*k.pHas(o, card.TrumpsOnly)
}

// outTrumps returns the trumps this seat has not seen: held by others, in
// the talon or discards.
func (k *dgKnow) outTrumps() card.Set {
	return card.TrumpsOnly.Minus(k.hand).Minus(k.played).Minus(k.myDiscards)
}

// expTrumps estimates how many trumps seat o holds.
func (k *dgKnow) expTrumps(o int) float64 {
	known := k.known[o].Trumps().Len()
	if k.void[o].Has(card.Trump(2)) && k.void[o].Has(card.Trump(20)) {
		return float64(known)
	}
	pool := k.unknown.Minus(k.void[o])
	if pool.Empty() {
		return float64(known)
	}
	h := k.sizes[o] - k.known[o].Len()
	return float64(known) + float64(h)*float64(pool.Trumps().Len())/float64(pool.Len())
}

// oppTrumps estimates the trumps the other side holds.
func (k *dgKnow) oppTrumps() float64 {
	t := 0.0
	for _, o := range k.opponents() {
		t += k.expTrumps(o)
	}
	return t
}

// isMaster reports whether no unseen card of c's kind beats c.
func (k *dgKnow) isMaster(c card.Card) bool {
	if c.IsTrump() {
		return !higherTrumps(c).Overlaps(k.outTrumps())
	}
	out := k.pack.Cards.Minus(k.hand).Minus(k.played).Minus(k.myDiscards)
	return !higherInSuit(c).Overlaps(out)
}

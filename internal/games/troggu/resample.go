package troggu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"

	"trull/internal/card"
	"trull/internal/game"
)

// Places of hidden cards in a resample: the hands 0 … 7, the face-down
// Tapp and the Tappist's discards.
const (
	placeTapp     = MaxSeats
	placeDiscards = MaxSeats + 1
	nPlaces       = MaxSeats + 2
)

// sampler is what Resample derives from a view: the known cards, the
// hidden places with their sizes, what each hidden card may be (per
// alternative), and the actions to replay. A View caches its sampler, so
// repeated resampling of one view parses it once.
type sampler struct {
	r        *Rules
	seat     int
	dealer   int
	contract Contract
	decl     int
	merged   bool // the Tappist has taken up the Tapp (Normal)
	forced   bool

	hands    [MaxSeats]card.Set // known hands (the viewer's)
	played   [MaxSeats]card.Set // cards each seat has played
	tappKnow card.Set           // known cards of the face-down Tapp (at the end)
	discKnow card.Set           // known discards
	taken    card.Set           // the Tapp as the viewer (Tappist) took it
	takenOK  bool

	caps    [nPlaces]int
	unknown []card.Card
	alts    []alternative

	actions []game.Action // to replay; hidden discards have card.None
	checked atomic.Bool   // a world has been replayed with checks
	want    []byte        // the view's JSON, compared on the checked replay
}

// alternative is one way the constraints of a view can hold (for instance
// FOOL in the forced Tappist's hand, or in the Tapp with T1 in his hand):
// allowed[i] is the mask of places unknown[i] may lie in.
type alternative struct {
	allowed  []uint16
	weight   float64
	fallback bool // tried only when no other alternative has a solution
}

// Resample returns a complete state consistent with v: the cards v does
// not show are dealt at random among the places the seat cannot see,
// respecting everything v implies: voids and missing trumps shown in play
// (a player who failed to trump may still hold FOOL: a renege is not
// announced), mustOvertrump, the sizes of hands, Tapp and discards, the
// discard rule, and the forced game (FOOL or T1 with the forced Tappist,
// both in the Tapp when a forced game turned into Misère). The state is
// rebuilt by dealing the sampled hands and replaying the public actions on
// the unchecked fast path.
func (r *Rules) Resample(gv game.View, rng *rand.Rand) (game.State, error) {
	s := NewState(r)
	if err := r.ResampleInto(s, gv, rng); err != nil {
		return nil, err
	}
	return s, nil
}

// ResampleInto is Resample into dst, reusing its memory: the same world
// from the same generator. On an error dst holds no valid state.
func (r *Rules) ResampleInto(dst *State, gv game.View, rng *rand.Rand) error {
	v, ok := gv.(*View)
	if !ok {
		return fmt.Errorf("troggu: cannot resample a %T", gv)
	}
	sm := v.sampler.Load()
	if sm == nil || sm.r != r {
		var err error
		if sm, err = newSampler(r, v); err != nil {
			return err
		}
		v.sampler.Store(sm)
	}
	return sm.sample(dst, rng)
}

func parseIDs(ids []string, dst *card.Set) error {
	for _, id := range ids {
		c, err := parseID(id)
		if err != nil {
			return err
		}
		dst.Add(c)
	}
	return nil
}

// newSampler derives the sampler of a view.
func newSampler(r *Rules, v *View) (*sampler, error) {
	n := r.seats
	bad := func(format string, args ...any) (*sampler, error) {
		return nil, fmt.Errorf("troggu: resample: "+format, args...)
	}
	if v.GameName != "troggu" || v.Variant != r.name || v.Players != n {
		return bad("the view is of %s with %d players, the rules are %s", v.Variant, v.Players, r.name)
	}
	if v.Seat < -1 || v.Seat >= n || v.Dealer < 0 || v.Dealer >= n || len(v.HandSizes) != n {
		return bad("bad seat, dealer or hand sizes")
	}
	sm := &sampler{r: r, seat: v.Seat, dealer: v.Dealer, decl: v.Declarer, forced: v.Forced,
		actions: make([]game.Action, 0, histCap)}
	for i, name := range contractNames {
		if name == v.Contract {
			sm.contract = Contract(i)
		}
	}
	ph := -1
	for i, name := range phaseNames {
		if name == v.Phase {
			ph = i
		}
	}
	if ph < 0 || (sm.contract == ContractNone) != (ph == int(phaseBidding)) ||
		sm.decl < -1 || sm.decl >= n || (sm.decl < 0) != (sm.contract == ContractMisere || sm.contract == ContractNone) {
		return bad("inconsistent phase %q, contract %q and declarer %d", v.Phase, v.Contract, v.Declarer)
	}
	sm.merged = sm.contract == ContractNormal && ph >= int(phaseExchange)
	if v.Seat >= 0 {
		if err := parseIDs(v.Hand, &sm.hands[v.Seat]); err != nil {
			return nil, err
		}
		if sm.hands[v.Seat].Len() != v.HandSizes[v.Seat] {
			return bad("the hand of seat %d has %d cards, the view says %d", v.Seat, len(v.Hand), v.HandSizes[v.Seat])
		}
	}
	if err := parseIDs(v.Tapp, &sm.tappKnow); err != nil {
		return nil, err
	}
	if err := parseIDs(v.Discards, &sm.discKnow); err != nil {
		return nil, err
	}
	if len(v.TappTaken) > 0 {
		if err := parseIDs(v.TappTaken, &sm.taken); err != nil {
			return nil, err
		}
		sm.takenOK = true
	}
	if err := sm.parseLog(v); err != nil {
		return nil, err
	}
	plays := 0
	for _, t := range v.allTricks() {
		if len(t.Plays) > n {
			return bad("a trick of %d cards", len(t.Plays))
		}
		plays += len(t.Plays)
	}
	if len(sm.actions)+plays > histCap || plays > n*r.deal.hand {
		return bad("too many actions")
	}
	excl, err := sm.parseTricks(v)
	if err != nil {
		return nil, err
	}
	if sm.want, err = json.Marshal(v); err != nil {
		return nil, err
	}
	return sm, sm.constrain(v, excl)
}

// parseLog turns the bids, the call and the discards into actions.
func (sm *sampler) parseLog(v *View) error {
	for _, e := range v.Log {
		if e.Seat < 0 || e.Seat >= sm.r.seats {
			return fmt.Errorf("troggu: resample: log entry of seat %d", e.Seat)
		}
		a := game.Action{Seat: int8(e.Seat)}
		switch e.Act {
		case "bid":
			a.Kind, a.Call = game.KindBid, bidCode(e.Call)
			if a.Call == 0 {
				return fmt.Errorf("troggu: resample: bad bid %q", e.Call)
			}
			sm.actions = append(sm.actions, a)
		case "call":
			if !callable.Has(card.Trump(e.Trump)) {
				return fmt.Errorf("troggu: resample: bad call of trump %d", e.Trump)
			}
			a.Kind, a.Card = game.KindCall, card.Trump(e.Trump)
			sm.actions = append(sm.actions, a)
		case "discard":
			a.Kind = game.KindDiscard
			if len(e.Cards) > 0 && len(e.Cards) != e.Count {
				return fmt.Errorf("troggu: resample: %d discards but %d cards", e.Count, len(e.Cards))
			}
			for i := 0; i < e.Count; i++ {
				a.Card = card.None
				if len(e.Cards) > 0 {
					c, err := parseID(e.Cards[i])
					if err != nil {
						return err
					}
					a.Card = c
				}
				sm.actions = append(sm.actions, a)
			}
		default:
			return fmt.Errorf("troggu: resample: unknown log act %q", e.Act)
		}
	}
	return nil
}

// parseTricks turns the tricks into play actions and derives what each
// player cannot hold from how he followed (§2.3): a player who did not
// follow a suit is void in it; one who played no trump when a trump was
// required holds no numbered trump (he may hold FOOL: a renege is not
// announced); with mustOvertrump, one who played a trump that does not
// beat the trick holds no higher trump and no FOOL.
func (sm *sampler) parseTricks(v *View) (excl [MaxSeats]card.Set, err error) {
	overtrump := sm.r.opts.MustOvertrump
	for _, t := range v.allTricks() {
		lead, best := card.None, card.None
		for _, pl := range t.Plays {
			c, err := parseID(pl.Card)
			if err != nil {
				return excl, err
			}
			p := pl.Seat
			if p < 0 || p >= sm.r.seats {
				return excl, fmt.Errorf("troggu: resample: play by seat %d", p)
			}
			sm.played[p].Add(c)
			sm.actions = append(sm.actions, game.Action{Seat: int8(p), Kind: game.KindPlay, Card: c})
			switch {
			case pl.Powerless:
				continue
			case lead == card.None:
				lead, best = c, c
				continue
			}
			excl[p] = excl[p].Union(Void(c, lead, best, overtrump))
			if Beats(c, best) {
				best = c
			}
		}
	}
	return excl, nil
}

// constrain computes the hidden places, their sizes and the alternatives.
func (sm *sampler) constrain(v *View, excl [MaxSeats]card.Set) error {
	n := sm.r.seats
	var known card.Set
	for p := 0; p < n; p++ {
		for _, s := range [2]card.Set{sm.hands[p], sm.played[p]} {
			if known.Overlaps(s) {
				return fmt.Errorf("troggu: resample: card(s) %s shown twice", known.Intersect(s))
			}
			known = known.Union(s)
		}
	}
	known = known.Union(sm.tappKnow).Union(sm.discKnow).Union(sm.taken)
	for p := 0; p < n; p++ {
		if p != sm.seat {
			sm.caps[p] = v.HandSizes[p]
		}
	}
	sm.caps[placeTapp] = v.TappSize - sm.tappKnow.Len()
	sm.caps[placeDiscards] = v.DiscardCount - sm.discKnow.Len()
	unknown := card.Troggu62.Cards.Minus(known)
	total := 0
	for _, c := range sm.caps {
		if c < 0 {
			return fmt.Errorf("troggu: resample: negative place size in the view")
		}
		total += c
	}
	if total != unknown.Len() {
		return fmt.Errorf("troggu: resample: %d hidden cards for %d hidden places", unknown.Len(), total)
	}
	sm.unknown = unknown.Cards(make([]card.Card, 0, unknown.Len()))

	var open uint16
	for q, c := range sm.caps {
		if c > 0 {
			open |= 1 << uint(q)
		}
	}
	base := make([]uint16, len(sm.unknown))
	for i, c := range sm.unknown {
		m := open
		for p := 0; p < n; p++ {
			if excl[p].Has(c) {
				m &^= 1 << uint(p)
			}
		}
		base[i] = m
	}
	// only restricts card c to the places in m.
	only := func(al []uint16, c card.Card, m uint16) {
		for i, u := range sm.unknown {
			if u == c {
				al[i] &= m
			}
		}
	}
	d := sm.decl
	declBits := uint16(0)
	if d >= 0 {
		declBits = 1 << uint(d)
	}
	discardable := func(al []uint16, undiscardable card.Set) {
		for i, c := range sm.unknown {
			if undiscardable.Has(c) {
				al[i] &^= 1 << placeDiscards
			}
		}
	}
	clone := func(al []uint16) []uint16 { return append([]uint16(nil), al...) }

	switch {
	case sm.contract == ContractMisere && sm.r.forcedOnAllPass():
		// The forced game failed: FOOL and T1 both lie in the Tapp.
		only(base, card.Fool, 1<<placeTapp)
		only(base, card.Pagat, 1<<placeTapp)
		sm.alts = append(sm.alts, alternative{allowed: base, weight: 1})
	case sm.contract == ContractNormal && sm.forced && !sm.merged:
		// Calling phase of a forced game: FOOL in the Tappist's hand, or
		// FOOL in the Tapp and T1 in his hand.
		a1, a2 := clone(base), clone(base)
		only(a1, card.Fool, declBits)
		only(a2, card.Fool, 1<<placeTapp)
		only(a2, card.Pagat, declBits)
		switch {
		case d == sm.seat && sm.hands[d].Has(card.Fool):
			sm.alts = append(sm.alts, alternative{allowed: base, weight: 1})
		case d == sm.seat:
			sm.alts = append(sm.alts, alternative{allowed: a2, weight: 1})
		case known.Has(card.Pagat):
			sm.alts = append(sm.alts, alternative{allowed: a1, weight: 1})
		default:
			w2 := float64(sm.caps[placeTapp]) / float64(max(1, len(sm.unknown)-1))
			sm.alts = append(sm.alts, alternative{allowed: a1, weight: 1}, alternative{allowed: a2, weight: w2})
		}
	case sm.merged && d != sm.seat:
		if sm.forced {
			only(base, card.Fool, declBits|1<<placeDiscards)
		}
		// The discards hold no 5-point card, unless the Tappist held four
		// kings after taking up the Tapp (tried only when needed).
		a := clone(base)
		discardable(a, fivePoint)
		sm.alts = append(sm.alts, alternative{allowed: a, weight: 1})
		if sm.caps[placeDiscards] > 0 && kings.Intersect(known).SubsetOf(sm.played[d]) {
			b := clone(base)
			if sm.r.opts.FourKingsDiscard == KingsOnly {
				discardable(b, trull)
			}
			for _, k := range kings.Minus(known).Cards(nil) {
				only(b, k, declBits|1<<placeDiscards)
			}
			sm.alts = append(sm.alts, alternative{allowed: b, weight: 1, fallback: true})
		}
	default:
		sm.alts = append(sm.alts, alternative{allowed: base, weight: 1})
	}
	return nil
}

// sample draws one world into dst.
func (sm *sampler) sample(dst *State, rng *rand.Rand) error {
	var whereBuf [maxCards]int8
	where := whereBuf[:len(sm.unknown)]
	var orderBuf [maxAlts]int
	order := sm.tryOrder(rng, orderBuf[:0])
	found := false
	for _, i := range order {
		if sm.assign(rng, sm.alts[i].allowed, where) {
			found = true
			break
		}
	}
	if !found {
		return fmt.Errorf("troggu: resample: no deal is consistent with the view")
	}
	return sm.build(dst, rng, where)
}

// maxCards is the most hidden cards of a resample (the pack's size), and
// maxAlts the most alternatives constrain makes.
const (
	maxCards = 64
	maxAlts  = 4
)

// tryOrder appends to order the alternatives in the order to try: one
// drawn by weight among the regular ones first, then the others,
// fallbacks last.
func (sm *sampler) tryOrder(rng *rand.Rand, order []int) []int {
	sum := 0.0
	for _, a := range sm.alts {
		if !a.fallback {
			sum += a.weight
		}
	}
	x := rng.Float64() * sum
	first := 0
	for i, a := range sm.alts {
		if a.fallback {
			continue
		}
		first = i
		if x < a.weight {
			break
		}
		x -= a.weight
	}
	order = append(order, first)
	for _, fb := range [2]bool{false, true} {
		for i, a := range sm.alts {
			if i != first && a.fallback == fb {
				order = append(order, i)
			}
		}
	}
	return order
}

// assign places every unknown card in an allowed place with room, at
// random: the most constrained cards first, each into a place drawn in
// proportion to its free room; when a card finds no room it takes a place
// along an augmenting path (moving other cards), so a deal is found
// whenever one exists.
func (sm *sampler) assign(rng *rand.Rand, allowed []uint16, where []int8) bool {
	nu := len(sm.unknown)
	caps := sm.caps
	var orderBuf, sortedBuf [maxCards]int
	order := orderBuf[:nu]
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(nu, func(i, j int) { order[i], order[j] = order[j], order[i] })
	// Stable counting sort by the number of allowed places.
	var start [nPlaces + 2]int
	for _, i := range order {
		start[bits.OnesCount16(allowed[i])+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	sorted := sortedBuf[:nu]
	for _, i := range order {
		k := bits.OnesCount16(allowed[i])
		sorted[start[k]] = i
		start[k]++
	}
	for i := range where {
		where[i] = -1
	}
	for _, i := range sorted {
		room := 0
		for m := allowed[i]; m != 0; m &= m - 1 {
			room += caps[bits.TrailingZeros16(m)]
		}
		if room == 0 {
			if !augment(i, allowed, where, &caps) {
				return false
			}
			continue
		}
		x := rng.IntN(room)
		for m := allowed[i]; m != 0; m &= m - 1 {
			q := bits.TrailingZeros16(m)
			if x < caps[q] {
				where[i] = int8(q)
				caps[q]--
				break
			}
			x -= caps[q]
		}
	}
	return true
}

// augment seats card i when all its allowed places are full, by a
// breadth-first search for a chain of moves ending in a place with room.
func augment(i int, allowed []uint16, where []int8, caps *[nPlaces]int) bool {
	var parentCard, parentPlace [nPlaces]int
	var visited uint16
	queue := make([]int, 0, nPlaces)
	for m := allowed[i]; m != 0; m &= m - 1 {
		q := bits.TrailingZeros16(m)
		visited |= 1 << uint(q)
		parentCard[q] = -1
		queue = append(queue, q)
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for j := range where {
			if int(where[j]) != q {
				continue
			}
			for m := allowed[j] &^ visited; m != 0; m &= m - 1 {
				r := bits.TrailingZeros16(m)
				parentCard[r], parentPlace[r] = j, q
				if caps[r] > 0 {
					caps[r]--
					for cur := r; ; {
						j, from := parentCard[cur], parentPlace[cur]
						where[j] = int8(cur)
						if parentCard[from] < 0 {
							where[i] = int8(from)
							return true
						}
						cur = from
					}
				}
				visited |= 1 << uint(r)
				queue = append(queue, r)
			}
		}
	}
	return false
}

// build deals the sampled world into s and replays the actions. The
// first world of a sampler is replayed with the checked Apply, which
// rejects a view that is not consistent (say, edited by hand); later ones
// take the fast path.
func (sm *sampler) build(s *State, rng *rand.Rand, where []int8) error {
	r := sm.r
	n := r.seats
	var now [nPlaces]card.Set
	for p := 0; p < n; p++ {
		now[p] = sm.hands[p]
	}
	now[placeTapp] = sm.tappKnow
	now[placeDiscards] = sm.discKnow
	for i, c := range sm.unknown {
		now[where[i]].Add(c)
	}
	var hands [MaxSeats]card.Set
	for p := 0; p < n; p++ {
		hands[p] = now[p].Union(sm.played[p])
	}
	tapp := now[placeTapp]
	if sm.merged {
		d := sm.decl
		all := hands[d].Union(now[placeDiscards])
		if sm.takenOK {
			tapp = sm.taken
		} else {
			// Which of the Tappist's cards came from the Tapp is unknown:
			// any choice will do, keeping FOOL in the hand of a forced
			// Tappist.
			pool := all
			if sm.forced {
				pool.Remove(card.Fool)
			}
			if pool.Len() < r.deal.tapp {
				return fmt.Errorf("troggu: resample: the Tappist holds too few cards")
			}
			for k := 0; k < r.deal.tapp; k++ {
				c := game.RandomCard(rng, pool)
				pool.Remove(c)
				tapp.Add(c)
			}
		}
		hands[d] = all.Minus(tapp)
	}
	hidden := now[placeDiscards].Minus(sm.discKnow)
	*s = State{r: r, n: int8(r.seats)}
	s.dealSets(&hands, tapp, sm.dealer)
	checked := !sm.checked.Load()
	for i, a := range sm.actions {
		if a.Kind == game.KindDiscard && a.Card == card.None {
			a.Card = hidden.Pop()
		}
		if !checked {
			s.ApplyUnchecked(a)
		} else if err := s.Apply(a); err != nil {
			return fmt.Errorf("troggu: resample: the view is not consistent: action %d: %v", i, err)
		}
	}
	if checked {
		got, err := json.Marshal(s.view(game.ViewerOf(sm.seat)))
		if err != nil || !bytes.Equal(got, sm.want) {
			return fmt.Errorf("troggu: resample: the view is not consistent: no deal shows it")
		}
		sm.checked.Store(true)
	}
	return nil
}

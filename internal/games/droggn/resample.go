package droggn

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
)

// Slots of a resampling: the other seats' hands (0–3), the talon, the discards.
const (
	slotTalon   = 4
	slotDiscard = 5
	numSlots    = 6
)

// Resample deals the cards the view's seat cannot see at random into the
// places it cannot see, consistent with everything the view shows: hand
// sizes, voids shown in play, laid-out and bought cards, a shown talon or a
// lost buy (those cards lie in the declarer's hand or discards), the discard
// rules, and the forced Gstieß of gstiessLastTrick=illegal.
func (r *Rules) Resample(gv game.View, rng *rand.Rand) (game.State, error) {
	v, ok := gv.(*View)
	if !ok || v.pub == nil || v.pub.r != r {
		return nil, errors.New("droggn: Resample needs a droggn view of the same rules")
	}
	return v.Sample(rng)
}

// Sample is Resample with the concrete types.
func (v *View) Sample(rng *rand.Rand) (*State, error) {
	w := v.pub.Copy()
	if err := w.fill(v, rng); err != nil {
		return nil, err
	}
	return w, nil
}

// SampleInto is Sample into dst, reusing its memory: the same world from
// the same generator. On an error dst holds no valid state.
func (v *View) SampleInto(dst *State, rng *rand.Rand) error {
	v.pub.CopyInto(dst)
	return dst.fill(v, rng)
}

// constraints computes, for each seat, the cards it cannot hold: suits and
// trumps it showed void in, and the Gstieß when it did not play it to the
// second-to-last trick under gstiessLastTrick=illegal.
func (s *State) constraints() [4]card.Set {
	var no [4]card.Set
	var gov card.Card
	n := 0
	for _, a := range s.hist {
		if a.Kind != game.KindPlay {
			continue
		}
		pos := n % 3
		if pos == 0 {
			gov = card.None
		}
		c := a.Card
		seat := a.Seat
		no[seat] = no[seat].Union(Void(c, gov))
		if gov == card.None && c != card.Fool {
			gov = c
		}
		if s.r.gstiessIllega && n/3 == s.r.tricks-2 && c != card.Fool && !(s.foolLaid && seat == s.declarer) {
			no[seat].Add(card.Fool)
		}
		n++
	}
	return no
}

// samplePlan is what every world sampled for a view shares: the number of
// hidden cards of each slot, and each hidden card with the mask of the
// slots it may go to. A View computes it once (View.plan).
type samplePlan struct {
	need    [numSlots]int
	nc      int
	cards   [80]card.Card
	allowed [80]uint8 // allowed[i] is a bitmask of the slots cards[i] may go to
	slots   [80]uint8 // the number of slots cards[i] may go to
	err     error
}

// plan returns the view's sample plan, made on first use.
func (v *View) plan() *samplePlan {
	if p := v.sampling.Load(); p != nil {
		return p
	}
	p := v.pub.newPlan(v)
	v.sampling.Store(p)
	return p
}

// newPlan derives the sample plan of view v from its public skeleton w.
func (w *State) newPlan(v *View) *samplePlan {
	p := &samplePlan{}
	seat := v.Seat
	need := &p.need
	for o := 0; o < w.r.seats; o++ {
		if o != seat && w.active(o) {
			need[o] = v.HandSizes[o] - w.hands[o].Len()
		}
	}
	need[slotTalon] = v.TalonSize
	if seat < 0 || seat != int(w.declarer) {
		need[slotDiscard] = int(w.discarded)
	}
	// Cards whose identity the seat knows but whose place it does not: a
	// shown talon and the asked card of a lost buy lie in the declarer's hand
	// or among the discards.
	played := w.piles[0].Union(w.piles[1])
	for i := int8(0); i < w.trickLen; i++ {
		played.Add(w.trick[i])
	}
	var flex card.Set
	if seat < 0 || seat != int(w.declarer) {
		flex = w.shown
		if w.buyLost && w.buyAsked != card.None {
			flex.Add(w.buyAsked)
		}
		if seat >= 0 {
			flex = flex.Minus(w.hands[seat])
		}
		flex = flex.Minus(played)
		for o := 0; o < w.r.seats; o++ {
			flex = flex.Minus(w.hands[o])
		}
	}
	pool := w.r.pack.Cards.Minus(v.known).Union(flex)
	total := 0
	for _, n := range need {
		total += n
	}
	if total != pool.Len() {
		p.err = fmt.Errorf("droggn: resample: %d hidden places for %d unknown cards", total, pool.Len())
		return p
	}
	no := w.constraints()
	trull := card.Of(card.Fool, card.Mond, card.Pagat)
	for t := pool; !t.Empty(); {
		c := t.Pop()
		var m uint8
		for sl := 0; sl < numSlots; sl++ {
			if need[sl] == 0 {
				continue
			}
			switch {
			case sl < 4 && no[sl].Has(c):
			case sl == slotDiscard && trull.Has(c):
			case flex.Has(c) && sl != slotDiscard && sl != int(w.declarer):
			default:
				m |= 1 << sl
			}
		}
		p.cards[p.nc], p.allowed[p.nc], p.slots[p.nc] = c, m, uint8(bits.OnesCount8(m))
		p.nc++
	}
	return p
}

// fill deals the hidden cards of w, a copy of v's public skeleton.
func (w *State) fill(v *View, rng *rand.Rand) error {
	p := v.plan()
	if p.err != nil {
		return p.err
	}
	var out [numSlots]card.Set
	ok := false
	for try := 0; try < 64 && !ok; try++ {
		ok = w.tryAssign(p, &out, rng)
	}
	if !ok && !w.searchAssign(p.cards[:p.nc], p.allowed[:p.nc], p.need, &out) {
		return errors.New("droggn: resample: no deal is consistent with the view")
	}
	for o := 0; o < 4; o++ {
		w.hands[o] = w.hands[o].Union(out[o])
	}
	w.talon = out[slotTalon]
	if p.need[slotDiscard] > 0 {
		w.discards = out[slotDiscard]
		d := out[slotDiscard]
		for i := range w.hist {
			if w.hist[i].Kind == game.KindDiscard {
				w.hist[i].Card = d.Pop()
			}
		}
	}
	if w.offered == card.None && w.buyFrom >= 0 {
		cand := w.hands[w.buyFrom].Minus(w.pinned(game.Spectator, int(w.buyFrom)))
		if !cand.Empty() {
			w.offered = game.RandomCard(rng, cand)
			for i := range w.hist {
				if w.hist[i].Kind == game.KindBuy {
					w.hist[i].Card = w.offered
				}
			}
		}
	}
	return nil
}

// tryAssign places the cards of p most-constrained first, each into a
// random allowed slot weighted by its free room; it fails on a dead end.
func (w *State) tryAssign(p *samplePlan, out *[numSlots]card.Set, rng *rand.Rand) bool {
	*out = [numSlots]card.Set{}
	room := p.need
	// Order: fewer allowed slots first, random among equals.
	var order [80]uint8
	n := p.nc
	for i := range n {
		order[i] = uint8(i)
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	// A stable counting sort by the number of allowed slots.
	var start [numSlots + 2]int
	for _, i := range order[:n] {
		start[p.slots[i]+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	var ord [80]uint8
	for _, i := range order[:n] {
		k := p.slots[i]
		ord[start[k]] = i
		start[k]++
	}
	for _, i := range ord[:n] {
		m := p.allowed[i]
		total := 0
		for sl := 0; sl < numSlots; sl++ {
			if m>>sl&1 != 0 {
				total += room[sl]
			}
		}
		if total == 0 {
			return false
		}
		x := rng.IntN(total)
		for sl := 0; sl < numSlots; sl++ {
			if m>>sl&1 == 0 {
				continue
			}
			if x < room[sl] {
				out[sl].Add(p.cards[i])
				room[sl]--
				break
			}
			x -= room[sl]
		}
	}
	return w.discardsOK(out[slotDiscard], p.need[slotDiscard])
}

func (w *State) discardsOK(d card.Set, n int) bool {
	return n == 0 || w.kingRuleOK(countKings(d), d.Trumps().Len())
}

// searchAssign finds any valid assignment by depth-first search (used when
// random tries keep failing under tight constraints).
func (w *State) searchAssign(cards []card.Card, allowed []uint8, need [numSlots]int, out *[numSlots]card.Set) bool {
	*out = [numSlots]card.Set{}
	room := need
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(cards) {
			return w.discardsOK(out[slotDiscard], need[slotDiscard])
		}
		for sl := 0; sl < numSlots; sl++ {
			if allowed[i]>>sl&1 == 0 || room[sl] == 0 {
				continue
			}
			out[sl].Add(cards[i])
			room[sl]--
			if rec(i + 1) {
				return true
			}
			room[sl]++
			out[sl].Remove(cards[i])
		}
		return false
	}
	return rec(0)
}

package strohmandeln

import (
	"fmt"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
)

// Resample returns a complete state consistent with the view v of one seat.
// The cards the seat cannot see (the opponent's unknown hand cards and
// every face-down Strohmann card, the seat's own included) are dealt
// uniformly at random among those places, respecting the voids the opponent
// showed (a player who did not follow suit held no card of that suit in
// hand, and none as an exposed top; one who did not play a Tarock held
// none). Face-down cards are not constrained by voids: the player could not
// use them. The public history is replayed on the rebuilt deal (at most 61
// actions on the fast path), which reproduces every public fact exactly.
func (r *Rules) Resample(gv game.View, rng *rand.Rand) (game.State, error) {
	v, ok := gv.(*View)
	if !ok {
		return nil, fmt.Errorf("%s: resample needs a *strohmandeln.View, got %T", Name, gv)
	}
	s := r.NewHand()
	if err := r.ResampleInto(s, v, rng); err != nil {
		return nil, err
	}
	return s, nil
}

// ResampleInto is Resample into an existing state, reusing its memory. It
// does not allocate when v came from State.View.
func (r *Rules) ResampleInto(s *State, v *View, rng *rand.Rand) error {
	var deck [54]card.Card
	hist, err := r.resampleDeck(&deck, v, rng)
	if err != nil {
		return err
	}
	s.r = r
	s.Reset(deck[:r.pack.Size()], v.Dealer)
	if v.data.trusted {
		for _, a := range hist {
			s.ApplyUnchecked(a)
		}
		return nil
	}
	// A view that did not come from State.View is replayed with checks.
	for i, a := range hist {
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%s: the view's action %d: %v", Name, i, err)
		}
	}
	return nil
}

// resampleDeck deals a deck consistent with v and returns it with the
// public history to replay on it.
func (r *Rules) resampleDeck(deck *[54]card.Card, v *View, rng *rand.Rand) ([]game.Action, error) {
	if v.Seat != 0 && v.Seat != 1 {
		return nil, fmt.Errorf("%s: resample needs a player's view, not seat %d's", Name, v.Seat)
	}
	if v.Variant != r.canon {
		return nil, fmt.Errorf("%s: the view is of %s, the rules are %s", Name, v.Variant, r.canon)
	}
	d := v.data
	if d == nil {
		var err error
		if d, err = r.parseView(v); err != nil {
			return nil, err
		}
		v.data = d
	}
	if len(d.hist) > maxHist {
		return nil, fmt.Errorf("%s: view has %d actions", Name, len(d.hist))
	}
	if v.Dealer != 0 && v.Dealer != 1 {
		return nil, fmt.Errorf("%s: view has dealer %d", Name, v.Dealer)
	}
	me, opp := v.Seat, 1-v.Seat
	role := func(seat int) int {
		if seat == v.Dealer {
			return 1
		}
		return 0
	}

	var placed card.Set
	var turned [2]card.Set
	for seat := 0; seat < 2; seat++ {
		for k := 0; k < 3; k++ {
			n := int(d.nturned[seat][k])
			if n > int(r.pileN[k]) {
				return nil, fmt.Errorf("%s: view turns %d cards of a Strohmann of %d", Name, n, r.pileN[k])
			}
			for j := 0; j < n; j++ {
				c := d.turned[seat][k][j]
				deck[r.pileIdx[role(seat)][k][j]] = c
				turned[seat].Add(c)
			}
		}
		placed = placed.Union(turned[seat])
	}

	// Dealt hands: the cards known to have come from the hand, and the
	// voids of the opponent, from the plays.
	var dealt [2]card.Set
	var void card.Set
	var lead card.Card
	plays := 0
	for _, a := range d.hist {
		if a.Kind != game.KindPlay {
			continue
		}
		seat := int(a.Seat)
		if seat < 0 || seat > 1 {
			return nil, fmt.Errorf("%s: view has an action by seat %d", Name, seat)
		}
		if !turned[seat].Has(a.Card) {
			dealt[seat].Add(a.Card)
		}
		if plays%2 == 0 {
			lead = a.Card
		} else if seat == opp {
			void = void.Union(Void(a.Card, lead))
		}
		plays++
	}
	dealt[me] = dealt[me].Union(d.hand.Minus(turned[me]))
	dealt[opp] = dealt[opp].Union(d.known[opp].Minus(turned[opp]))
	if dealt[me].Overlaps(dealt[opp]) || dealt[me].Overlaps(placed) || dealt[opp].Overlaps(placed) {
		return nil, fmt.Errorf("%s: the view places a card twice", Name)
	}
	hidden := r.handSize - dealt[opp].Len()
	if dealt[me].Len() != r.handSize || hidden < 0 {
		return nil, fmt.Errorf("%s: the view's hands do not add up (%d and %d known dealt cards)", Name, dealt[me].Len(), dealt[opp].Len())
	}
	pool := r.pack.Cards.Minus(placed).Minus(dealt[me]).Minus(dealt[opp])
	allowed := pool.Minus(void)
	if allowed.Len() < hidden {
		return nil, fmt.Errorf("%s: the view leaves %d cards for %d hidden hand cards", Name, allowed.Len(), hidden)
	}
	// Choose the opponent's hidden hand cards uniformly among the allowed
	// cards; the rest fill the face-down places in random order.
	for i := 0; i < hidden; i++ {
		c := allowed.Nth(rng.IntN(allowed.Len()))
		allowed.Remove(c)
		pool.Remove(c)
		dealt[opp].Add(c)
	}
	var rest [54]card.Card
	n := 0
	for t := pool; !t.Empty(); n++ {
		rest[n] = t.Pop()
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		rest[i], rest[j] = rest[j], rest[i]
	}
	used := 0
	for seat := 0; seat < 2; seat++ {
		for k := 0; k < 3; k++ {
			for j := int(d.nturned[seat][k]); j < int(r.pileN[k]); j++ {
				if used == n {
					return nil, fmt.Errorf("%s: too few hidden cards for the face-down Strohmann places", Name)
				}
				deck[r.pileIdx[role(seat)][k][j]] = rest[used]
				used++
			}
		}
		i := 0
		for t := dealt[seat]; !t.Empty(); i++ {
			deck[r.handIdx[role(seat)][i]] = t.Pop()
		}
	}
	if used != n {
		return nil, fmt.Errorf("%s: %d hidden cards for %d face-down places", Name, n, used)
	}
	return d.hist, nil
}

// parseView rebuilds the typed data of a view that came without it (for
// example one decoded from JSON).
func (r *Rules) parseView(v *View) (*viewData, error) {
	d := &viewData{}
	p := r.pack
	parse := func(ids []string) (card.Set, error) {
		var s card.Set
		for _, id := range ids {
			c, err := p.Parse(id)
			if err != nil {
				return s, err
			}
			s.Add(c)
		}
		return s, nil
	}
	var err error
	if d.hand, err = parse(v.Hand); err != nil {
		return nil, err
	}
	for seat := 0; seat < 2; seat++ {
		pv := &v.Players[seat]
		if d.known[seat], err = parse(pv.Known); err != nil {
			return nil, err
		}
		for k, pile := range pv.Strohmaenner {
			if len(pile.Turned) > 4 {
				return nil, fmt.Errorf("%s: Strohmann with %d turned cards", Name, len(pile.Turned))
			}
			for j, id := range pile.Turned {
				c, err := p.Parse(id)
				if err != nil {
					return nil, err
				}
				d.turned[seat][k][j] = c
			}
			d.nturned[seat][k] = uint8(len(pile.Turned))
		}
	}
	for i, av := range v.Actions {
		if av.Act == "play" && av.Card == "" {
			return nil, fmt.Errorf("%s: the view's action %d is a card played to a trick the seat may not look back at: resampling needs the seat's memory of it (a view from State.View, or one with open review)", Name, i)
		}
		a, err := decodeView(av, p)
		if err != nil {
			return nil, err
		}
		d.hist = append(d.hist, a)
	}
	return d, nil
}

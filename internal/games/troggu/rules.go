package troggu

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// Seat limits.
const (
	MinSeats = 3
	MaxSeats = 8
	// maxTricks is the largest hand (3 players).
	maxTricks = 18
	// histCap holds every action of any hand: 8 bids, a call, up to 10
	// discards and at most 56 card plays.
	histCap = 80
)

// dealRow is one row of the deal table (§2.1): the Tapp size, the packets
// each player receives in turn, and the resulting hand size.
type dealRow struct {
	tapp     int
	packets  [3]int
	npackets int
	hand     int
}

var dealTable = [MaxSeats + 1]dealRow{
	3: {tapp: 8, packets: [3]int{6, 6, 6}, npackets: 3, hand: 18},
	4: {tapp: 10, packets: [3]int{4, 4, 5}, npackets: 3, hand: 13},
	5: {tapp: 7, packets: [3]int{4, 4, 3}, npackets: 3, hand: 11},
	6: {tapp: 8, packets: [3]int{4, 5}, npackets: 2, hand: 9},
	7: {tapp: 6, packets: [3]int{4, 4}, npackets: 2, hand: 8},
	8: {tapp: 6, packets: [3]int{4, 3}, npackets: 2, hand: 7},
}

// Rules is an immutable Troggu variant: options and number of players.
// Build it with New, NewRules, Default or MustParse.
type Rules struct {
	opts  Options
	seats int
	deal  dealRow
	name  string
	// owner[dealer][i] is the seat (or placeTapp) that receives deck[i].
	owner [MaxSeats][62]uint8
}

// TappSize returns the number of cards in the Tapp.
func (r *Rules) TappSize() int { return r.deal.tapp }

// HandSize returns the number of cards dealt to each player, which is also
// the number of tricks.
func (r *Rules) HandSize() int { return r.deal.hand }

// Calling reports whether a Tappist calls a partner (7 and 8 players).
func (r *Rules) Calling() bool { return r.seats >= 7 }

// forcedOnAllPass reports whether an all-pass forces the holder of FOOL (or
// T1) to play a Normal game instead of Misère.
func (r *Rules) forcedOnAllPass() bool {
	switch r.opts.AllPassRule {
	case AlwaysMisere:
		return false
	case AlwaysForced:
		return true
	}
	return r.seats >= 7
}

// NewState deals deck with the given dealer and returns the state before
// the first bid.
func (r *Rules) NewState(deck []card.Card, dealer int) (game.State, error) {
	if err := r.checkDeck(deck); err != nil {
		return nil, err
	}
	if dealer < 0 || dealer >= r.seats {
		return nil, fmt.Errorf("troggu: dealer %d is not a seat (0…%d)", dealer, r.seats-1)
	}
	s := NewState(r)
	s.Reset(deck, dealer)
	return s, nil
}

func (r *Rules) checkDeck(deck []card.Card) error {
	p := r.Pack()
	if len(deck) != p.Size() {
		return fmt.Errorf("troggu: the deck has %d cards, the %s pack has %d", len(deck), p.Name, p.Size())
	}
	var seen card.Set
	for i, c := range deck {
		if !p.Has(c) {
			return fmt.Errorf("troggu: deck[%d] is not a card of the %s pack", i, p.Name)
		}
		if seen.Has(c) {
			return fmt.Errorf("troggu: deck[%d]: card %s appears twice", i, p.ID(c))
		}
		seen.Add(c)
	}
	return nil
}

// NextDealer returns next(dealer): the deal passes to the right after every
// hand, Misère included (§2.2). Troggu has no throw-in.
func (r *Rules) NextDealer(dealer int, _ game.Result) int { return (dealer + 1) % r.seats }

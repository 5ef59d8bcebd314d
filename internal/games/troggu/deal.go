package troggu

import "trull/internal/card"

// Reset deals deck (a permutation of the 62-card pack, deck[0] the top
// card) with the given dealer, reusing s's memory. The canonical deal of
// §2.2: the Tapp is deck[0 … T−1]; then for each packet size of the deal
// table, each player in turn from next(dealer) receives that many cards.
// Reset does not check the deck; Rules.NewState does.
func (s *State) Reset(deck []card.Card, dealer int) {
	var sets [16]card.Set // the seats' hands, then the Tapp at placeTapp
	own := &s.r.owner[dealer]
	for i, c := range deck[:len(own)] {
		sets[own[i]&15].Add(c)
	}
	hands := (*[MaxSeats]card.Set)(sets[:MaxSeats])
	s.dealSets(hands, sets[placeTapp], dealer)
}

// dealOwners returns, for each dealer, who receives each card of the deck:
// a seat, or placeTapp.
func dealOwners(n int, d dealRow) (own [MaxSeats][62]uint8) {
	for dealer := 0; dealer < n; dealer++ {
		o := &own[dealer]
		i := 0
		for ; i < d.tapp; i++ {
			o[i] = placeTapp
		}
		for k := 0; k < d.npackets; k++ {
			for j := 1; j <= n; j++ {
				for m := 0; m < d.packets[k]; m++ {
					o[i] = uint8((dealer + j) % n)
					i++
				}
			}
		}
	}
	return own
}

// dealSets starts a hand with the given hands and Tapp.
func (s *State) dealSets(hands *[MaxSeats]card.Set, tapp card.Set, dealer int) {
	*s = State{r: s.r, n: int8(s.r.seats), dealer: int8(dealer),
		declarer: -1, normalBy: -1, partner: -1, leader: -1, bestSeat: -1, foolSeat: -1,
		hands: *hands, tapp: tapp, lastNo: uint8(s.r.deal.hand - 1), overtrump: s.r.opts.MustOvertrump}
	s.toAct = s.next(s.dealer)
}

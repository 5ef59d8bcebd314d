package droggn

import (
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
)

// RandomAction returns a uniformly random legal action without listing
// every buy (fast path for simulations; no allocation). It draws one
// number from rng; except for a buy, its action is the one Legal lists at
// index rng.IntN(number of legal actions).
func (s *State) RandomAction(rng *rand.Rand) game.Action {
	seat := s.toAct
	switch s.phase {
	case PhBid:
		// Legal lists pass, then the contracts above the current one.
		i := rng.IntN(int(SuperMord-s.contract) + 1)
		if i > 0 {
			i += int(s.contract)
		}
		return callActions[seat&3].bid[i]
	case PhLayout:
		// Legal lists none, T1 if held, FOOL if it may be laid out.
		hasPagat := s.hands[seat].Has(card.Pagat)
		n := 1
		if hasPagat {
			n++
		}
		if s.mayLayOutFool(seat) {
			n++
		}
		i := rng.IntN(n)
		if i == 1 && !hasPagat {
			i = 2
		}
		return callActions[seat&3].layout[i]
	case PhDouble:
		acts := &callActions[seat&3]
		if rng.IntN(2) == 0 {
			return acts.double[0]
		}
		return acts.double[s.doubleUp()]
	case PhPlay:
		return game.Action{Seat: seat, Kind: game.KindPlay, Card: game.RandomCard(rng, s.LegalCards())}
	case PhDiscard:
		return game.Action{Seat: seat, Kind: game.KindDiscard, Card: game.RandomCard(rng, s.legalDiscards())}
	case PhBuy:
		offers := s.hands[seat]
		if s.r.buyRestricted {
			offers = offers.Minus(card.Of(card.Fool, card.Mond, card.Pagat)).Minus(kingsMask)
		}
		n := offers.Len() * s.r.pack.Size()
		i := rng.IntN(n + 1)
		if i == n {
			return game.Action{Seat: seat, Kind: game.KindBuy}
		}
		return game.Action{Seat: seat, Kind: game.KindBuy, Card: offers.Nth(i / s.r.pack.Size()),
			Card2: s.r.pack.Order[i%s.r.pack.Size()]}
	}
	var buf [8]game.Action
	l := s.Legal(buf[:0])
	return l[rng.IntN(len(l))]
}

var kingsMask = card.Of(card.SuitCard(card.Suit0, card.King), card.SuitCard(card.Suit1, card.King),
	card.SuitCard(card.Suit2, card.King), card.SuitCard(card.Suit3, card.King))

// FastScore returns the declarer's hand result X of a finished hand (0 for
// a throw-in) without building a Result (no allocation).
func (s *State) FastScore() int {
	if s.contract == NoContract {
		return 0
	}
	x, _ := s.r.score(s.tally(), false)
	return x
}

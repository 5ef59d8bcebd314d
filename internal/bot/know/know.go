// Package know holds each game's knowledge that the bots share, once: the
// features of a hand (Features, one function for the three games), the
// strength fits read over them with the chance of winning they give
// (PWin), the rankers of discards, buys and calls, and the inference of
// hidden Droggn hands from the bidding (SampleDroggn). The hand-written
// strategies (package rules), the Perfect-Information Monte Carlo player
// (package pimc) and the information-set search (package ismcts) all read
// it; it imports only the cards, the game contract and the engines.
//
// Where two players were measured with different numbers for the same
// estimate, both are kept here as named, documented parameter sets
// (TrogguNormal and TrogguNormalPolicy), so that each player's recorded
// strength (docs/STRENGTH.md) still holds.
package know

import (
	"math"

	"trull/internal/card"
)

// Feat are the features of a hand that the strength fits read. Every game
// reads the same features of its cards; which of them a fit weighs is the
// fit's own (Droggn's read Guarded and ShortRisk, Strohmandeln's count the
// Fool among the Tarocks).
type Feat struct {
	Trumps int // T1…T21, the Fool apart
	High   int // T15…T20
	Mond   int // T21: 0 or 1
	Fool   int // the Fool (Gstieß, Sküs): 0 or 1
	Pagat  int // T1: 0 or 1
	Kings  int
	Queens int
	Courts int // knights and jacks
	Voids  int // suits without a card
	// Guarded counts the suits whose queen the king backs.
	Guarded int
	// ShortRisk counts the queens, knights and jacks without their king in
	// suits of at most two cards: likely to be lost.
	ShortRisk int
	// Long is the length of the longest suit.
	Long int
}

// Tarocks returns the trumps with the Fool (Strohmandeln's Tarocks).
func (f Feat) Tarocks() int { return f.Trumps + f.Fool }

// Features reads the features of a hand.
func Features(h card.Set) Feat {
	f := Feat{Trumps: h.Trumps().Len()}
	for n := 15; n <= 20; n++ {
		if h.Has(card.Trump(n)) {
			f.High++
		}
	}
	if h.Has(card.Mond) {
		f.Mond = 1
	}
	if h.Has(card.Fool) {
		f.Fool = 1
	}
	if h.Has(card.Pagat) {
		f.Pagat = 1
	}
	for u := card.Suit0; u <= card.Suit3; u++ {
		s := h.OfSuit(u)
		n := s.Len()
		f.Long = max(f.Long, n)
		if n == 0 {
			f.Voids++
			continue
		}
		king := s.Has(card.SuitCard(u, card.King))
		if king {
			f.Kings++
		}
		for _, r := range [3]card.Rank{card.Queen, card.Knight, card.Jack} {
			if !s.Has(card.SuitCard(u, r)) {
				continue
			}
			if r == card.Queen {
				f.Queens++
			} else {
				f.Courts++
			}
			switch {
			case king && r == card.Queen:
				f.Guarded++
			case !king && n <= 2:
				f.ShortRisk++
			}
		}
	}
	return f
}

// PWin is the chance of reaching need card points with an estimate of mu
// (normal approximation with standard deviation sd, the half point a tie
// of whole points needs included).
func PWin(mu, sd, need float64) float64 {
	return 0.5 * (1 + math.Erf((mu-need+0.5)/(sd*math.Sqrt2)))
}

// DiscardScore rates a card for a declarer's discard in the search
// players' default policy; higher is better. Discards count for the
// declarer, so they bank points and make voids: short suits first, high
// cards of them (a king only with care, as it needs a trump beside it and
// often wins anyway), trumps and the Fool last.
func DiscardScore(hand card.Set, p *card.Pack, c card.Card) int {
	if c.IsTrump() || c == card.Fool {
		return -20 - int(c)
	}
	n := hand.OfSuit(c.Suit()).Len()
	score := 12 - 3*n + p.Points(c)
	if c.IsKing() {
		score -= 6
	}
	return score
}

package droggn

import "trull/internal/card"

// Beats reports whether c, played to a trick after best, the card winning
// it so far, takes the trick from best (docs/RULES.md §1.4 step 6): the
// Gstieß never does (the laid-out Gstieß that wins the last trick of a
// Super Mord aside, which only its holder can play there); a trump beats
// a suit card and a lower trump; a suit card only a lower card of its own
// suit. Any other card takes a trick that no card has won yet (best is
// card.None: an empty trick, or the Gstieß alone). It is the rule
// finishTrick settles tricks by, for bots. (Trumps lie below 64, suit
// cards above, each suit in its strength order: see package card.)
func Beats(c, best card.Card) bool {
	switch {
	case c == card.Fool:
		return false
	case best == card.None:
		return true
	case c < 64:
		return best >= 64 || c > best
	}
	return best >= 64 && c>>4 == best>>4 && c > best
}

// Void returns the cards a seat shows it does not hold by playing c to a
// trick governed by gov, the trick's first card that is not the Gstieß
// (card.None when c is the first; §1.4 steps 3–4): the led suit when c
// does not follow it, and the trumps when c is no trump where it had to
// follow or trump. The Gstieß, which may always be played, shows nothing.
// The sampler and the bots infer voids by it.
func Void(c, gov card.Card) card.Set {
	switch {
	case gov == card.None || c == card.Fool:
		return card.Set{}
	case gov.IsTrump():
		if !c.IsTrump() {
			return card.TrumpsOnly
		}
		return card.Set{}
	case c.IsTrump():
		return card.SuitMask(gov.Suit())
	case c.Suit() != gov.Suit():
		return card.SuitMask(gov.Suit()).Union(card.TrumpsOnly)
	}
	return card.Set{}
}

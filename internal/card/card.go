// Package card defines the cards of the three Tarock packs used by trull,
// their identifiers, names and points, card sets as bitsets, and the counting
// rules of docs/RULES.md §0.4.
//
// # Card values and bit layout
//
// A Card is a small integer that is also its bit position in a Set:
//
//	value   0         None (no card)
//	value  63         Hidden (a card the viewer may not see; never in a pack)
//	value   1 … 21    the numbered trumps T1 … T21 (bit = trump number)
//	value   22        FOOL (Gstieß / Bättler / Sküs)
//	value  64 … 127   suit cards: 64 + 16·suit + strength
//
// A Set is two 64-bit words: word 0 holds FOOL and the trumps (bits 1–22),
// word 1 holds the four suits, 16 bits each (bits 16·s … 16·s+13). Within a
// suit the bit index is the card's trick-taking strength (0 lowest, 13 the
// king), so "highest card of a suit" is the highest set bit of that suit's
// 16-bit field and "cards of suit s" is one mask on word 1.
//
// Suit index 0 and 1 are the "long" suits whose pips rank 10 high (spades and
// clubs; swords and batons), 2 and 3 the "round" suits whose pips rank the
// ace high (hearts and diamonds; cups and coins). For a long suit the pip n
// has strength n−1; for a round suit it has strength 10−n. Jack, knight
// (rider, cavalier), queen and king have strengths 10, 11, 12 and 13.
package card

import (
	"fmt"
	"strconv"
)

// Card is one card; see the package documentation for the encoding.
type Card uint8

// Suit is one of the four suits, 0–3. Its letters depend on the Style.
type Suit uint8

// Rank is the trick-taking strength of a suit card within its suit, 0–13.
type Rank uint8

// Card constants.
const (
	None Card = 0
	// Hidden stands for a card that a viewer may not see, in an action as
	// that viewer learns it (a discard or an offered card face down). It
	// belongs to no pack.
	Hidden Card = 63
	Fool   Card = 22
	// Pagat is T1, Mond is T21.
	Pagat Card = 1
	Mond  Card = 21
	// suitBase is the value of the weakest card of suit 0.
	suitBase = 64
)

// Suits. Suits 0 and 1 are long (10 high), 2 and 3 round (ace high).
const (
	Suit0 Suit = iota
	Suit1
	Suit2
	Suit3
)

// Court ranks.
const (
	Jack   Rank = 10
	Knight Rank = 11
	Queen  Rank = 12
	King   Rank = 13
)

// Trump returns the numbered trump Tn (1 ≤ n ≤ 21).
func Trump(n int) Card { return Card(n) }

// SuitCard returns the card of suit s with strength r.
func SuitCard(s Suit, r Rank) Card { return Card(suitBase + 16*int(s) + int(r)) }

// Pip returns the numeral card n (1 = ace … 10) of suit s.
func Pip(s Suit, n int) Card { return SuitCard(s, PipRank(s, n)) }

// PipRank returns the strength of numeral n in suit s.
func PipRank(s Suit, n int) Rank {
	if s.Round() {
		return Rank(10 - n)
	}
	return Rank(n - 1)
}

// Round reports whether the suit's pips rank the ace highest (hearts,
// diamonds, cups, coins).
func (s Suit) Round() bool { return s >= Suit2 }

// IsTrump reports whether c is one of T1 … T21 (FOOL is not included).
func (c Card) IsTrump() bool { return c >= 1 && c <= 21 }

// IsSuit reports whether c is a suit card.
func (c Card) IsSuit() bool { return c >= suitBase && c < suitBase+64 && (c-suitBase)&15 <= 13 }

// Valid reports whether c is a card of the 78-card universe.
func (c Card) Valid() bool { return c.IsTrump() || c == Fool || c.IsSuit() }

// TrumpNumber returns n for Tn, 0 otherwise.
func (c Card) TrumpNumber() int {
	if c.IsTrump() {
		return int(c)
	}
	return 0
}

// Suit returns the suit of a suit card.
func (c Card) Suit() Suit { return Suit((c - suitBase) >> 4) }

// Rank returns the strength of a suit card within its suit.
func (c Card) Rank() Rank { return Rank((c - suitBase) & 15) }

// Numeral returns the pip number (1 … 10) of a numeral suit card, 0 for a
// court card, a trump or FOOL.
func (c Card) Numeral() int {
	if !c.IsSuit() || c.Rank() >= Jack {
		return 0
	}
	if c.Suit().Round() {
		return 10 - int(c.Rank())
	}
	return int(c.Rank()) + 1
}

// IsKing reports whether c is a king.
func (c Card) IsKing() bool { return c.IsSuit() && c.Rank() == King }

// NominalPoints returns the usual Tarock value of a card: 5 for FOOL, T1,
// T21 and kings, 4 queens, 3 knights, 2 jacks, 1 everything else. A pack
// may override it (the 40-card Glatzen are worth 0); use Pack.Points.
func (c Card) NominalPoints() int {
	switch {
	case c == Fool || c == Pagat || c == Mond:
		return 5
	case c.IsTrump():
		return 1
	case c.IsSuit():
		switch c.Rank() {
		case King:
			return 5
		case Queen:
			return 4
		case Knight:
			return 3
		case Jack:
			return 2
		}
		return 1
	}
	return 0
}

// Style selects the suit letters of card IDs: French (S C H D) for Droggn
// and Strohmandeln, Italian (Sw Ba Cu Co) for Troggu.
type Style uint8

// Styles.
const (
	French Style = iota
	Italian
)

var suitLetters = [2][4]string{
	French:  {"S", "C", "H", "D"},
	Italian: {"Sw", "Ba", "Cu", "Co"},
}

var rankLetters = [4]string{"J", "N", "Q", "K"}

// SuitLetter returns the ID letters of suit s in style st.
func (st Style) SuitLetter(s Suit) string { return suitLetters[st][s] }

// ID returns the card identifier of docs/RULES.md §0.2 in style st, e.g. "T21",
// "FOOL", "H-K", "Cu-1".
func (st Style) ID(c Card) string { return ids[st][c] }

// ids holds every card's identifier in each style, made once: a view
// names every card of a hand, and a server makes views for every message.
var ids = func() (t [len(suitLetters)][256]string) {
	for st := range t {
		for c := range t[st] {
			t[st][c] = Style(st).makeID(Card(c))
		}
	}
	return t
}()

func (st Style) makeID(c Card) string {
	switch {
	case c == Fool:
		return "FOOL"
	case c.IsTrump():
		return "T" + strconv.Itoa(int(c))
	case c.IsSuit():
		s := suitLetters[st][c.Suit()]
		if r := c.Rank(); r >= Jack {
			return s + "-" + rankLetters[r-Jack]
		}
		return s + "-" + strconv.Itoa(c.Numeral())
	}
	if c == Hidden {
		return "?"
	}
	return fmt.Sprintf("?%d", uint8(c))
}

// ParseID parses a card identifier in style st. It knows nothing of packs:
// Pack.Parse also checks membership.
func (st Style) ParseID(id string) (Card, error) {
	if id == "FOOL" {
		return Fool, nil
	}
	if len(id) >= 2 && id[0] == 'T' {
		n, err := strconv.Atoi(id[1:])
		if err == nil && n >= 1 && n <= 21 && strconv.Itoa(n) == id[1:] {
			return Trump(n), nil
		}
		return None, &UnknownIDError{ID: id}
	}
	for s, letter := range suitLetters[st] {
		if len(id) <= len(letter)+1 || id[:len(letter)] != letter || id[len(letter)] != '-' {
			continue
		}
		r := id[len(letter)+1:]
		for i, rl := range rankLetters {
			if r == rl {
				return SuitCard(Suit(s), Jack+Rank(i)), nil
			}
		}
		n, err := strconv.Atoi(r)
		if err == nil && n >= 1 && n <= 10 && strconv.Itoa(n) == r {
			return Pip(Suit(s), n), nil
		}
	}
	return None, &UnknownIDError{ID: id}
}

// UnknownIDError reports a string that is not a card identifier.
type UnknownIDError struct{ ID string }

func (e *UnknownIDError) Error() string { return fmt.Sprintf("unknown card ID '%s'", e.ID) }

package card

import (
	"strconv"
	"strings"
)

// Lang is a display language.
type Lang uint8

// Languages.
const (
	English Lang = iota
	German
)

// ParseLang maps "de"/"german" to German and anything else to English.
func ParseLang(s string) Lang {
	switch s {
	case "de", "DE", "german", "German", "deutsch", "Deutsch":
		return German
	}
	return English
}

var foolNames = [3][2]string{
	Droggn:       {"the Gstieß (Fool)", "der Gstieß"},
	Troggu:       {"the Bättler (Fool)", "der Bättler"},
	Strohmandeln: {"the Sküs (Fool)", "der Sküs"},
}

var suitNames = [2][2][4]string{
	French:  {{"spades", "clubs", "hearts", "diamonds"}, {"Pik", "Kreuz", "Herz", "Karo"}},
	Italian: {{"swords", "batons", "cups", "coins"}, {"Schwerter", "Stäbe", "Kelche", "Münzen"}},
}

var courtNames = [3][2][4]string{
	Droggn:       {{"jack", "rider", "queen", "king"}, {"Bube", "Reiter", "Dame", "König"}},
	Troggu:       {{"jack", "cavalier", "queen", "king"}, {"Bube", "Cavall", "Dame", "König"}},
	Strohmandeln: {{"jack", "rider", "queen", "king"}, {"Bube", "Reiter", "Dame", "König"}},
}

var roman = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X",
	"XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"}

// SuitName returns the name of suit s in the pack's style and language l.
func (p *Pack) SuitName(s Suit, l Lang) string { return suitNames[p.Style][l][s] }

// CardName returns the display name of c in the pack's game and language l, such
// as "Mond (XXI)", "der Gstieß", "Herz-König" or "king of cups".
func (p *Pack) CardName(c Card, l Lang) string {
	switch {
	case c == Hidden:
		if l == German {
			return "eine verdeckte Karte"
		}
		return "a face-down card"
	case c == Fool:
		return foolNames[p.Family][l]
	case c == Mond:
		return "Mond (XXI)"
	case c == Pagat:
		return "Pagat (I)"
	case c == Trump(2) && p.Family == Strohmandeln:
		return "Uhu (II)"
	case c == Trump(3) && p.Family == Strohmandeln:
		return "Kakadu (III)"
	case c.IsTrump():
		if l == German {
			return "Tarock " + roman[c]
		}
		return "trump " + roman[c]
	case c.IsSuit():
		var r string
		if c.Rank() >= Jack {
			r = courtNames[p.Family][l][c.Rank()-Jack]
		} else if n := c.Numeral(); n == 1 && p.Family != Troggu {
			r = map[Lang]string{English: "ace", German: "Ass"}[l]
		} else if p.Family == Troggu {
			r = roman[n]
		} else {
			r = strconv.Itoa(n)
		}
		if l == German {
			return suitNames[p.Style][l][c.Suit()] + "-" + r
		}
		return r + " of " + suitNames[p.Style][l][c.Suit()]
	}
	return "?"
}

// Short returns a compact label for c in language l: "XXI", "I", "★" for
// FOOL; for a French pack the suit's symbol and the index the browser
// draws on the face, such as "♥K", "♥A" (the ace), "♣R" (the rider; German
// "♣B" for the Bube, "♣D" for the Dame); for the Italian pack the suit's
// letters and the rank, the courts as the browser draws them, such as
// "Cu1", "CoC" (the Cavall), where the browser draws the pips' numbers in
// Roman numerals.
func (p *Pack) Short(c Card, l Lang) string {
	switch {
	case c == Fool:
		return "★"
	case c.IsTrump():
		return roman[c]
	case c.IsSuit():
		var r string
		switch {
		case c.Rank() >= Jack:
			r = courtLetters[p.Style][l][c.Rank()-Jack]
		case p.Style == French && c.Numeral() == 1:
			r = "A"
		default:
			r = strconv.Itoa(c.Numeral())
		}
		if p.Style == French {
			return [4]string{"♠", "♣", "♥", "♦"}[c.Suit()] + r
		}
		return suitLetters[Italian][c.Suit()] + r
	}
	return "?"
}

// courtLetters are the courts' letters on the faces (jack, knight, queen,
// king), by pack style and language: the rider of the French packs, the
// Cavall of the Italian one.
var courtLetters = [2][2][4]string{
	French:  {English: {"J", "R", "Q", "K"}, German: {"B", "R", "D", "K"}},
	Italian: {English: {"J", "C", "Q", "K"}, German: {"B", "C", "D", "K"}},
}

// FoolWord returns the Fool's own name without an article: "Gstieß",
// "Bättler", "Sküs".
func (p *Pack) FoolWord() string { return foolNames[p.Family][German][len("der "):] }

// Legend explains the letters of Short in language l: the ace of a French
// pack, the courts, and the suits of the Italian pack ("A ace, J jack, R
// rider, Q queen, K king"; "J jack, C cavalier, Q queen, K king; Sw swords,
// Ba batons, Cu cups, Co coins").
func (p *Pack) Legend(l Lang) string {
	var parts []string
	if p.Style == French {
		parts = append(parts, "A "+map[Lang]string{English: "ace", German: "Ass"}[l])
	}
	for i, name := range courtNames[p.Family][l] {
		parts = append(parts, courtLetters[p.Style][l][i]+" "+name)
	}
	out := strings.Join(parts, ", ")
	if p.Style == Italian {
		var suits []string
		for s, letters := range suitLetters[Italian] {
			suits = append(suits, letters+" "+p.SuitName(Suit(s), l))
		}
		out += "; " + strings.Join(suits, ", ")
	}
	return out
}

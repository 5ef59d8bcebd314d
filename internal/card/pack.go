package card

import "fmt"

// Family names the game a pack belongs to; it selects card names.
type Family uint8

// Families.
const (
	Droggn Family = iota
	Troggu
	Strohmandeln
)

// Pack is one of the packs of docs/RULES.md: which cards it holds, their points,
// their ID style and their canonical order (used to derive a deck from a seed).
type Pack struct {
	// Name is a human description such as "66-card Droggn".
	Name   string
	Family Family
	Style  Style
	// Cards is the set of cards in the pack.
	Cards Set
	// Order lists the cards in canonical order: FOOL, T1 … T21, then the
	// suits 0–3 from the lowest to the highest card.
	Order []Card
	// points holds each card's value in this pack.
	points [128]int8
	// planes[k] holds the cards whose value has bit k set, so that Raw
	// is a few population counts instead of a loop over the cards.
	planes [3]Set
	// Total is the sum of all card points (raw).
	Total int
	// ids holds the ID of each card of the pack, byID the card of each.
	ids  [128]string
	byID map[string]Card
}

// Points returns the value of c in this pack (the raw points of §0.4).
func (p *Pack) Points(c Card) int { return int(p.points[c]) }

// Raw returns the sum of the points of the cards of s (cards outside the
// pack count 0).
func (p *Pack) Raw(s Set) int {
	return s.Intersect(p.planes[0]).Len() + 2*s.Intersect(p.planes[1]).Len() + 4*s.Intersect(p.planes[2]).Len()
}

// Size returns the number of cards.
func (p *Pack) Size() int { return len(p.Order) }

// Has reports whether c belongs to the pack.
func (p *Pack) Has(c Card) bool { return c.Valid() && p.Cards.Has(c) }

// ID formats c in the pack's style.
func (p *Pack) ID(c Card) string {
	if int(c) < len(p.ids) && p.ids[c] != "" {
		return p.ids[c]
	}
	return p.Style.ID(c)
}

// IDs formats the cards of s in ascending order.
func (p *Pack) IDs(s Set) []string { return p.AppendIDs(make([]string, 0, s.Len()), s) }

// AppendIDs appends the IDs of the cards of s to dst, in IDs' order.
func (p *Pack) AppendIDs(dst []string, s Set) []string {
	for t := s; !t.Empty(); {
		dst = append(dst, p.ID(t.Pop()))
	}
	return dst
}

// Parse parses a card ID and checks that the card belongs to the pack.
func (p *Pack) Parse(id string) (Card, error) {
	if c, ok := p.byID[id]; ok {
		return c, nil
	}
	c, err := p.Style.ParseID(id)
	if err != nil {
		return None, err
	}
	if !p.Cards.Has(c) {
		return None, &NotInPackError{ID: id, Pack: p.Name}
	}
	return c, nil
}

// NotInPackError reports a valid card ID whose card the pack lacks.
type NotInPackError struct{ ID, Pack string }

func (e *NotInPackError) Error() string {
	return fmt.Sprintf("card %s is not in the %s pack", e.ID, e.Pack)
}

func newPack(name string, fam Family, st Style, cards Set, zero ...Card) *Pack {
	p := &Pack{Name: name, Family: fam, Style: st, Cards: cards}
	for t := cards; !t.Empty(); {
		c := t.Pop()
		p.points[c] = int8(c.NominalPoints())
	}
	for _, c := range zero {
		p.points[c] = 0
	}
	for c, v := range p.points {
		if v < 0 || int(v) >= 1<<len(p.planes) {
			panic("card: a card value outside the bit planes of Pack.Raw")
		}
		for k := range p.planes {
			if v>>k&1 != 0 {
				p.planes[k].Add(Card(c))
			}
		}
	}
	if cards.Has(Fool) {
		p.Order = append(p.Order, Fool)
	}
	p.Order = cards.Minus(Single(Fool)).Cards(p.Order)
	p.Total = p.Raw(cards)
	p.byID = make(map[string]Card, len(p.Order))
	for _, c := range p.Order {
		p.ids[c] = p.Style.ID(c)
		p.byID[p.ids[c]] = c
	}
	return p
}

// suitRange returns the cards of suit s from strength lo to 13.
func suitRange(s Suit, lo Rank) Set {
	var out Set
	for r := lo; r <= King; r++ {
		out.Add(SuitCard(s, r))
	}
	return out
}

func trumpRange(lo, hi int) Set {
	var out Set
	for n := lo; n <= hi; n++ {
		out.Add(Trump(n))
	}
	return out
}

func unionAll(sets ...Set) Set {
	var out Set
	for _, s := range sets {
		out = out.Union(s)
	}
	return out
}

// The packs of docs/RULES.md.
var (
	// Droggn66 is the default Droggn pack (§1.1.1): black 4–10, red ace–7.
	Droggn66 = newPack("66-card Droggn", Droggn, French, unionAll(
		trumpRange(1, 21), Single(Fool),
		suitRange(Suit0, PipRank(Suit0, 4)), suitRange(Suit1, PipRank(Suit1, 4)),
		suitRange(Suit2, PipRank(Suit2, 7)), suitRange(Suit3, PipRank(Suit3, 7))))
	// Droggn78 is the full 78-card pack (§1.1.2).
	Droggn78 = newPack("78-card Droggn", Droggn, French, unionAll(
		trumpRange(1, 21), Single(Fool),
		suitRange(Suit0, 0), suitRange(Suit1, 0), suitRange(Suit2, 0), suitRange(Suit3, 0)))
	// Troggu62 is the Swiss Italian-suited pack (§2.1): long suits 5–10,
	// round suits I–VI.
	Troggu62 = newPack("62-card Troggu", Troggu, Italian, unionAll(
		trumpRange(1, 21), Single(Fool),
		suitRange(Suit0, PipRank(Suit0, 5)), suitRange(Suit1, PipRank(Suit1, 5)),
		suitRange(Suit2, PipRank(Suit2, 6)), suitRange(Suit3, PipRank(Suit3, 6))))
	// Stroh54 is the 54-card Strohmandeln pack (§3.1.1): black 7–10, red ace–4.
	Stroh54 = newPack("54-card Strohmandeln", Strohmandeln, French, unionAll(
		trumpRange(1, 21), Single(Fool),
		suitRange(Suit0, PipRank(Suit0, 7)), suitRange(Suit1, PipRank(Suit1, 7)),
		suitRange(Suit2, PipRank(Suit2, 4)), suitRange(Suit3, PipRank(Suit3, 4))))
	// Stroh40 is the 40-card Strohmandeln pack (§3.1.2): no T2, T3; each suit
	// K Q N J and one Glatze worth 0 (S-10, C-10, H-1, D-1).
	Stroh40 = newPack("40-card Strohmandeln", Strohmandeln, French, unionAll(
		Single(Trump(1)), trumpRange(4, 21), Single(Fool),
		suitRange(Suit0, PipRank(Suit0, 10)), suitRange(Suit1, PipRank(Suit1, 10)),
		suitRange(Suit2, PipRank(Suit2, 1)), suitRange(Suit3, PipRank(Suit3, 1))),
		Pip(Suit0, 10), Pip(Suit1, 10), Pip(Suit2, 1), Pip(Suit3, 1))
)

// Threes counts a pile of n cards with raw points in threes, integer form
// (Droggn, §0.4): raw − 2·⌊n/3⌋ − [n mod 3 ≠ 0].
func Threes(raw, n int) int {
	p := raw - 2*(n/3)
	if n%3 != 0 {
		p--
	}
	return p
}

// Thirds counts a pile exactly, in thirds of a point (Strohmandeln, §0.4):
// 3·raw − 2·n.
func Thirds(raw, n int) int { return 3*raw - 2*n }

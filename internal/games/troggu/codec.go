package troggu

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// bidNames are the record words of the bid codes (docs/FORMAT.md).
var bidNames = [...]string{BidPass: "pass", BidNormal: "normal", BidSolo: "solo"}

// bidWords are the spoken words of the bid codes, English and German.
var bidWords = [2][4]string{
	card.English: {BidPass: "pass", BidNormal: "ich nehm's (normal game)", BidSolo: "Solo"},
	card.German:  {BidPass: "passe", BidNormal: "ich nehm's", BidSolo: "Solo"},
}

func bidCode(word string) uint8 {
	for code, w := range bidNames {
		if w != "" && w == word {
			return uint8(code)
		}
	}
	return 0
}

// DecodeAction turns one record action into engine actions: a discard of k
// cards becomes k discard actions. It checks the form only (and that a
// discard names as many cards as the Tapp has); Apply checks legality.
func (r *Rules) DecodeAction(s game.State, ra game.RecordAction) ([]game.Action, error) {
	kind, ok := game.ParseKind(ra.Act)
	if !ok {
		return nil, game.Malformed("unknown act %q", ra.Act)
	}
	seat := int8(ra.SeatOf())
	p := r.Pack()
	if ra.Say != "" {
		return nil, game.Malformed("%s: troggu has no say (got %q)", ra.Act, ra.Say)
	}
	one := func(c card.Card) []game.Action {
		return []game.Action{{Seat: seat, Kind: kind, Card: c}}
	}
	parseCard := func() (card.Card, error) {
		if ra.Card == "" || len(ra.Cards) > 0 || ra.Call != "" {
			return card.None, game.Malformed("%s: give exactly one card in \"card\"", ra.Act)
		}
		return p.Parse(ra.Card)
	}
	switch kind {
	case game.KindBid:
		if ra.Card != "" || len(ra.Cards) > 0 {
			return nil, game.Malformed("bid: a bid names no card")
		}
		code := bidCode(ra.Call)
		if code == 0 {
			return nil, game.Malformed("bid: call must be pass, normal or solo, got %q", ra.Call)
		}
		return []game.Action{{Seat: seat, Kind: kind, Call: code}}, nil
	case game.KindCall, game.KindPlay:
		c, err := parseCard()
		if err != nil {
			return nil, err
		}
		return one(c), nil
	case game.KindDiscard:
		if ra.Card != "" || ra.Call != "" || len(ra.Cards) == 0 {
			return nil, game.Malformed("discard: give the discarded cards in \"cards\"")
		}
		if st, ok := s.(*State); ok && st.phase == phaseExchange && st.toAct == seat {
			if need := r.deal.tapp - st.discards.Len(); len(ra.Cards) != need {
				return nil, game.Malformed("discard: seat %d must discard %d cards (as many as the Tapp has), the record gives %d", seat, need, len(ra.Cards))
			}
		}
		out := make([]game.Action, 0, len(ra.Cards))
		var seen card.Set
		for _, id := range ra.Cards {
			c, err := p.Parse(id)
			if err != nil {
				return nil, err
			}
			if seen.Has(c) {
				return nil, game.Malformed("discard: card %s is listed twice", id)
			}
			seen.Add(c)
			out = append(out, game.Action{Seat: seat, Kind: kind, Card: c})
		}
		return out, nil
	}
	return nil, game.Malformed("troggu has no %s action", ra.Act)
}

// EncodeAction turns one engine action into its record form; a single
// discard becomes a discard of one card (game.EncodeHistory merges them).
func (r *Rules) EncodeAction(a game.Action) game.RecordAction {
	ra := game.NewRecordAction(int(a.Seat), a.Kind.String())
	switch a.Kind {
	case game.KindBid:
		if int(a.Call) < len(bidNames) {
			ra.Call = bidNames[a.Call]
		}
	case game.KindCall, game.KindPlay:
		ra.Card = id(a.Card)
	case game.KindDiscard:
		ra.Cards = []string{id(a.Card)}
	}
	return ra
}

// Describe names an action for people in the game's own words, e.g.
// "ich nehm's", "calls trump XX", "spielt Kelche-König".
func (r *Rules) Describe(a game.Action, l card.Lang) string { return describe(a, l) }

func describe(a game.Action, l card.Lang) string {
	p := card.Troggu62
	de := l == card.German
	name := p.CardName(a.Card, l)
	// The card as the object of a German sentence: "den Bättler".
	obj := name
	if rest, ok := strings.CutPrefix(name, "der "); ok && de {
		obj = "den " + rest
	}
	switch a.Kind {
	case game.KindBid:
		if a.Call >= BidPass && a.Call <= BidSolo {
			return bidWords[l][a.Call]
		}
	case game.KindCall:
		if de {
			return "ruft " + name
		}
		return "calls " + name
	case game.KindDiscard:
		if de {
			return "legt " + obj + " weg"
		}
		return "discards " + name
	case game.KindPlay:
		if de {
			return "spielt " + obj
		}
		return "plays " + name
	}
	return fmt.Sprintf("%s %d %s", a.Kind, a.Call, p.ID(a.Card))
}

package droggn

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

var bidWords = map[string]uint8{
	"pass": CallPass, "weiter": CallPass, "gut": CallPass,
	"ansager": CallAnsager, "solo": CallSolo, "super": CallSuper, "supermord": CallSuperMord,
}

var doubleWords = map[string]uint8{"gut": CallGut, "schwacher": CallSchwacher, "retour": CallRetour}

// DecodeAction turns a record action into engine actions (3 for a discard).
func (r *Rules) DecodeAction(st game.State, ra game.RecordAction) ([]game.Action, error) {
	s := st.(*State)
	kind, _ := game.ParseKind(ra.Act)
	a := game.Action{Seat: int8(ra.SeatOf()), Kind: kind}
	if ra.Say != "" {
		return nil, game.Malformed("%s: droggn has no \"say\"", ra.Act)
	}
	parse := func(id string) (card.Card, error) { return r.pack.Parse(id) }
	one := func(want string) error {
		if ra.Card == "" || ra.Call != "" || len(ra.Cards) > 0 {
			return game.Malformed("%s: give %s", ra.Act, want)
		}
		c, err := parse(ra.Card)
		a.Card = c
		return err
	}
	switch kind {
	case game.KindBid:
		code, ok := bidWords[ra.Call]
		if !ok || ra.Card != "" || len(ra.Cards) > 0 {
			return nil, game.Malformed("bid: call must be pass, weiter, gut, ansager, solo, super or supermord, got %q", ra.Call)
		}
		if ra.Call == "gut" && s.phase == PhBid && s.contract == NoContract {
			return nil, game.Malformed("seat %d says gut, but nobody has bid: say pass or weiter", a.Seat)
		}
		a.Call = code
	case game.KindDiscard:
		if len(ra.Cards) != 3 || ra.Card != "" || ra.Call != "" {
			return nil, game.Malformed("discard: give the 3 discarded cards in \"cards\"")
		}
		out := make([]game.Action, 0, 3)
		for _, id := range ra.Cards {
			c, err := parse(id)
			if err != nil {
				return nil, err
			}
			out = append(out, game.Action{Seat: a.Seat, Kind: kind, Card: c})
		}
		return out, nil
	case game.KindBuy:
		switch {
		case ra.Call == "none" && ra.Card == "" && len(ra.Cards) == 0:
		case ra.Call == "" && ra.Card == "" && len(ra.Cards) == 2:
			o, err := parse(ra.Cards[0])
			if err != nil {
				return nil, err
			}
			x, err := parse(ra.Cards[1])
			if err != nil {
				return nil, err
			}
			a.Card, a.Card2 = o, x
		default:
			return nil, game.Malformed("buy: give \"cards\": [offered card, asked card], or \"call\": \"none\"")
		}
	case game.KindLayout:
		if ra.Call == "none" && ra.Card == "" && len(ra.Cards) == 0 {
			break
		}
		if err := one("\"card\": T1 or FOOL, or \"call\": \"none\""); err != nil {
			return nil, err
		}
	case game.KindDouble:
		code, ok := doubleWords[ra.Call]
		if !ok || ra.Card != "" || len(ra.Cards) > 0 {
			return nil, game.Malformed("double: call must be schwacher, retour or gut, got %q", ra.Call)
		}
		a.Call = code
	case game.KindPlay:
		if err := one("\"card\""); err != nil {
			return nil, err
		}
	default:
		return nil, game.Malformed("droggn has no %q action", ra.Act)
	}
	return []game.Action{a}, nil
}

// EncodeAction turns an engine action into its record form.
func (r *Rules) EncodeAction(a game.Action) game.RecordAction {
	ra := game.NewRecordAction(int(a.Seat), a.Kind.String())
	id := r.pack.ID
	switch a.Kind {
	case game.KindBid:
		ra.Call = callWord(a.Call)
	case game.KindDiscard:
		ra.Cards = []string{id(a.Card)}
	case game.KindBuy:
		if a.Card == card.None {
			ra.Call = "none"
		} else {
			ra.Cards = []string{id(a.Card), id(a.Card2)}
		}
	case game.KindLayout:
		if a.Card == card.None {
			ra.Call = "none"
		} else {
			ra.Card = id(a.Card)
		}
	case game.KindDouble:
		ra.Call = callWord(a.Call)
	case game.KindPlay:
		ra.Card = id(a.Card)
	}
	return ra
}

func callWord(c uint8) string {
	switch c {
	case CallPass:
		return "pass"
	case CallAnsager:
		return "ansager"
	case CallSolo:
		return "solo"
	case CallSuper:
		return "super"
	case CallSuperMord:
		return "supermord"
	case CallGut:
		return "gut"
	case CallSchwacher:
		return "schwacher"
	case CallRetour:
		return "retour"
	}
	return "none"
}

// ContractName returns a contract's name in the game's words.
func ContractName(c Contract, l card.Lang) string {
	if l == card.German {
		return [...]string{"eingeworfen", "Ansager", "Solo", "Super", "Super Mord"}[c]
	}
	return [...]string{"thrown in", "Ansager (ordinary game)", "Solo", "Super", "Super Mord"}[c]
}

// Describe names an action in the game's words.
func (r *Rules) Describe(a game.Action, l card.Lang) string {
	de := l == card.German
	name := func(c card.Card) string { return r.pack.CardName(c, l) }
	switch a.Kind {
	case game.KindBid:
		if a.Call == CallPass {
			if de {
				return "weiter / gut"
			}
			return "pass (weiter / gut)"
		}
		c := Contract(a.Call-CallAnsager) + Ansager
		if c == Ansager {
			if de {
				return "Ansager (ich sage an)"
			}
			return "Ansager (ich sage an): exchange and buy"
		}
		return ContractName(c, l)
	case game.KindDiscard:
		if de {
			return "drückt " + name(a.Card)
		}
		return "discard " + name(a.Card)
	case game.KindBuy:
		if a.Card == card.None {
			if de {
				return "kauft nicht"
			}
			return "buy nothing"
		}
		if de {
			return fmt.Sprintf("bietet %s, verlangt %s", name(a.Card), name(a.Card2))
		}
		return fmt.Sprintf("offer %s, ask for %s", name(a.Card), name(a.Card2))
	case game.KindLayout:
		switch {
		case a.Card == card.None && de:
			return "legt nicht aus (ich liege)"
		case a.Card == card.None:
			return "no lay-out"
		case de:
			return name(a.Card) + " auslegen"
		}
		return "lay out " + name(a.Card)
	case game.KindDouble:
		switch a.Call {
		case CallGut:
			if de {
				return "gut"
			}
			return "gut (no double)"
		case CallSchwacher:
			if de {
				return "einen Schwachen geben"
			}
			return "Schwacher (double)"
		}
		if de {
			return "Retour"
		}
		return "Retour (redouble)"
	case game.KindPlay:
		return name(a.Card)
	}
	return a.Kind.String()
}

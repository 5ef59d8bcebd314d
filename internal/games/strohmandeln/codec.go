package strohmandeln

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// Record words of each call, indexed by call code (docs/FORMAT.md's table).
var (
	foldWords     = [...]string{"", "stay", "fold"}
	bidWords      = [...]string{"", "pass", "undertake"}
	doubleWords   = [...]string{"", "gut", "double"}
	announceWords = [...]string{"", "trull", "fourkings"}
	sayWords      = [...]string{"", "ross", "topschin"}
)

// announceNames are the display names of the announcements.
var announceNames = [...][2]string{
	{"", ""},
	{"Trull", "Trull"},
	{"Four Kings", "Vier Könige"},
}

// lookup returns the code of word in words (codes from 1), 0 if absent.
func lookup(words []string, word string) uint8 {
	for i := 1; i < len(words); i++ {
		if words[i] == word {
			return uint8(i)
		}
	}
	return 0
}

// DecodeAction turns one record action into an engine action. It checks the
// form only (known act, call word, card ID of the pack); Apply checks the
// rest.
func (r *Rules) DecodeAction(s game.State, ra game.RecordAction) ([]game.Action, error) {
	seat := ra.SeatOf()
	if seat < 0 || seat > 1 {
		return nil, game.Malformed("seat %d does not exist (0…1)", seat)
	}
	a := game.Action{Seat: int8(seat)}
	callOnly := func(what string, kind game.Kind, words []string) ([]game.Action, error) {
		if ra.Card != "" || len(ra.Cards) > 0 || ra.Say != "" {
			return nil, game.Malformed("%s: takes only a call", what)
		}
		code := lookup(words, ra.Call)
		if code == 0 {
			return nil, game.Malformed("%s: call must be %s or %s, got %q", what, words[2], words[1], ra.Call)
		}
		a.Kind, a.Call = kind, code
		return []game.Action{a}, nil
	}
	switch ra.Act {
	case "fold":
		return callOnly("fold", game.KindFold, foldWords[:])
	case "bid":
		return callOnly("bid", game.KindBid, bidWords[:])
	case "double":
		return callOnly("double", game.KindDouble, doubleWords[:])
	case "announce":
		code := lookup(announceWords[:], ra.Call)
		if ra.Card != "" || len(ra.Cards) > 0 || ra.Say != "" {
			return nil, game.Malformed("announce: takes only a call")
		}
		if code == 0 {
			return nil, game.Malformed("announce: call must be trull or fourkings, got %q", ra.Call)
		}
		a.Kind, a.Call = game.KindAnnounce, code
		return []game.Action{a}, nil
	case "play":
		if ra.Call != "" || len(ra.Cards) > 0 {
			return nil, game.Malformed("play: takes a card and optionally a say, not a call or cards")
		}
		if ra.Card == "" {
			return nil, game.Malformed("play: card missing")
		}
		c, err := r.pack.Parse(ra.Card)
		if err != nil {
			return nil, err
		}
		a.Kind, a.Card = game.KindPlay, c
		if ra.Say != "" {
			if a.Call = lookup(sayWords[:], ra.Say); a.Call == 0 {
				return nil, game.Malformed("play: say must be ross or topschin, got %q", ra.Say)
			}
		}
		return []game.Action{a}, nil
	}
	return nil, game.Malformed("%s has no %q act (its acts: fold, bid, double, announce, play)", Name, ra.Act)
}

func word(words []string, code uint8) string {
	if int(code) < len(words) && code > 0 {
		return words[code]
	}
	return fmt.Sprintf("?%d", code)
}

// EncodeAction turns an engine action into its record form.
func (r *Rules) EncodeAction(a game.Action) game.RecordAction {
	ra := game.NewRecordAction(int(a.Seat), a.Kind.String())
	switch a.Kind {
	case game.KindFold:
		ra.Call = word(foldWords[:], a.Call)
	case game.KindBid:
		ra.Call = word(bidWords[:], a.Call)
	case game.KindDouble:
		ra.Call = word(doubleWords[:], a.Call)
	case game.KindAnnounce:
		ra.Call = word(announceWords[:], a.Call)
	case game.KindPlay:
		ra.Card = r.pack.ID(a.Card)
		if a.Call != SayNone {
			ra.Say = word(sayWords[:], a.Call)
		}
	}
	return ra
}

// Describe names an action in the game's own words, e.g. "Ich nehme auf!
// (undertakes)" or "spielt Tarock XVII: „Ross!“".
func (r *Rules) Describe(a game.Action, l card.Lang) string {
	de := l == card.German
	pick := func(en, ger string) string {
		if de {
			return ger
		}
		return en
	}
	switch a.Kind {
	case game.KindFold:
		if a.Call == CallFold {
			return pick("folds (no Tarock in hand)", "wirft zusammen (kein Tarock)")
		}
		return pick("stays in (does not fold)", "bleibt (wirft nicht zusammen)")
	case game.KindBid:
		if a.Call == CallUndertake {
			return pick("\"Ich nehme auf!\" (undertakes the game)", "„Ich nehme auf!“")
		}
		return pick("\"Weiter!\" (passes)", "„Weiter!“")
	case game.KindDouble:
		if a.Call == CallDouble {
			return pick("doubles the undertaken game", "verdoppelt")
		}
		return pick("\"Gut\" (does not double)", "„Gut“")
	case game.KindAnnounce:
		if a.Call == CallTrull || a.Call == CallFourKings {
			return pick("announces "+announceNames[a.Call][0]+" in hand", "sagt "+announceNames[a.Call][1]+" in der Hand an")
		}
	case game.KindPlay:
		name := r.pack.CardName(a.Card, l)
		if de && strings.HasPrefix(name, "der ") {
			name = "den " + name[4:]
		}
		d := pick("plays ", "spielt ") + name
		switch a.Call {
		case SayRoss:
			d += pick(": \"Ross!\"", ": „Ross!“")
		case SayTopschin:
			d += pick(": \"Topschin!\"", ": „Topschin!“")
		}
		return d
	}
	return fmt.Sprintf("%s %d", a.Kind, a.Call)
}

package analysis

import (
	"fmt"
	"strconv"
	"strings"

	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
)

// Text renders a report of Analyze for people, in English or German: each
// seat's total loss, how many of its valued decisions were good and its
// costliest moments, then every decision that was not good with the
// better choice and its value. Decisions are placed by trick and card
// ("trick 7, second card") or by the phase of the hand, and actions are
// named as the game's table names them (game.Rules.Describe), never in
// the record's form.
func Text(rep *Report, l card.Lang) string {
	t := func(en, de string) string {
		if l == card.German {
			return de
		}
		return en
	}
	num := func(x float64) string { return number(x, l) }
	name := func(a game.Action) string { return rep.rules.Describe(a, l) }
	var b strings.Builder
	state := t("complete hand", "ganzes Spiel")
	if !rep.Complete {
		state = t("hand in progress", "laufendes Spiel")
	}
	fmt.Fprintf(&b, "%s — %s, %s %s, %s %s\n", game.Title(rep.rules, l), state, t("analysed by", "bewertet von"), rep.Bot,
		t("seed", "Startwert"), quote(rep.Seed, l))
	th := rep.Thresholds
	fmt.Fprintf(&b, t("Loss in points per hand from the seat's own information; inaccuracy from %s, mistake from %s, blunder from %s.\n",
		"Verlust in Punkten je Spiel aus der Sicht des Platzes; Ungenauigkeit ab %s, Fehler ab %s, grober Fehler ab %s.\n"),
		num(th.Inaccuracy), num(th.Mistake), num(th.Blunder))
	for _, s := range rep.Seats {
		fmt.Fprintf(&b, "\n%s: %s %s; %s\n", seatName(s.Seat, s.Name, l), t("total loss", "Gesamtverlust"), num(s.Loss), goodText(s, l))
		for _, i := range s.Worst {
			d := rep.Decisions[i]
			fmt.Fprintf(&b, "  %s — %s: %s; %s: %s (−%s, %s)\n", Place(d, l), t("chosen", "gewählt"), name(d.taken),
				t("better", "besser"), name(d.best), num(d.Loss), ClassName(d.Class, l))
		}
	}
	fmt.Fprintf(&b, "\n%s\n", t("Decisions that were not good:", "Entscheidungen, die nicht gut waren:"))
	any := false
	for _, d := range rep.Decisions {
		switch d.Class {
		case Inaccuracy, Mistake, Blunder:
		default:
			continue
		}
		any = true
		var seat string
		for _, s := range rep.Seats {
			if s.Seat == d.Seat {
				seat = seatName(s.Seat, s.Name, l)
			}
		}
		fmt.Fprintf(&b, "  %s, %s — %s: %s = %s; %s: %s = %s → %s\n", Place(d, l), seat,
			t("chosen", "gewählt"), name(d.taken), num(d.Candidates[0].Value-d.Loss),
			t("best", "am besten"), name(d.best), num(d.Candidates[0].Value), ClassName(d.Class, l))
		if d.Why != nil && d.Why.Text != "" {
			fmt.Fprintf(&b, "      %s\n", whyIn(d, rep, l))
		}
		if len(d.OpenCard) > 0 {
			fmt.Fprintf(&b, "      %s: %s = %s\n", t("all hands open, best", "alle Karten offen, am besten"),
				name(d.OpenCard[0].act), number(float64(d.OpenCard[0].Value), l))
		}
	}
	if !any {
		fmt.Fprintf(&b, "  %s\n", t("none", "keine"))
	}
	return b.String()
}

// goodText says how many of a seat's valued decisions were good, so that
// it cannot be misread: "14 of 19 valued decisions good (74%), 5 not
// valued".
func goodText(s SeatReport, l card.Lang) string {
	pct := fmt.Sprintf("%.0f%%", 100*s.GoodShare)
	var out string
	if l == card.German {
		out = fmt.Sprintf("%d von %d bewerteten Entscheidungen gut (%s)", s.Good, s.Valued, strings.Replace(pct, "%", " %", 1))
	} else {
		out = fmt.Sprintf("%d of %d valued decisions good (%s)", s.Good, s.Valued, pct)
	}
	if s.Valued == 0 {
		out = map[card.Lang]string{card.English: "no decision valued", card.German: "keine Entscheidung bewertet"}[l]
	}
	if n := s.Decisions - s.Valued; n > 0 {
		if l == card.German {
			out += fmt.Sprintf(", %d ohne Bewertung (erzwungen oder nicht bewertet)", n)
		} else {
			out += fmt.Sprintf(", %d not valued (forced or not searched)", n)
		}
	}
	return out
}

// seatName names a seat for people: `Seat 2, "Anna"` (seats counted from
// 1, as at the table; the name as the record gives it, quoted).
func seatName(seat int, name string, l card.Lang) string {
	word := "Seat"
	if l == card.German {
		word = "Platz"
	}
	if name == "" {
		return fmt.Sprintf("%s %d", word, seat+1)
	}
	return fmt.Sprintf("%s %d, %s", word, seat+1, quote(name, l))
}

// quote quotes a name in the language's quotation marks.
func quote(s string, l card.Lang) string {
	if l == card.German {
		return "„" + s + "“"
	}
	return "\u201c" + s + "\u201d"
}

// Place says where in the hand a decision was made, for people: "trick 7,
// second card" ("Stich 7, zweite Karte") in the card play, else the
// phase ("bidding", "discard, second card").
func Place(d Decision, l card.Lang) string {
	de := l == card.German
	if d.Trick > 0 {
		if de {
			return fmt.Sprintf("Stich %d, %s Karte", d.Trick, ordinal(d.Nth, l))
		}
		return fmt.Sprintf("trick %d, %s card", d.Trick, ordinal(d.Nth, l))
	}
	w, ok := phaseWords[d.Phase]
	if !ok {
		w = [2]string{d.Phase, d.Phase}
	}
	p := w[0]
	if de {
		p = w[1]
	}
	if d.Nth > 0 {
		if de {
			return fmt.Sprintf("%s, %s Karte", p, ordinal(d.Nth, l))
		}
		return fmt.Sprintf("%s, %s card", p, ordinal(d.Nth, l))
	}
	return p
}

// phaseWords names the phases of the three games before the card play.
var phaseWords = map[string][2]string{
	"bidding":  {"bidding", "Reizen"},
	"bid":      {"bidding", "Reizen"},
	"discard":  {"discard", "Drücken"},
	"exchange": {"exchange with the Tapp", "Tausch mit dem Tapp"},
	"buy":      {"buying", "Kaufen"},
	"layout":   {"lay-out", "Auslegen"},
	"doubling": {"doubling", "Doppeln"},
	"double":   {"doubling", "Doppeln"},
	"call":     {"calling a trump", "Rufen"},
	"fold":     {"fold or stay", "Zusammenwerfen oder bleiben"},
	"play":     {"card play", "Kartenspiel"},
}

// ordinal writes n as an ordinal word: "second", "zweite".
func ordinal(n int, l card.Lang) string {
	words := [2][]string{
		{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"},
		{"erste", "zweite", "dritte", "vierte", "fünfte", "sechste", "siebte", "achte", "neunte", "zehnte"},
	}
	i := 0
	if l == card.German {
		i = 1
	}
	if n >= 1 && n <= len(words[i]) {
		return words[i][n-1]
	}
	return strconv.Itoa(n) + "."
}

// ClassName names a decision's class for people.
func ClassName(class string, l card.Lang) string {
	w, ok := map[string][2]string{
		Good: {"good", "gut"}, Inaccuracy: {"inaccuracy", "Ungenauigkeit"}, Mistake: {"mistake", "Fehler"},
		Blunder: {"blunder", "grober Fehler"}, Forced: {"forced", "erzwungen"}, Unvalued: {"not valued", "nicht bewertet"},
	}[class]
	if !ok {
		return class
	}
	if l == card.German {
		return w[1]
	}
	return w[0]
}

// number writes a value with at most two decimals, a minus sign and, in
// German, a decimal comma.
func number(x float64, l card.Lang) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	s = strings.Replace(s, "-", "−", 1)
	if l == card.German {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// whyIn words the taken action's why in l: the report's words when they
// are in l, else its differences worded again.
func whyIn(d Decision, rep *Report, l card.Lang) string {
	if rep.lang == l {
		return d.Why.Text
	}
	names := map[string]string{}
	for _, a := range []game.Action{d.taken, d.best} {
		names[rep.rules.EncodeAction(a).Card+rep.rules.EncodeAction(a).Call] = why.ActionName(rep.rules, a, l)
	}
	return why.TextOf(d.Why.Why, func(ra game.RecordAction) string {
		if n, ok := names[ra.Card+ra.Call]; ok {
			return n
		}
		return ra.Card
	}, l, whoOf(rep.names, d.Seat, l))
}

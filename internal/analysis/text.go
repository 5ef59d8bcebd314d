package analysis

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// Text renders a report for people, in English or German: each seat's
// total loss, its share of good decisions and its costliest moments, then
// every decision that was not good with the better choice and its value.
func Text(rep *Report, l card.Lang) string {
	t := func(en, de string) string {
		if l == card.German {
			return de
		}
		return en
	}
	class := map[string][2]string{
		Good: {"good", "gut"}, Inaccuracy: {"inaccuracy", "Ungenauigkeit"}, Mistake: {"mistake", "Fehler"},
		Blunder: {"blunder", "grober Fehler"}, Forced: {"forced", "erzwungen"}, Unvalued: {"not valued", "nicht bewertet"},
	}
	var b strings.Builder
	state := t("complete hand", "ganzes Spiel")
	if !rep.Complete {
		state = t("hand in progress", "laufendes Spiel")
	}
	fmt.Fprintf(&b, "%s — %s, %s %s, seed %q\n", rep.Title, state, t("analysed by", "bewertet von"), rep.Bot, rep.Seed)
	fmt.Fprintf(&b, t("Loss in points per hand from the seat's own information; inaccuracy ≥ %g, mistake ≥ %g, blunder ≥ %g.\n",
		"Verlust in Punkten je Spiel aus der Sicht des Platzes; Ungenauigkeit ≥ %g, Fehler ≥ %g, grober Fehler ≥ %g.\n"),
		rep.Thresholds.Inaccuracy, rep.Thresholds.Mistake, rep.Thresholds.Blunder)
	for _, s := range rep.Seats {
		fmt.Fprintf(&b, "\n%s %d (%s): %s %.2f, %s %.0f%% (%d/%d %s)\n", t("Seat", "Platz"), s.Seat, s.Name,
			t("total loss", "Gesamtverlust"), s.Loss, t("good decisions", "gute Entscheidungen"), 100*s.GoodShare,
			s.Valued, s.Decisions, t("valued", "bewertet"))
		for _, i := range s.Worst {
			d := rep.Decisions[i]
			fmt.Fprintf(&b, "  %s %d: %s %s, %s %s (−%.2f, %s)\n", t("step", "Zug"), d.Step, t("took", "gewählt"), words(d.Taken),
				t("better", "besser"), words(*d.Best), d.Loss, class[d.Class][l])
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
		fmt.Fprintf(&b, "  %s %d, %s %d (%s): %s %s = %.2f; %s %s = %.2f → %s\n", t("step", "Zug"), d.Step, t("seat", "Platz"), d.Seat, d.Phase,
			t("took", "gewählt"), words(d.Taken), d.Candidates[0].Value-d.Loss, t("best", "am besten"), words(*d.Best), d.Candidates[0].Value, class[d.Class][l])
		if len(d.OpenCard) > 0 {
			fmt.Fprintf(&b, "      %s %s = %d\n", t("open cards (all hands seen), best:", "offene Karten (alle Hände sichtbar), am besten:"), words(d.OpenCard[0].Action), d.OpenCard[0].Value)
		}
	}
	if !any {
		fmt.Fprintf(&b, "  %s\n", t("none", "keine"))
	}
	return b.String()
}

// words writes a record action compactly: its call, card or cards.
func words(ra game.RecordAction) string {
	parts := []string{ra.Act}
	switch {
	case len(ra.Cards) > 0:
		parts = append(parts, strings.Join(ra.Cards, " "))
	case ra.Card != "":
		parts = append(parts, ra.Card)
	case ra.Call != "":
		parts = append(parts, ra.Call)
	}
	if ra.Say != "" {
		parts = append(parts, ra.Say)
	}
	return strings.Join(parts, " ")
}

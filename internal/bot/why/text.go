package why

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"trull/internal/card"
	"trull/internal/game"
)

// Text words a Why in one to three sentences for the seat that decides,
// the biggest difference first: the game won or lost (how often with each
// action), then each scored item that differs, largest first, then the
// trick the card is played to and the card points. When that difference
// goes against the action's score, the score comes first, so that the
// better choice does not read as the worse. name names an action as the
// table shows it.
func Text(w Why, name func(game.RecordAction) string, l card.Lang) string {
	return TextOf(w, name, l, "")
}

// TextOf is Text for a reader other than the deciding seat: who names that
// seat ("Bot 2's side"); "" speaks to it ("your side").
func TextOf(w Why, name func(game.RecordAction) string, l card.Lang, who string) string {
	de := l == card.German
	a, b := name(w.Action), name(w.Best)
	side, score := voice(who, de)
	if w.Worlds == 0 {
		return pick(de, "No world was compared.", "Keine Welt wurde verglichen.")
	}
	var first []string // sentences of the game and the items, biggest first
	// A fact's sign is +1 when it speaks for the action, -1 against it.
	type fact struct {
		weight float64
		sign   float64
		text   string
	}
	var facts []fact
	if w.Game != nil && w.Game.Action != w.Game.Best {
		weight := math.Abs(w.Score)
		for _, it := range w.Items {
			if isGame(it.Item) {
				weight = math.Abs(it.Points)
			}
		}
		facts = append(facts, fact{weight, sign(float64(w.Game.Action - w.Game.Best)), pick(de,
			fmt.Sprintf("With %s, %s wins the game in %s; with %s, in %s.", a, side, worlds(w.Game.Action, w.Worlds, de), b, worlds(w.Game.Best, w.Worlds, de)),
			fmt.Sprintf("%s gewinnt das Spiel mit %s in %s, mit %s in %s.", side, dative(a), worlds(w.Game.Action, w.Worlds, de), dative(b), worlds(w.Game.Best, w.Worlds, de)))})
	}
	for _, it := range w.Items {
		if isGame(it.Item) && (w.Game == nil || w.Game.Action == w.Game.Best) {
			more := pick(de, "less", "weniger")
			if it.Points > 0 {
				more = pick(de, "more", "mehr")
			}
			facts = append(facts, fact{math.Abs(it.Points), sign(it.Points), pick(de,
				fmt.Sprintf("With %s the %s counts %s %s for %s on average.", a, ItemName(it.Item, l), pointsText(math.Abs(it.Points), de), more, side),
				fmt.Sprintf("Mit %s zählt die Wertung „%s“ für %s im Mittel %s %s.", dative(a), ItemName(it.Item, l), side, pointsText(math.Abs(it.Points), de), more))})
		}
		if isGame(it.Item) {
			continue
		}
		// The item compared: in how many worlds the action does better
		// or worse on it than the other action, not how often it is won.
		item := ItemName(it.Item, l)
		better, n := pick(de, "better", "besser"), it.Worlds-it.Worse
		if it.Points < 0 {
			better, n = pick(de, "worse", "schlechter"), it.Worse
		}
		facts = append(facts, fact{math.Abs(it.Points), sign(it.Points), pick(de,
			fmt.Sprintf("With %s rather than %s, %s does %s on the %s (worth %s) in %s.", a, b, side, better, item, pointsText(float64(it.Typical), de), worlds(n, w.Worlds, de)),
			fmt.Sprintf("Mit %s statt mit %s steht %s bei der Wertung „%s“ (sie zählt %s) in %s %s da.", dative(a), dative(b), side, item, pointsText(float64(it.Typical), de), worlds(n, w.Worlds, de), better))})
	}
	slices.SortStableFunc(facts, func(x, y fact) int {
		switch {
		case x.weight > y.weight:
			return -1
		case x.weight < y.weight:
			return 1
		}
		return 0
	})
	var out []string
	scoreSaid := len(facts) > 0 && facts[0].sign*w.Score < 0 && math.Abs(w.Score) >= 0.05
	if scoreSaid {
		higher := pick(de, "lower", "niedriger")
		if w.Score > 0 {
			higher = pick(de, "higher", "höher")
		}
		out = append(out, upper(pick(de,
			fmt.Sprintf("With %s, %s is %s %s on average than with %s.", a, score, pointsText(math.Abs(w.Score), de), higher, b),
			fmt.Sprintf("Mit %s ist %s im Mittel %s %s als mit %s.", dative(a), score, pointsText(math.Abs(w.Score), de), higher, dative(b)))))
	}
	for _, f := range facts {
		first = append(first, upper(f.text))
	}
	trick := trickText(w, a, b, de, who, scoreSaid)
	if len(first) > 0 {
		out = append(out, first[0])
		first = first[1:]
	}
	if trick != "" {
		out = append(out, trick)
	} else if len(first) > 0 {
		out = append(out, first[0])
	}
	if len(out) == 0 {
		return upper(pick(de,
			fmt.Sprintf("%s and %s come to the same in %s.", a, b, worlds(w.Worlds, w.Worlds, de)),
			fmt.Sprintf("%s und %s führen in %s zum selben Ergebnis.", a, b, worlds(w.Worlds, w.Worlds, de))))
	}
	return strings.Join(out, " ")
}

// trickText words the trick and the card points, or returns "" when
// neither differs, for the reader who (TextOf). scoreSaid tells that the
// score was already worded.
func trickText(w Why, a, b string, de bool, who string, scoreSaid bool) string {
	side, score := voice(who, de)
	cp := w.CardPoints
	points := math.Abs(cp) >= 1.0/6
	if w.Trick == nil || w.Trick.Action == w.Trick.Best {
		if !points {
			return ""
		}
		more := pick(de, "fewer", "weniger")
		if cp > 0 {
			more = pick(de, "more", "mehr")
		}
		if cp*w.Score < 0 && math.Abs(w.Score) >= 0.05 && !scoreSaid {
			// The card points go against the score (a bid that scores
			// more with fewer points, a card that keeps a bonus): the
			// score comes first, so that the better choice does not read
			// as the worse.
			higher := pick(de, "lower", "niedriger")
			if w.Score > 0 {
				higher = pick(de, "higher", "höher")
			}
			if w.Opponents == "alone" {
				// Every seat for itself (a Misère): more card points are
				// worse, so the points explain the score.
				return upper(pick(de,
					fmt.Sprintf("With %s, %s is %s %s on average than with %s, because you count %s %s: in a Misère the most card points lose.", a, score, pointsText(math.Abs(w.Score), de), higher, b, cardPoints(math.Abs(cp), de), more),
					fmt.Sprintf("Mit %s ist %s im Mittel %s %s als mit %s, weil du im Mittel %s %s zählst: In der Misère verliert, wer die meisten Kartenpunkte hat.", dative(a), score, pointsText(math.Abs(w.Score), de), higher, dative(b), cardPoints(math.Abs(cp), de), more)))
			}
			return upper(pick(de,
				fmt.Sprintf("With %s, %s is %s %s on average than with %s, though %s counts %s %s.", a, score, pointsText(math.Abs(w.Score), de), higher, b, side, cardPoints(math.Abs(cp), de), more),
				fmt.Sprintf("Mit %s ist %s im Mittel %s %s als mit %s, auch wenn %s im Mittel %s %s zählt.", dative(a), score, pointsText(math.Abs(w.Score), de), higher, dative(b), side, cardPoints(math.Abs(cp), de), more)))
		}
		return upper(pick(de,
			fmt.Sprintf("With %s, %s counts %s %s than with %s.", a, side, cardPoints(math.Abs(cp), de), more, b),
			fmt.Sprintf("Mit %s zählt %s im Mittel %s %s als mit %s.", dative(a), side, cardPoints(math.Abs(cp), de), more, dative(b))))
	}
	// hi takes the trick more often than lo.
	hi, lo, nhi, nlo, loPoints := b, a, w.Trick.Best, w.Trick.Action, cp
	if w.Trick.Action > w.Trick.Best {
		hi, lo, nhi, nlo, loPoints = a, b, w.Trick.Action, w.Trick.Best, -cp
	}
	opp := opponents[w.Opponents]
	if opp == [2]string{} {
		opp = opponents["others"]
	}
	if w.Opponents == "opponent" && who != "" {
		// A named side's opponent is not the reader's.
		opp = [2]string{who + "'s opponent takes", "nimmt der Gegner von " + who}
	}
	s := pick(de,
		fmt.Sprintf("%s takes this trick for %s in %s; with %s %s it in %s", hi, side, worlds(nhi, w.Worlds, de), lo, opp[0], worlds(w.Worlds-nlo, w.Worlds, de)),
		fmt.Sprintf("%s gewinnt diesen Stich für %s in %s; mit %s %s ihn in %s", hi, side, worlds(nhi, w.Worlds, de), dative(lo), opp[1], worlds(w.Worlds-nlo, w.Worlds, de)))
	switch {
	case points && loPoints < 0:
		s += pick(de, fmt.Sprintf(" and %s more.", cardPoints(-loPoints, de)), fmt.Sprintf(" und %s mehr.", cardPoints(-loPoints, de)))
	case points:
		s += pick(de, fmt.Sprintf(", yet %s counts %s more with %s.", side, cardPoints(loPoints, de), lo),
			fmt.Sprintf(", doch %s zählt mit %s im Mittel %s mehr.", side, dative(lo), cardPoints(loPoints, de)))
	default:
		s += "."
	}
	return upper(s)
}

// cardPoints words a number of card points: "1 card point", "4⅔ card
// points" ("1 Kartenpunkt", "4⅔ Kartenpunkte").
// pointsText words x points, "1 point" in the singular.
func pointsText(x float64, de bool) string {
	n := Number(x, de)
	if n == "1" {
		return pick(de, "1 point", "1 Punkt")
	}
	return n + pick(de, " points", " Punkte")
}

func cardPoints(x float64, de bool) string {
	n := Number(x, de)
	if n == "1" {
		return pick(de, "1 card point", "1 Kartenpunkt")
	}
	return n + pick(de, " card points", " Kartenpunkte")
}

// opponents word the seat's other side with its verb, in English and
// German (Why.Opponents).
var opponents = map[string][2]string{
	"defenders": {"the defenders take", "nehmen die Gegenspieler"},
	"declarer":  {"the declarer's side takes", "nimmt die Spielerseite"},
	"tappist":   {"the Tappist's side takes", "nimmt die Seite des Tappisten"},
	"soloist":   {"the Soloist takes", "nimmt der Solist"},
	"opponent":  {"your opponent takes", "nimmt dein Gegner"},
	"others":    {"another seat takes", "nimmt ein anderer Platz"},
}

// voice names the deciding seat's side and score: spoken to ("your side"),
// or by name for another reader ("Bot 2's side").
func voice(who string, de bool) (side, score string) {
	if who == "" {
		return pick(de, "your side", "deine Seite"), pick(de, "your score", "dein Ergebnis")
	}
	return pick(de, who+"'s side", "die Seite von "+who), pick(de, who+"'s score", "das Ergebnis von "+who)
}

// sign is +1, -1 or 0 as x is positive, negative or zero.
func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// isGame reports the items that are the game itself.
func isGame(item string) bool { return item == "game" || item == "match" }

// worlds words "k of n worlds": "every world", "no world", "7 of 10
// worlds" (German "jeder Welt", "keiner Welt", "7 von 10 Welten").
func worlds(k, n int, de bool) string {
	switch {
	case k == n && n > 1:
		return pick(de, "every world", "jeder Welt")
	case k == 0:
		return pick(de, "no world", "keiner Welt")
	case n == 1:
		return pick(de, "the one world", "der einen Welt")
	}
	return pick(de, fmt.Sprintf("%d of %d worlds", k, n), fmt.Sprintf("%d von %d Welten", k, n))
}

// Number writes a mean number of points for people: a whole number, a
// whole number with a third ("4⅔") when it is within a twentieth of one,
// else one decimal (a decimal comma in German).
func Number(x float64, de bool) string {
	sign := ""
	if x < 0 {
		sign, x = "−", -x
	}
	thirds := math.Round(x * 3)
	if math.Abs(x-thirds/3) < 0.05 {
		whole, rest := int(thirds)/3, int(thirds)%3
		s := strconv.Itoa(whole)
		switch {
		case rest == 0:
		case whole == 0:
			s = []string{"", "⅓", "⅔"}[rest]
		default:
			s += []string{"", "⅓", "⅔"}[rest]
		}
		return sign + s
	}
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if de {
		s = strings.Replace(s, ".", ",", 1)
	}
	return sign + s
}

// pick returns en or de.
func pick(de bool, en, ger string) string {
	if de {
		return ger
	}
	return en
}

// upper capitalises a sentence's first letter.
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// ItemName names a result item (docs/FORMAT.md "items") for people.
func ItemName(item string, l card.Lang) string {
	w, ok := itemWords[item]
	if !ok {
		return strings.ReplaceAll(item, "_", " ")
	}
	if l == card.German {
		return w[1]
	}
	return w[0]
}

// itemWords name the scored items of every game's results.
var itemWords = map[string][2]string{
	"game":                      {"game", "Spiel"},
	"match":                     {"all tricks (Match)", "alle Stiche (Match)"},
	"pagat_ultimo":              {"Pagat ultimo", "Pagat ultimo"},
	"pagat_capture":             {"Pagat captured", "Pagat gefangen"},
	"pagat_captured":            {"Pagat captured", "Pagat gefangen"},
	"pagat_laid_out":            {"laid-out Pagat", "ausgelegter Pagat"},
	"gstiess_laid_out":          {"laid-out Gstieß", "ausgelegter Gstieß"},
	"kleine_und_gstiess_ultimo": {"Kleine und Gstieß Ultimo", "Kleine und Gstieß Ultimo"},
	"no_trick":                  {"no trick (×3)", "kein Stich (×3)"},
	"under_30":                  {"under 30 points (×2)", "unter 30 Kartenpunkten (×2)"},
	"solo_multiplier":           {"Solo multiplier", "Solo-Faktor"},
	"tie_57_57":                 {"57:57, nobody pays", "57:57, keine Zahlung"},
	"misere_most_points":        {"most points in the Misère", "meiste Kartenpunkte in der Misère"},
	"misere_tie_no_payment":     {"tie, nobody pays", "Gleichstand, keine Zahlung"},
	"double":                    {"doubled", "verdoppelt"},
	"draw":                      {"draw (Nullrunde)", "unentschieden (Nullrunde)"},
	"grammel":                   {"Grammel", "Grammel"},
	"trull":                     {"Trull", "Trull"},
	"four_kings":                {"four kings", "vier Könige"},
	"uhu":                       {"Uhu", "Uhu"},
	"uhu_captured":              {"Uhu captured", "Uhu gefangen"},
	"kakadu":                    {"Kakadu", "Kakadu"},
	"kakadu_captured":           {"Kakadu captured", "Kakadu gefangen"},
	"rostopschin":               {"Rostopschin", "Rostopschin"},
	"rostopschin_lost":          {"Rostopschin lost", "Rostopschin verloren"},
	"valat":                     {"Valat", "Valat"},
}

// ActionName names an action as the table shows it: a card played without
// a word said by the card's name ("Mond (XXI)", "Herz-König"), any other
// action in the game's words (game.Rules.Describe).
func ActionName(r game.Rules, a game.Action, l card.Lang) string {
	if a.Kind == game.KindPlay && a.Call == 0 {
		return r.Pack().CardName(a.Card, l)
	}
	return r.Describe(a, l)
}

// dative puts a German action's name after "mit": a card name that
// carries its article (the Fool's: "der Gstieß") takes the dative ("dem
// Gstieß"), the doubling its noun ("einem Schwachen"), and a name that is
// a clause or a verb rather than a noun ("drückt …", "kauft nicht", "gut",
// "… auslegen") stands in quotes, as the table's button says it.
func dative(name string) string {
	if rest, ok := strings.CutPrefix(name, "der "); ok {
		return "dem " + rest
	}
	if rest, ok := strings.CutPrefix(name, "einen "); ok {
		return "einem " + strings.TrimSuffix(rest, " geben")
	}
	if r, _ := utf8.DecodeRuneInString(name); unicode.IsLower(r) || strings.HasSuffix(name, " auslegen") {
		return "„" + name + "“"
	}
	return name
}

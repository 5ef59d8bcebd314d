package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"trull/internal/game"
)

// showResult shows the end of a hand: the table as it lies (what the count
// shows: discards, talon), why a Super Mord stopped, the result's items in
// the game's words, and a small table of card points, the hand's score and
// the totals, in at most 80 columns.
func (p *player) showResult(st game.State) {
	p.logMoves(st)
	m := tableOf(st.View(game.Seat(p.human)))
	fmt.Fprintf(p.out, "\n%s", p.render(p.screenOfModel(m)))
	if m.Contract == "supermord" {
		left := 0
		for _, n := range m.HandSizes {
			left += n
		}
		if left > 0 {
			p.say(fmt.Sprintf(p.t("Super Mord ends at trick %d: the declarer lost a trick.",
				"Super Mord endet mit Stich %d: der Spieler hat einen Stich verloren."), p.trickNo))
		}
	}
	res := st.Result()
	head := fmt.Sprintf("--- %s: %s", p.t("Result", "Ergebnis"), p.contractWord(res.Contract))
	if res.Declarer >= 0 {
		head += fmt.Sprintf(", %s %s", p.t("declarer", "Spieler"), p.names[res.Declarer])
	}
	if res.Partner >= 0 {
		head += fmt.Sprintf(", %s %s", p.t("partner", "Partner"), p.names[res.Partner])
	}
	p.say(head)
	if res.Redeal {
		p.say(p.t("    Nobody scores; the same dealer deals again.", "    Keiner schreibt; derselbe Geber gibt noch einmal."))
		return
	}
	for _, it := range res.Items {
		who := p.sideName(it.Side)
		if len(it.Seats) > 0 {
			var names []string
			for _, s := range it.Seats {
				names = append(names, p.names[s])
			}
			who = strings.Join(names, ", ")
		}
		line := "    " + p.itemName(it.Item)
		if it.Item == "misere_most_points" {
			// The players with the most points pay: say so, not "+1".
			pays := p.t("pays %d to each of the others", "zahlt jedem anderen %d")
			if len(it.Seats) > 1 {
				pays = p.t("pay %d to each of the others", "zahlen jedem anderen %d")
			}
			p.say(fmt.Sprintf("%s — %s "+pays, line, who, it.Points))
			continue
		}
		if who != "" {
			line += " — " + who
		}
		p.say(fmt.Sprintf("%s: %+d", line, it.Points))
		if it.Item == "game" && res.Declarer >= 0 && res.Declarer < len(res.CardPoints) {
			p.gameParts(res.Contract, res.CardPoints[res.Declarer], m.Doublings, it.Points)
		}
	}
	var rows []tableRow
	scale := p.rules.Traits().Scale
	if line := p.sidePoints(res, m.SitsOut); line != "" {
		p.say(line)
	} else {
		rows = append(rows, tableRow{label: p.t("Card points", "Kartenpunkte")})
		for _, cp := range res.CardPoints {
			rows[0].cells = append(rows[0].cells, thirdsOrPoints(scale, cp))
		}
	}
	if sheet := p.sit.Sheet(); len(sheet) > 0 {
		last := sheet[len(sheet)-1]
		label := p.t("This hand", "Dieses Spiel")
		if last.Multiplier > 1 {
			label += fmt.Sprintf(" ×%d", last.Multiplier)
		}
		rows = append(rows, tableRow{label: label, cells: signed(last.Score)}, tableRow{label: p.t("Total", "Gesamt"), cells: signed(last.Totals)})
	}
	p.table(rows)
}

// sidePoints words the card points of a hand played by two sides once for
// each side, with its seats ("Card points: declarer (Bot 2) 41 · defenders
// (you, Bot 1) 33"; a sitting-out dealer in neither), since the engines
// give each seat its side's points; "" where every seat counts for itself
// (Strohmandeln, Misère, a hand nobody declared).
func (p *player) sidePoints(res game.Result, sitsOut int) string {
	if p.rules.Seats() == 2 || res.Declarer < 0 || res.Contract == "misere" || len(res.CardPoints) != len(p.names) {
		return ""
	}
	team := []int{res.Declarer}
	if res.Partner >= 0 && res.Partner != res.Declarer {
		team = append(team, res.Partner)
	}
	var others []int
	for s := range p.names {
		if !slices.Contains(team, s) && s != sitsOut {
			others = append(others, s)
		}
	}
	scale := p.rules.Traits().Scale
	side := func(label string, seats []int) string {
		names := make([]string, len(seats))
		for i, s := range seats {
			names[i] = p.names[s]
		}
		return fmt.Sprintf("%s (%s) %s", strings.TrimPrefix(label, "the "), strings.Join(names, ", "), thirdsOrPoints(scale, res.CardPoints[seats[0]]))
	}
	parts := []string{side(p.sideName("declarer"), team)}
	if len(others) > 0 {
		parts = append(parts, side(p.sideName("defenders"), others))
	}
	return "    " + p.t("Card points: ", "Kartenpunkte: ") + strings.Join(parts, " · ")
}

// signed formats scores with their sign.
func signed(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%+d", x)
	}
	return out
}

// thirdsOrPoints formats a hand's card points in the unit of the
// variant's scale: thirds ("35⅔") or points.
func thirdsOrPoints(sc game.PointScale, n int) string {
	if sc.Thirds() {
		return thirds(sc, n)
	}
	return strconv.Itoa(n)
}

// tableRow is a line of figures, one per seat, after a label.
type tableRow struct {
	label string
	cells []string
}

// table prints rows of figures under the seats' names in at most 80
// columns: names too long for their column are shortened ("Alexand…"),
// and when the figures themselves do not fit, the seats are shown in
// blocks one under the other.
func (p *player) table(rows []tableRow) {
	n := len(p.names)
	labelW := 0
	cellW := 1
	for _, r := range rows {
		labelW = max(labelW, runes(r.label))
		for _, c := range r.cells {
			cellW = max(cellW, runes(c))
		}
	}
	labelW = min(labelW, 24)
	nameW := 0
	for _, name := range p.names {
		nameW = max(nameW, runes(name))
	}
	avail := width - 2 - labelW
	w := max(cellW, nameW)
	if n*(w+1) > avail {
		w = max(cellW, min(nameW, max(4, avail/n-1)))
	}
	per := max(1, min(n, avail/(w+1)))
	for from := 0; from < n; from += per {
		to := min(n, from+per)
		var b strings.Builder
		b.WriteString("  " + pad("", labelW))
		for seat := from; to > seat; seat++ {
			b.WriteString(" " + padLeft(cut(p.names[seat], w), w))
		}
		fmt.Fprintln(p.out, strings.TrimRight(b.String(), " "))
		for _, r := range rows {
			b.Reset()
			b.WriteString("  " + pad(cut(r.label, labelW), labelW))
			for seat := from; seat < to && seat < len(r.cells); seat++ {
				b.WriteString(" " + padLeft(r.cells[seat], w))
			}
			fmt.Fprintln(p.out, b.String())
		}
	}
}

// runes is the number of columns s takes (one per rune: the screen uses
// no wide characters).
func runes(s string) int { return len([]rune(s)) }

// cut shortens s to w columns, marking the cut with "…".
func cut(s string, w int) string {
	r := []rune(s)
	if len(r) <= w {
		return s
	}
	return string(r[:max(0, w-1)]) + "…"
}

// pad and padLeft fill s with spaces to w columns, after or before it.
func pad(s string, w int) string     { return s + strings.Repeat(" ", max(0, w-runes(s))) }
func padLeft(s string, w int) string { return strings.Repeat(" ", max(0, w-runes(s))) + s }

// showSheet shows the score sheet: a row per hand with its contract and
// the running totals.
func (p *player) showSheet() {
	if m := p.sit.Multiplier(); m > 1 {
		p.say(fmt.Sprintf(p.t("  Nullrunde: the next hand counts ×%d", "  Nullrunde: das nächste Spiel zählt ×%d"), m))
	}
	sheet := p.sit.Sheet()
	p.say(p.t("  Score sheet (running totals):", "  Schreibblock (laufender Stand):"))
	if len(sheet) == 0 {
		p.say(p.t("  no hand yet", "  noch kein Spiel"))
		return
	}
	var rows []tableRow
	for _, row := range sheet {
		label := fmt.Sprintf("%d %s", row.Hand, p.contractShort(row.Contract))
		if row.Redeal {
			label = "– " + p.contractShort(row.Contract)
		} else if row.Multiplier > 1 {
			label += fmt.Sprintf(" ×%d", row.Multiplier)
		}
		cells := make([]string, len(row.Totals))
		for i, v := range row.Totals {
			cells[i] = strconv.Itoa(v)
		}
		rows = append(rows, tableRow{label: label, cells: cells})
	}
	p.table(rows)
}

// showStanding shows the totals when the person leaves before the end.
func (p *player) showStanding() {
	if p.sit == nil || len(p.sit.Sheet()) == 0 {
		return
	}
	p.say(fmt.Sprintf("\n%s: %s", p.t("Standing", "Stand"), p.standingOf(p.sit.Totals())))
}

func (p *player) showSettlement() {
	st := p.sit.Settlement(1)
	p.say(fmt.Sprintf("\n=== %s ===", p.t("Settlement (1 per point)", "Abrechnung (1 je Punkt)")))
	for _, pay := range st.Payments {
		p.say(fmt.Sprintf("  %s → %s: %d", p.names[pay.From], p.names[pay.To], pay.Amount))
	}
	rows := []tableRow{{label: p.t("Net", "Saldo"), cells: signed(st.Net)}}
	p.table(rows)
}

// gameParts prints a game item worked out from its parts where the game
// scores it so (Droggn): the contract's value and the declarer's card
// points over or short of the half, times the doublings.
func (p *player) gameParts(contract string, points, doublings, item int) {
	tr := p.rules.Traits()
	base, diff, mult, ok := tr.GameParts(contract, points, doublings, item)
	if !ok {
		return
	}
	half := tr.Scale.Total / 2
	n := max(diff, -diff)
	unit := p.t("card points", "Kartenpunkte")
	if n == 1 {
		unit = p.t("card point", "Kartenpunkt")
	}
	sum := fmt.Sprintf(p.t("%s %d + %d %s over %d", "%s %d + %d %s über %d"), p.contractWord(contract), base, n, unit, half)
	switch {
	case diff < 0:
		sum = fmt.Sprintf(p.t("%s %d + %d %s short of %d", "%s %d + %d %s unter %d"), p.contractWord(contract), base, n, unit, half)
	case diff == 0:
		sum = fmt.Sprintf(p.t("%s %d, with exactly %d card points", "%s %d, mit genau %d Kartenpunkten"), p.contractWord(contract), base, half)
	}
	switch {
	case mult > 1 && diff < 0:
		sum = fmt.Sprintf("−(%s) × %d", sum, mult)
	case mult > 1:
		sum = fmt.Sprintf("(%s) × %d", sum, mult)
	case diff < 0:
		sum = fmt.Sprintf("−(%s)", sum)
	}
	p.say("      = " + sum)
}

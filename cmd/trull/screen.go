package main

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// width is the terminal width the table is laid out for.
const width = 80

// play is one card on the table.
type play struct {
	seat int
	card card.Card
	note string // "„Ross!“", "powerless", …
}

// trickText is a trick on the table: who led, the cards, who won (-1 while
// it is played).
type trickText struct {
	plays  []play
	winner int
}

// screen is what the terminal shows of a hand, the same for all three
// games: the contract and its declarer, the game's public facts, the
// current trick, the running count as the engine's view gives it, the
// person's hand. The last finished trick is for the move log (logTrick).
type screen struct {
	contract string
	facts    []string
	turn     int
	last     *trickText // the last finished trick in the view
	trick    *trickText
	count    []string // lines of the count, each from the view's figures
	hand     []card.Card
	handNote string
	// added are the cards in the hand that were not in it when the person
	// last decided in this hand (a talon taken, a Strohmann taken up, a
	// card bought).
	added []card.Card
}

// screenOf reads a seat's view into the common screen, through the table
// model the browser draws.
func (p *player) screenOf(v game.View) screen { return p.screenOfModel(tableOf(v)) }

// tableOf returns the table model of a view; every game's view has one.
func tableOf(v game.View) *tablemodel.Model {
	m, err := tablemodel.Of(v)
	if err != nil {
		panic(fmt.Sprintf("trull play: %v", err))
	}
	return m
}

// render lays the screen out in at most 80 columns. The finished tricks
// are in the move log above it (logTrick), one line each.
func (p *player) render(s screen) string {
	var b strings.Builder
	line := func(text string) {
		for _, l := range wrap(text, width) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	if s.contract != "" {
		line(s.contract)
	}
	for _, f := range s.facts {
		line(f)
	}
	if s.trick != nil && len(s.trick.plays) > 0 {
		line(fmt.Sprintf("%s %d: %s", p.t("Trick", "Stich"), p.trickNo+1, p.plays(s.trick.plays)))
	}
	for _, c := range s.count {
		line(c)
	}
	hand := make([]string, len(s.hand))
	for i, c := range s.hand {
		hand[i] = p.short(c)
	}
	if len(s.hand) > 0 {
		line(fmt.Sprintf("%s (%d): %s%s", p.t("Your hand", "Deine Hand"), len(s.hand), strings.Join(hand, " "), s.handNote))
	}
	if len(s.added) > 0 {
		line(fmt.Sprintf("%s: %s", p.t("New in your hand", "Neu in deiner Hand"), p.shorts(s.added)))
	}
	switch {
	case s.turn == p.human:
		line("→ " + p.t("your turn", "du bist dran"))
	case s.turn >= 0:
		line(fmt.Sprintf(p.t("→ %s to act", "→ %s ist dran"), p.names[s.turn]))
	}
	return b.String()
}

// plays names the cards of a trick with their players.
func (p *player) plays(ps []play) string {
	out := make([]string, len(ps))
	for i, pl := range ps {
		out[i] = p.names[pl.seat] + " " + p.short(pl.card)
		if pl.note != "" {
			out[i] += " " + pl.note
		}
	}
	return strings.Join(out, " · ")
}

// wrap breaks text into lines of at most n runes; a continued line is
// indented by two spaces. It breaks between the items of a list (before a
// " · ", after a ", ") when one ends in the line's second half, so that a
// name such as "Bot 7" stays whole, else at the last space.
func wrap(text string, n int) []string {
	var out []string
	for len([]rune(text)) > n {
		r := []rune(text)
		cut := -1
		for i := n; i > n/2 && cut < 0; i-- {
			if r[i] == ' ' && (i+1 < len(r) && r[i+1] == '·' || r[i-1] == ',') {
				cut = i
			}
		}
		for i := n; i > n/2 && cut < 0; i-- {
			if r[i] == ' ' {
				cut = i
			}
		}
		if cut < 0 {
			cut = n
		}
		out = append(out, strings.TrimRight(string(r[:cut]), " "))
		text = "  " + strings.TrimLeft(string(r[cut:]), " ")
	}
	return append(out, text)
}

// ids turns record card IDs into cards of the pack.
func (p *player) ids(ids []string) []card.Card {
	out := make([]card.Card, 0, len(ids))
	for _, id := range ids {
		if c, err := p.rules.Pack().Parse(id); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// shorts names cards compactly.
func (p *player) shorts(cs []card.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = p.short(c)
	}
	return strings.Join(out, " ")
}

// screenOfModel draws the table model: each part of the screen from the
// model's fields that hold it, in the words the rules' traits give.
func (p *player) screenOfModel(m *tablemodel.Model) screen {
	tr := p.rules.Traits()
	s := screen{turn: m.ToAct, hand: p.ids(m.Hand), contract: p.contractLine(m, tr)}
	s.facts = p.facts(m)
	if n := len(m.Tricks); n > 0 {
		s.last = p.trickText(m.Tricks[n-1])
	}
	if m.Trick != nil && len(m.Trick.Plays) > 0 {
		s.trick = p.trickText(*m.Trick)
	}
	if m.Phase == "play" || m.Result != nil {
		s.count = p.counts(m, tr)
	}
	if m.FoolPowerless && len(m.Hand) > 0 {
		s.handNote = p.t(" — your Bättler has lost its power: keep it for the last trick", " — dein Bättler hat seine Kraft verloren: bis zum letzten Stich behalten")
	}
	return s
}

// contractLine names the contract and who plays it, or the bidding so far.
func (p *player) contractLine(m *tablemodel.Model, tr game.Traits) string {
	switch {
	case m.Contract == "" && tr.Auction:
		return p.bids(m.Log)
	case m.Contract == "":
		return ""
	case m.Contract == "undertaken":
		line := p.subject(m.Declarer, pair{"Undertaken by %s", "Aufgenommen von %s"}, pair{"You undertook the game", "Du hast aufgenommen"})
		if m.Doubled {
			line += p.t(", doubled", ", verdoppelt")
		}
		return line
	case m.Declarer >= 0:
		line := p.contractWord(m.Contract) + " · " + p.names[m.Declarer]
		if w := tr.Declarer.In(p.lang); w != "" {
			line = fmt.Sprintf("%s · %s %s", p.contractWord(m.Contract), w, p.names[m.Declarer])
		}
		if m.Forced {
			line += p.t(" (forced)", " (Pflichtspiel)")
		}
		if m.Doublings > 0 {
			line += fmt.Sprintf(" · ×%d", 1<<m.Doublings)
		}
		return line
	case tr.AllAlone(m.Contract):
		return p.contractWord(m.Contract) + p.t(": everyone plays for himself", ": jeder spielt für sich")
	}
	return p.contractWord(m.Contract)
}

// facts are the table's public facts, each from the model's fields that
// hold it: who sits out, the talon or Tapp, what is laid out, bought,
// called and discarded, and each seat's cards on the table.
func (p *player) facts(m *tablemodel.Model) []string {
	var out []string
	if m.SitsOut >= 0 {
		if m.SitsOut == p.human {
			out = append(out, p.t("You sit out this hand (you dealt) and score with the defenders",
				"Du feierst in diesem Spiel (du hast gegeben) und zählst mit den Gegenspielern"))
		} else {
			out = append(out, fmt.Sprintf(p.t("%s sits out (dealt)", "%s feiert (hat gegeben)"), p.names[m.SitsOut]))
		}
	}
	if len(m.TalonShown) > 0 {
		out = append(out, "Talon: "+p.shorts(p.ids(m.TalonShown)))
	}
	if m.PagatLaid >= 0 {
		out = append(out, p.subject(m.PagatLaid, pair{"%s has laid out the Pagat", "%s hat den Pagat ausgelegt"},
			pair{"You have laid out the Pagat", "Du hast den Pagat ausgelegt"}))
	}
	if m.FoolLaid {
		out = append(out, p.subject(m.Declarer, pair{"%s has laid out the Gstieß", "%s hat den Gstieß ausgelegt"},
			pair{"You have laid out the Gstieß", "Du hast den Gstieß ausgelegt"}))
	}
	out = append(out, p.buyFacts(m)...)
	if m.CalledTrump > 0 {
		out = append(out, p.called(m))
	}
	if m.TappSize > 0 && len(m.Tapp) == 0 {
		out = append(out, fmt.Sprintf(p.t("Tapp: %d cards face down", "Tapp: %d Karten verdeckt"), m.TappSize))
	}
	if len(m.Tapp) > 0 {
		out = append(out, "Tapp: "+p.shorts(p.ids(m.Tapp)))
	}
	if len(m.TappTaken) > 0 {
		out = append(out, p.t("You took from the Tapp: ", "Aus dem Tapp genommen: ")+p.shorts(p.ids(m.TappTaken)))
	}
	for _, e := range m.Log {
		if e.Act == "discard" && e.Seat != p.human && len(e.Cards) == 0 && e.Count > 0 {
			out = append(out, fmt.Sprintf(p.t("%s discarded %d cards face down", "%s hat %d Karten verdeckt gedrückt"), p.names[e.Seat], e.Count))
		}
	}
	if len(m.Discards) > 0 {
		label := p.t("Discards: ", "Gedrückt: ")
		if p.human == m.Declarer && m.Result == nil {
			label = p.t("Your discards: ", "Deine gedrückten Karten: ")
		}
		out = append(out, label+p.shorts(p.ids(m.Discards)))
	}
	if len(m.Talon) > 0 {
		out = append(out, p.t("Talon (counts for the declarer): ", "Talon (zählt für den Spieler): ")+p.shorts(p.ids(m.Talon)))
	}
	for seat, pv := range m.Players {
		out = append(out, p.player(seat, pv))
	}
	return out
}

// called words the called trump and what is known of the partner.
func (p *player) called(m *tablemodel.Model) string {
	who := p.t("secret", "geheim")
	switch {
	case m.Partner == p.human:
		who = p.t("you", "du")
	case m.Partner >= 0:
		who = p.names[m.Partner]
	case m.Alone:
		who = p.t("none: the Tappist plays alone", "keiner: der Tappist spielt allein")
	}
	mark := ""
	for _, c := range p.ids(m.Hand) {
		if c == card.Trump(m.CalledTrump) && p.human != m.Declarer {
			mark = p.t(" (you hold it: you are the partner)", " (du hast ihn: du bist der Partner)")
		}
	}
	return fmt.Sprintf(p.t("Called: %s%s · partner: %s", "Gerufen: %s%s · Partner: %s"),
		p.cardName(card.Trump(m.CalledTrump)), mark, who)
}

// player words a seat's hand and Strohmänner as the table shows them.
func (p *player) player(seat int, pv tablemodel.StrohPlayer) string {
	var piles []string
	for k, pile := range pv.Strohmaenner {
		top := "–"
		if pile.Top != "" {
			top = p.shorts(p.ids([]string{pile.Top}))
		}
		piles = append(piles, fmt.Sprintf("%d:%s+%d", k+1, top, pile.FaceDown))
	}
	f := fmt.Sprintf("%s: %d %s · Strohmänner %s", p.names[seat], pv.HandSize, p.t("in hand", "in der Hand"), strings.Join(piles, " "))
	if seat != p.human && len(pv.Known) > 0 {
		f += p.t(" · known: ", " · bekannt: ") + p.shorts(p.ids(pv.Known))
	}
	if len(pv.Announced) > 0 {
		var said []string
		for _, a := range pv.Announced {
			said = append(said, p.announceWord(a))
		}
		f += p.t(" · announced ", " · angesagt: ") + strings.Join(said, ", ")
	}
	return f
}

// trickText reads a trick of the model, with what goes with each card.
func (p *player) trickText(t tablemodel.Trick) *trickText {
	tt := trickText{winner: t.Winner}
	for _, pl := range t.Plays {
		note := sayWord(pl.Say)
		if pl.Powerless {
			note = p.powerless(true)
		}
		tt.plays = append(tt.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: note})
	}
	return &tt
}

// counts are the lines of the running count, each from the model's
// figures: every seat's pile, the seat's own side's, or each player's
// tricks and the points the seat may see.
func (p *player) counts(m *tablemodel.Model, tr game.Traits) []string {
	var out []string
	var won []string
	for seat, w := range m.Won {
		if w.Tricks > 0 || w.Points > 0 {
			won = append(won, fmt.Sprintf("%s %d/%d", p.names[seat], w.Tricks, w.Points))
		}
	}
	if len(won) > 0 {
		out = append(out, p.t("Won (tricks/points): ", "Gewonnen (Stiche/Kartenpunkte): ")+strings.Join(won, " · "))
	}
	if c := m.Side; c != nil {
		side, with, need := p.t("Your side", "Deine Seite"), "", ""
		switch {
		case tr.AllAlone(m.Contract):
			side, need = p.t("You", "Du"), p.t(" (the most points pays)", " (die meisten Kartenpunkte zahlen)")
		case p.human == m.Declarer && m.Partner < 0:
			side = p.t("You", "Du")
		}
		if c.Wins > 0 && need == "" {
			need = fmt.Sprintf(p.t(" (%d win)", " (%d gewinnen)"), c.Wins)
		}
		if p.human == m.Declarer {
			if len(m.Discards) > 0 {
				with = p.t(" with your discards", " mit den gedrückten Karten")
			}
			if len(m.Talon) > 0 {
				with = p.t(" with the talon", " mit dem Talon")
			}
		}
		out = append(out, fmt.Sprintf("%s: %s, %s%s%s", side, p.tricks(c.Tricks), p.cardPoints(c.Points), with, need))
	}
	var players []string
	for seat, pv := range m.Players {
		if pv.CardPoints != nil {
			players = append(players, fmt.Sprintf(p.t("%s %s, %s points", "%s %s, %s Kartenpunkte"), p.names[seat], p.tricks(pv.Tricks), thirds(tr.Scale, *pv.CardPoints)))
		} else {
			// The opponent's pile may not be looked at (§3.3): its tricks
			// are counted, its points are not shown.
			players = append(players, fmt.Sprintf("%s %s", p.names[seat], p.tricks(pv.Tricks)))
		}
	}
	if len(players) > 0 {
		out = append(out, strings.Join(players, " · "))
	}
	return out
}

// subject says a sentence of seat: of another seat in the third person, of
// the person in the second.
func (p *player) subject(seat int, other, you pair) string {
	if seat == p.human {
		return p.word(you)
	}
	return fmt.Sprintf(p.word(other), p.names[seat])
}

// buyFacts words a buy as the seat may know it: the card asked for, who
// gave it, or why the right to buy was lost, and the offered card.
func (p *player) buyFacts(v *tablemodel.Model) []string {
	var out []string
	switch {
	case v.Asked != "" && !v.BuyLost:
		asked := p.cardObject(p.ids([]string{v.Asked})[0])
		from := p.names[v.BoughtFrom]
		switch {
		case v.BoughtFrom == p.human:
			out = append(out, fmt.Sprintf(p.t("%s bought %s from you", "%s hat %s von dir gekauft"), p.names[v.Declarer], asked))
		case v.Declarer == p.human:
			out = append(out, fmt.Sprintf(p.t("You bought %s from %s", "Du hast %s von %s gekauft"), asked, from))
		default:
			out = append(out, fmt.Sprintf(p.t("%s bought %s from %s", "%s hat %s von %s gekauft"), p.names[v.Declarer], asked, from))
		}
	case v.Asked != "":
		c := p.ids([]string{v.Asked})[0]
		asked := p.cardObject(c)
		if v.Declarer != p.human {
			out = append(out, fmt.Sprintf(p.t("%s asked for %s: no defender held it, the right to buy is lost",
				"%s hat %s verlangt: kein Gegenspieler hatte die Karte, das Kaufrecht ist verloren"), p.names[v.Declarer], asked))
			break
		}
		where := p.t("which was in your own hand", "die du selbst in der Hand hattest")
		for _, d := range p.ids(v.Discards) {
			if d == c {
				where = p.t("which was among your discards", "die du gedrückt hattest")
			}
		}
		out = append(out, fmt.Sprintf(p.t("You asked for %s, %s: the right to buy is lost",
			"Du hast %s verlangt, %s: das Kaufrecht ist verloren"), asked, where))
	case v.BuyLost:
		out = append(out, p.subject(v.Declarer, pair{"%s did not buy", "%s hat nicht gekauft"}, pair{"You did not buy", "Du hast nicht gekauft"}))
	}
	if v.Offered != "" {
		out = append(out, p.t("Offered card: ", "Gebotene Karte: ")+p.shorts(p.ids([]string{v.Offered})))
	}
	return out
}

// bids lists the bidding so far.
func (p *player) bids(log []tablemodel.LogEntry) string {
	var out []string
	for _, e := range log {
		if e.Act == "bid" {
			out = append(out, p.names[e.Seat]+" "+p.bidWord(e.Call))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return p.t("Bidding: ", "Reizen: ") + strings.Join(out, ", ")
}

func (p *player) powerless(yes bool) string {
	if yes {
		return p.t("(powerless)", "(machtlos)")
	}
	return ""
}

// announceWord names a classic announcement by its record word.
func (p *player) announceWord(w string) string {
	switch w {
	case "trull":
		return "Trull"
	case "fourkings":
		return p.t("four kings", "vier Könige")
	}
	return w
}

func sayWord(say string) string {
	switch say {
	case "ross":
		return "„Ross!“"
	case "topschin":
		return "„Topschin!“"
	}
	return ""
}

// thirds formats card points on a scale: thirds as points and a fraction
// where the scale counts thirds ("35⅔"), whole points elsewhere.
func thirds(sc game.PointScale, n int) string {
	if !sc.Thirds() {
		return fmt.Sprint(n)
	}
	whole, frac := n/3, [3]string{"", "⅓", "⅔"}[(n%3+3)%3]
	if n < 0 && frac != "" {
		whole--
	}
	if whole == 0 && frac != "" {
		return frac
	}
	return fmt.Sprint(whole) + frac
}

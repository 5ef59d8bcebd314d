package main

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
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
}

// screenOf reads a seat's view into the common screen.
func (p *player) screenOf(v game.View) screen {
	switch v := v.(type) {
	case *droggn.View:
		return p.droggnScreen(v)
	case *troggu.View:
		return p.trogguScreen(v)
	case *strohmandeln.View:
		return p.strohScreen(v)
	}
	panic(fmt.Sprintf("trull play: no screen for %T", v))
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
		out[i] = p.names[pl.seat] + " " + p.rules.Pack().Short(pl.card)
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
		out[i] = p.rules.Pack().Short(c)
	}
	return strings.Join(out, " ")
}

func (p *player) droggnScreen(v *droggn.View) screen {
	s := screen{turn: v.ToAct, hand: p.ids(v.Hand)}
	if v.Contract != "" {
		s.contract = fmt.Sprintf("%s · %s %s", p.contractWord(v.Contract), p.t("declarer", "Spieler"), p.names[v.Declarer])
		if v.Doublings > 0 {
			s.contract += fmt.Sprintf(" · ×%d", 1<<v.Doublings)
		}
	} else {
		s.contract = p.bids(v.Log)
	}
	if v.SitsOut >= 0 {
		if v.SitsOut == p.human {
			s.facts = append(s.facts, p.t("You sit out this hand (you dealt) and score with the defenders",
				"Du feierst in diesem Spiel (du hast gegeben) und zählst mit den Gegenspielern"))
		} else {
			s.facts = append(s.facts, fmt.Sprintf(p.t("%s sits out (dealt)", "%s feiert (hat gegeben)"), p.names[v.SitsOut]))
		}
	}
	if len(v.TalonShown) > 0 {
		s.facts = append(s.facts, "Talon: "+p.shorts(p.ids(v.TalonShown)))
	}
	if v.PagatLaid >= 0 {
		s.facts = append(s.facts, p.subject(v.PagatLaid, pair{"%s has laid out the Pagat", "%s hat den Pagat ausgelegt"},
			pair{"You have laid out the Pagat", "Du hast den Pagat ausgelegt"}))
	}
	if v.FoolLaid {
		s.facts = append(s.facts, p.subject(v.Declarer, pair{"%s has laid out the Gstieß", "%s hat den Gstieß ausgelegt"},
			pair{"You have laid out the Gstieß", "Du hast den Gstieß ausgelegt"}))
	}
	s.facts = append(s.facts, p.buyFacts(v)...)
	if len(v.Discards) > 0 {
		label := p.t("Discards: ", "Gedrückt: ")
		if p.human == v.Declarer && v.Result == nil {
			label = p.t("Your discards: ", "Deine gedrückten Karten: ")
		}
		s.facts = append(s.facts, label+p.shorts(p.ids(v.Discards)))
	}
	if len(v.Talon) > 0 {
		s.facts = append(s.facts, p.t("Talon (counts for the declarer): ", "Talon (zählt für den Spieler): ")+p.shorts(p.ids(v.Talon)))
	}
	if len(v.Tricks) > 0 {
		t := v.Tricks[len(v.Tricks)-1]
		tt := trickText{winner: t.Winner}
		for _, pc := range t.Cards {
			tt.plays = append(tt.plays, play{seat: pc.Seat, card: p.ids([]string{pc.Card})[0]})
		}
		s.last = &tt
	}
	if len(v.Trick) > 0 {
		cur := trickText{winner: -1}
		for _, pc := range v.Trick {
			cur.plays = append(cur.plays, play{seat: pc.Seat, card: p.ids([]string{pc.Card})[0]})
		}
		s.trick = &cur
	}
	if c := v.Count; c != nil && (v.Phase == "play" || v.Result != nil) {
		side, with := p.t("Your side", "Deine Seite"), ""
		if p.human == v.Declarer {
			side = p.t("You", "Du")
			if len(v.Discards) > 0 {
				with = p.t(" with your discards", " mit den gedrückten Karten")
			}
			if len(v.Talon) > 0 {
				with = p.t(" with the talon", " mit dem Talon")
			}
		}
		s.count = append(s.count, fmt.Sprintf("%s: %s, %s%s", side, p.tricks(c.Tricks), p.cardPoints(c.Points), with))
	}
	return s
}

// subject says a sentence of seat: of another seat in the third person, of
// the person in the second.
func (p *player) subject(seat int, other, you pair) string {
	if seat == p.human {
		return p.word(you)
	}
	return fmt.Sprintf(p.word(other), p.names[seat])
}

// buyFacts words a Droggn buy as the seat may know it: the card asked for,
// who gave it, or why the right to buy was lost, and the offered card.
func (p *player) buyFacts(v *droggn.View) []string {
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
func (p *player) bids(log []droggn.LogEntry) string {
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

func (p *player) trogguScreen(v *troggu.View) screen {
	s := screen{turn: v.ToAct, hand: p.ids(v.Hand)}
	switch {
	case v.Contract != "" && v.Declarer >= 0:
		s.contract = fmt.Sprintf("%s · %s", p.contractWord(v.Contract), p.names[v.Declarer])
		if v.Forced {
			s.contract += p.t(" (forced)", " (Pflichtspiel)")
		}
	case v.Contract != "":
		s.contract = p.contractWord(v.Contract) + p.t(": everyone plays for himself", ": jeder spielt für sich")
	default:
		var out []string
		for _, e := range v.Log {
			if e.Act == "bid" {
				out = append(out, p.names[e.Seat]+" "+p.bidWord(e.Call))
			}
		}
		if len(out) > 0 {
			s.contract = p.t("Bidding: ", "Reizen: ") + strings.Join(out, ", ")
		}
	}
	if v.CalledTrump > 0 {
		who := p.t("secret", "geheim")
		switch {
		case v.Partner != nil && *v.Partner == p.human:
			who = p.t("you", "du")
		case v.Partner != nil:
			who = p.names[*v.Partner]
		case v.Alone:
			who = p.t("none: the Tappist plays alone", "keiner: der Tappist spielt allein")
		}
		mark := ""
		for _, c := range p.ids(v.Hand) {
			if c == card.Trump(v.CalledTrump) && p.human != v.Declarer {
				mark = p.t(" (you hold it: you are the partner)", " (du hast ihn: du bist der Partner)")
			}
		}
		s.facts = append(s.facts, fmt.Sprintf(p.t("Called: %s%s · partner: %s", "Gerufen: %s%s · Partner: %s"),
			p.cardName(card.Trump(v.CalledTrump)), mark, who))
	}
	if v.TappSize > 0 && len(v.Tapp) == 0 {
		s.facts = append(s.facts, fmt.Sprintf(p.t("Tapp: %d cards face down", "Tapp: %d Karten verdeckt"), v.TappSize))
	}
	if len(v.Tapp) > 0 {
		s.facts = append(s.facts, "Tapp: "+p.shorts(p.ids(v.Tapp)))
	}
	if len(v.TappTaken) > 0 {
		s.facts = append(s.facts, p.t("You took from the Tapp: ", "Aus dem Tapp genommen: ")+p.shorts(p.ids(v.TappTaken)))
	}
	for _, e := range v.Log {
		if e.Act == "discard" && e.Seat != p.human && len(e.Cards) == 0 {
			s.facts = append(s.facts, fmt.Sprintf(p.t("%s discarded %d cards face down", "%s hat %d Karten verdeckt gedrückt"), p.names[e.Seat], e.Count))
		}
	}
	if len(v.Discards) > 0 {
		s.facts = append(s.facts, p.t("Discards: ", "Gedrückt: ")+p.shorts(p.ids(v.Discards)))
	}
	if len(v.Tricks) > 0 {
		t := v.Tricks[len(v.Tricks)-1]
		tt := trickText{winner: t.Winner}
		for _, pl := range t.Plays {
			tt.plays = append(tt.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: p.powerless(pl.Powerless)})
		}
		s.last = &tt
	}
	if v.Trick != nil {
		cur := trickText{winner: -1}
		for _, pl := range v.Trick.Plays {
			cur.plays = append(cur.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: p.powerless(pl.Powerless)})
		}
		s.trick = &cur
	}
	if v.Phase == "play" || v.Result != nil {
		var parts []string
		for seat, w := range v.Won {
			if w.Tricks > 0 || w.Points > 0 {
				parts = append(parts, fmt.Sprintf("%s %d/%d", p.names[seat], w.Tricks, w.Points))
			}
		}
		if len(parts) > 0 {
			s.count = append(s.count, p.t("Won (tricks/points): ", "Gewonnen (Stiche/Augen): ")+strings.Join(parts, " · "))
		}
		if c := v.Side; c != nil {
			side, need := p.t("Your side", "Deine Seite"), p.t(" (58 win)", " (58 gewinnen)")
			switch {
			case v.Contract == "misere":
				side, need = p.t("You", "Du"), p.t(" (the most points pays)", " (die meisten Augen zahlen)")
			case p.human == v.Declarer && v.Partner == nil:
				side = p.t("You", "Du")
			}
			s.count = append(s.count, fmt.Sprintf("%s: %s, %s%s", side, p.tricks(c.Tricks), p.cardPoints(c.Points), need))
		}
	}
	if v.FoolPowerless && len(v.Hand) > 0 {
		s.handNote = p.t(" — your Bättler has lost its power: keep it for the last trick", " — dein Bättler hat seine Kraft verloren: bis zum letzten Stich behalten")
	}
	return s
}

func (p *player) powerless(yes bool) string {
	if yes {
		return p.t("(powerless)", "(machtlos)")
	}
	return ""
}

func (p *player) strohScreen(v *strohmandeln.View) screen {
	s := screen{turn: v.ToAct, hand: p.ids(v.Hand)}
	switch v.Contract {
	case "undertaken":
		s.contract = p.subject(v.Undertaker, pair{"Undertaken by %s", "Aufgenommen von %s"}, pair{"You undertook the game", "Du hast aufgenommen"})
		if v.Doubled {
			s.contract += p.t(", doubled", ", verdoppelt")
		}
	case "":
	default:
		s.contract = p.contractWord(v.Contract)
	}
	pk := p.rules.Pack()
	var counts []string
	for seat, pv := range v.Players {
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
		s.facts = append(s.facts, f)
		if pv.CardPoints != nil {
			counts = append(counts, fmt.Sprintf(p.t("%s %s, %s points", "%s %s, %s Augen"), p.names[seat], p.tricks(pv.Tricks), thirds(pk, *pv.CardPoints)))
		} else {
			// The opponent's pile may not be looked at (§3.3): its tricks
			// are counted, its points are not shown.
			counts = append(counts, fmt.Sprintf("%s %s", p.names[seat], p.tricks(pv.Tricks)))
		}
	}
	if len(v.Tricks) > 0 {
		t := v.Tricks[len(v.Tricks)-1]
		tt := trickText{winner: t.Winner}
		for _, pl := range t.Plays {
			tt.plays = append(tt.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: sayWord(pl.Say)})
		}
		s.last = &tt
	}
	if len(v.Trick) > 0 {
		cur := trickText{winner: -1}
		for _, pl := range v.Trick {
			cur.plays = append(cur.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: sayWord(pl.Say)})
		}
		s.trick = &cur
	}
	if v.Phase == "play" || v.Result != nil {
		s.count = append(s.count, strings.Join(counts, " · "))
	}
	return s
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

// thirds formats Strohmandeln card points: thirds as points and a
// fraction with the 54-card pack ("35⅔"), whole points with 40 cards.
func thirds(pk *card.Pack, n int) string {
	if pk.Size() != 54 {
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

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
// games: the contract and its declarer, the game's public facts, the last
// trick and the current one, the running count, the person's hand.
type screen struct {
	contract string
	facts    []string
	turn     int
	last     *trickText
	lastNo   int
	turned   int // the winner of the last trick when it is turned down, else -1
	trick    *trickText
	count    string
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

// render lays the screen out in at most 80 columns.
func (p *player) render(s screen) string {
	var b strings.Builder
	line := func(text string) {
		for _, l := range wrap(text, width-1) {
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
	switch {
	case s.last != nil:
		line(fmt.Sprintf("%s %d: %s → %s", p.t("Last trick", "Letzter Stich"), s.lastNo, p.plays(s.last.plays), p.names[s.last.winner]))
	case s.turned >= 0:
		line(fmt.Sprintf("%s %d → %s (%s)", p.t("Last trick", "Letzter Stich"), s.lastNo, p.names[s.turned], p.t("turned down", "verdeckt")))
	}
	if s.trick != nil && len(s.trick.plays) > 0 {
		line(fmt.Sprintf("%s %d: %s", p.t("Trick", "Stich"), s.lastNo+1, p.plays(s.trick.plays)))
	}
	if s.count != "" {
		line(s.count)
	}
	hand := make([]string, len(s.hand))
	for i, c := range s.hand {
		hand[i] = p.rules.Pack().Short(c)
	}
	line(fmt.Sprintf("%s (%d): %s%s", p.t("Your hand", "Deine Hand"), len(s.hand), strings.Join(hand, " "), s.handNote))
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

// wrap breaks text into lines of at most n runes at spaces.
func wrap(text string, n int) []string {
	var out []string
	for len([]rune(text)) > n {
		r := []rune(text)
		cut := n
		for cut > n/2 && r[cut] != ' ' {
			cut--
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

// pilePoints counts a pile by the game's rule: in threes (Droggn), in
// thirds (Strohmandeln, 54 cards), or singly.
func pilePoints(pk *card.Pack, cs []card.Card) int {
	raw := 0
	for _, c := range cs {
		raw += pk.Points(c)
	}
	n := len(cs)
	if pk.Family == card.Droggn {
		pts := raw - 2*(n/3)
		if n%3 != 0 {
			pts--
		}
		return pts
	}
	return raw
}

// contractWord names a contract by its record name, in the game's words.
func (p *player) contractWord(name string) string {
	words := map[string][2]string{
		"ansager": {"Ansager", "Ansager"}, "solo": {"Solo", "Solo"}, "super": {"Super", "Super"},
		"supermord": {"Super Mord", "Super Mord"}, "thrown_in": {"thrown in", "eingeworfen"},
		"normal": {"normal game (Tapp)", "Normalspiel (Tapp)"}, "misere": {"Misère", "Misère"},
		"simple": {"simple game", "einfaches Spiel"}, "undertaken": {"undertaken game", "aufgenommenes Spiel"},
		"folded": {"folded", "zusammengeworfen"},
	}
	if w, ok := words[name]; ok {
		return w[p.lang]
	}
	return name
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
		s.facts = append(s.facts, fmt.Sprintf(p.t("%s sits out (deals)", "%s feiert (gibt)"), p.names[v.SitsOut]))
	}
	if len(v.TalonShown) > 0 {
		s.facts = append(s.facts, "Talon: "+p.shorts(p.ids(v.TalonShown)))
	}
	if v.PagatLaid >= 0 {
		s.facts = append(s.facts, fmt.Sprintf(p.t("%s has laid out the Pagat", "%s hat den Pagat ausgelegt"), p.names[v.PagatLaid]))
	}
	if v.FoolLaid {
		s.facts = append(s.facts, fmt.Sprintf(p.t("%s has laid out the Gstieß", "%s hat den Gstieß ausgelegt"), p.names[v.Declarer]))
	}
	if v.Asked != "" {
		asked := p.rules.Pack().CardName(p.ids([]string{v.Asked})[0], p.lang)
		if v.BuyLost {
			s.facts = append(s.facts, fmt.Sprintf(p.t("Asked for %s: nobody held it, the right to buy is lost", "%s verlangt: niemand hatte sie, das Kaufrecht ist verloren"), asked))
		} else {
			s.facts = append(s.facts, fmt.Sprintf(p.t("Bought %s from %s", "%s von %s gekauft"), asked, p.names[v.BoughtFrom]))
		}
	}
	if v.Offered != "" {
		s.facts = append(s.facts, p.t("Offered card: ", "Gebotene Karte: ")+p.shorts(p.ids([]string{v.Offered})))
	}
	if len(v.Discards) > 0 {
		s.facts = append(s.facts, p.t("Discards: ", "Gedrückt: ")+p.shorts(p.ids(v.Discards)))
	}
	tricks := make([]trickText, 0, len(v.Tricks))
	for _, t := range v.Tricks {
		tt := trickText{winner: t.Winner}
		for _, pc := range t.Cards {
			tt.plays = append(tt.plays, play{seat: pc.Seat, card: p.ids([]string{pc.Card})[0]})
		}
		tricks = append(tricks, tt)
	}
	s.setTricks(tricks)
	if len(v.Trick) > 0 {
		cur := trickText{winner: -1}
		for _, pc := range v.Trick {
			cur.plays = append(cur.plays, play{seat: pc.Seat, card: p.ids([]string{pc.Card})[0]})
		}
		s.trick = &cur
	}
	if v.Declarer >= 0 && len(tricks) > 0 && p.human != v.SitsOut {
		// Players may look back at their own side's tricks only (§1.3).
		mine := func(seat int) bool { return (seat == v.Declarer) == (p.human == v.Declarer) }
		var won []card.Card
		n := 0
		for _, t := range tricks {
			if mine(t.winner) {
				n++
				for _, pl := range t.plays {
					won = append(won, pl.card)
				}
			}
		}
		side := p.t("Your side", "Deine Seite")
		if p.human == v.Declarer {
			side = p.t("You", "Du")
		}
		s.count = fmt.Sprintf(p.t("%s: %d tricks, %d card points in tricks", "%s: %d Stiche, %d Augen in Stichen"), side, n, pilePoints(p.rules.Pack(), won))
	}
	return s
}

// setTricks puts the last completed trick on the screen, with its cards
// when the view shows them: a trick the seat may not look back at (the
// opponents' after the next lead, by the game's information rules) comes
// without them and is named turned down, with its winner.
func (s *screen) setTricks(tricks []trickText) {
	s.lastNo, s.turned = len(tricks), -1
	switch n := len(tricks); {
	case n > 0 && len(tricks[n-1].plays) > 0:
		s.last = &tricks[n-1]
	case n > 0:
		s.turned = tricks[n-1].winner
	}
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

// bidWord names a bid by its record word.
func (p *player) bidWord(w string) string {
	words := map[string][2]string{"pass": {"pass", "weiter"}, "ansager": {"Ansager", "ich sage an"},
		"solo": {"Solo", "Solo"}, "super": {"Super", "Super"}, "supermord": {"Super Mord", "Super Mord"},
		"tapp": {"Tapp", "Tapp"}, "misere": {"Misère", "Misère"}}
	if x, ok := words[w]; ok {
		return x[p.lang]
	}
	return w
}

func (p *player) trogguScreen(v *troggu.View) screen {
	s := screen{turn: v.ToAct, hand: p.ids(v.Hand)}
	if v.Contract != "" && v.Declarer >= 0 {
		s.contract = fmt.Sprintf("%s · %s", p.contractWord(v.Contract), p.names[v.Declarer])
		if v.Forced {
			s.contract += p.t(" (forced)", " (Pflichtspiel)")
		}
	} else {
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
		case v.Partner != nil:
			who = p.names[*v.Partner]
		case v.Alone:
			who = p.t("none: the Tappist plays alone", "keiner: der Tappist spielt allein")
		}
		mark := ""
		for _, c := range p.ids(v.Hand) {
			if c == card.Trump(v.CalledTrump) {
				mark = p.t(" (you hold it: you are the partner)", " (du hast ihn: du bist der Partner)")
			}
		}
		s.facts = append(s.facts, fmt.Sprintf(p.t("Called: %s%s · partner: %s", "Gerufen: %s%s · Partner: %s"),
			p.rules.Pack().CardName(card.Trump(v.CalledTrump), p.lang), mark, who))
	}
	if v.TappSize > 0 {
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
	var tricks []trickText
	won := make([]int, v.Players)
	for _, t := range v.Tricks {
		tt := trickText{winner: t.Winner}
		for _, pl := range t.Plays {
			tt.plays = append(tt.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: p.powerless(pl.Powerless)})
		}
		tricks = append(tricks, tt)
		if t.Winner >= 0 {
			won[t.Winner]++
		}
	}
	s.setTricks(tricks)
	if v.Trick != nil {
		cur := trickText{winner: -1}
		for _, pl := range v.Trick.Plays {
			cur.plays = append(cur.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: p.powerless(pl.Powerless)})
		}
		s.trick = &cur
	}
	if len(tricks) > 0 {
		var parts []string
		for seat, n := range won {
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", p.names[seat], n))
			}
		}
		s.count = p.t("Tricks: ", "Stiche: ") + strings.Join(parts, " · ")
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
		s.contract = fmt.Sprintf(p.t("Undertaken by %s", "Aufgenommen von %s"), p.names[v.Undertaker])
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
			f += p.t(" · announced ", " · angesagt ") + strings.Join(pv.Announced, ", ")
		}
		s.facts = append(s.facts, f)
		if pv.CardPoints != nil {
			counts = append(counts, fmt.Sprintf(p.t("%s %d tricks, %s points", "%s %d Stiche, %s Augen"), p.names[seat], pv.Tricks, thirds(pk, *pv.CardPoints)))
		} else {
			// The opponent's pile may not be looked at (§3.3): its tricks
			// are counted, its points are not shown.
			counts = append(counts, fmt.Sprintf(p.t("%s %d tricks", "%s %d Stiche"), p.names[seat], pv.Tricks))
		}
	}
	var tricks []trickText
	for _, t := range v.Tricks {
		tt := trickText{winner: t.Winner}
		for _, pl := range t.Plays {
			tt.plays = append(tt.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: sayWord(pl.Say)})
		}
		tricks = append(tricks, tt)
	}
	s.setTricks(tricks)
	if len(v.Trick) > 0 {
		cur := trickText{winner: -1}
		for _, pl := range v.Trick {
			cur.plays = append(cur.plays, play{seat: pl.Seat, card: p.ids([]string{pl.Card})[0], note: sayWord(pl.Say)})
		}
		s.trick = &cur
	}
	if len(tricks) > 0 {
		s.count = strings.Join(counts, " · ")
	}
	return s
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

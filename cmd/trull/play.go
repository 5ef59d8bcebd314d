package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/sitting"
)

// playCmd is `trull play GAME`: a sitting in the terminal, one person
// against computer players.
type playCmd struct {
	Game    gameFlag `arg:"" help:"The game: droggn, troggu or strohmandeln."`
	Players int      `help:"Number of players (default: the game's smallest: 3, Strohmandeln 2)."`
	Options string   `help:"Variant options as k=v,k=v (the names of docs/RULES.md without the game prefix)."`
	Seed    string   `help:"Seed of the deals (default: from the clock)."`
	Lang    string   `enum:"en,de" default:"en" help:"Language: en or de."`
	Bot     botFlag  `default:"ismcts" help:"Computer player: ${bots}, or a budget such as ismcts@600."`
	Seat    int      `help:"Your seat, from 0."`
	Name    string   `default:"you" help:"Your name."`
	Hands   int      `help:"End after this many played hands (default: the game's rule; Droggn: on request, type 'end')."`
	Record  string   `placeholder:"DIR" help:"Save each hand's record (docs/FORMAT.md) in this directory, as deal-001.json, …"`
}

// Run plays the sitting.
func (c *playCmd) Run(e *env) error {
	rules, err := rulesFromFlags(string(c.Game), c.Players, c.Options)
	if err != nil {
		return usageError{err}
	}
	n := rules.Seats()
	if c.Seat < 0 || c.Seat >= n {
		return usagef("seat %d is not a seat (0…%d)", c.Seat, n-1)
	}
	if c.Hands < 0 {
		return usagef("--hands %d: want 0 (the game's rule) or more", c.Hands)
	}
	b, err := bot.New(string(c.Bot))
	if err != nil {
		return usageError{err}
	}
	seed := c.Seed
	if seed == "" {
		seed = strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	if c.Record != "" {
		if err := os.MkdirAll(c.Record, 0o755); err != nil {
			return usagef("--record: %v", err)
		}
	}
	p := &player{rules: rules, human: c.Seat, bot: b, lang: card.ParseLang(c.Lang),
		in: bufio.NewScanner(e.stdin), out: e.stdout, seed: seed, recordDir: c.Record}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%s %d", botName2(string(c.Bot)), i)
	}
	names[c.Seat] = c.Name
	end := sitting.DefaultEnd(rules)
	if c.Hands > 0 {
		end = sitting.FixedHands(c.Hands)
	}
	sit, err := sitting.New(rules, sitting.Config{Players: names, Seed: seed, FirstDealer: -1, End: end})
	if err != nil {
		return usageError{err}
	}
	p.names = names
	if err := p.sitting(sit); err != nil {
		if errors.Is(err, errQuit) {
			p.showStanding()
			fmt.Fprintln(e.stdout, p.t("Bye.", "Servus."))
			return nil
		}
		return err
	}
	return nil
}

func botName2(level string) string { return "bot-" + level }

var errQuit = errors.New("quit")

// player runs the terminal game.
type player struct {
	rules game.Rules
	human int
	bot   bot.Bot
	lang  card.Lang
	in    *bufio.Scanner
	out   io.Writer
	seed  string
	names []string
	sit   *sitting.Sitting
	// recordDir, when set, receives each hand's record.
	recordDir string
	// byForm maps every written form of a card to it (cardNamed).
	byForm map[string]card.Card
}

func (p *player) t(en, de string) string {
	if p.lang == card.German {
		return de
	}
	return en
}

func (p *player) sitting(sit *sitting.Sitting) error {
	p.sit = sit
	fmt.Fprintf(p.out, "%s — %s. %s\n", game.Title(p.rules, p.lang), strings.Join(p.names, ", "),
		p.t("Type 'help' for commands.", "'hilfe' zeigt die Befehle."))
	for hand := 0; !sit.Over(); hand++ {
		st, err := sit.NextHand()
		if err != nil {
			return err
		}
		fmt.Fprintf(p.out, "\n=== %s %d — %s: %s ===\n", p.t("Deal", "Spiel"), sit.Deal()+1,
			p.t("dealer", "Geber"), p.names[st.Dealer()])
		rng := game.NewRand(p.seed, uint64(hand)+1)
		logged := 0
		for !st.Done() {
			seat := st.ToAct()
			var a game.Action
			if seat == p.human {
				logged = p.logMoves(st, logged)
				if a, err = p.ask(st); err != nil {
					return err
				}
			} else {
				if a, err = p.bot.Act(st.View(game.Seat(seat)), rng); err != nil {
					return fmt.Errorf("bot in seat %d: %v", seat, err)
				}
			}
			if err := st.Apply(a); err != nil {
				if seat != p.human {
					return fmt.Errorf("bot in seat %d chose an illegal action: %v", seat, err)
				}
				fmt.Fprintln(p.out, "  !", err)
				continue
			}
		}
		p.logMoves(st, logged)
		if err := p.saveRecord(st, sit.Deal()); err != nil {
			return err
		}
		if err := sit.Record(st); err != nil {
			return err
		}
		p.showResult(st)
	}
	p.showSettlement()
	return nil
}

// saveRecord writes the record of a finished hand into the record
// directory, when there is one.
func (p *player) saveRecord(st game.State, deal int) error {
	if p.recordDir == "" {
		return nil
	}
	rec := game.NewRecord(p.rules, p.names, st.Dealer(), p.sit.Deck(deal), st.History())
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(p.recordDir, fmt.Sprintf("deal-%03d.json", deal+1)), append(b, '\n'), 0o644)
}

// logMoves prints the other seats' actions from index from on, as the
// human's seat may learn them (game.State.SeenAction): a secret discard is
// counted, an offered card stays face down. It returns the next index.
func (p *player) logMoves(st game.State, from int) int {
	me := game.Seat(p.human)
	seen := game.SeenHistory(st, me)
	for i := from; i < len(seen); {
		a := seen[i]
		// A discard is one action per card: the seat's run of them is one line.
		j := i + 1
		for j < len(seen) && a.Kind == game.KindDiscard && seen[j].Kind == game.KindDiscard && seen[j].Seat == a.Seat {
			j++
		}
		if int(a.Seat) != p.human {
			fmt.Fprintf(p.out, "  %s: %s\n", p.names[a.Seat], p.describeRun(seen[i:j]))
		}
		i = j
	}
	return len(seen)
}

// describeRun names a run of actions of one seat: one action, or a discard
// of several cards, face down when they are hidden.
func (p *player) describeRun(run []game.Action) string {
	if len(run) == 1 {
		return p.rules.Describe(run[0], p.lang)
	}
	hidden := 0
	var names []string
	for _, a := range run {
		if a.Card == card.Hidden {
			hidden++
		} else {
			names = append(names, p.rules.Describe(a, p.lang))
		}
	}
	if hidden > 0 {
		names = append(names, fmt.Sprintf(p.t("discard %d cards face down", "drückt %d Karten verdeckt"), hidden))
	}
	return strings.Join(names, " / ")
}

// ask shows the human's view and reads a decision.
func (p *player) ask(st game.State) (game.Action, error) {
	v := st.View(game.Seat(p.human))
	fmt.Fprintf(p.out, "\n%s", p.render(p.screenOf(v)))
	legal := st.Legal(nil)
	menu := len(legal) <= len(menuKeys)
	if menu {
		p.showMenu(legal)
	} else {
		fmt.Fprintln(p.out, p.t("  Type the cards, e.g. 'S-4 T21' (offer S-4, ask for T21), or 'none'.",
			"  Karten eingeben, z.B. 'S-4 T21' (S-4 bieten, T21 verlangen), oder 'none'."))
	}
	for {
		fmt.Fprintf(p.out, "%s> ", p.names[p.human])
		if !p.in.Scan() {
			return game.Action{}, errQuit
		}
		line := strings.TrimSpace(p.in.Text())
		switch strings.ToLower(line) {
		case "":
			if len(legal) == 1 {
				return legal[0], nil
			}
			continue
		case "quit", "exit":
			return game.Action{}, errQuit
		case "help", "hilfe", "?":
			fmt.Fprintln(p.out, p.t(
				"  a letter picks from the list; or type the card as shown (XXI, ♠4, Sküs) or as in records (T21, S-4, FOOL),\n  or the word (pass, weiter, gut, solo, ich liege, …); Enter takes the only choice.\n  'sheet' shows the score sheet; 'end' asks to end the sitting; 'quit' leaves.",
				"  ein Buchstabe wählt aus der Liste; oder die Karte wie angezeigt (XXI, ♠4, Sküs) oder wie im Protokoll (T21, S-4, FOOL),\n  oder das Wort (weiter, gut, Solo, ich liege, …); Enter nimmt die einzige Wahl.\n  'sheet' zeigt die Abrechnung; 'end' beendet die Runde; 'quit' verlässt das Spiel."))
			continue
		case "sheet":
			p.showSheet()
			continue
		case "end":
			if err := p.sit.RequestEnd(p.human); err != nil {
				fmt.Fprintln(p.out, "  !", err)
			} else {
				p.showEnd()
			}
			continue
		}
		if menu {
			if i := strings.Index(menuKeys, line); len(line) == 1 && i >= 0 {
				if i < len(legal) {
					return legal[i], nil
				}
				fmt.Fprintf(p.out, p.t("  there is no choice %s)\n", "  es gibt keine Wahl %s)\n"), line)
				continue
			}
		}
		a, why := p.parse(st, legal, line)
		if why == "" {
			return a, nil
		}
		fmt.Fprintln(p.out, "  !", why)
	}
}

// menuKeys label the listed choices: letters (a–z, then A–Z), so that a number typed is
// always read as a card (21 is the Mond), never as a line of the list.
const menuKeys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// showMenu lists the choices in columns that fit the terminal.
func (p *player) showMenu(legal []game.Action) {
	items := make([]string, len(legal))
	w := 0
	for i, a := range legal {
		items[i] = fmt.Sprintf("%c) %s", menuKeys[i], p.rules.Describe(a, p.lang))
		w = max(w, len([]rune(items[i])))
	}
	cols := max(1, (width-2)/(w+2))
	for i, it := range items {
		if i%cols == 0 {
			fmt.Fprint(p.out, "  ")
		}
		if i%cols == cols-1 || i == len(items)-1 {
			fmt.Fprintln(p.out, it)
		} else {
			fmt.Fprintf(p.out, "%-*s", w+2, it)
		}
	}
}

// parse reads a typed action: a card in any of its written forms (record
// ID, the short label on screen, its name, a trump's number), two cards for
// a buy, or a word of the action's description ("weiter", "gut", "ich
// liege"). It returns the action, or why the text is refused.
func (p *player) parse(st game.State, legal []game.Action, line string) (game.Action, string) {
	text := normalize(line)
	cards := p.cards(text)
	var found []game.Action
	for _, a := range legal {
		if p.says(a, text, cards) {
			found = append(found, a)
		}
	}
	switch len(found) {
	case 1:
		return found[0], ""
	case 0:
	default:
		// A card played from the hand or from a Strohmann top with or
		// without a word is still one card: ask which.
		var alts []string
		for _, a := range found {
			alts = append(alts, p.rules.Describe(a, p.lang))
		}
		return game.Action{}, fmt.Sprintf(p.t("%q could mean %s: say which", "%q kann %s heißen: bitte genauer"), line, strings.Join(alts, p.t(" or ", " oder ")))
	}
	// Not legal: if the text names cards, say why the engine refuses them.
	if len(cards) == 0 {
		return game.Action{}, p.t("not understood; type 'help'", "nicht verstanden; 'hilfe' tippen")
	}
	a := game.Action{Seat: int8(p.human), Kind: legal[0].Kind, Card: cards[0]}
	switch {
	case a.Kind == game.KindBuy && len(cards) == 2:
		a.Card2 = cards[1]
	case a.Kind == game.KindBuy, len(cards) > 1:
		return game.Action{}, p.t("not understood; type 'help'", "nicht verstanden; 'hilfe' tippen")
	case a.Kind != game.KindPlay && a.Kind != game.KindDiscard && a.Kind != game.KindLayout && a.Kind != game.KindCall:
		return game.Action{}, fmt.Sprintf(p.t("%s: no card is asked for now", "%s: jetzt ist keine Karte gefragt"), p.rules.Pack().CardName(a.Card, p.lang))
	}
	if err := st.Clone().Apply(a); err != nil {
		return game.Action{}, fmt.Sprintf("%s: %s", p.rules.Describe(a, p.lang), game.Explain(err, p.lang))
	}
	return game.Action{}, p.t("not a choice now; type 'help'", "jetzt nicht möglich; 'hilfe' tippen")
}

// says reports whether text, which names the cards cs, names action a.
func (p *player) says(a game.Action, text string, cs []card.Card) bool {
	for _, w := range p.phrases(a) {
		if w == text {
			return true
		}
	}
	if a.Card == card.None || a.Card == card.Hidden {
		return false
	}
	switch {
	case a.Card2 != card.None:
		return len(cs) == 2 && cs[0] == a.Card && cs[1] == a.Card2
	case a.Kind == game.KindPlay && a.Call != 0:
		return false // a card with a word ("Ross!") is named with its word
	}
	return len(cs) == 1 && cs[0] == a.Card
}

// phrases lists the words that name a: its record form, its description in
// both languages and each alternative the description gives in brackets
// ("pass (weiter / gut)" is also "weiter" and "gut").
func (p *player) phrases(a game.Action) []string {
	ra := p.rules.EncodeAction(a)
	var out []string
	rec := ra.Call
	switch {
	case len(ra.Cards) > 0:
		rec = strings.Join(ra.Cards, " ")
	case ra.Card != "":
		rec = ra.Card
	}
	if ra.Say != "" {
		rec += " " + ra.Say
	}
	out = append(out, normalize(rec))
	for _, l := range []card.Lang{card.English, card.German} {
		d := p.rules.Describe(a, l)
		out = append(out, normalize(d))
		for _, part := range strings.FieldsFunc(d, func(r rune) bool { return strings.ContainsRune("()/:,;", r) }) {
			if n := normalize(part); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// cards reads every card named in text, word by word (a name of several
// words, such as "trump XXI" or "der Sküs", is read whole).
func (p *player) cards(text string) []card.Card {
	words := strings.Fields(text)
	var out []card.Card
	for i := 0; i < len(words); {
		n := 0
		for k := min(len(words), i+4); k > i && n == 0; k-- {
			if c, ok := p.cardNamed(strings.Join(words[i:k], " ")); ok {
				out = append(out, c)
				n = k - i
			}
		}
		if n == 0 {
			return nil
		}
		i += n
	}
	return out
}

// cardNamed finds the card of the pack that one written form names.
func (p *player) cardNamed(w string) (card.Card, bool) {
	if p.byForm == nil {
		p.byForm = map[string]card.Card{}
		for _, c := range p.rules.Pack().Order {
			for _, f := range p.cardForms(c) {
				p.byForm[f] = c
			}
		}
	}
	c, ok := p.byForm[w]
	return c, ok
}

// cardForms lists the written forms of c, normalized: its name in both
// languages (with and without the article), its short label, its record
// ID with and without the dash, a trump's number, and the nicknames of
// the three honours.
func (p *player) cardForms(c card.Card) []string {
	pk := p.rules.Pack()
	forms := []string{pk.CardName(c, p.lang), pk.CardName(c, 1-p.lang), pk.Short(c), pk.ID(c), strings.ReplaceAll(pk.ID(c), "-", "")}
	switch {
	case c == card.Fool:
		forms = append(forms, "sküs", "skus", "gstieß", "gstiess", "bättler", "fool", "★")
	case c == card.Mond:
		forms = append(forms, "mond")
	case c == card.Pagat:
		forms = append(forms, "pagat")
	}
	if c.IsTrump() {
		forms = append(forms, strconv.Itoa(int(c)), "tarock "+strconv.Itoa(int(c)))
	}
	out := make([]string, 0, len(forms)+2)
	for _, f := range forms {
		f = normalize(f)
		out = append(out, f)
		for _, art := range []string{"der ", "die ", "das "} {
			if strings.HasPrefix(f, art) {
				out = append(out, strings.TrimPrefix(f, art))
			}
		}
		if i := strings.Index(f, " ("); i > 0 {
			out = append(out, f[:i]) // "mond (xxi)" is also "mond"
		}
	}
	return out
}

// normalize lowers text, drops quotes and "!" and joins its words by one
// space.
func normalize(s string) string {
	return strings.Join(strings.Fields(quotes.Replace(strings.ToLower(s))), " ")
}

// quotes are the marks normalize drops.
var quotes = strings.NewReplacer("'", "", "\"", "", "„", "", "“", "", "!", "")

// showEnd says how the sitting will end.
func (p *player) showEnd() {
	if n := p.sit.HandsLeft(); n >= 0 {
		fmt.Fprintf(p.out, p.t("  The sitting ends after %d more hands.\n", "  Die Runde endet nach %d weiteren Spielen.\n"), n)
		return
	}
	fmt.Fprintln(p.out, p.t("  The sitting will end by its rule.", "  Die Runde endet nach ihrer Regel."))
}

// showResult shows the end of a hand: the table as it lies (the last trick
// and its winner, and what the count shows: discards, talon), why a Super
// Mord stopped, and the result with its units.
func (p *player) showResult(st game.State) {
	v := st.View(game.Seat(p.human))
	fmt.Fprintf(p.out, "\n%s", p.render(p.screenOf(v)))
	if dv, ok := v.(*droggn.View); ok && dv.Contract == "supermord" {
		left := 0
		for _, n := range dv.HandSizes {
			left += n
		}
		if left > 0 {
			fmt.Fprintf(p.out, p.t("Super Mord ends at trick %d: the declarer lost a trick.\n", "Super Mord endet mit Stich %d: der Spieler hat einen Stich verloren.\n"), len(dv.Tricks))
		}
	}
	res := st.Result()
	fmt.Fprintf(p.out, "--- %s: %s", p.t("Result", "Ergebnis"), p.contractWord(res.Contract))
	if res.Declarer >= 0 {
		fmt.Fprintf(p.out, ", %s %s", p.t("declarer", "Spieler"), p.names[res.Declarer])
	}
	if res.Partner >= 0 {
		fmt.Fprintf(p.out, ", %s %s", p.t("partner", "Partner"), p.names[res.Partner])
	}
	fmt.Fprintln(p.out)
	for _, it := range res.Items {
		side := it.Side
		if len(it.Seats) > 0 {
			var who []string
			for _, s := range it.Seats {
				who = append(who, p.names[s])
			}
			side = strings.Join(who, ", ")
		}
		fmt.Fprintf(p.out, "    %-24s %-24s %+d %s\n", it.Item, side, it.Points, p.t("points", "Punkte"))
	}
	pk := p.rules.Pack()
	for seat, name := range p.names {
		fmt.Fprintf(p.out, "    %-16s %s %6s   %s %+d\n", name, p.t("card points", "Augen"), thirdsOrPoints(pk, res.CardPoints[seat]),
			p.t("score", "Wertung"), res.Score[seat])
	}
	p.showSheet()
}

// thirdsOrPoints formats a hand's card points: Strohmandeln's 54-card pack
// counts in thirds ("35⅔"), the others in points.
func thirdsOrPoints(pk *card.Pack, n int) string {
	if pk.Family == card.Strohmandeln {
		return thirds(pk, n)
	}
	return strconv.Itoa(n)
}

func (p *player) showSheet() {
	if m := p.sit.Multiplier(); m > 1 {
		fmt.Fprintf(p.out, "  %s ×%d\n", p.t("Nullrunde: the next hand counts", "Nullrunde: das nächste Spiel zählt"), m)
	}
	fmt.Fprintf(p.out, "  %s:", p.t("Score sheet", "Schreibblock"))
	for _, name := range p.names {
		fmt.Fprintf(p.out, " %12s", name)
	}
	fmt.Fprintln(p.out)
	for _, row := range p.sit.Sheet() {
		label := fmt.Sprintf("%d %s", row.Hand, row.Contract)
		if row.Redeal {
			label = "- " + row.Contract
		} else if row.Multiplier > 1 {
			label += fmt.Sprintf(" ×%d", row.Multiplier)
		}
		fmt.Fprintf(p.out, "  %-12s", label)
		for _, v := range row.Totals {
			fmt.Fprintf(p.out, " %12d", v)
		}
		fmt.Fprintln(p.out)
	}
}

// showStanding shows the totals when the person leaves before the end.
func (p *player) showStanding() {
	if p.sit == nil || len(p.sit.Sheet()) == 0 {
		return
	}
	fmt.Fprintf(p.out, "\n%s:", p.t("Standing", "Stand"))
	for seat, tot := range p.sit.Totals() {
		fmt.Fprintf(p.out, "  %s %+d", p.names[seat], tot)
	}
	fmt.Fprintln(p.out)
}

func (p *player) showSettlement() {
	st := p.sit.Settlement(1)
	fmt.Fprintf(p.out, "\n=== %s ===\n", p.t("Settlement (1 per point)", "Abrechnung (1 je Punkt)"))
	for _, pay := range st.Payments {
		fmt.Fprintf(p.out, "  %s → %s: %d\n", p.names[pay.From], p.names[pay.To], pay.Amount)
	}
	for seat, net := range st.Net {
		fmt.Fprintf(p.out, "  %-16s %+d\n", p.names[seat], net)
	}
}

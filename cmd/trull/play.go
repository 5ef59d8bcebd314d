package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/tablemodel"
)

// playCmd is `trull play GAME`: a sitting in the terminal, one person
// against computer players.
type playCmd struct {
	Game    gameFlag `arg:"" help:"The game: ${games}."`
	Players int      `help:"Number of players (default: the game's smallest: 3, Strohmandeln 2)."`
	Options string   `help:"Variant options as k=v,k=v (the names of docs/RULES.md without the game prefix)."`
	Seed    string   `help:"Seed of the deals (default: from the clock)."`
	Lang    string   `enum:"en,de" default:"en" help:"Language: en or de."`
	Bot     botFlag  `default:"ismcts" help:"Computer player: ${bots}, or a budget such as ismcts@600."`
	Seat    int      `help:"Your seat, from 0."`
	Name    string   `help:"Your name (default: you, German du)."`
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
		in: newLineReader(e.stdin), out: e.stdout, seed: seed, recordDir: c.Record}
	// Ctrl-C is "quit": the standing, then the end of the program. The
	// sitting stops at its next question or between two moves; a second
	// Ctrl-C, while a computer player still thinks, ends the program at
	// once.
	intr := make(chan os.Signal, 1)
	signal.Notify(intr, os.Interrupt)
	quit := make(chan struct{})
	go func() {
		if _, ok := <-intr; ok {
			signal.Stop(intr)
			close(quit)
		}
	}()
	defer func() {
		signal.Stop(intr)
		close(intr)
	}()
	p.intr = quit
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Bot %d", i)
	}
	names[c.Seat] = c.Name
	if c.Name == "" {
		names[c.Seat] = p.t("you", "du")
	}
	end := sitting.DefaultEnd(rules)
	if c.Hands > 0 {
		end = sitting.FixedHands(c.Hands)
	}
	sit, err := sitting.New(rules, sitting.Config{Players: names, Seed: seed, FirstDealer: -1, End: end})
	if err != nil {
		return usageError{err}
	}
	p.names = names
	p.level = string(c.Bot)
	if err := p.sitting(sit); err != nil {
		if errors.Is(err, errQuit) {
			p.showStanding()
			p.say(p.t("Bye.", "Servus."))
			return nil
		}
		return err
	}
	return nil
}

// errQuit ends the sitting at the person's wish: "quit", Ctrl-C or the end
// of the input.
var errQuit = errors.New("trull play: quit")

// lineReader reads the person's lines one at a time, on request, so that
// a question can wait for a line and for Ctrl-C at once. It reads nothing
// before it is asked: a program that answers by what it was shown sees
// every question first.
type lineReader struct {
	req  chan struct{}
	resp chan lineResult
}

type lineResult struct {
	text string
	ok   bool
}

func newLineReader(r io.Reader) *lineReader {
	l := &lineReader{req: make(chan struct{}), resp: make(chan lineResult, 1)}
	go func() {
		sc := bufio.NewScanner(r)
		for range l.req {
			ok := sc.Scan()
			l.resp <- lineResult{sc.Text(), ok}
			if !ok {
				return
			}
		}
	}()
	return l
}

// player runs the terminal game.
type player struct {
	rules game.Rules
	human int
	bot   bot.Bot
	level string // the computer players' level, as given
	lang  card.Lang
	in    *lineReader
	intr  <-chan struct{} // closed by Ctrl-C
	eof   bool            // the input has ended
	out   io.Writer
	seed  string
	names []string
	sit   *sitting.Sitting
	// recordDir, when set, receives each hand's record.
	recordDir string
	// byForm maps every written form of a card to it (cardNamed).
	byForm map[string]card.Card
	// words are the actions without a card that any seat could take at
	// some decision of the sitting so far (a bid, a doubling, a lay-out
	// of none), for the seat 0: a word typed that names one of them when
	// it is not a choice is refused with the engine's reason.
	words []game.Action
	// lastHand is the person's hand when they last decided in this hand
	// (nil before their first decision), to show what came into it.
	lastHand []card.Card
	// declarer is the hand's declarer as the log knows it (-1 before the
	// bidding ends); bidMade that a contract was bid (a Droggn pass is then
	// "gut", not "weiter").
	declarer int
	bidMade  bool
	// logged is the number of the hand's actions the move log has shown;
	// trickNo the number of the hand's finished tricks.
	logged, trickNo int
	// turned is, for each seat and Strohmann, the number of its cards
	// turned up that the move log has shown (logTurned).
	turned [][3]int
}

func (p *player) t(en, de string) string {
	if p.lang == card.German {
		return de
	}
	return en
}

// say prints text, each line broken to fit 80 columns.
func (p *player) say(text string) {
	for _, l := range strings.Split(text, "\n") {
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		for i, w := range wrap(strings.TrimLeft(l, " "), width-len(indent)) {
			if i > 0 {
				w = strings.TrimLeft(w, " ")
				w = "  " + w
			}
			fmt.Fprintln(p.out, indent+w)
		}
	}
}

// readLine waits for the person's next line, or Ctrl-C (errQuit). A
// prompt left open by Ctrl-C or the end of the input is ended.
func (p *player) readLine() (string, error) {
	if p.eof {
		return "", errQuit
	}
	select {
	case <-p.intr:
		fmt.Fprintln(p.out)
		return "", errQuit
	case p.in.req <- struct{}{}:
	}
	select {
	case <-p.intr:
		fmt.Fprintln(p.out)
		return "", errQuit
	case r := <-p.in.resp:
		if !r.ok {
			p.eof = true
			fmt.Fprintln(p.out)
			return "", errQuit
		}
		return r.text, nil
	}
}

// interrupted reports a Ctrl-C that came while the computer players
// thought.
func (p *player) interrupted() bool {
	select {
	case <-p.intr:
		return true
	default:
		return false
	}
}

func (p *player) sitting(sit *sitting.Sitting) error {
	p.sit = sit
	others := len(p.names) - 1
	players := fmt.Sprintf(p.t("%d computer players", "%d Computerspieler"), others)
	if others == 1 {
		players = p.t("a computer player", "ein Computerspieler")
	}
	p.say(fmt.Sprintf(p.t("%s — %s and %s (%s). Type 'help' for commands.",
		"%s — %s und %s (%s). 'hilfe' zeigt die Befehle."),
		game.Title(p.rules, p.lang), p.names[p.human], players, p.level))
	for hand := 0; !sit.Over(); hand++ {
		st, err := sit.NextHand()
		if err != nil {
			return err
		}
		p.say(fmt.Sprintf("\n=== %s %d — %s: %s ===", p.t("Deal", "Spiel"), sit.Deal()+1,
			p.t("dealer", "Geber"), p.names[st.Dealer()]))
		rng := game.NewRand(p.seed, uint64(hand)+1)
		p.logged, p.trickNo, p.declarer, p.bidMade, p.lastHand, p.turned = 0, 0, -1, false, nil, nil
		for !st.Done() {
			if p.interrupted() {
				return errQuit
			}
			seat := st.ToAct()
			p.learnWords(st)
			var a game.Action
			if legal := st.Legal(nil); seat == p.human && len(legal) == 1 && formality(legal[0]) {
				// As the browser's table does: the log says so.
				a = legal[0]
				p.say(fmt.Sprintf(p.t("  %s: the only choice, taken for you", "  %s: die einzige Wahl, für dich genommen"), p.choice(a)))
			} else if seat == p.human {
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
				p.say("  ! " + game.Explain(err, p.lang))
				continue
			}
			p.logMoves(st)
			m := tableOf(st.View(game.Seat(p.human)))
			if a.Kind == game.KindPlay {
				p.logTrick(m)
			}
			p.logTurned(m)
		}
		if err := p.saveRecord(st, sit.Deal()); err != nil {
			return err
		}
		if err := sit.Record(st); err != nil {
			return err
		}
		p.showResult(st)
		if !sit.Over() {
			if err := p.pause(); err != nil {
				return err
			}
		}
	}
	p.showSheet()
	p.showSettlement()
	return nil
}

// formality reports whether an action, when it is a seat's only choice, is
// taken for the person at once: anything but a card played, discarded or
// offered in a buy (staying in, a forced pass, no lay-out, no buy).
func formality(a game.Action) bool {
	switch a.Kind {
	case game.KindPlay, game.KindDiscard:
		return false
	case game.KindBuy:
		return a.Card == card.None
	}
	return true
}

// pause keeps a hand's result on the screen until the person asks for the
// next hand; the sitting's commands work here too.
func (p *player) pause() error {
	for {
		fmt.Fprint(p.out, p.t("Enter: next hand> ", "Enter: nächstes Spiel> "))
		line, err := p.readLine()
		if err != nil {
			return err
		}
		done, err := p.command(strings.ToLower(strings.TrimSpace(line)))
		if err != nil {
			return err
		}
		if !done {
			return nil
		}
	}
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

// logMoves prints the other seats' actions that the log has not shown, as
// the person's seat may learn them (game.State.SeenAction): a secret
// discard is counted, an offered card stays face down. Cards played are
// shown a trick at a time (logTrick). A seat's discards are one line,
// printed when they are complete.
func (p *player) logMoves(st game.State) {
	me := game.Seat(p.human)
	seen := game.SeenHistory(st, me)
	if d, ok := st.(interface{ Declarer() int }); ok {
		p.declarer = d.Declarer() // public once the bidding is over
	}
	for i := p.logged; i < len(seen); {
		a := seen[i]
		j := i + 1
		for j < len(seen) && a.Kind == game.KindDiscard && seen[j].Kind == game.KindDiscard && seen[j].Seat == a.Seat {
			j++
		}
		if a.Kind == game.KindDiscard && j == len(seen) && !st.Done() && st.ToAct() == int(a.Seat) {
			return // the seat is still discarding
		}
		if int(a.Seat) != p.human && a.Kind != game.KindPlay {
			p.say(fmt.Sprintf("  %s: %s", p.names[a.Seat], p.describeRun(seen[i:j])))
		}
		if a.Kind == game.KindBid && p.rules.EncodeAction(a).Call != "pass" {
			p.bidMade = true
		}
		i = j
		p.logged = i
	}
}

// logTrick prints the trick just finished, one line, as the seat's table
// model shows it at that moment: its cards, who played them and who won it.
func (p *player) logTrick(m *tablemodel.Model) {
	s := p.screenOfModel(m)
	if s.trick != nil && len(s.trick.plays) > 0 || s.last == nil {
		return
	}
	p.trickNo++
	p.say(fmt.Sprintf("  %s %d: %s → %s", p.t("Trick", "Stich"), p.trickNo, p.plays(s.last.plays), p.names[s.last.winner]))
}

// logTurned prints the Strohmann cards turned up since the log last
// looked, a line for each Strohmann: which went into the hand and which
// lies face up. Without it an opponent's hand would grow with no word of
// why.
func (p *player) logTurned(m *tablemodel.Model) {
	if len(m.Players) == 0 {
		return
	}
	if p.turned == nil {
		p.turned = make([][3]int, len(m.Players))
	}
	for seat, pv := range m.Players {
		for k, pile := range pv.Strohmaenner {
			seen := p.turned[seat][k]
			if len(pile.Turned) <= seen {
				continue
			}
			p.turned[seat][k] = len(pile.Turned)
			fresh := p.ids(pile.Turned[seen:])
			var up []card.Card
			if pile.Top != "" && pile.Turned[len(pile.Turned)-1] == pile.Top {
				up, fresh = fresh[len(fresh)-1:], fresh[:len(fresh)-1]
			}
			var parts []string
			if len(fresh) > 0 {
				parts = append(parts, fmt.Sprintf(p.t("%s into the hand", "%s auf die Hand"), p.shorts(fresh)))
			}
			if len(up) > 0 {
				parts = append(parts, fmt.Sprintf(p.t("%s stays face up", "%s bleibt offen liegen"), p.shorts(up)))
			}
			who := p.subject(seat, pair{"%s turns up", "%s deckt"}, pair{"You turn up", "Du deckst"})
			p.say(fmt.Sprintf(p.t("  %s Strohmann %d: %s", "  %s Strohmann %d auf: %s"), who, k+1, strings.Join(parts, ", ")))
		}
	}
}

// describeRun names a run of actions of one seat: one action, or a discard
// of several cards, face down when they are hidden.
func (p *player) describeRun(run []game.Action) string {
	if len(run) == 1 && (run[0].Kind != game.KindDiscard || run[0].Card != card.Hidden) {
		return p.deed(run[0])
	}
	hidden := 0
	var names []string
	for _, a := range run {
		if a.Card == card.Hidden {
			hidden++
		} else {
			names = append(names, p.cardObject(a.Card))
		}
	}
	var out []string
	if len(names) > 0 {
		out = append(out, fmt.Sprintf(p.t("discards %s", "drückt %s"), strings.Join(names, ", ")))
	}
	switch {
	case hidden == 1:
		out = append(out, p.t("discards a card face down", "drückt eine Karte verdeckt"))
	case hidden > 1:
		out = append(out, fmt.Sprintf(p.t("discards %d cards face down", "drückt %d Karten verdeckt"), hidden))
	}
	return strings.Join(out, " / ")
}

// helpText lists the commands of the prompt, with the game's own card
// letters, Fool and words.
func (p *player) helpText() string {
	g := p.rules.Game()
	pk := p.rules.Pack()
	fool, courts := pk.FoolWord(), pk.Legend(p.lang)
	shown, words := "XXI, ♠4, ♥A, ♣R, ★", p.t("pass, Solo, ich liege, …", "weiter, gut, Solo, ich liege, …")
	switch g {
	case "troggu":
		shown, words = "XXI, Sw5, BaC, ★", p.t("pass, Normal, Solo, …", "passe, ich nehm's, Solo, …")
	case "strohmandeln":
		words = "weiter, ich nehme auf, …"
	}
	// One line a paragraph: say breaks them to the width.
	text := fmt.Sprintf(p.t("  A letter picks from the list. Or type the card as the screen shows it (%s), by name (Mond, %s, Pagat) or a trump by its number (21); or the word (%s). Enter takes the only choice.\n  Cards: %s; XXI trump 21; ★ the %s.",
		"  Ein Buchstabe wählt aus der Liste. Oder die Karte, wie sie angezeigt wird (%s), mit Namen (Mond, %s, Pagat) oder ein Tarock mit seiner Zahl (21); oder das Wort (%s). Enter nimmt die einzige Wahl.\n  Karten: %s; XXI Tarock 21; ★ der %s."), shown, fool, words, courts, fool)
	if g == "droggn" {
		text += "\n" + p.t("  To buy: the card you offer, then the card you ask for (♠4 XXI), or 'none'.",
			"  Kaufen: die gebotene Karte, dann die verlangte (♠4 XXI), oder 'nichts'.")
	}
	if g == "strohmandeln" {
		text += "\n" + p.t("  Strohmänner 1:♠J+2 — Strohmann 1 shows ♠J, with 2 cards face down under it (– when no card lies face up).",
			"  Strohmänner 1:♠B+2 — Strohmann 1 zeigt ♠B, darunter liegen 2 verdeckte Karten (– wenn keine Karte offen liegt).")
	}
	return text + "\n" + p.t("  'sheet' shows the score sheet, 'end' asks to end the sitting, 'quit' (or Ctrl-C) leaves with the standing.",
		"  'block' zeigt den Schreibblock, 'schluss' beendet die Runde nach ihrer Regel, 'aufhören' (oder Strg-C) verlässt das Spiel mit dem Stand.")
}

// command runs a command of the prompt ("help", "sheet", "end", "quit", in
// either language). It reports whether the line was one; quit is errQuit.
func (p *player) command(line string) (bool, error) {
	switch line {
	case "quit", "exit", "aufhören", "aufhoeren", "beenden":
		return true, errQuit
	case "help", "hilfe", "?":
		p.say(p.helpText())
	case "sheet", "block", "schreibblock":
		p.showSheet()
	case "end", "schluss", "schluß", "ende":
		switch err := p.sit.RequestEnd(p.human); {
		case errors.Is(err, sitting.ErrEndRequested):
			p.say(p.t("  ! The end of the sitting is already asked for.", "  ! Das Ende der Runde ist schon verlangt."))
		case errors.Is(err, sitting.ErrOver):
			p.say(p.t("  ! The sitting is over.", "  ! Die Runde ist vorbei."))
		case err != nil:
			return true, err
		default:
			p.showEnd()
		}
	default:
		return false, nil
	}
	return true, nil
}

// learnWords adds the actions without a card of the seat to act to the
// words of the sitting (player.words).
func (p *player) learnWords(st game.State) {
	for _, a := range st.Legal(nil) {
		a.Seat = 0
		if a.Card == card.None && a.Card2 == card.None && !slices.Contains(p.words, a) {
			p.words = append(p.words, a)
		}
	}
}

// ask shows the human's view and reads a decision.
func (p *player) ask(st game.State) (game.Action, error) {
	v := st.View(game.Seat(p.human))
	sc := p.screenOf(v)
	if p.lastHand != nil {
		for _, c := range sc.hand {
			if !slices.Contains(p.lastHand, c) {
				sc.added = append(sc.added, c)
			}
		}
	}
	p.lastHand = sc.hand
	fmt.Fprintf(p.out, "\n%s", p.render(sc))
	legal := st.Legal(nil)
	menu := len(legal) <= len(menuKeys)
	if menu && legal[0].Kind == game.KindDiscard {
		p.say(p.t("  Discard a card:", "  Eine Karte drücken:"))
	}
	if menu {
		p.showMenu(legal)
	} else {
		p.say(p.t("  Offer a card and ask for one, e.g. '♠4 XXI' or 'S-4 T21' (offer ♠4, ask for the Mond), or 'none'.",
			"  Karte bieten und eine verlangen, z.B. '♠4 XXI' oder 'S-4 T21' (♠4 bieten, den Mond verlangen), oder 'nichts'."))
	}
	for {
		fmt.Fprintf(p.out, "%s> ", p.names[p.human])
		line, err := p.readLine()
		if err != nil {
			return game.Action{}, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if len(legal) == 1 {
				return legal[0], nil
			}
			continue
		}
		if done, err := p.command(strings.ToLower(line)); err != nil {
			return game.Action{}, err
		} else if done {
			continue
		}
		if menu {
			if i := strings.Index(menuKeys, line); len(line) == 1 && i >= 0 {
				if i < len(legal) {
					return legal[i], nil
				}
				p.say(fmt.Sprintf(p.t("  ! There is no choice %s).", "  ! Es gibt keine Wahl %s)."), line))
				continue
			}
		}
		a, why := p.parse(st, legal, line)
		if why == "" {
			return a, nil
		}
		p.say("  ! " + why)
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
		items[i] = fmt.Sprintf("%c) %s", menuKeys[i], p.choice(a))
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
	if legal[0].Kind == game.KindBuy {
		return p.parseBuy(st, legal, text)
	}
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
			alts = append(alts, p.choice(a))
		}
		return game.Action{}, fmt.Sprintf(p.t("%q could mean %s: say which.", "%q kann %s heißen: bitte genauer."), line, strings.Join(alts, p.t(" or ", " oder ")))
	}
	// Not legal: if the text names cards or a word of the game, say why
	// the engine refuses it.
	if len(cards) == 0 {
		for _, w := range p.words {
			w.Seat = int8(p.human)
			if !p.says(w, text, nil) {
				continue
			}
			if err := st.Clone().Apply(w); err != nil {
				return game.Action{}, fmt.Sprintf("%s: %s", p.choice(w), game.Explain(err, p.lang))
			}
			return game.Action{}, fmt.Sprintf(p.t("%s: not a choice now; type 'help'.", "%s: jetzt nicht möglich; 'hilfe' tippen."), p.choice(w))
		}
		return game.Action{}, p.t("Not understood; type 'help'.", "Nicht verstanden; 'hilfe' tippen.")
	}
	a := game.Action{Seat: int8(p.human), Kind: legal[0].Kind, Card: cards[0]}
	switch {
	case len(cards) > 1:
		return game.Action{}, p.t("One card, please.", "Bitte nur eine Karte.")
	case a.Kind != game.KindPlay && a.Kind != game.KindDiscard && a.Kind != game.KindLayout && a.Kind != game.KindCall:
		return game.Action{}, fmt.Sprintf(p.t("%s: no card is asked for now.", "%s: jetzt ist keine Karte gefragt."), p.cardName(a.Card))
	}
	if err := st.Clone().Apply(a); err != nil {
		return game.Action{}, fmt.Sprintf("%s: %s", p.short(a.Card), game.Explain(err, p.lang))
	}
	return game.Action{}, p.t("Not a choice now; type 'help'.", "Jetzt nicht möglich; 'hilfe' tippen.")
}

// parseBuy reads a Droggn buy: "none", or the card offered and the card
// asked for, each in any written form, with or without a word between
// ("♠4 XXI", "S-4 T21", "Pik-4 für den Mond", "the 4 of spades for the
// Mond"). A card the declarer holds
// or discarded himself is not asked for: that would only lose the right
// to buy.
func (p *player) parseBuy(st game.State, legal []game.Action, text string) (game.Action, string) {
	for _, a := range legal {
		if a.Card == card.None && p.says(a, text, nil) {
			return a, ""
		}
	}
	switch text {
	case "none", "no", "nothing", "nichts", "nein", "kein", "keine":
		for _, a := range legal {
			if a.Card == card.None {
				return a, ""
			}
		}
	}
	var words []string
	for _, w := range strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(text)) {
		switch w {
		case "for", "ask", "offer", "and", "the", "a", "für", "gegen", "und", "biete", "verlange", "der", "die", "das", "den":
		default:
			words = append(words, w)
		}
	}
	cards := p.cards(strings.Join(words, " "))
	if len(cards) != 2 {
		return game.Action{}, p.t("Name two cards: the one you offer, then the one you ask for (e.g. ♠4 XXI), or type 'none'.",
			"Zwei Karten nennen: die gebotene, dann die verlangte (z.B. ♠4 XXI), oder 'nichts' tippen.")
	}
	offer, ask := cards[0], cards[1]
	if v, err := tablemodel.Of(st.View(game.Seat(p.human))); err == nil {
		own := func(ids []string) bool {
			for _, c := range p.ids(ids) {
				if c == ask {
					return true
				}
			}
			return false
		}
		switch {
		case own(v.Hand):
			return game.Action{}, fmt.Sprintf(p.t("You hold %s yourself: ask for a card a defender may hold (or type 'none').",
				"%s hast du selbst: verlange eine Karte, die ein Gegenspieler haben kann (oder 'nichts' tippen)."), p.short(ask))
		case own(v.Discards):
			return game.Action{}, fmt.Sprintf(p.t("You discarded %s yourself: ask for a card a defender may hold (or type 'none').",
				"%s hast du selbst gedrückt: verlange eine Karte, die ein Gegenspieler haben kann (oder 'nichts' tippen)."), p.short(ask))
		}
	}
	a := game.Action{Seat: int8(p.human), Kind: game.KindBuy, Card: offer, Card2: ask}
	for _, l := range legal {
		if l == a {
			return a, ""
		}
	}
	if err := st.Clone().Apply(a); err != nil {
		return game.Action{}, fmt.Sprintf(p.t("Offer %s: %s", "%s bieten: %s"), p.short(offer), game.Explain(err, p.lang))
	}
	return game.Action{}, p.t("Not a choice now; type 'help'.", "Jetzt nicht möglich; 'hilfe' tippen.")
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
// both languages, the terminal's own words for it, and each alternative
// the description gives in brackets ("pass (weiter / gut)" is also
// "weiter" and "gut").
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
	descs := []string{p.rules.Describe(a, card.English), p.rules.Describe(a, card.German), p.choice(a)}
	for _, d := range descs {
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

// cardForms lists the written forms of c, normalized: its name and its
// short label in both languages (the name with and without the article),
// its record ID with and without the dash and, for a suit card of a French
// pack, the suit's symbol before the ID's rank ("♥1", "♣N"), a trump's
// number, and the nicknames of the three honours.
func (p *player) cardForms(c card.Card) []string {
	pk := p.rules.Pack()
	id := pk.ID(c)
	forms := []string{pk.CardName(c, p.lang), pk.CardName(c, 1-p.lang), p.cardName(c), p.cardObject(c),
		pk.Short(c, card.English), pk.Short(c, card.German), id, strings.ReplaceAll(id, "-", "")}
	if sym, _ := utf8.DecodeRuneInString(pk.Short(c, card.English)); c.IsSuit() && pk.Style == card.French {
		forms = append(forms, string(sym)+id[strings.IndexByte(id, '-')+1:])
	}
	switch {
	case c == card.Fool:
		forms = append(forms, "sküs", "skus", "gstieß", "gstiess", "bättler", "baettler", "fool", "★")
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
		for _, art := range []string{"der ", "die ", "das ", "den ", "the "} {
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
	switch n := p.sit.HandsLeft(); {
	case n == 1:
		p.say(p.t("  The sitting ends after one more hand.", "  Die Runde endet nach einem weiteren Spiel."))
	case n >= 0:
		p.say(fmt.Sprintf(p.t("  The sitting ends after %d more hands.", "  Die Runde endet nach %d weiteren Spielen."), n))
	default:
		p.say(p.t("  The sitting will end by its rule.", "  Die Runde endet nach ihrer Regel."))
	}
}

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
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
	"trull/internal/sitting"
)

// cmdPlay implements `trull play GAME`: a sitting in the terminal, one human
// seat against computer players.
func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 0, "number of players (default: 3; Strohmandeln 2)")
	options := fs.String("options", "", "variant options as k=v,k=v (names of RULES.md without the game prefix)")
	seed := fs.String("seed", "", "seed of the deals (default: from the clock)")
	lang := fs.String("lang", "en", "language: en or de")
	botName := fs.String("bot", "ismcts", "computer player: "+strings.Join(bot.Names(), ", ")+", or a budget like ismcts@600")
	seat := fs.Int("seat", 0, "your seat")
	name := fs.String("name", "you", "your name")
	hands := fs.Int("hands", 0, "end after this many played hands (default: the game's rule; Droggn: on request, type 'end')")
	recordDir := fs.String("record", "", "save each hand's record (FORMAT.md) in this directory, as deal-001.json, …")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: trull play GAME [flags]   (GAME: droggn, troggu, strohmandeln)")
		fs.PrintDefaults()
		return 2
	}
	gameName := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	info, ok := game.Lookup(gameName)
	if !ok {
		fmt.Fprintf(stderr, "trull play: unknown game %q (droggn, troggu, strohmandeln)\n", gameName)
		return 2
	}
	n := *players
	if n == 0 {
		n = info.MinSeats
	}
	raw, err := game.ParseOptionString(info.Options, *options)
	if err != nil {
		fmt.Fprintf(stderr, "trull play: %v\n", err)
		return 2
	}
	rules, err := info.New(raw, n)
	if err != nil {
		fmt.Fprintf(stderr, "trull play: %v\n", err)
		return 2
	}
	if *seat < 0 || *seat >= n {
		fmt.Fprintf(stderr, "trull play: seat %d is not a seat (0…%d)\n", *seat, n-1)
		return 2
	}
	b, err := bot.New(*botName)
	if err != nil {
		fmt.Fprintf(stderr, "trull play: %v\n", err)
		return 2
	}
	if *seed == "" {
		*seed = strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	if *recordDir != "" {
		if err := os.MkdirAll(*recordDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "trull play: -record: %v\n", err)
			return 2
		}
	}
	p := &player{rules: rules, human: *seat, bot: b, lang: card.ParseLang(*lang),
		in: bufio.NewScanner(stdin), out: stdout, seed: *seed, recordDir: *recordDir}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%s %d", botName2(*botName), i)
	}
	names[*seat] = *name
	end := sitting.DefaultEnd(rules)
	if *hands > 0 {
		end = sitting.FixedHands(*hands)
	}
	sit, err := sitting.New(rules, sitting.Config{Players: names, Seed: *seed, FirstDealer: -1, End: end})
	if err != nil {
		fmt.Fprintf(stderr, "trull play: %v\n", err)
		return 2
	}
	p.names = names
	if err := p.sitting(sit); err != nil {
		if errors.Is(err, errQuit) {
			fmt.Fprintln(stdout, p.t("Bye.", "Servus."))
			return 0
		}
		fmt.Fprintf(stderr, "trull play: %v\n", err)
		return 1
	}
	return 0
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
}

func (p *player) t(en, de string) string {
	if p.lang == card.German {
		return de
	}
	return en
}

func (p *player) sitting(sit *sitting.Sitting) error {
	p.sit = sit
	fmt.Fprintf(p.out, "%s — %s. %s\n", p.rules.String(), strings.Join(p.names, ", "),
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
	fmt.Fprintf(p.out, "\n%s", v.Text(p.lang))
	legal := st.Legal(nil)
	long := len(legal) > 40
	if !long {
		for i, a := range legal {
			fmt.Fprintf(p.out, "  %2d) %s\n", i+1, p.rules.Describe(a, p.lang))
		}
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
			continue
		case "quit", "exit", "q":
			return game.Action{}, errQuit
		case "help", "hilfe", "?":
			fmt.Fprintln(p.out, p.t(
				"  a number picks from the list; a card ID (T21, H-K, FOOL) or a word (pass, solo, gut, …) names an action;\n  'sheet' shows the score sheet; 'end' asks to end the sitting; 'quit' leaves.",
				"  eine Nummer wählt aus der Liste; eine Karte (T21, H-K, FOOL) oder ein Wort (pass, solo, gut, …) nennt eine Aktion;\n  'sheet' zeigt die Abrechnung; 'end' beendet die Runde; 'quit' verlässt das Spiel."))
			continue
		case "sheet":
			p.showSheet()
			continue
		case "end":
			if err := p.sit.RequestEnd(p.human); err != nil {
				fmt.Fprintln(p.out, "  !", err)
			} else {
				fmt.Fprintln(p.out, p.t("  The sitting will end by its rule.", "  Die Runde endet nach ihrer Regel."))
			}
			continue
		}
		if i, err := strconv.Atoi(line); err == nil && !long {
			if i >= 1 && i <= len(legal) {
				return legal[i-1], nil
			}
			fmt.Fprintln(p.out, p.t("  no such choice", "  keine solche Wahl"))
			continue
		}
		if a, ok := p.match(legal, strings.Fields(line)); ok {
			return a, nil
		}
		fmt.Fprintln(p.out, p.t("  not understood or not legal now; type 'help'", "  nicht verstanden oder jetzt nicht erlaubt; 'hilfe' tippen"))
	}
}

// match finds the legal action whose record form uses the typed words: its
// call, its card or its cards.
func (p *player) match(legal []game.Action, words []string) (game.Action, bool) {
	for _, a := range legal {
		ra := p.rules.EncodeAction(a)
		var parts []string
		switch {
		case len(ra.Cards) > 0:
			parts = ra.Cards
		case ra.Card != "":
			parts = []string{ra.Card}
		default:
			parts = []string{ra.Call}
		}
		if ra.Say != "" {
			parts = append(parts, ra.Say)
		}
		if equalFold(parts, words) {
			return a, true
		}
	}
	return game.Action{}, false
}

func equalFold(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

func (p *player) showResult(st game.State) {
	res := st.Result()
	fmt.Fprintf(p.out, "\n--- %s: %s", p.t("Result", "Ergebnis"), res.Contract)
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
			side = fmt.Sprint(it.Seats)
		}
		fmt.Fprintf(p.out, "    %-28s %-10s %+d\n", it.Item, side, it.Points)
	}
	for seat, name := range p.names {
		fmt.Fprintf(p.out, "    %-16s %s %4d   %s %+d\n", name, p.t("points", "Augen"), res.CardPoints[seat],
			p.t("score", "Wertung"), res.Score[seat])
	}
	p.showSheet()
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

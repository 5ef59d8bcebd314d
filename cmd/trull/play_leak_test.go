package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// asker answers the terminal game's questions like a person who picks at
// random from the listed choices. It notes where the transcript stood at
// each question, so that each stretch of the transcript can be held
// against what the person may know when it was printed.
type asker struct {
	out   *bytes.Buffer
	rng   *rand.Rand
	asked []int // len(out) at each question
	spent bool
}

// menuLine is a line of the listed choices ("  a) pass  b) Solo …");
// menuKey finds each choice's letter on it.
var (
	pausePrompt = regexp.MustCompile(`Enter: (next hand|nächstes Spiel)> $`)
	menuLine    = regexp.MustCompile(`^  [a-zA-Z]\) `)
	menuKey     = regexp.MustCompile(`(?:^|  )([a-zA-Z])\) `)
)

func (a *asker) Read(p []byte) (int, error) {
	if a.spent {
		return 0, fmt.Errorf("asker: the game asked again after a refusal")
	}
	text := a.out.Bytes()
	if pausePrompt.Match(text) {
		// Between hands: Enter shows the next hand; no decision is asked.
		return copy(p, "\n"), nil
	}
	from := 0
	if n := len(a.asked); n > 0 {
		from = a.asked[n-1]
	}
	if bytes.Contains(text[from:], []byte("  !")) || bytes.Contains(text[from:], []byte("Not understood")) {
		a.spent = true
		return copy(p, "quit\n"), nil
	}
	a.asked = append(a.asked, len(text))
	var choices []string
	for _, l := range strings.Split(string(text[from:]), "\n") {
		if menuLine.MatchString(l) {
			for _, m := range menuKey.FindAllStringSubmatch(l, -1) {
				choices = append(choices, m[1])
			}
		}
	}
	answer := "none"
	if len(choices) > 0 {
		answer = choices[a.rng.IntN(len(choices))]
	}
	return copy(p, answer+"\n"), nil
}

// TestPlayTranscriptNoLeak is the hidden-information property of `trull
// play`: the whole transcript a person reads, over many seeded hands of
// every variant whose secrets differ, in both languages and from every
// seat, names no card that the rules' knowledge tracker says that seat may
// not know when the text is printed. Each stretch printed before a
// question (the moves and finished tricks as they happen, then the screen)
// is held against the knowledge at that question, and the end of a hand
// against the knowledge at its end; what a seat knows only grows. The
// listed choices are the person's own legal actions and may name cards as
// questions (an asked card, a called trump); they are left out.
// TRULL_LEAK_HANDS=10000 runs the full form.
func TestPlayTranscriptNoLeak(t *testing.T) {
	total := knowledge.Hands(t, 60)
	counts := map[string][3]int{}
	for _, v := range knowledge.Variants() {
		runs := knowledge.PerVariant(v.Game, total)
		t.Run(v.String(), func(t *testing.T) {
			for i := 0; i < runs; i++ {
				hands, chars, err := playLeakRun(t, v, i)
				if err != nil {
					t.Fatalf("run %d: %v", i, err)
				}
				c := counts[v.Game]
				counts[v.Game] = [3]int{c[0] + 1, c[1] + hands, c[2] + chars}
			}
		})
	}
	t.Logf("sittings, hands and transcript bytes checked per game: %v", counts)
}

// playLeakRun plays one sitting of one hand with random bots and checks its
// transcript. It returns the hands and bytes checked.
func playLeakRun(t *testing.T, v knowledge.Variant, i int) (int, int, error) {
	dir := t.TempDir()
	seat := i % v.Players
	lang := [2]string{"en", "de"}[i%2]
	seed := fmt.Sprintf("leak-%d", i)
	args := []string{"play", v.Game, "-players", strconv.Itoa(v.Players), "-bot", "random", "-seed", seed,
		"-hands", "1", "-seat", strconv.Itoa(seat), "-lang", lang, "-record", dir}
	if v.Options != "" {
		args = append(args, "-options", v.Options)
	}
	var out, errb bytes.Buffer
	in := &asker{out: &out, rng: rand.New(rand.NewPCG(uint64(i), 3))}
	if code := run(args, in, &out, &errb); code != 0 {
		return 0, 0, fmt.Errorf("%v: exit %d: %s\n%s", args, code, errb.String(), tail(out.String()))
	}
	if in.spent {
		return 0, 0, fmt.Errorf("%v: an answer from the menu was refused:\n%s", args, tail(out.String()))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "deal-*.json"))
	sort.Strings(files)
	text := out.String()
	starts := handStarts(text)
	if len(starts) != len(files) {
		return 0, 0, fmt.Errorf("%d hands in the transcript, %d records:\n%s", len(starts), len(files), tail(text))
	}
	me := game.Seat(seat)
	// The seat's decisions: the questions, and the lone formalities taken
	// for the person without one (their line in the log).
	var turns []turn
	for _, at := range in.asked {
		turns = append(turns, turn{at: at})
	}
	for _, m := range autoTaken.FindAllStringIndex(text, -1) {
		turns = append(turns, turn{at: m[0], auto: true})
	}
	slices.SortFunc(turns, func(a, b turn) int { return a.at - b.at })
	q := 0 // the next decision
	for h, f := range files {
		end := len(text)
		if h+1 < len(starts) {
			end = starts[h+1]
		}
		rec, err := readRecord(f)
		if err != nil {
			return 0, 0, err
		}
		r, _ := rec.RulesOf()
		deck, err := rec.DeckOf(r)
		if err != nil {
			return 0, 0, err
		}
		st, err := r.NewState(deck, *rec.Dealer)
		if err != nil {
			return 0, 0, err
		}
		tr := knowledge.New(st)
		from := starts[h]
		for _, ra := range rec.Actions {
			acts, err := r.DecodeAction(st, ra)
			if err != nil {
				return 0, 0, err
			}
			for _, a := range acts {
				if int(a.Seat) == seat {
					// The person was asked here: the text up to the question
					// was printed with what the seat knows now.
					if q >= len(turns) || turns[q].at > end {
						return 0, 0, fmt.Errorf("hand %d: the seat acted without being asked", h)
					}
					// The moves made since the last question were seen
					// as they were played; the table drawn after them
					// shows only what the seat may see now (the tricks
					// it may look back at, by the game's rules). A
					// formality taken for the person has no table drawn.
					moves, table := splitScreen(text[from:turns[q].at])
					if turns[q].auto {
						moves, table = text[from:turns[q].at], ""
					}
					if err := checkText(r.Pack(), moves, tr.Known(me)); err != nil {
						return 0, 0, fmt.Errorf("hand %d before question %d: %v", h, q, err)
					}
					if err := checkText(r.Pack(), table, tr.Visible(me)); err != nil {
						return 0, 0, fmt.Errorf("hand %d, the table at question %d: %v", h, q, err)
					}
					from = turns[q].at
					q++
				}
				if err := tr.Apply(a); err != nil {
					return 0, 0, err
				}
			}
		}
		if err := checkText(r.Pack(), text[from:end], tr.Known(me)); err != nil {
			return 0, 0, fmt.Errorf("hand %d, its end: %v", h, err)
		}
	}
	return len(files), len(text), nil
}

// turn is where the transcript stood at one of the seat's decisions: a
// question, or the log line of a formality taken for the person.
type turn struct {
	at   int
	auto bool
}

// autoTaken finds the log line of a lone formality taken for the person
// (after the prompt of the last question, when it follows one).
var autoTaken = regexp.MustCompile(`  [^\n]*: (the only choice, taken for you|die einzige Wahl, für dich genommen)\n`)

// checkText finds the cards a stretch of transcript names, leaving out the
// person's listed choices and the typing example, which are not the hand.
func checkText(p *card.Pack, text string, known card.Set) error {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if menuLine.MatchString(l) || strings.Contains(l, "e.g. '") || strings.Contains(l, "z.B. '") {
			continue
		}
		lines = append(lines, l)
	}
	shown := strings.Join(lines, "\n")
	if leak := knowledge.TextLeaks(p, shown, known); !leak.Empty() {
		return fmt.Errorf("the transcript names %s, which the seat may not know:\n%s", leak, shown)
	}
	return nil
}

// splitScreen splits the text printed before a question into the moves
// logged since the last one and the table drawn after them (from the blank
// line before it).
func splitScreen(text string) (moves, table string) {
	i := strings.LastIndex(text, "\n\n")
	if i < 0 {
		return "", text
	}
	return text[:i], text[i:]
}

// handStarts returns where each hand's header ("=== Deal 2 — …") stands
// in the transcript.
func handStarts(text string) []int {
	var out []int
	for _, m := range handHeader.FindAllStringIndex(text, -1) {
		out = append(out, m[0])
	}
	return out
}

var handHeader = regexp.MustCompile(`\n=== (Deal|Spiel) \d+ `)

func readRecord(path string) (*game.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return game.DecodeRecord(f)
}

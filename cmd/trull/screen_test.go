package main

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"trull/internal/gametest/knowledge"
)

// driver answers the terminal game through its standard input like a
// person who picks at random from the listed choices, asks for the help
// and the score sheet now and then, answers a buy prompt with "none" and
// the pause between hands with Enter. It counts the refusals it meets.
type driver struct {
	out     *bytes.Buffer
	rng     *rand.Rand
	german  bool
	last    []string // the choices of the question being answered
	seen    int      // len(out) at the last answer
	n       int      // answers given
	refused []string // the refusals met
}

// turnMark starts the last line of every screen that asks the person.
var turnMark = regexp.MustCompile(`(?m)^→ (your turn|du bist dran)$`)

func (d *driver) Read(p []byte) (int, error) {
	text := d.out.Bytes()
	fresh := string(text[d.seen:])
	d.seen = len(text)
	d.n++
	for _, l := range strings.Split(fresh, "\n") {
		if strings.HasPrefix(l, "  ! ") {
			d.refused = append(d.refused, l)
		}
	}
	word := func(en, de string) string {
		if d.german {
			return de
		}
		return en
	}
	if pausePrompt.MatchString(fresh) {
		if d.n%3 == 0 {
			return copy(p, word("sheet", "block")+"\n"), nil
		}
		return copy(p, "\n"), nil
	}
	if turnMark.MatchString(fresh) {
		d.last = nil
		for _, l := range strings.Split(fresh, "\n") {
			if menuLine.MatchString(l) {
				for _, m := range menuKey.FindAllStringSubmatch(l, -1) {
					d.last = append(d.last, m[1])
				}
			}
		}
	}
	answer := word("none", "nichts")
	switch {
	case d.n%29 == 0:
		answer = word("help", "hilfe")
	case d.n%31 == 0:
		answer = word("sheet", "block")
	case len(d.last) > 0:
		answer = d.last[d.rng.IntN(len(d.last))]
	}
	return copy(p, answer+"\n"), nil
}

// setups are every set-up the terminal plays: the variants whose secrets
// differ, and a few more whose screens do (a 78-card Droggn pack, classic
// Strohmandeln announcements).
func setups() []knowledge.Variant {
	return append(knowledge.Variants(),
		knowledge.Variant{Game: "droggn", Players: 4, Options: "pack=78,winRule=38"},
		knowledge.Variant{Game: "strohmandeln", Players: 2, Options: "scoring=classic"})
}

// promptPrefix is a prompt the person types after ("you> ", "Enter: next
// hand> "): in a terminal the typed line and its Enter end the line, so the
// text after the prompt starts a line of its own.
var promptPrefix = regexp.MustCompile(`^(\S+> |Enter: [^>]*> )+`)

// screenLines returns the transcript's lines as a terminal shows them.
func screenLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		for {
			m := promptPrefix.FindString(l)
			if m == "" {
				break
			}
			out = append(out, m)
			l = l[len(m):]
		}
		out = append(out, l)
	}
	return out
}

// englishWords are English words that a German transcript must not hold;
// germanWords German ones an English transcript must not (the games' own
// words, such as "weiter", "gut", "ich liege" or "Tapp", are not listed:
// they are the table's words in both languages).
var (
	englishWords = wordSet("the you your You Your trick tricks Trick points point card cards declarer defenders " +
		"plays discards discard calls score sheet Result Settlement Type none turn and with from of to is has have " +
		"game bought asked Bye Deal dealer Standing Total Net next passes doubles undertook folds stays offers asks " +
		"for lay out sits won Won normal secret partner called Called Bidding Discards Offered nobody")
	germanWords = wordSet("spielt drückt Stich Stiche Kartenpunkte Kartenpunkten Kartenpunkt Spieler Deine Dein du Gewonnen Ergebnis Gesamt Geber " +
		"ruft legt verlangt bietet Gegenspieler nicht der den das hat gekauft Reizen Gerufen geheim Stand")
	recordWord = regexp.MustCompile(`\b[a-z0-9]+_[a-z0-9_]+\b`)
	wordRE     = regexp.MustCompile(`[\p{L}']+`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// foreign returns the words of text from the other language's list, and
// any record name ("pagat_capture").
func foreign(text string, german bool) []string {
	list := germanWords
	if german {
		list = englishWords
	}
	var out []string
	for _, w := range wordRE.FindAllString(text, -1) {
		if list[w] {
			out = append(out, w)
		}
	}
	return append(out, recordWord.FindAllString(text, -1)...)
}

// TestPlayColumns plays whole sittings of every set-up in both languages
// with computer players, the person's seat answered through its standard
// input by a driver that also asks for the help and the score sheet, and
// checks that every line fits 80 columns, that no answer taken from the
// screen is refused, and that a German transcript holds no English word
// (and an English one no German word outside the games' own) and no record
// name.
func TestPlayColumns(t *testing.T) {
	for _, v := range setups() {
		for li, lang := range []string{"en", "de"} {
			v, lang, li := v, lang, li
			t.Run(v.String()+"/"+lang, func(t *testing.T) {
				hands := "2"
				if v.Players >= 7 {
					hands = "1"
				}
				seat := (li + v.Players - 1) % v.Players
				args := []string{"play", v.Game, "-players", strconv.Itoa(v.Players), "-bot", "random", "-seed", "cols-" + v.String(),
					"-hands", hands, "-seat", strconv.Itoa(seat), "-lang", lang}
				if v.Options != "" {
					args = append(args, "-options", v.Options)
				}
				var out, errb bytes.Buffer
				d := &driver{out: &out, rng: rand.New(rand.NewPCG(uint64(li), 9)), german: lang == "de"}
				if code := run(args, d, &out, &errb); code != 0 {
					t.Fatalf("%v: exit %d: %s\n%s", args, code, errb.String(), tail(out.String()))
				}
				text := out.String()
				if !strings.Contains(text, "===") || !strings.Contains(text, map[string]string{"en": "Settlement", "de": "Abrechnung"}[lang]) {
					t.Fatalf("the sitting did not end with a settlement:\n%s", tail(text))
				}
				for _, l := range screenLines(text) {
					if n := runes(l); n > width {
						t.Errorf("a line of %d columns: %q", n, l)
					}
				}
				if len(d.refused) > 0 {
					t.Errorf("answers taken from the screen were refused: %q", d.refused)
				}
				if words := foreign(text, lang == "de"); len(words) > 0 {
					t.Errorf("%s transcript with words of the other language or record names: %q", lang, words)
				}
			})
		}
	}
}

// TestPlayResultStays: a hand's result stays on the screen until the
// person presses Enter, in the largest table too.
func TestPlayResultStays(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.Repeat("a\n", 40) // the first hand; then only "a", never Enter
	args := []string{"play", "troggu", "-players", "8", "-bot", "random", "-seed", "stay", "-hands", "2"}
	if code := run(args, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	i := strings.Index(text, "--- Result")
	if i < 0 {
		t.Fatalf("no result:\n%s", tail(text))
	}
	after := text[i:]
	if !strings.Contains(after, "Enter: next hand> ") {
		t.Fatalf("no pause after the result:\n%s", tail(text))
	}
	if strings.Count(after, "=== Deal") > 1 {
		t.Errorf("a second hand started before the person asked for it")
	}
}

// TestPlaySittingOut: a Droggn dealer who sits out sees the hand as one
// line per trick, not every card as a line of its own.
func TestPlaySittingOut(t *testing.T) {
	var out, errb bytes.Buffer
	// Seed t2 makes seat 3 the first dealer.
	args := []string{"play", "droggn", "-players", "4", "-seat", "3", "-bot", "random", "-seed", "t2", "-hands", "1"}
	if code := run(args, strings.NewReader(strings.Repeat("a\n", 100)), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	if !strings.Contains(text, "You sit out this hand") {
		t.Fatalf("the person did not sit out the first hand:\n%s", text)
	}
	first := text[:strings.Index(text, "--- Result")]
	tricks := regexp.MustCompile(`(?m)^  Trick (\d+): .* → `).FindAllStringSubmatch(first, -1)
	if len(tricks) != 21 {
		t.Errorf("%d trick lines, want 21:\n%s", len(tricks), first)
	}
	for i, m := range tricks {
		if m[1] != strconv.Itoa(i+1) {
			t.Errorf("trick line %d is numbered %s", i+1, m[1])
		}
	}
	if n := strings.Count(first, ": plays "); n > 0 {
		t.Errorf("%d lines of single cards", n)
	}
}

// TestPlayCommandsGerman: the sitting's commands have German words.
func TestPlayCommandsGerman(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"play", "droggn", "-bot", "random", "-seed", "cmd", "-lang", "de"}
	if code := run(args, strings.NewReader("hilfe\nblock\nschluss\naufhören\n"), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, want := range []string{"Ein Buchstabe wählt", "Schreibblock", "Die Runde endet nach 5 weiteren Spielen", "Servus."} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q:\n%s", want, text)
		}
	}
	if words := foreign(text, true); len(words) > 0 {
		t.Errorf("English in the German help: %q", words)
	}
	for _, l := range screenLines(text) {
		if runes(l) > width {
			t.Errorf("a line of %d columns: %q", runes(l), l)
		}
	}
}

// TestWrap: a long line breaks into lines of at most n columns between the
// items of a list, the continued ones indented by two spaces.
func TestWrap(t *testing.T) {
	got := wrap("Letzter Stich 1: Bot 4 Sw9 · Bot 5 Sw10 · Bot 6 X · Bot 7 SwJ · du Sw6 · Bot 1 I · Bot 2 Sw8 → Bot 6", 40)
	want := []string{
		"Letzter Stich 1: Bot 4 Sw9 · Bot 5 Sw10",
		"  · Bot 6 X · Bot 7 SwJ · du Sw6",
		"  · Bot 1 I · Bot 2 Sw8 → Bot 6",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

var update = flag.Bool("update", false, "rewrite the golden files: testdata/transcripts and testdata/analyze")

// TestPlayTranscripts keeps whole sittings as a person reads them, the
// person's seat answered by the driver: a Droggn table of four whose
// person deals and sits out first, a Troggu table of eight in German with
// a secret partner, Strohmandeln in German with the classic scoring. A
// change to the screen shows as a diff; go test -update rewrites them.
func TestPlayTranscripts(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"droggn4-en.txt", []string{"play", "droggn", "-players", "4", "-seat", "3", "-seed", "t2", "-hands", "2"}},
		{"troggu8-de.txt", []string{"play", "troggu", "-players", "8", "-seed", "tm8", "-hands", "1", "-lang", "de"}},
		{"strohmandeln-de.txt", []string{"play", "strohmandeln", "-seed", "s1", "-hands", "1", "-lang", "de", "-options", "scoring=classic"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			d := &driver{out: &out, rng: rand.New(rand.NewPCG(uint64(i), 11)), german: strings.HasSuffix(c.name, "-de.txt")}
			args := append(c.args, "-bot", "random")
			if code := run(args, d, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			path := filepath.Join("testdata", "transcripts", c.name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("the transcript differs from %s (go test -update if the change is meant):\n%s", path, tail(out.String()))
			}
		})
	}
}

// TestPromptHelpPerGame: the prompt's help names the game's own Fool and
// court cards, and no record code.
func TestPromptHelpPerGame(t *testing.T) {
	for _, tc := range []struct {
		game, lang string
		want, not  []string
	}{
		{"droggn", "en", []string{"★ the Gstieß", "R rider", "To buy"}, []string{"Sküs", "Bättler", "cavalier"}},
		{"droggn", "de", []string{"★ der Gstieß", "R Reiter", "Kaufen"}, []string{"Sküs", "Cavall"}},
		{"troggu", "en", []string{"★ the Bättler", "C cavalier", "Sw swords"}, []string{"Gstieß", "rider", "To buy"}},
		{"troggu", "de", []string{"★ der Bättler", "C Cavall"}, []string{"Reiter", "Kaufen"}},
		{"strohmandeln", "en", []string{"★ the Sküs", "Strohmänner 1:♠J+2"}, []string{"Gstieß", "To buy"}},
	} {
		var out, errb bytes.Buffer
		args := []string{"play", tc.game, "-seed", "help", "-bot", "rules", "-lang", tc.lang}
		if code := run(args, strings.NewReader("help\nquit\n"), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		text := strings.Join(strings.Fields(out.String()), " ")
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s %s: the help lacks %q", tc.game, tc.lang, w)
			}
		}
		for _, w := range append(tc.not, "FOOL", "T21", "S-4") {
			if strings.Contains(text, w) {
				t.Errorf("%s %s: the help names %q", tc.game, tc.lang, w)
			}
		}
	}
}

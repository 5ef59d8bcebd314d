package analysis

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// recordCodes are the forms of the hand record, and the step indices and
// ratios of the old text, that no line for people may show: card IDs
// (S-K, Cu-1, T21, FOOL), an act with its record word ("play ", "bid ",
// "double gut"), a phase code in brackets, a step index, a bare ratio.
var recordCodes = []*regexp.Regexp{
	regexp.MustCompile(`\b(S|C|H|D|Sw|Ba|Cu|Co)-(10|[1-9]|J|N|Q|K)\b`),
	regexp.MustCompile(`\bT([1-9]|1[0-9]|2[01])\b`),
	regexp.MustCompile(`\bFOOL\b`),
	regexp.MustCompile(`\b(play|bid) `),
	regexp.MustCompile(`\b(double|bid|fold|layout|buy|call|announce) (gut|schwacher|retour|pass|weiter|ansager|solo|super|supermord|none|undertake|double|fold|stay|normal|misere|trull|fourkings)\b`),
	regexp.MustCompile(`\((play|discard|bidding|doubling|layout|buy|call|exchange|fold|bid)\)`),
	regexp.MustCompile(`\b(step|Zug) \d`),
	regexp.MustCompile(`\d+/\d+`),
}

// english are words of the English text that a German one must not show.
var english = regexp.MustCompile(`\b(players|Seat|seat|trick|card|chosen|better|best|valued|good|you|plays|discard|inaccuracy|mistake|blunder)\b`)

// quoted is a name in quotation marks.
var quoted = regexp.MustCompile(`[“„][^”“]*[”“]`)

// checkPeopleText returns an error naming every line of text that shows a
// record code, or English words in a German text.
func checkPeopleText(text string, l card.Lang) error {
	var bad []string
	for _, line := range strings.Split(text, "\n") {
		// The names of the seats are the record's own, quoted.
		plain := quoted.ReplaceAllString(line, `"…"`)
		for _, re := range recordCodes {
			if m := re.FindString(plain); m != "" {
				bad = append(bad, fmt.Sprintf("%q in %q", m, line))
			}
		}
		if l == card.German {
			if m := english.FindString(plain); m != "" {
				bad = append(bad, fmt.Sprintf("English %q in %q", m, line))
			}
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("record code in the text for people:\n%s", strings.Join(bad, "\n"))
	}
	return nil
}

// TestTextNoRecordCode: the text of the analysis of a hand of every
// set-up of the example records (cmd/trull/testdata/examples), and of a
// hand with mistakes in every game, in English and German, names no card
// or action in the record's form and places decisions by trick and card,
// and the German text has no English words.
func TestTextNoRecordCode(t *testing.T) {
	paths, err := filepath.Glob("../../cmd/trull/testdata/examples/legal/*-0000.json")
	if err != nil || len(paths) < 8 {
		t.Fatalf("example records: %v, %d", err, len(paths))
	}
	paths = append(paths, "../../docs/analysis-example.json")
	var recs []*game.Record
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var rec game.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		recs = append(recs, &rec)
	}
	for _, v := range mistakeVariants {
		recs = append(recs, record(t, v, 2, 0.3))
	}
	for _, rec := range recs {
		rep, err := Analyze(rec, Config{Bot: "ismcts@50", Seat: -1, Seed: "codes"})
		if err != nil {
			t.Fatal(err)
		}
		marked := 0
		for _, d := range rep.Decisions {
			if d.Phase == "play" && (d.Trick < 1 || d.Nth < 1) {
				t.Errorf("%s step %d: a card play at trick %d, card %d", rep.Variant, d.Step, d.Trick, d.Nth)
			}
			if d.Class == Inaccuracy || d.Class == Mistake || d.Class == Blunder {
				marked++
			}
		}
		for _, l := range []card.Lang{card.English, card.German} {
			text := Text(rep, l)
			if err := checkPeopleText(text, l); err != nil {
				t.Errorf("%s (%v): %v", rep.Variant, l, err)
			}
			word := map[card.Lang]string{card.English: "trick ", card.German: "Stich "}[l]
			if marked > 0 && !strings.Contains(text, word) {
				t.Errorf("%s (%v): no decision placed by trick:\n%s", rep.Variant, l, text)
			}
		}
	}
}

// TestCheckPeopleText: the check finds each kind of record code, and
// English in a German text.
func TestCheckPeopleText(t *testing.T) {
	for _, c := range []struct {
		text string
		l    card.Lang
		bad  bool
	}{
		{"Stich 7, zweite Karte — gewählt: Pik-König; besser: Mond (XXI)", card.German, false},
		{"trick 7, second card — chosen: king of spades", card.English, false},
		{`Platz 1, „you“: Gesamtverlust 3`, card.German, false},
		{"step 61: took play S-6, better play S-Q", card.English, true},
		{"Zug 61: gewählt Pik-6", card.German, true},
		{"gewählt T21", card.German, true},
		{"double gut", card.English, true},
		{"step 5, seat 1 (discard)", card.English, true},
		{"gute Entscheidungen 35% (20/27 bewertet)", card.German, true},
		{"Droggn, 3 players", card.German, true},
		{"Platz 1 (you)", card.German, true},
		{"Kelche-Ass statt Cu-1", card.German, true},
	} {
		if err := checkPeopleText(c.text, c.l); (err != nil) != c.bad {
			t.Errorf("%q: %v, want bad %v", c.text, err, c.bad)
		}
	}
}

// mistakeVariants are the set-ups whose hands TestTextNoRecordCode plays
// with mistakes.
var mistakeVariants = []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "droggn", Players: 4}, {Game: "troggu", Players: 5}, {Game: "strohmandeln", Players: 2}}

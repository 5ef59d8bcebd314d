package web

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/card"
)

// readSrc returns a source file of the browser app.
func readSrc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("src/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pair reads the English and German text of key in a table of the form
// key: ["en", "de"].
func pair(t *testing.T, src, key string) (string, string, bool) {
	t.Helper()
	re := regexp.MustCompile(`(?m)^\s*"?` + regexp.QuoteMeta(key) + `"?:\s*\[\s*("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),?\s*\]`)
	m := re.FindStringSubmatch(src)
	if m == nil {
		return "", "", false
	}
	en, err1 := strconv.Unquote(m[1])
	de, err2 := strconv.Unquote(m[2])
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: cannot read %s, %s", key, m[1], m[2])
	}
	return en, de, true
}

// TestBotLevelWords: every bot level the server offers has a name for
// people in both languages, its strength in words, and says how it plays,
// with no algorithm's acronym.
func TestBotLevelWords(t *testing.T) {
	src := readSrc(t, "i18n.ts")
	levels := src[strings.Index(src, "BOT_LEVELS"):]
	levels = levels[:strings.Index(levels, "\n};")]
	acronym := regexp.MustCompile(`ISMCTS|PIMC|MCTS`)
	for _, name := range bot.Names() {
		line := regexp.MustCompile(`(?m)^\s*"?` + regexp.QuoteMeta(name) + `"?:\s*\{(.*)\},?$`).FindStringSubmatch(levels)
		if line == nil {
			t.Errorf("BOT_LEVELS has no entry for the bot level %q", name)
			continue
		}
		for _, part := range []string{"name", "how"} {
			// pair reads a key at the start of a line: start there.
			at := strings.Index(line[1], part+":")
			if at < 0 {
				t.Errorf("BOT_LEVELS has no %s for the bot level %q", part, name)
				continue
			}
			en, de, ok := pair(t, line[1][at:], part)
			if !ok {
				t.Errorf("BOT_LEVELS has no %s for the bot level %q", part, name)
				continue
			}
			for _, s := range []string{en, de} {
				if s == "" || acronym.MatchString(s) || strings.EqualFold(s, "bot") || strings.ContainsAny(s, "()") {
					t.Errorf("the bot level %q has the %s %q", name, part, s)
				}
			}
		}
	}
}

// TestRiderName: the court card between queen and jack has one name in
// both French-suited packs (Droggn and Strohmandeln), the English one as
// docs/RULES.md names it for Droggn's pack ("N (rider)").
func TestRiderName(t *testing.T) {
	rules, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rules), "`N` (rider)") {
		t.Fatal("docs/RULES.md no longer calls Droggn's N the rider")
	}
	src := readSrc(t, "i18n.ts")
	courts := src[strings.Index(src, "const COURT_NAMES"):]
	courts = courts[:strings.Index(courts, "};")]
	re := regexp.MustCompile(`(?s)(droggn|troggu|strohmandeln): \{\s*en: \{[^}]*N: "([^"]+)"[^}]*\},\s*de: \{[^}]*N: "([^"]+)"`)
	names := map[string][2]string{}
	for _, m := range re.FindAllStringSubmatch(courts, -1) {
		names[m[1]] = [2]string{m[2], m[3]}
	}
	if names["droggn"] != [2]string{"rider", "Reiter"} || names["strohmandeln"] != names["droggn"] {
		t.Errorf("the N of the French-suited packs is named %v (Droggn) and %v (Strohmandeln), want rider/Reiter in both", names["droggn"], names["strohmandeln"])
	}
	// The names the server writes (analysis and replay texts) agree.
	for _, p := range []*card.Pack{card.Droggn66, card.Stroh54} {
		id := "C-N"
		c, err := p.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		if en, de := p.CardName(c, card.English), p.CardName(c, card.German); !strings.Contains(en, "rider") || !strings.Contains(de, "Reiter") {
			t.Errorf("the %s pack names %s %q / %q, want the rider (Reiter)", p.Name, id, en, de)
		}
	}
	for _, f := range []string{"cards.ts", "rules.tsx", "i18n.ts"} {
		if strings.Contains(strings.ToLower(readSrc(t, f)), "knight") {
			t.Errorf("%s still names a knight", f)
		}
	}
}

// TestViewerWords: the trick log speaks to the viewer in correct German
// ("du spielst aus", "an dich"), and the declarer's side of a Troggu
// result is named by the declarer's role (Tappist, Soloist/Solist).
func TestViewerWords(t *testing.T) {
	src := readSrc(t, "i18n.ts")
	for key, want := range map[string][2]string{
		"ledYou":   {"you led", "du spielst aus"},
		"wonByYou": {"you won it", "an dich"},
	} {
		en, de, ok := pair(t, src, key)
		if !ok || en != want[0] || de != want[1] {
			t.Errorf("%s is %q / %q, want %q / %q", key, en, de, want[0], want[1])
		}
	}
	if strings.Contains(src, "Tappist's side") || strings.Contains(src, "Tappist-Seite") {
		t.Error("i18n.ts still names a side \"Tappist's side\"")
	}
	if !strings.Contains(src, `tr(lang, "Soloist", "Solist")`) {
		t.Error("the Troggu Soloist has no German name (Solist)")
	}
}

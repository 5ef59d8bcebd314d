package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// glossary is src/glossary.json, the catalogue of the games' words the
// table explains (glossary.tsx).
type glossary struct {
	Sections map[string][]string `json:"sections"`
	Terms    []struct {
		ID      string              `json:"id"`
		Game    string              `json:"game"`
		Section string              `json:"section"`
		Match   map[string][]string `json:"match"`
		En      string              `json:"en"`
		De      string              `json:"de"`
	} `json:"terms"`
}

func readGlossary(t *testing.T) glossary {
	t.Helper()
	var g glossary
	if err := json.Unmarshal([]byte(readSrc(t, "glossary.json")), &g); err != nil {
		t.Fatalf("glossary.json: %v", err)
	}
	return g
}

// rulesSections counts the sections of each game's rules page in each
// language (i18n.ts: const NAME: Text = { en: [ [title, …], … ], de: … }).
func rulesSections(t *testing.T) map[string]map[string]int {
	t.Helper()
	src := readSrc(t, "i18n.ts")
	texts := regexp.MustCompile(`const RULES_TEXT: Record<GameName, Text> = \{([^}]*)\}`).FindStringSubmatch(src)
	if texts == nil {
		t.Fatal("i18n.ts: no RULES_TEXT table")
	}
	out := map[string]map[string]int{}
	for _, kv := range regexp.MustCompile(`(\w+): (\w+)`).FindAllStringSubmatch(texts[1], -1) {
		game, name := kv[1], kv[2]
		start := strings.Index(src, "const "+name+": Text = {")
		if start < 0 {
			t.Fatalf("i18n.ts: no rules text %s", name)
		}
		body := src[start:]
		body = body[:strings.Index(body, "\n};")]
		out[game] = map[string]int{}
		lang := ""
		for _, line := range strings.Split(body, "\n") {
			switch {
			case line == "  en: [":
				lang = "en"
			case line == "  de: [":
				lang = "de"
			case line == "    [":
				out[game][lang]++
			}
		}
	}
	return out
}

// TestGlossary: every term of the glossary has its explanation and its
// words in English and German, and links to a section of its game's rules
// page that exists (the page gives its sections the ids of "sections", one
// per section in both languages); the words the table shows for the
// games' terms are all in it, and every word it lists occurs in the app.
func TestGlossary(t *testing.T) {
	g := readGlossary(t)
	counts := rulesSections(t)
	for game, ids := range g.Sections {
		for _, lang := range []string{"en", "de"} {
			if counts[game][lang] != len(ids) {
				t.Errorf("%s: the rules page has %d sections in %s, the glossary names %d (%v)", game, counts[game][lang], lang, len(ids), ids)
			}
		}
	}
	var app strings.Builder
	files, _ := filepath.Glob("src/*.ts*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		app.Write(b)
	}
	seen := map[string]bool{}
	has := map[string]bool{} // game/lang/word
	for _, term := range g.Terms {
		if seen[term.ID] {
			t.Errorf("term %s twice", term.ID)
		}
		seen[term.ID] = true
		if !strings.HasPrefix(term.ID, term.Game+".") {
			t.Errorf("term %s is of game %q", term.ID, term.Game)
		}
		if strings.TrimSpace(term.En) == "" || strings.TrimSpace(term.De) == "" || term.En == term.De {
			t.Errorf("term %s: explanation en %q de %q (want both, in each language)", term.ID, term.En, term.De)
		}
		found := false
		for _, s := range g.Sections[term.Game] {
			found = found || s == term.Section
		}
		if !found {
			t.Errorf("term %s links to section %q, not one of the %s rules page's %v", term.ID, term.Section, term.Game, g.Sections[term.Game])
		}
		for _, lang := range []string{"en", "de"} {
			if len(term.Match[lang]) == 0 {
				t.Errorf("term %s has no words in %s", term.ID, lang)
			}
			for _, w := range term.Match[lang] {
				has[term.Game+"/"+lang+"/"+w] = true
				if !strings.Contains(app.String(), w) {
					t.Errorf("term %s: the word %q occurs nowhere in the app", term.ID, w)
				}
			}
		}
	}
	required := map[string][]string{
		"droggn":       {"Ansager", "Solo", "Super", "Super Mord", "Gstieß", "Mond", "Pagat", "Talon", "gut", "weiter", "Retour", "Match"},
		"troggu":       {"Tapp", "Tappist", "Solo", "Misère", "Bättler"},
		"strohmandeln": {"Sküs", "Mond", "Pagat", "Strohmänner", "Uhu", "Kakadu", "Trull", "Valat", "Ross", "Topschin", "Rostopschin", "Grammel", "Nullrunde", "Vorhand", "Weiter"},
	}
	for game, words := range required {
		for _, w := range words {
			for _, lang := range []string{"en", "de"} {
				if !has[game+"/"+lang+"/"+w] {
					t.Errorf("%s: the glossary does not explain %q in %s", game, w, lang)
				}
			}
		}
	}
}

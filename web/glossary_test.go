package web

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestGlossary: every entry of the glossary (src/glossary.tsx) explains
// its term in English and German and links to a section that the game's
// rules page has; every contract and result item the engines name has an
// entry.
func TestGlossary(t *testing.T) {
	b, err := os.ReadFile("src/glossary.tsx")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	sections := map[string]int{}
	for _, m := range regexp.MustCompile(`(\w+): (\d+)`).FindAllStringSubmatch(regexp.MustCompile(`SECTIONS[^{]*\{([^}]*)\}`).FindStringSubmatch(src)[1], -1) {
		n, _ := strconv.Atoi(m[2])
		sections[m[1]] = n
	}
	books := map[string]string{"droggn": "DROGGN", "troggu": "TROGGU", "strohmandeln": "STROH"}
	entry := regexp.MustCompile(`(?s)"((?:contract|item|term)\.[a-z0-9_]+)": \{\s*section: (\d+),\s*en: "([^"]*)",\s*de: "([^"]*)",\s*\}`)
	keys := map[string]map[string]bool{}
	for game, name := range books {
		start := regexp.MustCompile(`const ` + name + `: Book = \{`).FindStringIndex(src)
		if start == nil {
			t.Fatalf("no book %s", name)
		}
		end := regexp.MustCompile(`\n\};\n`).FindStringIndex(src[start[1]:])
		book := src[start[1] : start[1]+end[0]]
		keys[game] = map[string]bool{}
		for _, m := range entry.FindAllStringSubmatch(book, -1) {
			n, _ := strconv.Atoi(m[2])
			switch {
			case n < 1 || n > sections[game]:
				t.Errorf("%s %s: section %d, the rules page has %d", game, m[1], n, sections[game])
			case len(m[3]) < 10 || len(m[4]) < 10:
				t.Errorf("%s %s: no explanation in both languages", game, m[1])
			}
			keys[game][m[1]] = true
		}
	}
	// The rules pages have the sections the glossary counts.
	rules, err := os.ReadFile("src/rules.tsx")
	if err != nil {
		t.Fatal(err)
	}
	for game, name := range map[string]string{"droggn": "DROGGN", "troggu": "TROGGU", "strohmandeln": "STROH"} {
		i := regexp.MustCompile(`const ` + name + `: Text = \{\s*en: \[`).FindStringIndex(string(rules))
		j := regexp.MustCompile(`\n  de: \[`).FindStringIndex(string(rules)[i[1]:])
		got := len(regexp.MustCompile(`\n    \[\n`).FindAllString(string(rules)[i[1]:i[1]+j[0]], -1))
		if got != sections[game] {
			t.Errorf("%s: the rules page has %d sections, the glossary counts %d", game, got, sections[game])
		}
	}
	// Every contract and item the engines score.
	want := map[string][]string{
		"droggn":       {"contract.ansager", "contract.solo", "contract.super", "contract.supermord", "contract.thrown_in", "item.game", "item.match", "item.pagat_ultimo", "item.pagat_capture", "item.pagat_laid_out", "item.gstiess_laid_out", "item.kleine_und_gstiess_ultimo"},
		"troggu":       {"contract.normal", "contract.solo", "contract.misere", "item.game", "item.under_30", "item.no_trick", "item.solo_multiplier", "item.tie_57_57", "item.misere_most_points", "item.misere_tie_no_payment"},
		"strohmandeln": {"contract.undertaken", "contract.simple", "contract.folded", "item.game", "item.grammel", "item.trull", "item.four_kings", "item.pagat_ultimo", "item.pagat_captured", "item.uhu", "item.uhu_captured", "item.kakadu", "item.kakadu_captured", "item.rostopschin", "item.rostopschin_lost", "item.valat", "item.double", "item.draw"},
	}
	for game, ks := range want {
		for _, k := range append(ks, "term.talon", "term.fool", "term.declarer") {
			if !keys[game][k] {
				t.Errorf("%s: the glossary does not explain %s", game, k)
			}
		}
	}
}

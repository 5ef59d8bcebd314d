package web

import (
	"regexp"
	"strings"
	"testing"

	"trull/internal/tactics"
)

// TestPuzzleThemeWords: the puzzle pages name every theme of the tactics
// suite, and say what it is about, in English and German.
func TestPuzzleThemeWords(t *testing.T) {
	src := readSrc(t, "puzzles.tsx")
	i18n := readSrc(t, "i18n.ts")
	block := src[strings.Index(src, "const THEME_KEYS"):]
	block = block[:strings.Index(block, "};")]
	for _, th := range tactics.Themes {
		m := regexp.MustCompile(`(?m)^\s*` + th + `: \["(\w+)", "(\w+)"\]`).FindStringSubmatch(block)
		if m == nil {
			t.Errorf("puzzles.tsx has no words for the theme %q", th)
			continue
		}
		for _, key := range m[1:] {
			en, de, ok := pair(t, i18n, key)
			if !ok || en == "" || de == "" || (en == de && !strings.HasPrefix(key, "themeMisere") && key != "themeStrohmann") {
				t.Errorf("theme %s: i18n.ts words %s as %q / %q", th, key, en, de)
			}
		}
	}
}

package web

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"trull/internal/game"
)

// TestRefusalWordings: the browser app words every refusal code of the
// engines exactly as game.Explain does, in English and German.
func TestRefusalWordings(t *testing.T) {
	src, err := os.ReadFile("src/i18n.ts")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range game.Wordings() {
		re := regexp.MustCompile(`(?m)^\s*"?` + regexp.QuoteMeta(key) + `"?:\s*\[\s*("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),?\s*\]`)
		m := re.FindSubmatch(src)
		if m == nil {
			t.Errorf("i18n.ts has no wording of %q", key)
			continue
		}
		en, err1 := strconv.Unquote(string(m[1]))
		de, err2 := strconv.Unquote(string(m[2]))
		if err1 != nil || err2 != nil {
			t.Errorf("%s: cannot read %s, %s", key, m[1], m[2])
			continue
		}
		if en != want[0] || de != want[1] {
			t.Errorf("%s: i18n.ts words it\n  %q / %q\nGo words it\n  %q / %q", key, en, de, want[0], want[1])
		}
	}
}

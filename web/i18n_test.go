package web

import (
	"os"
	"regexp"
	"testing"

	"trull/internal/game"
)

// TestRefusalWordings: the browser app words the engines' refusal codes
// from their one catalogue, refusals.gen.ts (written from game.Explain's
// and checked by contract.TestGenerated), and has no second copy of any.
func TestRefusalWordings(t *testing.T) {
	src, err := os.ReadFile("src/i18n.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*\.\.\.ENGINE_REFUSALS,`).Match(src) {
		t.Error("i18n.ts does not word refusals from ENGINE_REFUSALS")
	}
	for key := range game.Wordings() {
		re := regexp.MustCompile(`(?m)^\s*"?` + regexp.QuoteMeta(key) + `"?:\s*\[`)
		if re.Match(src) {
			t.Errorf("i18n.ts words %q a second time", key)
		}
	}
}

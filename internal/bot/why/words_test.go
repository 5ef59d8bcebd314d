package why

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestWordsJSON: a why's words in one language are a string, in both an
// object {"en", "de"}; either reads back as written.
func TestWordsJSON(t *testing.T) {
	base := Why{Worlds: 24, Score: -2.5, CardPoints: -1}
	for _, c := range []struct {
		w    Words
		text string
	}{
		{Words{Why: base, Text: "XXI wins."}, `"text":"XXI wins."`},
		{Words{Why: base, Text: "XXI wins.", TextDE: "XXI gewinnt."}, `"text":{"en":"XXI wins.","de":"XXI gewinnt."}`},
		{Words{Why: base}, `"worlds":24`},
	} {
		b, err := json.Marshal(c.w)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), c.text) || !strings.Contains(string(b), `"worlds":24`) {
			t.Errorf("%+v: %s, want %s", c.w, b, c.text)
		}
		var back Words
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.Text != c.w.Text || back.TextDE != c.w.TextDE || back.Worlds != 24 || back.Score != -2.5 {
			t.Errorf("%s read back as %+v", b, back)
		}
	}
}

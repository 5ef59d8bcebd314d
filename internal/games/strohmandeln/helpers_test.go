package strohmandeln

import (
	"encoding/json"
	"testing"

	"trull/internal/card"
)

type jsonRaw = json.RawMessage

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// ids parses space-separated card IDs.
func ids(t *testing.T, p *card.Pack, s string) card.Set {
	t.Helper()
	var out card.Set
	for _, f := range splitFields(s) {
		c, err := p.Parse(f)
		if err != nil {
			t.Fatal(err)
		}
		out.Add(c)
	}
	return out
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' || r == ',' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

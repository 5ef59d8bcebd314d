package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestAnalyzeTextGolden: `trull analyze --text` of example records in
// English and German, as kept in testdata/analyze (go test ./cmd/trull
// -run TestAnalyzeTextGolden -update rewrites them).
func TestAnalyzeTextGolden(t *testing.T) {
	records := map[string]string{
		"droggn":       "../../docs/analysis-example.json",
		"droggn4":      "testdata/examples/legal/droggn4-0000.json",
		"troggu4":      "testdata/examples/legal/troggu4-0000.json",
		"strohmandeln": "testdata/examples/legal/strohmandeln-0000.json",
	}
	for name, path := range records {
		for _, lang := range []string{"en", "de"} {
			var out, errb bytes.Buffer
			args := []string{"analyze", "--text", "--lang", lang, "--bot", "ismcts@100", "--seed", "golden", "--quiet", path}
			if code := run(args, nil, &out, &errb); code != 0 {
				t.Fatalf("%s %s: exit %d: %s", name, lang, code, errb.String())
			}
			golden := filepath.Join("testdata", "analyze", name+"."+lang+".txt")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/trull -run TestAnalyzeTextGolden -update writes it)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%s %s: the text differs from %s (-update rewrites it):\n%s", name, lang, golden, out.String())
			}
		}
	}
}

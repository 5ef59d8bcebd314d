package contract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGenerated: the committed web/src/contract.gen.ts and
// refusals.gen.ts are what the Go types and catalogue give now (`go
// generate ./web/...` writes them again).
func TestGenerated(t *testing.T) {
	model, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]byte{File: model, RefusalsFile: GenerateRefusals()} {
		got, err := os.ReadFile(filepath.Join(Root(), file))
		if err != nil {
			t.Fatalf("%v (go generate ./web/... writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the Go code gives: run go generate ./web/...", file)
		}
	}
}

package contract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGenerated: the committed web/src/contract.gen.ts is what the Go
// types give now (`go generate ./web/...` writes it again).
func TestGenerated(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(Root(), File))
	if err != nil {
		t.Fatalf("%v (go generate ./web/... writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the Go types give: run go generate ./web/...", File)
	}
}

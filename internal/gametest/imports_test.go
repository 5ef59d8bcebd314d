package gametest

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportRules holds the one-way data flow of DESIGN.md: the card
// package imports nothing of ours, the engine packages never import bots,
// the sitting, the store, the server or UI code, and each layer above them
// imports only what lies below it.
func TestImportRules(t *testing.T) {
	rules := []struct {
		dir       string
		forbidden []string // import path prefixes
	}{
		{"../card", []string{"trull/"}},
		{"../game", []string{"trull/internal/games", "trull/internal/bot", "trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/cmd"}},
		{"../games", []string{"trull/internal/bot", "trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/cmd"}},
		// The sitting is rules and arithmetic: no players, storage or network.
		{"../sitting", []string{"trull/internal/bot", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}},
		// Bots see views; they know nothing of sittings, storage or tables.
		{"../bot", []string{"trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}},
		// Storage keeps events; it neither plays nor serves.
		{"../store", []string{"trull/internal/games", "trull/internal/bot", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}},
		{"../server", []string{"trull/internal/arena", "trull/internal/sim", "trull/cmd"}},
	}
	for _, r := range rules {
		err := filepath.Walk(r.dir, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range r.forbidden {
					if strings.HasPrefix(p, bad) {
						t.Errorf("%s imports %s", path, p)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

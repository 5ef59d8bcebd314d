package gametest

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImportRules holds the one-way data flow of DESIGN.md: the card
// package imports nothing of ours, the engine packages never import bots,
// the sitting, the store, the server or UI code, and each layer above them
// imports only what lies below it. Inside internal/bot each game's
// knowledge (bot/know) reads only the cards, the game contract and the
// engines; the hand-written strategies (bot/rules) and the two searches
// (bot/pimc, bot/ismcts) read the knowledge and the exact solvers but not
// one another, and none of them the registry (bot), which composes the
// levels on top.
func TestImportRules(t *testing.T) {
	const b = "trull/internal/bot"
	rules := []struct {
		dir       string
		forbidden []string // import path prefixes
		exact     []string // import paths forbidden as they are (not their subpackages)
		only      []string // when set, the only trull/ packages allowed, with their subpackages
	}{
		{"../card", []string{"trull/"}, nil, nil},
		{"../game", []string{"trull/internal/games", "trull/internal/bot", "trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/cmd"}, nil, nil},
		{"../games", []string{"trull/internal/bot", "trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/cmd"}, nil, nil},
		// The sitting is rules and arithmetic: no players, storage or network.
		{"../sitting", []string{"trull/internal/bot", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}, nil, nil},
		// Bots see views; they know nothing of sittings, storage or tables.
		{"../bot", []string{"trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}, nil, nil},
		// Storage keeps events; it neither plays nor serves.
		{"../store", []string{"trull/internal/games", "trull/internal/bot", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}, nil, nil},
		{"../server", []string{"trull/internal/arena", "trull/internal/sim", "trull/cmd"}, nil, nil},
		{"../analysis", []string{"trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/internal/tactics", "trull/cmd"}, nil, nil},
		{"../tactics", []string{"trull/internal/sitting", "trull/internal/store", "trull/internal/server", "trull/internal/arena", "trull/internal/sim", "trull/cmd"}, nil, nil},
		{"../bot/know", nil, nil, []string{"trull/internal/card", "trull/internal/game", "trull/internal/games"}},
		{"../bot/rules", []string{b + "/pimc", b + "/ismcts", b + "/solver", b + "/tsolver"}, []string{b}, nil},
		{"../bot/pimc", []string{b + "/rules", b + "/ismcts"}, []string{b}, nil},
		{"../bot/ismcts", []string{b + "/rules", b + "/pimc"}, []string{b}, nil},
		{"../bot/solver", []string{b + "/rules", b + "/pimc", b + "/ismcts"}, []string{b}, nil},
		{"../bot/tsolver", []string{b + "/rules", b + "/pimc", b + "/ismcts"}, []string{b}, nil},
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
				if slices.Contains(r.exact, p) {
					t.Errorf("%s imports %s", path, p)
				}
				if r.only != nil && strings.HasPrefix(p, "trull/") &&
					!slices.ContainsFunc(r.only, func(ok string) bool { return p == ok || strings.HasPrefix(p, ok+"/") }) {
					t.Errorf("%s imports %s, outside %v", path, p, r.only)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

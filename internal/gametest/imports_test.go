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

// TestImportRules holds the one-way data flow of docs/ARCHITECTURE.md:
// each package imports only the packages of this module that lie below
// it. The card package imports nothing of ours; an engine only card,
// game and the table model it draws its views into, never another engine; the bots, the table model, the sitting and
// the store nothing that plays tables or keeps them; the server the
// store's interface but no implementation of it, which the command
// chooses; no production code imports the test support (gametest).
func TestImportRules(t *testing.T) {
	const (
		b       = "trull/internal/bot"
		engines = "trull/internal/games/..."
	)
	base := []string{"trull/internal/card", "trull/internal/game", engines}
	with := func(more ...string) []string { return append(slices.Clone(base), more...) }
	production := []string{"trull/web"}
	for _, d := range []string{"analysis", "arena", "bot/...", "card", "daily", "game", "games/...", "guide", "jsonscan", "loadgen", "offline", "replayview",
		"server", "sim", "sitting", "store/...", "tablemodel", "tactics", "wire"} {
		production = append(production, "trull/internal/"+d)
	}
	rules := []struct {
		dir     string
		allowed []string // import paths of this module; "x/..." is x and below it
	}{
		{"../card", nil},
		{"../game", []string{"trull/internal/card", "trull/internal/jsonscan"}},
		{"../games", []string{"trull/internal/card", "trull/internal/game", "trull/internal/tablemodel", "trull/internal/games/..."}},
		// An engine knows no other engine.
		{"../games/droggn", []string{"trull/internal/card", "trull/internal/game", "trull/internal/tablemodel"}},
		{"../games/troggu", []string{"trull/internal/card", "trull/internal/game", "trull/internal/tablemodel"}},
		{"../games/strohmandeln", []string{"trull/internal/card", "trull/internal/game", "trull/internal/tablemodel"}},
		// Matches and studies play bots at sittings; no table, no store.
		{"../arena", with(b+"/...", "trull/internal/sitting")},
		{"../sim", with(b+"/...", "trull/internal/sitting", "trull/internal/arena")},
		// The load generator is a client: it speaks the public API only.
		{"../loadgen", []string{"trull/internal/jsonscan"}},
		{"../jsonscan", nil},
		// The sitting is rules and arithmetic: no players, storage or network.
		{"../sitting", []string{"trull/internal/card", "trull/internal/game"}},
		// The daily challenges are seeds and decks: no players or storage.
		{"../daily", []string{"trull/internal/card", "trull/internal/game"}},
		// Bots see views; they know nothing of sittings, storage or tables.
		{"../bot", []string{"trull/internal/card", "trull/internal/game", "trull/internal/games/...", "trull/internal/bot/..."}},
		// Storage keeps events; it neither plays nor serves.
		{"../store", []string{"trull/internal/store/..."}},
		{"../bot/know", base},
		// The open-card evaluators' registry knows no game; each solver
		// registers its own.
		{"../bot/opencard", []string{"trull/internal/game"}},
		{"../bot/solver", with(b + "/opencard")},
		{"../bot/tsolver", with(b + "/opencard")},
		{"../bot/ssolver", with(b + "/opencard")},
		// The why reads finished hands; its callers draw and play them.
		{"../bot/why", base},
		{"../bot/rules", with(b + "/know")},
		{"../bot/pimc", with(b+"/know", b+"/solver", b+"/tsolver", b+"/ssolver")},
		{"../bot/ismcts", with(b+"/know", b+"/solver", b+"/tsolver", b+"/ssolver")},
		// The table model is a shape the engines' views draw themselves
		// into: it knows no engine.
		{"../tablemodel", []string{"trull/internal/card", "trull/internal/game", "trull/internal/jsonscan"}},
		// The guide reads the seat's view through the table model.
		{"../guide", with("trull/internal/tablemodel")},
		// Analysis and the tactics suite value decisions with the bots;
		// analysis places them by trick through the table model.
		{"../analysis", with(b+"/...", "trull/internal/tablemodel")},
		{"../tactics", with("trull/internal/analysis", "trull/internal/bot/why")},
		// A table on this device plays a sitting with bots and draws the
		// table model; it knows nothing of servers or storage.
		{"../offline", with(b+"/...", "trull/internal/sitting", "trull/internal/tablemodel", "trull/internal/wire")},
		// The protocol's shared messages: words and numbers, no behaviour.
		{"../wire", with(b+"/why", "trull/internal/sitting", "trull/internal/jsonscan")},
		// A replay reads records and draws views.
		{"../replayview", with("trull/internal/tablemodel")},
		{"../server", []string{"trull/internal/card", "trull/internal/game", "trull/internal/games/...", "trull/internal/bot/...",
			"trull/internal/sitting", "trull/internal/analysis", "trull/internal/tablemodel", "trull/internal/replayview", "trull/internal/guide", "trull/internal/tactics", "trull/internal/daily", "trull/internal/wire", "trull/internal/jsonscan", "trull/internal/store", "trull/web"}},
		// The browser tests' support starts a server on a fresh database and
		// speaks to it as a browser does.
		// The contract with the browser app is written from the types the
		// app receives: the table model, the protocol's messages and what
		// they carry (the whys, the guide's steps).
		{"../../web/contract", []string{"trull/internal/game", "trull/internal/tablemodel", "trull/internal/wire", "trull/internal/bot/why",
			"trull/internal/guide", "trull/web/contract"}},
		{"../../e2e/webtest", []string{"trull/internal/server", "trull/internal/store/sqlite"}},
		// The command and the engine for the browser use everything but the
		// test support.
		{"../../cmd", production},
		{"../../web/wasm", production},
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
				if strings.HasPrefix(p, "trull/") && !allowedImport(p, r.allowed) {
					t.Errorf("%s imports %s", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// allowedImport reports whether p is one of allowed or below an entry
// ending in "/...".
func allowedImport(p string, allowed []string) bool {
	for _, a := range allowed {
		if base, ok := strings.CutSuffix(a, "/..."); ok {
			if p == base || strings.HasPrefix(p, base+"/") {
				return true
			}
		} else if p == a {
			return true
		}
	}
	return false
}

// TestAllowedImport covers the patterns of the import rules.
func TestAllowedImport(t *testing.T) {
	allowed := []string{"trull/internal/store", "trull/internal/bot/..."}
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{"trull/internal/store", true},
		{"trull/internal/store/sqlite", false},
		{"trull/internal/bot", true},
		{"trull/internal/bot/ismcts", true},
		{"trull/internal/botany", false},
		{"trull/internal/server", false},
	} {
		if got := allowedImport(c.path, allowed); got != c.ok {
			t.Errorf("allowedImport(%s) = %v, want %v", c.path, got, c.ok)
		}
	}
}

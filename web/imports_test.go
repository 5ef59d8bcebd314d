package web

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// localImport finds the modules of web/src a module imports, types
// included: `from "./x"`, `import "./x"`, `import("./x")`.
var localImport = regexp.MustCompile(`(?:from|import)\s*\(?\s*"\./([\w.-]+)"`)

// TestNoImportCircle: the modules of the browser app import one another
// in one direction only, so each can be read, tested and replaced from the
// bottom (lang, cards) up (the pages); a circle is named with its path.
func TestNoImportCircle(t *testing.T) {
	files, err := filepath.Glob("src/*.ts*")
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string][]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := module(filepath.Base(f))
		for _, m := range localImport.FindAllStringSubmatch(string(b), -1) {
			if dep := module(m[1]); !slices.Contains(graph[name], dep) {
				graph[name] = append(graph[name], dep)
			}
		}
	}
	if len(graph) < 10 {
		t.Fatalf("read the imports of only %d modules", len(graph))
	}
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(m string)
	visit = func(m string) {
		switch state[m] {
		case open:
			i := slices.Index(path, m)
			t.Errorf("web/src imports in a circle: %s", strings.Join(append(slices.Clone(path[i:]), m), " → "))
			return
		case done:
			return
		}
		state[m] = open
		path = append(path, m)
		for _, d := range graph[m] {
			visit(d)
		}
		path = path[:len(path)-1]
		state[m] = done
	}
	names := make([]string, 0, len(graph))
	for m := range graph {
		names = append(names, m)
	}
	slices.Sort(names)
	for _, m := range names {
		visit(m)
	}
}

// module is a module's name as it is imported: a TypeScript file without
// its extension ("cards.ts" → "cards"), any other file with it.
func module(name string) string {
	if n, ok := strings.CutSuffix(name, ".tsx"); ok {
		return n
	}
	return strings.TrimSuffix(name, ".ts")
}

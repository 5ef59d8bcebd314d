package gametest

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot returns the directory holding go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = up
	}
}

// TestReferenceCopies: docs/RULES.md and docs/FORMAT.md are the
// repository's copies of the ruling texts; when those lie beside the
// checkout (../shared/), the copies must equal them.
func TestReferenceCopies(t *testing.T) {
	root := repoRoot(t)
	for _, name := range []string{"RULES.md", "FORMAT.md"} {
		have, err := os.ReadFile(filepath.Join(root, "docs", name))
		if err != nil {
			t.Fatalf("the repository's copy: %v", err)
		}
		ruling, err := os.ReadFile(filepath.Join(root, "..", "shared", name))
		if err != nil {
			t.Logf("%s: no ruling text beside the checkout (%v); only the copy is checked", name, err)
			continue
		}
		if !bytes.Equal(have, ruling) {
			t.Errorf("docs/%s differs from ../shared/%s: copy it again (cp ../shared/%s docs/)", name, name, name)
		}
	}
}

// TestRuleCitations: every section of docs/RULES.md that the code cites
// (docs/RULES.md §1.4, or §1.4 alone) exists, so a reader can follow it.
func TestRuleCitations(t *testing.T) {
	root := repoRoot(t)
	rules, err := os.ReadFile(filepath.Join(root, "docs", "RULES.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	heading := regexp.MustCompile(`(?m)^#+ ([0-9]+(?:\.[0-9]+)*)\.? `)
	for _, m := range heading.FindAllSubmatch(rules, -1) {
		sections[string(m[1])] = true
	}
	cite := regexp.MustCompile(`§ ?([0-9]+(?:\.[0-9]+)*)`)
	cited := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "dist" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "RFC ") {
				continue // another document's sections
			}
			for _, m := range cite.FindAllStringSubmatch(line, -1) {
				cited++
				if !sections[m[1]] {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s:%d cites §%s, which docs/RULES.md does not have", rel, i+1, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited < 50 {
		t.Errorf("only %d citations found: the scan is broken", cited)
	}
}

package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestUnits runs the browser app's unit tests (src/*.test.ts, Vitest) when
// Node.js and the app's packages are installed (npm ci in web/); without
// them it skips, saying what is missing.
func TestUnits(t *testing.T) {
	npx, err := exec.LookPath("npx")
	if err != nil {
		t.Skip("web: the app's unit tests need Node.js (npx is not on PATH)")
	}
	if _, err := os.Stat(filepath.Join("node_modules", "vitest", "package.json")); err != nil {
		t.Skip("web: the app's unit tests need its packages: run npm ci in web/ (web/node_modules/vitest is missing)")
	}
	cmd := exec.Command(npx, "--no", "vitest", "run")
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "CI=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("web: npx vitest run: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

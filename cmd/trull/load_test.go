package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadCPUProfile: trull load --cpuprofile writes the generator's own
// profile (gzip-compressed, as pprof reads it) even when the run fails,
// and names a file it cannot write.
func TestLoadCPUProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "load.prof")
	cases := []struct {
		name, file, stderr string
	}{
		// Nobody listens on port 1: asking for the server's games fails.
		{"written", prof, "trull load: loadgen: the server's games"},
		{"unwritable", "/nonexistent/load.prof", "trull load: load: the CPU profile: open /nonexistent/load.prof"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run([]string{"load", "-url", "http://127.0.0.1:1", "-tables", "1", "-duration", "1s", "-cpuprofile", c.file},
				strings.NewReader(""), &out, &errb)
			if code != 1 || !strings.Contains(errb.String(), c.stderr) {
				t.Fatalf("exit %d, stderr %q; want exit 1 and %q", code, errb.String(), c.stderr)
			}
		})
	}
	b, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("the profile is not gzip-compressed: % x", b[:min(len(b), 8)])
	}
}

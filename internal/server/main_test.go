package server

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the package's tests with every reused table part and kept
// lobby row checked against a fresh one (tableJSON, publish): the run fails
// if one differed.
func TestMain(m *testing.M) {
	checkTableReuse.Store(true)
	code := m.Run()
	if n := tableReusedWrong.Load(); n > 0 {
		fmt.Fprintf(os.Stderr, "server: %d table parts or lobby rows reused that had changed\n", n)
		code = 1
	}
	os.Exit(code)
}

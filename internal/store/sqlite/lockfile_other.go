//go:build !unix

package sqlite

import (
	"fmt"
	"os"
)

// lockFile creates path; without flock, two servers on one file are only
// caught by the event log's unique sequence numbers.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite: lock file: %w", err)
	}
	return f, nil
}

func unlockFile(f *os.File) error { return f.Close() }

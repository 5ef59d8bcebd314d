//go:build !linux

package sqlite

import (
	"fmt"
	"os"
)

// lockDB opens the database file itself (creating it empty, which SQLite
// takes for an empty database) so that checkFile knows which file it is.
// It takes no lock: on BSD and macOS a flock would collide with SQLite's
// own fcntl locks, so the lock file alone keeps a second server out.
func lockDB(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite: opening %s: %w", path, err)
	}
	return f, nil
}

//go:build linux

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockDB opens the database file itself (creating it empty, which SQLite
// takes for an empty database) and takes an exclusive flock on it. The
// lock file beside it can be removed while a server runs; the database
// cannot without the server noticing (checkFile), so no second server
// opens a file that a first one holds. On Linux a flock does not meet
// SQLite's own fcntl locks on the same file.
func lockDB(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite: opening %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("sqlite: %s is in use by another trull server", path)
		}
		return nil, fmt.Errorf("sqlite: locking %s: %w", path, err)
	}
	return f, nil
}

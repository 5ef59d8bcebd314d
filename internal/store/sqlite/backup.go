package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
)

// ErrBackupInput marks a backup refused for what it was asked: no such
// database, not trull's, or a copy that would be written over a file.
var ErrBackupInput = errors.New("cannot back up")

// Backup copies the database at path into a new file dst, whole and
// consistent, while a server may be using it: SQLite's VACUUM INTO reads
// one snapshot (every commit so far, those still in the write-ahead log
// included) and writes a compact database that opens as it is, with no log
// beside it. dst must not exist.
func Backup(ctx context.Context, path, dst string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: %w: %w", ErrBackupInput, err)
	}
	switch _, err := os.Stat(dst); {
	case err == nil:
		return fmt.Errorf("sqlite: %w: %s exists; a backup is written to a new file", ErrBackupInput, dst)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("sqlite: %w: %w", ErrBackupInput, err)
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'trull_events'").Scan(&n); err != nil || n == 0 {
		return fmt.Errorf("sqlite: %w: %s is not a trull database", ErrBackupInput, path)
	}
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		os.Remove(dst)
		return fmt.Errorf("sqlite: backing up %s: %w", path, err)
	}
	return nil
}

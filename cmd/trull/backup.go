package main

import (
	"context"
	"errors"
	"fmt"

	"trull/internal/store/sqlite"
)

// backupCmd is `trull backup`: a copy of a server's SQLite database, taken
// while it runs.
type backupCmd struct {
	DB  string `name:"db" default:"./trull-data/trull.db" help:"The SQLite database file of the server (as its --db)."`
	Out string `arg:"" name:"file" help:"The new file to write the copy to (it must not exist)."`
}

// Run writes the backup.
func (c *backupCmd) Run(e *env) error {
	db, err := parseDB(c.DB)
	if err != nil {
		return err
	}
	if db.kind == "postgres" {
		return usagef("--db %s is PostgreSQL: back it up with its own tools (pg_dump -Fc, docs/DEPLOY.md)", db.where)
	}
	if err := sqlite.Backup(context.Background(), db.url, c.Out); err != nil {
		if errors.Is(err, sqlite.ErrBackupInput) {
			return usageError{err}
		}
		return err
	}
	fmt.Fprintf(e.stdout, "trull backup: %s copied to %s, every move committed so far\n", db.where, c.Out)
	return nil
}

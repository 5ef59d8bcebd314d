// Package sqlite is the embedded store of `trull serve`: one SQLite file
// (modernc.org/sqlite, pure Go) in WAL mode with synchronous=FULL, so an
// acknowledged event survives a crash of the process or of the machine.
// Appends from all tables are batched into group commits by one writer
// connection; reads use a pool of their own.
//
// One server owns an SQLite file: Open takes an exclusive lock on
// "<file>.lock" beside it, and the table locks are kept in the process.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"

	"github.com/pressly/goose/v3"
	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"trull/internal/store"
	"trull/internal/store/sqlstore"
)

// Store is a store.Store on an SQLite file.
type Store struct {
	sqlstore.DB
	file *os.File // the held "<path>.lock"

	mu     sync.Mutex
	locks  map[string]*lock
	closed bool
}

var _ store.Store = (*Store)(nil)

// Open opens (creating it and its directory when missing) the database at
// path and migrates its schema.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("sqlite: creating the database directory: %w", err)
	}
	lf, err := lockFile(path + ".lock")
	if err != nil {
		return nil, err
	}
	s := &Store{file: lf, locks: map[string]*lock{}}
	s.IsConflict = isConflict
	ok := false
	defer func() {
		if !ok {
			s.closeDBs()
		}
	}()
	pragmas := "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	u := "file:" + (&url.URL{Path: path}).EscapedPath()
	s.W, err = sql.Open("sqlite", u+"?"+pragmas+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s.W.SetMaxOpenConns(1)
	s.W.SetMaxIdleConns(1)
	s.W.SetConnMaxLifetime(0)
	if err := s.W.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("sqlite: opening %s: %w", path, err)
	}
	if err := sqlstore.Migrate(ctx, s.W, goose.DialectSQLite3); err != nil {
		return nil, err
	}
	s.R, err = sql.Open("sqlite", u+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s.R.SetMaxOpenConns(4)
	s.R.SetMaxIdleConns(4)
	s.Start()
	ok = true
	return s, nil
}

func isConflict(err error) bool {
	var e *msqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// lock is a table lock held inside this process.
type lock struct {
	s    *Store
	id   string
	lost chan struct{}
	once sync.Once
}

// Lock implements store.Store: the first caller in this process owns the
// table until it releases it.
func (s *Store) Lock(ctx context.Context, tableID string) (store.Lock, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	if _, held := s.locks[tableID]; held {
		return nil, fmt.Errorf("sqlite: table %s: %w", tableID, store.ErrLocked)
	}
	l := &lock{s: s, id: tableID, lost: make(chan struct{})}
	s.locks[tableID] = l
	return l, nil
}

// Release implements store.Lock.
func (l *lock) Release() error {
	l.once.Do(func() {
		l.s.mu.Lock()
		if l.s.locks[l.id] == l {
			delete(l.s.locks, l.id)
		}
		l.s.mu.Unlock()
	})
	return nil
}

// Lost implements store.Lock; an in-process lock is never lost.
func (l *lock) Lost() <-chan struct{} { return l.lost }

// Close implements store.Store: it waits for queued appends, closes the
// database and gives up the file lock.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.locks = map[string]*lock{}
	s.mu.Unlock()
	s.Stop()
	return s.closeDBs()
}

func (s *Store) closeDBs() error {
	var errs []error
	if s.R != nil {
		errs = append(errs, s.R.Close())
	}
	if s.W != nil {
		errs = append(errs, s.W.Close())
	}
	if s.file != nil {
		errs = append(errs, unlockFile(s.file))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sqlite: close: %w", err)
	}
	return nil
}

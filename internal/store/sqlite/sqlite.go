// Package sqlite is the embedded store of `trull serve`: one SQLite file
// (modernc.org/sqlite, pure Go) in WAL mode with synchronous=FULL, so an
// acknowledged event survives a crash of the process or of the machine.
// Appends from all tables are batched into group commits by one writer
// connection; reads use a pool of their own. The write-ahead log is copied
// into the database file by a connection of its own in the background
// (checkpointer), never by a commit: SQLite's automatic checkpoint would
// make the commit that crosses its threshold, and every table waiting on
// that group commit, wait for the copy and its fsync.
//
// One server owns an SQLite file: Open takes an exclusive lock on
// "<file>.lock" beside it and, on Linux, on the database file itself, so a
// removed lock file lets no second server in; the table locks are kept in
// the process. A Store notices when its database file is deleted or
// replaced under it and from then on refuses every call with
// store.ErrUnhealthy, acknowledging nothing it could not keep.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"trull/internal/store"
	"trull/internal/store/sqlstore"
)

// DefaultMinFree is the free space on the database's file system below
// which Ping reports that the store cannot write: a write is refused by a
// full disk only once SQLite needs a page it cannot get, so the health
// check says so while there is still room to finish what runs.
const DefaultMinFree = 32 << 20

// Store is a store.Store on an SQLite file.
type Store struct {
	sqlstore.DB
	// MinFree is the free space Ping asks for (DefaultMinFree after Open;
	// 0 turns the check off). Set it before the store is shared.
	MinFree uint64
	file    *os.File    // the held "<path>.lock"
	db      *os.File    // the database file, held open (and on Linux locked)
	path    string      // of the database file
	ident   os.FileInfo // of db: which file the path must still name
	lost    atomic.Pointer[error]

	mu     sync.Mutex
	locks  map[string]*lock
	closed bool

	ckpt     *sql.DB       // the checkpointer's connection
	ckptStop chan struct{} // closed by Close
	ckptDone chan struct{} // closed when the checkpointer has stopped
	ckpts    atomic.Int64  // the checkpointer's checkpoints that succeeded
}

// The background checkpoints (checkpointer): a passive checkpoint every
// checkpointEvery, which copies what it can without holding up the writer.
// A passive checkpoint under a steady stream of commits never finishes the
// log (new frames arrive while it copies), and SQLite starts the log from
// its beginning only after one that did: so once the log holds
// walRestartPages pages or more, the checkpointer catches up with passive
// checkpoints while the remainder shrinks, down to catchUpPages, and copies
// the last frames on the writer's own connection, between two group
// commits, which makes it complete; the next commit starts the log again.
// (A RESTART checkpoint would do the same by holding off every commit for
// the whole copy and its fsync: up to a second under load.) Variables for
// the tests.
var (
	checkpointEvery = time.Second
	walRestartPages = 8192 // 32 MiB of 4 KiB pages
	catchUpPages    = 256
	catchUpTries    = 8
)

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
	s := &Store{file: lf, path: path, locks: map[string]*lock{}, MinFree: DefaultMinFree}
	s.IsConflict = isConflict
	s.IsFull = isFull
	s.Check = s.checkFile
	ok := false
	defer func() {
		if !ok {
			s.closeDBs()
		}
	}()
	if s.db, err = lockDB(path); err != nil {
		return nil, err
	}
	if s.ident, err = s.db.Stat(); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	pragmas := "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	u := "file:" + (&url.URL{Path: path}).EscapedPath()
	s.W, err = sql.Open("sqlite", u+"?"+pragmas+"&_pragma=wal_autocheckpoint(0)&_txlock=immediate")
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
	s.ckpt, err = sql.Open("sqlite", u+"?"+pragmas+"&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s.ckpt.SetMaxOpenConns(1)
	s.ckpt.SetMaxIdleConns(1)
	s.ckpt.SetConnMaxLifetime(0)
	if err := s.checkFile(); err != nil {
		return nil, err
	}
	s.Start()
	s.ckptStop, s.ckptDone = make(chan struct{}), make(chan struct{})
	go s.checkpointer()
	ok = true
	return s, nil
}

// checkpointer copies the write-ahead log into the database until Close:
// a passive checkpoint every checkpointEvery, and the catch-up that lets
// the log start again once it has grown to walRestartPages (see there). A
// failed checkpoint is tried again at the next tick; the log keeps every
// commit meanwhile.
func (s *Store) checkpointer() {
	defer close(s.ckptDone)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ckptStop:
			return
		case <-tick.C:
		}
		pages, copied, err := s.checkpoint(s.ckpt)
		for i := 0; err == nil && pages >= walRestartPages && pages-copied > catchUpPages && i < catchUpTries; i++ {
			pages, copied, err = s.checkpoint(s.ckpt)
		}
		if err == nil && pages >= walRestartPages {
			// The writer's connection: no commit can add frames meanwhile.
			_, _, err = s.checkpoint(s.W)
		}
		if err == nil {
			s.ckpts.Add(1)
		}
	}
}

// checkpoint runs one passive checkpoint on db's connection and returns
// the pages the log held and how many of them are in the database now.
func (s *Store) checkpoint(db *sql.DB) (pages, copied int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var busy int
	err = db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &pages, &copied)
	return pages, copied, err
}

// checkFile reports store.ErrUnhealthy once the path no longer names the
// database file that was opened: deleted, or replaced by another file
// (restored from a backup, say). The server's handles still reach the old
// file, so what it wrote there from then on would be lost at the next
// start; it refuses everything instead. One stat, cheap beside an fsync.
func (s *Store) checkFile() error {
	if lost := s.lost.Load(); lost != nil {
		return *lost
	}
	fi, err := os.Stat(s.path)
	var what string
	switch {
	case err == nil && os.SameFile(fi, s.ident):
		return nil
	case err == nil:
		what = "was replaced by another file"
	case errors.Is(err, fs.ErrNotExist):
		what = "was deleted"
	default:
		return fmt.Errorf("sqlite: checking the database file: %w", err)
	}
	lost := fmt.Errorf("sqlite: the database file %s while this server had it open; nothing is read or written any more, restart the server: %w", what, store.ErrUnhealthy)
	s.lost.CompareAndSwap(nil, &lost)
	return *s.lost.Load()
}

// Ping implements store.Store: the free space on the database's file
// system, then the shared check with its test write.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.checkFile(); err != nil {
		return err
	}
	if s.MinFree > 0 {
		free, known, err := freeSpace(filepath.Dir(s.path))
		if err != nil {
			return fmt.Errorf("sqlite: the free space of the database's file system: %w", err)
		}
		if known && free < s.MinFree {
			return fmt.Errorf("%w: the disk holding the database has %d KiB free, less than the %d KiB it needs", store.ErrCannotWrite, free>>10, s.MinFree>>10)
		}
	}
	return s.DB.Ping(ctx)
}

// isFull reports whether err is SQLite's "database or disk is full".
func isFull(err error) bool {
	var e *msqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_FULL
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
	if err := s.checkFile(); err != nil {
		return nil, err
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
	if s.ckptStop != nil {
		close(s.ckptStop)
		<-s.ckptDone
	}
	return s.closeDBs()
}

func (s *Store) closeDBs() error {
	var errs []error
	if s.ckpt != nil {
		errs = append(errs, s.ckpt.Close())
	}
	if s.R != nil {
		errs = append(errs, s.R.Close())
	}
	if s.W != nil {
		errs = append(errs, s.W.Close())
	}
	// After SQLite's own handles: closing a file drops the process's
	// fcntl locks on it.
	if s.db != nil {
		errs = append(errs, unlockFile(s.db))
	}
	if s.file != nil {
		errs = append(errs, unlockFile(s.file))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sqlite: close: %w", err)
	}
	return nil
}

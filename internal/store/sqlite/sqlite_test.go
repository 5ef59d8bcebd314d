package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"trull/internal/gametest"
	"trull/internal/store"
	"trull/internal/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "trull.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestOneServerPerFile: a second Open of a file in use fails with a clear
// message; after Close the file opens again with its data.
func TestOneServerPerFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "trull.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	createX(t, s, now)
	if _, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("second Open: %v, want an in-use error", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if evs, err := s2.Events(ctx, "x", 0); err != nil || len(evs) != 1 {
		t.Fatalf("after reopening: %v, %v", evs, err)
	}
}

// BenchmarkAppend measures one durable append (WAL, synchronous=FULL); run
// with -cpu to see group commit share the fsync among goroutines.
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "trull.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	createX(b, s, now)
	b.ResetTimer()
	for i := range b.N {
		if err := s.Append(ctx, "x", store.Event{Seq: int64(i + 2), Kind: "act", Data: []byte(`{"seat":0,"act":"play","card":"T21"}`), At: now}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLockFileRemoved: a second server cannot open a database in use even
// when the lock file beside it was removed or replaced (Linux, where the
// database file itself is locked too).
func TestLockFileRemoved(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the database file itself is locked on Linux only")
	}
	ctx := context.Background()
	cases := []struct {
		name  string
		spoil func(lock string) error
	}{
		{"removed", os.Remove},
		{"replaced", func(lock string) error {
			if err := os.WriteFile(lock+".new", nil, 0o644); err != nil {
				return err
			}
			return os.Rename(lock+".new", lock)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "trull.db")
			s, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := c.spoil(path + ".lock"); err != nil {
				t.Fatal(err)
			}
			if s2, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "in use") {
				if s2 != nil {
					s2.Close()
				}
				t.Fatalf("second Open after the lock file was %s: %v, want an in-use error", c.name, err)
			}
			if err := s.Ping(ctx); err != nil {
				t.Fatalf("the first server after a second one was refused: %v", err)
			}
		})
	}
}

// TestDatabaseLost: once its file is deleted or replaced, a store refuses
// every call with store.ErrUnhealthy, and Ping says so; it does not
// recover when a file appears at the path again.
func TestDatabaseLost(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	row := func(id string) store.Table {
		return store.Table{ID: id, Game: "droggn", Variant: "droggn()", Status: store.StatusOpen, Info: []byte(`{}`), Created: now, Updated: now}
	}
	cases := []struct {
		name string
		lose func(path string) error
	}{
		{"deleted", os.Remove},
		{"replaced by a copy", func(path string) error {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.WriteFile(path+".copy", b, 0o644); err != nil {
				return err
			}
			return os.Rename(path+".copy", path)
		}},
		{"directory moved away", func(path string) error {
			return os.Rename(filepath.Dir(path), filepath.Dir(path)+".old")
		}},
		{"deleted and created again", func(path string) error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return os.WriteFile(path, nil, 0o644)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "data", "trull.db")
			s, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.CreateTable(ctx, row("x"), store.Event{Seq: 1, Kind: "create", Data: []byte(`{}`), At: now}); err != nil {
				t.Fatal(err)
			}
			if err := s.Ping(ctx); err != nil {
				t.Fatalf("Ping of a healthy store: %v", err)
			}
			if err := c.lose(path); err != nil {
				t.Fatal(err)
			}
			calls := []struct {
				name string
				call func() error
			}{
				{"Append", func() error {
					return s.Append(ctx, "x", store.Event{Seq: 2, Kind: "act", Data: []byte(`{}`), At: now})
				}},
				{"CreateTable", func() error {
					return s.CreateTable(ctx, row("y"), store.Event{Seq: 1, Kind: "create", Data: []byte(`{}`), At: now})
				}},
				{"UpdateTable", func() error { return s.UpdateTable(ctx, row("x")) }},
				{"PutHand", func() error { return s.PutHand(ctx, store.Hand{TableID: "x", N: 0, Record: []byte(`{}`)}) }},
				{"Events", func() error { _, err := s.Events(ctx, "x", 0); return err }},
				{"Table", func() error { _, err := s.Table(ctx, "x"); return err }},
				{"Tables", func() error { _, err := s.Tables(ctx, store.Filter{}); return err }},
				{"CountTables", func() error { _, err := s.CountTables(ctx, store.Filter{}); return err }},
				{"Hand", func() error { _, err := s.Hand(ctx, "x", 0); return err }},
				{"Lock", func() error { _, err := s.Lock(ctx, "x"); return err }},
				{"Ping", func() error { return s.Ping(ctx) }},
			}
			for _, call := range calls {
				if err := call.call(); !errors.Is(err, store.ErrUnhealthy) || !strings.Contains(err.Error(), "restart") {
					t.Errorf("%s after the file was %s: %v, want store.ErrUnhealthy", call.name, c.name, err)
				}
			}
		})
	}
}

// TestLostDuringCommit: a write whose file is lost while it commits is
// not acknowledged, although the old file took it.
func TestLostDuringCommit(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "trull.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	createX(t, s, now)
	// The check before the commit passes; the one after it finds the
	// file gone.
	checks := 0
	s.Check = func() error {
		if checks++; checks > 1 {
			return store.ErrUnhealthy
		}
		return nil
	}
	if err := s.Append(ctx, "x", store.Event{Seq: 2, Kind: "act", Data: []byte(`{}`), At: now}); !errors.Is(err, store.ErrUnhealthy) {
		t.Fatalf("Append: %v, want store.ErrUnhealthy", err)
	}
	s.Check = nil
	if evs, err := s.Events(ctx, "x", 1); err != nil || len(evs) != 1 {
		t.Fatalf("the old file holds %d events after 1, %v; want the committed one", len(evs), err)
	}
}

// TestPingFreeSpace: Ping reports that the store cannot write when the
// database's file system has less free space than MinFree, says how much
// there is, and passes again when the check asks for less; the test write
// lands in trull_health.
func TestPingFreeSpace(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "trull.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.MinFree != DefaultMinFree {
		t.Fatalf("MinFree %d after Open, want %d", s.MinFree, DefaultMinFree)
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	var at int64
	if err := s.R.QueryRowContext(ctx, `SELECT at_ms FROM trull_health WHERE id = 'ping'`).Scan(&at); err != nil || at == 0 {
		t.Fatalf("the test write: %d %v", at, err)
	}
	s.MinFree = 1 << 62
	err = s.Ping(ctx)
	if runtime.GOOS == "linux" && (!errors.Is(err, store.ErrCannotWrite) || !strings.Contains(err.Error(), "KiB free")) {
		t.Fatalf("Ping asking for more space than there is: %v, want ErrCannotWrite naming the free space", err)
	}
	s.MinFree = 0
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping without the space check: %v", err)
	}
}

// TestBackgroundCheckpoint: commits never copy the write-ahead log into
// the database (the writer's automatic checkpoint is off); the
// checkpointer does, so that the log stays near its restart size however
// much is written, and every event is there after a reopen.
func TestBackgroundCheckpoint(t *testing.T) {
	ctx := context.Background()
	s, path := openBusyStore(t)
	var auto int
	if err := s.W.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer's automatic checkpoint: %d (%v), want 0 (off)", auto, err)
	}
	now := time.Now()
	createX(t, s, now)
	// About 8 MiB of events: 2,000 pages and more of log without a
	// checkpoint, thirty times the restart size.
	data := []byte(`{"seat":0,"act":"play","card":"T21","pad":"` + strings.Repeat("x", 4000) + `"}`)
	const n = 2000
	maxWAL := int64(0)
	for i := range n {
		if err := s.Append(ctx, "x", store.Event{Seq: int64(i + 2), Kind: "act", Data: data, At: now}); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(path + "-wal"); err == nil {
			maxWAL = max(maxWAL, fi.Size())
		}
		if i%100 == 99 {
			// Every hundred appends, until the checkpointer has run.
			done := s.ckpts.Load()
			gametest.Eventually(t, time.Minute, "a background checkpoint", func() bool { return s.ckpts.Load() > done+1 })
		}
	}
	// A hundred appends between checkpoints write about 1.6 MiB of log;
	// without the checkpointer it would hold all 8 MiB.
	if limit := int64(n*len(data)) / 3; maxWAL > limit {
		t.Errorf("the log grew to %d bytes, want at most %d (what a few hundred appends write)", maxWAL, limit)
	}
	t.Logf("%d events of %d bytes: the log's largest size %d bytes", n, len(data), maxWAL)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if evs, err := s2.Events(ctx, "x", 0); err != nil || len(evs) != n+1 {
		t.Fatalf("after reopening: %d events, %v; want %d", len(evs), err, n+1)
	}
}

// TestCheckpointUnderSteadyWrites: while appends never pause, a passive
// checkpoint never finishes the log, and SQLite would let it grow without
// end; the checkpointer's catch-up on the writer's connection finishes it
// between two group commits, so the log starts again and stays small.
func TestCheckpointUnderSteadyWrites(t *testing.T) {
	ctx := context.Background()
	s, path := openBusyStore(t)
	defer s.Close()
	now := time.Now()
	createX(t, s, now)
	// Four writers without a pause, about 16 MiB of events in all.
	data := []byte(`{"pad":"` + strings.Repeat("x", 4000) + `"}`)
	const writers, each = 4, 1000
	var seq atomic.Int64
	seq.Store(1)
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				if err := s.Append(ctx, "x", store.Event{Seq: seq.Add(1), Kind: "act", Data: data, At: now}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	maxWAL := int64(0)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-time.After(time.Millisecond):
		}
		if fi, err := os.Stat(path + "-wal"); err == nil {
			maxWAL = max(maxWAL, fi.Size())
		}
	}
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if limit := int64(writers*each*len(data)) / 4; maxWAL > limit {
		t.Errorf("the log grew to %d bytes under steady writes, want at most %d", maxWAL, limit)
	}
	t.Logf("%d events of %d bytes: the log's largest size %d bytes after %d checkpoints", writers*each, len(data), maxWAL, s.ckpts.Load())
	if evs, err := s.Events(ctx, "x", 0); err != nil || len(evs) != writers*each+1 {
		t.Fatalf("%d events, %v; want %d", len(evs), err, writers*each+1)
	}
}

// openBusyStore opens a store in a new directory whose checkpointer runs
// every 10 ms and restarts the log from 64 pages, and returns it with its
// path.
func openBusyStore(t *testing.T) (*Store, string) {
	t.Helper()
	every, restart := checkpointEvery, walRestartPages
	checkpointEvery, walRestartPages = 10*time.Millisecond, 64
	t.Cleanup(func() { checkpointEvery, walRestartPages = every, restart })
	path := filepath.Join(t.TempDir(), "trull.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return s, path
}

// createX creates the table "x" with its first event at now.
func createX(t testing.TB, s *Store, now time.Time) {
	t.Helper()
	tb := store.Table{ID: "x", Game: "droggn", Variant: "droggn()", Status: store.StatusOpen, Info: []byte(`{}`), Created: now, Updated: now}
	if err := s.CreateTable(context.Background(), tb, store.Event{Seq: 1, Kind: "create", Data: []byte(`{}`), At: now}); err != nil {
		t.Fatal(err)
	}
}

// TestBackup: a backup taken while the server holds the database open and
// its last events are still only in the write-ahead log holds every
// event, opens as a database of its own, and is not written over an
// existing file; a file that is not trull's is refused.
func TestBackup(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "trull.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	createX(t, s, now)
	for i := range 50 {
		if err := s.Append(ctx, "x", store.Event{Seq: int64(i + 2), Kind: "act", Data: []byte(`{}`), At: now}); err != nil {
			t.Fatal(err)
		}
	}
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("the write-ahead log is empty (%v): the test would not show that it is read", err)
	}
	dst := filepath.Join(t.TempDir(), "backup.db")
	if err := Backup(ctx, path, dst); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, path, dst); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a second backup over the first: %v", err)
	}
	if _, err := os.Stat(dst + "-wal"); err == nil {
		t.Errorf("the backup has a write-ahead log beside it")
	}
	b, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if evs, err := b.Events(ctx, "x", 0); err != nil || len(evs) != 51 {
		t.Errorf("the backup holds %d events (%v), want 51", len(evs), err)
	}
	other := filepath.Join(t.TempDir(), "other.db")
	if err := os.WriteFile(other, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, other, filepath.Join(t.TempDir(), "o.db")); err == nil || !strings.Contains(err.Error(), "not a trull database") {
		t.Errorf("backing up a file that is not trull's: %v", err)
	}
}

// Package postgres is the PostgreSQL store of `trull serve` (pgx through
// database/sql, the same SQL and migrations as store/sqlite).
//
// Several servers may share one database. Each table has one owner: the
// server holding a session-level advisory lock keyed by the table id. All
// of a server's table locks live on one dedicated connection; if that
// connection dies, PostgreSQL drops its locks, every Lock reports Lost, and
// the tables must stop (another server may already own them). The event
// log's primary key (table, seq) refuses a second writer in any case.
//
// The lock session records the address its server advertises in
// trull_servers, keyed by the session's backend pid, so Owner finds the
// address of a table's owner in pg_locks joined with that table: exactly
// the live holder, never a stale entry. The session asks PostgreSQL for TCP
// keepalives of a few seconds, so that the locks of a server whose machine
// vanished are freed soon, not after the system's two hours.
package postgres

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"trull/internal/store"
	"trull/internal/store/sqlstore"
)

// Store is a store.Store on PostgreSQL.
type Store struct {
	sqlstore.DB

	mu     sync.Mutex
	conn   *sql.Conn // holds every advisory lock of this server
	addr   string    // advertised with the locks (Advertise)
	locks  map[string]*tableLock
	closed bool
	stop   chan struct{}
	wg     sync.WaitGroup
}

var (
	_ store.Store  = (*Store)(nil)
	_ store.Owners = (*Store)(nil)
)

// PingEvery is how often the lock connection is checked.
const PingEvery = 2 * time.Second

// Open connects to the database named by a postgres:// URL (or key=value
// DSN) and migrates its schema.
func Open(ctx context.Context, dsn string) (*Store, error) {
	db, err := sql.Open("pgx", withAppName(dsn))
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: connecting: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: migration lock: %w", err)
	}
	if err := sqlstore.Migrate(ctx, db, goose.DialectPostgres, goose.WithSessionLocker(locker)); err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{locks: map[string]*tableLock{}, stop: make(chan struct{})}
	s.W, s.R = db, db
	s.IsConflict = isConflict
	s.Start()
	s.wg.Add(1)
	go s.watch()
	return s, nil
}

func isConflict(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// lockKey maps a table id to an advisory lock key.
func lockKey(id string) int64 {
	h := sha256.Sum256([]byte("trull-table/" + id))
	return int64(binary.BigEndian.Uint64(h[:8]))
}

type tableLock struct {
	s    *Store
	id   string
	key  int64
	lost chan struct{}
	once sync.Once
}

// Lock implements store.Store with pg_try_advisory_lock.
func (s *Store) Lock(ctx context.Context, tableID string) (store.Lock, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	if _, held := s.locks[tableID]; held {
		return nil, fmt.Errorf("postgres: table %s: %w", tableID, store.ErrLocked)
	}
	if err := s.connectLocked(ctx); err != nil {
		return nil, err
	}
	key := lockKey(tableID)
	var got bool
	if err := s.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		s.dropConnLocked()
		return nil, fmt.Errorf("postgres: lock table %s: %w", tableID, err)
	}
	if !got {
		return nil, fmt.Errorf("postgres: table %s: %w", tableID, store.ErrLocked)
	}
	l := &tableLock{s: s, id: tableID, key: key, lost: make(chan struct{})}
	s.locks[tableID] = l
	return l, nil
}

// connectLocked opens the lock session when there is none: keepalives,
// and the advertised address recorded under its pid. s.mu is held.
func (s *Store) connectLocked(ctx context.Context) error {
	if s.conn != nil {
		return nil
	}
	c, err := s.W.Conn(ctx)
	if err != nil {
		return fmt.Errorf("postgres: lock connection: %w", err)
	}
	// Idle 5 s, then a probe every 2 s; three lost probes end the session
	// (ignored on a Unix socket).
	if _, err := c.ExecContext(ctx, `SELECT set_config('tcp_keepalives_idle', '5', false),
		set_config('tcp_keepalives_interval', '2', false), set_config('tcp_keepalives_count', '3', false)`); err != nil {
		discard(c)
		return fmt.Errorf("postgres: lock connection keepalives: %w", err)
	}
	s.conn = c
	if s.addr != "" {
		if err := s.recordLocked(ctx); err != nil {
			s.dropConnLocked()
			return err
		}
	}
	return nil
}

// recordLocked writes the lock session's row of trull_servers and drops
// the rows of sessions that ended. s.mu is held and s.conn is open.
func (s *Store) recordLocked(ctx context.Context) error {
	if _, err := s.conn.ExecContext(ctx, `DELETE FROM trull_servers
		WHERE pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`); err != nil {
		return fmt.Errorf("postgres: advertise: %w", err)
	}
	if _, err := s.conn.ExecContext(ctx, `INSERT INTO trull_servers (pid, addr, started_ms)
		VALUES (pg_backend_pid(), $1, $2)
		ON CONFLICT (pid) DO UPDATE SET addr = excluded.addr, started_ms = excluded.started_ms`,
		s.addr, store.Millis(time.Now())); err != nil {
		return fmt.Errorf("postgres: advertise: %w", err)
	}
	return nil
}

// Advertise implements store.Owners: the address is recorded with the
// lock session, opened now if there is none.
func (s *Store) Advertise(ctx context.Context, addr string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return store.ErrClosed
	}
	// Requests for the tables of either of two servers at one address
	// would go to whichever answers there: refused before it happens.
	var own sql.NullInt64 // this store's lock session, if it has one
	if s.conn != nil {
		if err := s.conn.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&own); err != nil {
			return fmt.Errorf("postgres: advertise: %w", err)
		}
	}
	var n int
	if err := s.R.QueryRowContext(ctx, `SELECT count(*) FROM trull_servers
		WHERE addr = $1 AND pid IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
		AND pid <> COALESCE($2, -1)`, addr, own).Scan(&n); err != nil {
		return fmt.Errorf("postgres: advertise: %w", err)
	}
	if n > 0 {
		return fmt.Errorf("postgres: another running server advertises %s: two servers need addresses of their own (--advertise-addr); a server that has just stopped or died frees its address within about 15 seconds", addr)
	}
	s.addr = addr
	if s.conn == nil {
		return s.connectLocked(ctx)
	}
	if err := s.recordLocked(ctx); err != nil {
		s.dropConnLocked()
		return err
	}
	return nil
}

// Owner implements store.Owners: the holder of the table's advisory lock
// in pg_locks (a bigint key shows as classid, the high 32 bits, and
// objid, the low ones), with the address its session recorded.
func (s *Store) Owner(ctx context.Context, tableID string) (string, error) {
	k := uint64(lockKey(tableID))
	var addr sql.NullString
	err := s.R.QueryRowContext(ctx, `SELECT srv.addr FROM pg_locks l
		LEFT JOIN trull_servers srv ON srv.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
		AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
		AND l.classid::bigint = $1 AND l.objid::bigint = $2`, int64(k>>32), int64(k&0xffffffff)).Scan(&addr)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("postgres: owner of table %s: %w", tableID, store.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("postgres: owner of table %s: %w", tableID, err)
	}
	return addr.String, nil
}

// Release implements store.Lock.
func (l *tableLock) Release() error {
	var err error
	l.once.Do(func() {
		s := l.s
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.locks[l.id] != l {
			return // lost with the connection
		}
		delete(s.locks, l.id)
		if s.conn == nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, e := s.conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, l.key); e != nil {
			err = fmt.Errorf("postgres: unlock table %s: %w", l.id, e)
			s.dropConnLocked()
		}
	})
	return err
}

// Lost implements store.Lock.
func (l *tableLock) Lost() <-chan struct{} { return l.lost }

// dropConnLocked closes the lock connection: PostgreSQL releases its locks,
// so every holder is told. s.mu is held.
func (s *Store) dropConnLocked() {
	if s.conn == nil {
		return
	}
	discard(s.conn)
	s.conn = nil
	for id, l := range s.locks {
		close(l.lost)
		delete(s.locks, id)
	}
}

// discard closes c's session instead of returning it to the pool, where
// it would keep its advisory locks.
func discard(c *sql.Conn) {
	c.Raw(func(any) error { return driver.ErrBadConn })
	c.Close()
}

// watch pings the lock connection; a failed ping means the locks are gone.
func (s *Store) watch() {
	defer s.wg.Done()
	t := time.NewTicker(PingEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		s.mu.Lock()
		if s.conn != nil {
			ctx, cancel := context.WithTimeout(context.Background(), PingEvery)
			if err := s.conn.PingContext(ctx); err != nil {
				s.dropConnLocked()
			}
			cancel()
		}
		s.mu.Unlock()
	}
}

// Close implements store.Store.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.stop)
	if s.conn != nil {
		// Let go at once; ending the session would too, a moment later.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		s.conn.ExecContext(ctx, `SELECT pg_advisory_unlock_all()`)
		cancel()
		discard(s.conn)
		s.conn = nil
	}
	s.locks = map[string]*tableLock{}
	s.mu.Unlock()
	s.wg.Wait()
	s.Stop()
	if err := s.W.Close(); err != nil {
		return fmt.Errorf("postgres: close: %w", err)
	}
	return nil
}

// withAppName names the connections "trull" in pg_stat_activity unless a
// postgres:// URL names them itself (application_name=…).
func withAppName(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return dsn
	}
	q := u.Query()
	if q.Get("application_name") != "" {
		return dsn
	}
	q.Set("application_name", "trull")
	u.RawQuery = q.Encode()
	return u.String()
}

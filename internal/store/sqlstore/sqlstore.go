// Package sqlstore is the SQL shared by store/sqlite and store/postgres:
// the same statements with $n parameters run on both databases through
// database/sql. It migrates the schema with goose and batches appends into
// group commits, so many tables share one durable write.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"time"

	"github.com/pressly/goose/v3"

	"trull/internal/store"
)

// DB implements every store.Store method except Lock and Close over two
// database/sql pools: W for writes (one connection for SQLite) and R for
// reads.
type DB struct {
	W, R *sql.DB
	// IsConflict reports whether err is a unique-key violation.
	IsConflict func(err error) bool
	// IsFull, when set, reports whether err says the disk is full.
	IsFull func(err error) bool
	// Check, when set, is asked before every call and again after each
	// write is committed; its error fails the call, so a write made to a
	// database that was lost meanwhile is not acknowledged.
	Check func() error

	// inserts are the writer's prepared INSERTs of 1, 2, 4, … events
	// (insertRows); one that could not be prepared is nil and its text is
	// parsed anew at each use. args is the writer's buffer of their
	// arguments.
	inserts [insertSizes]*sql.Stmt
	args    []any
	reqs    chan *appendReq
	stop    chan struct{}
	done    chan struct{}
	closeMu sync.Once
}

type appendReq struct {
	ctx     context.Context
	tableID string
	evs     []store.Event
	err     chan error
}

// maxBatch caps the appends committed together.
const maxBatch = 256

// Migrate brings the schema up to date with goose over the embedded
// migrations. A locker serializes servers migrating one database at once.
func Migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, opts ...goose.ProviderOption) error {
	p, err := goose.NewProvider(dialect, db, store.Migrations(), opts...)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrating the schema: %w", err)
	}
	return nil
}

// Start starts the group-commit writer. Appends made before Start block.
func (d *DB) Start() {
	for i := range d.inserts {
		if st, err := d.W.Prepare(insertSQL(1 << i)); err == nil {
			d.inserts[i] = st
		}
	}
	d.reqs = make(chan *appendReq, 1024)
	d.stop = make(chan struct{})
	d.done = make(chan struct{})
	go d.writer()
}

// Stop ends the writer after the appends already queued; later appends
// fail with store.ErrClosed.
func (d *DB) Stop() {
	d.closeMu.Do(func() {
		close(d.stop)
		<-d.done
		for _, st := range d.inserts {
			if st != nil {
				st.Close()
			}
		}
	})
}

// writer commits queued appends in batches: one transaction (one fsync)
// for every append that arrived while the previous commit ran. When a batch
// fails, its appends are retried one by one so only the bad one fails.
func (d *DB) writer() {
	defer close(d.done)
	batch := make([]*appendReq, 0, maxBatch)
	for {
		var first *appendReq
		select {
		case first = <-d.reqs:
		case <-d.stop:
			for {
				select {
				case r := <-d.reqs:
					r.err <- store.ErrClosed
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-d.reqs:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		live := batch[:0]
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.err <- err
				continue
			}
			live = append(live, r)
		}
		if len(live) == 0 {
			continue
		}
		if err := d.commit(live); err == nil {
			for _, r := range live {
				r.err <- nil
			}
			continue
		} else if len(live) == 1 {
			live[0].err <- err
			continue
		}
		for _, r := range live {
			r.err <- d.commit([]*appendReq{r})
		}
	}
}

func (d *DB) commit(reqs []*appendReq) error {
	if err := d.check(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	// The batch's events go in with as few statements as the sizes
	// allow: one per set bit of their number, at most insertRows rows
	// each.
	args := d.args[:0]
	for _, r := range reqs {
		for _, ev := range r.evs {
			args = append(args, r.tableID, ev.Seq, ev.Kind, string(ev.Data), store.Millis(ev.At))
		}
	}
	d.args = args
	defer clear(d.args)
	for len(args) > 0 {
		i := min(bits.Len(uint(len(args)/insertArgs)), insertSizes) - 1
		n := insertArgs << i
		var err error
		if st := d.inserts[i]; st != nil {
			_, err = tx.StmtContext(ctx, st).ExecContext(ctx, args[:n]...)
		} else {
			_, err = tx.ExecContext(ctx, insertSQL(1<<i), args[:n]...)
		}
		if err != nil {
			return d.wrap("append", err)
		}
		args = args[n:]
	}
	if err := tx.Commit(); err != nil {
		return d.wrap("commit", err)
	}
	return d.check()
}

// check asks Check, when there is one.
func (d *DB) check() error {
	if d.Check == nil {
		return nil
	}
	return d.Check()
}

// Ping implements store.Store: Check, a query of the schema and one
// write, the time of this check in trull_health's one row.
func (d *DB) Ping(ctx context.Context) error {
	select {
	case <-d.stop:
		return store.ErrClosed
	default:
	}
	if err := d.check(); err != nil {
		return err
	}
	var n int
	if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM trull_tables WHERE id = ''`).Scan(&n); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	_, err := d.W.ExecContext(ctx,
		`INSERT INTO trull_health (id, at_ms) VALUES ('ping', $1) ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`,
		store.Millis(time.Now()))
	if err != nil {
		why := "a test write failed"
		if d.IsFull != nil && d.IsFull(err) {
			why = "the disk is full"
		}
		return fmt.Errorf("%w: %s (%w)", store.ErrCannotWrite, why, err)
	}
	return d.check()
}

// insertSizes is the number of prepared INSERTs: of 1, 2, 4, … up to
// insertRows events.
const (
	insertSizes = 7
	insertRows  = 1 << (insertSizes - 1)
	insertArgs  = 5 // the columns of an event
)

func insertEvent(ctx context.Context, tx *sql.Tx, tableID string, ev store.Event) error {
	_, err := tx.ExecContext(ctx, insertSQL(1), tableID, ev.Seq, ev.Kind, string(ev.Data), store.Millis(ev.At))
	return err
}

// insertSQL inserts n events.
func insertSQL(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO trull_events (table_id, seq, kind, data, at_ms) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		k := i * insertArgs
		fmt.Fprintf(&b, "($%d, $%d, $%d, $%d, $%d)", k+1, k+2, k+3, k+4, k+5)
	}
	return b.String()
}

func (d *DB) wrap(op string, err error) error {
	if d.IsConflict != nil && d.IsConflict(err) {
		return fmt.Errorf("store: %s: %w (%v)", op, store.ErrConflict, err)
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// Append implements store.Store.
func (d *DB) Append(ctx context.Context, tableID string, evs ...store.Event) error {
	if len(evs) == 0 {
		return nil
	}
	r := &appendReq{ctx: ctx, tableID: tableID, evs: evs, err: make(chan error, 1)}
	select {
	case <-d.stop:
		return store.ErrClosed
	default:
	}
	select {
	case d.reqs <- r:
	case <-d.stop:
		return store.ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// The writer always answers a queued request, even when it stops.
	return <-r.err
}

// CreateTable implements store.Store.
func (d *DB) CreateTable(ctx context.Context, t store.Table, first store.Event) error {
	if err := d.check(); err != nil {
		return err
	}
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx,
		`INSERT INTO trull_tables (id, game, variant, status, public, info, created_ms, updated_ms, creator, creator_net, empty)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		t.ID, t.Game, t.Variant, t.Status, boolInt(t.Public), string(t.Info), store.Millis(t.Created), store.Millis(t.Updated),
		t.Creator, t.CreatorNet, boolInt(t.Empty))
	if err != nil {
		return d.wrap("create table", err)
	}
	if err := insertEvent(ctx, tx, t.ID, first); err != nil {
		return d.wrap("create table", err)
	}
	if err := tx.Commit(); err != nil {
		return d.wrap("create table", err)
	}
	return d.check()
}

// Events implements store.Store.
func (d *DB) Events(ctx context.Context, tableID string, after int64) ([]store.Event, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx,
		`SELECT seq, kind, data, at_ms FROM trull_events WHERE table_id = $1 AND seq > $2 ORDER BY seq`,
		tableID, after)
	if err != nil {
		return nil, fmt.Errorf("store: events: %w", err)
	}
	defer rows.Close()
	var out []store.Event
	for rows.Next() {
		var ev store.Event
		var data string
		var at int64
		if err := rows.Scan(&ev.Seq, &ev.Kind, &data, &at); err != nil {
			return nil, fmt.Errorf("store: events: %w", err)
		}
		ev.Data = []byte(data)
		ev.At = store.FromMillis(at)
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: events: %w", err)
	}
	return out, nil
}

// Redact implements store.Store.
func (d *DB) Redact(ctx context.Context, tableID, kind string) (int, error) {
	if err := d.check(); err != nil {
		return 0, err
	}
	res, err := d.W.ExecContext(ctx,
		`UPDATE trull_events SET data = '{}' WHERE table_id = $1 AND kind = $2 AND data <> '{}'`, tableID, kind)
	if err != nil {
		return 0, fmt.Errorf("store: redact: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: redact: %w", err)
	}
	return int(n), d.check()
}

// UpdateTable implements store.Store.
func (d *DB) UpdateTable(ctx context.Context, t store.Table) error {
	if err := d.check(); err != nil {
		return err
	}
	res, err := d.W.ExecContext(ctx,
		`UPDATE trull_tables SET status = $1, public = $2, info = $3, updated_ms = $4, empty = $5,
		   creator = CASE WHEN $1 IN ('over', 'abandoned') THEN '' ELSE creator END,
		   creator_net = CASE WHEN $1 IN ('over', 'abandoned') THEN '' ELSE creator_net END
		 WHERE id = $6`,
		t.Status, boolInt(t.Public), string(t.Info), store.Millis(t.Updated), boolInt(t.Empty), t.ID)
	if err != nil {
		return fmt.Errorf("store: update table: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("store: update table %s: %w", t.ID, store.ErrNotFound)
	}
	return d.check()
}

// TouchTable implements store.Store.
func (d *DB) TouchTable(ctx context.Context, id string, at time.Time) error {
	if err := d.check(); err != nil {
		return err
	}
	_, err := d.W.ExecContext(ctx, `UPDATE trull_tables SET updated_ms = $1 WHERE id = $2 AND updated_ms < $1`, store.Millis(at), id)
	if err != nil {
		return fmt.Errorf("store: touch table: %w", err)
	}
	return d.check()
}

const tableCols = `id, game, variant, status, public, info, created_ms, updated_ms, creator, creator_net, empty`

func scanTable(sc interface{ Scan(...any) error }) (store.Table, error) {
	var t store.Table
	var public, empty int
	var info string
	var created, updated int64
	if err := sc.Scan(&t.ID, &t.Game, &t.Variant, &t.Status, &public, &info, &created, &updated, &t.Creator, &t.CreatorNet, &empty); err != nil {
		return t, err
	}
	t.Public = public != 0
	t.Empty = empty != 0
	t.Info = []byte(info)
	t.Created = store.FromMillis(created)
	t.Updated = store.FromMillis(updated)
	return t, nil
}

// Table implements store.Store.
func (d *DB) Table(ctx context.Context, id string) (store.Table, error) {
	if err := d.check(); err != nil {
		return store.Table{}, err
	}
	row := d.R.QueryRowContext(ctx, `SELECT `+tableCols+` FROM trull_tables WHERE id = $1`, id)
	t, err := scanTable(row)
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("store: table %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return t, fmt.Errorf("store: table %s: %w", id, err)
	}
	return t, nil
}

// filter returns the WHERE clause (empty, or starting with a space) and
// its arguments that select the rows of f.
func filter(f store.Filter) (string, []any) {
	var where []string
	var args []any
	if len(f.Statuses) > 0 {
		ph := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			args = append(args, s)
			ph[i] = fmt.Sprintf("$%d", len(args))
		}
		where = append(where, "status IN ("+strings.Join(ph, ", ")+")")
	}
	if f.PublicOnly {
		where = append(where, "public <> 0")
	}
	if f.Creator != "" {
		args = append(args, f.Creator)
		where = append(where, fmt.Sprintf("creator = $%d", len(args)))
	}
	if f.CreatorNet != "" {
		args = append(args, f.CreatorNet)
		where = append(where, fmt.Sprintf("creator_net = $%d", len(args)))
	}
	if f.Empty {
		where = append(where, "empty <> 0")
	}
	if !f.UpdatedBefore.IsZero() {
		args = append(args, store.Millis(f.UpdatedBefore))
		where = append(where, fmt.Sprintf("updated_ms < $%d", len(args)))
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// CountTables implements store.Store.
func (d *DB) CountTables(ctx context.Context, f store.Filter) (int, error) {
	if err := d.check(); err != nil {
		return 0, err
	}
	where, args := filter(f)
	var n int
	if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM trull_tables`+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count tables: %w", err)
	}
	return n, nil
}

// Tables implements store.Store.
func (d *DB) Tables(ctx context.Context, f store.Filter) ([]store.Table, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	where, args := filter(f)
	q := `SELECT ` + tableCols + ` FROM trull_tables` + where
	q += " ORDER BY created_ms DESC, id"
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", f.Limit)
	}
	rows, err := d.R.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	defer rows.Close()
	var out []store.Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("store: tables: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	return out, nil
}

// PutHand implements store.Store.
func (d *DB) PutHand(ctx context.Context, h store.Hand) error {
	if err := d.check(); err != nil {
		return err
	}
	_, err := d.W.ExecContext(ctx,
		`INSERT INTO trull_hands (table_id, n, record) VALUES ($1, $2, $3)
		 ON CONFLICT (table_id, n) DO UPDATE SET record = excluded.record`,
		h.TableID, h.N, string(h.Record))
	if err != nil {
		return fmt.Errorf("store: put hand: %w", err)
	}
	return d.check()
}

// Hand implements store.Store.
func (d *DB) Hand(ctx context.Context, tableID string, n int) (store.Hand, error) {
	h := store.Hand{TableID: tableID, N: n}
	if err := d.check(); err != nil {
		return h, err
	}
	var rec string
	err := d.R.QueryRowContext(ctx, `SELECT record FROM trull_hands WHERE table_id = $1 AND n = $2`, tableID, n).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("store: hand %d of table %s: %w", n, tableID, store.ErrNotFound)
	}
	if err != nil {
		return h, fmt.Errorf("store: hand: %w", err)
	}
	h.Record = []byte(rec)
	return h, nil
}

// Hands implements store.Store.
func (d *DB) Hands(ctx context.Context, tableID string) ([]store.Hand, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx, `SELECT n, record FROM trull_hands WHERE table_id = $1 ORDER BY n`, tableID)
	if err != nil {
		return nil, fmt.Errorf("store: hands: %w", err)
	}
	defer rows.Close()
	var out []store.Hand
	for rows.Next() {
		h := store.Hand{TableID: tableID}
		var rec string
		if err := rows.Scan(&h.N, &rec); err != nil {
			return nil, fmt.Errorf("store: hands: %w", err)
		}
		h.Record = []byte(rec)
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: hands: %w", err)
	}
	return out, nil
}

// PutAnalysis implements store.Store.
func (d *DB) PutAnalysis(ctx context.Context, tableID string, n int, bot string, report []byte) error {
	if err := d.check(); err != nil {
		return err
	}
	_, err := d.W.ExecContext(ctx,
		`INSERT INTO trull_analyses (table_id, n, bot, report, created_ms) VALUES ($1, $2, $3, $4, $5)
		 ON CONFLICT (table_id, n, bot) DO NOTHING`,
		tableID, n, bot, string(report), store.Millis(time.Now()))
	if err != nil {
		return fmt.Errorf("store: put analysis: %w", err)
	}
	return d.check()
}

// Analysis implements store.Store.
func (d *DB) Analysis(ctx context.Context, tableID string, n int, bot string) ([]byte, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	var rep string
	err := d.R.QueryRowContext(ctx, `SELECT report FROM trull_analyses WHERE table_id = $1 AND n = $2 AND bot = $3`,
		tableID, n, bot).Scan(&rep)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: analysis of hand %d of table %s: %w", n, tableID, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: analysis: %w", err)
	}
	return []byte(rep), nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

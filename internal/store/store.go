// Package store is the durable memory of `trull serve`: every table and its
// append-only event log, the hand records of finished hands, and a lock that
// gives each table one owning server.
//
// The server is event-sourced. A table is created with one event that holds
// its whole configuration (game, options, seats, the secret deck seed, hashed
// tokens); every later change (a seat claimed, an action, a chat line, a bot
// taking over a seat, the next deal) is one more event. Restoring a table is
// replaying its events, so nothing but the log has to be exact. The tables
// row is a summary for the lobby and the hands rows are a cache of the
// finished hands' records; both can be rebuilt from the log.
//
// Two implementations share one schema, kept by goose migrations embedded
// in this package: store/sqlite (the embedded default, WAL) and
// store/postgres (pgx; advisory locks so several servers can share one
// database). The package storetest runs the same conformance tests on both.
package store

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"time"
)

// Errors a Store returns; implementations wrap them so errors.Is holds.
var (
	// ErrNotFound: no such table or hand.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: an event with that sequence number already exists (two
	// writers for one table), or a table with that id exists.
	ErrConflict = errors.New("store: conflict")
	// ErrLocked: another owner holds the table's lock.
	ErrLocked = errors.New("store: table is locked by another owner")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store: closed")
	// ErrUnhealthy: the database was lost under the store (an SQLite file
	// deleted or replaced while open). Every later call fails with it, so
	// nothing is acknowledged that the database would not keep.
	ErrUnhealthy = errors.New("store: the database cannot be used safely")
	// ErrCannotWrite: Ping found that the database cannot take writes now
	// (a full disk, a read-only file system, a write that failed); the
	// error says which, in words that hold no secret.
	ErrCannotWrite = errors.New("store: the database cannot write")
)

// Table statuses.
const (
	// StatusOpen: a table still has seats to be claimed.
	StatusOpen = "open"
	// StatusPlaying: every seat is taken; the sitting runs.
	StatusPlaying = "playing"
	// StatusOver: the sitting has ended; the table is read-only.
	StatusOver = "over"
	// StatusAbandoned: nobody came to the open or playing table for as
	// long as the server allows; it was closed and is read-only. Its
	// finished hands are kept.
	StatusAbandoned = "abandoned"
)

// Table is the summary row of a table, for the lobby and for finding the
// tables to restore.
type Table struct {
	ID      string
	Game    string
	Variant string
	Status  string
	// Public tables are listed in the lobby.
	Public bool
	// Info is the lobby JSON of the table (seats, names, bots), written by
	// the owning server.
	Info    []byte
	Created time.Time
	Updated time.Time
	// Creator is the address of the client that created the table and
	// CreatorNet its network (an IPv6 address's /64, an IPv4 address
	// itself), counted by the caps on tables nobody is at. Set by
	// CreateTable; UpdateTable clears both once the status is over or
	// abandoned, so an address is kept only while its table runs.
	Creator    string
	CreatorNet string
	// Empty: no person is connected to the table (its owner says so with
	// every UpdateTable).
	Empty bool
}

// Event is one entry of a table's log. Seq numbers a table's events from 1
// without gaps.
type Event struct {
	Seq  int64
	Kind string
	Data []byte
	At   time.Time
}

// Hand is the record (docs/FORMAT.md JSON) of a finished hand, numbered from 0
// in the order the hands were dealt.
type Hand struct {
	TableID string
	N       int
	Record  []byte
}

// Filter selects tables for Tables.
type Filter struct {
	// Statuses keeps tables with one of these statuses (all when empty).
	Statuses []string
	// PublicOnly keeps public tables.
	PublicOnly bool
	// UpdatedBefore, when not zero, keeps tables last updated (or
	// touched) before it.
	UpdatedBefore time.Time
	// Creator and CreatorNet, when not empty, keep the tables created by
	// that address, or from that network.
	Creator    string
	CreatorNet string
	// Empty keeps the tables nobody is at.
	Empty bool
	// Limit caps the answer (0: no limit). Newest tables come first.
	Limit int
}

// Store keeps tables, their event logs and finished hands. All methods are
// safe for concurrent use.
type Store interface {
	// CreateTable inserts the summary row and the table's first event
	// (Seq 1) atomically. ErrConflict if the id exists.
	CreateTable(ctx context.Context, t Table, first Event) error
	// Append adds events to a table's log in one transaction; they are
	// durable when it returns nil. The sequence numbers must continue the
	// log; ErrConflict if one is taken, so a second writer is detected.
	Append(ctx context.Context, tableID string, evs ...Event) error
	// Events returns the events of a table with Seq > after, in order.
	Events(ctx context.Context, tableID string, after int64) ([]Event, error)
	// Redact replaces the data of every event of kind in the table's log
	// by "{}" and returns how many it changed: what the log need not keep
	// (the chat of a finished sitting). The events keep their numbers and
	// kind, so the log still replays.
	Redact(ctx context.Context, tableID, kind string) (int, error)
	// UpdateTable changes status, public flag, Info, Updated and Empty of
	// a table row; an over or abandoned status clears its creator.
	UpdateTable(ctx context.Context, t Table) error
	// TouchTable moves a table row's Updated forward to at (never back);
	// a missing table is no error.
	TouchTable(ctx context.Context, id string, at time.Time) error
	// Table returns one table row (ErrNotFound).
	Table(ctx context.Context, id string) (Table, error)
	// Tables lists table rows, newest first.
	Tables(ctx context.Context, f Filter) ([]Table, error)
	// CountTables counts the table rows f selects (f.Limit is ignored).
	CountTables(ctx context.Context, f Filter) (int, error)
	// PutHand stores (or replaces) the record of a finished hand.
	PutHand(ctx context.Context, h Hand) error
	// Hand returns the record of finished hand n (ErrNotFound).
	Hand(ctx context.Context, tableID string, n int) (Hand, error)
	// Hands returns the records of every finished hand of a table, in
	// the order of their numbers (none: an empty list).
	Hands(ctx context.Context, tableID string) ([]Hand, error)
	// PutAnalysis stores the analysis of finished hand n by a bot (the
	// first one stored stays: an analysis is computed once).
	PutAnalysis(ctx context.Context, tableID string, n int, bot string, report []byte) error
	// Analysis returns the stored analysis of hand n by a bot
	// (ErrNotFound).
	Analysis(ctx context.Context, tableID string, n int, bot string) ([]byte, error)
	// Lock makes the caller the table's owner until the lock is released
	// or lost; ErrLocked when another owner holds it.
	Lock(ctx context.Context, tableID string) (Lock, error)
	// Ping checks that the store can read and persist now, with one small
	// write: nil, or an error saying why not (ErrUnhealthy when it never
	// will again, ErrCannotWrite when writes fail or the disk is nearly
	// full).
	Ping(ctx context.Context) error
	// Close releases every lock and closes the database.
	Close() error
}

// Lock is a table's ownership.
type Lock interface {
	// Release gives up the ownership.
	Release() error
	// Lost is closed when the ownership was lost without Release (the
	// database session that held it ended).
	Lost() <-chan struct{}
}

// Owners is implemented by a store that several servers share (store/postgres):
// each lock records the address its owner serves on, so a server that
// receives a request about a table another one owns can forward it there.
type Owners interface {
	// Advertise sets the address recorded with this store's locks, those
	// held now included: host:port where the other servers reach this one.
	Advertise(ctx context.Context, addr string) error
	// Owner returns the address the holder of the table's lock
	// advertised: "" when it holds the lock but advertised none, and
	// ErrNotFound when nobody holds the lock.
	Owner(ctx context.Context, tableID string) (string, error)
}

//go:embed migrations/*.sql
var migrations embed.FS

// Migrations returns the goose migrations shared by every implementation:
// plain SQL that SQLite and PostgreSQL both accept.
func Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic("store: embedded migrations: " + err.Error())
	}
	return sub
}

// Millis converts a time to the Unix milliseconds kept in the database.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// FromMillis converts stored Unix milliseconds back to a time.
func FromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"trull/internal/store"
)

var _ store.Daily = (*DB)(nil)

// exec runs one write and checks the database afterwards.
func (d *DB) exec(ctx context.Context, op, query string, args ...any) error {
	if err := d.check(); err != nil {
		return err
	}
	if _, err := d.W.ExecContext(ctx, query, args...); err != nil {
		return d.wrap(op, err)
	}
	return d.check()
}

// PutPlayer implements store.Daily.
func (d *DB) PutPlayer(ctx context.Context, name, secretHash string, at time.Time) error {
	return d.exec(ctx, "put player", `INSERT INTO trull_daily_players (name, secret_hash, created_ms) VALUES ($1, $2, $3)`,
		name, secretHash, store.Millis(at))
}

// PlayerSecret implements store.Daily.
func (d *DB) PlayerSecret(ctx context.Context, name string) (string, error) {
	if err := d.check(); err != nil {
		return "", err
	}
	var h string
	err := d.R.QueryRowContext(ctx, `SELECT secret_hash FROM trull_daily_players WHERE name = $1`, name).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: player %q: %w", name, store.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: player: %w", err)
	}
	return h, nil
}

// StartAttempt implements store.Daily.
func (d *DB) StartAttempt(ctx context.Context, a store.Attempt) error {
	return d.exec(ctx, "start attempt",
		`INSERT INTO trull_daily_attempts (player, challenge, day, table_id, started_ms, finished_ms) VALUES ($1, $2, $3, $4, $5, 0)`,
		a.Player, a.Challenge, a.Day, a.TableID, store.Millis(a.Started))
}

const attemptCols = `player, challenge, day, table_id, started_ms, finished_ms`

func scanAttempt(sc interface{ Scan(...any) error }) (store.Attempt, error) {
	var a store.Attempt
	var started, finished int64
	if err := sc.Scan(&a.Player, &a.Challenge, &a.Day, &a.TableID, &started, &finished); err != nil {
		return a, err
	}
	a.Started = time.UnixMilli(started).UTC()
	if finished != 0 {
		a.Finished = time.UnixMilli(finished).UTC()
	}
	return a, nil
}

// Attempt implements store.Daily.
func (d *DB) Attempt(ctx context.Context, player, challenge, day string) (store.Attempt, error) {
	if err := d.check(); err != nil {
		return store.Attempt{}, err
	}
	a, err := scanAttempt(d.R.QueryRowContext(ctx,
		`SELECT `+attemptCols+` FROM trull_daily_attempts WHERE player = $1 AND challenge = $2 AND day = $3`, player, challenge, day))
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("store: attempt of %q at %s on %s: %w", player, challenge, day, store.ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("store: attempt: %w", err)
	}
	return a, nil
}

// Attempts implements store.Daily.
func (d *DB) Attempts(ctx context.Context, challenge, day string) ([]store.Attempt, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx,
		`SELECT `+attemptCols+` FROM trull_daily_attempts WHERE challenge = $1 AND day = $2 ORDER BY started_ms, player`, challenge, day)
	if err != nil {
		return nil, fmt.Errorf("store: attempts: %w", err)
	}
	defer rows.Close()
	var out []store.Attempt
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, fmt.Errorf("store: attempts: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// FinishAttempt implements store.Daily.
func (d *DB) FinishAttempt(ctx context.Context, player, challenge, day string, at time.Time) error {
	return d.exec(ctx, "finish attempt",
		`UPDATE trull_daily_attempts SET finished_ms = $1 WHERE player = $2 AND challenge = $3 AND day = $4 AND finished_ms = 0`,
		store.Millis(at), player, challenge, day)
}

// PutDailyResult implements store.Daily.
func (d *DB) PutDailyResult(ctx context.Context, r store.DailyResult) error {
	return d.exec(ctx, "put daily result",
		`INSERT INTO trull_daily_results (player, challenge, day, deal, score, at_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		r.Player, r.Challenge, r.Day, r.Deal, r.Score, store.Millis(r.At))
}

// DailyResults implements store.Daily.
func (d *DB) DailyResults(ctx context.Context, challenge, day string) ([]store.DailyResult, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx,
		`SELECT player, deal, score, at_ms FROM trull_daily_results WHERE challenge = $1 AND day = $2 ORDER BY player, deal`, challenge, day)
	if err != nil {
		return nil, fmt.Errorf("store: daily results: %w", err)
	}
	defer rows.Close()
	var out []store.DailyResult
	for rows.Next() {
		r := store.DailyResult{Challenge: challenge, Day: day}
		var at int64
		if err := rows.Scan(&r.Player, &r.Deal, &r.Score, &at); err != nil {
			return nil, fmt.Errorf("store: daily results: %w", err)
		}
		r.At = time.UnixMilli(at).UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}

// PutReference implements store.Daily.
func (d *DB) PutReference(ctx context.Context, challenge, day string, deal, score int) error {
	return d.exec(ctx, "put reference",
		`INSERT INTO trull_daily_references (challenge, day, deal, score) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (challenge, day, deal) DO NOTHING`, challenge, day, deal, score)
}

// References implements store.Daily.
func (d *DB) References(ctx context.Context, challenge, day string) (map[int]int, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx, `SELECT deal, score FROM trull_daily_references WHERE challenge = $1 AND day = $2`, challenge, day)
	if err != nil {
		return nil, fmt.Errorf("store: references: %w", err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var n, sc int
		if err := rows.Scan(&n, &sc); err != nil {
			return nil, fmt.Errorf("store: references: %w", err)
		}
		out[n] = sc
	}
	return out, rows.Err()
}

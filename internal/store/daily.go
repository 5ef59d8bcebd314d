package store

import (
	"context"
	"time"
)

// Attempt is one player's attempt at one day's challenge.
type Attempt struct {
	Player    string
	Challenge string // the set-up id, such as "droggn-3"
	Day       string // YYYY-MM-DD
	TableID   string
	Started   time.Time
	Finished  time.Time // zero while the attempt runs
}

// DailyResult is the person's score on one deal of an attempt.
type DailyResult struct {
	Player    string
	Challenge string
	Day       string
	Deal      int
	Score     int
	At        time.Time
}

// Daily keeps the daily challenges' players, attempts, results and
// reference scores (docs/DAILY.md). Both implementations provide it.
type Daily interface {
	// PutPlayer inserts a player's name and the hash of their secret;
	// ErrConflict if the name is taken.
	PutPlayer(ctx context.Context, name, secretHash string, at time.Time) error
	// PlayerSecret returns the stored hash of a player's secret
	// (ErrNotFound).
	PlayerSecret(ctx context.Context, name string) (string, error)
	// StartAttempt inserts an attempt; ErrConflict when the player already
	// has one for that day and challenge, so that no two servers count one
	// twice.
	StartAttempt(ctx context.Context, a Attempt) error
	// Attempt returns a player's attempt at a day's challenge (ErrNotFound).
	Attempt(ctx context.Context, player, challenge, day string) (Attempt, error)
	// FinishAttempt records when an attempt ended (the first time stays).
	FinishAttempt(ctx context.Context, player, challenge, day string, at time.Time) error
	// PutDailyResult records one deal's score durably; ErrConflict when that
	// deal of the attempt already has one.
	PutDailyResult(ctx context.Context, r DailyResult) error
	// DailyResults returns every result of a day's challenge, by player
	// and deal.
	DailyResults(ctx context.Context, challenge, day string) ([]DailyResult, error)
	// Attempts returns every attempt at a day's challenge, earliest first.
	Attempts(ctx context.Context, challenge, day string) ([]Attempt, error)
	// PutReference stores the reference score of a deal; the first one
	// stored stays, so several servers computing it may race.
	PutReference(ctx context.Context, challenge, day string, deal, score int) error
	// References returns the stored reference scores of a day's challenge
	// by deal number.
	References(ctx context.Context, challenge, day string) (map[int]int, error)
}

package server

import (
	"context"
	"errors"
	"time"

	"trull/internal/store"
)

// errAbandoned refuses what would change a table that was closed because
// nobody came to it.
var errAbandoned = errors.New("server: the table was closed because nobody was at it for a long time")

// abandonData is the event that closes an abandoned table: Seen is when a
// person was last connected (Unix ms).
type abandonData struct {
	Seen int64 `json:"seen_ms"`
}

// abandonDue reports whether, at now, the table has been open or playing
// with nobody connected for Config.Abandon. Bots do not count; a person's
// seat connection, a spectator or a claim does. A daily challenge's table
// waits for its person until the day after its date is over.
func (t *table) abandonDue(now time.Time) bool {
	return t.srv.cfg.Abandon > 0 && !t.abandoned && !t.sit.Over() && len(t.conns) == 0 &&
		now.Sub(t.seen) >= t.srv.cfg.Abandon && !t.dailyKept(now)
}

// abandon closes the table for good: the event makes every later replay
// closed too, and the lobby row's status takes it out of the lobby, out of
// the tables to restore and out of the open tables MaxTables counts. The
// log and the finished hands stay.
func (t *table) abandon() {
	if err := t.commit(event{evAbandon, abandonData{Seen: t.seen.UnixMilli()}}); err != nil {
		t.log.Error("closing an abandoned table failed", "err", err)
		return
	}
	t.publish()
	t.log.Info("closed an abandoned table", "nobody_since", t.seen)
}

// sweepEvery is how often the server looks in the store for abandoned
// tables that are not loaded.
func (s *Server) sweepEvery() time.Duration {
	return min(max(s.cfg.Abandon/4, 10*time.Millisecond), 10*time.Minute)
}

// sweep runs sweepOnce until the server stops.
func (s *Server) sweep() {
	defer s.wg.Done()
	tick := time.NewTicker(s.sweepEvery())
	defer tick.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		s.sweepOnce(ctx)
		cancel()
	}
}

// sweepOnce closes abandoned tables that no server holds in memory: a
// loaded table checks itself, and a table whose row has not been updated
// or touched for Config.Abandon is loaded so that it can. A table another
// server owns is left to it.
func (s *Server) sweepOnce(ctx context.Context) {
	rows, err := s.store.Tables(ctx, store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying},
		UpdatedBefore: time.Now().Add(-s.cfg.Abandon)})
	if err != nil {
		s.log.Warn("looking for abandoned tables failed", "err", err)
		return
	}
	for _, row := range rows {
		s.mu.Lock()
		_, loaded := s.tables[row.ID]
		stop := s.closed
		s.mu.Unlock()
		if stop {
			return
		}
		if loaded {
			continue
		}
		if _, err := s.table(ctx, row.ID); err != nil && !errors.Is(err, store.ErrLocked) && !errors.Is(err, store.ErrClosed) {
			s.log.Warn("loading a table to close it failed", "table", row.ID, "err", err)
		}
	}
}

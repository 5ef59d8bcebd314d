package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"trull/internal/store"
)

// healthEvery is how often the server checks its store by itself, so that
// the metrics say whether it can write without anyone asking /healthz.
const healthEvery = 15 * time.Second

// checkStore asks the store whether it can read and write now, notes the
// answer in the metrics and returns what /healthz says: "" when healthy,
// else the reason. A database lost under the server (store.ErrUnhealthy)
// and one that cannot write (store.ErrCannotWrite: a full disk, a failed
// test write) are named as the store words them; any other failure is
// logged and only named, as it may hold the database's address.
func (s *Server) checkStore(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err := s.store.Ping(ctx)
	var reason, label string
	switch {
	case err == nil:
		s.metrics.storeHealthy.Set(1)
		return ""
	case errors.Is(err, store.ErrUnhealthy):
		reason, label = err.Error(), "lost"
	case errors.Is(err, store.ErrCannotWrite):
		reason, label = err.Error(), "cannot_write"
	default:
		reason, label = "the database does not answer", "no_answer"
	}
	s.log.Error("health check failed", "err", err)
	s.metrics.storeHealthy.Set(0)
	s.metrics.healthFailures.WithLabelValues(label).Inc()
	return reason
}

// handleHealth answers "ok" while the store can read and write, else 503
// with the reason (checkStore).
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if reason := s.checkStore(r.Context()); reason != "" {
		writeError(w, http.StatusServiceUnavailable, "unhealthy: %s", reason)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok\n")
}

// watchHealth checks the store every healthEvery until the server stops.
func (s *Server) watchHealth() {
	defer s.wg.Done()
	tick := time.NewTicker(healthEvery)
	defer tick.Stop()
	for {
		s.checkStore(context.Background())
		select {
		case <-s.quit:
			return
		case <-tick.C:
		}
	}
}

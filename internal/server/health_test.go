package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"trull/internal/store"
)

// TestHealthAndLostDatabase: /healthz is "ok" while the store works; once
// the SQLite file is deleted under the server it answers 503 with the
// reason, and no action is acknowledged any more.
func TestHealthAndLostDatabase(t *testing.T) {
	e := newEnv(t, Config{})
	health := func() (int, string) {
		resp, err := http.Get(e.ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := health(); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("healthz of a healthy server: %d %q", code, body)
	}
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	st := ann.state()
	for len(st.Legal) == 0 {
		st = ann.state()
	}

	if err := os.Remove(e.db); err != nil {
		t.Fatal(err)
	}
	if code, body := health(); code != http.StatusServiceUnavailable || !strings.Contains(body, "unhealthy") || !strings.Contains(body, "deleted") {
		t.Fatalf("healthz after the database was deleted: %d %q", code, body)
	}
	m := ann.answer(ann.send(map[string]any{"type": "act", "action": pickAction(rand.New(rand.NewPCG(4, 4)), st.Legal)}))
	if m.Type != "error" || !strings.Contains(m.Error, "could not save") {
		t.Fatalf("an action after the database was deleted: %s, want an error", m.raw)
	}
	var out struct {
		Error string `json:"error"`
	}
	if code := e.do("POST", "/api/tables", map[string]any{"game": "droggn", "name": "Ben"}, &out); code != http.StatusServiceUnavailable {
		t.Fatalf("creating a table after the database was deleted: %d %q", code, out.Error)
	}
}

// faultyStore is a store whose Ping answers what ping returns.
type faultyStore struct {
	store.Store
	ping func() error
}

func (f *faultyStore) Ping(ctx context.Context) error {
	if err := f.ping(); err != nil {
		return err
	}
	return f.Store.Ping(ctx)
}

// metricValue reads a gauge, or a counter's value with the label reason, of the
// server's metrics.
func metricValue(t *testing.T, srv *Server, name, reason string) float64 {
	t.Helper()
	mfs, err := srv.metrics.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if reason == "" {
				return m.GetGauge().GetValue()
			}
			for _, l := range m.GetLabel() {
				if l.GetName() == "reason" && l.GetValue() == reason {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// TestHealthStoreErrors: /healthz and the metrics say what the store's
// check says: 200 while it reads and writes, 503 with the reason when it
// cannot write or was lost, and 503 without details (which may hold the
// database's address) when it does not answer.
func TestHealthStoreErrors(t *testing.T) {
	var fault atomic.Pointer[error]
	st, err := openTestStore(filepath.Join(t.TempDir(), "trull.db"))
	if err != nil {
		t.Fatal(err)
	}
	fs := &faultyStore{Store: st, ping: func() error {
		if e := fault.Load(); e != nil {
			return *e
		}
		return nil
	}}
	srv, err := New(context.Background(), Config{Logger: testLogger(), Static: placeholder}, fs)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cases := []struct {
		name   string
		err    error
		code   int
		says   []string
		hides  string
		reason string
	}{
		{"healthy", nil, http.StatusOK, []string{"ok"}, "", ""},
		{"disk full", fmt.Errorf("%w: the disk is full (database or disk is full)", store.ErrCannotWrite), http.StatusServiceUnavailable,
			[]string{"unhealthy", "cannot write", "disk is full"}, "", "cannot_write"},
		{"little space", fmt.Errorf("%w: the disk holding the database has 12 KiB free, less than the 32768 KiB it needs", store.ErrCannotWrite), http.StatusServiceUnavailable,
			[]string{"unhealthy", "12 KiB free"}, "", "cannot_write"},
		{"lost", fmt.Errorf("sqlite: the database file was deleted: %w", store.ErrUnhealthy), http.StatusServiceUnavailable,
			[]string{"unhealthy", "deleted"}, "", "lost"},
		{"no answer", errors.New("dial tcp 10.1.2.3:5432: connection refused"), http.StatusServiceUnavailable,
			[]string{"unhealthy", "does not answer"}, "10.1.2.3", "no_answer"},
		{"healthy again", nil, http.StatusOK, []string{"ok"}, "", ""},
	}
	for _, c := range cases {
		fault.Store(&c.err)
		before := metricValue(t, srv, "trull_store_health_failures_total", c.reason)
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		body := rec.Body.String()
		if rec.Code != c.code {
			t.Errorf("%s: %d %q, want %d", c.name, rec.Code, body, c.code)
		}
		for _, w := range c.says {
			if !strings.Contains(body, w) {
				t.Errorf("%s: %q does not say %q", c.name, body, w)
			}
		}
		if c.hides != "" && strings.Contains(body, c.hides) {
			t.Errorf("%s: %q names %q", c.name, body, c.hides)
		}
		healthy := metricValue(t, srv, "trull_store_healthy", "")
		if want := map[bool]float64{true: 1, false: 0}[c.err == nil]; healthy != want {
			t.Errorf("%s: trull_store_healthy %v, want %v", c.name, healthy, want)
		}
		if c.reason != "" {
			if after := metricValue(t, srv, "trull_store_health_failures_total", c.reason); after != before+1 {
				t.Errorf("%s: trull_store_health_failures_total{reason=%q} went from %v to %v", c.name, c.reason, before, after)
			}
		}
	}
}

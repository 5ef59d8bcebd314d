package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"trull/internal/store/sqlite"
)

// TestHealthFullDisk: on a small tmpfs that fills up, /healthz says 503
// and how much space is left before writes fail, and 200 again once there
// is room. It needs to mount a tmpfs (root on Linux) and skips otherwise.
func TestHealthFullDisk(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=4m"); err != nil {
		t.Skipf("cannot mount a 4 MiB tmpfs (%v): the full disk is tested with an injected store error only (TestHealthStoreErrors)", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "trull.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.MinFree = 1 << 20
	srv, err := New(context.Background(), Config{Logger: testLogger(), Static: placeholder, PostRate: -1, MaxTables: -1}, st)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	e := &testEnv{t: t, srv: srv, ts: ts}
	health := func() (int, string) {
		resp, err := http.Get(ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := health(); code != http.StatusOK {
		t.Fatalf("healthz on an empty disk: %d %q", code, body)
	}
	e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})

	// Fill the disk.
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			break
		}
	}
	f.Close()
	code, body := health()
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "KiB free") {
		t.Fatalf("healthz on a full disk: %d %q, want 503 naming the free space", code, body)
	}
	if v := metricValue(t, srv, "trull_store_healthy", ""); v != 0 {
		t.Errorf("trull_store_healthy %v on a full disk", v)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if code, body := health(); code != http.StatusOK {
		t.Fatalf("healthz once there is room again: %d %q", code, body)
	}
}

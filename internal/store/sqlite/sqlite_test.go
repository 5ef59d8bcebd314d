package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	tb := store.Table{ID: "x", Game: "droggn", Variant: "droggn()", Status: store.StatusOpen, Info: []byte(`{}`), Created: now, Updated: now}
	if err := s.CreateTable(ctx, tb, store.Event{Seq: 1, Kind: "create", Data: []byte(`{}`), At: now}); err != nil {
		t.Fatal(err)
	}
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
	tb := store.Table{ID: "x", Game: "droggn", Variant: "droggn()", Status: store.StatusOpen, Info: []byte(`{}`), Created: now, Updated: now}
	if err := s.CreateTable(ctx, tb, store.Event{Seq: 1, Kind: "create", Data: []byte(`{}`), At: now}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		if err := s.Append(ctx, "x", store.Event{Seq: int64(i + 2), Kind: "act", Data: []byte(`{"seat":0,"act":"play","card":"T21"}`), At: now}); err != nil {
			b.Fatal(err)
		}
	}
}

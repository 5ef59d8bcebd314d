package postgres

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"trull/internal/gametest"
	"trull/internal/store"
	"trull/internal/store/storetest"
)

// dsn returns the test database or skips: .ci/services.sh starts
// PostgreSQL and exports TRULL_TEST_POSTGRES.
func dsn(t *testing.T) string {
	d := os.Getenv("TRULL_TEST_POSTGRES")
	if d == "" {
		t.Skip("TRULL_TEST_POSTGRES is not set: no PostgreSQL to test against (.ci/services.sh starts one)")
	}
	return d
}

func TestConformance(t *testing.T) {
	d := dsn(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestLockBetweenServers: two stores on one database are two servers; the
// advisory lock gives a table to one of them until it lets go or dies.
func TestLockBetweenServers(t *testing.T) {
	d := dsn(t)
	ctx := context.Background()
	a, err := Open(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	id := "lock-between-servers"
	la, err := a.Lock(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Lock(ctx, id); err == nil {
		t.Fatal("server b got the lock server a holds")
	}
	if err := la.Release(); err != nil {
		t.Fatal(err)
	}
	lb, err := b.Lock(ctx, id)
	if err != nil {
		t.Fatalf("server b after a released: %v", err)
	}
	// Server b dies: its session ends and a can take the table.
	b.Close()
	select {
	case <-lb.Lost():
	default:
	}
	// A dead server's session may take a moment to end.
	var la2 store.Lock
	gametest.Eventually(t, 5*time.Second, "server a's lock after b closed", func() bool {
		la2, err = a.Lock(ctx, id)
		return err == nil
	})
	la2.Release()
}

// TestLockLost: when the lock connection dies, every lock reports Lost.
func TestLockLost(t *testing.T) {
	d := dsn(t)
	ctx := context.Background()
	s, err := Open(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := s.Lock(ctx, "lock-lost")
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	s.mu.Lock()
	err = s.conn.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid)
	s.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.W.ExecContext(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
		t.Fatal(err)
	}
	select {
	case <-l.Lost():
	case <-time.After(3 * PingEvery):
		t.Fatal("the lock was not reported lost after its session was terminated")
	}
}

// TestOwner: a server finds the address of a table's owner in the
// database, the live holder of the lock only.
func TestOwner(t *testing.T) {
	d := dsn(t)
	ctx := context.Background()
	open := func() *Store {
		s, err := Open(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, b, c := open(), open(), open()
	if err := a.Advertise(ctx, "10.0.0.1:8080"); err != nil {
		t.Fatal(err)
	}
	ida, idc := "owner-a-"+t.Name(), "owner-c-"+t.Name()
	la, err := a.Lock(ctx, ida)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Lock(ctx, idc); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, id, want string
		err            error
	}{
		{"advertised owner", ida, "10.0.0.1:8080", nil},
		{"an owner that advertised nothing", idc, "", nil},
		{"nobody holds the lock", "owner-nobody", "", store.ErrNotFound},
	}
	for _, tc := range cases {
		got, err := b.Owner(ctx, tc.id)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%s: Owner = %q, %v; want %q, %v", tc.name, got, err, tc.want, tc.err)
		}
	}
	// A new address is recorded with the locks already held.
	if err := a.Advertise(ctx, "10.0.0.1:9090"); err != nil {
		t.Fatal(err)
	}
	if got, err := b.Owner(ctx, ida); got != "10.0.0.1:9090" || err != nil {
		t.Errorf("after a second Advertise: %q, %v", got, err)
	}
	la.Release()
	if got, err := b.Owner(ctx, ida); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after Release: %q, %v; want ErrNotFound", got, err)
	}
	// An owner whose session ends is no owner, though its row may linger.
	if _, err := a.Lock(ctx, ida); err != nil {
		t.Fatal(err)
	}
	a.Close()
	gametest.Eventually(t, 5*time.Second, "the closed server no owner", func() bool {
		_, err := b.Owner(ctx, ida)
		return errors.Is(err, store.ErrNotFound)
	})
}

// TestAdvertiseTwice: a second running server may not advertise the
// address of the first (requests for either's tables would reach
// whichever answers there); once the first has gone, it may.
func TestAdvertiseTwice(t *testing.T) {
	d := dsn(t)
	ctx := context.Background()
	a, err := Open(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("advertise-twice-%d:8080", time.Now().UnixNano())
	if err := a.Advertise(ctx, addr); err != nil {
		t.Fatal(err)
	}
	if err := a.Advertise(ctx, addr); err != nil {
		t.Fatalf("the same server again: %v", err)
	}
	b, err := Open(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Advertise(ctx, addr); err == nil || !strings.Contains(err.Error(), "another running server advertises") {
		t.Fatalf("a second server at %s: %v", addr, err)
	}
	a.Close()
	gametest.Eventually(t, 10*time.Second, "the address free again", func() bool { return b.Advertise(ctx, addr) == nil })
}

package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"trull/internal/store"
)

// testDaily checks the daily challenges' storage: names are unique, one
// attempt per player, day and challenge even when two writers race, one
// result per deal, and the first reference score stays.
func testDaily(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	d, ok := s.(store.Daily)
	if !ok {
		t.Fatalf("%T does not keep daily challenges (store.Daily)", s)
	}
	ann, ch, day := id("ann"), id("droggn-3"), "2026-11-27"
	if err := d.PutPlayer(ctx, ann, "hash-1", t0); err != nil {
		t.Fatal(err)
	}
	if err := d.PutPlayer(ctx, ann, "hash-2", t0); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second player of one name: %v, want ErrConflict", err)
	}
	if h, err := d.PlayerSecret(ctx, ann); err != nil || h != "hash-1" {
		t.Fatalf("PlayerSecret = %q, %v", h, err)
	}
	if _, err := d.PlayerSecret(ctx, id("nobody")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown player: %v", err)
	}
	if _, err := d.Attempt(ctx, ann, ch, day); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no attempt yet: %v", err)
	}

	// Two servers start the same attempt at once: exactly one wins.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = d.StartAttempt(ctx, store.Attempt{Player: ann, Challenge: ch, Day: day, TableID: id("tbl"), Started: t0})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrConflict):
			t.Fatalf("StartAttempt: %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d of two racing attempts started, want 1", won)
	}

	for n, sc := range []int{12, -4} {
		if err := d.PutDailyResult(ctx, store.DailyResult{Player: ann, Challenge: ch, Day: day, Deal: n + 1, Score: sc, At: t0}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.PutDailyResult(ctx, store.DailyResult{Player: ann, Challenge: ch, Day: day, Deal: 1, Score: 99, At: t0}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second result for one deal: %v, want ErrConflict", err)
	}
	rs, err := d.DailyResults(ctx, ch, day)
	if err != nil || len(rs) != 2 || rs[0].Deal != 1 || rs[0].Score != 12 || rs[1].Score != -4 || rs[0].Player != ann {
		t.Fatalf("DailyResults = %+v, %v", rs, err)
	}

	end := t0.Add(time.Hour)
	for _, at := range []time.Time{end, end.Add(time.Hour)} {
		if err := d.FinishAttempt(ctx, ann, ch, day, at); err != nil {
			t.Fatal(err)
		}
	}
	a, err := d.Attempt(ctx, ann, ch, day)
	if err != nil || !a.Finished.Equal(end) || !a.Started.Equal(t0) || a.TableID != id("tbl") {
		t.Fatalf("Attempt = %+v, %v; want finished at %v", a, err, end)
	}
	if as, err := d.Attempts(ctx, ch, day); err != nil || len(as) != 1 {
		t.Fatalf("Attempts = %+v, %v", as, err)
	}

	for _, sc := range []int{7, 8} {
		if err := d.PutReference(ctx, ch, day, 1, sc); err != nil {
			t.Fatal(err)
		}
	}
	if refs, err := d.References(ctx, ch, day); err != nil || len(refs) != 1 || refs[1] != 7 {
		t.Fatalf("References = %v, %v; want the first one", refs, err)
	}
}

// Package storetest is the conformance suite every store.Store passes:
// store/sqlite runs it on a temporary file, store/postgres on the database
// that TRULL_TEST_POSTGRES names.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"trull/internal/store"
)

// Run runs every conformance test on the store that open returns. Each
// test gets a fresh store from open; ids are unique per call of Run, so a
// shared database may hold earlier runs' tables.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	prefix := fmt.Sprintf("t%d-", time.Now().UnixNano())
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store, id func(string) string)
	}{
		{"CreateAndEvents", testCreateAndEvents},
		{"AppendConflict", testAppendConflict},
		{"ConcurrentAppends", testConcurrentAppends},
		{"LongAppends", testLongAppends},
		{"ConflictAmongAppends", testConflictAmongAppends},
		{"Tables", testTables},
		{"Hands", testHands},
		{"Analyses", testAnalyses},
		{"Creators", testCreators},
		{"Redact", testRedact},
		{"Daily", testDaily},
		{"Lock", testLock},
		{"Closed", testClosed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			id := func(n string) string { return prefix + tc.name + "-" + n }
			tc.fn(t, s, id)
		})
	}
}

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func table(id string, status string, public bool, at time.Time) store.Table {
	return store.Table{ID: id, Game: "droggn", Variant: "droggn()", Status: status, Public: public,
		Info: []byte(`{"seats":[]}`), Created: at, Updated: at}
}

func ev(seq int64, kind, data string) store.Event {
	return store.Event{Seq: seq, Kind: kind, Data: []byte(data), At: t0.Add(time.Duration(seq) * time.Second)}
}

func testCreateAndEvents(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusOpen, true, t0), ev(1, "create", `{"game":"droggn"}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, table(a, store.StatusOpen, true, t0), ev(1, "create", `{}`)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second CreateTable with the same id: %v, want ErrConflict", err)
	}
	if err := s.Append(ctx, a, ev(2, "act", `{"x":1}`), ev(3, "act", `{"x":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, a, ev(4, "chat", `{"text":"Grüß Gott ✓"}`)); err != nil {
		t.Fatal(err)
	}
	evs, err := s.Events(ctx, a, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Event{ev(1, "create", `{"game":"droggn"}`), ev(2, "act", `{"x":1}`), ev(3, "act", `{"x":2}`), ev(4, "chat", `{"text":"Grüß Gott ✓"}`)}
	if len(evs) != len(want) {
		t.Fatalf("got %d events, want %d", len(evs), len(want))
	}
	for i := range want {
		g, w := evs[i], want[i]
		if g.Seq != w.Seq || g.Kind != w.Kind || string(g.Data) != string(w.Data) || !g.At.Equal(w.At) {
			t.Errorf("event %d = %+v, want %+v", i, g, w)
		}
	}
	tail, err := s.Events(ctx, a, 2)
	if err != nil || len(tail) != 2 || tail[0].Seq != 3 {
		t.Fatalf("Events after 2 = %v, %v; want seqs 3, 4", tail, err)
	}
	none, err := s.Events(ctx, id("missing"), 0)
	if err != nil || len(none) != 0 {
		t.Fatalf("Events of a missing table = %v, %v; want none", none, err)
	}
}

func testAppendConflict(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusOpen, false, t0), ev(1, "create", `{}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, a, ev(2, "act", `{"first":true}`)); err != nil {
		t.Fatal(err)
	}
	// A second writer that also thinks seq 2 is next must be refused,
	// and a batch with one taken seq must leave nothing behind.
	if err := s.Append(ctx, a, ev(2, "act", `{"second":true}`)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate seq: %v, want ErrConflict", err)
	}
	if err := s.Append(ctx, a, ev(3, "act", `{}`), ev(2, "act", `{}`)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("batch with a duplicate seq: %v, want ErrConflict", err)
	}
	evs, err := s.Events(ctx, a, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || string(evs[1].Data) != `{"first":true}` {
		t.Fatalf("log after conflicts = %+v; want the first two events only", evs)
	}
}

// testLongAppends appends runs of events of many lengths at once (a run
// longer than one statement's rows is split) and reads every one back.
func testLongAppends(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusPlaying, false, t0), ev(1, "create", `{}`)); err != nil {
		t.Fatal(err)
	}
	seq := int64(2)
	var want []store.Event
	for _, n := range []int{1, 2, 3, 7, 64, 65, 127, 200} {
		evs := make([]store.Event, n)
		for i := range evs {
			evs[i] = store.Event{Seq: seq, Kind: fmt.Sprint("k", seq%3), Data: []byte(fmt.Sprintf(`{"n":%d,"s":"\u00e4 \"x\""}`, seq)), At: t0.Add(time.Duration(seq) * time.Millisecond)}
			seq++
		}
		if err := s.Append(ctx, a, evs...); err != nil {
			t.Fatalf("appending %d events: %v", n, err)
		}
		want = append(want, evs...)
	}
	got, err := s.Events(ctx, a, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d events read back, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Seq != w.Seq || g.Kind != w.Kind || string(g.Data) != string(w.Data) || !g.At.Equal(w.At) {
			t.Fatalf("event %d read back as %+v, want %+v", i, g, w)
		}
	}
}

// testConflictAmongAppends appends from many goroutines at once, one of
// which repeats a seq: that append alone is refused, whatever it was
// committed with, and every other event is there.
func testConflictAmongAppends(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	const tables, rounds = 16, 20
	for i := range tables {
		if err := s.CreateTable(ctx, table(id(fmt.Sprint(i)), store.StatusPlaying, false, t0), ev(1, "create", `{}`)); err != nil {
			t.Fatal(err)
		}
	}
	for round := range rounds {
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, tables+1)
		for i := range tables {
			wg.Go(func() {
				<-start
				errs[i] = s.Append(ctx, id(fmt.Sprint(i)), ev(int64(round+2), "act", `{}`), ev(int64(round+102), "act", `{}`))
			})
		}
		wg.Go(func() {
			<-start
			// The first event of this round at table 0, again (or first).
			errs[tables] = s.Append(ctx, id("0"), ev(int64(round+2), "act", `{"dup":true}`))
		})
		close(start)
		wg.Wait()
		for i, err := range errs[1:tables] {
			if err != nil {
				t.Fatalf("round %d: table %d: %v", round, i+1, err)
			}
		}
		// Exactly one of the two appends to table 0 wins.
		if (errs[0] == nil) == (errs[tables] == nil) {
			t.Fatalf("round %d: the two appends of seq %d to table 0 gave %v and %v; want one refused", round, round+2, errs[0], errs[tables])
		}
		for _, err := range []error{errs[0], errs[tables]} {
			if err != nil && !errors.Is(err, store.ErrConflict) {
				t.Fatalf("round %d: %v, want ErrConflict", round, err)
			}
		}
	}
	for i := 1; i < tables; i++ {
		evs, err := s.Events(ctx, id(fmt.Sprint(i)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1+2*rounds {
			t.Fatalf("table %d has %d events, want %d", i, len(evs), 1+2*rounds)
		}
	}
}

// testConcurrentAppends appends from many goroutines at once (the group
// commit path) and checks that every log is complete and in order.
func testConcurrentAppends(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	const tables, events = 8, 40
	for i := range tables {
		if err := s.CreateTable(ctx, table(id(fmt.Sprint(i)), store.StatusPlaying, false, t0), ev(1, "create", `{}`)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := int64(2); seq <= events; seq++ {
				if err := s.Append(ctx, id(fmt.Sprint(i)), ev(seq, "act", fmt.Sprintf(`{"n":%d}`, seq))); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for i := range tables {
		evs, err := s.Events(ctx, id(fmt.Sprint(i)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != events {
			t.Fatalf("table %d has %d events, want %d", i, len(evs), events)
		}
		for j, e := range evs {
			if e.Seq != int64(j+1) {
				t.Fatalf("table %d event %d has seq %d", i, j, e.Seq)
			}
		}
	}
}

func testTables(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	// want is after the UpdateTable below.
	cases := []struct {
		name string
		f    store.Filter
		want []string
	}{
		{"all, newest first", store.Filter{}, []string{id("private"), id("open"), id("old")}},
		{"running", store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}}, []string{id("private"), id("open")}},
		{"public", store.Filter{PublicOnly: true}, []string{id("old")}},
		{"over and public", store.Filter{Statuses: []string{store.StatusOver}, PublicOnly: true}, []string{id("old")}},
		{"none", store.Filter{Statuses: []string{"no such status"}}, nil},
		{"updated before", store.Filter{UpdatedBefore: t0.Add(30 * time.Minute)}, []string{id("private"), id("old")}},
		{"running, updated before", store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}, UpdatedBefore: t0.Add(30 * time.Minute)}, []string{id("private")}},
	}
	// A shared database may hold other tables: CountTables is checked by
	// how much it grows.
	before := make([]int, len(cases))
	for i, c := range cases {
		n, err := s.CountTables(ctx, c.f)
		if err != nil {
			t.Fatal(err)
		}
		before[i] = n
	}
	rows := []store.Table{
		table(id("old"), store.StatusOver, true, t0),
		table(id("open"), store.StatusOpen, true, t0.Add(time.Minute)),
		table(id("private"), store.StatusPlaying, false, t0.Add(2*time.Minute)),
	}
	for _, r := range rows {
		if err := s.CreateTable(ctx, r, ev(1, "create", `{}`)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Table(ctx, id("open"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "droggn" || got.Variant != "droggn()" || !got.Public || got.Status != store.StatusOpen ||
		string(got.Info) != `{"seats":[]}` || !got.Created.Equal(t0.Add(time.Minute)) {
		t.Fatalf("Table = %+v", got)
	}
	if _, err := s.Table(ctx, id("nope")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing table: %v, want ErrNotFound", err)
	}
	upd := got
	upd.Status, upd.Public, upd.Info, upd.Updated = store.StatusPlaying, false, []byte(`{"seats":[1]}`), t0.Add(time.Hour)
	if err := s.UpdateTable(ctx, upd); err != nil {
		t.Fatal(err)
	}
	if got, _ = s.Table(ctx, id("open")); got.Status != store.StatusPlaying || got.Public || string(got.Info) != `{"seats":[1]}` || !got.Updated.Equal(t0.Add(time.Hour)) {
		t.Fatalf("after UpdateTable: %+v", got)
	}
	missing := upd
	missing.ID = id("nope")
	if err := s.UpdateTable(ctx, missing); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("UpdateTable of a missing table: %v, want ErrNotFound", err)
	}
	mine := func(ts []store.Table) []string {
		var out []string
		for _, x := range ts {
			if len(x.ID) > len(id("")) && x.ID[:len(id(""))] == id("") {
				out = append(out, x.ID)
			}
		}
		return out
	}
	for i, c := range cases {
		ts, err := s.Tables(ctx, c.f)
		if err != nil {
			t.Fatal(err)
		}
		if g := mine(ts); fmt.Sprint(g) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, g, c.want)
		}
		f := c.f
		f.Limit = 1
		if n, err := s.CountTables(ctx, f); err != nil || n != before[i]+len(c.want) {
			t.Errorf("%s: CountTables = %d, %v; want %d", c.name, n, err, before[i]+len(c.want))
		}
	}
	if ts, err := s.Tables(ctx, store.Filter{Limit: 1}); err != nil || len(ts) != 1 {
		t.Errorf("Limit 1: %d tables, %v", len(ts), err)
	}

	// TouchTable moves Updated forward only.
	touches := []struct {
		at, want time.Time
	}{
		{t0.Add(3 * time.Hour), t0.Add(3 * time.Hour)},
		{t0.Add(2 * time.Hour), t0.Add(3 * time.Hour)},
		{t0.Add(4 * time.Hour), t0.Add(4 * time.Hour)},
	}
	for _, tc := range touches {
		if err := s.TouchTable(ctx, id("old"), tc.at); err != nil {
			t.Fatal(err)
		}
		got, err := s.Table(ctx, id("old"))
		if err != nil {
			t.Fatal(err)
		}
		if !got.Updated.Equal(tc.want) || got.Status != store.StatusOver || string(got.Info) != `{"seats":[]}` {
			t.Errorf("after TouchTable(%v): %+v, want Updated %v and the rest as it was", tc.at, got, tc.want)
		}
	}
	if err := s.TouchTable(ctx, id("nope"), t0); err != nil {
		t.Errorf("TouchTable of a missing table: %v", err)
	}
}

func testHands(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusPlaying, false, t0), ev(1, "create", `{}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Hand(ctx, a, 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing hand: %v, want ErrNotFound", err)
	}
	for _, rec := range []string{`{"v":1}`, `{"v":2}`} {
		if err := s.PutHand(ctx, store.Hand{TableID: a, N: 0, Record: []byte(rec)}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := s.Hand(ctx, a, 0)
	if err != nil || string(h.Record) != `{"v":2}` || h.N != 0 || h.TableID != a {
		t.Fatalf("Hand = %+v, %v; want the replaced record", h, err)
	}
	// Every hand of the table, in the order of their numbers.
	for _, n := range []int{11, 2} {
		if err := s.PutHand(ctx, store.Hand{TableID: a, N: n, Record: []byte(fmt.Sprintf(`{"n":%d}`, n))}); err != nil {
			t.Fatal(err)
		}
	}
	hs, err := s.Hands(ctx, a)
	if err != nil || len(hs) != 3 || hs[0].N != 0 || hs[1].N != 2 || hs[2].N != 11 || string(hs[2].Record) != `{"n":11}` || hs[1].TableID != a {
		t.Fatalf("Hands = %+v, %v; want hands 0, 2 and 11 in order", hs, err)
	}
	if hs, err := s.Hands(ctx, id("none")); err != nil || len(hs) != 0 {
		t.Fatalf("Hands of a table without any = %+v, %v", hs, err)
	}
}

func testAnalyses(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusOver, false, t0), ev(1, "create", `{}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Analysis(ctx, a, 0, "ismcts"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing analysis: %v, want ErrNotFound", err)
	}
	// The first analysis stored stays; another bot's is kept beside it.
	for _, rep := range []string{`{"v":1}`, `{"v":2}`} {
		if err := s.PutAnalysis(ctx, a, 0, "ismcts", []byte(rep)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutAnalysis(ctx, a, 0, "ismcts-fast", []byte(`{"fast":true}`)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Analysis(ctx, a, 0, "ismcts"); err != nil || string(got) != `{"v":1}` {
		t.Fatalf("Analysis = %s, %v; want the first one", got, err)
	}
	if got, err := s.Analysis(ctx, a, 0, "ismcts-fast"); err != nil || string(got) != `{"fast":true}` {
		t.Fatalf("Analysis by another bot = %s, %v", got, err)
	}
	if _, err := s.Analysis(ctx, a, 1, "ismcts"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another hand's analysis: %v, want ErrNotFound", err)
	}
}

func testLock(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a, b := id("a"), id("b")
	la, err := s.Lock(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Lock(ctx, a); !errors.Is(err, store.ErrLocked) {
		t.Fatalf("second Lock: %v, want ErrLocked", err)
	}
	lb, err := s.Lock(ctx, b)
	if err != nil {
		t.Fatalf("Lock of another table: %v", err)
	}
	if err := la.Release(); err != nil {
		t.Fatal(err)
	}
	la2, err := s.Lock(ctx, a)
	if err != nil {
		t.Fatalf("Lock after Release: %v", err)
	}
	select {
	case <-la2.Lost():
		t.Fatal("a fresh lock is lost")
	default:
	}
	la2.Release()
	lb.Release()
}

func testClosed(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a := id("a")
	if err := s.CreateTable(ctx, table(a, store.StatusOpen, false, t0), ev(1, "create", `{}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping of an open store: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("Ping after Close: %v, want ErrClosed", err)
	}
	if err := s.Append(ctx, a, ev(2, "act", `{}`)); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("Append after Close: %v, want ErrClosed", err)
	}
	if _, err := s.Lock(ctx, a); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("Lock after Close: %v, want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// testCreators: the creator, its network and Empty are kept with a row,
// select rows for the caps on tables nobody is at, follow UpdateTable,
// and the creator is forgotten once the table is over or abandoned.
func testCreators(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	addr, addr2, net := id("2001:db8::1"), id("2001:db8::2"), id("2001:db8::/64")
	mk := func(name, creator string, empty bool) store.Table {
		r := table(id(name), store.StatusOpen, true, t0)
		r.Creator, r.CreatorNet, r.Empty = creator, net, empty
		return r
	}
	for _, r := range []store.Table{mk("a", addr, true), mk("b", addr, false), mk("c", addr2, true), mk("d", addr, true)} {
		if err := s.CreateTable(ctx, r, ev(1, "create", `{}`)); err != nil {
			t.Fatal(err)
		}
	}
	running := []string{store.StatusOpen, store.StatusPlaying}
	count := func(f store.Filter) int {
		t.Helper()
		n, err := s.CountTables(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	cases := []struct {
		name string
		f    store.Filter
		want int
	}{
		{"by address", store.Filter{Creator: addr}, 3},
		{"by address, empty", store.Filter{Creator: addr, Empty: true}, 2},
		{"by network, empty", store.Filter{CreatorNet: net, Empty: true}, 3},
		{"by network, running and empty", store.Filter{Statuses: running, CreatorNet: net, Empty: true}, 3},
	}
	for _, c := range cases {
		if got := count(c.f); got != c.want {
			t.Errorf("%s: %d tables, want %d", c.name, got, c.want)
		}
	}
	row, err := s.Table(ctx, id("a"))
	if err != nil || row.Creator != addr || row.CreatorNet != net || !row.Empty {
		t.Fatalf("the row as created: %+v %v", row, err)
	}
	// Somebody sits down at a, and d is over.
	row.Empty = false
	if err := s.UpdateTable(ctx, row); err != nil {
		t.Fatal(err)
	}
	over := mk("d", addr, true)
	over.Status = store.StatusOver
	if err := s.UpdateTable(ctx, over); err != nil {
		t.Fatal(err)
	}
	if got := count(store.Filter{Statuses: running, Creator: addr, Empty: true}); got != 0 {
		t.Errorf("after the updates: %d running tables of the address nobody is at, want 0", got)
	}
	if got := count(store.Filter{CreatorNet: net, Empty: true}); got != 1 {
		t.Errorf("after the updates: %d tables of the network nobody is at, want 1", got)
	}
	if row, err := s.Table(ctx, id("a")); err != nil || row.Empty || row.Creator != addr {
		t.Errorf("a after somebody sat down: %+v %v", row, err)
	}
	if row, err := s.Table(ctx, id("d")); err != nil || row.Creator != "" || row.CreatorNet != "" || row.Status != store.StatusOver {
		t.Errorf("d after it ended still names its creator: %+v %v", row, err)
	}
}

// testRedact: Redact empties the data of one kind of event, keeps every
// event's number and kind, leaves other kinds and tables alone, and
// counts only what it changed.
func testRedact(t *testing.T, s store.Store, id func(string) string) {
	ctx := context.Background()
	a, b := id("a"), id("b")
	for _, x := range []string{a, b} {
		if err := s.CreateTable(ctx, table(x, store.StatusOver, true, t0), ev(1, "create", `{"game":"droggn"}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, x, ev(2, "chat", `{"text":"hi"}`), ev(3, "act", `{"x":1}`), ev(4, "chat", `{"text":"gg"}`)); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.Redact(ctx, a, "chat"); err != nil || n != 2 {
		t.Fatalf("Redact: %d %v, want 2 events", n, err)
	}
	if n, err := s.Redact(ctx, a, "chat"); err != nil || n != 0 {
		t.Fatalf("Redact again: %d %v, want 0 events", n, err)
	}
	want := map[string][]string{
		a: {`{"game":"droggn"}`, `{}`, `{"x":1}`, `{}`},
		b: {`{"game":"droggn"}`, `{"text":"hi"}`, `{"x":1}`, `{"text":"gg"}`},
	}
	kinds := []string{"create", "chat", "act", "chat"}
	for x, datas := range want {
		evs, err := s.Events(ctx, x, 0)
		if err != nil || len(evs) != len(datas) {
			t.Fatalf("events of %s: %d %v", x, len(evs), err)
		}
		for i, e := range evs {
			if e.Seq != int64(i+1) || e.Kind != kinds[i] || string(e.Data) != datas[i] {
				t.Errorf("%s event %d: %d %s %s, want %d %s %s", x, i, e.Seq, e.Kind, e.Data, i+1, kinds[i], datas[i])
			}
		}
	}
}

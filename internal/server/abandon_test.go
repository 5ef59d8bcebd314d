package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trull/internal/gametest"
	"trull/internal/store"
)

// waitStatus waits until the table's row has the status.
func waitStatus(t *testing.T, e *testEnv, id, status string) {
	t.Helper()
	gametest.Eventually(t, 20*time.Second, fmt.Sprintf("table %s with status %q", id, status), func() bool {
		row, err := e.srv.store.Table(context.Background(), id)
		return err == nil && row.Status == status
	})
}

// inLobby reports whether GET /api/tables lists the table.
func inLobby(e *testEnv, id string) bool {
	var lobby []lobbyInfo
	e.do("GET", "/api/tables", nil, &lobby)
	for _, l := range lobby {
		if l.ID == id {
			return true
		}
	}
	return false
}

// TestAbandonedTable: a table stays while a person is connected, however
// long; when nobody has been there for Config.Abandon it is closed: out of
// the lobby and of the open tables, read-only, its finished hands kept,
// and still closed after a restart.
func TestAbandonedTable(t *testing.T) {
	const abandon = time.Second
	inBubble(t, Config{Abandon: abandon}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann", "hands": 3})
		open := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Bea"})
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		st := ann.playUntil(rand.New(rand.NewPCG(5, 5)), func(s *tState) bool { return s.Table.Played >= 1 })

		// Connected for longer than Abandon: the table stays, as the table
		// itself reckons it long after.
		var due bool
		e.inTable(tb.ID, func(x *table) { due = x.abandonDue(time.Now().Add(10 * abandon)) })
		if due {
			t.Fatal("a table with a person connected is due to be closed")
		}
		if row, err := e.srv.store.Table(context.Background(), tb.ID); err != nil || row.Status != store.StatusPlaying || !inLobby(e, tb.ID) {
			t.Fatalf("a table with a person connected: %q %v, in the lobby %v", row.Status, err, inLobby(e, tb.ID))
		}

		ann.ws.CloseNow()
		waitStatus(t, e, tb.ID, store.StatusAbandoned)
		// The table nobody ever came to besides its creator goes too.
		waitStatus(t, e, open.ID, store.StatusAbandoned)
		for _, id := range []string{tb.ID, open.ID} {
			if inLobby(e, id) {
				t.Errorf("the abandoned table %s is in the lobby", id)
			}
		}
		if n, err := e.srv.store.CountTables(context.Background(), store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}}); err != nil || n != 0 {
			t.Errorf("%d open tables (%v), want none", n, err)
		}
		var rec map[string]any
		if code := e.do("GET", "/api/tables/"+tb.ID+"/hands/0", nil, &rec); code != http.StatusOK || rec["actions"] == nil {
			t.Fatalf("the finished hand of an abandoned table: %d %v", code, rec)
		}

		check := func(when string) {
			t.Helper()
			var info lobbyInfo
			if code := e.do("GET", "/api/tables/"+tb.ID, nil, &info); code != http.StatusOK || info.State != store.StatusAbandoned {
				t.Fatalf("%s: the table's summary: %d %+v", when, code, info)
			}
			c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
			s := c.state()
			if s.Table.State != store.StatusAbandoned || s.Seq != st.Seq+1 || len(s.Legal) != 0 {
				t.Fatalf("%s: state %q at seq %d (was %d), legal %d", when, s.Table.State, s.Seq, st.Seq, len(s.Legal))
			}
			for _, m := range []map[string]any{{"type": "next"}, {"type": "chat", "text": "hello?"}, {"type": "end"}} {
				if a := c.answer(c.send(m)); a.Type != "error" || !strings.Contains(a.Error, "closed") {
					t.Fatalf("%s: %v at an abandoned table: %s", when, m, a.raw)
				}
			}
			c.ws.CloseNow()
			inv := open.Invites[0].URL
			var out struct {
				Error string `json:"error"`
			}
			code := e.do("POST", "/api/tables/"+open.ID+"/claim", map[string]any{"invite": inv[strings.Index(inv, "invite=")+len("invite="):], "name": "Cleo"}, &out)
			if code != http.StatusConflict || !strings.Contains(out.Error, "closed") {
				t.Fatalf("%s: claiming a seat at an abandoned table: %d %q", when, code, out.Error)
			}
		}
		check("after closing")
		e.restart()
		check("after a restart")
	})
}

// TestAbandonedWhileUnloaded: a table unloaded from memory is closed by the
// server's sweep once its row says nobody has been there for
// Config.Abandon, and a table restored at start once nobody has come for
// Config.Abandon since the start (nobody could while no server ran); a
// table with a recent row is not.
func TestAbandonedWhileUnloaded(t *testing.T) {
	inBubble(t, Config{Abandon: time.Hour, IdleUnload: 50 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		req := map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"}
		old, fresh, restored := e.create(req), e.create(req), e.create(req)
		gametest.Eventually(t, 20*time.Second, "the tables unloaded", func() bool { return e.loadedTables() == 0 })
		age := func(id string) {
			row, err := e.srv.store.Table(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			row.Updated = time.Now().Add(-2 * time.Hour)
			if err := e.srv.store.UpdateTable(ctx, row); err != nil {
				t.Fatal(err)
			}
		}
		age(old.ID)
		// As if this server had run for longer than the row's age.
		e.srv.up = time.Now().Add(-3 * time.Hour)
		e.srv.sweepOnce(ctx)
		waitStatus(t, e, old.ID, store.StatusAbandoned)
		if row, err := e.srv.store.Table(ctx, fresh.ID); err != nil || row.Status != store.StatusOpen {
			t.Fatalf("a table with a recent row: %q %v", row.Status, err)
		}

		e.stop()
		st, err := openTestStore(e.db)
		if err != nil {
			t.Fatal(err)
		}
		row, err := st.Table(ctx, restored.ID)
		if err == nil {
			row.Updated = time.Now().Add(-2 * time.Hour)
			err = st.UpdateTable(ctx, row)
		}
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		e.start()
		// Nobody could come while no server ran: the time counts from
		// the start.
		start := time.Now()
		synctest.Wait()
		e.srv.sweepOnce(ctx)
		synctest.Wait()
		if row, err := e.srv.store.Table(ctx, restored.ID); err != nil || row.Status != store.StatusOpen {
			t.Fatalf("a table whose person left two hours before the server started, right after the start: %q %v", row.Status, err)
		}
		if row, err := e.srv.store.Table(ctx, fresh.ID); err != nil || row.Status != store.StatusOpen {
			t.Fatalf("a table with a recent row after a restart: %q %v", row.Status, err)
		}
		time.Sleep(time.Hour - time.Minute - time.Since(start))
		if row, err := e.srv.store.Table(ctx, restored.ID); err != nil || row.Status != store.StatusOpen {
			t.Fatalf("the same table 59 minutes after the start: %q %v", row.Status, err)
		}
		// The sweep comes every 10 minutes.
		time.Sleep(11 * time.Minute)
		waitStatus(t, e, restored.ID, store.StatusAbandoned)
	})
}

package server

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"
	"time"

	"trull/internal/store"
)

// TestPostgres plays on PostgreSQL (TRULL_TEST_POSTGRES, which
// .ci/services.sh sets): a sitting survives a restart, and of two servers
// on one database only the one holding a table's lock serves it.
func TestPostgres(t *testing.T) {
	dsn := os.Getenv("TRULL_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("TRULL_TEST_POSTGRES is not set: no PostgreSQL to test against (.ci/services.sh starts one)")
	}
	dsn = freshSchema(t, dsn)
	a := newEnvOn(t, dsn, Config{})
	tb := a.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "random"}, "name": "Ann", "hands": 2})
	ann := a.dial(tb.ID, "token="+tb.SeatToken, nil)
	rng := rand.New(rand.NewPCG(21, 22))
	before := ann.playUntil(rng, func(s *tState) bool { return s.Step >= 5 || s.Done })

	// A second server on the same database cannot take the table.
	b := newEnvOn(t, dsn, Config{})
	if c := b.dial(tb.ID, "token="+tb.SeatToken, nil); c.closeCode() != statusTryAgain {
		t.Fatal("a second server served a table the first one owns")
	}
	// When the first server stops, the second one restores the table.
	a.stop()
	ann = b.dial(tb.ID, "token="+tb.SeatToken, nil)
	st := ann.state()
	if st.Seq != before.Seq || string(st.View) != string(before.View) {
		t.Fatalf("restored at seq %d (was %d)", st.Seq, before.Seq)
	}
	st = ann.playUntil(rng, func(s *tState) bool { return s.Table.State == store.StatusOver })
	if st.Table.Played != 2 {
		t.Fatalf("%d hands played", st.Table.Played)
	}
}

// freshSchema creates a schema of its own for this test run and returns
// the DSN that uses it, so earlier runs' tables are not restored.
func freshSchema(t *testing.T, dsn string) string {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := fmt.Sprintf("trull_test_%d", time.Now().UnixNano())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", dsn)
		if err == nil {
			db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("TRULL_TEST_POSTGRES must be a postgres:// URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

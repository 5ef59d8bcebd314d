package server

import (
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"trull/internal/daily"
)

// TestDailyListSameOnTwoDatabases: two servers on two databases (SQLite and,
// when TRULL_TEST_POSTGRES is set, PostgreSQL) list the same challenges for
// a date, with no cards.
func TestDailyListSameOnTwoDatabases(t *testing.T) {
	a := newEnv(t, Config{})
	var b *testEnv
	if dsn := os.Getenv("TRULL_TEST_POSTGRES"); dsn != "" {
		b = newEnvOn(t, freshSchema(t, dsn), Config{})
	} else {
		b = newEnv(t, Config{})
	}
	for _, q := range []string{"?date=2026-11-27", "?date=2027-02-28", ""} {
		var la, lb []dailyJSON
		if code := a.do("GET", "/api/daily"+q, nil, &la); code != http.StatusOK {
			t.Fatalf("GET /api/daily%s: %d", q, code)
		}
		if code := b.do("GET", "/api/daily"+q, nil, &lb); code != http.StatusOK {
			t.Fatalf("GET /api/daily%s: %d", q, code)
		}
		if !reflect.DeepEqual(la, lb) {
			t.Fatalf("GET /api/daily%s differs: %+v and %+v", q, la, lb)
		}
		want := strings.TrimPrefix(q, "?date=")
		if q == "" {
			want = daily.Today(time.Now())
		}
		var ids []string
		for _, c := range la {
			if c.Date != want || c.Deals != daily.Deals {
				t.Fatalf("GET /api/daily%s: %+v", q, c)
			}
			ids = append(ids, c.ID)
		}
		if got := strings.Join(ids, ","); got != "droggn-3,troggu-3,strohmandeln-2" {
			t.Fatalf("GET /api/daily%s lists %s", q, got)
		}
	}
}

func TestDailyListBadDate(t *testing.T) {
	e := newEnv(t, Config{})
	for _, d := range []string{"2026-02-30", "tomorrow", "2026-1-7"} {
		var out map[string]any
		if code := e.do("GET", "/api/daily?date="+d, nil, &out); code != http.StatusBadRequest {
			t.Fatalf("date %q: status %d, want 400", d, code)
		}
		if msg, _ := out["error"].(string); !strings.Contains(msg, d) {
			t.Fatalf("date %q: error %q does not name it", d, msg)
		}
	}
}

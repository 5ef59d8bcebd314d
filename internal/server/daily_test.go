package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"trull/internal/bot"
	"trull/internal/daily"
	"trull/internal/gametest"
	"trull/internal/store"
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

// TestDailyReferencesInBackground: listing a day's challenges makes the
// server compute each deal's reference score once, in the background; two
// servers on two databases store the same scores, those of
// daily.Challenge.Reference with the default bot.
func TestDailyReferencesInBackground(t *testing.T) {
	envs := []*testEnv{newEnv(t, Config{})}
	if dsn := os.Getenv("TRULL_TEST_POSTGRES"); dsn != "" {
		envs = append(envs, newEnvOn(t, freshSchema(t, dsn), Config{}))
	} else {
		envs = append(envs, newEnv(t, Config{}))
	}
	const date = "2026-11-26"
	for _, e := range envs {
		if code := e.do("GET", "/api/daily?date="+date, nil, nil); code != http.StatusOK {
			t.Fatalf("GET /api/daily: %d", code)
		}
	}
	p, err := bot.New(daily.DefaultBot)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := daily.Challenges(date)
	for _, c := range cs {
		want := map[int]int{}
		for n := 1; n <= daily.Deals; n++ {
			if want[n], err = c.Reference(n, p); err != nil {
				t.Fatal(err)
			}
		}
		for i, e := range envs {
			d := e.srv.store.(store.Daily)
			gametest.Eventually(t, 20*time.Second, fmt.Sprintf("server %d, %s: the references %v", i, c.ID, want), func() bool {
				got, err := d.References(context.Background(), c.ID, date)
				if err != nil {
					t.Fatal(err)
				}
				return reflect.DeepEqual(got, want)
			})
		}
	}
}

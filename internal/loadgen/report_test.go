package loadgen

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestQuantiles(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	for _, tc := range []struct {
		name          string
		in            []time.Duration
		n             int
		p50, p99, max time.Duration
	}{
		{"none", nil, 0, 0, 0, 0},
		{"one", ms(7), 1, 7 * time.Millisecond, 7 * time.Millisecond, 7 * time.Millisecond},
		{"unsorted", ms(9, 1, 5), 3, 5 * time.Millisecond, 5 * time.Millisecond, 9 * time.Millisecond},
		{"a hundred and one", append(ms(make([]int, 100)...), 300*time.Millisecond), 101, 0, 0, 300 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, p50, p99, most := quantiles(tc.in)
			if n != tc.n || p50 != tc.p50 || p99 != tc.p99 || most != tc.max {
				t.Errorf("quantiles = %d, %v, %v, %v; want %d, %v, %v, %v", n, p50, p99, most, tc.n, tc.p50, tc.p99, tc.max)
			}
		})
	}
}

// TestReportSeconds: the report names the seconds whose p99 is over 50 ms
// and the worst one.
func TestReportSeconds(t *testing.T) {
	r := Report{Tables: 1, Samples: 3, Seconds: []Second{
		{Samples: 1, P99: 10 * time.Millisecond, Max: 10 * time.Millisecond},
		{Samples: 1, P99: 400 * time.Millisecond, Max: 400 * time.Millisecond},
		{},
		{Samples: 1, P99: 60 * time.Millisecond, Max: 60 * time.Millisecond},
	}}
	if w := r.Worst(); w != 1 {
		t.Errorf("Worst = %d, want 1", w)
	}
	if n := r.Slow(50 * time.Millisecond); n != 2 {
		t.Errorf("Slow = %d, want 2", n)
	}
	if s := r.String(); !strings.Contains(s, "2 of 4 seconds with a p99 over 50ms, the worst second 2 (p99 400ms, max 400ms)") {
		t.Errorf("String = %q", s)
	}
	if w := (Report{}).Worst(); w != -1 {
		t.Errorf("Worst of nothing = %d, want -1", w)
	}
}

// TestSeatTableBots: the seats after the two people's are the configured
// bot's, the rules bot's by default, and the second person claims an
// invite.
func TestSeatTableBots(t *testing.T) {
	for _, tc := range []struct {
		bot, want string
		seats     int
	}{{"", "rules", 3}, {"ismcts", "ismcts", 4}} {
		t.Run(tc.want, func(t *testing.T) {
			var created map[string]any
			var claimed map[string]any
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var body map[string]any
				json.NewDecoder(r.Body).Decode(&body)
				switch r.URL.Path {
				case "/api/tables":
					created = body
					io.WriteString(w, `{"id":"t1","seat_token":"s0","invites":[{"url":"/t/t1?invite=i1"}]}`)
				case "/api/tables/t1/claim":
					claimed = body
					io.WriteString(w, `{"seat_token":"s1"}`)
				default:
					http.NotFound(w, r)
				}
			}))
			defer ts.Close()
			tokens, id, err := seatTable(context.Background(), ts.Client(), ts.URL, Config{Game: "droggn", Bot: tc.bot}, tc.seats)
			if err != nil {
				t.Fatal(err)
			}
			if id != "t1" || !slices.Equal(tokens, []string{"s0", "s1"}) {
				t.Errorf("seatTable = %v, %q", tokens, id)
			}
			bots, _ := created["bots"].([]any)
			want := []any{"", ""}
			for len(want) < tc.seats {
				want = append(want, tc.want)
			}
			if !slices.Equal(bots, want) {
				t.Errorf("created with bots %v, want %v", bots, want)
			}
			if claimed["invite"] != "i1" {
				t.Errorf("claimed with %v, want the invite i1", claimed)
			}
		})
	}
}

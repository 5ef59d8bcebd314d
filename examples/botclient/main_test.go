package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"trull/internal/server"
	"trull/internal/store/sqlite"
)

// TestBotclient runs two bot clients against a real server: one takes its
// seat through the invite, the other plays the creator's seat by token;
// both play a one-hand sitting of each game to its end.
func TestBotclient(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "trull.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(context.Background(), server.Config{Logger: log,
		Static: fstest.MapFS{"index.html": {Data: []byte("app")}}, MsgRate: 1000}, st)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() {
		ts.CloseClientConnections()
		srv.Close()
		ts.Close()
	}()
	for _, g := range []struct {
		game     string
		bots     []string
		strategy string
	}{
		{"strohmandeln", []string{"", ""}, "hint"},
		{"droggn", []string{"", "", "rules"}, "random"},
		{"troggu", []string{"", "rules", ""}, "hint"},
	} {
		t.Run(g.game, func(t *testing.T) {
			body := `{"game":"` + g.game + `","bots":["` + strings.Join(g.bots, `","`) + `"],"name":"Creator","hands":1}`
			resp, err := http.Post(ts.URL+"/api/tables", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var tb struct {
				ID        string `json:"id"`
				SeatToken string `json:"seat_token"`
				Invites   []struct {
					URL string `json:"url"`
				} `json:"invites"`
			}
			json.NewDecoder(resp.Body).Decode(&tb)
			resp.Body.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			errs := make(chan error, 2)
			go func() {
				errs <- run(ctx, config{invite: ts.URL + tb.Invites[0].URL, name: "Bot", strategy: g.strategy}, log)
			}()
			go func() {
				errs <- run(ctx, config{server: ts.URL, table: tb.ID, token: tb.SeatToken, strategy: g.strategy}, log)
			}()
			for range 2 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestBadInvite: a link that is not an invite is refused before anything
// is sent.
func TestBadInvite(t *testing.T) {
	for _, c := range []config{
		{invite: "http://127.0.0.1:1/lobby", strategy: "hint"},
		{strategy: "hint"},
		{invite: "x", strategy: "clever"},
	} {
		if err := run(context.Background(), c, slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

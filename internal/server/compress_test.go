package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCompressedJSON: the API's JSON answers are gzip-compressed for a
// client that accepts it, and plain otherwise; errors too.
func TestCompressedJSON(t *testing.T) {
	e := newEnv(t, Config{})
	for i := range 5 {
		e.create(map[string]any{"game": "troggu", "players": 8, "bots": []string{"", "rules", "rules", "rules", "rules", "rules", "rules", "rules"}, "name": "Ann", "title": strings.Repeat("x", i+1)})
	}
	for _, c := range []struct {
		path, accept string
		gzipped      bool
	}{
		{"/api/games", "gzip, deflate, br", true},
		{"/api/tables", "gzip", true},
		{"/api/games", "", false},
		{"/api/games", "br", false},
		{"/api/games", "gzip;q=0", false},
		{"/api/games", "*", true},
		{"/api/nothing", "gzip", true}, // the JSON error
	} {
		req, _ := http.NewRequest("GET", e.ts.URL+c.path, nil)
		// Set by hand: Go's transport would otherwise ask for gzip and
		// decompress without saying so.
		req.Header.Set("Accept-Encoding", c.accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if got := res.Header.Get("Content-Encoding") == "gzip"; got != c.gzipped {
			t.Errorf("%s with Accept-Encoding %q: gzip %v, want %v", c.path, c.accept, got, c.gzipped)
			continue
		}
		body := raw
		if c.gzipped {
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s: %v", c.path, err)
			}
			body, _ = io.ReadAll(zr)
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s: no Vary: Accept-Encoding", c.path)
			}
			t.Logf("%s: %d bytes of JSON sent as %d", c.path, len(body), len(raw))
		}
		if !json.Valid(body) {
			t.Errorf("%s: not JSON: %.80s", c.path, body)
		}
	}
}

package server

import (
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"
)

// TestHealthAndLostDatabase: /healthz is "ok" while the store works; once
// the SQLite file is deleted under the server it answers 503 with the
// reason, and no action is acknowledged any more.
func TestHealthAndLostDatabase(t *testing.T) {
	e := newEnv(t, Config{})
	health := func() (int, string) {
		resp, err := http.Get(e.ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := health(); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("healthz of a healthy server: %d %q", code, body)
	}
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	st := ann.state()
	for len(st.Legal) == 0 {
		st = ann.state()
	}

	if err := os.Remove(e.db); err != nil {
		t.Fatal(err)
	}
	if code, body := health(); code != http.StatusServiceUnavailable || !strings.Contains(body, "unhealthy") || !strings.Contains(body, "deleted") {
		t.Fatalf("healthz after the database was deleted: %d %q", code, body)
	}
	m := ann.answer(ann.send(map[string]any{"type": "act", "action": pickAction(rand.New(rand.NewPCG(4, 4)), st.Legal)}))
	if m.Type != "error" || !strings.Contains(m.Error, "could not save") {
		t.Fatalf("an action after the database was deleted: %s, want an error", m.raw)
	}
	var out struct {
		Error string `json:"error"`
	}
	if code := e.do("POST", "/api/tables", map[string]any{"game": "droggn", "name": "Ben"}, &out); code != http.StatusServiceUnavailable {
		t.Fatalf("creating a table after the database was deleted: %d %q", code, out.Error)
	}
}

package server

import (
	"net/http"
	"testing"
)

// getAs sends GET path with a daily player's headers (the ones given)
// and returns the status and the decoded answer.
func (e *testEnv) getAs(path, name, secret string) (int, map[string]any) {
	e.t.Helper()
	h := map[string]string{}
	if name != "" {
		h[headerDailyName] = name
	}
	if secret != "" {
		h[headerDailySecret] = secret
	}
	var out map[string]any
	code := e.request("GET", path, nil, &out, h)
	return code, out
}

func TestDailyPlayer(t *testing.T) {
	e := newEnv(t, Config{})
	var ann dailyPlayerJSON
	if code := e.do("POST", "/api/daily/players", map[string]any{"name": "  Ann  "}, &ann); code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	if ann.Name != "Ann" || len(ann.Secret) < 20 {
		t.Fatalf("register = %+v", ann)
	}
	for _, tc := range []struct {
		name, code string
		status     int
	}{
		{"Ann", "name_taken", http.StatusConflict},
		{"   ", "name_missing", http.StatusBadRequest},
		{"\u3164", "name_invisible", http.StatusBadRequest},
	} {
		var out map[string]any
		if code := e.do("POST", "/api/daily/players", map[string]any{"name": tc.name}, &out); code != tc.status || out["code"] != tc.code {
			t.Errorf("register %q: %d %v, want %d %s", tc.name, code, out, tc.status, tc.code)
		}
	}
	// The name and secret are kept across a restart and work from any
	// device (a move code carries them); a wrong or missing secret is
	// refused.
	e.restart()
	for _, tc := range []struct {
		name, secret, code string
		status             int
	}{
		{"Ann", ann.Secret, "", http.StatusOK},
		{"Ann", ann.Secret + "x", "daily_secret", http.StatusUnauthorized},
		{"Bob", ann.Secret, "daily_secret", http.StatusUnauthorized},
		{"Ann", "", "daily_who", http.StatusUnauthorized},
	} {
		status, out := e.getAs("/api/daily/me", tc.name, tc.secret)
		if status != tc.status || (tc.code != "" && out["code"] != tc.code) || (tc.code == "" && out["name"] != "Ann") {
			t.Errorf("me as %q: %d %v, want %d %s", tc.name, status, out, tc.status, tc.code)
		}
	}
}

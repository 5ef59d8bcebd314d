package server

import (
	"errors"
	"net/http"
	"time"

	"trull/internal/store"
)

// The headers that carry a daily player's name and secret: never a URL.
const (
	headerDailyName   = "X-Trull-Name"
	headerDailySecret = "X-Trull-Secret"
)

// dailyStore returns the store's daily part, or answers 503.
func (s *Server) dailyStore(w http.ResponseWriter) (store.Daily, bool) {
	d, ok := s.store.(store.Daily)
	if !ok {
		writeCoded(w, http.StatusServiceUnavailable, "daily_unavailable", "server: this server's store keeps no daily challenges")
	}
	return d, ok
}

type dailyPlayerJSON struct {
	Name   string `json:"name"`
	Secret string `json:"secret,omitempty"`
}

// handleDailyPlayer registers a daily player: a name, checked as table
// names are, and a new secret the browser keeps (docs/DAILY.md). The store
// keeps only the secret's hash.
func (s *Server) handleDailyPlayer(w http.ResponseWriter, r *http.Request) {
	d, ok := s.dailyStore(w)
	if !ok {
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	name, err := cleanName(req.Name)
	if err != nil {
		writeCoded(w, http.StatusBadRequest, errCode(err, ""), "server: %v", err)
		return
	}
	secret := newToken()
	switch err := d.PutPlayer(r.Context(), name, hashToken(secret), time.Now()); {
	case errors.Is(err, store.ErrConflict):
		writeCoded(w, http.StatusConflict, "name_taken", "server: the name %q is taken; choose another, or move your name here with its move code", name)
		return
	case err != nil:
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return
	}
	writeJSON(w, http.StatusCreated, dailyPlayerJSON{Name: name, Secret: secret})
}

// dailyPlayer returns the player whose name and secret the request's
// headers carry, or answers 401.
func (s *Server) dailyPlayer(w http.ResponseWriter, r *http.Request, d store.Daily) (string, bool) {
	name, secret := r.Header.Get(headerDailyName), r.Header.Get(headerDailySecret)
	if name == "" || secret == "" {
		writeCoded(w, http.StatusUnauthorized, "daily_who", "server: send your name and secret in the %s and %s headers", headerDailyName, headerDailySecret)
		return "", false
	}
	h, err := d.PlayerSecret(r.Context(), name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return "", false
	}
	if !sameHash(h, hashToken(secret)) {
		writeCoded(w, http.StatusUnauthorized, "daily_secret", "server: the name %q and this secret do not match", name)
		return "", false
	}
	return name, true
}

// dailyWho returns the store's daily part and the player the request's
// headers name, or answers 503 or 401.
func (s *Server) dailyWho(w http.ResponseWriter, r *http.Request) (store.Daily, string, bool) {
	d, ok := s.dailyStore(w)
	if !ok {
		return nil, "", false
	}
	name, ok := s.dailyPlayer(w, r, d)
	return d, name, ok
}

// handleDailyMe answers who the headers name, after checking the secret: a
// device that was given a move code checks it here.
func (s *Server) handleDailyMe(w http.ResponseWriter, r *http.Request) {
	if _, name, ok := s.dailyWho(w, r); ok {
		writeJSON(w, http.StatusOK, dailyPlayerJSON{Name: name})
	}
}

package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/store"
)

// Body limits of the HTTP API.
const (
	maxBody   = 64 << 10
	maxRecord = 1 << 20
	maxName   = 40
	maxHands  = 1000
	maxStake  = 1_000_000
)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("GET /api/defaults", s.handleDefaults)
	mux.HandleFunc("GET /api/tables", s.handleTables)
	mux.HandleFunc("POST /api/tables", s.post(s.handleCreate))
	mux.HandleFunc("GET /api/capacity", s.handleCapacity)
	mux.HandleFunc("GET /api/daily", s.handleDaily)
	mux.HandleFunc("POST /api/daily/players", s.post(s.handleDailyPlayer))
	mux.HandleFunc("GET /api/daily/me", s.handleDailyMe)
	mux.HandleFunc("GET /api/daily/{id}/{date}/leaderboard", s.handleDailyBoard)
	mux.HandleFunc("POST /api/daily/{id}/{date}/play", s.post(s.handleDailyPlay))
	mux.HandleFunc("GET /api/daily/progress", s.handleDailyProgress)
	mux.HandleFunc("GET /api/daily/{id}/{date}/deals/{n}/choices", s.handleDailyChoices)
	mux.HandleFunc("GET /api/tables/{id}", s.handleTable)
	mux.HandleFunc("POST /api/tables/{id}/claim", s.post(s.handleClaim))
	mux.HandleFunc("GET /api/tables/{id}/hands", s.handleHands)
	mux.HandleFunc("GET /api/tables/{id}/hands/{n}", s.handleHand)
	mux.HandleFunc("GET /api/tables/{id}/hands/{n}/analysis", s.handleAnalysis)
	mux.HandleFunc("GET /api/tables/{id}/hands/{n}/takebacks", s.handleTakebacks)
	mux.HandleFunc("POST /api/replay", s.post(s.handleReplay))
	mux.HandleFunc("POST /api/analysis", s.post(s.handleRecordAnalysis))
	mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	mux.HandleFunc("GET /api/puzzles/{id}", s.handlePuzzle)
	mux.HandleFunc("POST /api/puzzles/{id}/answer", s.post(s.handlePuzzleAnswer))
	mux.HandleFunc("GET /ws/{id}", s.handleWS)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/ws/"):
			writeError(w, http.StatusNotFound, "no such API: %s %s (see docs/PROTOCOL.md)", r.Method, r.URL.Path)
		case r.URL.Path == "/metrics" || strings.HasPrefix(r.URL.Path, "/debug/"):
			// A monitor pointed at the public address learns where to look
			// instead of reading the app's page as an answer.
			writeError(w, http.StatusNotFound, "%s is served on the admin address (trull serve -admin-addr), not here", r.URL.Path)
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, "%s is not allowed here", r.Method)
		default:
			s.handleStatic(w, r)
		}
	})
	return securityHeaders(compressJSON(mux))
}

// contentSecurityPolicy lets a page of the app load scripts, styles and
// fonts from this server only (the built app has no inline script or
// style element; Preact sets styles through the DOM, which the policy
// does not govern), images from here and data: URLs (the favicon), and
// connect only back to its own origin: CSP Level 3 'self' also matches
// ws: and wss: on the same host and port. Nothing may frame it, set a base
// URL, or be embedded as an object. 'wasm-unsafe-eval' lets the offline
// engine (web/wasm) be compiled from WebAssembly; it allows no eval of
// JavaScript.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets headers every answer carries.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", contentSecurityPolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer") // invite links carry secrets
		hd.Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

// post wraps a POST handler with the origin check and the rate limit.
func (s *Server) post(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.originOK(r) {
			writeError(w, http.StatusForbidden, "request from origin %q refused: it is not this site", r.Header.Get("Origin"))
			return
		}
		if s.posts != nil && !s.posts.allow(s.clientAddr(r)) {
			w.Header().Set("Retry-After", "1")
			writeCoded(w, http.StatusTooManyRequests, "too_fast", "too many requests; slow down")
			return
		}
		h(w, r)
	}
}

// originOK accepts requests without an Origin (other programs) and those
// from the served host or an allowed pattern.
func (s *Server) originOK(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range s.cfg.Origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

// optionJSON is one variant option of GET /api/games.
type optionJSON struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Values  []string `json:"values,omitempty"`
	Default any      `json:"default"`
	Min     *int     `json:"min,omitempty"`
	Max     *int     `json:"max,omitempty"`
	// Choices are the only values an int option takes, when it has a list.
	Choices  []int  `json:"choices,omitempty"`
	Nullable bool   `json:"nullable,omitempty"`
	Help     string `json:"help"`
	// The option's words for people: label, one-line help, value labels
	// (one per value) and the unit of a number, in English and German.
	Label       game.Words   `json:"label"`
	HelpDE      string       `json:"help_de"`
	ValueLabels []game.Words `json:"value_labels,omitempty"`
	Unit        *game.Words  `json:"unit,omitempty"`
}

type gameJSON struct {
	Name     string       `json:"name"`
	Title    string       `json:"title"`
	MinSeats int          `json:"min_seats"`
	MaxSeats int          `json:"max_seats"`
	Options  []optionJSON `json:"options"`
	Bots     []string     `json:"bots"`
}

// defaultsJSON is GET /api/defaults: what a create request gets for the
// fields it leaves out, where the server chooses.
type defaultsJSON struct {
	TurnClock int `json:"turn_clock"` // seconds, 0: no clock
}

func (s *Server) handleDefaults(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, defaultsJSON{TurnClock: int(s.cfg.TurnClock / time.Second)})
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	var out []gameJSON
	for _, g := range game.Games() {
		gj := gameJSON{Name: g.Name, Title: g.Title, MinSeats: g.MinSeats, MaxSeats: g.MaxSeats,
			Options: []optionJSON{}, Bots: bot.Names()}
		for _, o := range g.Options {
			oj := optionJSON{Name: o.Name, Help: o.Help, Nullable: o.Nullable, Label: o.Label, HelpDE: o.HelpDE, ValueLabels: o.ValueLabels}
			if o.Unit != (game.Words{}) {
				u := o.Unit
				oj.Unit = &u
			}
			switch o.Kind {
			case game.OptEnum:
				oj.Kind, oj.Values, oj.Default = "enum", o.Values, o.Values[0]
			case game.OptInt:
				lo, hi := o.Min, o.Max
				oj.Kind, oj.Default, oj.Min, oj.Max, oj.Choices = "int", game.RecordValue(o.Default), &lo, &hi, o.Choices
			case game.OptBool:
				oj.Kind, oj.Default = "bool", o.DefaultBool
			}
			gj.Options = append(gj.Options, oj)
		}
		out = append(out, gj)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleTables lists the public tables that are open or running.
func (s *Server) handleTables(w http.ResponseWriter, r *http.Request) {
	rows, err := s.store.Tables(r.Context(), store.Filter{Statuses: []string{store.StatusOpen, store.StatusPlaying}, PublicOnly: true, Limit: 200})
	if err != nil {
		s.log.Error("listing tables failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the tables cannot be listed right now")
		return
	}
	out := []json.RawMessage{}
	for _, t := range rows {
		if json.Valid(t.Info) {
			out = append(out, t.Info)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// handleTable describes one table (for an invite page).
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	row, err := s.store.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		if isNotFound(err) {
			writeError(w, http.StatusNotFound, "no such table")
			return
		}
		writeError(w, http.StatusServiceUnavailable, "the table cannot be read right now")
		return
	}
	inv := r.URL.Query().Get("invite")
	if inv == "" {
		writeJSON(w, http.StatusOK, json.RawMessage(row.Info))
		return
	}
	// With ?invite=…: whether that invite still takes a seat, so that the
	// invite page says so before asking for a name.
	state, err := s.inviteState(r.Context(), row.ID, hashToken(inv))
	if err != nil {
		s.log.Warn("checking an invite failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the table cannot be read right now")
		return
	}
	var info map[string]json.RawMessage
	if err := json.Unmarshal(row.Info, &info); err != nil {
		writeError(w, http.StatusServiceUnavailable, "the table cannot be read right now")
		return
	}
	info["invite"], _ = json.Marshal(state)
	writeJSON(w, http.StatusOK, info)
}

// handleHand serves the record of a finished hand.
// handleHands serves GET /api/tables/{id}/hands: the records of every
// finished hand of the table, one a line (JSON Lines), for keeping a
// sitting whole. Each is public once finished, as handleHand's.
func (s *Server) handleHands(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.store.Table(r.Context(), id); err != nil {
		if isNotFound(err) {
			writeError(w, http.StatusNotFound, "no table %s", id)
			return
		}
		writeError(w, http.StatusServiceUnavailable, "the hands cannot be read right now")
		return
	}
	hs, err := s.store.Hands(r.Context(), id)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "the hands cannot be read right now")
		return
	}
	var out bytes.Buffer
	for _, h := range hs {
		if json.Compact(&out, h.Record) != nil {
			out.Write(h.Record)
		}
		out.WriteByte('\n')
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store") // the sitting goes on
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="trull-%s.jsonl"`, id))
	w.Write(out.Bytes())
}

func (s *Server) handleHand(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		writeError(w, http.StatusBadRequest, "the hand number must be a number from 0")
		return
	}
	h, err := s.store.Hand(r.Context(), r.PathValue("id"), n)
	if err != nil {
		if isNotFound(err) {
			writeError(w, http.StatusNotFound, "hand %d of this table is not finished or does not exist", n)
			return
		}
		writeError(w, http.StatusServiceUnavailable, "the hand cannot be read right now")
		return
	}
	var out bytes.Buffer
	if json.Indent(&out, h.Record, "", "  ") != nil {
		out.Reset()
		out.Write(h.Record)
	}
	out.WriteByte('\n')
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename="trull-%s-%d.json"`, r.PathValue("id"), n))
	w.Write(out.Bytes())
}

package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/sitting"
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
	mux.HandleFunc("GET /api/tables/{id}", s.handleTable)
	mux.HandleFunc("POST /api/tables/{id}/claim", s.post(s.handleClaim))
	mux.HandleFunc("GET /api/tables/{id}/hands/{n}", s.handleHand)
	mux.HandleFunc("GET /api/tables/{id}/hands/{n}/analysis", s.handleAnalysis)
	mux.HandleFunc("POST /api/replay", s.post(s.handleReplay))
	mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	mux.HandleFunc("GET /api/puzzles/{id}", s.handlePuzzle)
	mux.HandleFunc("POST /api/puzzles/{id}/answer", s.post(s.handlePuzzleAnswer))
	mux.HandleFunc("GET /ws/{id}", s.handleWS)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/ws/"):
			writeError(w, http.StatusNotFound, "no such API: %s %s (see docs/PROTOCOL.md)", r.Method, r.URL.Path)
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
// URL, or be embedded as an object.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
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

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer failed: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeCoded(w, status, "", format, args...)
}

// writeCoded answers with an error that also has a code, for a client to
// word in the person's language (docs/PROTOCOL.md).
func writeCoded(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeRefusal(w, status, code, nil, format, args...)
}

// writeRefusal is writeCoded with the refusal's parameters ("params"), for
// a client that words it (a bad record: game.RecordParams).
func writeRefusal(w http.ResponseWriter, status int, code string, params game.Params, format string, args ...any) {
	m := map[string]any{"error": fmt.Sprintf(format, args...)}
	if code != "" {
		m["code"] = code
	}
	if len(params) > 0 {
		m["params"] = params
	}
	b, _ := json.Marshal(m)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// readJSON decodes a size-limited JSON body strictly.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		bodyError(w, err, "the body")
		return false
	}
	if err := strictJSON(body, v); err != nil {
		writeError(w, http.StatusBadRequest, "the body is not the expected JSON: %v", err)
		return false
	}
	return true
}

// bodyError answers a request whose body (what names it) could not be
// read: too large, or not sent in time.
func bodyError(w http.ResponseWriter, err error, what string) {
	if mb, ok := errors.AsType[*http.MaxBytesError](err); ok {
		writeError(w, http.StatusRequestEntityTooLarge, "%s is larger than %d bytes", what, mb.Limit)
		return
	}
	writeError(w, http.StatusBadRequest, "%s could not be read: %v", what, err)
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

// inviteState says what the invite with hash h does at the table now
// (inviteOpen, inviteMove or inviteUsed).
func (s *Server) inviteState(ctx context.Context, id, h string) (string, error) {
	var open string
	err := s.withTable(ctx, id, func(t *table) error {
		reply := make(chan string, 1)
		if err := t.send(ctx, inviteReq{hash: h, reply: reply}); err != nil {
			return err
		}
		v, ok := await(t, reply)
		if !ok {
			return errTableGone
		}
		open = v
		return nil
	})
	return open, err
}

// createReq is the body of POST /api/tables.
type createReq struct {
	Game    string                     `json:"game"`
	Players int                        `json:"players"`
	Options map[string]json.RawMessage `json:"options"`
	Bots    []string                   `json:"bots"`
	Name    string                     `json:"name"`
	Title   string                     `json:"title"`
	Hands   int                        `json:"hands"`
	Public  *bool                      `json:"public"`
	Stake   *int                       `json:"stake"`
	AutoBot *bool                      `json:"auto_bot"`
	Hints   *bool                      `json:"hints"`
	// TurnClock is the seconds a person has for each decision (0: no
	// clock; absent: the server's default).
	TurnClock *int `json:"turn_clock"`
	// OpenReview shows every finished trick to everyone (default false:
	// the game's information rules).
	OpenReview bool `json:"open_review"`
}

type inviteJSON struct {
	Seat int    `json:"seat"`
	URL  string `json:"url"`
}

type createResp struct {
	ID          string       `json:"id"`
	HostToken   string       `json:"host_token"`
	SeatToken   string       `json:"seat_token"`
	Seat        int          `json:"seat"`
	Invites     []inviteJSON `json:"invites"`
	SpectateURL string       `json:"spectate_url"`
}

// cleanName checks a person's name and drops what cleanText drops. A
// name with nothing visible (only blanks, fillers such as U+3164 or
// U+2800, or combining marks) is refused, and so is one that stacks more
// than maxMarks combining marks on a character.
func cleanName(n string) (string, error) {
	given := strings.TrimSpace(n) != ""
	n = strings.Join(strings.Fields(cleanText(n)), " ")
	switch {
	case (n != "" || given) && !visible(n):
		return "", codeErr("name_invisible", fmt.Errorf("%w: the name has no visible characters (blanks, fillers and combining marks alone show nothing; control, zero-width and direction characters are dropped); give a name", errBadRequest))
	case n == "":
		return "", codeErr("name_missing", fmt.Errorf("%w: give a name", errBadRequest))
	case utf8.RuneCountInString(n) > maxName:
		return "", codeErr("name_long", fmt.Errorf("%w: the name is longer than %d characters", errBadRequest, maxName))
	case markRun(n) > maxMarks:
		return "", codeErr("name_marks", fmt.Errorf("%w: the name stacks %d combining marks on one character; at most %d are allowed", errBadRequest, markRun(n), maxMarks))
	}
	return n, nil
}

// tableConfig is a new table as a create request makes it.
type tableConfig struct {
	first     createData     // the table's first event
	seatToken string         // the creator's seat token
	hostToken string         // the host's token
	invites   map[int]string // the invite codes by seat
}

// newTableConfig validates a create request and returns the new table.
func (s *Server) newTableConfig(req createReq) (tableConfig, error) {
	bad := func(format string, args ...any) (tableConfig, error) {
		return tableConfig{}, fmt.Errorf("%w: "+format, append([]any{errBadRequest}, args...)...)
	}
	info, ok := game.Lookup(req.Game)
	if !ok {
		var names []string
		for _, g := range game.Games() {
			names = append(names, g.Name)
		}
		return bad("unknown game %q (want one of %s)", req.Game, strings.Join(names, ", "))
	}
	n := req.Players
	if n == 0 {
		n = len(req.Bots)
	}
	if n == 0 {
		n = info.MinSeats
	}
	if n < info.MinSeats || n > info.MaxSeats {
		return bad("%s is played by %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	bots := req.Bots
	if len(bots) == 0 {
		bots = make([]string, n)
	}
	if len(bots) != n {
		return bad("bots names %d seats for %d players", len(bots), n)
	}
	known := bot.Names()
	human := -1
	for i, b := range bots {
		switch {
		case b == "":
			if human < 0 {
				human = i
			}
		case !slices.Contains(known, b):
			return bad("seat %d: unknown bot %q (want one of %s, or \"\" for a person)", i, b, strings.Join(known, ", "))
		}
	}
	if human < 0 {
		return bad("every seat is a bot; at least one seat is for a person")
	}
	rules, err := info.New(req.Options, n)
	if err != nil {
		return bad("%v", err)
	}
	name, err := cleanName(req.Name)
	if err != nil {
		return tableConfig{}, err
	}
	title := strings.Join(strings.Fields(cleanText(req.Title)), " ")
	if !visible(title) {
		title = "" // nothing to show: the table is named after its game
	}
	switch {
	case utf8.RuneCountInString(title) > 80:
		return bad("the title is longer than 80 characters")
	case markRun(title) > maxMarks:
		return bad("the title stacks %d combining marks on one character; at most %d are allowed", markRun(title), maxMarks)
	}
	if req.Hands < 0 || req.Hands > maxHands {
		return bad("hands must be 0 (the game's usual end) to %d", maxHands)
	}
	stake := 1
	if req.Stake != nil {
		stake = *req.Stake
	}
	if stake < 0 || stake > maxStake {
		return bad("stake must be 0 to %d", maxStake)
	}
	end := sitting.DefaultEnd(rules)
	if req.Hands > 0 {
		end.Hands = req.Hands
	}
	public := true
	if req.Public != nil {
		public = *req.Public
	}
	opts := map[string]json.RawMessage{}
	for k, v := range rules.Options() {
		b, _ := json.Marshal(game.RecordValue(v))
		opts[k] = b
	}
	seatTok, hostTok := newToken(), newToken()
	d := createData{Game: info.Name, Options: opts, Players: n, Title: title, Public: public,
		Seed: s.cfg.seeds(), FirstDealer: -1, End: end, Stake: stake, Host: hashToken(hostTok),
		HostSeat: human, Seats: make([]seatData, n), CreatedMs: time.Now().UnixMilli()}
	if req.AutoBot != nil && !*req.AutoBot {
		// Kept only when off: a table created before the option existed
		// has it on, as a new one has by default.
		d.NoAutoBot = true
	}
	if req.Hints != nil && !*req.Hints {
		d.NoHints = true
	}
	d.TurnClock = int(s.cfg.TurnClock / time.Second)
	if req.TurnClock != nil {
		d.TurnClock = *req.TurnClock
	}
	if d.TurnClock != 0 && (d.TurnClock < minTurnClock || d.TurnClock > maxTurnClock) {
		return bad("turn_clock must be 0 (no clock) or %d to %d seconds, not %d", minTurnClock, maxTurnClock, d.TurnClock)
	}
	d.WaitForPlayers = true
	d.OpenReview = req.OpenReview
	invites := map[int]string{}
	for i, b := range bots {
		switch {
		case b != "":
			d.Seats[i] = seatData{Bot: b}
		case i == human:
			d.Seats[i] = seatData{Name: name, Token: hashToken(seatTok)}
		default:
			inv := newToken()
			invites[i] = inv
			d.Seats[i] = seatData{Invite: hashToken(inv)}
		}
	}
	return tableConfig{first: d, seatToken: seatTok, hostToken: hostTok, invites: invites}, nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if !readJSON(w, r, &req) {
		return
	}
	tc, err := s.newTableConfig(req)
	if err != nil {
		writeCoded(w, http.StatusBadRequest, errCode(err, "bad_request"), "%s", strings.TrimPrefix(err.Error(), errBadRequest.Error()+": "))
		return
	}
	addr := s.clientAddr(r)
	s.createMu.Lock()
	no, err := s.mayCreate(r.Context(), addr)
	if err == nil && no != nil {
		s.createMu.Unlock()
		s.metrics.refused.WithLabelValues(no.code).Inc()
		w.Header().Set("Retry-After", "60")
		writeCoded(w, no.status, no.code, "%s", no.text)
		return
	}
	var id string
	if err == nil {
		id, err = s.createTable(r.Context(), tc.first, addr)
	}
	s.createMu.Unlock()
	if err != nil {
		s.log.Error("creating a table failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the table could not be created; try again")
		return
	}
	resp := createResp{ID: id, HostToken: tc.hostToken, SeatToken: tc.seatToken, Seat: tc.first.HostSeat,
		Invites: []inviteJSON{}, SpectateURL: "/t/" + id + "?spectate=1"}
	for i := range tc.first.Seats {
		if inv, ok := tc.invites[i]; ok {
			resp.Invites = append(resp.Invites, inviteJSON{Seat: i, URL: "/t/" + id + "?invite=" + inv})
		}
	}
	s.log.Info("table created", "table", id, "variant", tc.first.Game, "players", tc.first.Players)
	writeJSON(w, http.StatusCreated, resp)
}

// capacityJSON is the answer of GET /api/capacity.
type capacityJSON struct {
	Create bool   `json:"create"`
	Code   string `json:"code,omitempty"`
	Error  string `json:"error,omitempty"`
}

// handleCapacity says whether the asking client may create a table now,
// and if not why (the refusal POST /api/tables would give), so that the
// lobby says so before anyone fills in the form.
func (s *Server) handleCapacity(w http.ResponseWriter, r *http.Request) {
	no, err := s.mayCreate(r.Context(), s.clientAddr(r))
	if err != nil {
		s.log.Warn("checking the table caps failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the tables cannot be counted right now")
		return
	}
	if no != nil {
		writeJSON(w, http.StatusOK, capacityJSON{Code: no.code, Error: no.text})
		return
	}
	writeJSON(w, http.StatusOK, capacityJSON{Create: true})
}

// createTable stores a new table, created by the client at addr, and
// starts its goroutine.
func (s *Server) createTable(ctx context.Context, d createData, addr string) (string, error) {
	id := newID()
	lk, err := s.store.Lock(ctx, id)
	if err != nil {
		return "", err
	}
	t := newTable(s, id, lk)
	data, err := json.Marshal(d)
	if err != nil {
		lk.Release()
		return "", err
	}
	first := store.Event{Seq: 1, Kind: evCreate, Data: data, At: time.Now()}
	if err := t.apply(first); err != nil {
		lk.Release()
		return "", err
	}
	// The row is written whole, in the same transaction as the first
	// event: the lobby and GET /api/tables/{id} never see a table without
	// its name, time or seats, and the table's goroutine has nothing to
	// add to it when it starts.
	li, err := json.Marshal(t.lobbyInfo())
	if err != nil {
		lk.Release()
		return "", err
	}
	row := store.Table{ID: id, Game: d.Game, Variant: t.rules.String(), Status: t.status(), Public: d.Public,
		Info: li, Created: t.created, Updated: t.created, Creator: addr, CreatorNet: netOf(addr), Empty: true}
	if err := s.store.CreateTable(ctx, row, first); err != nil {
		lk.Release()
		return "", err
	}
	t.lastInfo, t.lastEmpty = string(li), true
	e := &entry{ready: make(chan struct{}), t: t}
	close(e.ready)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		lk.Release()
		return "", store.ErrClosed
	}
	s.tables[id] = e
	s.start(t)
	return id, nil
}

type claimReqJSON struct {
	Invite string `json:"invite"`
	Seat   *int   `json:"seat"`
	Name   string `json:"name"`
}

type claimResp struct {
	Seat      int    `json:"seat"`
	SeatToken string `json:"seat_token"`
}

func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req claimReqJSON
	if !readJSON(w, r, &req) {
		return
	}
	name, err := cleanName(req.Name)
	if err != nil {
		writeCoded(w, http.StatusBadRequest, errCode(err, "bad_request"), "%s", strings.TrimPrefix(err.Error(), errBadRequest.Error()+": "))
		return
	}
	cr := claimReq{name: name, seat: -1}
	switch {
	case req.Invite != "":
		cr.invite = hashToken(req.Invite)
	case req.Seat != nil:
		cr.seat = *req.Seat
	default:
		writeError(w, http.StatusBadRequest, `give "invite" (from the invite link) or, at a public table, "seat"`)
		return
	}
	tok := newToken()
	cr.token = hashToken(tok)
	var res claimResult
	err = s.withTable(r.Context(), r.PathValue("id"), func(t *table) error {
		cr.reply = make(chan claimResult, 1)
		if err := t.send(r.Context(), cr); err != nil {
			return err
		}
		var ok bool
		if res, ok = await(t, cr.reply); !ok {
			return errTableGone
		}
		return res.err
	})
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, claimResp{Seat: res.seat, SeatToken: tok})
	case isNotFound(err):
		writeError(w, http.StatusNotFound, "no such table")
	case errors.Is(err, errSeatTaken), errors.Is(err, errInvite), errors.Is(err, errOver), errors.Is(err, errAbandoned):
		writeCoded(w, http.StatusConflict, claimCode(err), "%s", strings.TrimPrefix(err.Error(), "server: "))
	case errors.Is(err, errNeedInvite):
		writeCoded(w, http.StatusForbidden, "private", "%s", strings.TrimPrefix(err.Error(), "server: "))
	case errors.Is(err, errBadRequest):
		writeCoded(w, http.StatusBadRequest, errCode(err, "bad_request"), "%s", strings.TrimPrefix(err.Error(), errBadRequest.Error()+": "))
	default:
		s.log.Warn("claim failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the seat could not be claimed right now; try again")
	}
}

// handleHand serves the record of a finished hand.
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

// handleStatic serves the browser app; paths that are not files (the
// app's own routes such as /t/ID) get index.html.
func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if p == "" {
		p = "index.html"
	}
	if st, err := fs.Stat(s.static, p); err != nil || st.IsDir() {
		if path.Ext(p) != "" && p != "index.html" {
			http.NotFound(w, r)
			return
		}
		p = "index.html"
	}
	// The build keeps gzip and brotli copies beside the larger files
	// (web/compress.mjs): send the best one the browser accepts.
	name := p
	var enc string
	for _, e := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(r.Header.Get("Accept-Encoding"), e.enc) {
			continue
		}
		if st, err := fs.Stat(s.static, p+e.ext); err == nil && !st.IsDir() {
			name, enc = p+e.ext, e.enc
			break
		}
	}
	b, err := fs.ReadFile(s.static, name)
	if err != nil {
		writeError(w, http.StatusNotFound, "the browser app is not built into this binary (web/dist is missing)")
		return
	}
	h := w.Header()
	if _, err := fs.Stat(s.static, p+".gz"); err == nil {
		// A cache must keep the encodings apart.
		h.Add("Vary", "Accept-Encoding")
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	// The file names are fixed (the build is reproducible), so a browser
	// asks again each time and an ETag of the content saves the download.
	h.Set("Cache-Control", "no-cache")
	sum := sha256.Sum256(b)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	// The type of the file itself, not of its compressed copy.
	if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
		h.Set("Content-Type", ct)
	}
	http.ServeContent(w, r, p, time.Time{}, bytes.NewReader(b))
}

// accepts reports whether an Accept-Encoding header accepts the encoding
// enc (named, or by "*", and without q=0).
func accepts(header, enc string) bool {
	ok := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != enc && name != "*" {
			continue
		}
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		if name == enc {
			return q > 0
		}
		ok = q > 0
	}
	return ok
}

// codedError gives an error a code for clients (writeCoded).
type codedError struct {
	code string
	error
}

func (e codedError) Unwrap() error { return e.error }

// codeErr gives err a code for clients.
func codeErr(code string, err error) error { return codedError{code, err} }

// errCode returns the code of err, or def.
func errCode(err error, def string) string {
	var ce codedError
	if errors.As(err, &ce) {
		return ce.code
	}
	return def
}

// claimCode is the code of a refused claim.
func claimCode(err error) string {
	switch {
	case errors.Is(err, errSeatTaken):
		return "seat_taken"
	case errors.Is(err, errInvite):
		return "invite_used"
	case errors.Is(err, errOver):
		return "sitting_over"
	}
	return "abandoned"
}

// Creating a table: the create request, its checks, the caps on new tables and the store's first events.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/guide"
	"trull/internal/sitting"
	"trull/internal/store"
)

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
	// clock; absent: the server's default, or none when the creator is
	// the only person at the table).
	TurnClock *int `json:"turn_clock"`
	// OpenReview shows every finished trick to everyone (default false:
	// the game's information rules).
	OpenReview bool `json:"open_review"`
	// Lesson makes a guided first hand (internal/guide): its game, deal,
	// seats and bots replace the fields above but name.
	Lesson string `json:"lesson"`
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
	var lesson guide.Lesson
	if req.Lesson != "" {
		l, err := guide.Find(req.Lesson)
		if err != nil {
			return bad("%s", strings.TrimPrefix(err.Error(), "guide: "))
		}
		lesson = l
		req = lessonReq(l, req.Name)
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
	if slices.Index(bots[human+1:], "") < 0 {
		// One person among bots holds nobody up: no clock unless asked.
		d.TurnClock = 0
	}
	if req.TurnClock != nil {
		d.TurnClock = *req.TurnClock
	}
	if d.TurnClock != 0 && (d.TurnClock < minTurnClock || d.TurnClock > maxTurnClock) {
		return bad("turn_clock must be 0 (no clock) or %d to %d seconds, not %d", minTurnClock, maxTurnClock, d.TurnClock)
	}
	d.WaitForPlayers = true
	d.OpenReview = req.OpenReview
	if lesson.Name != "" {
		d.Lesson, d.Seed, d.FirstDealer = lesson.Name, lesson.Seed, lesson.Dealer
	}
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

// lessonReq is the create request of a guided hand: one hand of the
// lesson's deal, the person at the lesson's seat and bots elsewhere, no
// turn clock, private, every trick open to look back at.
func lessonReq(l guide.Lesson, name string) createReq {
	bots := make([]string, l.Players)
	for i := range bots {
		if i != l.Seat {
			bots[i] = l.Bot
		}
	}
	no, zero := false, 0
	return createReq{Game: l.Game, Players: l.Players, Bots: bots, Name: name, Hands: 1,
		Public: &no, TurnClock: &zero, OpenReview: true}
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
		s.refuseCreate(w, no)
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

// refuseCreate answers a creation the caps refuse.
func (s *Server) refuseCreate(w http.ResponseWriter, no *refusal) {
	s.metrics.refused.WithLabelValues(no.code).Inc()
	w.Header().Set("Retry-After", "60")
	writeCoded(w, no.status, no.code, "%s", no.text)
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
	return s.createTableID(ctx, newID(), d, addr)
}

// createTableID is createTable with the table's ID chosen by the caller
// (a daily challenge's attempt names its table before it is created).
func (s *Server) createTableID(ctx context.Context, id string, d createData, addr string) (string, error) {
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
	info := t.lobbyInfo()
	li, err := json.Marshal(info)
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
	t.lastInfo, t.lastEmpty = &info, true
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

// Playing a daily challenge (docs/DAILY.md): the attempt and its table,
// the person's seat on any device, what such a table refuses, and the
// results stored as each deal ends.

package server

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"trull/internal/daily"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/store"
)

// dailyData is the daily challenge a table plays: its set-up and date,
// its player and their seat, and its deals in order.
type dailyData struct {
	Challenge string              `json:"challenge"`
	Date      string              `json:"date"`
	Player    string              `json:"player"`
	Seat      int                 `json:"seat"`
	Deals     []sitting.FixedDeal `json:"deals"`
}

// errDailyNotYours refuses a daily claim of a table that is not the
// player's challenge.
var errDailyNotYours = errors.New("server: this table is not your daily challenge")

// dailyCreate returns the first event of player's table for challenge c:
// the person in the challenge's seat, the default bot in every other, the
// challenge's deals in order, private, no hints, no turn clock and no bot
// taking the person's seat; and the person's new seat token.
func dailyCreate(c daily.Challenge, player string) (createData, string, error) {
	rules, err := c.Rules()
	if err != nil {
		return createData{}, "", err
	}
	opts := map[string]json.RawMessage{}
	for k, v := range rules.Options() {
		b, _ := json.Marshal(game.RecordValue(v))
		opts[k] = b
	}
	dd := &dailyData{Challenge: c.ID, Date: c.Date, Player: player, Seat: c.Seat(), Deals: make([]sitting.FixedDeal, daily.Deals)}
	for n := 1; n <= daily.Deals; n++ {
		d, err := c.Deal(n)
		if err != nil {
			return createData{}, "", err
		}
		dd.Deals[n-1] = sitting.FixedDeal{Seed: d.Seed, Dealer: d.Dealer}
	}
	seatTok := newToken()
	d := createData{Game: c.Game, Options: opts, Players: c.Players, Seed: "daily/" + c.ID + "/" + c.Date,
		FirstDealer: dd.Deals[0].Dealer, Stake: 1, Host: hashToken(newToken()), HostSeat: dd.Seat,
		Seats: make([]seatData, c.Players), CreatedMs: time.Now().UnixMilli(), NoAutoBot: true, NoHints: true,
		WaitForPlayers: true, Daily: dd}
	for i := range d.Seats {
		d.Seats[i] = seatData{Bot: daily.DefaultBot}
	}
	d.Seats[dd.Seat] = seatData{Name: player, Token: hashToken(seatTok)}
	return d, seatTok, nil
}

// dailyPlayJSON answers POST /api/daily/{id}/{date}/play.
type dailyPlayJSON struct {
	Table     string `json:"table"`
	Seat      int    `json:"seat"`
	SeatToken string `json:"seat_token,omitempty"`
	Resumed   bool   `json:"resumed"`
}

// handleDailyPlay starts the player's attempt at a challenge of today, or
// resumes the one they started: the table of an attempt is the same
// until its last deal ends, and a finished attempt is never played again.
func (s *Server) handleDailyPlay(w http.ResponseWriter, r *http.Request) {
	c, err := daily.Find(r.PathValue("id"), r.PathValue("date"))
	if err != nil {
		writeCoded(w, http.StatusNotFound, "daily_unknown", "server: %v", err)
		return
	}
	d, name, ok := s.dailyWho(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	addr := s.clientAddr(r)
	a, err := d.Attempt(ctx, name, c.ID, c.Date)
	switch {
	case err == nil:
		s.dailyResume(w, r, c, a)
		return
	case !errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusServiceUnavailable, "server: the attempts cannot be read right now; try again")
		return
	}
	if today := daily.Today(time.Now()); c.Date != today {
		writeCoded(w, http.StatusConflict, "daily_day", "server: only today's challenges (%s) can be started, not those of %s", today, c.Date)
		return
	}
	cd, tok, err := dailyCreate(c, name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return
	}
	s.createMu.Lock()
	no, err := s.mayCreate(ctx, addr)
	if err == nil && no != nil {
		s.createMu.Unlock()
		s.refuseCreate(w, no)
		return
	}
	id := newID()
	if err == nil {
		// The attempt first: its key lets one server, once, start it.
		err = d.StartAttempt(ctx, store.Attempt{Player: name, Challenge: c.ID, Day: c.Date, TableID: id, Started: time.Now()})
	}
	if err == nil {
		_, err = s.createTableID(ctx, id, cd, addr)
	}
	s.createMu.Unlock()
	switch {
	case errors.Is(err, store.ErrConflict):
		// Another request started it meanwhile.
		if a, err = d.Attempt(ctx, name, c.ID, c.Date); err == nil {
			s.dailyResume(w, r, c, a)
			return
		}
	case err == nil:
		s.computeReferences(c)
		s.log.Info("daily challenge started", "table", id, "challenge", c.ID, "date", c.Date)
		writeJSON(w, http.StatusCreated, dailyPlayJSON{Table: id, Seat: cd.Daily.Seat, SeatToken: tok})
		return
	}
	s.log.Error("starting a daily challenge failed", "err", err)
	writeError(w, http.StatusServiceUnavailable, "server: the challenge could not be started; try again")
}

// dailyResume answers a play request for an attempt that exists: refused
// when it is finished, else its table, whose seat the browser takes with
// a daily claim. A table whose creation failed after its attempt was
// stored is created now.
func (s *Server) dailyResume(w http.ResponseWriter, r *http.Request, c daily.Challenge, a store.Attempt) {
	if !a.Finished.IsZero() {
		writeCoded(w, http.StatusConflict, "daily_done", "server: %s has played the %s challenge of %s already: one attempt per player, day and challenge", a.Player, c.ID, c.Date)
		return
	}
	ctx := r.Context()
	_, err := s.store.Table(ctx, a.TableID)
	if isNotFound(err) {
		cd, tok, err := dailyCreate(c, a.Player)
		if err == nil {
			_, err = s.createTableID(ctx, a.TableID, cd, s.clientAddr(r))
		}
		if err != nil {
			s.log.Error("creating a daily challenge's table failed", "table", a.TableID, "err", err)
			writeError(w, http.StatusServiceUnavailable, "server: the challenge's table could not be created; try again")
			return
		}
		s.computeReferences(c)
		writeJSON(w, http.StatusCreated, dailyPlayJSON{Table: a.TableID, Seat: cd.Daily.Seat, SeatToken: tok})
		return
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "server: the challenge's table cannot be read right now; try again")
		return
	}
	writeJSON(w, http.StatusOK, dailyPlayJSON{Table: a.TableID, Seat: c.Seat(), Resumed: true})
}

// claimDaily gives the person's seat of a challenge's table to its player
// under a new token, on whatever device asks with their name and secret;
// the connection the seat had is closed (4009).
func (t *table) claimDaily(r claimReq) claimResult {
	dd := t.cfg.Daily
	switch {
	case dd == nil || dd.Player != r.daily:
		return claimResult{err: errDailyNotYours}
	case t.abandoned:
		return claimResult{err: errAbandoned}
	}
	s := t.seats[dd.Seat]
	old := s.conn
	if err := t.commit(event{evClaim, claimData{Seat: dd.Seat, Name: s.name, Token: r.token}}); err != nil {
		return claimResult{err: err}
	}
	if old != nil {
		t.dropConn(old)
		old.close(statusReplaced, "this challenge was opened in another window or on another device")
	}
	t.seen = time.Now()
	t.afterChange(nil, nil)
	return claimResult{seat: dd.Seat}
}

// dailyOff lists the messages a challenge's table refuses: everyone plays
// its deals alone, once, without help.
var dailyOff = map[string]bool{"hint": true, "takeback": true, "again": true, "takeover": true,
	"free": true, "start": true, "end": true, "move": true}

// dailyRefuses refuses m with daily_off when the table is a challenge's
// and m is one of dailyOff.
func (t *table) dailyRefuses(c *conn, m clientMsg) bool {
	if t.cfg.Daily == nil || !dailyOff[m.Type] {
		return false
	}
	t.refuse(c, m.Seq, "daily_off", "daily_off", game.Params{"message": m.Type},
		"%s: not in a daily challenge: its deals are played alone, once, without hints, takebacks or help", m.Type)
	return true
}

// botRand is the random source of a bot's decision in seat on st: at a
// challenge's table the one the reference game draws from in that
// position (daily.DecisionRand), else the table's own.
func (t *table) botRand(st game.State, seat int) *rand.Rand {
	if t.cfg.Daily == nil {
		return t.rng
	}
	return daily.DecisionRand(daily.Deal{Seed: t.sit.HandSeed(t.hand)}.SeatSeed(seat), len(st.History()))
}

// finishDaily owes the store the person's score of the challenge's deal
// (deal index) that just ended, and the attempt's end after the last one.
// It runs when the deal's last action is applied, live or replayed: the
// store keeps the first result of a deal, so one owed twice counts once.
func (t *table) finishDaily(deal int) {
	dd := t.cfg.Daily
	if dd == nil {
		return
	}
	t.dailyOwed = append(t.dailyOwed, store.DailyResult{Player: dd.Player, Challenge: dd.Challenge, Day: dd.Date,
		Deal: deal + 1, Score: daily.Score(t.st.Result(), dd.Seat), At: t.evAt})
	if t.sit.Over() {
		t.dailyOver = t.evAt
	}
}

// dailyOwing reports whether the store still lacks a result or the end of
// the attempt.
func (t *table) dailyOwing() bool { return len(t.dailyOwed) > 0 || !t.dailyOver.IsZero() }

// flushDaily stores what the table owes: the results first, then the
// attempt's end, so that a finished attempt has all its results. What
// fails is tried again after the next event, at the next idle check, or
// when the table is loaded again.
func (t *table) flushDaily() {
	if !t.dailyOwing() {
		return
	}
	d, ok := t.srv.store.(store.Daily)
	if !ok {
		return
	}
	dd := t.cfg.Daily
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for len(t.dailyOwed) > 0 {
		err := d.PutDailyResult(ctx, t.dailyOwed[0])
		if err != nil && !errors.Is(err, store.ErrConflict) {
			t.log.Error("storing a daily result failed; trying again later", "deal", t.dailyOwed[0].Deal, "err", err)
			return
		}
		t.dailyOwed = t.dailyOwed[1:]
	}
	if !t.dailyOver.IsZero() {
		if err := d.FinishAttempt(ctx, dd.Player, dd.Challenge, dd.Date, t.dailyOver); err != nil {
			t.log.Error("finishing a daily attempt failed; trying again later", "err", err)
			return
		}
		t.dailyOver = time.Time{}
		t.log.Info("daily challenge finished", "challenge", dd.Challenge, "date", dd.Date)
	}
}

// dailyKeep is how long after its date began a challenge's table waits
// for its person instead of being closed as abandoned: that day and the
// next.
const dailyKeep = 48 * time.Hour

// dailyKept reports whether a challenge's table still waits for its
// person at now.
func (t *table) dailyKept(now time.Time) bool {
	dd := t.cfg.Daily
	if dd == nil {
		return false
	}
	day, err := daily.ParseDate(dd.Date)
	return err == nil && now.Before(day.Add(dailyKeep))
}

// claimDailySeat answers a daily claim: the seat of the player's own
// challenge's table, to resume it here.
func (s *Server) claimDailySeat(w http.ResponseWriter, r *http.Request) {
	_, name, ok := s.dailyWho(w, r)
	if !ok {
		return
	}
	tok := newToken()
	res, err := s.sendClaim(r.Context(), r.PathValue("id"), claimReq{daily: name, seat: -1, token: hashToken(tok)})
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, claimResp{Seat: res.seat, SeatToken: tok})
	case isNotFound(err):
		writeError(w, http.StatusNotFound, "no such table")
	case errors.Is(err, errDailyNotYours):
		writeCoded(w, http.StatusForbidden, "daily_table", "server: this table is not %s's daily challenge", name)
	case errors.Is(err, errAbandoned):
		writeCoded(w, http.StatusConflict, "abandoned", "%s", errAbandoned.Error()[len("server: "):])
	default:
		s.log.Warn("daily claim failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the seat could not be claimed right now; try again")
	}
}

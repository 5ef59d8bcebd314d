package server

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"time"

	"trull/internal/daily"
	"trull/internal/store"
)

// boardDealJSON is one deal of a leaderboard row.
type boardDealJSON struct {
	Deal      int  `json:"deal"`
	Score     int  `json:"score"`
	Bot       *int `json:"bot"`       // the reference bot's score in the seat; null until computed
	Duplicate *int `json:"duplicate"` // score − bot
	Better    int  `json:"better"`    // how many finished players scored more on the deal
	Others    int  `json:"others"`    // how many other finished players played the deal (Better's whole)
}

// boardRowJSON is one finished attempt on a leaderboard.
type boardRowJSON struct {
	Rank     int             `json:"rank"`
	Name     string          `json:"name"`
	Total    int             `json:"total"`    // the sum of the duplicate scores known
	Complete bool            `json:"complete"` // every deal has its reference score
	Finished time.Time       `json:"finished"`
	Deals    []boardDealJSON `json:"deals"`
}

// dayScores is one day's challenge as the store has it: each player's
// score by deal, the finished attempts and the reference scores.
type dayScores struct {
	scores   map[string]map[int]int
	attempts []store.Attempt
	refs     map[int]int
}

func newDayScores(attempts []store.Attempt, results []store.DailyResult, refs map[int]int) dayScores {
	ds := dayScores{scores: map[string]map[int]int{}, attempts: attempts, refs: refs}
	for _, r := range results {
		if ds.scores[r.Player] == nil {
			ds.scores[r.Player] = map[int]int{}
		}
		ds.scores[r.Player][r.Deal] = r.Score
	}
	return ds
}

// row returns a player's row: the deals they played with the reference,
// the duplicate score and how many finished players scored more.
func (ds dayScores) row(name string) boardRowJSON {
	row := boardRowJSON{Name: name, Complete: true, Deals: []boardDealJSON{}}
	for n := 1; n <= daily.Deals; n++ {
		sc, ok := ds.scores[name][n]
		if !ok {
			row.Complete = false
			continue
		}
		d := boardDealJSON{Deal: n, Score: sc}
		if ref, ok := ds.refs[n]; ok {
			dup := sc - ref
			d.Bot, d.Duplicate = &ref, &dup
			row.Total += dup
		} else {
			row.Complete = false
		}
		for _, a := range ds.attempts {
			o, ok := ds.scores[a.Player][n]
			if !ok || a.Finished.IsZero() || a.Player == name {
				continue
			}
			d.Others++
			if o > sc {
				d.Better++
			}
		}
		row.Deals = append(row.Deals, d)
	}
	return row
}

// board ranks the finished attempts of a day's challenge by the sum of
// their duplicate scores, ties by the earlier finish, then by name.
func (ds dayScores) board() []boardRowJSON {
	rows := []boardRowJSON{}
	for _, a := range ds.attempts {
		if a.Finished.IsZero() {
			continue
		}
		row := ds.row(a.Player)
		row.Finished = a.Finished
		rows = append(rows, row)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		return ranksBefore(a.Total, b.Total, a.Finished, b.Finished, a.Name, b.Name)
	})
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}

// ranksBefore orders a leaderboard: the higher total first, ties by the
// earlier finish, then by name.
func ranksBefore(ta, tb int, fa, fb time.Time, na, nb string) bool {
	if ta != tb {
		return ta > tb
	}
	if !fa.Equal(fb) {
		return fa.Before(fb)
	}
	return na < nb
}

// dayOf reads one day's challenge from the store.
func dayOf(ctx context.Context, d store.Daily, c daily.Challenge) (dayScores, error) {
	attempts, err := d.Attempts(ctx, c.ID, c.Date)
	if err != nil {
		return dayScores{}, err
	}
	results, err := d.DailyResults(ctx, c.ID, c.Date)
	if err != nil {
		return dayScores{}, err
	}
	refs, err := d.References(ctx, c.ID, c.Date)
	if err != nil {
		return dayScores{}, err
	}
	return newDayScores(attempts, results, refs), nil
}

// maxBoardDays is the longest period a leaderboard sums.
const maxBoardDays = 30

// handleDailyBoard answers the leaderboard of a day's challenge, or with
// ?days=N (2 … 30) the ranking of the N days that end on that day.
func (s *Server) handleDailyBoard(w http.ResponseWriter, r *http.Request) {
	c, err := daily.Find(r.PathValue("id"), r.PathValue("date"))
	if err != nil {
		writeError(w, http.StatusNotFound, "server: %v", err)
		return
	}
	days := 1
	if q := r.URL.Query().Get("days"); q != "" {
		if days, err = strconv.Atoi(q); err != nil || days < 1 || days > maxBoardDays {
			writeCoded(w, http.StatusBadRequest, "bad_request", "server: days must be a number from 1 to %d, not %q", maxBoardDays, q)
			return
		}
	}
	d, ok := s.dailyStore(w)
	if !ok {
		return
	}
	s.computeReferences(c)
	if days > 1 {
		rows, err := s.periodBoard(r.Context(), d, c, days)
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, "server: the leaderboard cannot be read right now: %v", err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"id": c.ID, "date": c.Date, "days": days, "rows": rows})
		return
	}
	ds, err := dayOf(r.Context(), d, c)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "server: the leaderboard cannot be read right now: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": c.ID, "date": c.Date, "days": 1, "rows": ds.board()})
}

// periodRowJSON is one player on the leaderboard of several days.
type periodRowJSON struct {
	Rank int    `json:"rank"`
	Name string `json:"name"`
	// Total is the sum of the player's day totals in the period.
	Total int `json:"total"`
	// Days counts the days the player finished; Best is the best of
	// their day totals, on BestDate.
	Days     int       `json:"days"`
	Best     int       `json:"best"`
	BestDate string    `json:"best_date"`
	Complete bool      `json:"complete"` // every day's reference scores are known
	Finished time.Time `json:"finished"` // the last finish in the period
}

// periodBoard ranks the players of the days days that end on c's date by
// the sum of their day totals, ties by the earlier last finish, then by
// name.
func (s *Server) periodBoard(ctx context.Context, d store.Daily, c daily.Challenge, days int) ([]periodRowJSON, error) {
	end, err := daily.ParseDate(c.Date)
	if err != nil {
		return nil, err
	}
	byName := map[string]*periodRowJSON{}
	for i := range days {
		dc, err := daily.Find(c.ID, end.AddDate(0, 0, -i).Format(daily.DateLayout))
		if err != nil {
			return nil, err
		}
		ds, err := dayOf(ctx, d, dc)
		if err != nil {
			return nil, err
		}
		for _, row := range ds.board() {
			p := byName[row.Name]
			if p == nil {
				p = &periodRowJSON{Name: row.Name, Complete: true, Best: row.Total, BestDate: dc.Date}
				byName[row.Name] = p
			}
			p.Total += row.Total
			p.Days++
			p.Complete = p.Complete && row.Complete
			if row.Total > p.Best {
				p.Best, p.BestDate = row.Total, dc.Date
			}
			if row.Finished.After(p.Finished) {
				p.Finished = row.Finished
			}
		}
	}
	rows := make([]periodRowJSON, 0, len(byName))
	for _, p := range byName {
		rows = append(rows, *p)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		return ranksBefore(a.Total, b.Total, a.Finished, b.Finished, a.Name, b.Name)
	})
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows, nil
}

// progressJSON is a player's attempt at one challenge of a day.
type progressJSON struct {
	ID   string `json:"id"`
	Date string `json:"date"`
	// State is "new" (not started), "playing" or "finished".
	State string `json:"state"`
	// Table is the attempt's table, playing or finished: its hands replay
	// at /t/TABLE/replay/N (deal N+1).
	Table string `json:"table,omitempty"`
	// Played counts the deals that ended; Rank is the place on the day's
	// leaderboard once finished (0 before), of Of players on it.
	Played int          `json:"played"`
	Rank   int          `json:"rank"`
	Of     int          `json:"of"`
	Row    boardRowJSON `json:"row"`
}

// handleDailyProgress answers the player's attempts at the challenges of
// today or of ?date=: their state, the deals played with their duplicate
// scores, and the place on the leaderboard.
func (s *Server) handleDailyProgress(w http.ResponseWriter, r *http.Request) {
	cs, ok := challengesAsked(w, r)
	if !ok {
		return
	}
	d, name, ok := s.dailyWho(w, r)
	if !ok {
		return
	}
	out := make([]progressJSON, 0, len(cs))
	for _, c := range cs {
		p := progressJSON{ID: c.ID, Date: c.Date, State: "new"}
		a, err := d.Attempt(r.Context(), name, c.ID, c.Date)
		switch {
		case errors.Is(err, store.ErrNotFound):
			p.Row = boardRowJSON{Name: name, Deals: []boardDealJSON{}}
			out = append(out, p)
			continue
		case err != nil:
			writeError(w, http.StatusServiceUnavailable, "server: the attempts cannot be read right now")
			return
		}
		ds, err := dayOf(r.Context(), d, c)
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, "server: the attempts cannot be read right now")
			return
		}
		p.Row = ds.row(name)
		p.Played = len(p.Row.Deals)
		p.Table = a.TableID
		if a.Finished.IsZero() {
			p.State = "playing"
		} else {
			p.State = "finished"
			board := ds.board()
			p.Of = len(board)
			for _, row := range board {
				if row.Name == name {
					p.Rank, p.Row = row.Rank, row
				}
			}
		}
		out = append(out, p)
	}
	writeJSON(w, http.StatusOK, out)
}

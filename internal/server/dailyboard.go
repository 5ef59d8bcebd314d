package server

import (
	"net/http"
	"sort"
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

// leaderboard ranks the finished attempts of a day's challenge by the sum
// of their duplicate scores, ties by the earlier finish, then by name.
func leaderboard(attempts []store.Attempt, results []store.DailyResult, refs map[int]int) []boardRowJSON {
	scores := map[string]map[int]int{}
	for _, r := range results {
		if scores[r.Player] == nil {
			scores[r.Player] = map[int]int{}
		}
		scores[r.Player][r.Deal] = r.Score
	}
	var rows []boardRowJSON
	for _, a := range attempts {
		if a.Finished.IsZero() {
			continue
		}
		rows = append(rows, boardRowJSON{Name: a.Player, Finished: a.Finished, Complete: true, Deals: []boardDealJSON{}})
	}
	for i := range rows {
		row := &rows[i]
		for n := 1; n <= daily.Deals; n++ {
			sc, ok := scores[row.Name][n]
			if !ok {
				row.Complete = false
				continue
			}
			d := boardDealJSON{Deal: n, Score: sc}
			if ref, ok := refs[n]; ok {
				dup := sc - ref
				d.Bot, d.Duplicate = &ref, &dup
				row.Total += dup
			} else {
				row.Complete = false
			}
			for _, other := range rows {
				if o, ok := scores[other.Name][n]; ok && o > sc {
					d.Better++
				}
			}
			row.Deals = append(row.Deals, d)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Total != b.Total {
			return a.Total > b.Total
		}
		if !a.Finished.Equal(b.Finished) {
			return a.Finished.Before(b.Finished)
		}
		return a.Name < b.Name
	})
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}

// handleDailyBoard answers the leaderboard of a day's challenge.
func (s *Server) handleDailyBoard(w http.ResponseWriter, r *http.Request) {
	c, err := daily.Find(r.PathValue("id"), r.PathValue("date"))
	if err != nil {
		writeError(w, http.StatusNotFound, "server: %v", err)
		return
	}
	d, ok := s.dailyStore(w)
	if !ok {
		return
	}
	ctx := r.Context()
	attempts, err := d.Attempts(ctx, c.ID, c.Date)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return
	}
	results, err := d.DailyResults(ctx, c.ID, c.Date)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return
	}
	refs, err := d.References(ctx, c.ID, c.Date)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: %v", err)
		return
	}
	rows := leaderboard(attempts, results, refs)
	if rows == nil {
		rows = []boardRowJSON{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": c.ID, "date": c.Date, "rows": rows})
}

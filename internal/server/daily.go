package server

import (
	"net/http"
	"time"

	"trull/internal/daily"
)

// dailyJSON is one daily challenge in GET /api/daily: no cards.
type dailyJSON struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Players int    `json:"players"`
	Date    string `json:"date"`
	Deals   int    `json:"deals"`
	Variant string `json:"variant"`
}

// handleDaily lists the daily challenges of today (UTC) or of the day the
// query's date names (docs/DAILY.md).
func (s *Server) handleDaily(w http.ResponseWriter, r *http.Request) {
	date := r.URL.Query().Get("date")
	if date == "" {
		date = daily.Today(time.Now())
	}
	cs, err := daily.Challenges(date)
	if err != nil {
		writeError(w, http.StatusBadRequest, "server: %v", err)
		return
	}
	out := make([]dailyJSON, 0, len(cs))
	for _, c := range cs {
		rules, err := c.Rules()
		if err != nil {
			writeError(w, http.StatusInternalServerError, "server: %v", err)
			return
		}
		out = append(out, dailyJSON{ID: c.ID, Game: c.Game, Players: c.Players, Date: c.Date, Deals: daily.Deals, Variant: rules.String()})
	}
	writeJSON(w, http.StatusOK, out)
}

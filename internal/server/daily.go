package server

import (
	"context"
	"net/http"
	"time"

	"trull/internal/bot"
	"trull/internal/daily"
	"trull/internal/store"
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
	cs, ok := challengesAsked(w, r)
	if !ok {
		return
	}
	out := make([]dailyJSON, 0, len(cs))
	for _, c := range cs {
		rules, err := c.Rules()
		if err != nil {
			writeError(w, http.StatusInternalServerError, "server: %v", err)
			return
		}
		s.computeReferences(c)
		out = append(out, dailyJSON{ID: c.ID, Game: c.Game, Players: c.Players, Date: c.Date, Deals: daily.Deals, Variant: rules.String()})
	}
	writeJSON(w, http.StatusOK, out)
}

// computeReferences computes, once per server, in the background, the
// reference scores of a day's challenge that the store lacks. Several
// servers may do so at once: the store keeps the first score of a deal.
func (s *Server) computeReferences(c daily.Challenge) {
	d, ok := s.store.(store.Daily)
	if !ok {
		return
	}
	if _, running := s.dailyRefs.LoadOrStore(c.ID+"/"+c.Date, true); running {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx := context.Background()
		have, err := d.References(ctx, c.ID, c.Date)
		if err != nil {
			s.log.Warn("daily references", "challenge", c.ID, "date", c.Date, "err", err)
			s.dailyRefs.Delete(c.ID + "/" + c.Date)
			return
		}
		p, err := bot.New(daily.DefaultBot)
		if err != nil {
			s.log.Error("daily references", "err", err)
			return
		}
		for n := 1; n <= daily.Deals; n++ {
			select {
			case <-s.quit:
				s.dailyRefs.Delete(c.ID + "/" + c.Date)
				return
			default:
			}
			if _, ok := have[n]; ok {
				continue
			}
			sc, err := c.Reference(n, p)
			if err == nil {
				err = d.PutReference(ctx, c.ID, c.Date, n, sc)
			}
			if err != nil {
				s.log.Warn("daily references", "challenge", c.ID, "date", c.Date, "deal", n, "err", err)
				s.dailyRefs.Delete(c.ID + "/" + c.Date)
				return
			}
		}
	}()
}

// challengesAsked returns the daily challenges of the day the query's
// date names, or of today (UTC) without one; a date that is no calendar
// day is refused with 400 and ok false.
func challengesAsked(w http.ResponseWriter, r *http.Request) (cs []daily.Challenge, ok bool) {
	date := r.URL.Query().Get("date")
	if date == "" {
		date = daily.Today(time.Now())
	}
	cs, err := daily.Challenges(date)
	if err != nil {
		writeError(w, http.StatusBadRequest, "server: %v", err)
		return nil, false
	}
	return cs, true
}

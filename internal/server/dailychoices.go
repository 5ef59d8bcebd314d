// How the others played a deal of a daily challenge: for each of the
// player's decisions, what the players who reached the same position chose
// (docs/DAILY.md, "After a deal").

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strconv"

	"trull/internal/daily"
	"trull/internal/game"
	"trull/internal/store"
)

// choiceJSON is one action chosen in a position and by how many.
type choiceJSON struct {
	Action json.RawMessage `json:"action"`
	Count  int             `json:"count"`
}

// decisionJSON is one of the player's decisions of a deal: its step in
// the hand, the action the player chose, how many players reached the same
// position (the player included) and what they chose, the most chosen
// first.
type decisionJSON struct {
	Step    int             `json:"step"`
	Action  json.RawMessage `json:"action"`
	Same    int             `json:"same"`
	Choices []choiceJSON    `json:"choices"`
}

// dealActions returns the record actions of deal n (from 1) of a
// challenge's table, each as its JSON, or nil when the deal has no record.
func (s *Server) dealActions(ctx context.Context, table string, n int) ([][]byte, error) {
	h, err := s.store.Hand(ctx, table, n-1)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rec game.Record
	if err := json.Unmarshal(h.Record, &rec); err != nil {
		return nil, err
	}
	out := make([][]byte, len(rec.Actions))
	for i, ra := range rec.Actions {
		if out[i], err = json.Marshal(ra); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decisions compares the player's actions (mine) with every player's
// (all, the player's among them) and returns, for each action of seat in
// mine, who reached the same position (the same actions before it) and
// what they chose there.
func decisions(mine [][]byte, all [][][]byte, seat int) []decisionJSON {
	// common[k]: how many actions all[k] shares with mine from the start.
	common := make([]int, len(all))
	for k, acts := range all {
		for common[k] < len(acts) && common[k] < len(mine) && bytes.Equal(acts[common[k]], mine[common[k]]) {
			common[k]++
		}
	}
	out := []decisionJSON{}
	for i, m := range mine {
		var ra game.RecordAction
		if json.Unmarshal(m, &ra) != nil || ra.SeatOf() != seat {
			continue
		}
		d := decisionJSON{Step: i, Action: m, Choices: []choiceJSON{}}
		counts := map[string]int{}
		for k, acts := range all {
			if common[k] >= i && len(acts) > i {
				d.Same++
				counts[string(acts[i])]++
			}
		}
		for a, n := range counts {
			d.Choices = append(d.Choices, choiceJSON{Action: json.RawMessage(a), Count: n})
		}
		sort.Slice(d.Choices, func(x, y int) bool {
			if d.Choices[x].Count != d.Choices[y].Count {
				return d.Choices[x].Count > d.Choices[y].Count
			}
			return string(d.Choices[x].Action) < string(d.Choices[y].Action)
		})
		out = append(out, d)
	}
	return out
}

// handleDailyChoices answers GET /api/daily/{id}/{date}/deals/{n}/choices
// for the player the headers name, once their own deal n has ended:
// before, the others' choices would tell its cards.
func (s *Server) handleDailyChoices(w http.ResponseWriter, r *http.Request) {
	c, err := daily.Find(r.PathValue("id"), r.PathValue("date"))
	if err != nil {
		writeCoded(w, http.StatusNotFound, "daily_unknown", "server: %v", err)
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || n > daily.Deals {
		writeCoded(w, http.StatusBadRequest, "bad_request", "server: the deal must be a number from 1 to %d, not %q", daily.Deals, r.PathValue("n"))
		return
	}
	d, name, ok := s.dailyWho(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	a, err := d.Attempt(ctx, name, c.ID, c.Date)
	var mine [][]byte
	if err == nil {
		mine, err = s.dealActions(ctx, a.TableID, n)
	}
	switch {
	case errors.Is(err, store.ErrNotFound) || (err == nil && mine == nil):
		writeCoded(w, http.StatusConflict, "daily_not_played", "server: %s has not finished deal %d of the %s challenge of %s; the others' choices are shown after it", name, n, c.ID, c.Date)
		return
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "server: the deals cannot be read right now")
		return
	}
	attempts, err := d.Attempts(ctx, c.ID, c.Date)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "server: the deals cannot be read right now")
		return
	}
	var all [][][]byte
	for _, o := range attempts {
		acts, err := s.dealActions(ctx, o.TableID, n)
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, "server: the deals cannot be read right now")
			return
		}
		if acts != nil {
			all = append(all, acts)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": c.ID, "date": c.Date, "deal": n, "players": len(all),
		"decisions": decisions(mine, all, c.Seat())})
}

package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"trull/internal/daily"
)

// TestDailyChoices: after a deal, each of the player's decisions lists how
// many players reached the same position and what they chose: two who
// decide as the reference bot reach every one of its positions together,
// a third who decides at random only some; before the deal ends the
// choices are refused.
func TestDailyChoices(t *testing.T) {
	e := newEnv(t, Config{})
	c, err := daily.Find("strohmandeln-2", daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	type player struct{ name, secret, table string }
	var ps []player
	for i, name := range []string{"Ann", "Bob", "Cid"} {
		n, sec := e.dailyPlayer(name)
		id, tok := e.dailySeat(c, n, sec)
		f := asReference(t)
		if i == 2 {
			f = atRandom(t, rand.New(rand.NewPCG(5, 5)))
		}
		cl := e.dial(id, "token="+tok, nil)
		if i == 0 {
			// Before Ann's first deal ends, the others' choices stay hidden.
			var out map[string]any
			if code := e.doAs("GET", "/api/daily/"+c.ID+"/"+c.Date+"/deals/1/choices", nil, &out, n, sec); code != http.StatusConflict || out["code"] != "daily_not_played" {
				t.Fatalf("choices before the deal ended: %d %v", code, out)
			}
		}
		e.playDaily(cl, id, f, func(s *tState) bool { return s.Done })
		ps = append(ps, player{n, sec, id})
	}
	var out struct {
		Players   int            `json:"players"`
		Decisions []decisionJSON `json:"decisions"`
	}
	if code := e.doAs("GET", "/api/daily/"+c.ID+"/"+c.Date+"/deals/1/choices", nil, &out, ps[0].name, ps[0].secret); code != http.StatusOK {
		t.Fatalf("choices: %d", code)
	}
	if out.Players != 3 || len(out.Decisions) == 0 {
		t.Fatalf("choices: %+v", out)
	}
	for i, d := range out.Decisions {
		sum, mine := 0, 0
		for _, ch := range d.Choices {
			sum += ch.Count
			if string(ch.Action) == string(d.Action) {
				mine = ch.Count
			}
		}
		if d.Same < 2 || d.Same > 3 || sum != d.Same || mine < 2 {
			t.Fatalf("decision %d at step %d: %+v (chosen by %d of %d)", i, d.Step, d, mine, sum)
		}
		if i == 0 && d.Same != 3 {
			t.Fatalf("the first decision was reached by %d players, want 3: the bots before it are the same for everyone", d.Same)
		}
		var ra map[string]any
		json.Unmarshal(d.Action, &ra)
		if ra["seat"] != float64(c.Seat()) {
			t.Fatalf("decision %d is seat %v's, want the person's %d", i, ra["seat"], c.Seat())
		}
	}
	var bad map[string]any
	if code := e.doAs("GET", "/api/daily/"+c.ID+"/"+c.Date+"/deals/7/choices", nil, &bad, ps[0].name, ps[0].secret); code != http.StatusBadRequest {
		t.Fatalf("deal 7: %d %v", code, bad)
	}
}

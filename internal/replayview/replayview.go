// Package replayview turns a hand record into what a replay viewer shows:
// the record's result as `trull replay` prints it (docs/FORMAT.md) and,
// step by step, the action in words, the public view and every seat's
// view with their table models. The server's POST /api/replay answers
// with it, and the engine in the browser (web/wasm) for play on this
// device.
package replayview

import (
	"bytes"
	"encoding/json"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// Step is one step of a replay: the action taken (none for the
// deal), its description in English and German, the public view after it,
// and every seat's own view (a finished hand's record shows all hands).
type Step struct {
	Action *game.RecordAction `json:"action"`
	Text   string             `json:"text,omitempty"`
	TextDe string             `json:"text_de,omitempty"`
	View   json.RawMessage    `json:"view"`
	Views  []json.RawMessage  `json:"views"`
	// Model and Models are the table models of View and Views.
	Model  json.RawMessage   `json:"model"`
	Models []json.RawMessage `json:"models"`
}

// Steps replays a record step by step. A finished hand's record is public:
// every step shows every trick. A record that stops before the end is a
// hand still being played: each view shows the tricks its viewer may look
// back at by the game's information rules. An error is the record's
// (game.ActionError names the action).
func Steps(body []byte) (map[string]any, error) {
	rec, err := game.DecodeRecord(bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	// The whole record first: its errors are the contract's.
	final, err := game.Replay(rec)
	if err != nil {
		return nil, err
	}
	r := final.Rules()
	deck, _ := rec.DeckOf(r)
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		return nil, err
	}
	var steps []Step
	snap := func(ra *game.RecordAction) error {
		step := Step{Action: ra}
		if ra != nil {
			// Describe the engine actions the record action became.
			acts, err := r.DecodeAction(st, *ra)
			if err == nil {
				var en, de []string
				for _, a := range acts {
					en, de = append(en, r.Describe(a, card.English)), append(de, r.Describe(a, card.German))
				}
				step.Text, step.TextDe = strings.Join(en, "; "), strings.Join(de, "; ")
			}
			if err := game.ApplyRecordAction(st, *ra); err != nil {
				return err
			}
		}
		for seat := -1; seat < r.Seats(); seat++ {
			v, m, err := viewOf(st, seat, final.Done())
			if err != nil {
				return err
			}
			if seat < 0 {
				step.View, step.Model = v, m
				continue
			}
			step.Views = append(step.Views, v)
			step.Models = append(step.Models, m)
		}
		steps = append(steps, step)
		return nil
	}
	if err := snap(nil); err != nil {
		return nil, err
	}
	for i := range rec.Actions {
		if err := snap(&rec.Actions[i]); err != nil {
			return nil, &game.ActionError{Index: i, Err: err}
		}
	}
	sum, err := json.Marshal(game.Summarize(final))
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	if err := json.Unmarshal(sum, &out); err != nil {
		return nil, err
	}
	out["variant"] = r.String()
	out["variant_title"] = game.Words{EN: game.Title(r, card.English), DE: game.Title(r, card.German)}
	out["players"] = rec.Players
	out["dealer"] = *rec.Dealer
	out["steps"] = steps
	return out, nil
}

// viewOf returns the view of st for a seat (-1: the public view) and its
// table model, as JSON; open shows every finished trick.
func viewOf(st game.State, seat int, open bool) (view, model json.RawMessage, err error) {
	gv := st.View(game.ViewerOf(seat).WithReview(open))
	if view, err = json.Marshal(gv); err != nil {
		return nil, nil, err
	}
	m, err := tablemodel.Of(gv)
	if err != nil {
		return nil, nil, err
	}
	model, err = json.Marshal(m)
	return view, model, err
}

package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// replayStep is one step of a replay: the action taken (none for the
// deal), its description in English and German, the public view after it,
// and every seat's own view (a finished hand's record shows all hands).
type replayStep struct {
	Action *game.RecordAction `json:"action"`
	Text   string             `json:"text,omitempty"`
	TextDe string             `json:"text_de,omitempty"`
	View   json.RawMessage    `json:"view"`
	Views  []json.RawMessage  `json:"views"`
	// Model and Models are the table models of View and Views.
	Model  json.RawMessage   `json:"model"`
	Models []json.RawMessage `json:"models"`
}

// handleReplay answers POST /api/replay: a hand record in, the `trull
// replay` result plus per-step views out. A bad record is a 400 whose error
// names the action, as `trull replay` does.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRecord))
	if err != nil {
		bodyError(w, err, "the record")
		return
	}
	out, err := replayRecord(body)
	if err != nil {
		// The parameters let the browser say what is wrong in its language.
		writeRefusal(w, http.StatusBadRequest, "bad_record", game.RecordParams(err), "%s", replayError(err))
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// replayError words an error like `trull replay` does.
func replayError(err error) string {
	var ae *game.ActionError
	if errors.As(err, &ae) {
		return ae.Error()
	}
	return err.Error()
}

// replayRecord replays a record step by step.
func replayRecord(body []byte) (map[string]any, error) {
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
	var steps []replayStep
	snap := func(ra *game.RecordAction) error {
		step := replayStep{Action: ra}
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
			// A finished hand's record is public: every step shows every
			// trick. A record that stops before the end is a hand still
			// being played: each view shows the tricks its viewer may
			// look back at by the game's information rules.
			sv, err := viewsOf(st, seat, final.Done())
			if err != nil {
				return err
			}
			if seat < 0 {
				step.View, step.Model = sv.viewJSON(), sv.model
				continue
			}
			step.Views = append(step.Views, sv.viewJSON())
			step.Models = append(step.Models, sv.model)
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
	out["variant_title"] = variantTitle(r)
	out["players"] = rec.Players
	out["dealer"] = *rec.Dealer
	out["steps"] = steps
	return out, nil
}

package server

import (
	"errors"
	"io"
	"net/http"

	"trull/internal/game"
	"trull/internal/replayview"
)

// handleReplay answers POST /api/replay: a hand record in, the `trull
// replay` result plus per-step views out. A bad record is a 400 whose error
// names the action, as `trull replay` does.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRecord))
	if err != nil {
		bodyError(w, err, "the record")
		return
	}
	out, err := replayview.Steps(body)
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

// JSON answers and requests of the HTTP API, and the refusal codes they carry.

package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"trull/internal/game"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer failed: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeCoded(w, status, "", format, args...)
}

// writeCoded answers with an error that also has a code, for a client to
// word in the person's language (docs/PROTOCOL.md).
func writeCoded(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeRefusal(w, status, code, nil, format, args...)
}

// writeRefusal is writeCoded with the refusal's parameters ("params"), for
// a client that words it (a bad record: game.RecordParams).
func writeRefusal(w http.ResponseWriter, status int, code string, params game.Params, format string, args ...any) {
	m := map[string]any{"error": fmt.Sprintf(format, args...)}
	if code != "" {
		m["code"] = code
	}
	if len(params) > 0 {
		m["params"] = params
	}
	b, _ := json.Marshal(m)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// readJSON decodes a size-limited JSON body strictly.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		bodyError(w, err, "the body")
		return false
	}
	if err := strictJSON(body, v); err != nil {
		writeError(w, http.StatusBadRequest, "the body is not the expected JSON: %v", err)
		return false
	}
	return true
}

// bodyError answers a request whose body (what names it) could not be
// read: too large, or not sent in time.
func bodyError(w http.ResponseWriter, err error, what string) {
	if mb, ok := errors.AsType[*http.MaxBytesError](err); ok {
		writeError(w, http.StatusRequestEntityTooLarge, "%s is larger than %d bytes", what, mb.Limit)
		return
	}
	writeError(w, http.StatusBadRequest, "%s could not be read: %v", what, err)
}

// codedError gives an error a code for clients (writeCoded).
type codedError struct {
	code string
	error
}

func (e codedError) Unwrap() error { return e.error }

// codeErr gives err a code for clients.
func codeErr(code string, err error) error { return codedError{code, err} }

// errCode returns the code of err, or def.
func errCode(err error, def string) string {
	var ce codedError
	if errors.As(err, &ce) {
		return ce.code
	}
	return def
}

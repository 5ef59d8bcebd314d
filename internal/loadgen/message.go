package loadgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"trull/internal/jsonscan"
)

// header is what a simulated person reads of a server message: a state
// message's seq, ack, done and legal actions, or an error's text. The
// table part and the model, most of a state message, are skipped, not
// decoded: the generator runs on the same machine as the server it
// measures, and its own work counts against it.
type header struct {
	Type  string
	Error string
	Seq   int64
	Ack   bool // the message answers one of this connection's
	Done  bool
	// Legal is the raw array of legal actions ("[]" or absent: none).
	Legal []byte
}

var errNotJSON = errors.New("loadgen: a message that is not a JSON object")

// readHeader reads the top level of a JSON object. The values it keeps
// are checked; the values it skips are only delimited.
func readHeader(data []byte, h *header) error {
	*h = header{}
	if err := jsonscan.EachField(data, h.set); err != nil {
		return errNotJSON
	}
	return nil
}

// set keeps the value v of key.
func (h *header) set(key, v []byte) error {
	var err error
	switch string(key) {
	case "type":
		// The types a person acts on, without a string made for each.
		switch string(v) {
		case `"state"`:
			h.Type = "state"
		case `"error"`:
			h.Type = "error"
		default:
			err = json.Unmarshal(v, &h.Type)
		}
	case "error":
		err = json.Unmarshal(v, &h.Error)
	case "seq":
		h.Seq, err = strconv.ParseInt(string(v), 10, 64)
	case "ack":
		h.Ack = !bytes.Equal(v, []byte("null"))
	case "done":
		h.Done = bytes.Equal(v, []byte("true"))
	case "legal":
		if len(v) > 0 && v[0] != '[' && !bytes.Equal(v, []byte("null")) {
			return errNotJSON
		}
		h.Legal = v
	}
	return err
}

// elements splits a JSON array into its elements.
func elements(arr []byte) ([]json.RawMessage, error) {
	var out []json.RawMessage
	if err := jsonscan.EachElement(arr, func(v []byte) error {
		out = append(out, json.RawMessage(v))
		return nil
	}); err != nil {
		return nil, errNotJSON
	}
	return out, nil
}

package loadgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
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
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return errNotJSON
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return errNotJSON
		}
		end, err := skipString(data, i)
		if err != nil {
			return err
		}
		key := data[i+1 : end-1]
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return errNotJSON
		}
		i = skipSpace(data, i+1)
		end, err = skipValue(data, i)
		if err != nil {
			return err
		}
		if err := h.set(key, data[i:end]); err != nil {
			return err
		}
		i = skipSpace(data, end)
		if i >= len(data) {
			return errNotJSON
		}
		if data[i] == '}' {
			return nil
		}
		if data[i] != ',' {
			return errNotJSON
		}
		i = skipSpace(data, i+1)
	}
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
	i := skipSpace(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return nil, nil
	}
	var out []json.RawMessage
	i = skipSpace(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return nil, nil
	}
	for {
		end, err := skipValue(arr, i)
		if err != nil {
			return nil, err
		}
		out = append(out, json.RawMessage(arr[i:end]))
		i = skipSpace(arr, end)
		if i >= len(arr) {
			return nil, errNotJSON
		}
		if arr[i] == ']' {
			return out, nil
		}
		if arr[i] != ',' {
			return nil, errNotJSON
		}
		i = skipSpace(arr, i+1)
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] ('"').
func skipString(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, errNotJSON
}

// skipValue returns the index after the value starting at b[i]: an object
// or array with everything in it, a string, or a number or literal.
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errNotJSON
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				end, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, errNotJSON
	}
	start := i
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\n' && b[i] != '\t' && b[i] != '\r' {
		i++
	}
	if i == start {
		return 0, errNotJSON
	}
	return i, nil
}

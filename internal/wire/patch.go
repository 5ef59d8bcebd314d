package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// A model patch is what a state message carries instead of the table
// model for a connection that asked for patches ("model_patch": true in
// the join message, docs/PROTOCOL.md): the model's top-level fields that
// changed since the last state on the connection, each with its new value;
// "+field" with the elements added at the end of a list that only grew
// (the tricks, the log); "-field" (value null) for a field that is gone.
// Applied in order to the last model, it gives the new one. A card played
// in the middle of a hand changes a few fields of about forty, so a state
// message shrinks from about 2 KB to a few hundred bytes, under the size
// from which a server compresses.

// ErrNotObject is returned for bytes that are not one JSON object.
var ErrNotObject = errors.New("wire: not a JSON object")

// maxFields bounds the fields AppendModelPatch compares without
// allocating; a model has about forty.
const maxFields = 64

// AppendModelPatch appends to dst the patch that turns the model old into
// new, both compact JSON objects as tablemodel.AppendJSON writes them. It
// reports false, and appends nothing, when the patch would not be shorter
// than new itself, or when either is not an object: the message then
// carries the whole model.
func AppendModelPatch(dst, old, new []byte) ([]byte, bool) {
	var olds [maxFields]field
	n := 0
	for i := 0; ; {
		k, v, next, err := nextField(old, i)
		if err != nil || n == maxFields {
			return dst, false
		}
		if k == nil {
			break
		}
		olds[n] = field{k, v}
		n++
		i = next
	}
	start := len(dst)
	dst = append(dst, '{')
	first := true
	sep := func() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
	}
	var seen [maxFields]bool
	for i, o := 0, 0; ; {
		k, v, next, err := nextField(new, i)
		if err != nil {
			return dst[:start], false
		}
		if k == nil {
			break
		}
		i = next
		// The fields come in the same order in both: look from where the
		// last one was found.
		j := -1
		for t := range n {
			if u := (o + t) % n; !seen[u] && bytes.Equal(olds[u].key, k) {
				j = u
				break
			}
		}
		if j >= 0 {
			seen[j] = true
			o = j + 1
			ov := olds[j].val
			if bytes.Equal(ov, v) {
				continue
			}
			if len(ov) > 2 && ov[0] == '[' && len(v) > len(ov) && bytes.HasPrefix(v, ov[:len(ov)-1]) && v[len(ov)-1] == ',' {
				// A list that grew: only its new elements.
				sep()
				dst = append(dst, `"+`...)
				dst = append(dst, k...)
				dst = append(dst, `":[`...)
				dst = append(dst, v[len(ov):]...)
				continue
			}
		}
		sep()
		dst = append(dst, '"')
		dst = append(dst, k...)
		dst = append(dst, `":`...)
		dst = append(dst, v...)
	}
	for j := range n {
		if !seen[j] {
			sep()
			dst = append(dst, `"-`...)
			dst = append(dst, olds[j].key...)
			dst = append(dst, `":null`...)
		}
	}
	dst = append(dst, '}')
	if len(dst)-start >= len(new) {
		return dst[:start], false
	}
	return dst, true
}

// ApplyModelPatch applies a model patch to the top-level fields of the
// last model, in place: the map changes, the bytes of its values do not.
func ApplyModelPatch(model map[string]json.RawMessage, patch []byte) error {
	return EachField(patch, func(key, val []byte) error {
		k := string(key)
		switch {
		case len(k) > 1 && k[0] == '-':
			delete(model, k[1:])
		case len(k) > 1 && k[0] == '+':
			old, ok := model[k[1:]]
			if !ok || len(old) < 2 || old[0] != '[' || len(val) < 2 || val[0] != '[' {
				return fmt.Errorf("wire: a patch adds to %q, which is not a list", k[1:])
			}
			// A new list: the old one's bytes may be another model's too.
			head := bytes.TrimSpace(old[:len(old)-1])
			grown := make(json.RawMessage, 0, len(head)+len(val))
			grown = append(grown, head...)
			if len(head) > 1 {
				grown = append(grown, ',')
			}
			model[k[1:]] = append(grown, val[1:]...)
		default:
			model[k] = append(json.RawMessage(nil), val...)
		}
		return nil
	})
}

// field is one top-level field of an object: its key, unquoted, and its
// value's bytes.
type field struct{ key, val []byte }

// EachField calls f with every top-level field of the JSON object obj: its
// key without the quotes (escapes left as they are) and its value's bytes.
// The values are delimited, not checked.
func EachField(obj []byte, f func(key, val []byte) error) error {
	for i := 0; ; {
		k, v, next, err := nextField(obj, i)
		if err != nil {
			return err
		}
		if k == nil {
			return nil
		}
		if err := f(k, v); err != nil {
			return err
		}
		i = next
	}
}

// nextField returns the field of obj that starts at i (0: the object's
// start), and where the next one starts; a nil key at the object's end.
func nextField(b []byte, i int) (key, val []byte, next int, err error) {
	start := i == 0
	i = skipSpace(b, i)
	if start {
		if i >= len(b) || b[i] != '{' {
			return nil, nil, 0, ErrNotObject
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == '}' {
			return nil, nil, i + 1, nil
		}
	} else {
		switch {
		case i >= len(b):
			return nil, nil, 0, ErrNotObject
		case b[i] == '}':
			return nil, nil, i + 1, nil
		case b[i] != ',':
			return nil, nil, 0, ErrNotObject
		}
		i = skipSpace(b, i+1)
	}
	if i >= len(b) || b[i] != '"' {
		return nil, nil, 0, ErrNotObject
	}
	end, err := skipString(b, i)
	if err != nil {
		return nil, nil, 0, err
	}
	key = b[i+1 : end-1]
	i = skipSpace(b, end)
	if i >= len(b) || b[i] != ':' {
		return nil, nil, 0, ErrNotObject
	}
	i = skipSpace(b, i+1)
	end, err = SkipValue(b, i)
	if err != nil {
		return nil, nil, 0, err
	}
	return key, b[i:end], end, nil
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
	return 0, ErrNotObject
}

// SkipValue returns the index after the JSON value starting at b[i]: an
// object or array with everything in it, a string, or a number or
// literal. It delimits; it does not check.
func SkipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, ErrNotObject
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
		return 0, ErrNotObject
	}
	start := i
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\n' && b[i] != '\t' && b[i] != '\r' {
		i++
	}
	if i == start {
		return 0, ErrNotObject
	}
	return i, nil
}

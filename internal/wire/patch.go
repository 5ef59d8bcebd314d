package wire

import (
	"bytes"
	"encoding/json"
	"fmt"

	"trull/internal/jsonscan"
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
		k, v, next, err := jsonscan.NextField(old, i)
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
		k, v, next, err := jsonscan.NextField(new, i)
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
	return jsonscan.EachField(patch, func(key, val []byte) error {
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

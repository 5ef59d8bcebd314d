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

// maxFields bounds the fields of a model that ModelFields holds; a model
// has about forty.
const maxFields = 64

// ModelFields is where each top-level field of a model lies: read once
// for a model sent (Read), kept with it, and the old side of the next
// patch, which then reads only the new model.
type ModelFields struct {
	n  int // -1: not a model (not an object, or too many fields)
	at [maxFields]span
}

// span is one field: its key's and its value's bytes, as offsets.
type span struct{ k0, k1, v0, v1 int32 }

// Read finds the top-level fields of model and reports whether it is an
// object of at most 64 fields.
func (f *ModelFields) Read(model []byte) bool {
	f.n = 0
	for i := 0; ; {
		k, v, next, err := jsonscan.NextField(model, i)
		if err != nil || (k != nil && f.n == maxFields) {
			f.n = -1
			return false
		}
		if k == nil {
			return true
		}
		k0 := cap(model) - cap(k) // k and v are slices of model
		v0 := cap(model) - cap(v)
		f.at[f.n] = span{int32(k0), int32(k0 + len(k)), int32(v0), int32(v0 + len(v))}
		f.n++
		i = next
	}
}

// key and val return field j of model, whose fields f holds.
func (f *ModelFields) key(model []byte, j int) []byte { return model[f.at[j].k0:f.at[j].k1] }
func (f *ModelFields) val(model []byte, j int) []byte { return model[f.at[j].v0:f.at[j].v1] }

// AppendModelPatch appends to dst the patch that turns the model old into
// new, both compact JSON objects as tablemodel.AppendJSON writes them. It
// reports false, and appends nothing, when the patch would not be shorter
// than new itself, or when either is not an object: the message then
// carries the whole model.
func AppendModelPatch(dst, old, new []byte) ([]byte, bool) {
	var of, nf ModelFields
	of.Read(old)
	nf.Read(new)
	return AppendModelPatchOf(dst, old, &of, new, &nf)
}

// AppendModelPatchOf is AppendModelPatch with the fields of both models
// already read.
func AppendModelPatchOf(dst, old []byte, of *ModelFields, new []byte, nf *ModelFields) ([]byte, bool) {
	if of.n < 0 || nf.n < 0 {
		return dst, false
	}
	n := of.n
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
	for i, o := 0, 0; i < nf.n; i++ {
		k, v := nf.key(new, i), nf.val(new, i)
		// The fields come in the same order in both: look from where the
		// last one was found.
		j := -1
		for t := range n {
			if u := (o + t) % n; !seen[u] && bytes.Equal(of.key(old, u), k) {
				j = u
				break
			}
		}
		if j >= 0 {
			seen[j] = true
			o = j + 1
			ov := of.val(old, j)
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
			dst = append(dst, of.key(old, j)...)
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

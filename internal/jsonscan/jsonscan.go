// Package jsonscan reads the top level of JSON objects without decoding
// them: each field's key and the bytes of its value, delimited but not
// checked. A client that acts on a few fields of large messages (the load
// generator) and the model patches (internal/wire) read JSON so. The
// encoders written without reflection (the table model, the legal actions)
// quote their strings with AppendString.
package jsonscan

import (
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// AppendString appends s quoted as json.Marshal quotes it: card IDs, seats'
// words and phases are plain ASCII and are copied; anything else (escapes,
// HTML characters, other scripts) is left to encoding/json.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil { // a string always marshals
				panic(err)
			}
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// ErrNotObject is returned for bytes that are not one JSON object (or,
// from EachElement, array).
var ErrNotObject = errors.New("jsonscan: not a JSON object")

// EachField calls f with every top-level field of the JSON object obj: its
// key without the quotes (escapes left as they are) and its value's bytes.
// The values are delimited, not checked.
func EachField(obj []byte, f func(key, val []byte) error) error {
	for i := 0; ; {
		k, v, next, err := NextField(obj, i)
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

// EachElement calls f with the bytes of every element of the JSON array
// arr; it does nothing for bytes that are not an array.
func EachElement(arr []byte, f func(val []byte) error) error {
	i := skipSpace(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return nil
	}
	i = skipSpace(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return nil
	}
	for {
		end, err := skipValue(arr, i)
		if err != nil {
			return err
		}
		if err := f(arr[i:end]); err != nil {
			return err
		}
		i = skipSpace(arr, end)
		if i >= len(arr) {
			return ErrNotObject
		}
		if arr[i] == ']' {
			return nil
		}
		if arr[i] != ',' {
			return ErrNotObject
		}
		i = skipSpace(arr, i+1)
	}
}

// NextField returns the field of obj that starts at i (0: the object's
// start), and where the next one starts; a nil key at the object's end.
func NextField(b []byte, i int) (key, val []byte, next int, err error) {
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
	end, err = skipValue(b, i)
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

// skipValue returns the index after the JSON value starting at b[i]: an
// object or array with everything in it, a string, or a number or
// literal. It delimits; it does not check.
func skipValue(b []byte, i int) (int, error) {
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

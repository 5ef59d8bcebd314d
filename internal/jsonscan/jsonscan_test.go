package jsonscan_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"trull/internal/jsonscan"
)

// TestEachField: the fields of objects with nesting, strings that hold
// brackets, quotes and commas, and spaces; and what is not an object.
func TestEachField(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string // key=value, in order
		err  bool
	}{
		{`{}`, nil, false},
		{` { "a" : 1 , "b":[1,{"c":"]"}] } `, []string{"a=1", `b=[1,{"c":"]"}]`}, false},
		{`{"s":"x\"},{","t":true,"n":null}`, []string{`s="x\"},{"`, "t=true", "n=null"}, false},
		{`{"k\"q":-1.5e3}`, []string{`k\"q=-1.5e3`}, false},
		{`[1]`, nil, true},
		{`{"a":1`, []string{"a=1"}, true},
		{`{"a" 1}`, nil, true},
		{`{"a":}`, nil, true},
		{`{"a":"open}`, nil, true},
		{``, nil, true},
	} {
		var got []string
		err := jsonscan.EachField([]byte(tc.in), func(k, v []byte) error {
			got = append(got, string(k)+"="+string(v))
			return nil
		})
		if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestEachElement: the elements of arrays; nothing for what is not one.
func TestEachElement(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  bool
	}{
		{`[]`, nil, false},
		{`[1, "a,]", {"b":[2]} ]`, []string{"1", `"a,]"`, `{"b":[2]}`}, false},
		{`{"a":1}`, nil, false},
		{`[1 2]`, []string{"1"}, true},
		{`[1,`, []string{"1"}, true},
	} {
		var got []string
		err := jsonscan.EachElement([]byte(tc.in), func(v []byte) error {
			got = append(got, string(v))
			return nil
		})
		if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// FuzzEachField: on a valid compact object, the fields are what
// encoding/json finds, value for value.
func FuzzEachField(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":[1,{"c":"]"}],"s":"x\"}"}`))
	f.Add([]byte(`{"x":{"y":{"z":[[],{}]}},"e":""}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var want map[string]json.RawMessage
		if json.Unmarshal(b, &want) != nil {
			return
		}
		var c bytes.Buffer
		if json.Compact(&c, b) != nil || !bytes.Equal(c.Bytes(), b) {
			return
		}
		n := 0
		jsonscan.EachField(b, func(_, _ []byte) error { n++; return nil })
		if n != len(want) {
			return // a key named twice: encoding/json keeps the last
		}
		err := jsonscan.EachField(b, func(k, v []byte) error {
			var key string
			if err := json.Unmarshal(append(append([]byte{'"'}, k...), '"'), &key); err != nil {
				t.Fatalf("key %s: %v", k, err)
			}
			if w := want[key]; !bytes.Equal(w, v) {
				t.Fatalf("%s: field %s=%s, encoding/json %s", b, k, v, w)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
	})
}

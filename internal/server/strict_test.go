package server

import (
	"reflect"
	"testing"

	"trull/internal/game"
)

// FuzzStrictObject holds strictObject to strictJSON: the same verdict, the
// same error and the same value for any bytes, for both of the types it
// decodes.
func FuzzStrictObject(f *testing.F) {
	for _, s := range []string{
		`{"type":"act","seq":3,"action":{"seat":0,"act":"play","card":"T21"}}`,
		`{"type":"join","token":"abc","view":false,"delta":true,"model_patch":true}`,
		`{"type":"chat","text":"Servus \u00e4"}`,
		`{"Type":"act"}`, `{"type":"act","extra":1}`, `{"ty\u0070e":"next"}`,
		`{"type":"act"} {}`, `{"type":1}`, `{"seq":null}`, `[]`, `{`, ``, `{"type":"act",}`,
		`{"seat":1,"act":"discard","cards":["H-K","S-7"]}`, `{"act":"bid","call":"solo","say":"x"}`,
		`{"act":"play","card":"T21","seat":"0"}`, `{"act":"play","CARD":"T21"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m1, m2 clientMsg
		e1, e2 := strictObject(b, &m1, clientMsgKeys), strictJSON(b, &m2)
		same(t, "clientMsg", b, e1, e2, m1, m2)
		var a1, a2 game.RecordAction
		e1, e2 = strictObject(b, &a1, recordActionKeys), strictJSON(b, &a2)
		same(t, "RecordAction", b, e1, e2, a1, a2)
	})
}

func same(t *testing.T, what string, b []byte, e1, e2 error, v1, v2 any) {
	t.Helper()
	switch {
	case (e1 == nil) != (e2 == nil) || e1 != nil && e1.Error() != e2.Error():
		t.Fatalf("%s %q: strictObject says %v, strictJSON %v", what, b, e1, e2)
	case e1 == nil && !reflect.DeepEqual(v1, v2):
		t.Fatalf("%s %q: strictObject decodes %+v, strictJSON %+v", what, b, v1, v2)
	}
}

package loadgen

import (
	"encoding/json"
	"slices"
	"testing"
)

// stateMessage is a state message of a Droggn table of the load test, as
// the server sends it to a connection joined with "view": false and
// "delta": true when the table part changed.
const stateMessage = `{"type":"state","seq":2,"ack":7,"you":1,"host":false,"table":{"id":"0e916258864a4ba8","game":"droggn","variant":"droggn()","variant_title":{"en":"Droggn, 3 players","de":"Droggn, 3 Spieler"},"options":{},"name":"Droggn","state":"playing","seats":[{"seat":0,"name":"A","taken":true,"connected":false,"host":true,"away_since_ms":1795867083203},{"seat":1,"name":"B","taken":true,"connected":false,"away_since_ms":1795867083203},{"seat":2,"name":"Bot 3","bot":"rules","taken":true,"connected":true}],"hand":0,"played":0,"hands_left":-1,"end_requested":-1,"sheet":[],"totals":[0,0,0],"stake":1,"settlement":{"stake":1,"payments":[],"net":[0,0,0]},"grace_ms":30000,"auto_bot":true,"hints":false,"started":true,"turn_clock_ms":90000,"open_review":false},"turn_left_ms":89999,"hand":0,"step":0,"done":false,"model":{"game":"droggn","variant":"droggn()","seat":1,"seats":3,"dealer":0,"sits_out":-1,"elder":-1,"phase":"bidding","to_act":1,"hand":["T7","T9","T12","T13","T14","S-9","S-K","C-7","C-8","C-9","C-N","H-4","H-3","H-2","H-1","H-J","H-N","H-K","D-6","D-J","D-K"],"hand_sizes":[21,21,21],"contract":"","declarer":-1,"partner":-1,"tricks":[],"trick":null,"tricks_won":[0,0,0],"log":[],"result":null,"talon_size":3,"bought_from":-1,"pagat_laid":-1},"legal":[{"seat":1,"act":"bid","call":"pass"},{"seat":1,"act":"bid","call":"ansager"},{"seat":1,"act":"bid","call":"solo"},{"seat":1,"act":"bid","call":"super"},{"seat":1,"act":"bid","call":"supermord"}]}`

// decoded is the same header decoded by encoding/json, to compare with.
type decoded struct {
	Type  string            `json:"type"`
	Error string            `json:"error"`
	Seq   int64             `json:"seq"`
	Ack   *int64            `json:"ack"`
	Done  bool              `json:"done"`
	Legal []json.RawMessage `json:"legal"`
}

func TestReadHeader(t *testing.T) {
	tests := []struct {
		name, msg string
	}{
		{"state", stateMessage},
		{"done, no legal", `{"type":"state","seq":41,"done":true,"model":{"log":[{"a":"]}"}]},"legal":[]}`},
		{"spaces", " {\n \"type\" : \"state\" ,\t\"seq\" : 3 , \"legal\" : [ {\"act\":\"play\",\"card\":\"T21\"} , {\"act\":\"play\",\"card\":\"S-K\"} ] }"},
		{"escapes", `{"type":"error","error":"act: \"x\" is not legal \\ here","seq":5}`},
		{"chat", `{"type":"chat","seat":0,"name":"A","text":"{[\"","at_ms":1}`},
		{"ack null", `{"type":"state","ack":null,"legal":null}`},
		{"empty", `{}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want decoded
			if err := json.Unmarshal([]byte(tc.msg), &want); err != nil {
				t.Fatal(err)
			}
			var h header
			if err := readHeader([]byte(tc.msg), &h); err != nil {
				t.Fatalf("readHeader: %v", err)
			}
			legal, err := elements(h.Legal)
			if err != nil {
				t.Fatalf("elements: %v", err)
			}
			if h.Type != want.Type || h.Error != want.Error || h.Seq != want.Seq || h.Ack != (want.Ack != nil) || h.Done != want.Done {
				t.Errorf("got %+v, want %+v", h, want)
			}
			if !slices.EqualFunc(legal, want.Legal, func(a, b json.RawMessage) bool {
				var x, y any
				json.Unmarshal(a, &x)
				json.Unmarshal(b, &y)
				ja, _ := json.Marshal(x)
				jb, _ := json.Marshal(y)
				return string(ja) == string(jb)
			}) {
				t.Errorf("legal %s, want %s", legal, want.Legal)
			}
		})
	}
}

func TestReadHeaderRefuses(t *testing.T) {
	for _, msg := range []string{``, `[]`, `"state"`, `{"type":"state"`, `{"type":"sta`, `{"type" "state"}`,
		`{"type":"state",}`, `{"seq":x1}`, `{"legal":{"a":1}}`, `{"legal":[1,2}`, `{"model":{"a":[1,2}`, `{type:"state"}`} {
		var h header
		err := readHeader([]byte(msg), &h)
		if err == nil {
			_, err = elements(h.Legal)
		}
		if err == nil {
			t.Errorf("%q: no error", msg)
		}
	}
}

// BenchmarkReadHeader is a simulated person's cost of reading one state
// message: what it acts on, the rest skipped.
func BenchmarkReadHeader(b *testing.B) {
	data := []byte(stateMessage)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var h header
	for b.Loop() {
		if err := readHeader(data, &h); err != nil {
			b.Fatal(err)
		}
		if _, err := elements(h.Legal); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadHeaderJSON is the same with encoding/json, for comparison.
func BenchmarkReadHeaderJSON(b *testing.B) {
	data := []byte(stateMessage)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var m decoded
		if err := json.Unmarshal(data, &m); err != nil {
			b.Fatal(err)
		}
	}
}

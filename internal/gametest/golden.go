package gametest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"trull/internal/game"
)

// Golden holds a golden playthrough: got is compared with
// testdata/golden/NAME, or written there when update is set (go test
// -update). When the file holds a "record" and its "result", the record
// must also replay to that result, so a golden file can be trusted on its
// own. All three games keep their playthroughs this way.
func Golden(t *testing.T, name string, got []byte, update bool) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the playthrough differs from %s (go test -update if the change is meant):\n%s", path, got)
	}
	var g struct {
		Record json.RawMessage `json:"record"`
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(want, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if g.Record == nil || g.Result == nil {
		return
	}
	rec, err := game.DecodeRecord(bytes.NewReader(g.Record))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatalf("%s: the record does not replay: %v", path, err)
	}
	res, _ := json.Marshal(game.Summarize(st))
	var a, b any
	_ = json.Unmarshal(res, &a)
	_ = json.Unmarshal(g.Result, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s: the record replays to %s, the file says %s", path, res, g.Result)
	}
}

package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"trull/internal/game"
)

// Expected is the expected-result file of an example record: either the
// result fields of a legal hand or the index of the bad action.
type Expected struct {
	Contract    string          `json:"contract"`
	Declarer    *int            `json:"declarer"`
	Partner     *int            `json:"partner"`
	CardPoints  []int           `json:"card_points"`
	Score       []int           `json:"score"`
	ErrorAction json.RawMessage `json:"error_action"`
}

// CheckExample replays one example record and compares it with its
// expected file (NAME.json and NAME.expected.json).
func CheckExample(path string) error {
	want, err := os.ReadFile(strings.TrimSuffix(path, ".json") + ".expected.json")
	if err != nil {
		return err
	}
	var exp Expected
	if err := json.Unmarshal(want, &exp); err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	rec, err := game.DecodeRecord(bytes.NewReader(data))
	var st game.State
	if err == nil {
		st, err = game.Replay(rec)
	}
	if exp.ErrorAction != nil {
		if err == nil {
			return errors.New("replay succeeded, want an error")
		}
		var ae *game.ActionError
		if string(exp.ErrorAction) == "null" {
			if errors.As(err, &ae) {
				return errors.New("error names an action, want a record error: " + err.Error())
			}
			return nil
		}
		var idx int
		if json.Unmarshal(exp.ErrorAction, &idx) != nil || !errors.As(err, &ae) || ae.Index != idx {
			return errors.New("error " + err.Error() + ", want action " + string(exp.ErrorAction))
		}
		return nil
	}
	if err != nil {
		return err
	}
	out, ok := game.Summarize(st).(game.Outcome)
	if !ok {
		return errors.New("record is incomplete")
	}
	got := Expected{Contract: out.Contract, Declarer: out.Declarer, Partner: out.Partner,
		CardPoints: out.CardPoints, Score: out.Score}
	exp.ErrorAction = nil
	if !reflect.DeepEqual(got, exp) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(exp)
		return errors.New("got " + string(g) + "\nwant " + string(w))
	}
	return nil
}

// Examples runs CheckExample on every NAME.json with a NAME.expected.json in dir.
func Examples(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.expected.json"))
	if len(files) == 0 {
		t.Fatalf("no examples in %s", dir)
	}
	for _, f := range files {
		rec := strings.TrimSuffix(f, ".expected.json") + ".json"
		t.Run(filepath.Base(rec), func(t *testing.T) {
			if err := CheckExample(rec); err != nil {
				t.Error(err)
			}
		})
	}
}

package strohmandeln

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"trull/internal/game"
)

// expected is the checked part of an example's .expected.json.
type expected struct {
	Contract   string `json:"contract"`
	Declarer   *int   `json:"declarer"`
	Partner    *int   `json:"partner"`
	CardPoints []int  `json:"card_points"`
	Score      []int  `json:"score"`
}

func readRecord(t *testing.T, path string) *game.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := game.DecodeRecord(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rec
}

// TestSharedLegalExamples replays every shared legal Strohmandeln example
// (copied from shared/examples/legal) and compares contract, declarer,
// partner, card points and score with the expected file.
func TestSharedLegalExamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/strohmandeln*.json")
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".expected.json") {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			rec := readRecord(t, path)
			st, err := game.Replay(rec)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			data, err := os.ReadFile(strings.TrimSuffix(path, ".json") + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			var want expected
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			out, ok := game.Summarize(st).(game.Outcome)
			if !ok {
				t.Fatalf("hand not complete: %+v", game.Summarize(st))
			}
			got := expected{Contract: out.Contract, Declarer: out.Declarer, Partner: out.Partner,
				CardPoints: out.CardPoints, Score: out.Score}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Errorf("got %s\nwant %s\nitems %+v", g, w, out.Items)
			}
		})
	}
	if n != 6 {
		t.Errorf("found %d legal examples, want 6", n)
	}
}

// TestSharedIllegalExamples replays the shared illegal Strohmandeln
// examples: each must fail at the expected action (or as a record error),
// with the message of mutations.tsv.
func TestSharedIllegalExamples(t *testing.T) {
	f, err := os.Open("testdata/examples/illegal-mutations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 5 {
			continue
		}
		n++
		id, kind, msg := cols[0], cols[1], cols[4]
		t.Run(id+"-"+kind, func(t *testing.T) {
			rec := readRecord(t, "testdata/examples/illegal-"+id+".json")
			data, err := os.ReadFile("testdata/examples/illegal-" + id + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				ErrorAction *int `json:"error_action"`
			}
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			_, err = game.Replay(rec)
			if err == nil {
				t.Fatal("replay succeeded")
			}
			if want.ErrorAction == nil {
				var re *game.RecordError
				if !errors.As(err, &re) {
					t.Fatalf("error %T %v, want a *game.RecordError", err, err)
				}
			} else {
				var ae *game.ActionError
				if !errors.As(err, &ae) || ae.Index != *want.ErrorAction {
					t.Fatalf("error %v, want one at action %d", err, *want.ErrorAction)
				}
			}
			if err.Error() != msg {
				t.Errorf("message\n %s\nwant\n %s", err, msg)
			}
			// The live path (ApplyRecordAction) never says where a hidden
			// card lies.
			ae, ok := err.(*game.ActionError)
			if !ok {
				return
			}
			prefix := *rec
			prefix.Actions = rec.Actions[:ae.Index]
			st, perr := game.Replay(&prefix)
			if perr != nil {
				t.Fatal(perr)
			}
			lerr := game.ApplyRecordAction(st, rec.Actions[ae.Index])
			if lerr == nil || strings.Contains(lerr.Error(), "face down") {
				t.Errorf("live refusal: %v", lerr)
			}
			lerr = &game.ActionError{Index: ae.Index, Err: lerr}
			if !strings.HasPrefix(msg, strings.SplitN(lerr.Error(), " (", 2)[0]) {
				t.Errorf("game.Replay message %q is not the start of %q", lerr, msg)
			}
		})
	}
	if n != 6 {
		t.Errorf("found %d illegal examples, want 6", n)
	}
}

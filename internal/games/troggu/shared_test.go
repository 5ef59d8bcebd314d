package troggu

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"trull/internal/game"
)

// replayFile decodes and replays one record file.
func replayFile(t *testing.T, path string) (game.State, error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.DecodeRecord(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return game.Replay(rec)
}

// TestSharedLegalExamples replays testdata/examples/legal (copied from
// shared/examples): contract, declarer, partner, card points and score must
// match exactly, and the items must add up to the score.
func TestSharedLegalExamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/legal/troggu*-[0-9][0-9][0-9][0-9].json")
	if len(files) == 0 {
		t.Fatal("no examples in testdata/examples/legal")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			st, err := replayFile(t, f)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			got, ok := game.Summarize(st).(game.Outcome)
			if !ok {
				t.Fatalf("hand incomplete: %+v", game.Summarize(st))
			}
			var want game.Outcome
			data, _ := os.ReadFile(strings.TrimSuffix(f, ".json") + ".expected.json")
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			if got.Contract != want.Contract || !reflect.DeepEqual(got.Declarer, want.Declarer) ||
				!reflect.DeepEqual(got.Partner, want.Partner) || !reflect.DeepEqual(got.CardPoints, want.CardPoints) ||
				!reflect.DeepEqual(got.Score, want.Score) {
				g, _ := json.Marshal(got)
				t.Errorf("got  %s\nwant %s", g, data)
			}
			checkItems(t, st.(*State), got)
		})
	}
}

// checkItems checks that the items explain the score: in a Normal game or
// Solo their sum is what each loser pays each winner; in Misère the item
// names the players who pay.
func checkItems(t *testing.T, s *State, o game.Outcome) {
	t.Helper()
	sum := 0
	for _, it := range o.Items {
		sum += it.Points
	}
	n := int(s.n)
	if s.contract == ContractMisere {
		if len(o.Items) != 1 {
			t.Fatalf("misère items %+v", o.Items)
		}
		for _, p := range o.Items[0].Seats {
			if o.Score[p] != -(n-len(o.Items[0].Seats))*sum {
				t.Errorf("misère: seat %d pays %d, items %+v", p, o.Score[p], o.Items)
			}
		}
		return
	}
	side := s.side()
	a := 0
	for p := 0; p < n; p++ {
		a += int(side>>uint(p)) & 1
	}
	sign := 1
	if o.CardPoints[s.declarer] < WinPoints {
		sign = -1
	}
	for p := 0; p < n; p++ {
		want := sign * sum * (n - a)
		if side>>uint(p)&1 == 0 {
			want = -sign * sum * a
		}
		if o.Score[p] != want {
			t.Errorf("seat %d scores %d, items %+v give %d", p, o.Score[p], o.Items, want)
		}
	}
}

// TestSharedIllegalExamples replays testdata/examples/illegal: each must fail
// at the expected action (or as a record error for null), with the message
// of mutations.tsv.
func TestSharedIllegalExamples(t *testing.T) {
	tsv, err := os.ReadFile("testdata/examples/illegal/mutations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	messages := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n")[1:] {
		f := strings.Split(line, "\t")
		messages[f[0]] = f[4]
	}
	files, _ := filepath.Glob("testdata/examples/illegal/[0-9][0-9][0-9][0-9].json")
	if len(files) == 0 {
		t.Fatal("no illegal examples")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			var want struct {
				ErrorAction *int `json:"error_action"`
			}
			data, _ := os.ReadFile(strings.TrimSuffix(f, ".json") + ".expected.json")
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			_, err := replayFile(t, f)
			if err == nil {
				t.Fatal("replay succeeded")
			}
			var ae *game.ActionError
			var re *game.RecordError
			switch {
			case want.ErrorAction == nil:
				if !errors.As(err, &re) {
					t.Fatalf("want a record error, got %T: %v", err, err)
				}
				return
			case !errors.As(err, &ae):
				t.Fatalf("want an action error at %d, got %T: %v", *want.ErrorAction, err, err)
			case ae.Index != *want.ErrorAction:
				t.Fatalf("error at action %d, want %d: %v", ae.Index, *want.ErrorAction, err)
			}
			// The card named as "in hand" may differ (this engine names
			// the highest legal card); the rest of the message must match.
			if msg := messages[name]; normalizeInHand(err.Error()) != normalizeInHand(msg) {
				t.Errorf("message %q, want %q", err, msg)
			}
		})
	}
}

var inHand = regexp.MustCompile(`; [A-Za-z0-9-]+ is in hand`)

func normalizeInHand(msg string) string { return inHand.ReplaceAllString(msg, "; X is in hand") }

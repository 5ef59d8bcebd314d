package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// cutRecord plays a seeded random hand of v and writes the record of its
// first steps actions (all of them when steps is -1 or the hand is
// shorter; up to the first discard when steps is atDiscard).
func cutRecord(t *testing.T, v knowledge.Variant, steps int) (string, game.State) {
	t.Helper()
	r, err := v.Rules()
	if err != nil {
		t.Fatal(err)
	}
	deck, dealer := knowledge.Deal(r, "hint", steps)
	st, err := r.NewState(deck, dealer)
	if err != nil {
		t.Fatal(err)
	}
	// Play the whole hand, then keep the first steps actions of it (all
	// but the last when the hand is shorter): the record stops at a
	// decision. A cut at the first discard plays hands until one has a
	// discard.
	var hist []game.Action
	for try := uint64(0); ; try++ {
		full := st.Clone()
		rng := rand.New(rand.NewPCG(uint64(steps), 1+try))
		for !full.Done() {
			full.ApplyUnchecked(game.Pick(rng, full.Legal(nil)))
		}
		hist = full.History()
		if steps != atDiscard || slices.ContainsFunc(hist, func(a game.Action) bool { return a.Kind == game.KindDiscard }) {
			break
		}
		if try == 200 {
			t.Fatalf("%s: no hand with a discard", v)
		}
	}
	switch {
	case steps == atDiscard:
		steps = slices.IndexFunc(hist, func(a game.Action) bool { return a.Kind == game.KindDiscard })
	case steps < 0:
		steps = len(hist)
	case steps >= len(hist):
		steps = len(hist) - 1
	}
	for _, a := range hist[:steps] {
		st.ApplyUnchecked(a)
	}
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = "P"
	}
	b, _ := json.Marshal(game.NewRecord(r, names, dealer, deck, st.History()))
	path := filepath.Join(t.TempDir(), "cut.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, st
}

// atDiscard cuts a record at its first discard (cutRecord).
const atDiscard = -2

// TestHint: for records cut at decisions of every game, `trull hint`
// names the seat to act, a legal best action that is its first candidate,
// legal whole candidates (a discard of every card it needs) best first by
// value, and the same answer for the same seed.
func TestHint(t *testing.T) {
	cases := []struct {
		v     knowledge.Variant
		steps int
	}{
		{knowledge.Variant{Game: "droggn", Players: 3}, 40},
		{knowledge.Variant{Game: "droggn", Players: 4}, 2},
		{knowledge.Variant{Game: "troggu", Players: 6}, 25},
		{knowledge.Variant{Game: "strohmandeln", Players: 2}, 15},
		{knowledge.Variant{Game: "droggn", Players: 3}, atDiscard},
		{knowledge.Variant{Game: "troggu", Players: 4}, atDiscard},
	}
	for _, c := range cases {
		path, st := cutRecord(t, c.v, c.steps)
		if st.Done() {
			t.Fatalf("%s: the hand ended within %d steps", c.v, c.steps)
		}
		var outs [2]string
		for i := range outs {
			var out, errb bytes.Buffer
			if code := run([]string{"hint", "--bot", "ismcts@200", path}, nil, &out, &errb); code != 0 {
				t.Fatalf("%s: exit %d: %s", c.v, code, errb.String())
			}
			outs[i] = out.String()
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: two answers for one seed:\n%s\n%s", c.v, outs[0], outs[1])
		}
		var h struct {
			Seat       int
			Best       game.RecordAction
			Candidates []struct {
				Action game.RecordAction
				Value  *float64
				Why    *struct {
					Worlds int
					Best   game.RecordAction
					Text   string
				}
			}
		}
		if err := json.Unmarshal([]byte(outs[0]), &h); err != nil {
			t.Fatalf("%s: %v\n%s", c.v, err, outs[0])
		}
		if h.Seat != st.ToAct() || len(h.Candidates) == 0 {
			t.Fatalf("%s: seat %d (want %d), %d candidates", c.v, h.Seat, st.ToAct(), len(h.Candidates))
		}
		legal := map[string]bool{}
		for _, ra := range game.LegalRecordActions(st) {
			b, _ := json.Marshal(ra)
			legal[string(b)] = true
		}
		valued := 0
		for i, cand := range h.Candidates {
			trial := st.Clone()
			if err := game.ApplyRecordAction(trial, cand.Action); err != nil {
				t.Errorf("%s: candidate %+v is not legal: %v", c.v, cand.Action, err)
			}
			if cand.Action.Act == "discard" && trial.ToAct() == st.ToAct() && trial.Phase() == st.Phase() {
				t.Errorf("%s: candidate %+v is not a whole discard", c.v, cand.Action)
			}
			if cand.Value != nil {
				valued++
				if i > 0 && h.Candidates[i-1].Value != nil && *h.Candidates[i-1].Value < *cand.Value {
					t.Errorf("%s: candidates not best first by value:\n%s", c.v, outs[0])
				}
			}
		}
		if b1, b2 := jsonOf(h.Best), jsonOf(h.Candidates[0].Action); b1 != b2 {
			t.Errorf("%s: best %s is not the first candidate %s", c.v, b1, b2)
		}
		if err := game.ApplyRecordAction(st.Clone(), h.Best); err != nil {
			t.Errorf("%s: best %+v is not legal: %v", c.v, h.Best, err)
		}
		if len(h.Candidates) > 1 && valued == 0 {
			t.Errorf("%s: a search bot gave no values:\n%s", c.v, outs[0])
		}
		for _, cand := range h.Candidates {
			if valued > 1 && cand.Value != nil && (cand.Why == nil || cand.Why.Worlds == 0 || cand.Why.Text == "") {
				t.Errorf("%s: valued candidate %+v has no why:\n%s", c.v, cand.Action, outs[0])
			}
		}
	}
}

// jsonOf is v in JSON.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestHintBadInput: bad records are refused as `trull replay` refuses
// them, and a finished hand has nothing to hint.
func TestHintBadInput(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"hint", "-"}, strings.NewReader("{not json"), &out, &errb); code != 2 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("bad JSON: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	path, st := cutRecord(t, knowledge.Variant{Game: "strohmandeln", Players: 2}, -1)
	if !st.Done() {
		t.Fatal("the hand did not end")
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"hint", path}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "the hand is over") {
		t.Errorf("a finished hand: exit %d, stderr %q", code, errb.String())
	}
}

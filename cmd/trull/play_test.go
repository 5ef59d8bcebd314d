package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlaySitting plays whole terminal sittings of every game, answering
// every question with the first listed choice (or "none" for a buy), and
// checks the sitting ends with a settlement.
func TestPlaySitting(t *testing.T) {
	cases := []struct {
		args []string
		lang string
	}{
		{[]string{"play", "droggn", "-seed", "t1", "-hands", "2", "-bot", "ismcts@300"}, "Settlement"},
		{[]string{"play", "droggn", "-players", "4", "-seed", "t2", "-hands", "2", "-lang", "de", "-seat", "2", "-bot", "rules"}, "Abrechnung"},
		{[]string{"play", "troggu", "-players", "5", "-seed", "t3", "-hands", "2", "-bot", "pimc@4"}, "Settlement"},
		{[]string{"play", "strohmandeln", "-seed", "t4", "-hands", "2", "-options", "scoring=classic"}, "Settlement"}, // the default, strongest bot
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			in := strings.Repeat("help\nsheet\nbogus\n21\na\nnone\n", 400)
			var out, errb bytes.Buffer
			if code := run(c.args, strings.NewReader(in), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errb.String(), tail(out.String()))
			}
			if !strings.Contains(out.String(), c.lang) {
				t.Errorf("no settlement in the output:\n%s", tail(out.String()))
			}
		})
	}
}

// TestPlayBadFlags checks the usage errors.
func TestPlayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"play"}, {"play", "skat"}, {"play", "droggn", "-players", "5"},
		{"play", "droggn", "-options", "winRule=40"}, {"play", "droggn", "-seat", "7"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

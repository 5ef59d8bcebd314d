package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCLI checks the command line as a person meets it: help for every
// command exits 0 and lists its flags, a bad flag or argument exits 2 with
// one line naming it, before anything is played.
func TestCLI(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stdout string // a part of standard output
		stderr string // a part of standard error
	}{
		// Help lists every command, serve included.
		{[]string{"--help"}, 0, "serve", ""},
		{[]string{"-h"}, 0, "sim", ""},
		{nil, 2, "", "Commands:"},
		{[]string{"--version"}, 0, "trull", ""},
		{[]string{"serve", "-h"}, 0, "--trusted-proxy", ""},
		{[]string{"play", "-h"}, 0, "--record=DIR", ""},
		{[]string{"replay", "--help"}, 0, "<file>", ""},
		{[]string{"arena", "-h"}, 0, "--card-play-only", ""},
		{[]string{"sim", "-h"}, 0, "--compare", ""},
		{[]string{"backup", "-h"}, 0, "--db", ""},
		// Usage errors: exit 2, one line, the command named.
		{[]string{"deal"}, 2, "", "trull: unexpected argument deal"},
		{[]string{"play"}, 2, "", "trull play: expected \"<game>\""},
		{[]string{"play", "skat"}, 2, "", `unknown game "skat"`},
		{[]string{"play", "droggn", "-bot", "nope"}, 2, "", `unknown bot "nope"`},
		{[]string{"play", "droggn", "-lang", "fr"}, 2, "", `--lang must be one of "en","de"`},
		{[]string{"play", "droggn", "stray"}, 2, "", "unexpected argument stray"},
		{[]string{"play", "droggn", "-players", "5"}, 2, "", "trull play:"},
		{[]string{"play", "droggn", "-seat", "7"}, 2, "", "seat 7 is not a seat"},
		{[]string{"play", "droggn", "-options", "players=4"}, 2, "", "given with --players, not in --options"},
		{[]string{"arena", "-options", "winRule=38,players=4"}, 2, "", "given with --players"},
		{[]string{"arena", "-game", "Troggu", "-bots", "rules,nobody"}, 2, "", `unknown bot "nobody"`},
		{[]string{"arena", "-bots", "rules"}, 2, "", "trull arena: --bots rules: a match compares at least two bots"},
		{[]string{"backup", "-db", "postgres://u:secret@h/d", "x.db"}, 2, "", "back it up with its own tools (pg_dump"},
		{[]string{"backup", "-db", "no/such.db", "x.db"}, 2, "", "no such file"},
		{[]string{"serve", "-db", "postgress://u:secret@h/d"}, 2, "", "not postgress://"},
		{[]string{"serve", "-bot-delay=-1s"}, 2, "", "bad --bot-delay -1s"},
		{[]string{"arena", "-bots", "ismcts@100.5,rules"}, 2, "", "want a whole number above zero after @"},
		{[]string{"arena", "-bots", "rules,random,Rules"}, 2, "", "--bots names rules twice"},
		{[]string{"arena", "-json", "-markdown"}, 2, "", "--json and --markdown can't be used together"},
		{[]string{"sim", "-shard", "2/2"}, 2, "", "--shard 2/2: want I/N with 0 ≤ I < N"},
		{[]string{"arena", "-shard", "a/b"}, 2, "", "--shard a/b: want I/N with 0 ≤ I < N"},
		{[]string{"arena", "-deals", "0"}, 2, "", "trull arena: --deals 0: a match needs at least one deal"},
		{[]string{"sim", "-bots", "cheater"}, 2, "", "the cheater sees every card and plays only in trull arena"},
		{[]string{"analyze", "-level", "fast", "-bot", "rules", "x.json"}, 2, "", "--level fast chooses the bot ismcts-fast, --bot rules another"},
		{[]string{"sim", "-hands", "x"}, 2, "", "--hands"},
		{[]string{"replay", "a", "b"}, 2, "", "unexpected argument b"},
		{[]string{"replay", "/nonexistent/record.json"}, 2, "", "trull replay: open /nonexistent/record.json"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errb.String(), c.stderr) {
			t.Errorf("trull %q: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout with %q, stderr with %q",
				c.args, code, tail(out.String()), errb.String(), c.code, c.stdout, c.stderr)
		}
		if c.code == 2 && c.stderr != "" && c.stderr != "Commands:" && strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 {
			t.Errorf("trull %q: a usage error of more than one line:\n%s", c.args, errb.String())
		}
	}
}

// TestGameNameCase: game names are read whatever their case.
func TestGameNameCase(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"play", "STROHMANDELN", "-seed", "c", "-bot", "random", "-hands", "1"}, strings.NewReader(strings.Repeat("a\n", 200)), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "Settlement") {
		t.Errorf("no sitting was played:\n%s", tail(out.String()))
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// runSim runs trull with args and fails the test unless it exits 0.
func runSim(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("trull %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

// TestSimShards plays a study whole and in three shards, merges the shards
// and finds the same records, summaries, report and plots, timings apart.
func TestSimShards(t *testing.T) {
	dir := t.TempDir()
	study := []string{"sim", "--game", "droggn", "--hands", "31", "--seed", "shards", "--compare", "winRule=38", "--workers", "2"}
	whole := filepath.Join(dir, "whole")
	runSim(t, append(study, "--out", whole)...)
	var shards []string
	for i := range 3 {
		d := filepath.Join(dir, "shard", string(rune('0'+i)))
		out := runSim(t, append(study, "--shard", string(rune('0'+i))+"/3", "--out", d)...)
		if !strings.Contains(out, "shard "+string(rune('0'+i))+"/3") {
			t.Errorf("shard %d says %q", i, out)
		}
		if _, err := os.Stat(filepath.Join(d, "report.md")); err == nil {
			t.Errorf("shard %d wrote a report: only the merge should", i)
		}
		shards = append(shards, d)
	}
	// The order of the directories does not matter.
	merged := filepath.Join(dir, "merged")
	runSim(t, "sim", "merge", shards[2], shards[0], shards[1], "--out", merged)

	for _, f := range []string{"hands-A.jsonl", "hands-B.jsonl", "summary.csv", "points.svg", "success.svg", "contracts.svg", "differences.svg", "points.png"} {
		a, err1 := os.ReadFile(filepath.Join(whole, f))
		b, err2 := os.ReadFile(filepath.Join(merged, f))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", f, err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between the whole study and the merged shards", f)
		}
	}
	if n := bytes.Count(mustRead(t, filepath.Join(merged, "hands-A.jsonl")), []byte("\n")); n != 31 {
		t.Errorf("the merged study has %d records, want 31", n)
	}
	a, b := timeless(t, filepath.Join(whole, "summary.json")), timeless(t, filepath.Join(merged, "summary.json"))
	if !reflect.DeepEqual(a, b) {
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		t.Errorf("summary.json differs beyond timings:\n%s\n%s", ja, jb)
	}
	ra, rb := reportLines(t, filepath.Join(whole, "report.md")), reportLines(t, filepath.Join(merged, "report.md"))
	if ra != rb {
		t.Errorf("report.md differs beyond timings:\n%s\n---\n%s", ra, rb)
	}

	// Shards of another study, a missing shard or a shard twice are refused.
	other := filepath.Join(dir, "other")
	runSim(t, "sim", "--game", "droggn", "--hands", "31", "--seed", "other", "--compare", "winRule=38", "--shard", "2/3", "--out", other)
	for _, c := range []struct {
		name string
		dirs []string
		want string
	}{
		{"another study's shard", []string{shards[0], shards[1], other}, "different studies"},
		{"a shard missing", []string{shards[0], shards[2]}, "1/3 are missing"},
		{"a shard twice", []string{shards[0], shards[1], shards[1], shards[2]}, "both shard 1/3"},
		{"not a shard", []string{whole}, "not a shard"},
	} {
		var out, errb bytes.Buffer
		code := run(append(append([]string{"sim", "merge"}, c.dirs...), "--out", filepath.Join(dir, "bad")), strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", c.name, code, errb.String(), c.want)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// timeless decodes a summary.json without its timing fields.
func timeless(t *testing.T, path string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(mustRead(t, path), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["seconds"]; !ok {
		t.Errorf("%s has no seconds", path)
	}
	delete(m, "seconds")
	for _, s := range m["summaries"].([]any) {
		s := s.(map[string]any)
		if _, ok := s["hands_per_second"]; !ok {
			t.Errorf("%s: a summary has no hands_per_second", path)
		}
		delete(s, "hands_per_second")
	}
	return m
}

// reportLines returns a report with the speeds taken out.
func reportLines(t *testing.T, path string) string {
	t.Helper()
	s := string(mustRead(t, path))
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, " hands/s"); i >= 0 {
			j := strings.LastIndex(l[:i], ", ")
			l = l[:j] + l[i+len(" hands/s"):]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestSimArguments: every argument and the output directory are checked
// before a hand is played, with exit status 2 and one line saying what.
func TestSimArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"an output directory that cannot be made", []string{"--hands", "3000", "--out", "/proc/nope"}, "--out /proc/nope"},
		{"an output path that is a file", []string{"--out", file}, "--out " + file},
		{"no hands", []string{"--hands", "0"}, "--hands 0"},
		{"negative workers", []string{"--workers=-1"}, "--workers -1"},
		{"an empty seed", []string{"--seed", ""}, "--seed"},
		{"a shard that is not i/n", []string{"--shard", "1of3"}, "want I/N with 0 ≤ I < N"},
		{"a shard beyond n", []string{"--shard", "3/3"}, "want I/N with 0 ≤ I < N"},
		{"more shards than deals", []string{"--hands", "2", "--shard", "0/3"}, "leave some empty"},
		{"an unknown option", []string{"--options", "winRule=99"}, "winRule"},
		{"a comparison with a bad option", []string{"--compare", "nope=1"}, "--compare"},
		{"a comparison that changes nothing", []string{"--compare", "winRule=37"}, "plays variant A again"},
		{"two bots for three seats", []string{"--bots", "rules,random"}, "one per seat (3)"},
		{"too many players", []string{"--players", "9"}, ""},
		{"a stray argument", []string{"bogus"}, "unexpected argument"},
		{"merge without directories", []string{"merge"}, "needs the shards' directories"},
		{"merge of a file", []string{"merge", file}, "not a directory"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		out.Reset()
		args := append([]string{"sim", "--out", filepath.Join(dir, "out")}, c.args...)
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) || strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line naming %q", c.name, code, errb.String(), c.want)
		}
		if out.Len() > 0 {
			t.Errorf("%s: played anyway: %s", c.name, out.String())
		}
	}
}

// TestSimProgress: no progress bar unless standard error is a terminal;
// on one, the bar counts the deals of the study (not deals × variants)
// and is redrawn a few times a second at most.
func TestSimProgress(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--hands", "40", "--compare", "winRule=38", "--out", dir}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if errb.Len() > 0 {
		t.Errorf("progress written to a standard error that is no terminal: %q", errb.String())
	}
	if !strings.Contains(out.String(), "40 deals × 2 variants") || !strings.Contains(out.String(), " hands/s") || strings.Contains(out.String(), "e+") {
		t.Errorf("the closing line %q", out.String())
	}

	var bar bytes.Buffer
	p := progressOn(&bar, "deals")
	for i := 1; i <= 600; i++ {
		p(i, 600)
	}
	s := bar.String()
	if !strings.Contains(s, "(600/600, ") || !strings.Contains(s, " deals/s") {
		t.Errorf("the bar does not end at 600/600 deals: %q", s)
	}
	if n := strings.Count(s, "\r"); n > 6 {
		t.Errorf("%d redraws for 600 quick deals", n)
	}
}

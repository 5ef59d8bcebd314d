package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestArenaShards plays a match whole and in three shards written to
// files, merges them (in any order) and finds the whole match's Markdown
// report, decision times apart, under the whole match's command line (the
// one docs/strength.sh looks for); bad shards are refused with a reason.
func TestArenaShards(t *testing.T) {
	dir := t.TempDir()
	match := []string{"arena", "--deals", "7", "--workers", "1", "--game", "troggu", "--players", "3", "--bots", "rules,random", "--seed", "shards"}
	whole := runSim(t, append(match, "--markdown")...)
	var files []string
	for i := range 3 {
		f := filepath.Join(dir, "shard"+string(rune('0'+i))+".json")
		runSim(t, append(match, "--shard", string(rune('0'+i))+"/3", "--out", f)...)
		files = append(files, f)
	}
	merged := runSim(t, "arena", "merge", files[2], files[0], files[1], "--markdown")
	// A shard of another build is merged, with a warning.
	b, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	rebuilt := filepath.Join(dir, "rebuilt.json")
	if err := os.WriteFile(rebuilt, bytes.Replace(b, []byte(`"version":"`), []byte(`"version":"trull v9 `), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"arena", "merge", files[0], rebuilt, files[2], "--markdown"}, strings.NewReader(""), &out, &errb); code != 0 ||
		out.String() != merged || !strings.Contains(errb.String(), "played by different builds") {
		t.Errorf("merging another build's shard: exit %d, stderr %q, the report the same: %v", code, errb.String(), out.String() == merged)
	}
	if before := runSim(t, "arena", "merge", "--markdown", files[2], files[0], files[1]); before != merged {
		t.Errorf("merge with the flag before the files:\n%s\nafter them:\n%s", before, merged)
	}
	times := regexp.MustCompile(`\| (\d+) \| [0-9.]+ \| [0-9.]+ \|`)
	strip := func(s string) string { return times.ReplaceAllString(s, "| $1 | t | t |") }
	want := strip(whole) + "Played in 3 shards (`--shard I/3 --out FILE`), merged by `trull arena merge`.\n\n"
	if got := strip(merged); got != want {
		t.Errorf("merged shards:\n%s\nwhole match:\n%s", got, want)
	}
	if !strings.Contains(merged, "`trull arena --deals 7 --workers 1 --game troggu --players 3 --bots rules,random --seed shards`") {
		t.Errorf("the merged report does not name the whole match's command:\n%s", merged)
	}

	runSim(t, append(match, "--shard", "1/2", "--out", filepath.Join(dir, "half.json"))...)
	other := filepath.Join(dir, "other.json")
	runSim(t, "arena", "--deals", "7", "--game", "troggu", "--bots", "rules,random", "--seed", "other", "--shard", "1/3", "--out", other)
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte(`{"hands": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"another match's shard", []string{"arena", "merge", files[0], other, files[2]}, "not shards of one match"},
		{"another split's shard", []string{"arena", "merge", files[0], files[1], filepath.Join(dir, "half.json")}, "not shards of one split"},
		{"a shard missing", []string{"arena", "merge", files[0], files[2]}, "shard 1/3 is missing"},
		{"a shard twice", []string{"arena", "merge", files[0], files[1], files[1], files[2]}, "shard 1/3 is given twice"},
		{"not a shard's file", []string{"arena", "merge", garbage}, "is not a file of trull arena --out"},
		{"no file", []string{"arena", "merge", filepath.Join(dir, "none.json")}, "no such file"},
		{"merge alone", []string{"arena", "merge"}, "needs the files of every shard"},
		{"a shard without --out", append(match, "--shard", "0/3"), "needs --out FILE"},
		{"a shard that does not exist", append(match, "--shard", "3/3", "--out", filepath.Join(dir, "x.json")), "0 ≤ I < N"},
		{"more shards than deals", append(match, "--shard", "0/8", "--out", filepath.Join(dir, "x.json")), "leave some empty"},
		{"an existing file", append(match, "--out", files[0]), "not overwritten"},
		{"no such directory", append(match, "--out", filepath.Join(dir, "no", "x.json")), "does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(c.args, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, errb.String(), c.want)
			}
		})
	}
}

// TestArenaJSON: the --json report names its format, the build, the
// command and the match, with the pairs' keys in lower case; a match of
// one deal, whose intervals are infinite, gives them as null (and "± ∞" in
// the text) instead of an empty report.
func TestArenaJSON(t *testing.T) {
	out := runSim(t, "arena", "--deals", "1", "--workers", "1", "--bots", "rules,random", "--seed", "one", "--json")
	var rep struct {
		Format  string `json:"format"`
		Version string `json:"version"`
		Command string `json:"command"`
		Match   struct {
			Game  string   `json:"game"`
			Bots  []string `json:"bots"`
			Seed  string   `json:"seed"`
			Deals int      `json:"deals"`
		} `json:"match"`
		Deals int `json:"deals"`
		Bots  []struct {
			Name string   `json:"name"`
			CI95 *float64 `json:"ci95"`
		} `json:"bots"`
		Pairs []map[string]any `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("the report is not JSON (%v): %q", err, out)
	}
	if rep.Format != "trull-arena/1" || rep.Version == "" || !strings.Contains(rep.Command, "--seed one") ||
		rep.Match.Game != "droggn" || rep.Match.Seed != "one" || rep.Match.Deals != 1 || len(rep.Match.Bots) != 2 {
		t.Errorf("the report does not say what it is: %+v", rep)
	}
	if len(rep.Bots) != 2 || rep.Bots[0].CI95 != nil {
		t.Errorf("bots %+v: want two, with a null interval", rep.Bots)
	}
	if len(rep.Pairs) != 1 {
		t.Fatalf("pairs %v", rep.Pairs)
	}
	for _, k := range []string{"a", "b", "diff", "ci95", "deals"} {
		if _, ok := rep.Pairs[0][k]; !ok {
			t.Errorf("the pair has no %q: %v", k, rep.Pairs[0])
		}
	}
	if rep.Pairs[0]["ci95"] != nil {
		t.Errorf("the pair's interval of one deal is %v, want null", rep.Pairs[0]["ci95"])
	}
	text := runSim(t, "arena", "--deals", "1", "--workers", "1", "--bots", "rules,random", "--seed", "one")
	if !strings.Contains(text, "± ∞") || strings.Contains(text, "Inf") || !strings.Contains(text, "1 deal,") {
		t.Errorf("the text report of one deal:\n%s", text)
	}
}

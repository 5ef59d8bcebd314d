package sim

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

func TestNewRate(t *testing.T) {
	cases := []struct {
		k, n         int
		p, low, high float64
	}{
		{0, 0, 0, 0, 0},
		{5, 10, 0.5, 0.2365930, 0.7634070},
		{0, 20, 0, 0, 0.1611251},
		{20, 20, 1, 0.8388749, 1},
	}
	for _, c := range cases {
		r := NewRate(c.k, c.n)
		if math.Abs(r.P-c.p) > 1e-6 || math.Abs(r.Low-c.low) > 1e-6 || math.Abs(r.High-c.high) > 1e-6 {
			t.Errorf("NewRate(%d,%d) = %+v, want %v [%v, %v]", c.k, c.n, r, c.p, c.low, c.high)
		}
	}
}

func hand(contract string, decl int, cp, score []int, items ...game.Item) Hand {
	return Hand{Result: game.Result{Contract: contract, Declarer: decl, Partner: -1, CardPoints: cp, Score: score,
		Items: items, Redeal: contract == "thrown_in"}}
}

// TestSummarize checks the statistics on known hands.
func TestSummarize(t *testing.T) {
	hs := []Hand{
		hand("solo", 0, []int{40, 34, 34}, []int{86, -43, -43}, game.Item{Item: "game", Points: 43}),
		hand("solo", 1, []int{30, 44, 30}, []int{47, -94, 47}, game.Item{Item: "game", Points: -47},
			game.Item{Item: "pagat_capture", Points: 5}),
		hand("ansager", 2, []int{37, 37, 37}, []int{-20, -20, 40}, game.Item{Item: "game", Points: 20}),
		hand("thrown_in", -1, []int{0, 0, 0}, []int{0, 0, 0}),
	}
	s := Summarize("v", hs)
	if s.Contracts["solo"].N != 2 || s.Contracts["thrown_in"].N != 1 || s.Contracts["solo"].Of != 4 {
		t.Errorf("contracts %+v", s.Contracts)
	}
	if r := s.Success["solo"]; r.N != 1 || r.Of != 2 {
		t.Errorf("solo success %+v", r)
	}
	if r := s.Success["ansager"]; r.N != 1 || r.Of != 1 {
		t.Errorf("ansager success %+v", r)
	}
	if r := s.Bonuses["pagat_capture"]; r.N != 1 {
		t.Errorf("bonuses %+v", s.Bonuses)
	}
	if _, ok := s.Bonuses["game"]; ok {
		t.Error("the game item is not a bonus")
	}
	if s.Redeal.N != 1 || s.Ties.N != 1 {
		t.Errorf("redeal %+v ties %+v", s.Redeal, s.Ties)
	}
	if m := s.Score[0]; math.Abs(m.Mean-(86+47-20)/4.0) > 1e-9 {
		t.Errorf("seat 0 mean %v", m.Mean)
	}
	if got := s.DeclarerPoints["solo"]; len(got) != 2 || got[0] != 40 || got[1] != 44 {
		t.Errorf("declarer points %v", got)
	}
	// Paired: B wins where A lost.
	a := []Hand{hs[0], hs[1]}
	b := []Hand{hs[0], hand("solo", 1, []int{30, 44, 30}, []int{-94, 188, -94})}
	d := Compare(a, b)
	if d[0].Metric != "declarer_success" || d[0].Mean != 0.5 {
		t.Errorf("paired success %+v", d[0])
	}
	if d[1].Metric != "declarer_score" || d[1].Mean != (188+94)/2.0 {
		t.Errorf("paired score %+v", d[1])
	}
}

// TestRunAndWrite runs a small comparison and checks the output files.
func TestRunAndWrite(t *testing.T) {
	b, _ := bot.New("rules")
	c := Config{Rules: droggn.Default(3), Compare: droggn.MustParse(3, "winRule=38"), Bots: []bot.Bot{b},
		Hands: 20, Seed: "t"}
	hs, err := Run(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Workers = 1
	again, _ := Run(c)
	for i := range hs[0] {
		if !equalScores(hs[0][i].Result.Score, again[0][i].Result.Score) {
			t.Fatalf("hand %d differs between worker counts", i)
		}
	}
	// Same deals in both variants.
	for i := range hs[0] {
		if strings.Join(hs[0][i].Record.Deck, ",") != strings.Join(hs[1][i].Record.Deck, ",") {
			t.Fatalf("hand %d: the variants were dealt different decks", i)
		}
	}
	dir := t.TempDir()
	st := Study{Game: "droggn", Players: 3, Compare: "winRule=38", Variants: []string{"A", "B"}, Bots: []string{"rules"},
		Hands: 20, Seed: "t", Points: []PointScale{Scale(c.Rules), Scale(c.Compare)}}
	out := Build(st, nil, hs)
	if err := Write(dir, out, hs); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"hands-A.jsonl", "hands-B.jsonl", "summary.json", "summary.csv", "report.md",
		"points.png", "points.svg", "success.png", "contracts.png", "differences.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "hands-A.jsonl"))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 20 {
		t.Fatalf("%d records", len(lines))
	}
	rec, err := game.DecodeRecord(strings.NewReader(lines[3]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Replay(rec); err != nil {
		t.Errorf("record does not replay: %v", err)
	}
	var back Output
	js, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err := json.Unmarshal(js, &back); err != nil || len(back.Summaries) != 2 {
		t.Errorf("summary.json: %v", err)
	}
	f, _ := os.Open(filepath.Join(dir, "summary.csv"))
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) < 5 || rows[0][0] != "variant" {
		t.Errorf("summary.csv: %v %v", err, rows)
	}

	// A study of one variant written into the same directory: nothing of
	// the comparison stays beside it, and a file of the person's own is
	// left alone.
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	c1 := Config{Rules: droggn.Default(3), Bots: []bot.Bot{b}, Hands: 5, Seed: "u"}
	one, err := Run(c1)
	if err != nil {
		t.Fatal(err)
	}
	st1 := Study{Game: "droggn", Players: 3, Variants: []string{"A"}, Bots: []string{"rules"}, Hands: 5, Seed: "u",
		Points: []PointScale{Scale(c1.Rules)}}
	if err := Write(dir, Build(st1, nil, one), one); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"hands-B.jsonl", "differences.svg", "differences.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s of the earlier study is still there", f)
		}
	}
	for _, f := range []string{"hands-A.jsonl", "summary.json", "report.md", "notes.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}

	// A directory whose summary.json is somebody else's is refused
	// before anything is played, and nothing in it is touched.
	mine := t.TempDir()
	for name, text := range map[string]string{"summary.json": `{"mine": true}`, "report.md": "my notes"} {
		if err := os.WriteFile(filepath.Join(mine, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckDir(mine); err == nil || !strings.Contains(err.Error(), "did not write") {
		t.Errorf("CheckDir of a directory with another summary.json: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(mine, "report.md")); err != nil || string(b) != "my notes" {
		t.Errorf("report.md: %q, %v", b, err)
	}
}

func equalScores(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

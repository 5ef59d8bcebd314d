package sim

import (
	"math"
	"strings"
	"testing"

	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// TestScale: each game's unit, pack total and the count a declarer wins
// with.
func TestScale(t *testing.T) {
	must := func(r game.Rules, err error) game.Rules {
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	cases := []struct {
		name  string
		rules game.Rules
		want  PointScale
	}{
		{"Droggn wins with half the pack", droggn.Default(3), PointScale{Unit: "card points", Total: 74, WinFrom: 37}},
		{"Droggn winRule=38 needs one more", droggn.MustParse(3, "winRule=38"), PointScale{Unit: "card points", Total: 74, WinFrom: 38}},
		{"Droggn with 78 cards", droggn.MustParse(3, "pack=78"), PointScale{Unit: "card points", Total: 78, WinFrom: 39}},
		{"Troggu", must(troggu.New(nil, 5)), PointScale{Unit: "card points", Total: 114, WinFrom: 58}},
		{"Strohmandeln counts thirds", must(strohmandeln.New(nil, 2)), PointScale{Unit: "thirds of a card point", Total: 210, WinFrom: 107}},
	}
	for _, c := range cases {
		if got := Scale(c.rules); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// testOutput is a two-variant study output with known hands.
func testOutput() Output {
	a := []Hand{
		hand("solo", 0, []int{40, 34, 0}, []int{2, -1, -1}),
		hand("solo", 1, []int{30, 37, 7}, []int{1, -2, 1}),
		hand("ansager", 2, []int{20, 17, 37}, []int{-1, -1, 2}),
		hand("thrown_in", -1, []int{0, 0, 0}, []int{0, 0, 0}),
	}
	b := []Hand{a[0], hand("solo", 1, []int{30, 37, 7}, []int{1, -2, 1}), hand("ansager", 2, []int{20, 17, 37}, []int{1, 1, -2}), a[3]}
	st := Study{Game: "droggn", Players: 3, Compare: "winRule=38", Variants: []string{"droggn()", "droggn(winRule=38)"},
		Bots: []string{"rules"}, Hands: 4, Seed: "s",
		Points: []PointScale{{Unit: "card points", Total: 74, WinFrom: 37}, {Unit: "card points", Total: 74, WinFrom: 38}}}
	return Build(st, nil, [][]Hand{a, b})
}

// TestCharts checks the data behind each plot: what is counted, the bins,
// the threshold lines, the intervals, the axes and the titles.
func TestCharts(t *testing.T) {
	cs := charts(testOutput())
	byName := map[string]chart{}
	for _, c := range cs {
		byName[c.Name] = c
		if !strings.HasPrefix(c.Title, "Droggn, 3 players\n") && !strings.HasPrefix(c.Title, "Droggn, 3 players,") {
			t.Errorf("%s: title %q does not name the game for people", c.Name, c.Title)
		}
		if strings.Contains(c.Title, "()") {
			t.Errorf("%s: title %q shows a variant string", c.Name, c.Title)
		}
		if _, err := render(c); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
	for _, name := range []string{"points", "success", "contracts", "differences"} {
		if _, ok := byName[name]; !ok {
			t.Fatalf("no %s chart", name)
		}
	}

	// The declarer's points: both variants, integer bins, every declarer
	// hand counted once, a line where each variant's declarer wins.
	pc := byName["points"]
	if len(pc.Hists) != 2 || !strings.Contains(pc.XLabel, "card points (of 74)") {
		t.Fatalf("points chart: %d histograms, x %q", len(pc.Hists), pc.XLabel)
	}
	for _, h := range pc.Hists {
		total := 0.0
		for _, b := range h.Bins {
			if b.Max-b.Min != 1 || b.Min+0.5 != math.Round(b.Min+0.5) {
				t.Fatalf("%s: bin [%v, %v) is not one integer wide", h.Label, b.Min, b.Max)
			}
			total += b.Weight
		}
		if total != 3 || !strings.Contains(h.Label, "n = 3") {
			t.Errorf("%s: %v hands counted, want the 3 with a declarer", h.Label, total)
		}
		if h.Bins[0].Min != 36.5 || h.Bins[len(h.Bins)-1].Max != 40.5 {
			t.Errorf("%s: bins from %v to %v, want 36.5 to 40.5 (40, 37, 37)", h.Label, h.Bins[0].Min, h.Bins[len(h.Bins)-1].Max)
		}
		if w := h.Bins[0].Weight; w != 2 {
			t.Errorf("%s: %v hands at 37, want 2", h.Label, w)
		}
	}
	if len(pc.Lines) != 2 || pc.Lines[0].X != 36.5 || pc.Lines[1].X != 37.5 ||
		!strings.Contains(pc.Lines[0].Label, "wins from 37") || !strings.Contains(pc.Lines[1].Label, "wins from 38") {
		t.Errorf("threshold lines %+v", pc.Lines)
	}

	// Shares with 95% intervals and n, on [0, 1].
	for _, name := range []string{"success", "contracts"} {
		c := byName[name]
		if !c.YFixed || c.YMin != 0 || c.YMax != 1 || !strings.Contains(c.Title, "95% CI") {
			t.Errorf("%s: y on [%v, %v] fixed %v, title %q", name, c.YMin, c.YMax, c.YFixed, c.Title)
		}
	}
	sc := byName["success"]
	if strings.Join(sc.Categories, ",") != "ansager,solo" || len(sc.Points) != 2 {
		t.Fatalf("success: categories %v, %d series", sc.Categories, len(sc.Points))
	}
	// Solo in A: won 1 of 2; Ansager in B: lost 1 of 1.
	a, b := sc.Points[0], sc.Points[1]
	want := []struct {
		ps      pointSeries
		i       int
		x, p    float64
		n       int
		low, hi float64
	}{
		{a, 1, 1 - 0.15, 0.5, 2, NewRate(1, 2).Low, NewRate(1, 2).High},
		{b, 0, 0 + 0.15, 0, 1, 0, NewRate(0, 1).High},
	}
	for _, w := range want {
		if w.ps.X[w.i] != w.x || w.ps.Y[w.i] != w.p || w.ps.N[w.i] != w.n || w.ps.Low[w.i] != w.low || w.ps.High[w.i] != w.hi {
			t.Errorf("%s point %d: x %v p %v n %d [%v, %v]; want x %v p %v n %d [%v, %v]", w.ps.Label, w.i,
				w.ps.X[w.i], w.ps.Y[w.i], w.ps.N[w.i], w.ps.Low[w.i], w.ps.High[w.i], w.x, w.p, w.n, w.low, w.hi)
		}
	}
	if !strings.Contains(a.Label, "default rules") || !strings.Contains(b.Label, "winRule=38") {
		t.Errorf("legend %q, %q", a.Label, b.Label)
	}
	cc := byName["contracts"]
	if got := cc.Points[0].Y; len(got) != 3 || got[0] != 0.25 || got[1] != 0.5 || got[2] != 0.25 {
		t.Errorf("contract shares %v, want ansager 1/4, solo 2/4, thrown_in 1/4", got)
	}

	// Differences: rates only (the score is on another scale), B − A.
	dc := byName["differences"]
	if strings.Join(dc.Categories, ",") != "success,redeal,ansager,solo,thrown_in" || !dc.Zero {
		t.Errorf("differences: categories %v", dc.Categories)
	}
	if d := dc.Points[0].Y[0]; d != -1.0/3 {
		t.Errorf("success difference %v, want −1/3 (the Ansager lost under B)", d)
	}
}

// TestChartsOneVariant: without a comparison there is one series and no
// differences chart; Strohmandeln's axis names its thirds.
func TestChartsOneVariant(t *testing.T) {
	hs := []Hand{hand("undertaken", 0, []int{120, 90}, []int{3, -3}), hand("simple", 1, []int{100, 110}, []int{-1, 1})}
	st := Study{Game: "strohmandeln", Players: 2, Variants: []string{"strohmandeln()"}, Bots: []string{"rules"}, Hands: 2, Seed: "s",
		Points: []PointScale{{Unit: "thirds of a card point", Total: 210, WinFrom: 107}}}
	cs := charts(Build(st, nil, [][]Hand{hs}))
	for _, c := range cs {
		if c.Name == "differences" {
			t.Error("a differences chart without a comparison")
		}
		if c.Name == "points" {
			if !strings.Contains(c.XLabel, "thirds of a card point (of 210)") || len(c.Hists) != 1 || len(c.Lines) != 1 ||
				c.Lines[0].X != 106.5 || c.Lines[0].Label != "wins from 107" {
				t.Errorf("points: x %q, %d histograms, lines %+v", c.XLabel, len(c.Hists), c.Lines)
			}
			if !strings.HasPrefix(c.Title, "Strohmandeln, 2 players") {
				t.Errorf("title %q", c.Title)
			}
		}
	}
}

// TestIntegerTicks: a histogram's axes, hands and points, are marked at
// whole numbers only ("2.5 hands" is no count), a dozen marks or so at
// any height.
func TestIntegerTicks(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{0, 3.5}, {0, 14}, {-40, 120}, {0, 700}, {0, 14000}} {
		ts := integerTicks{}.Ticks(c.lo, c.hi)
		if len(ts) < 2 || len(ts) > 15 {
			t.Errorf("%v…%v: %d marks", c.lo, c.hi, len(ts))
		}
		for _, tk := range ts {
			if tk.Value != math.Trunc(tk.Value) || tk.Value < c.lo || tk.Value > c.hi {
				t.Errorf("%v…%v: a mark at %v", c.lo, c.hi, tk.Value)
			}
		}
	}
}

package sim

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Output is everything a simulation writes to its directory.
type Output struct {
	Command   string    `json:"command"`
	Summaries []Summary `json:"summaries"`
	Diffs     []Diff    `json:"paired_differences,omitempty"`
}

// Write writes the hand records (hands-A.jsonl, hands-B.jsonl), the
// summary (summary.json, summary.csv), the plots (PNG and SVG) and a
// Markdown report embedding them into dir.
func Write(dir string, out Output, hands [][]Hand) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for v, hs := range hands {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("hands-%c.jsonl", 'A'+v)))
		if err != nil {
			return err
		}
		w := bufio.NewWriter(f)
		if err := WriteRecords(w, hs); err != nil {
			f.Close()
			return err
		}
		if err := w.Flush(); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "summary.csv"), out); err != nil {
		return err
	}
	plots, err := writePlots(dir, out)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.md"), []byte(markdown(out, plots)), 0o644)
}

// writeCSV writes one row per statistic: variant, kind, name, value, low,
// high, n.
func writeCSV(path string, out Output) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	row := func(fields ...string) { _ = w.Write(fields) }
	ff := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	row("variant", "kind", "name", "value", "low", "high", "n")
	for _, s := range out.Summaries {
		for _, k := range sortedKeys(s.Contracts) {
			r := s.Contracts[k]
			row(s.Variant, "contract_frequency", k, ff(r.P), ff(r.Low), ff(r.High), strconv.Itoa(r.Of))
		}
		for _, k := range sortedKeys(s.Success) {
			r := s.Success[k]
			row(s.Variant, "declarer_success", k, ff(r.P), ff(r.Low), ff(r.High), strconv.Itoa(r.Of))
		}
		for _, k := range sortedKeys(s.Bonuses) {
			r := s.Bonuses[k]
			row(s.Variant, "bonus_frequency", k, ff(r.P), ff(r.Low), ff(r.High), strconv.Itoa(r.Of))
		}
		for seat, m := range s.Score {
			row(s.Variant, "score_per_seat", strconv.Itoa(seat), ff(m.Mean), ff(m.Mean-m.CI95), ff(m.Mean+m.CI95), strconv.Itoa(m.N))
		}
		row(s.Variant, "redeal", "thrown_in_or_folded", ff(s.Redeal.P), ff(s.Redeal.Low), ff(s.Redeal.High), strconv.Itoa(s.Redeal.Of))
		row(s.Variant, "ties", "even_split", ff(s.Ties.P), ff(s.Ties.Low), ff(s.Ties.High), strconv.Itoa(s.Ties.Of))
	}
	for _, d := range out.Diffs {
		row("B-A", "paired_difference", d.Metric, ff(d.Mean), ff(d.Mean-d.CI95), ff(d.Mean+d.CI95), strconv.Itoa(d.N))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// writePlots draws the card-point histograms, the declarer success by
// contract and the paired differences; it returns the plot base names.
func writePlots(dir string, out Output) ([]string, error) {
	var names []string
	save := func(p *plot.Plot, name string) error {
		for _, ext := range []string{".png", ".svg"} {
			if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(dir, name+ext)); err != nil {
				return err
			}
		}
		names = append(names, name)
		return nil
	}
	for v, s := range out.Summaries {
		var all []int
		for _, pts := range s.DeclarerPoints {
			all = append(all, pts...)
		}
		if len(all) == 0 {
			continue
		}
		p := plot.New()
		p.Title.Text = "Declarer card points — " + s.Variant
		p.X.Label.Text = "card points"
		p.Y.Label.Text = "hands"
		vals := make(plotter.Values, len(all))
		for i, x := range all {
			vals[i] = float64(x)
		}
		h, err := plotter.NewHist(vals, 30)
		if err != nil {
			return nil, err
		}
		h.FillColor = plotutil.Color(v)
		p.Add(h)
		if err := save(p, fmt.Sprintf("points-%c", 'A'+v)); err != nil {
			return nil, err
		}
	}
	// Declarer success by contract, one group of bars per variant.
	contracts := map[string]bool{}
	for _, s := range out.Summaries {
		for c := range s.Success {
			contracts[c] = true
		}
	}
	if len(contracts) > 0 {
		keys := sortedKeys(contracts)
		p := plot.New()
		p.Title.Text = "Declarer success by contract"
		p.Y.Label.Text = "share of games won"
		w := vg.Points(14)
		for v, s := range out.Summaries {
			vals := make(plotter.Values, len(keys))
			errs := make(plotter.YErrors, len(keys))
			for i, k := range keys {
				r := s.Success[k]
				vals[i] = r.P
				errs[i].Low, errs[i].High = r.P-r.Low, r.High-r.P
			}
			bars, err := plotter.NewBarChart(vals, w)
			if err != nil {
				return nil, err
			}
			bars.Color = plotutil.Color(v)
			bars.Offset = w * vg.Length(v-len(out.Summaries)/2)
			p.Add(bars)
			p.Legend.Add(s.Variant, bars)
		}
		p.NominalX(keys...)
		p.Legend.Top = true
		p.Legend.Left = true
		p.Y.Max = 1.25
		if err := save(p, "success"); err != nil {
			return nil, err
		}
	}
	if len(out.Diffs) > 0 {
		p := plot.New()
		p.Title.Text = "Paired differences B − A (95% CI)"
		pts := make(plotter.XYs, len(out.Diffs))
		errs := make(plotter.YErrors, len(out.Diffs))
		labels := make([]string, len(out.Diffs))
		for i, d := range out.Diffs {
			pts[i].X, pts[i].Y = float64(i), d.Mean
			errs[i].Low, errs[i].High = d.CI95, d.CI95
			labels[i] = strings.TrimPrefix(d.Metric, "contract_")
		}
		// Scores are on another scale than rates: plot rates only.
		var rp plotter.XYs
		var re plotter.YErrors
		var rl []string
		for i, d := range out.Diffs {
			if d.Metric == "declarer_score" {
				continue
			}
			rp = append(rp, plotter.XY{X: float64(len(rp)), Y: pts[i].Y})
			re = append(re, errs[i])
			rl = append(rl, labels[i])
		}
		sc, err := plotter.NewScatter(rp)
		if err != nil {
			return nil, err
		}
		sc.Color = color.Black
		eb, err := plotter.NewYErrorBars(errorPoints{rp, re})
		if err != nil {
			return nil, err
		}
		eb.LineStyle.Width = vg.Points(1)
		eb.LineStyle.Color = color.Black
		eb.CapWidth = vg.Points(6)
		p.Add(sc, eb, plotter.NewGrid())
		p.NominalX(rl...)
		p.Y.Label.Text = "difference in rate"
		if err := save(p, "differences"); err != nil {
			return nil, err
		}
	}
	return names, nil
}

func markdown(out Output, plots []string) string {
	var b strings.Builder
	pct := func(r Rate) string {
		return fmt.Sprintf("%.1f%% [%.1f, %.1f] (%d/%d)", 100*r.P, 100*r.Low, 100*r.High, r.N, r.Of)
	}
	fmt.Fprintf(&b, "# Simulation report\n\n`%s`\n\n", out.Command)
	for i, s := range out.Summaries {
		fmt.Fprintf(&b, "## Variant %c: `%s`\n\n%d hands", 'A'+i, s.Variant, s.Hands)
		if s.HandsPerSecond > 0 {
			fmt.Fprintf(&b, ", %.3g hands per second", s.HandsPerSecond)
		}
		b.WriteString(".\n\n| contract | frequency (95% CI) | declarer success (95% CI) |\n|---|---|---|\n")
		for _, c := range sortedKeys(s.Contracts) {
			succ := "—"
			if r, ok := s.Success[c]; ok {
				succ = pct(r)
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", c, pct(s.Contracts[c]), succ)
		}
		if len(s.Bonuses) > 0 {
			b.WriteString("\n| bonus | frequency per hand (95% CI) |\n|---|---|\n")
			for _, k := range sortedKeys(s.Bonuses) {
				fmt.Fprintf(&b, "| %s | %s |\n", k, pct(s.Bonuses[k]))
			}
		}
		b.WriteString("\n| seat | mean score per hand |\n|---|---|\n")
		for seat, m := range s.Score {
			fmt.Fprintf(&b, "| %d | %.2f ± %.2f |\n", seat, m.Mean, m.CI95)
		}
		fmt.Fprintf(&b, "\nThrown in or folded: %s. Card points split evenly: %s.\n\n", pct(s.Redeal), pct(s.Ties))
	}
	if len(out.Diffs) > 0 {
		b.WriteString("## Paired differences (B − A, same deals)\n\n| metric | mean (95% CI) | deals |\n|---|---|---|\n")
		for _, d := range out.Diffs {
			fmt.Fprintf(&b, "| %s | %+.4f ± %.4f | %d |\n", d.Metric, d.Mean, d.CI95, d.N)
		}
		b.WriteString("\n")
	}
	for _, p := range plots {
		fmt.Fprintf(&b, "![%s](%s.png)\n\n", p, p)
	}
	return b.String()
}

// errorPoints pairs points with their error bars for plotter.NewYErrorBars.
type errorPoints struct {
	plotter.XYs
	plotter.YErrors
}

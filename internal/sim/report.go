package sim

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"
)

// Output is everything a simulation writes to its directory.
type Output struct {
	// Command plays the study again (a shard: its whole study).
	Command string `json:"command"`
	Study   Study  `json:"study"`
	// Shard is the slice of the study's deals played, nil for all.
	Shard *Shard `json:"shard,omitempty"`
	// Seconds is the time the simulation took (merged: the shards' sum).
	Seconds   float64   `json:"seconds"`
	Summaries []Summary `json:"summaries"`
	Diffs     []Diff    `json:"paired_differences,omitempty"`
}

// CheckDir makes sure dir exists or can be made and takes files, and
// holds no summary.json but a study's (which Write replaces), so a
// study fails before it plays rather than after.
func CheckDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("sim: output directory: %w", err)
	}
	f, err := os.CreateTemp(dir, ".trull-sim-*")
	if err != nil {
		return fmt.Errorf("sim: output directory: %w", err)
	}
	f.Close()
	if err := os.Remove(f.Name()); err != nil {
		return err
	}
	_, err = earlier(dir)
	return err
}

// earlier reads the summary of an earlier study written into dir: nil when
// there is none, an error when dir holds a summary.json that no study
// wrote (whose files would not be this command's to replace).
func earlier(dir string) (*Output, error) {
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	var prev Output
	if json.Unmarshal(b, &prev) != nil || prev.Command == "" || prev.Study.Game == "" || len(prev.Summaries) == 0 {
		return nil, fmt.Errorf("sim: %s holds a summary.json that trull sim did not write; choose another directory", dir)
	}
	return &prev, nil
}

// clearEarlier removes what an earlier run wrote into dir (the files its
// summary.json names, its records, plots and report), so that none of it
// stays beside this run's files as if it were theirs. Other files are left
// alone.
func clearEarlier(dir string) error {
	prev, err := earlier(dir)
	if err != nil || prev == nil {
		return err
	}
	names := []string{"hands-A.jsonl", "hands-B.jsonl", "summary.csv", "report.md", "summary.json"}
	for _, c := range charts(*prev) {
		names = append(names, c.Name+".png", c.Name+".svg")
	}
	for _, n := range names {
		if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Write writes the hand records (hands-A.jsonl, hands-B.jsonl) and the
// summary (summary.json, summary.csv) into dir and, unless out is a
// shard's (merge the shards for them), the plots (PNG and SVG) and a
// Markdown report embedding them.
func Write(dir string, out Output, hands [][]Hand) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := clearEarlier(dir); err != nil {
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
	if out.Shard != nil {
		return nil
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

func markdown(out Output, plots []string) string {
	var b strings.Builder
	pct := func(r Rate) string {
		return fmt.Sprintf("%.1f%% (95%% CI %.1f–%.1f%%; %d of %d)", 100*r.P, 100*r.Low, 100*r.High, r.N, r.Of)
	}
	st := out.Study
	fmt.Fprintf(&b, "# %s: simulation report\n\n`%s`\n\nPlayed by %s. Every interval is a 95%% confidence interval (CI): Wilson for shares, normal for means and paired differences.\n\n",
		st.Title(), out.Command, st.Version)
	for i, s := range out.Summaries {
		fmt.Fprintf(&b, "## Variant %c: %s (`%s`)\n\n%d hands", 'A'+i, st.Label(i), s.Variant, s.Hands)
		if s.HandsPerSecond > 0 {
			fmt.Fprintf(&b, ", %s", FormatRate(s.HandsPerSecond))
		}
		if i < len(st.Points) {
			p := st.Points[i]
			fmt.Fprintf(&b, ". The pack holds %d %s; the declarer wins with %d or more", p.Total, p.Unit, p.WinFrom)
		}
		b.WriteString(".\n\n| contract | share of deals (95% CI) | declarer success (95% CI) |\n|---|---|---|\n")
		for _, c := range sortedKeys(s.Contracts) {
			succ := "—"
			if r, ok := s.Success[c]; ok {
				succ = pct(r)
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", c, pct(s.Contracts[c]), succ)
		}
		if len(s.Bonuses) > 0 {
			b.WriteString("\n| bonus | share of hands (95% CI) |\n|---|---|\n")
			for _, k := range sortedKeys(s.Bonuses) {
				fmt.Fprintf(&b, "| %s | %s |\n", k, pct(s.Bonuses[k]))
			}
		}
		b.WriteString("\n| seat | mean score per hand (± 95% CI) |\n|---|---|\n")
		for seat, m := range s.Score {
			fmt.Fprintf(&b, "| %d | %.2f ± %.2f |\n", seat, m.Mean, m.CI95)
		}
		fmt.Fprintf(&b, "\nThrown in or folded: %s. Card points split evenly: %s.\n\n", pct(s.Redeal), pct(s.Ties))
	}
	if len(out.Diffs) > 0 {
		b.WriteString("## Paired differences (B − A, same deals)\n\n| metric | mean (± 95% CI) | deals |\n|---|---|---|\n")
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

// FormatRate writes a speed for people: "1430 hands/s", "8.5 hands/s".
func FormatRate(perSecond float64) string {
	if perSecond >= 100 {
		return fmt.Sprintf("%.0f hands/s", perSecond)
	}
	return fmt.Sprintf("%.1f hands/s", perSecond)
}

// errorPoints pairs points with their error bars for plotter.NewYErrorBars.
type errorPoints struct {
	plotter.XYs
	plotter.YErrors
}

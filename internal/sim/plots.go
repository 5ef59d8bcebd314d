package sim

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A chart is the data of one plot, built apart from drawing so that tests
// can check what each plot shows.
type chart struct {
	Name   string // file name without extension
	Title  string
	XLabel string
	YLabel string
	// YMin, YMax fix the vertical axis when YFixed.
	YMin, YMax float64
	YFixed     bool
	// Hists are histograms with bins one unit wide, overlaid.
	Hists []histSeries
	// Lines are vertical markers (win thresholds).
	Lines []vLine
	// Points are estimates with 95% error bars over the categories.
	Points     []pointSeries
	Categories []string
	// Zero draws a horizontal line at 0.
	Zero bool
}

type histSeries struct {
	Label   string
	Variant int
	Bins    []plotter.HistogramBin
}

type vLine struct {
	X       float64
	Label   string
	Variant int
}

type pointSeries struct {
	Label   string
	Variant int
	// X are positions (category index plus an offset per variant); Y the
	// estimates; Low and High the 95% interval; N the sample sizes.
	X, Y, Low, High []float64
	N               []int
}

// variantColors are blue and orange, told apart by most colour-blind
// readers as well.
var variantColors = []color.NRGBA{{0x1f, 0x77, 0xb4, 0xff}, {0xe6, 0x6a, 0x00, 0xff}}

// charts returns the plots of a study's output: the declarer's card
// points, the declarer's success and the contracts' shares per variant,
// and the paired differences of two variants.
func charts(out Output) []chart {
	var cs []chart
	if c, ok := pointsChart(out); ok {
		cs = append(cs, c)
	}
	if c, ok := rateChart(out, "success", "declarer success by contract", "share of games the declarer won",
		func(s Summary) map[string]Rate { return s.Success }); ok {
		cs = append(cs, c)
	}
	if c, ok := rateChart(out, "contracts", "contracts", "share of deals",
		func(s Summary) map[string]Rate { return s.Contracts }); ok {
		cs = append(cs, c)
	}
	if c, ok := diffChart(out); ok {
		cs = append(cs, c)
	}
	return cs
}

// pointsChart overlays the variants' histograms of the declarer's card
// points (contracts with a declarer), one bin per point value, with a line
// where the declarer starts to win.
func pointsChart(out Output) (chart, bool) {
	st := out.Study
	unit := "card points"
	total := 0
	if len(st.Points) > 0 {
		unit, total = st.Points[0].Unit, st.Points[0].Total
	}
	c := chart{Name: "points", Title: st.Title() + "\nthe declarer's card points",
		XLabel: fmt.Sprintf("the declarer's %s (of %d)", unit, total), YLabel: "hands"}
	has := false
	for v, s := range out.Summaries {
		var pts []int
		for _, k := range sortedKeys(s.DeclarerPoints) {
			if _, ok := s.Success[k]; ok {
				pts = append(pts, s.DeclarerPoints[k]...)
			}
		}
		if len(pts) == 0 {
			continue
		}
		has = true
		c.Hists = append(c.Hists, histSeries{Label: fmt.Sprintf("%c: %s (n = %d)", 'A'+v, st.Label(v), len(pts)),
			Variant: v, Bins: integerBins(pts)})
	}
	for v := range out.Summaries {
		if v >= len(st.Points) {
			break
		}
		w := st.Points[v].WinFrom
		if v == 1 && w == st.Points[0].WinFrom {
			break // one line serves both
		}
		label := fmt.Sprintf("wins from %d", w)
		if len(out.Summaries) == 2 && (len(st.Points) < 2 || st.Points[1].WinFrom != st.Points[0].WinFrom) {
			label = fmt.Sprintf("%c: wins from %d", 'A'+v, w)
		}
		c.Lines = append(c.Lines, vLine{X: float64(w) - 0.5, Label: label, Variant: v})
	}
	return c, has
}

// integerBins counts the values, one bin [k−½, k+½) per integer k from
// the least value to the greatest.
func integerBins(xs []int) []plotter.HistogramBin {
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	bins := make([]plotter.HistogramBin, hi-lo+1)
	for i := range bins {
		k := float64(lo + i)
		bins[i] = plotter.HistogramBin{Min: k - 0.5, Max: k + 0.5}
	}
	for _, x := range xs {
		bins[x-lo].Weight++
	}
	return bins
}

// rateChart plots one share per contract and variant with its 95% error
// bar and sample size, on [0, 1].
func rateChart(out Output, name, what, ylabel string, rates func(Summary) map[string]Rate) (chart, bool) {
	keys := map[string]bool{}
	for _, s := range out.Summaries {
		for k := range rates(s) {
			keys[k] = true
		}
	}
	if len(keys) == 0 {
		return chart{}, false
	}
	cats := sortedKeys(keys)
	c := chart{Name: name, Title: out.Study.Title() + "\n" + what + " (95% CI)", YLabel: ylabel,
		YMin: 0, YMax: 1, YFixed: true, Categories: cats}
	for v, s := range out.Summaries {
		ps := pointSeries{Label: fmt.Sprintf("%c: %s", 'A'+v, out.Study.Label(v)), Variant: v}
		for i, k := range cats {
			r, ok := rates(s)[k]
			if !ok || r.Of == 0 {
				continue
			}
			ps.X = append(ps.X, float64(i)+offset(v, len(out.Summaries)))
			ps.Y, ps.Low, ps.High = append(ps.Y, r.P), append(ps.Low, r.Low), append(ps.High, r.High)
			ps.N = append(ps.N, r.Of)
		}
		c.Points = append(c.Points, ps)
	}
	return c, true
}

// offset places variant v's point beside the others' in a category.
func offset(v, n int) float64 {
	if n < 2 {
		return 0
	}
	return 0.3 * (float64(v) - float64(n-1)/2)
}

// diffChart plots the paired differences B − A of shares (the score, on
// another scale, is in the report) with their 95% error bars: the
// declarer's success, redeals and each contract's share.
func diffChart(out Output) (chart, bool) {
	if len(out.Diffs) == 0 {
		return chart{}, false
	}
	c := chart{Name: "differences",
		Title:  fmt.Sprintf("%s, same deals (95%% CI)\nB (%s) − A (%s)", out.Study.Title(), out.Study.Label(1), out.Study.Label(0)),
		YLabel: "difference in share, B − A", Zero: true}
	ps := pointSeries{Variant: 1}
	for _, d := range out.Diffs {
		if d.Metric == "declarer_score" {
			continue
		}
		name := strings.TrimPrefix(d.Metric, "contract_")
		switch d.Metric {
		case "declarer_success":
			name = "success"
		case "redeal":
			name = "redeal"
		}
		ps.X = append(ps.X, float64(len(c.Categories)))
		ps.Y, ps.Low, ps.High = append(ps.Y, d.Mean), append(ps.Low, d.Mean-d.CI95), append(ps.High, d.Mean+d.CI95)
		ps.N = append(ps.N, d.N)
		c.Categories = append(c.Categories, name)
	}
	c.Points = []pointSeries{ps}
	return c, true
}

// writePlots draws the charts as PNG and SVG into dir and returns their
// names.
func writePlots(dir string, out Output) ([]string, error) {
	var names []string
	for _, c := range charts(out) {
		p, err := render(c)
		if err != nil {
			return nil, fmt.Errorf("sim: plot %s: %w", c.Name, err)
		}
		for _, ext := range []string{".png", ".svg"} {
			if err := p.Save(18*vg.Centimeter, 12*vg.Centimeter, filepath.Join(dir, c.Name+ext)); err != nil {
				return nil, fmt.Errorf("sim: plot %s: %w", c.Name, err)
			}
		}
		names = append(names, c.Name)
	}
	return names, nil
}

// render draws a chart with gonum/plot.
func render(c chart) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Add(plotter.NewGrid())
	ymax := 0.0
	for _, h := range c.Hists {
		col := variantColors[h.Variant%len(variantColors)]
		fill := col
		fill.A = 0x66
		hist := &plotter.Histogram{Bins: h.Bins, Width: 1, FillColor: fill,
			LineStyle: draw.LineStyle{Color: col, Width: vg.Points(0.6)}}
		for _, b := range h.Bins {
			ymax = math.Max(ymax, b.Weight)
		}
		p.Add(hist)
		p.Legend.Add(h.Label, hist)
	}
	if len(c.Hists) > 0 {
		p.Y.Min, p.Y.Max = 0, ymax*1.4 // room for the legend
		p.X.Tick.Marker = integerTicks{}
		p.Y.Tick.Marker = integerTicks{} // counts of hands
	}
	for _, l := range c.Lines {
		// Up to the highest bar, below the legend's band.
		ln, err := plotter.NewLine(plotter.XYs{{X: l.X, Y: 0}, {X: l.X, Y: ymax * 1.1}})
		if err != nil {
			return nil, err
		}
		ln.Color = color.Black
		if len(c.Lines) > 1 {
			ln.Color = variantColors[l.Variant%len(variantColors)]
		}
		ln.Width = vg.Points(1.5)
		ln.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		p.Add(ln)
		p.Legend.Add(l.Label, ln)
	}
	if c.Zero {
		z, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(c.Categories)) - 0.5, Y: 0}})
		if err != nil {
			return nil, err
		}
		z.Color = color.Gray{Y: 0x80}
		p.Add(z)
	}
	for _, ps := range c.Points {
		if len(ps.X) == 0 {
			continue
		}
		col := variantColors[ps.Variant%len(variantColors)]
		xys := make(plotter.XYs, len(ps.X))
		errs := make(plotter.YErrors, len(ps.X))
		labels := make([]string, len(ps.X))
		for i := range ps.X {
			xys[i] = plotter.XY{X: ps.X[i], Y: ps.Y[i]}
			errs[i].Low, errs[i].High = ps.Y[i]-ps.Low[i], ps.High[i]-ps.Y[i]
			labels[i] = fmt.Sprintf("n=%d", ps.N[i])
		}
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		eb, err := plotter.NewYErrorBars(errorPoints{xys, errs})
		if err != nil {
			return nil, err
		}
		eb.LineStyle.Color, eb.LineStyle.Width, eb.CapWidth = col, vg.Points(1.2), vg.Points(6)
		lxys := make(plotter.XYs, len(xys))
		for i := range xys {
			lxys[i] = plotter.XY{X: xys[i].X + 0.04, Y: ps.Y[i]}
		}
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: lxys, Labels: labels})
		if err != nil {
			return nil, err
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font.Size = vg.Points(7)
			lb.TextStyle[i].Color = col
		}
		p.Add(eb, sc, lb)
		if ps.Label != "" {
			p.Legend.Add(ps.Label, sc)
		}
		if !c.YFixed {
			lo, hi := 0.0, 0.0
			for i := range ps.X {
				lo, hi = math.Min(lo, ps.Low[i]), math.Max(hi, ps.High[i])
			}
			pad := math.Max(0.1*(hi-lo), 0.005)
			p.Y.Min, p.Y.Max = lo-pad, hi+pad
		}
	}
	if len(c.Categories) > 0 {
		// An empty column on the right holds the legend.
		p.NominalX(c.Categories...)
		p.X.Min, p.X.Max = -0.6, float64(len(c.Categories))+0.6
		p.Legend.Left = false
	}
	if c.YFixed {
		p.Y.Min, p.Y.Max = c.YMin, c.YMax
		p.Y.Tick.Marker = plot.ConstantTicks(shareTicks())
	}
	return p, nil
}

// shareTicks marks 0, 0.1, …, 1, labelled every 0.2.
func shareTicks() []plot.Tick {
	var ts []plot.Tick
	for i := 0; i <= 10; i++ {
		t := plot.Tick{Value: float64(i) / 10}
		if i%2 == 0 {
			t.Label = fmt.Sprintf("%.1f", t.Value)
		}
		ts = append(ts, t)
	}
	return ts
}

// integerTicks labels whole numbers only: every 1, 2, 5, 10, … points, so
// a histogram's bins sit between labelled integers.
type integerTicks struct{}

// Ticks implements plot.Ticker.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	span := hi - lo
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000} {
		step = s
		if span/s <= 12 {
			break
		}
	}
	var ts []plot.Tick
	for x := math.Ceil(lo/step) * step; x <= hi; x += step {
		ts = append(ts, plot.Tick{Value: x, Label: fmt.Sprintf("%.0f", x)})
	}
	return ts
}

package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"trull/internal/sim"
)

// simCmd is `trull sim`: many seeded hands with chosen bots, their
// records, statistics with confidence intervals, plots and a report.
type simCmd struct {
	Game    gameFlag `default:"droggn" help:"The game: droggn, troggu or strohmandeln."`
	Players int      `help:"Number of players (default: the game's smallest)."`
	Options string   `help:"Variant A's options k=v,k=v."`
	Compare string   `help:"Variant B: options k=v,… applied on top of --options, played on the same deals."`
	Bots    botsFlag `default:"rules" help:"Bot for every seat, or one per seat, comma-separated."`
	Hands   int      `default:"1000" help:"Number of deals."`
	Seed    string   `default:"sim" help:"Seed of the deals and decisions."`
	Out     string   `default:"sim-out" placeholder:"DIR" help:"Output directory."`
	Workers int      `help:"Parallel workers (0: all cores)."`
	Quiet   bool     `help:"No progress bar."`
}

// Run plays the study and writes its outputs.
func (c *simCmd) Run(e *env) error {
	ra, err := rulesFromFlags(string(c.Game), c.Players, c.Options)
	if err != nil {
		return usageError{err}
	}
	cfg := sim.Config{Rules: ra, Hands: c.Hands, Seed: c.Seed, Workers: c.Workers}
	if c.Compare != "" {
		opts := c.Compare
		if c.Options != "" {
			opts = c.Options + "," + c.Compare
		}
		if cfg.Compare, err = rulesFromFlags(string(c.Game), c.Players, opts); err != nil {
			return usageError{err}
		}
	}
	if cfg.Bots, err = newBots(c.Bots); err != nil {
		return usageError{err}
	}
	start := time.Now()
	if !c.Quiet {
		cfg.Progress = progressBar(e.stderr, start, "hands")
	}
	hs, err := sim.Run(cfg)
	if err != nil {
		return err
	}
	el := time.Since(start).Seconds()
	o := sim.Output{Command: "trull sim " + strings.Join(e.args, " ")}
	for v, h := range hs {
		s := sim.Summarize([]string{ra.String(), ""}[v]+variantName(cfg, v), h)
		s.HandsPerSecond = float64(len(h)*len(hs)) / el / float64(len(hs))
		o.Summaries = append(o.Summaries, s)
	}
	if len(hs) == 2 {
		o.Diffs = sim.Compare(hs[0], hs[1])
	}
	if err := sim.Write(c.Out, o, hs); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d hands in %.1fs (%.3g hands/s); report in %s/report.md\n",
		c.Hands*len(hs), el, float64(c.Hands*len(hs))/el, c.Out)
	return nil
}

func variantName(c sim.Config, v int) string {
	if v == 1 {
		return c.Compare.String()
	}
	return ""
}

// progressBar returns a progress callback printing done/total and an ETA.
func progressBar(w io.Writer, start time.Time, unit string) func(done, total int) {
	return func(done, total int) {
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(total-done))
		width := 30
		fill := width * done / total
		fmt.Fprintf(w, "\r[%s%s] %d/%d %s  %s elapsed  ETA %s   ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
			done, total, unit, el.Round(time.Second), eta.Round(time.Second))
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

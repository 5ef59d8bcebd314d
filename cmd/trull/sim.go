package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"trull/internal/bot"
	"trull/internal/sim"
)

// cmdSim implements `trull sim`: many seeded hands with chosen bots, their
// records, statistics with confidence intervals, plots and a report.
func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "droggn", "game: droggn, troggu, strohmandeln")
	players := fs.Int("players", 0, "number of players (default: the game's smallest)")
	options := fs.String("options", "", "variant A options k=v,k=v")
	compare := fs.String("compare", "", "variant B: options k=v,… applied on top of -options, played on the same deals")
	bots := fs.String("bots", "rules", "bot for every seat, or one per seat, comma-separated")
	hands := fs.Int("hands", 1000, "number of deals")
	seed := fs.String("seed", "sim", "seed of the deals and decisions")
	out := fs.String("out", "sim-out", "output directory")
	workers := fs.Int("workers", 0, "parallel workers (0: all cores)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int { fmt.Fprintf(stderr, "trull sim: %v\n", err); return 2 }
	ra, err := rulesFromFlags(*gameName, *players, *options)
	if err != nil {
		return fail(err)
	}
	cfg := sim.Config{Rules: ra, Hands: *hands, Seed: *seed, Workers: *workers}
	if *compare != "" {
		opts := *compare
		if *options != "" {
			opts = *options + "," + *compare
		}
		if cfg.Compare, err = rulesFromFlags(*gameName, *players, opts); err != nil {
			return fail(err)
		}
	}
	for _, name := range strings.Split(*bots, ",") {
		b, err := bot.New(strings.TrimSpace(name))
		if err != nil {
			return fail(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	start := time.Now()
	if !*quiet {
		cfg.Progress = progressBar(stderr, start, "hands")
	}
	hs, err := sim.Run(cfg)
	if err != nil {
		return fail(err)
	}
	el := time.Since(start).Seconds()
	o := sim.Output{Command: "trull sim " + strings.Join(args, " ")}
	for v, h := range hs {
		s := sim.Summarize([]string{ra.String(), ""}[v]+variantName(cfg, v), h)
		s.HandsPerSecond = float64(len(h)*len(hs)) / el / float64(len(hs))
		o.Summaries = append(o.Summaries, s)
	}
	if len(hs) == 2 {
		o.Diffs = sim.Compare(hs[0], hs[1])
	}
	if err := sim.Write(*out, o, hs); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "%d hands in %.1fs (%.3g hands/s); report in %s/report.md\n",
		*hands*len(hs), el, float64(*hands*len(hs))/el, *out)
	return 0
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

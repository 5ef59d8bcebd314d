package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"trull/internal/game"
	"trull/internal/sim"
)

// simCmd is `trull sim`: many seeded hands with chosen bots, their
// records, statistics with confidence intervals, plots and a report; or,
// as `trull sim merge DIR…`, the shards of a study merged.
type simCmd struct {
	Merge   []string `arg:"" optional:"" name:"merge DIR" help:"merge DIR…: merge the output directories of every shard of a study (--shard) into its records, summary, report and plots in --out."`
	Game    gameFlag `default:"${defaultGame}" help:"The game: ${games}."`
	Players int      `help:"Number of players (default: the game's smallest)."`
	Options string   `help:"Variant A's options k=v,k=v."`
	Compare string   `help:"Variant B: options k=v,… applied on top of --options, played on the same deals."`
	Bots    botsFlag `default:"rules" help:"Bot for every seat, or one per seat, comma-separated."`
	Hands   int      `default:"1000" help:"Number of deals (of the whole study when sharded)."`
	Seed    string   `default:"sim" help:"Seed of the deals and decisions."`
	Shard   string   `placeholder:"I/N" help:"Play only shard I (from 0) of N of the study's deals; merge the shards with trull sim merge."`
	Out     string   `default:"sim-out" placeholder:"DIR" help:"Output directory."`
	Workers int      `help:"Parallel workers (0: all cores)."`
	Quiet   bool     `help:"No progress bar (there is none unless standard error is a terminal)."`
}

// Run checks every argument and the output directory, then plays the
// study and writes its outputs (or merges shards).
func (c *simCmd) Run(e *env) error {
	if len(c.Merge) > 0 {
		if c.Merge[0] != "merge" {
			return usagef("unexpected argument %q (trull sim takes flags, or merge DIR…)", c.Merge[0])
		}
		if len(c.Merge) == 1 {
			return usagef("merge needs the shards' directories: trull sim merge DIR… --out DIR")
		}
		return mergeShards(e, c.Merge[1:], c.Out)
	}
	if c.Hands < 1 {
		return usagef("bad --hands %d (1 or more)", c.Hands)
	}
	if c.Workers < 0 {
		return usagef("bad --workers %d (0 for all cores, or more)", c.Workers)
	}
	if c.Seed == "" {
		return usagef("--seed must not be empty")
	}
	if c.Players < 0 {
		return usagef("bad --players %d", c.Players)
	}
	ra, err := rulesFromFlags(string(c.Game), c.Players, c.Options)
	if err != nil {
		return usageError{err}
	}
	cfg := sim.Config{Rules: ra, Hands: c.Hands, Seed: c.Seed, Workers: c.Workers}
	variants := []game.Rules{ra}
	if c.Compare != "" {
		opts := c.Compare
		if c.Options != "" {
			opts = c.Options + "," + c.Compare
		}
		if cfg.Compare, err = rulesFromFlags(string(c.Game), c.Players, opts); err != nil {
			return usagef("--compare: %v", err)
		}
		if cfg.Compare.String() == ra.String() {
			return usagef("--compare %q plays variant A again (%s)", c.Compare, ra)
		}
		variants = append(variants, cfg.Compare)
	}
	if len(c.Bots) != 1 && len(c.Bots) != ra.Seats() {
		return usagef("give one bot for every seat or one per seat (%d), not %d", ra.Seats(), len(c.Bots))
	}
	if cfg.Bots, err = newBots(c.Bots); err != nil {
		return usageError{err}
	}
	for _, b := range cfg.Bots {
		if _, ok := b.(interface{ Cheats() }); ok {
			return usagef("--bots %s: the cheater sees every card and plays only in trull arena, as the reference the bots are measured against", b.Name())
		}
	}
	var shard *sim.Shard
	if c.Shard != "" {
		sh, err := sim.ParseShard(c.Shard)
		if err != nil {
			return simUsage(err)
		}
		if sh.Of > c.Hands {
			return usagef("--shard %s: %d shards of %d deals leave some empty", c.Shard, sh.Of, c.Hands)
		}
		cfg.Shard, shard = sh, &sh
	}
	if err := sim.CheckDir(c.Out); err != nil {
		return usagef("--out %s: %v", c.Out, strings.TrimPrefix(err.Error(), "sim: "))
	}

	st := sim.Study{Game: ra.Game(), Players: ra.Seats(), Options: c.Options, Compare: c.Compare,
		Bots: c.Bots, Hands: c.Hands, Seed: c.Seed, Version: version()}
	for _, r := range variants {
		st.Variants = append(st.Variants, r.String())
		st.Points = append(st.Points, sim.Scale(r))
	}
	lo, hi := cfg.Shard.Range(c.Hands)
	if !c.Quiet {
		cfg.Progress = progressBar(e.stderr, time.Now(), "deals")
	}
	start := time.Now()
	hs, err := sim.Run(cfg)
	if err != nil {
		return err
	}
	el := time.Since(start)
	o := sim.Build(st, shard, hs)
	o.Seconds = el.Seconds()
	workers := c.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for v, r := range sim.Rates(hs, min(workers, hi-lo)) {
		o.Summaries[v].HandsPerSecond = r
	}
	if err := sim.Write(c.Out, o, hs); err != nil {
		return err
	}
	what := "report in " + c.Out + "/report.md"
	if shard != nil {
		what = fmt.Sprintf("shard %s (deals %d to %d) in %s; merge every shard with trull sim merge", shard, lo, hi-1, c.Out)
	}
	fmt.Fprintf(e.stdout, "%s in %.1fs (%s); %s\n", dealsText(hi-lo, len(hs)), el.Seconds(), ratesText(o), what)
	return nil
}

// mergeShards reads every shard, checks that they make one study, and
// writes the study's records, summary, plots and report into out.
func mergeShards(e *env, dirs []string, out string) error {
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return usagef("%s is not a directory of a shard's output", d)
		}
	}
	if err := sim.CheckDir(out); err != nil {
		return usagef("--out %s: %v", out, strings.TrimPrefix(err.Error(), "sim: "))
	}
	o, hs, err := sim.Merge(dirs)
	if err != nil {
		return simUsage(err)
	}
	if err := sim.Write(out, o, hs); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d shards merged: %s played in %.1fs of the shards' time (%s); report in %s/report.md\n",
		len(dirs), dealsText(o.Study.Hands, len(hs)), o.Seconds, ratesText(o), out)
	return nil
}

// simUsage is a usage error from package sim, without its prefix.
func simUsage(err error) error {
	return usageError{errors.New(strings.TrimPrefix(err.Error(), "sim: "))}
}

// dealsText says how many hands were played: "600 deals" or "600 deals
// × 2 variants".
func dealsText(deals, variants int) string {
	if variants > 1 {
		return fmt.Sprintf("%d deals × %d variants", deals, variants)
	}
	return fmt.Sprintf("%d deals", deals)
}

// ratesText gives each variant's speed: "A 1430 hands/s, B 1390 hands/s".
func ratesText(o sim.Output) string {
	var parts []string
	for v, s := range o.Summaries {
		r := sim.FormatRate(s.HandsPerSecond)
		if len(o.Summaries) > 1 {
			r = fmt.Sprintf("%c %s", 'A'+v, r)
		}
		parts = append(parts, r)
	}
	return strings.Join(parts, ", ")
}

// progressBar returns a progress callback counting unit: a bar on w when
// it is a terminal, redrawn at most five times a second and as wide as the
// terminal; nothing otherwise (a log file or a batch system's output).
func progressBar(w io.Writer, _ time.Time, unit string) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return func(int, int) {}
	}
	return progressOn(w, unit, progressbar.OptionFullWidth())
}

// progressOn draws the bar on w, whatever w is; the bar is made at the
// first call, which tells the total.
func progressOn(w io.Writer, unit string, opts ...progressbar.Option) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total, append([]progressbar.Option{
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetItsString(unit),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(200 * time.Millisecond),
				progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }),
			}, opts...)...)
		}
		bar.Set(done)
	}
}

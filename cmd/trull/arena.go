package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"trull/internal/arena"
	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/sim"
)

// arenaCmd is `trull arena`: duplicate matches between bots.
type arenaCmd struct {
	Merge        []string `arg:"" optional:"" name:"merge FILE" help:"merge FILE…: the report of a whole match from the files of all its shards (--shard, --out)."`
	Game         gameFlag `default:"${defaultGame}" help:"The game: ${games}."`
	Players      int      `help:"Number of players (default: the game's smallest)."`
	Options      string   `help:"Variant options k=v,k=v."`
	Bots         botsFlag `default:"rules,random" help:"Bots to compare, comma-separated (${bots}; budgets such as ismcts@600; cheater, the reference that sees every card)."`
	Deals        int      `default:"200" help:"Number of duplicate deals."`
	Seed         string   `default:"arena" help:"Seed of the match."`
	Workers      int      `help:"Parallel workers (0: all cores)."`
	CardPlayOnly botFlag  `name:"card-play-only" placeholder:"BOT" help:"A bot that makes every decision but card play (fixed contracts)."`
	JSON         bool     `name:"json" xor:"format" help:"Print the report as JSON (docs/ARENA.md)."`
	Markdown     bool     `xor:"format" help:"Print the report as a Markdown section (docs/STRENGTH.md)."`
	Shard        string   `placeholder:"I/N" help:"Play only shard I (from 0) of N of the match's deals; merge the shards' --out files with trull arena merge."`
	Out          string   `placeholder:"FILE" help:"Write the hands played (and their decision times) to FILE, for trull arena merge."`
}

// arenaFile is what --out writes (docs/ARENA.md): the match, the build
// that played it, the shard played and its hands, one list per deal in the
// order of the deals.
type arenaFile struct {
	Format  string               `json:"format"`
	Version string               `json:"version"`
	Match   arenaMatch           `json:"match"`
	Variant string               `json:"variant"`
	Shard   sim.Shard            `json:"shard"`
	Workers int                  `json:"workers"`
	Hands   [][]arena.HandResult `json:"hands"`
}

// Formats of the arena's files (docs/ARENA.md).
const (
	arenaHandsFormat  = "trull-arena-hands/1"
	arenaReportFormat = "trull-arena/1"
)

// arenaReport is what --json prints (docs/ARENA.md): the report with the
// match and the build it comes from.
type arenaReport struct {
	Format  string     `json:"format"`
	Version string     `json:"version"`
	Command string     `json:"command"`
	Match   arenaMatch `json:"match"`
	*arena.Report
}

// arenaMatch says which match a shard belongs to: shards merge only when
// every field agrees.
type arenaMatch struct {
	Game         string   `json:"game"`
	Players      int      `json:"players"`
	Options      string   `json:"options,omitempty"`
	Bots         []string `json:"bots"`
	Deals        int      `json:"deals"`
	Seed         string   `json:"seed"`
	CardPlayOnly string   `json:"card_play_only,omitempty"`
}

// command returns the command line that plays the whole match with the
// given number of workers, in the order docs/strength.sh writes it.
func (m arenaMatch) command(workers int) string {
	s := fmt.Sprintf("trull arena --deals %d --workers %d --game %s --players %d", m.Deals, workers, m.Game, m.Players)
	if m.Options != "" {
		s += " --options " + m.Options
	}
	s += " --bots " + strings.Join(m.Bots, ",")
	if m.CardPlayOnly != "" {
		s += " --card-play-only " + m.CardPlayOnly
	}
	return s + " --seed " + m.Seed
}

// Run plays the match.
func (c *arenaCmd) Run(e *env) error {
	if len(c.Merge) > 0 {
		if c.Merge[0] != "merge" {
			return usagef("unexpected argument %q (trull arena takes flags, or merge FILE…)", c.Merge[0])
		}
		if len(c.Merge) == 1 {
			return usagef("merge needs the files of every shard: trull arena merge FILE…")
		}
		return c.merge(e, c.Merge[1:])
	}
	rules, err := rulesFromFlags(string(c.Game), c.Players, c.Options)
	if err != nil {
		return usageError{err}
	}
	if c.Deals < 1 {
		return usagef("--deals %d: a match needs at least one deal", c.Deals)
	}
	if c.Workers < 0 {
		return usagef("--workers %d: want 0 (every core) or more", c.Workers)
	}
	if len(c.Bots) < 2 {
		return usagef("--bots %s: a match compares at least two bots, comma-separated (rules,random)", strings.Join(c.Bots, ","))
	}
	for i, b := range c.Bots {
		if slices.Contains(c.Bots[:i], b) {
			return usagef("--bots names %s twice: a bot is named once and takes several seats by itself", b)
		}
	}
	var shard sim.Shard
	if c.Shard != "" {
		if shard, err = sim.ParseShard(c.Shard); err != nil {
			return usagef("%s", strings.TrimPrefix(err.Error(), "sim: "))
		}
		if shard.Of > c.Deals {
			return usagef("--shard %s: %d shards of %d deals leave some empty", c.Shard, shard.Of, c.Deals)
		}
		if c.Out == "" {
			return usagef("--shard %s needs --out FILE: the shards' files make the match's report (trull arena merge)", c.Shard)
		}
	}
	if c.Out != "" {
		if err := checkOutFile(c.Out); err != nil {
			return err
		}
	}
	cfg := arena.Config{Rules: rules, Deals: c.Deals, Seed: c.Seed, Workers: c.Workers}
	if shard.Of > 1 {
		cfg.From, cfg.To = shard.Range(c.Deals)
	}
	if cfg.Bots, err = newBots(c.Bots); err != nil {
		return usageError{err}
	}
	if c.CardPlayOnly != "" {
		if cfg.Bidder, err = bot.New(string(c.CardPlayOnly)); err != nil {
			return usageError{err}
		}
	}
	cfg.Progress = progressBar(e.stderr, time.Now(), "deals")
	rep, err := arena.Run(cfg)
	if err != nil {
		return err
	}
	m := arenaMatch{Game: string(c.Game), Players: rules.Seats(), Options: c.Options, Bots: c.Bots, Deals: c.Deals,
		Seed: c.Seed, CardPlayOnly: string(c.CardPlayOnly)}
	if c.Out != "" {
		if err := writeArenaFile(c.Out, arenaFile{Format: arenaHandsFormat, Version: version(), Match: m, Variant: rep.Variant,
			Shard: shard, Workers: c.Workers, Hands: byDeal(rep.Results)}); err != nil {
			return err
		}
		if shard.Of > 1 {
			lo, hi := shard.Range(c.Deals)
			fmt.Fprintf(e.stderr, "shard %s (deals %d to %d) written to %s; merge every shard with trull arena merge\n", shard, lo, hi-1, c.Out)
		}
	}
	return c.print(e, rep, m, version(), "trull arena "+strings.Join(e.args, " "))
}

// print writes the report of match m, played by the build named version,
// in the format asked for.
func (c *arenaCmd) print(e *env, rep *arena.Report, m arenaMatch, version, command string) error {
	switch {
	case c.JSON:
		b, err := json.MarshalIndent(arenaReport{Format: arenaReportFormat, Version: version, Command: command, Match: m, Report: rep}, "", "  ")
		if err != nil {
			return fmt.Errorf("the report as JSON: %w", err)
		}
		fmt.Fprintln(e.stdout, string(b))
	case c.Markdown:
		printMarkdown(e.stdout, rep, command)
	default:
		printReport(e.stdout, rep)
	}
	return nil
}

// byDeal groups a report's hands by deal, in the order of the deals.
func byDeal(hs []arena.HandResult) [][]arena.HandResult {
	var out [][]arena.HandResult
	for i, h := range hs {
		if i == 0 || h.Deal != hs[i-1].Deal {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], h)
	}
	return out
}

// checkOutFile refuses an output file that exists or whose directory does
// not, before any deal is played.
func checkOutFile(path string) error {
	if _, err := os.Stat(path); err == nil {
		return usagef("--out %s exists; the hands of a match are not overwritten", path)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return usagef("--out %s: directory %s does not exist", path, filepath.Dir(path))
	}
	return nil
}

// writeArenaFile writes f to path through a temporary file, so that a
// file found under path is whole.
func writeArenaFile(path string, f arenaFile) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// merge reads the files of every shard of one match, checks that they are
// the whole match deal for deal, and prints its report.
func (c *arenaCmd) merge(e *env, paths []string) error {
	files := make([]arenaFile, len(paths))
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return usagef("%s: %v", p, errors.Unwrap(err))
		}
		if err := json.Unmarshal(b, &files[i]); err != nil || files[i].Match.Deals < 1 || len(files[i].Match.Bots) < 2 ||
			files[i].Format != "" && files[i].Format != arenaHandsFormat {
			return usagef("%s is not a file of trull arena --out", p)
		}
		if sh := files[i].Shard; sh.Of > 1 && (sh.Index < 0 || sh.Index >= sh.Of) || sh.Of > files[i].Match.Deals {
			return usagef("%s: shard %s does not exist", p, sh)
		}
	}
	first := files[0]
	of := max(first.Shard.Of, 1)
	seen := make([]string, of)
	var hands [][]arena.HandResult
	order := make([]int, len(files))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return files[a].Shard.Index - files[b].Shard.Index })
	warned := false
	for _, i := range order {
		f, p := files[i], paths[i]
		if !reflect.DeepEqual(f.Match, first.Match) || f.Variant != first.Variant {
			return usagef("the files are not shards of one match: %s against %s", f.Match.command(f.Workers), first.Match.command(first.Workers))
		}
		if max(f.Shard.Of, 1) != of {
			return usagef("the files are not shards of one split: %s is shard %s, %s shard %s", paths[order[0]], first.Shard, p, f.Shard)
		}
		if f.Version != first.Version && !warned {
			// Not refused: a build from a tree with changes beside the bots
			// (the match files docs/strength.sh writes) names itself anew.
			fmt.Fprintf(e.stderr, "trull arena merge: the shards were played by different builds: %s by %s, %s by %s; if their bots differ, the report mixes them\n",
				paths[order[0]], orUnknown(first.Version), p, orUnknown(f.Version))
			warned = true
		}
		if seen[f.Shard.Index] != "" {
			return usagef("shard %s is given twice: %s and %s", f.Shard, seen[f.Shard.Index], p)
		}
		seen[f.Shard.Index] = p
		lo, hi := f.Shard.Range(f.Match.Deals)
		if len(f.Hands) != hi-lo {
			return usagef("shard %s holds %d deals, want %d", f.Shard, len(f.Hands), hi-lo)
		}
		for j, d := range f.Hands {
			if len(d) == 0 || d[0].Deal != lo+j {
				return usagef("shard %s does not hold deal %d", f.Shard, lo+j)
			}
		}
		hands = append(hands, f.Hands...)
	}
	for i, p := range seen {
		if p == "" {
			return usagef("shard %d/%d is missing", i, of)
		}
	}
	rep := arena.Summarize(first.Variant, first.Match.Bots, hands)
	if err := c.print(e, rep, first.Match, first.Version, first.Match.command(first.Workers)); err != nil {
		return err
	}
	if c.Markdown && of > 1 {
		fmt.Fprintf(e.stdout, "Played in %d shards (`--shard I/%d --out FILE`), merged by `trull arena merge`.\n\n", of, of)
	}
	return nil
}

// orUnknown names a build that a file does not name.
func orUnknown(v string) string {
	if v == "" {
		return "a build that did not say"
	}
	return v
}

// counted writes a number of things: "1 deal", "2 deals".
func counted(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// printMarkdown writes a report as a Markdown section: the pairs with
// their verdicts, each bot's mean, decision times and declarer success.
func printMarkdown(w io.Writer, rep *arena.Report, command string) {
	names := make([]string, len(rep.Bots))
	for i, b := range rep.Bots {
		names[i] = b.Name
	}
	fmt.Fprintf(w, "### %s: %s\n\n", rep.Variant, strings.Join(names, " vs "))
	fmt.Fprintf(w, "`%s`: %s, %s.\n\n", strings.Replace(command, " --markdown", "", 1), counted(rep.Deals, "duplicate deal"), counted(rep.Hands, "hand"))
	fmt.Fprintln(w, "| comparison | difference per hand | 95% CI | verdict |")
	fmt.Fprintln(w, "|---|---:|---:|---|")
	for _, p := range rep.Pairs {
		fmt.Fprintf(w, "| %s − %s | %+.2f | %s | %s |\n", p.A, p.B, p.Diff, p.CI95, verdict(p))
	}
	fmt.Fprintln(w)
	names = rep.ContractNames()
	fmt.Fprintf(w, "| bot | mean per hand | decisions | median ms | p99 ms |")
	for _, c := range names {
		fmt.Fprintf(w, " %s won/played |", c)
	}
	fmt.Fprintf(w, "\n|---|---:|---:|---:|---:|%s\n", strings.Repeat("---:|", len(names)))
	for _, b := range rep.Bots {
		fmt.Fprintf(w, "| %s | %.2f | %d | %.1f | %.1f |", b.Name, b.Mean, b.Decisions, b.ThinkMedian, b.ThinkP99)
		for _, c := range names {
			if r := b.Contracts[c]; r != nil {
				fmt.Fprintf(w, " %d/%d (%.0f%%) |", r.Won, r.Played, 100*float64(r.Won)/float64(r.Played))
			} else {
				fmt.Fprint(w, " – |")
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	if len(rep.Sources) > 0 && len(rep.Pairs) == 1 {
		p := rep.Pairs[0]
		fmt.Fprintf(w, "Where %s − %s comes from, by contract and the bot that declared it (the parts add up to the difference):\n\n", p.A, p.B)
		fmt.Fprintln(w, "| contract | declared by | hands | part per hand | 95% CI |")
		fmt.Fprintln(w, "|---|---|---:|---:|---:|")
		for _, s := range rep.Sources {
			c, by := sourceNames(s)
			fmt.Fprintf(w, "| %s | %s | %d | %+.2f | %s |\n", c, by, s.Hands, s.Diff, s.CI95)
		}
		fmt.Fprintln(w)
	}
}

// sourceNames names a source's contract and declarer for a report.
func sourceNames(s arena.Source) (contract, by string) {
	if s.Contract == "" {
		return "none (all passed)", "–"
	}
	return s.Contract, s.By
}

// verdict says which bot of a pair is stronger, if the interval excludes 0.
func verdict(p arena.Pair) string {
	switch {
	case p.Lower() > 0:
		return p.A + " is stronger"
	case p.Upper() < 0:
		return p.B + " is stronger"
	}
	return "no significant difference"
}

// rulesFromFlags builds a variant from a game name, a player count (0: the
// game's smallest) and an option string.
func rulesFromFlags(gameName string, players int, options string) (game.Rules, error) {
	info, ok := game.Lookup(strings.ToLower(gameName))
	if !ok {
		return nil, fmt.Errorf("unknown game %q (%s)", gameName, gameList(", "))
	}
	if players == 0 {
		players = info.MinSeats
	}
	return info.Parse(options, players)
}

func printReport(w io.Writer, rep *arena.Report) {
	fmt.Fprintf(w, "%s: %s, %s\n\n", rep.Variant, counted(rep.Deals, "deal"), counted(rep.Hands, "hand"))
	fmt.Fprintf(w, "%-12s %12s %22s\n", "bot", "mean/hand", "vs others (95% CI)")
	for _, b := range rep.Bots {
		fmt.Fprintf(w, "%-12s %12.2f %12.2f %-10s\n", b.Name, b.Mean, b.Diff, b.CI95)
	}
	fmt.Fprintln(w)
	for _, p := range rep.Pairs {
		fmt.Fprintf(w, "%s − %s: %.2f %s per hand (%s)\n", p.A, p.B, p.Diff, p.CI95, verdict(p))
	}
	fmt.Fprintf(w, "\ndecision time (decisions with a choice):\n")
	for _, b := range rep.Bots {
		fmt.Fprintf(w, "%-12s %6d decisions, median %.1f ms, 99th percentile %.1f ms\n", b.Name, b.Decisions, b.ThinkMedian, b.ThinkP99)
	}
	fmt.Fprintf(w, "\ndeclarer success by contract (won/played):\n%-12s", "bot")
	names := rep.ContractNames()
	for _, c := range names {
		fmt.Fprintf(w, " %14s", c)
	}
	fmt.Fprintln(w)
	for _, b := range rep.Bots {
		fmt.Fprintf(w, "%-12s", b.Name)
		for _, c := range names {
			r := b.Contracts[c]
			if r == nil {
				fmt.Fprintf(w, " %14s", "-")
				continue
			}
			fmt.Fprintf(w, " %6d/%-4d%3.0f%%", r.Won, r.Played, 100*float64(r.Won)/float64(r.Played))
		}
		fmt.Fprintln(w)
	}
	if len(rep.Sources) > 0 && len(rep.Pairs) == 1 {
		p := rep.Pairs[0]
		fmt.Fprintf(w, "\nwhere %s − %s comes from (by contract and declaring bot; the parts add up):\n", p.A, p.B)
		for _, s := range rep.Sources {
			c, by := sourceNames(s)
			fmt.Fprintf(w, "%-18s %-14s %6d hands %+8.2f %s\n", c, by, s.Hands, s.Diff, s.CI95)
		}
	}
}

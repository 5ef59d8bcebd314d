package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"trull/internal/arena"
	"trull/internal/bot"
	"trull/internal/game"
)

// arenaCmd is `trull arena`: duplicate matches between bots.
type arenaCmd struct {
	Game         gameFlag `default:"droggn" help:"The game: droggn, troggu or strohmandeln."`
	Players      int      `help:"Number of players (default: the game's smallest)."`
	Options      string   `help:"Variant options k=v,k=v."`
	Bots         botsFlag `default:"rules,random" help:"Bots to compare, comma-separated (${bots}; budgets such as ismcts@600)."`
	Deals        int      `default:"200" help:"Number of duplicate deals."`
	Seed         string   `default:"arena" help:"Seed of the match."`
	Workers      int      `help:"Parallel workers (0: all cores)."`
	CardPlayOnly botFlag  `name:"card-play-only" placeholder:"BOT" help:"A bot that makes every decision but card play (fixed contracts)."`
	JSON         bool     `name:"json" help:"Print the report as JSON."`
	Markdown     bool     `help:"Print the report as a Markdown section (docs/STRENGTH.md)."`
}

// Run plays the match.
func (c *arenaCmd) Run(e *env) error {
	rules, err := rulesFromFlags(string(c.Game), c.Players, c.Options)
	if err != nil {
		return usageError{err}
	}
	if c.Deals < 1 || c.Workers < 0 {
		return usagef("--deals %d, --workers %d: want at least one deal and no negative number of workers", c.Deals, c.Workers)
	}
	cfg := arena.Config{Rules: rules, Deals: c.Deals, Seed: c.Seed, Workers: c.Workers}
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
	switch {
	case c.JSON:
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
	case c.Markdown:
		printMarkdown(e.stdout, rep, "trull arena "+strings.Join(e.args, " "))
	default:
		printReport(e.stdout, rep)
	}
	return nil
}

// printMarkdown writes a report as a Markdown section: the pairs with
// their verdicts, each bot's mean, decision times and declarer success.
func printMarkdown(w io.Writer, rep *arena.Report, command string) {
	names := make([]string, len(rep.Bots))
	for i, b := range rep.Bots {
		names[i] = b.Name
	}
	fmt.Fprintf(w, "### %s: %s\n\n", rep.Variant, strings.Join(names, " vs "))
	fmt.Fprintf(w, "`%s`: %d duplicate deals, %d hands.\n\n", strings.Replace(command, " --markdown", "", 1), rep.Deals, rep.Hands)
	fmt.Fprintln(w, "| comparison | difference per hand | 95% CI | verdict |")
	fmt.Fprintln(w, "|---|---:|---:|---|")
	for _, p := range rep.Pairs {
		fmt.Fprintf(w, "| %s − %s | %+.2f | ± %.2f | %s |\n", p.A, p.B, p.Diff, p.CI95, verdict(p))
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
}

// verdict says which bot of a pair is stronger, if the interval excludes 0.
func verdict(p arena.Pair) string {
	switch {
	case p.Diff-p.CI95 > 0:
		return p.A + " is stronger"
	case p.Diff+p.CI95 < 0:
		return p.B + " is stronger"
	}
	return "no significant difference"
}

// rulesFromFlags builds a variant from a game name, a player count (0: the
// game's smallest) and an option string.
func rulesFromFlags(gameName string, players int, options string) (game.Rules, error) {
	info, ok := game.Lookup(strings.ToLower(gameName))
	if !ok {
		return nil, fmt.Errorf("unknown game %q (droggn, troggu, strohmandeln)", gameName)
	}
	if players == 0 {
		players = info.MinSeats
	}
	return info.Parse(options, players)
}

func printReport(w io.Writer, rep *arena.Report) {
	fmt.Fprintf(w, "%s: %d deals, %d hands\n\n", rep.Variant, rep.Deals, rep.Hands)
	fmt.Fprintf(w, "%-12s %12s %22s\n", "bot", "mean/hand", "vs others (95% CI)")
	for _, b := range rep.Bots {
		fmt.Fprintf(w, "%-12s %12.2f %12.2f ± %-8.2f\n", b.Name, b.Mean, b.Diff, b.CI95)
	}
	fmt.Fprintln(w)
	for _, p := range rep.Pairs {
		fmt.Fprintf(w, "%s − %s: %.2f ± %.2f per hand (%s)\n", p.A, p.B, p.Diff, p.CI95, verdict(p))
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
}

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"trull/internal/arena"
	"trull/internal/bot"
	"trull/internal/game"
)

// cmdArena implements `trull arena`: duplicate matches between bots.
func cmdArena(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "droggn", "game: droggn, troggu, strohmandeln")
	players := fs.Int("players", 0, "number of players (default: the game's smallest)")
	options := fs.String("options", "", "variant options k=v,k=v")
	bots := fs.String("bots", "rules,random", "bots to compare, comma-separated")
	deals := fs.Int("deals", 200, "number of duplicate deals")
	seed := fs.String("seed", "arena", "seed of the match")
	workers := fs.Int("workers", 0, "parallel workers (0: all cores)")
	cardPlay := fs.String("card-play-only", "", "a bot that makes every decision but card play (fixed contracts)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	asMD := fs.Bool("markdown", false, "print the report as a Markdown section (docs/STRENGTH.md)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rules, err := rulesFromFlags(*gameName, *players, *options)
	if err != nil {
		fmt.Fprintf(stderr, "trull arena: %v\n", err)
		return 2
	}
	cfg := arena.Config{Rules: rules, Deals: *deals, Seed: *seed, Workers: *workers}
	for _, name := range strings.Split(*bots, ",") {
		b, err := bot.New(strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintf(stderr, "trull arena: %v\n", err)
			return 2
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	if *cardPlay != "" {
		if cfg.Bidder, err = bot.New(*cardPlay); err != nil {
			fmt.Fprintf(stderr, "trull arena: %v\n", err)
			return 2
		}
	}
	cfg.Progress = progressBar(stderr, time.Now(), "deals")
	rep, err := arena.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "trull arena: %v\n", err)
		return 1
	}
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	if *asMD {
		printMarkdown(stdout, rep, "trull arena "+strings.Join(args, " "))
		return 0
	}
	printReport(stdout, rep)
	return 0
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
	info, ok := game.Lookup(gameName)
	if !ok {
		return nil, fmt.Errorf("unknown game %q (droggn, troggu, strohmandeln)", gameName)
	}
	if players == 0 {
		players = info.MinSeats
	}
	raw, err := game.ParseOptionString(info.Options, options)
	if err != nil {
		return nil, err
	}
	return info.New(raw, players)
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

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
	printReport(stdout, rep)
	return 0
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
		verdict := "no significant difference"
		switch {
		case p.Diff-p.CI95 > 0:
			verdict = p.A + " is stronger"
		case p.Diff+p.CI95 < 0:
			verdict = p.B + " is stronger"
		}
		fmt.Fprintf(w, "%s − %s: %.2f ± %.2f per hand (%s)\n", p.A, p.B, p.Diff, p.CI95, verdict)
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

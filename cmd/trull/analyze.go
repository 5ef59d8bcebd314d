package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"trull/internal/analysis"
	"trull/internal/card"
)

// analyzeCmd is `trull analyze RECORD`: every decision of a hand valued
// from the deciding seat's information, the loss of each action taken, and
// per seat the total loss, the share of good decisions and the worst
// moments; JSON by default, -text for people.
type analyzeCmd struct {
	Bot     botFlag `default:"ismcts" help:"The searching bot that values the candidates (${bots}, or a budget such as ismcts@3000)."`
	Level   string  `enum:"default,fast" default:"default" help:"fast: 300 iterations a decision, a tenth to a fortieth of the default search, for quick looks (ismcts-fast)."`
	Seat    int     `default:"-1" help:"Analyse only this seat, counted from 0 as in the record and the JSON (the text's Seat 1 is 0; -1: every seat)."`
	Seed    string  `default:"analysis" help:"Seed of the bot's sampling: the same seed gives the same report."`
	Workers int     `help:"Decisions analysed in parallel (0: one per processor); the report does not depend on it."`
	Text    bool    `help:"A readable report instead of JSON."`
	Lang    string  `enum:"en,de" default:"en" help:"Language of the report's whys and of the -text report: en or de."`
	Quiet   bool    `help:"No progress on standard error."`
	File    string  `arg:"" help:"A hand record, complete or not (docs/FORMAT.md), or - for standard input."`
}

// Run analyses the record.
func (c *analyzeCmd) Run(e *env) error {
	name := string(c.Bot)
	if c.Level == "fast" {
		if name != "ismcts" && name != "ismcts-fast" {
			return usagef("--level fast chooses the bot ismcts-fast, --bot %s another: give one of them", name)
		}
		name = "ismcts-fast"
	}
	rec, _, err := e.loadRecord(c.File)
	if err != nil {
		return err
	}
	cfg := analysis.Config{Bot: name, Seat: c.Seat, Seed: c.Seed, Workers: c.Workers, Lang: card.ParseLang(c.Lang)}
	if !c.Quiet && isTerminal(e.stderr) {
		cfg.Progress = progressBar(e.stderr, time.Now(), "decisions")
	}
	rep, err := analysis.Analyze(rec, cfg)
	if err != nil {
		return usageError{err}
	}
	if c.Text {
		_, err = fmt.Fprint(e.stdout, analysis.Text(rep, card.ParseLang(c.Lang)))
		return err
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", b)
	return err
}

// isTerminal reports whether w is a terminal, where progress may be drawn.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

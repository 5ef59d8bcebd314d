package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"trull/internal/bot"
	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
)

// hintCmd is `trull hint RECORD`: for a record that stops at a decision,
// the seat to act, the best candidate and the candidates best first by
// their expected scores (a whole discard is one candidate), each valued
// one with its why in --lang, as JSON. It reads only what that seat may know.
type hintCmd struct {
	Bot  botFlag `default:"ismcts" help:"The bot that ranks the candidates (${bots}, or a budget such as ismcts@3000)."`
	Seed string  `default:"hint" help:"Seed of the bot's sampling: the same seed gives the same answer."`
	Lang string  `enum:"en,de" default:"en" help:"Language of each candidate's why: en or de."`
	File string  `arg:"" help:"A hand record that stops before its end (docs/FORMAT.md), or - for standard input."`
}

// hintOut is hint's JSON answer.
type hintOut struct {
	Seat       int                `json:"seat"`
	Best       game.RecordAction  `json:"best"`
	Candidates []hintCandidateOut `json:"candidates"`
}

// hintCandidateOut is one ranked candidate; value is the seat's expected
// score for the hand in the game's points, null where the bot does not
// value its choice (a forced action, a bot that does not search).
type hintCandidateOut struct {
	Action game.RecordAction `json:"action"`
	Value  *float64          `json:"value"`
	// Why compares a valued candidate with the best (the best with the
	// second) in the worlds of their values (bot.HintsAt), with its words.
	Why *why.Words `json:"why,omitempty"`
}

// Run answers the hint.
func (c *hintCmd) Run(e *env) error {
	_, st, err := e.loadRecord(c.File)
	if err != nil {
		return err
	}
	return c.answer(e, st)
}

// answer ranks the candidates of the seat to act in st.
func (c *hintCmd) answer(e *env, st game.State) error {
	if st.Done() {
		return usagef("the hand is over: there is no decision to hint")
	}
	b, err := bot.New(string(c.Bot))
	if err != nil {
		return usageError{err}
	}
	seat := st.ToAct()
	r := st.Rules()
	// The stream of decision k is the one `trull analyze` uses for it, so
	// both answer alike for the same seed.
	rng := game.NewRand(c.Seed, uint64(len(st.History()))+1)
	hs, err := bot.HintsAt(b, st, rng, len(st.Legal(nil)))
	if err != nil {
		return err
	}
	if len(hs) == 0 {
		return errors.New("the bot found no answer")
	}
	// The candidates are whole decisions, best first: a discard of k cards
	// is one candidate, and the best is the first.
	var out hintOut
	out.Seat = seat
	for i, h := range hs {
		cand := hintCandidateOut{Action: game.EncodeHistory(r, h.Actions())[0]}
		if h.Valued {
			v := math.Round(h.Value*1000) / 1000
			cand.Value = &v
		}
		if h.Why != nil {
			w := bot.WhyWords(r, hs, i, card.ParseLang(c.Lang))
			cand.Why = &w
		}
		if i == 0 {
			out.Best = cand.Action
		}
		out.Candidates = append(out.Candidates, cand)
	}
	b2, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", b2)
	return err
}

// Package analysis finds where a hand was won or lost: for every decision
// of a hand record it asks a searching bot for the value of each candidate
// from the deciding seat's information at that moment (the same sampled
// worlds for every candidate, so their differences are paired), and
// measures the expected loss of the action taken. Every valued candidate
// carries its why (bot.ExplainedHints): what differs between it and the
// best in the worlds its value comes from, in words of Config.Lang. Where an exact solver
// reaches, it also gives each card's open-card value: what would have been
// best had the seat seen every hand.
//
// Losses are in the game's own points, the units of Result.Score; each
// game has its thresholds for an inaccuracy, a mistake and a blunder
// (Thresholds).
package analysis

import (
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"trull/internal/bot"
	"trull/internal/bot/opencard"
	_ "trull/internal/bot/solver"  // registers the Droggn open-card evaluator
	_ "trull/internal/bot/ssolver" // registers the Strohmandeln one
	_ "trull/internal/bot/tsolver" // registers the Troggu one
	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// Format names the report's JSON shape.
const Format = "trull-analysis/1"

// Classes of a decision, from its expected loss.
const (
	Forced     = "forced"     // one legal action: nothing to decide
	Good       = "good"       // loss below the inaccuracy threshold
	Inaccuracy = "inaccuracy" // loss from the inaccuracy threshold
	Mistake    = "mistake"    // loss from the mistake threshold
	Blunder    = "blunder"    // loss from the blunder threshold
	Unvalued   = "unvalued"   // the bot gave no values here (it does not search this phase)
)

// Thresholds are the losses, in the game's points per hand, from which a
// decision is an inaccuracy, a mistake and a blunder.
type Thresholds struct {
	Inaccuracy float64 `json:"inaccuracy"`
	Mistake    float64 `json:"mistake"`
	Blunder    float64 `json:"blunder"`
}

// ThresholdsOf returns the thresholds of a variant, its Traits' loss
// scale: a blunder is about a quarter of a typical hand's swing, an
// inaccuracy a twentieth of it (game.LossScale).
func ThresholdsOf(r game.Rules) Thresholds {
	l := r.Traits().Loss
	return Thresholds{Inaccuracy: l.Inaccuracy, Mistake: l.Mistake, Blunder: l.Blunder}
}

// classOf classifies a loss.
func (t Thresholds) classOf(loss float64) string {
	switch {
	case loss >= t.Blunder:
		return Blunder
	case loss >= t.Mistake:
		return Mistake
	case loss >= t.Inaccuracy:
		return Inaccuracy
	}
	return Good
}

// Candidate is one action with the deciding seat's expected score for the
// hand after it.
type Candidate struct {
	Action game.RecordAction `json:"action"`
	Value  float64           `json:"value"`
	// Why compares the candidate with the best (the best with the
	// second) in the worlds of their values (bot.ExplainedHints), in the
	// report's language.
	Why *why.Words `json:"why,omitempty"`
}

// OpenValue is a card's open-card value: the deciding seat's score when it
// plays that card and every seat then plays perfectly, all hands seen.
type OpenValue struct {
	Action game.RecordAction `json:"action"`
	Value  int               `json:"value"`
	Exact  bool              `json:"exact"`

	act game.Action // the engine action, for Text
}

// Decision is the analysis of one decision.
type Decision struct {
	// Step is the engine action's index in the hand, Action the index of
	// the record action it belongs to (a discard of three cards is one
	// record action and three decisions).
	Step   int    `json:"step"`
	Action int    `json:"action"`
	Seat   int    `json:"seat"`
	Phase  string `json:"phase"`
	// Trick is the trick of a decision in the card play, from 1 (0
	// elsewhere); Nth is its place there: which card of the trick, from 1
	// (an announcement takes the place of the card it goes with), or
	// which card of a discard of several cards.
	Trick int `json:"trick,omitempty"`
	Nth   int `json:"nth,omitempty"`
	// Taken is what the seat did; Best the best valued candidate (the
	// bot's first hint when none is valued).
	Taken game.RecordAction  `json:"taken"`
	Best  *game.RecordAction `json:"best,omitempty"`
	// Candidates are the valued candidates, best first.
	Candidates []Candidate `json:"candidates,omitempty"`
	// Loss is Best's value minus Taken's, never negative.
	Loss  float64 `json:"loss"`
	Class string  `json:"class"`
	// Why is the taken candidate's why (Candidate.Why) where it was valued.
	Why *why.Words `json:"why,omitempty"`
	// OpenCard holds every legal card's open-card value where an exact
	// solver reaches (Droggn's and Troggu's last tricks), best first.
	OpenCard []OpenValue `json:"open_card,omitempty"`

	// The engine actions of Taken and Best, for Text.
	taken, best game.Action
}

// SeatReport sums one seat's decisions.
type SeatReport struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Decisions int    `json:"decisions"`
	Valued    int    `json:"valued"`
	// Good is the number of valued decisions classed good, GoodShare
	// their share of the valued ones.
	Good      int     `json:"good"`
	Loss      float64 `json:"loss"`
	GoodShare float64 `json:"good_share"`
	// Worst are the indices (in Report.Decisions) of the seat's three
	// costliest decisions, costliest first.
	Worst []int `json:"worst"`
}

// Report is the analysis of a hand.
type Report struct {
	Format     string       `json:"format"`
	Game       string       `json:"game"`
	Variant    string       `json:"variant"`
	Title      string       `json:"title"`
	Bot        string       `json:"bot"`
	Seed       string       `json:"seed"`
	Complete   bool         `json:"complete"`
	Thresholds Thresholds   `json:"thresholds"`
	Decisions  []Decision   `json:"decisions"`
	Seats      []SeatReport `json:"seats"`

	rules game.Rules // for Text
	lang  card.Lang  // of the whys' words
	// names are the seats' names when every seat is analysed: each why
	// then names its seat's side instead of speaking to it.
	names []string
}

// Config says how to analyse.
type Config struct {
	// Bot is the searching bot that values the candidates ("ismcts",
	// "ismcts-fast", "pimc@8", …).
	Bot string
	// Seat limits the analysis to one seat; -1 analyses every seat.
	Seat int
	// Seed fixes the bot's sampling: the same seed gives the same report.
	Seed string
	// Workers analyse decisions in parallel (0: one per processor). The
	// report does not depend on their number.
	Workers int
	// Progress, if set, is called after each decision with the number
	// done and the total.
	Progress func(done, total int)
	// OpenBudget bounds each open-card solve in nodes (0: a default).
	OpenBudget int
	// Lang is the language of the decisions' whys.
	Lang card.Lang
	// Bilingual words the whys in English and German instead, for a
	// server whose readers choose their language ("text": {"en", "de"}).
	Bilingual bool
}

// task is one decision to analyse: the state before it and what was done.
type task struct {
	st            game.State
	taken         game.Action
	step, action  int
	trick, nth    int
	recordedTaken game.RecordAction
}

// Analyze analyses the decisions of a record (complete or not).
func Analyze(rec *game.Record, cfg Config) (*Report, error) {
	r, err := rec.RulesOf()
	if err != nil {
		return nil, err
	}
	if _, err := game.Replay(rec); err != nil {
		return nil, err
	}
	if cfg.Seat < -1 || cfg.Seat >= r.Seats() {
		return nil, fmt.Errorf("analysis: seat %d is not a seat (0…%d, as the record counts them: the text's Seat 1 is seat 0)", cfg.Seat, r.Seats()-1)
	}
	if cfg.Bot == "" {
		cfg.Bot = "ismcts"
	}
	if _, err := bot.New(cfg.Bot); err != nil {
		return nil, err
	}
	deck, err := rec.DeckOf(r)
	if err != nil {
		return nil, err
	}
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		return nil, err
	}
	var tasks []task
	step, led := 0, 0
	for i, ra := range rec.Actions {
		acts, err := r.DecodeAction(st, ra)
		if err != nil {
			return nil, &game.ActionError{Index: i, Err: err}
		}
		for k, a := range acts {
			t := task{taken: a, step: step, action: i, recordedTaken: r.EncodeAction(a)}
			if st.Phase() == "play" {
				t.nth = inTrick(st, int(a.Seat))
				t.trick = led
				if t.nth == 1 {
					t.trick++
				}
				if t.nth == 1 && a.Kind == game.KindPlay {
					led++
				}
			} else if len(acts) > 1 {
				t.nth = k + 1
			}
			if cfg.Seat < 0 || int(a.Seat) == cfg.Seat {
				t.st = st.Clone()
				tasks = append(tasks, t)
			}
			if err := st.Apply(a); err != nil {
				return nil, &game.ActionError{Index: i, Err: err}
			}
			step++
		}
	}
	rep := &Report{Format: Format, Game: r.Game(), Variant: r.String(), Title: game.Title(r, card.English), Bot: cfg.Bot, Seed: cfg.Seed,
		Complete: st.Done(), Thresholds: ThresholdsOf(r), Decisions: make([]Decision, len(tasks)), rules: r, lang: cfg.Lang}
	if cfg.Seat < 0 {
		rep.names = make([]string, r.Seats())
		copy(rep.names, rec.Players)
	}
	if err := run(tasks, rep, cfg); err != nil {
		return nil, err
	}
	rep.Seats = summarize(rep, rec.Players, r.Seats(), cfg.Seat)
	return rep, nil
}

// inTrick returns which card of the trick being played seat would play
// now in st, from 1: the cards of the current trick in the seat's view,
// plus one.
func inTrick(st game.State, seat int) int {
	m, err := tablemodel.Of(st.View(game.Seat(seat)))
	if err != nil || m.Trick == nil || m.Trick.Winner >= 0 {
		return 1
	}
	return len(m.Trick.Plays) + 1
}

// run analyses the tasks on a bounded pool of workers, each with its own
// bot; every decision draws from its own seeded stream, so the report is
// the same for any number of workers.
func run(tasks []task, rep *Report, cfg Config) error {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(len(tasks), 1))
	jobs := make(chan int)
	var (
		mu   sync.Mutex
		done int
		errs []error
		wg   sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		b, err := bot.New(cfg.Bot)
		if err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				d, err := decide(b, tasks[i], rep.Thresholds, cfg, rep.names)
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Errorf("analysis: decision at step %d: %w", tasks[i].step, err))
				}
				rep.Decisions[i] = d
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, len(tasks))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range tasks {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return errors.Join(errs...)
}

// whoOf is how a why names the deciding seat's side for a reader of
// every seat's decisions: its name, or its number without one; "" (the
// seat is spoken to) when names is nil, the analysis of one seat, and for
// a seat named "you" or "du".
func whoOf(names []string, seat int, l card.Lang) string {
	name := ""
	if seat < len(names) {
		name = names[seat]
	}
	switch {
	case names == nil, strings.EqualFold(name, "you"), strings.EqualFold(name, "du"):
		// One seat's analysis, or the seat of the person who played as
		// "you" (trull play's name): spoken to.
		return ""
	case name != "":
		return name
	case l == card.German:
		return fmt.Sprintf("Platz %d", seat+1)
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// decide analyses one decision.
func decide(b bot.Bot, t task, th Thresholds, cfg Config, names []string) (Decision, error) {
	st := t.st
	r := st.Rules()
	seat := int(t.taken.Seat)
	d := Decision{Step: t.step, Action: t.action, Seat: seat, Phase: st.Phase(), Trick: t.trick, Nth: t.nth, Taken: t.recordedTaken, taken: t.taken}
	legal := st.Legal(nil)
	if len(legal) == 1 {
		d.Class = Forced
		return d, nil
	}
	rng := game.NewRand(cfg.Seed, uint64(t.step)+1)
	hs, err := bot.ValuedHints(b, st.View(game.Seat(seat)), rng, t.taken)
	if err != nil {
		return d, err
	}
	// The hints come best first by value, the valued ones first.
	best := r.EncodeAction(hs[0].Action)
	d.Best, d.best = &best, hs[0].Action
	taken := -1.0
	found := false
	for i, h := range hs {
		if !h.Valued {
			continue
		}
		c := Candidate{Action: r.EncodeAction(h.Action), Value: round(h.Value)}
		if h.Why != nil {
			w := bot.WhyWordsOf(r, hs, i, cfg.Lang, whoOf(names, seat, cfg.Lang))
			if cfg.Bilingual {
				w.Text = bot.WhyWordsOf(r, hs, i, card.English, whoOf(names, seat, card.English)).Text
				w.TextDE = bot.WhyWordsOf(r, hs, i, card.German, whoOf(names, seat, card.German)).Text
			}
			c.Why = &w
		}
		d.Candidates = append(d.Candidates, c)
		if h.Action == t.taken {
			taken, found = h.Value, true
			d.Why = c.Why
		}
	}
	switch {
	case len(d.Candidates) == 0 || !found:
		d.Class = Unvalued
	default:
		// The loss is the difference of the values the report shows.
		d.Loss = round(max(0, d.Candidates[0].Value-round(taken)))
		d.Class = th.classOf(d.Loss)
	}
	d.OpenCard = OpenCard(st, seat, cfg.OpenBudget)
	return d, nil
}

// OpenCard returns every legal card's open-card value for the seat to
// play, where the exact solver of the game reaches (its evaluator in the
// opencard registry: Droggn with at most eight tricks left, Troggu in its
// last tricks, not Misère, Strohmandeln with at most ten tricks left, a
// card said with "Ross!" or "Topschin!" valued as its own action). Nil
// elsewhere. budget bounds each solve in nodes (0: a default).
func OpenCard(st game.State, seat, budget int) []OpenValue {
	r := st.Rules()
	e := opencard.Lookup(r.Game())
	if e == nil {
		return nil
	}
	vals, ok := e.Evaluate(st, seat, budget)
	if !ok {
		return nil
	}
	var out []OpenValue
	for _, v := range vals {
		out = append(out, OpenValue{Action: r.EncodeAction(v.Action), Value: v.Value, Exact: v.Exact, act: v.Action})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Value > out[j].Value })
	return out
}

// summarize sums each seat's decisions.
func summarize(rep *Report, names []string, seats, only int) []SeatReport {
	var out []SeatReport
	for s := 0; s < seats; s++ {
		if only >= 0 && s != only {
			continue
		}
		sr := SeatReport{Seat: s, Worst: []int{}}
		if s < len(names) {
			sr.Name = names[s]
		}
		good := 0
		var idx []int
		for i, d := range rep.Decisions {
			if d.Seat != s {
				continue
			}
			sr.Decisions++
			switch d.Class {
			case Forced, Unvalued:
				continue
			}
			sr.Valued++
			sr.Loss += d.Loss
			if d.Class == Good {
				good++
			}
			idx = append(idx, i)
		}
		sr.Good = good
		if sr.Valued > 0 {
			sr.GoodShare = round(float64(good) / float64(sr.Valued))
		}
		sr.Loss = round(sr.Loss)
		sort.SliceStable(idx, func(a, b int) bool { return rep.Decisions[idx[a]].Loss > rep.Decisions[idx[b]].Loss })
		for _, i := range idx[:min(3, len(idx))] {
			if rep.Decisions[i].Loss > 0 {
				sr.Worst = append(sr.Worst, i)
			}
		}
		out = append(out, sr)
	}
	return out
}

// round keeps three decimals.
func round(x float64) float64 {
	const k = 1000
	if x < 0 {
		return -float64(int64(-x*k+0.5)) / k
	}
	return float64(int64(x*k+0.5)) / k
}

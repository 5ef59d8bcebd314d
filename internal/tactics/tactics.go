// Package tactics is a suite of card-play positions whose good answers hold
// for what the deciding seat knows, and the means to find more and to score
// bots on them.
//
// A position is a hand record cut at a decision in the card play. Its good
// answers were chosen by exact analysis: many worlds the seat cannot tell
// from the real one were drawn (game.Rules.Resample), each legal card was
// valued in each world with every hand seen (the open-card solvers, or a
// plain search over the engine's moves where they do not reach), and a card
// is good when it is best in every world. A position is kept only when every
// other card loses at least a mistake's worth (analysis.ThresholdsOf) on
// average over the worlds, so the answer is clear and does not hang on one
// world. Each position names its theme: a bird kept for the last tricks, a
// Strohmann not turned for nothing, play at the win threshold, points
// smeared to a trick the side wins, the Fool in Troggu, Misère.
//
// Position.Answer is the verdict on an answer, as a puzzle gives it: good
// or not, the good answers, and for every legal card its value, loss and
// why (package bot/why), measured in the position's own worlds, each
// finished along the exact solvers' line.
package tactics

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"

	"trull/internal/analysis"
	"trull/internal/card"
	"trull/internal/game"
)

// Themes are the kinds of positions, in the order a position is tagged:
// the first that applies names it. Each is found from the rules' traits
// (game.Traits): "misere" a contract where everyone plays for himself,
// "fool" a Fool that may lose its power, "strohmann" a card from the
// table, "bird" a bird.
var Themes = []string{"misere", "fool", "strohmann", "bird", "threshold", "smear", "other"}

// Position is one decision with its good answers.
type Position struct {
	// ID names the position: game, deal and step.
	ID string `json:"id"`
	// Theme is one of Themes.
	Theme string `json:"theme"`
	// Seat is the seat to act.
	Seat int `json:"seat"`
	// Good are the cards that are best in every world drawn.
	Good []string `json:"good"`
	// Loss is each other legal card's mean loss over the worlds, in the
	// game's points per hand.
	Loss map[string]float64 `json:"loss"`
	// Worlds is the number of worlds drawn.
	Worlds int `json:"worlds"`
	// Record is the hand up to the decision.
	Record *game.Record `json:"record"`
	// Candidates are every legal card valued and compared in the
	// position's worlds, best first, each with its why without words
	// (Explain; Answer words them).
	Candidates []Candidate `json:"candidates,omitempty"`
}

//go:embed positions/*.json
var files embed.FS

// Load returns the suite's positions of a game.
func Load(gameName string) ([]Position, error) {
	b, err := files.ReadFile("positions/" + gameName + ".json")
	if err != nil {
		return nil, fmt.Errorf("tactics: no positions for %q", gameName)
	}
	return Read(bytes.NewReader(b))
}

// Read reads positions written by Write.
func Read(r io.Reader) ([]Position, error) {
	var ps []Position
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ps); err != nil {
		return nil, fmt.Errorf("tactics: %w", err)
	}
	for i := range ps {
		if _, err := ps[i].State(); err != nil {
			return nil, fmt.Errorf("tactics: position %s: %w", ps[i].ID, err)
		}
	}
	return ps, nil
}

// Write writes positions as an indented JSON array.
func Write(w io.Writer, ps []Position) error {
	b, err := json.MarshalIndent(ps, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// State replays the position's record and checks that Seat is to play.
func (p *Position) State() (game.State, error) {
	st, err := game.Replay(p.Record)
	if err != nil {
		return nil, err
	}
	if st.Done() || st.ToAct() != p.Seat || st.Phase() != "play" {
		return nil, errors.New("tactics: the record does not end at the seat's card")
	}
	return st, nil
}

// Solves reports whether action a of the position's seat is a good answer.
func (p *Position) Solves(r game.Rules, a game.Action) bool {
	return a.Kind == game.KindPlay && slices.Contains(p.Good, r.Pack().ID(a.Card))
}

// Exam is what Examine finds: the good cards and how much each other
// card loses against the best of each world, on average and at least.
type Exam struct {
	Good        []card.Card
	Mean, Least map[card.Card]float64
}

// Examine values each legal card of the seat to act in worlds drawn from
// its view and returns the good cards and the others' losses. ok is
// false when the position is not a clear tactic: outside the card play,
// where the exact values do not reach, with fewer than two cards, when no
// card is best in every world, or when another card loses less than a
// mistake's worth on average.
func Examine(st game.State, worlds int, rng *rand.Rand) (e Exam, ok bool) {
	seat := st.ToAct()
	cards := playable(st)
	if len(cards) < 2 {
		return e, false
	}
	r := st.Rules()
	v := st.View(game.Seat(seat))
	worst := map[card.Card]float64{}
	least := map[card.Card]float64{}
	sum := map[card.Card]float64{}
	for w := 0; w < worlds; w++ {
		world, err := r.Resample(v, rng)
		if err != nil {
			return e, false
		}
		vals, ok := values(world, seat)
		if !ok {
			return e, false
		}
		best := vals[cards[0]]
		for _, c := range cards {
			best = max(best, vals[c])
		}
		for _, c := range cards {
			l := best - vals[c]
			worst[c] = max(worst[c], l)
			if w == 0 || l < least[c] {
				least[c] = l
			}
			sum[c] += l
		}
	}
	th := analysis.ThresholdsOf(r)
	e = Exam{Mean: map[card.Card]float64{}, Least: map[card.Card]float64{}}
	for _, c := range cards {
		if worst[c] == 0 {
			e.Good = append(e.Good, c)
			continue
		}
		mean := sum[c] / float64(worlds)
		if mean < th.Mistake {
			return Exam{}, false
		}
		e.Mean[c], e.Least[c] = mean, least[c]
	}
	if len(e.Good) == 0 || len(e.Mean) == 0 {
		return Exam{}, false
	}
	return e, true
}

// Theme names the kind of a clear position (see Themes).
func Theme(st game.State, e Exam) string {
	good := e.Good
	seat := st.ToAct()
	r := st.Rules()
	v := view(st, seat)
	p := r.Pack()
	var bad []card.Card
	for c := range e.Mean {
		bad = append(bad, c)
	}
	slices.Sort(bad)
	all := append(slices.Clone(good), bad...)
	tr := r.Traits()
	switch {
	case tr.AllAlone(v.Contract):
		return "misere"
	case tr.FoolLosesPower && slices.Contains(all, card.Fool):
		return "fool"
	case tr.PlaysFromTable && slices.ContainsFunc(bad, func(c card.Card) bool { return !slices.Contains(v.Hand, p.ID(c)) }):
		return "strohmann"
	case slices.ContainsFunc(bad, tr.IsBird) || (slices.ContainsFunc(v.Hand, func(id string) bool { c, _ := p.Parse(id); return tr.IsBird(c) }) && !slices.ContainsFunc(good, tr.IsBird) && left(st, seat) <= 3):
		return "bird"
	case thresholdSwing(st, good, bad):
		return "threshold"
	case smears(p, good, bad):
		return "smear"
	}
	return "other"
}

// thresholdSwing reports whether a good card wins the hand for the seat
// and a bad one loses it in the real deal: the point count sits at the
// win threshold.
func thresholdSwing(st game.State, good, bad []card.Card) bool {
	vals, ok := values(st, st.ToAct())
	if !ok {
		return false
	}
	for _, g := range good {
		for _, b := range bad {
			if vals[g] > 0 && vals[b] <= 0 {
				return true
			}
		}
	}
	return false
}

// smears reports whether the good answer gives more card points than
// every bad one: points smeared to a trick the side will win.
func smears(p *card.Pack, good, bad []card.Card) bool {
	least := p.Points(good[0])
	for _, g := range good {
		least = min(least, p.Points(g))
	}
	for _, g := range good {
		if !g.IsSuit() {
			return false
		}
	}
	for _, b := range bad {
		if p.Points(b) >= least {
			return false
		}
	}
	return least >= 3
}

// Tally is a count of positions solved.
type Tally struct {
	Solved int `json:"solved"`
	Total  int `json:"total"`
}

// Share returns the share solved.
func (t Tally) Share() float64 {
	if t.Total == 0 {
		return 0
	}
	return float64(t.Solved) / float64(t.Total)
}

// Result is how a bot did on a game's positions.
type Result struct {
	Bot    string            `json:"bot"`
	Game   string            `json:"game"`
	All    Tally             `json:"all"`
	Themes map[string]*Tally `json:"themes"`
	// Missed lists the positions not solved.
	Missed []string `json:"missed,omitempty"`
}

// Actor is the part of a bot the suite needs.
type Actor interface {
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// Score plays each position with the bot, its random numbers drawn from
// seed and the position, and counts the good answers.
func Score(ps []Position, name string, b Actor, seed string) (Result, error) {
	res := Result{Bot: name, Themes: map[string]*Tally{}}
	for i := range ps {
		p := &ps[i]
		st, err := p.State()
		if err != nil {
			return res, fmt.Errorf("tactics: position %s: %w", p.ID, err)
		}
		res.Game = st.Rules().Game()
		a, err := b.Act(st.View(game.Seat(p.Seat)), game.NewRand(seed+"/"+p.ID, 1))
		if err != nil {
			return res, fmt.Errorf("tactics: position %s: %w", p.ID, err)
		}
		t := res.Themes[p.Theme]
		if t == nil {
			t = &Tally{}
			res.Themes[p.Theme] = t
		}
		t.Total++
		res.All.Total++
		if p.Solves(st.Rules(), a) {
			t.Solved++
			res.All.Solved++
		} else {
			res.Missed = append(res.Missed, p.ID)
		}
	}
	sort.Strings(res.Missed)
	return res, nil
}

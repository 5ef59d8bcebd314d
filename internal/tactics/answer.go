package tactics

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"trull/internal/analysis"
	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
)

// Answer is the verdict on an action answered at a position: whether it is
// a good answer, the good answers, and why, from the position's own worlds.
type Answer struct {
	// Correct is set when the action is one of the good answers.
	Correct bool `json:"correct"`
	// Best are the good answers, the best valued first.
	Best []game.RecordAction `json:"best"`
	// Why compares the answered action with the best (for a good answer:
	// the answer with the best of the other cards).
	Why why.Words `json:"why"`
	// Candidates are every legal card, best first.
	Candidates []Candidate `json:"candidates"`
}

// Candidate is one legal card of a position with its verdict.
type Candidate struct {
	Action game.RecordAction `json:"action"`
	// Value is the seat's mean exact score after the card over the
	// worlds; Loss its mean loss against the best card of each world.
	Value float64 `json:"value"`
	Loss  float64 `json:"loss"`
	// Good is set for the good answers.
	Good bool `json:"good"`
	// Why compares the card with the best one (a good card with the best
	// of the others).
	Why why.Words `json:"why"`
}

// Answer judges action a at the position and says why, in the language
// lang ("en" or "de"). It examines the position's own worlds again (the
// worlds drawn when it was found: LookRand of its deal and step, Worlds of
// them), plays every legal card in each and finishes each world along
// the exact solvers' line (every seat playing perfectly, all hands seen),
// so the values, the losses and the differences of the why are those of
// the same worlds, as the good answers were chosen. a must be a legal
// card of the position's seat.
//
// The suite's positions carry their candidates (Candidates, written by the
// generator from the same worlds), so that Answer only words them; a
// position without them is examined on the call, which takes up to a few
// seconds.
func (p *Position) Answer(a game.Action, lang string) (Answer, error) {
	cands := p.Candidates
	if len(cands) == 0 {
		ex, err := p.Explain()
		if err != nil {
			return Answer{}, err
		}
		cands = ex.Candidates()
	}
	st, err := p.State()
	if err != nil {
		return Answer{}, err
	}
	r := st.Rules()
	if a.Kind != game.KindPlay || int(a.Seat) != p.Seat {
		return Answer{}, errors.New("tactics: the answer must be a card of the seat to play")
	}
	if !slices.Contains(playable(st), a.Card) {
		return Answer{}, fmt.Errorf("tactics: %s may not be played here", r.Pack().ID(a.Card))
	}
	l := card.ParseLang(lang)
	name := namer(r, st, l)
	id := r.Pack().ID(a.Card)
	out := Answer{Candidates: make([]Candidate, len(cands))}
	for i, c := range cands {
		c.Why.Text = why.Text(c.Why.Why, name, l)
		out.Candidates[i] = c
		if c.Good {
			out.Best = append(out.Best, c.Action)
		}
		if c.Action.Card == id {
			out.Correct, out.Why = c.Good, c.Why
		}
	}
	if out.Why.Worlds == 0 {
		return Answer{}, fmt.Errorf("tactics: position %s has no candidate %s", p.ID, id)
	}
	return out, nil
}

// Candidates returns every legal card of the explanation, best first, each
// with its why (without words): against the best card, or for a good card
// against the best of the others.
func (ex *Explanation) Candidates() []Candidate {
	out := make([]Candidate, 0, len(ex.order))
	for _, j := range ex.order {
		good := slices.Contains(ex.good, ex.cards[j])
		v := ex.sample.Value(j)
		out = append(out, Candidate{Action: ex.sample.Actions[j], Value: float64(int64(v*1000+sign(v)*0.5)) / 1000,
			Loss: ex.loss[j], Good: good, Why: why.Words{Why: ex.why(j)}})
	}
	return out
}

// Explanation is a position's candidates valued and compared in its
// worlds, ready to word for any answer.
type Explanation struct {
	good   []card.Card
	sample why.Sample
	cards  []card.Card
	loss   []float64
	order  []int // candidate indices, best first
}

// Explain values every legal card of the position in its own worlds (see
// Answer).
func (p *Position) Explain() (*Explanation, error) {
	st, err := p.State()
	if err != nil {
		return nil, err
	}
	deal, step, err := p.dealStep()
	if err != nil {
		return nil, err
	}
	r := st.Rules()
	pk := r.Pack()
	ex := &Explanation{cards: playable(st)}
	for _, id := range p.Good {
		c, err := pk.Parse(id)
		if err != nil {
			return nil, fmt.Errorf("tactics: position %s: %w", p.ID, err)
		}
		ex.good = append(ex.good, c)
	}
	ex.sample = why.Sample{Seat: p.Seat, Opponents: why.Opponents(st, p.Seat), Outcomes: make([][]why.Outcome, len(ex.cards))}
	for _, c := range ex.cards {
		ex.sample.Actions = append(ex.sample.Actions, r.EncodeAction(play(p.Seat, c)))
	}
	ex.loss = make([]float64, len(ex.cards))
	rng := LookRand(deal, step)
	v := st.View(game.Seat(p.Seat))
	for w := 0; w < p.Worlds; w++ {
		world, err := r.Resample(v, rng)
		if err != nil {
			return nil, fmt.Errorf("tactics: position %s: %w", p.ID, err)
		}
		best := 0
		for i, c := range ex.cards {
			child := world.Clone()
			a := play(p.Seat, c)
			if err := child.Apply(a); err != nil {
				return nil, fmt.Errorf("tactics: position %s: %w", p.ID, err)
			}
			tc := why.TrickCard(child, a)
			if err := finish(child); err != nil {
				return nil, fmt.Errorf("tactics: position %s: %w", p.ID, err)
			}
			o := why.Observe(child, p.Seat, tc)
			ex.sample.Outcomes[i] = append(ex.sample.Outcomes[i], o)
			if i == 0 || o.Score > best {
				best = o.Score
			}
		}
		for i := range ex.cards {
			ex.loss[i] += float64(best - ex.sample.Outcomes[i][w].Score)
		}
	}
	for i := range ex.loss {
		ex.loss[i] = float64(int(ex.loss[i]/float64(max(p.Worlds, 1))*1000+0.5)) / 1000
		ex.order = append(ex.order, i)
	}
	slices.SortStableFunc(ex.order, func(x, y int) int {
		gx, gy := slices.Contains(ex.good, ex.cards[x]), slices.Contains(ex.good, ex.cards[y])
		switch {
		case gx != gy && gx:
			return -1
		case gx != gy:
			return 1
		case ex.loss[x] < ex.loss[y]:
			return -1
		case ex.loss[x] > ex.loss[y]:
			return 1
		}
		return 0
	})
	return ex, nil
}

// why compares candidate i with the best card, or a good card with the
// best of the others.
func (ex *Explanation) why(i int) why.Why {
	against := ex.order[0]
	if slices.Contains(ex.good, ex.cards[i]) {
		for _, j := range ex.order {
			if !slices.Contains(ex.good, ex.cards[j]) {
				against = j
				break
			}
		}
	}
	return ex.sample.Why(i, against)
}

// namer names a position's record actions as the table does: a card by
// its name, any other action in the game's words.
func namer(r game.Rules, st game.State, l card.Lang) func(game.RecordAction) string {
	return func(ra game.RecordAction) string {
		acts, err := r.DecodeAction(st, ra)
		if err != nil || len(acts) != 1 {
			return ra.Card
		}
		return why.ActionName(r, acts[0], l)
	}
}

// finish plays st to its end along the exact solvers' line: each seat to
// act plays its best card with every hand seen (the open-card solvers, or
// in Troggu's Misère the plain search).
func finish(st game.State) error {
	r := st.Rules()
	for !st.Done() {
		legal := st.Legal(nil)
		if len(legal) == 1 {
			if err := st.Apply(legal[0]); err != nil {
				return err
			}
			continue
		}
		mover := st.ToAct()
		var next game.Action
		if ovs := analysis.OpenCard(st, mover, 0); len(ovs) > 0 {
			acts, err := r.DecodeAction(st, ovs[0].Action)
			if err != nil || len(acts) != 1 {
				return fmt.Errorf("tactics: the solver's card %v: %w", ovs[0].Action, err)
			}
			next = acts[0]
		} else if vals, ok := values(st, mover); ok {
			bestV := 0.0
			found := false
			for _, c := range playable(st) {
				if v := vals[c]; !found || v > bestV {
					bestV, next, found = v, play(mover, c), true
				}
			}
		} else {
			return errors.New("tactics: no exact value reaches this position")
		}
		if err := st.Apply(next); err != nil {
			return err
		}
	}
	return nil
}

// play returns the card play of c by seat.
func play(seat int, c card.Card) game.Action {
	return game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c}
}

// dealStep splits the position's ID into its deal and step ("deal@step").
func (p *Position) dealStep() (string, int, error) {
	i := strings.LastIndexByte(p.ID, '@')
	if i < 0 {
		return "", 0, fmt.Errorf("tactics: position id %q has no step", p.ID)
	}
	step, err := strconv.Atoi(p.ID[i+1:])
	if err != nil {
		return "", 0, fmt.Errorf("tactics: position id %q: %w", p.ID, err)
	}
	return p.ID[:i], step, nil
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

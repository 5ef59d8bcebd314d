package bot

import (
	"math/rand/v2"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/game"
)

// Hint is one candidate action of a bot with its estimate.
type Hint struct {
	Action game.Action
	// Value is the seat's expected score for the hand after the action,
	// in the game's points; meaningful only when Valued is set (search
	// bots; a forced action and the rules bot's single choice have none).
	Value  float64
	Valued bool
}

// Ranker is a bot that values its candidate actions: Rank returns up to n
// of them (all when n is at least their number), best first, with the
// seat's expected score for the hand after each. It is optional, as
// http.Flusher is: Hints asks a Ranker, and any other bot for its one
// choice.
type Ranker interface {
	Rank(v game.View, rng *rand.Rand, n int) ([]Hint, error)
}

// delegator is a bot made of others, one of which decides each view (the
// levels' split by game, the Droggn endgame): Hints asks that one.
type delegator interface {
	delegate(v game.View) Bot
}

// Hints returns up to n (at least 1) of b's candidate actions for the
// seat of v, best first: a Ranker's ranked candidates with their
// estimated values, or the single choice of a bot that does not rank.
// The first hint is the action b would play.
func Hints(b Bot, v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	n = max(n, 1)
	for {
		d, ok := b.(delegator)
		if !ok {
			break
		}
		b = d.delegate(v)
	}
	r, ok := b.(Ranker)
	if !ok {
		a, err := b.Act(v, rng)
		if err != nil {
			return nil, err
		}
		return []Hint{{Action: a}}, nil
	}
	out, err := r.Rank(v, rng, n)
	if err != nil {
		return nil, err
	}
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// search is an information-set search bot as a Ranker; bidder, when set,
// is the bot its search hands the decisions before the card play to, and
// ranks them.
type search struct {
	*ismcts.Bot
	bidder Bot
}

// Rank returns the search's root actions with their values: its Options.Hints
// best ones, or every one when more are asked for.
func (s search) Rank(v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	if s.bidder != nil && !cardPlay(v) {
		return Hints(s.bidder, v, rng, n)
	}
	hint := s.Bot.Hint
	if n > s.Options().Hints {
		hint = s.Bot.Rank
	}
	cands, err := hint(v, rng)
	if err != nil {
		return nil, err
	}
	out := make([]Hint, 0, len(cands))
	for _, c := range cands {
		out = append(out, Hint{Action: c.Action, Value: c.Value, Valued: c.Visits > 0})
	}
	return out, nil
}

// sampled is a PIMC bot as a Ranker.
type sampled struct{ *pimc.Bot }

// Rank returns pimc's best n candidates with their mean values over the
// sampled worlds.
func (s sampled) Rank(v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	cands, err := s.Bot.Hint(v, rng, n)
	if err != nil {
		return nil, err
	}
	out := make([]Hint, 0, len(cands))
	for _, c := range cands {
		out = append(out, Hint{Action: c.Action, Value: c.Value, Valued: c.Worlds > 0})
	}
	return out, nil
}

// cardPlay reports whether the seat of v is to play a card.
func cardPlay(v game.View) bool {
	l := v.LegalActions()
	return len(l) > 0 && l[0].Kind == game.KindPlay
}

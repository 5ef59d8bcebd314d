package bot

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/game"
)

// Hint is one candidate action of a bot with its estimate.
type Hint struct {
	// Action is the candidate's engine action; Rest, for a whole discard
	// (HintsAt), the further cards of the same decision.
	Action game.Action
	Rest   []game.Action
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

// Actions returns the hint's engine actions: the one action, or every
// card of a whole discard.
func (h Hint) Actions() []game.Action {
	return append([]game.Action{h.Action}, h.Rest...)
}

// Hints returns up to n (at least 1) of b's candidate actions for the
// seat of v, best first: a Ranker's candidates in the order of their
// estimated values (the valued ones first), or the single choice of a bot
// that does not rank.
//
// The first hint is the best valued candidate, which need not be the
// action b plays: a search orders its own candidates by visits and keeps
// a heuristic default first unless another action beats it by a clear
// margin (ismcts.Bot.Rank), a robust rule for playing but one that lists
// values out of order. People read the values, so hints, `trull hint` and
// the analysis list them by value.
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
	byValue(out)
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

// byValue sorts hints best first: the valued ones by value (a stable
// sort: equal values keep the bot's order), then the others in the bot's
// order.
func byValue(hs []Hint) {
	slices.SortStableFunc(hs, func(x, y Hint) int {
		switch {
		case x.Valued != y.Valued:
			if x.Valued {
				return -1
			}
			return 1
		case !x.Valued:
			return 0
		}
		return cmp.Compare(y.Value, x.Value)
	})
}

// Rank returns every root action of the search with its value, in the
// search's order (Hints sorts them by value): the whole list, so that the
// best valued candidates are among those returned whatever n is.
func (s search) Rank(v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	if s.bidder != nil && !cardPlay(v) {
		return Hints(s.bidder, v, rng, n)
	}
	cands, err := s.Bot.Rank(v, rng)
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

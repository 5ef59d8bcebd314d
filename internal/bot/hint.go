package bot

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"trull/internal/card"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/bot/why"
	"trull/internal/game"
)

// WhyWorlds is the number of worlds Explain compares the hints in.
const WhyWorlds = 24

// Explain sets the Why of every valued hint of hs (Hints' order, best
// first): each against the first, the first against the second. The
// hints' candidates are played in the same WhyWorlds worlds, drawn from v
// by the search's own sampler and finished by its default policy with the
// same random numbers after each candidate (ismcts.Paired): the why
// measures its differences, and its values (Why.Value, Why.BestValue), in
// those worlds. They are not the search's worlds: the hint's Value is the
// search's estimate over many more of them, so a why may find two close
// candidates in the other order, and says so in its values. rng draws the
// worlds: the same view and generator give the same whys.
func Explain(v game.View, hs []Hint, rng *rand.Rand) error {
	var idx []int
	for i, h := range hs {
		if h.Valued {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return nil
	}
	r, err := ismcts.RulesOf(v)
	if err != nil {
		return err
	}
	seat := v.ViewSeat()
	cands := make([][]game.Action, len(idx))
	s := why.Sample{Seat: seat, Actions: make([]game.RecordAction, len(idx)), Outcomes: make([][]why.Outcome, len(idx))}
	for k, i := range idx {
		cands[k] = hs[i].Actions()
		s.Actions[k] = game.EncodeHistory(r, cands[k])[0]
		s.Outcomes[k] = make([]why.Outcome, 0, WhyWorlds)
	}
	var tc card.Card
	err = ismcts.Paired(v, cands, WhyWorlds, rng, func(c, w int, st game.State, end bool) {
		if !end {
			s.Opponents = why.Opponents(st, seat)
			tc = why.TrickCard(st, cands[c][0])
			return
		}
		s.Outcomes[c] = append(s.Outcomes[c], why.Observe(st, seat, tc))
	})
	if err != nil {
		return err
	}
	for k, i := range idx {
		against := 0
		if k == 0 {
			against = 1
		}
		w := s.Why(k, against)
		hs[i].Why = &w
	}
	return nil
}

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
	// Why, set by Explain on a valued hint, compares it with the best
	// hint (the best with the second) in a paired sample of worlds.
	Why *why.Why
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

// WhyWords returns hint i's Why with its words in language l (a zero Words
// when it has none), the actions named as the table shows them: a card by
// its name, a whole discard by its cards.
func WhyWords(r game.Rules, hs []Hint, i int, l card.Lang) why.Words {
	if hs[i].Why == nil {
		return why.Words{}
	}
	names := map[string]string{}
	for _, h := range hs {
		var parts []string
		for _, a := range h.Actions() {
			parts = append(parts, why.ActionName(r, a, l))
		}
		names[key(game.EncodeHistory(r, h.Actions())[0])] = strings.Join(parts, ", ")
	}
	name := func(ra game.RecordAction) string { return names[key(ra)] }
	return why.Words{Why: *hs[i].Why, Text: why.Text(*hs[i].Why, name, l)}
}

// key identifies a record action.
func key(ra game.RecordAction) string {
	return fmt.Sprint(ra.SeatOf(), ra.Act, ra.Call, ra.Card, ra.Cards, ra.Say)
}

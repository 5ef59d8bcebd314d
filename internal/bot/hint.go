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

// explain sets the Why of every valued hint of hs (best first, as Hints
// orders them) whose finished hands were seen: each against the first,
// the first against the second. The hands are those behind the values
// (Hint.seen), every hint's in the same worlds, so a why's values are its
// hint's.
func explain(v game.View, hs []Hint) error {
	var idx []int
	for i, h := range hs {
		if h.Valued && len(h.seen) > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return nil
	}
	r := v.Rules()
	if r == nil {
		return fmt.Errorf("bot: a %s view names no rules", v.Game())
	}
	s := why.Sample{Seat: v.ViewSeat(), Actions: make([]game.RecordAction, len(idx)), Outcomes: make([][]why.Outcome, len(idx))}
	for k, i := range idx {
		s.Actions[k] = hs[i].encoded(r)
		s.Outcomes[k] = hs[i].seen
		if len(hs[i].seen) != len(hs[idx[0]].seen) {
			return fmt.Errorf("bot: hint %d was seen in %d worlds, the best in %d", i, len(hs[i].seen), len(hs[idx[0]].seen))
		}
		if s.Opponents == "" {
			s.Opponents = hs[i].opponents
		}
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

// recorder is an ismcts.Observer that keeps the outcomes of each
// candidate in the worlds of one tree, as the seat counts them.
type recorder struct {
	seat      int
	opponents string
	trick     card.Card // why.TrickCard of the candidate last played
	outcomes  map[game.Action][]why.Outcome
}

// Played notes the trick the candidate's card went to.
func (r *recorder) Played(a game.Action, st game.State) {
	if r.opponents == "" {
		r.opponents = why.Opponents(st, r.seat)
	}
	r.trick = why.TrickCard(st, a)
}

// Finished keeps the candidate's outcome in this world.
func (r *recorder) Finished(a game.Action, st game.State) {
	r.outcomes[a] = append(r.outcomes[a], why.Observe(st, r.seat, r.trick))
}

// recorders are the recorders of one ranking, for the seat: one for each
// of its trees (or worlds), in the order the search asks for them, which
// is the trees' order.
type recorders struct {
	seat int
	list []*recorder
}

// add makes the recorder of the next tree (or world).
func (rs *recorders) add() *recorder {
	r := &recorder{seat: rs.seat, outcomes: map[game.Action][]why.Outcome{}}
	rs.list = append(rs.list, r)
	return r
}

// hint returns h with the outcomes its action had in every tree, the
// trees in their order, when the ranking's values come from those
// worlds (observed) and h is valued.
func (rs *recorders) hint(h Hint, observed bool) Hint {
	if !observed || !h.Valued {
		return h
	}
	for _, r := range rs.list {
		h.seen = append(h.seen, r.outcomes[h.Action]...)
		h.opponents = cmp.Or(h.opponents, r.opponents)
	}
	return h
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
	// Why, set on a valued hint by ExplainedHints and HintsAt, compares
	// it with the best hint (the best with the second) in the worlds
	// behind their values.
	Why *why.Why

	// seen is the hint's outcome in each world behind its value, the same
	// worlds in the same order for every hint of a ranking (nil where
	// the ranking's worlds cannot be shown); opponents names the seat's
	// other side in them.
	seen      []why.Outcome
	opponents string
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

// hinter is a bot whose hints for some views come from another bot than
// the one that plays (nil for the others): one whose values come from
// worlds it can show (the levels' Droggn hints, DroggnHintSearch).
type hinter interface {
	hintBot(v game.View) Bot
}

// seer is a Ranker that can show the finished hands behind its values:
// rankSeen is Rank with each candidate's outcomes in those worlds
// (Hint.seen), where the decision's values come from such worlds.
type seer interface {
	rankSeen(v game.View, rng *rand.Rand, include []game.Action) ([]Hint, error)
}

// hintTarget returns the bot that gives b's hints for v: the hint bot of
// a hinter, and the bot a delegator hands v to, followed to the end.
func hintTarget(b Bot, v game.View) Bot {
	for {
		if h, ok := b.(hinter); ok {
			if hb := h.hintBot(v); hb != nil {
				b = hb
				continue
			}
		}
		d, ok := b.(delegator)
		if !ok {
			return b
		}
		b = d.delegate(v)
	}
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
	return hints(b, v, rng, n, false)
}

// ExplainedHints is Hints with the why of every valued hint (Hint.Why):
// what differs between it and the best (the best and the second) in the
// worlds behind their values, where the bot can show them (the search
// bots' flat and paired-root searches). The hints and their values are
// those Hints gives.
func ExplainedHints(b Bot, v game.View, rng *rand.Rand, n int) ([]Hint, error) {
	return hints(b, v, rng, n, true)
}

// ValuedHints is ExplainedHints with every candidate (none cut off), where
// the legal action a is valued and explained too although the bot's search
// would not try it (a discard, a buy or a doubling beside the few it
// considers), and so is every legal action of a decision with at most
// allLegal of them (a doubling the search would not even try): the
// analysis of the action a person took, beside the alternatives.
func ValuedHints(b Bot, v game.View, rng *rand.Rand, a game.Action) ([]Hint, error) {
	legal := v.LegalActions()
	include := []game.Action{a}
	if len(legal) <= allLegal {
		include = legal
	}
	return hints(b, v, rng, len(legal)+1, true, include...)
}

// allLegal is the most legal actions of a decision whose every action
// ValuedHints values.
const allLegal = 6

// hints is Hints, and ExplainedHints with explained set (and the legal
// actions of include among the candidates of a bot that shows its worlds).
func hints(b Bot, v game.View, rng *rand.Rand, n int, explained bool, include ...game.Action) ([]Hint, error) {
	n = max(n, 1)
	b = hintTarget(b, v)
	var out []Hint
	var err error
	if sr, ok := b.(seer); ok && explained {
		out, err = sr.rankSeen(v, rng, include)
	} else if r, ok := b.(Ranker); ok {
		out, err = r.Rank(v, rng, n)
	} else {
		a, err := b.Act(v, rng)
		if err != nil {
			return nil, err
		}
		return []Hint{{Action: a}}, nil
	}
	if err != nil {
		return nil, err
	}
	byValue(out)
	if len(out) > n {
		out = out[:n]
	}
	if explained {
		if err := explain(v, out); err != nil {
			return nil, err
		}
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

// rankSeen is Rank with the finished hands of a flat or paired-root
// search (ismcts.Bot.RankObserved): every root candidate's outcome in
// every world of every tree, the trees in their order.
func (s search) rankSeen(v game.View, rng *rand.Rand, include []game.Action) ([]Hint, error) {
	if s.bidder != nil && !cardPlay(v) {
		return hints(s.bidder, v, rng, len(v.LegalActions())+1, true, include...)
	}
	recs := &recorders{seat: v.ViewSeat()}
	cands, observed, err := s.Bot.RankObserved(v, rng, func(int) ismcts.Observer { return recs.add() }, include...)
	if err != nil {
		return nil, err
	}
	out := make([]Hint, 0, len(cands))
	for _, c := range cands {
		out = append(out, recs.hint(Hint{Action: c.Action, Value: c.Value, Valued: c.Visits > 0}, observed))
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

// rankSeen is Rank with pimc's hands (pimc.Bot.RankObserved): every
// candidate's outcome in every world (each playout of it, where a world's
// value is a mean of several), the worlds in their order.
func (s sampled) rankSeen(v game.View, rng *rand.Rand, include []game.Action) ([]Hint, error) {
	recs := &recorders{seat: v.ViewSeat()}
	cands, observed, err := s.Bot.RankObserved(v, rng, func(int) pimc.Observer { return recs.add() }, include...)
	if err != nil {
		return nil, err
	}
	out := make([]Hint, 0, len(cands))
	for _, c := range cands {
		out = append(out, recs.hint(Hint{Action: c.Action, Value: c.Value, Valued: c.Worlds > 0}, observed))
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
	return WhyWordsOf(r, hs, i, l, "")
}

// WhyWordsOf is WhyWords for a reader other than the deciding seat, who
// names ("Bot 2's side"); "" speaks to the seat.
func WhyWordsOf(r game.Rules, hs []Hint, i int, l card.Lang, who string) why.Words {
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
	w := *hs[i].Why
	return why.Words{Why: w, Text: why.TextOf(w, name, l, who)}
}

// key identifies a record action.
func key(ra game.RecordAction) string {
	return fmt.Sprint(ra.SeatOf(), ra.Act, ra.Call, ra.Card, ra.Cards, ra.Say)
}

// encoded returns the hint's whole decision in record form.
func (h Hint) encoded(r game.Rules) game.RecordAction { return game.EncodeHistory(r, h.Actions())[0] }

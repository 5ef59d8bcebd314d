package bot

import (
	"errors"
	"math/rand/v2"
	"slices"

	"trull/internal/bot/rules"
	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
)

// HintsAt returns up to n (at least 1) whole candidate decisions of b for
// the seat to act in st, best first by value, each valued one with its why,
// as ExplainedHints gives them. A discard of k cards is one decision, k
// engine actions: each of its hints is a whole legal discard
// (Hint.Actions), never a single card, valued and explained in worlds of
// its own (discardValues).
//
// st is neither changed nor read beyond what the seat may know: the
// candidates come from the seat's views, and only the seat's own discards
// are applied, to copies.
func HintsAt(b Bot, st game.State, rng *rand.Rand, n int) ([]Hint, error) {
	if st.Done() || st.ToAct() < 0 {
		return nil, ErrNotToAct
	}
	seat := st.ToAct()
	legal := st.Legal(nil)
	if len(legal) == 0 || legal[0].Kind != game.KindDiscard {
		return ExplainedHints(b, st.View(game.Seat(seat)), rng, n)
	}
	hs, err := discardHints(b, st, seat, rng, max(n, 1))
	if err != nil {
		return nil, err
	}
	if err := explain(st.View(game.Seat(seat)), hs); err != nil {
		return nil, err
	}
	return hs, nil
}

// Whole discards (discardHints): the most candidates valued, and the
// worlds each is valued in.
const (
	discardCandidates = 6
	discardWorlds     = 48
)

// discardHints ranks whole discards without trying every combination: the
// candidates are the discard b makes itself, the k cards b ranks best to
// discard one at a time (its values for the first card, each with its own
// heuristic completion), and the bot's discard with one card swapped for
// the best-ranked card it leaves. Each is valued on the same worlds
// sampled from the seat's view (discardValues). A bot that does not rank
// (Ranker) gives its own discard alone, unvalued.
func discardHints(b Bot, st game.State, seat int, rng *rand.Rand, n int) ([]Hint, error) {
	own, err := ownDiscard(b, st, seat, rng)
	if err != nil {
		return nil, err
	}
	if !ranks(b, st.View(game.Seat(seat))) {
		// A bot that values nothing gives its own discard alone.
		return []Hint{{Action: own[0], Rest: own[1:]}}, nil
	}
	legal := st.Legal(nil)
	first, err := Hints(b, st.View(game.Seat(seat)), rng, len(legal))
	if err != nil {
		return nil, err
	}
	// The cards in the order b would discard them: its ranked first cards,
	// then its own discard, then the other legal cards.
	var ranked []card.Card
	add := func(c card.Card) {
		if !slices.Contains(ranked, c) {
			ranked = append(ranked, c)
		}
	}
	for _, h := range first {
		add(h.Action.Card)
	}
	for _, a := range own {
		add(a.Card)
	}
	for _, a := range legal {
		add(a.Card)
	}
	k := len(own)
	var sets [][]card.Card
	try := func(cs []card.Card) {
		if len(sets) >= discardCandidates {
			return
		}
		for _, s := range sets {
			if sameCards(s, cs) {
				return
			}
		}
		if acts := discardOrder(st, seat, cs); acts != nil {
			sets = append(sets, cs)
		}
	}
	ownCards := make([]card.Card, k)
	for i, a := range own {
		ownCards[i] = a.Card
	}
	try(ownCards)
	try(slices.Clone(ranked[:min(k, len(ranked))]))
	// Swap the bot's least wanted card first for the best card it keeps.
	for i := k - 1; i >= 0; i-- {
		for _, c := range ranked {
			if slices.Contains(ownCards, c) {
				continue
			}
			alt := slices.Clone(ownCards)
			alt[i] = c
			n0 := len(sets)
			try(alt)
			if len(sets) > n0 {
				break
			}
		}
	}
	acts := make([][]game.Action, len(sets))
	for i, cs := range sets {
		acts[i] = discardOrder(st, seat, cs)
	}
	vals, seen, err := discardValues(st, seat, acts, rng)
	if err != nil {
		return nil, err
	}
	opp := why.Opponents(st, seat)
	out := make([]Hint, len(acts))
	for i, as := range acts {
		out[i] = Hint{Action: as[0], Rest: as[1:], Value: vals[i], Valued: true, seen: seen[i], opponents: opp}
	}
	byValue(out)
	return out[:min(n, len(out))], nil
}

// ranks reports whether b, or the bot it hands v to, values its
// candidates (a Ranker).
func ranks(b Bot, v game.View) bool {
	_, ok := hintTarget(b, v).(Ranker)
	return ok
}

// ownDiscard returns the whole discard b makes for seat on st.
func ownDiscard(b Bot, st game.State, seat int, rng *rand.Rand) ([]game.Action, error) {
	trial := st.Clone()
	var acts []game.Action
	for discarding(trial, seat) {
		a, err := b.Act(trial.View(game.Seat(seat)), rng)
		if err != nil {
			return nil, err
		}
		if err := trial.Apply(a); err != nil {
			return nil, err
		}
		acts = append(acts, a)
	}
	if len(acts) == 0 {
		return nil, errors.New("bot: no discard to hint")
	}
	return acts, nil
}

// discarding reports whether seat is to discard in st.
func discarding(st game.State, seat int) bool {
	if st.Done() || st.ToAct() != seat {
		return false
	}
	l := st.Legal(nil)
	return len(l) > 0 && l[0].Kind == game.KindDiscard
}

// discardOrder returns cs as a legal whole discard of seat on st: at each
// step the first card of cs that may be discarded now (a rule such as "a
// discarded king needs a discarded trump" can fix the order), or nil when
// cs is no legal discard of the whole count.
func discardOrder(st game.State, seat int, cs []card.Card) []game.Action {
	trial := st.Clone()
	left := slices.Clone(cs)
	var acts []game.Action
	for len(left) > 0 {
		if !discarding(trial, seat) {
			return nil
		}
		done := false
		for i, c := range left {
			a := game.Action{Seat: int8(seat), Kind: game.KindDiscard, Card: c}
			if trial.Apply(a) == nil {
				acts = append(acts, a)
				left = slices.Delete(left, i, i+1)
				done = true
				break
			}
		}
		if !done {
			return nil
		}
	}
	if discarding(trial, seat) {
		return nil
	}
	return acts
}

// discardValues values whole discards of seat: in discardWorlds worlds
// sampled from the seat's view, each discard is made and the hand played
// out by the rules bot at every seat, with the same random numbers for
// every discard (so their differences are paired); a discard's value is
// the seat's mean score. seen[i] holds discard i's outcome in each of
// those worlds, the hands the values are the means of.
func discardValues(st game.State, seat int, discards [][]game.Action, rng *rand.Rand) (vals []float64, seen [][]why.Outcome, err error) {
	v := st.View(game.Seat(seat))
	r := st.Rules()
	seed := rng.Uint64()
	sums := make([]float64, len(discards))
	seen = make([][]why.Outcome, len(discards))
	worlds := 0
	outs := make([]why.Outcome, len(discards))
	for w := range discardWorlds {
		wrng := rand.New(rand.NewPCG(seed, uint64(w)))
		world, err := r.Resample(v, wrng)
		if err != nil {
			continue
		}
		play := wrng.Uint64()
		ok := true
		for i, d := range discards {
			s := world.Clone()
			for _, a := range d {
				s.ApplyUnchecked(a)
			}
			if err := playOut(s, rand.New(rand.NewPCG(play, uint64(w)))); err != nil {
				ok = false
				break
			}
			outs[i] = why.Observe(s, seat, card.Hidden)
		}
		if !ok {
			continue
		}
		worlds++
		for i, o := range outs {
			sums[i] += float64(o.Score)
			seen[i] = append(seen[i], o)
		}
	}
	if worlds == 0 {
		return nil, nil, errors.New("bot: no world could be sampled to value the discards")
	}
	for i := range sums {
		sums[i] /= float64(worlds)
	}
	return sums, seen, nil
}

// playOut finishes s with the rules bot at every seat.
func playOut(s game.State, rng *rand.Rand) error {
	var rb rules.Bot
	for !s.Done() {
		a, err := rb.Act(s.View(game.Seat(s.ToAct())), rng)
		if err != nil {
			return err
		}
		s.ApplyUnchecked(a)
	}
	return nil
}

// sameCards reports whether a and b hold the same cards.
func sameCards(a, b []card.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

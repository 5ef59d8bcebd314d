package droggn

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// dealRun is a run of deck positions dealt to one place: the speaker of
// that index (0–2), or the talon (3).
type dealRun struct{ from, to, place uint8 }

// prepareDeal fills r.fresh and r.runs.
func (r *Rules) prepareDeal() {
	for dealer := range r.seats {
		s := &r.fresh[dealer]
		*s = State{r: r, dealer: int8(dealer), buyFrom: -1, pagatLaid: -1,
			declarer: -1, t1Trick: -1, t1Player: -1, t1Winner: -1, lastWinner: -1, declAll: true}
		p := s.next(dealer)
		for i := range s.speakers {
			s.speakers[i] = int8(p)
			p = s.next(p)
		}
		for p := range r.seats {
			s.succ[p] = int8(s.next(p))
		}
		s.phase = PhBid
		s.toAct = s.speakers[0]
	}
	pos := uint8(0)
	run := func(n int, place uint8) {
		r.runs = append(r.runs, dealRun{from: pos, to: pos + uint8(n), place: place})
		pos += uint8(n)
	}
	for round, b := range r.batches {
		if round == 2 && r.talonAfter2 {
			run(3, 3)
		}
		for i := range uint8(3) {
			run(b, i)
		}
	}
	if !r.talonAfter2 {
		run(3, 3)
	}
}

// NewState deals deck with the given dealer.
func (r *Rules) NewState(deck []card.Card, dealer int) (game.State, error) {
	s, err := r.Deal(deck, dealer)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Deal is NewState with the concrete type.
func (r *Rules) Deal(deck []card.Card, dealer int) (*State, error) {
	if dealer < 0 || dealer >= r.seats {
		return nil, fmt.Errorf("droggn: dealer %d is not a seat", dealer)
	}
	if len(deck) != r.pack.Size() {
		return nil, fmt.Errorf("droggn: deck has %d cards, want %d", len(deck), r.pack.Size())
	}
	var seen card.Set
	for _, c := range deck {
		if !r.pack.Has(c) || seen.Has(c) {
			return nil, fmt.Errorf("droggn: deck is not a permutation of the %s pack", r.pack.Name)
		}
		seen.Add(c)
	}
	s := &State{hist: make([]game.Action, 0, 96)}
	s.Reset(r, deck, dealer)
	return s, nil
}

// Reset deals deck into s, reusing its memory (fast path: no checks).
func (s *State) Reset(r *Rules, deck []card.Card, dealer int) {
	hist := s.hist[:0]
	*s = r.fresh[dealer]
	s.hist = hist
	var got [4]card.Set // the speakers' hands and the talon
	for _, run := range r.runs {
		got[run.place] = got[run.place].Union(card.Of(deck[run.from:run.to]...))
	}
	for i, seat := range s.speakers {
		s.hands[seat] = got[i]
	}
	s.talon = got[3]
}

package tactics

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"trull/internal/card"
	"trull/internal/game"
)

// Search says where to look for positions.
type Search struct {
	// Rules is the variant played.
	Rules game.Rules
	// Seed names the deals ("tactics-droggn-3" …); deal i is dealt from
	// Seed and i.
	Seed string
	// Deals is the most deals to play.
	Deals int
	// Player plays every seat of the deals the positions come from.
	Player Actor
	// Worlds is the number of worlds each candidate is examined in.
	Worlds int
	// PerTheme is the most positions kept of one theme, Want the number
	// wanted in all: the search stops when it has them.
	PerTheme, Want int
	// Only, when set, keeps positions of these themes alone.
	Only []string
	// MaxLeft is the most cards the deciding seat may hold (its
	// Strohmänner counted): the exact values are only asked for there.
	MaxLeft int
}

// Find plays the search's deals and keeps at most one clear position a
// deal, by theme, until it has Want of them. The same search finds the
// same positions.
func Find(s Search) ([]Position, error) {
	r := s.Rules
	kept := map[string]int{}
	var out []Position
	for deal := 0; deal < s.Deals && len(out) < s.Want; deal++ {
		name := fmt.Sprintf("%s/%d", s.Seed, deal)
		deck := game.ShuffledDeck(r.Pack(), game.NewRand(name, 0))
		dealer := deal % r.Seats()
		st, err := r.NewState(deck, dealer)
		if err != nil {
			return nil, fmt.Errorf("tactics: %w", err)
		}
		play := game.NewRand(name, 1)
		found := false
		for step := 0; !st.Done(); step++ {
			seat := st.ToAct()
			if !found && st.Phase() == "play" && left(st, seat) <= s.MaxLeft {
				if p, ok := examine(st, s, deck, name, step); ok && kept[p.Theme] < s.PerTheme && (s.Only == nil || slices.Contains(s.Only, p.Theme)) {
					ex, err := p.Explain()
					if err != nil {
						return nil, err
					}
					p.Candidates = ex.Candidates()
					kept[p.Theme]++
					out = append(out, p)
					found = true
				}
			}
			a, err := s.Player.Act(st.View(game.Seat(seat)), play)
			if err != nil {
				return nil, fmt.Errorf("tactics: deal %s: %w", name, err)
			}
			if err := st.Apply(a); err != nil {
				return nil, fmt.Errorf("tactics: deal %s: %w", name, err)
			}
		}
	}
	return out, nil
}

// examine makes a position of the decision in st when it is a clear one.
func examine(st game.State, s Search, deck []card.Card, name string, step int) (Position, bool) {
	e, ok := Examine(st, s.Worlds, LookRand(name, step))
	if !ok {
		return Position{}, false
	}
	r := st.Rules()
	p := r.Pack()
	pos := Position{
		ID:     fmt.Sprintf("%s@%d", name, step),
		Theme:  Theme(st, e),
		Seat:   st.ToAct(),
		Loss:   map[string]float64{},
		Worlds: s.Worlds,
		Record: game.NewRecord(r, players(r.Seats()), st.Dealer(), deck, st.History()),
	}
	for _, c := range e.Good {
		pos.Good = append(pos.Good, p.ID(c))
	}
	for c, l := range e.Mean {
		pos.Loss[p.ID(c)] = float64(int(l*100+0.5)) / 100
	}
	return pos, true
}

// ExplainAll fills every position's Candidates (Explain), on workers
// goroutines (0: one per processor). The result does not depend on their
// number: each position draws its own worlds.
func ExplainAll(ps []Position, workers int) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	errs := make([]error, len(ps))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				ex, err := ps[i].Explain()
				if err != nil {
					errs[i] = err
					continue
				}
				ps[i].Candidates = ex.Candidates()
			}
		})
	}
	for i := range ps {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// LookRand returns the random numbers that draw the worlds a decision of
// a deal is examined in, so that a position can be examined again.
func LookRand(deal string, step int) *rand.Rand {
	return game.NewRand(deal+"/worlds", uint64(step))
}

// players names the seats of a position's record.
func players(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Seat %d", i)
	}
	return out
}

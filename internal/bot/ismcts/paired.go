package ismcts

import (
	"fmt"
	"math/rand/v2"

	"trull/internal/game"
)

// Paired plays candidate decisions in the same worlds: it draws n
// determinizations of v with the search's own sampler (the game adapter's
// resample, which weighs what the bids and the play reveal), and in each
// applies every candidate (its actions in turn, a whole discard being one
// candidate) to a copy of the world and finishes the hand with the
// search's default policy, with the same random numbers after every
// candidate of a world. visit is called twice for candidate c in world w:
// with end false once its actions are applied, and with end true on the
// finished hand; st is valid only during the call.
func Paired(v game.View, cands [][]game.Action, n int, rng *rand.Rand, visit func(c, w int, st game.State, end bool)) error {
	r, err := rulesOf(v)
	if err != nil {
		return err
	}
	wd := newWorld(r, v)
	for k := 0; k < n; k++ {
		failed := 0
		for {
			err := wd.resample(v, rng)
			if err == nil {
				break
			}
			if failed++; failed > 8 {
				return fmt.Errorf("ismcts: no world for the view: %w", err)
			}
		}
		wd.save()
		seed := rng.Uint64()
		for c, acts := range cands {
			wd.restore()
			rnd := game.FastSourceSeeded(seed)
			st := wd.state()
			for _, a := range acts {
				st.ApplyUnchecked(a)
			}
			visit(c, k, st, false)
			if !st.Done() {
				wd.playout(&rnd)
			}
			visit(c, k, wd.state(), true)
		}
	}
	return nil
}

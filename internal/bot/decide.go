package bot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"trull/internal/game"
)

// Decide asks b for one whole decision of seat on st (a discard of k cards
// is k engine actions) and applies it to st. A bot that fails, panics or
// answers illegally is replaced by a random legal action for that step, so
// a table never stalls; refused, when set, hears why, in words that name no
// card (an operator's log may not see a hand). observe, when set, hears
// each bot call's seconds.
func Decide(st game.State, seat int, b Bot, rng *rand.Rand, observe func(seconds float64), refused func(reason string)) []game.Action {
	var acts []game.Action
	for {
		start := time.Now()
		a, err := safeAct(b, st.View(game.Seat(seat)), rng)
		if observe != nil {
			observe(time.Since(start).Seconds())
		}
		if err == nil {
			err = st.Apply(a)
		}
		if err != nil {
			if refused != nil {
				reason := "the bot failed"
				var ie *game.IllegalError
				if errors.As(err, &ie) {
					reason = "an illegal " + a.Kind.String()
				}
				refused(reason)
			}
			a = game.Pick(rng, st.Legal(nil))
			st.ApplyUnchecked(a)
		}
		acts = append(acts, a)
		if a.Kind != game.KindDiscard || st.Done() || st.ToAct() != seat {
			return acts
		}
		if l := st.Legal(nil); len(l) == 0 || l[0].Kind != game.KindDiscard {
			return acts
		}
	}
}

// safeAct asks a bot, turning a panic into an error.
func safeAct(b Bot, v game.View, rng *rand.Rand) (a game.Action, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot %s panicked: %v", b.Name(), r)
		}
	}()
	return b.Act(v, rng)
}

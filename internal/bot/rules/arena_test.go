package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// player is what the arena helpers need of a bot.
type player interface {
	Name() string
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// randomBot plays a uniformly random legal action: the reference the rules
// bot must beat.
type randomBot struct{}

func (randomBot) Name() string { return "random" }

func (randomBot) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	return game.Pick(rng, v.LegalActions()), nil
}

// playHand plays one hand with the given bots, each deciding from its
// seat's view with its own generator.
func playHand(r game.Rules, deck []card.Card, dealer int, bots []player, rngs []*rand.Rand) (game.State, error) {
	st, err := r.NewState(deck, dealer)
	if err != nil {
		return nil, err
	}
	for !st.Done() {
		seat := st.ToAct()
		a, err := bots[seat].Act(st.View(game.ViewerOf(seat)), rngs[seat])
		if err != nil {
			return nil, fmt.Errorf("%s at seat %d: %v", bots[seat].Name(), seat, err)
		}
		if err := st.Apply(a); err != nil {
			return nil, fmt.Errorf("%s at seat %d played an illegal action %+v: %v", bots[seat].Name(), seat, a, err)
		}
	}
	return st, nil
}

// duel is the outcome of a duplicate match of bot A against bot B.
type duel struct {
	hands        int     // hands per bot (seat-hands)
	meanA, meanB float64 // mean score per hand
	baseA, baseB float64 // mean score per hand with the doubling factor removed
	declA, declB int     // hands declared
	winA, winB   int     // declared hands won
}

// duplicate plays every deal once for each way of seating one or two A
// bots among B bots, so that each bot holds every hand of every deal
// equally often.
func duplicate(t testing.TB, r game.Rules, deals int, seed string, a, b player) duel {
	n := r.Seats()
	var d duel
	var sumA, sumB, baseA, baseB float64
	for i := 0; i < deals; i++ {
		deck := game.DeckFromSeed(r.Pack(), fmt.Sprintf("%s/%d", seed, i))
		dealer := i % n
		for mask := 1; mask < 1<<n-1; mask++ {
			bots := make([]player, n)
			rngs := make([]*rand.Rand, n)
			for s := range n {
				bots[s] = b
				if mask>>s&1 != 0 {
					bots[s] = a
				}
				rngs[s] = game.NewRand(fmt.Sprintf("%s/%d/%d", seed, i, mask), uint64(s))
			}
			st, err := playHand(r, deck, dealer, bots, rngs)
			if err != nil {
				t.Fatalf("deal %d seating %b: %v", i, mask, err)
			}
			res := st.Result()
			m := 1.0
			if ds, ok := st.(*droggn.State); ok {
				m = float64(int(1) << ds.Doublings())
			}
			for s := range n {
				if n == 4 && s == dealer {
					continue // the dealer holds no cards: his score is not a decision of his bot
				}
				sc := float64(res.Score[s])
				isA := mask>>s&1 != 0
				won := res.Score[s] > 0
				if isA {
					sumA += sc
					baseA += sc / m
					d.hands++
				} else {
					sumB += sc
					baseB += sc / m
				}
				if res.Declarer == s {
					if isA {
						d.declA++
						if won {
							d.winA++
						}
					} else {
						d.declB++
						if won {
							d.winB++
						}
					}
				}
			}
		}
	}
	// A and B hold the same seat-hands, so both means are per d.hands.
	h := float64(d.hands)
	d.meanA, d.meanB, d.baseA, d.baseB = sumA/h, sumB/h, baseA/h, baseB/h
	return d
}

func (d duel) String() string {
	return fmt.Sprintf("%d seat-hands each: mean %.1f vs %.1f (margin %.1f); without doubling %.1f vs %.1f; declared %d (won %d) vs %d (won %d)",
		d.hands, d.meanA, d.meanB, d.meanA-d.meanB, d.baseA, d.baseB, d.declA, d.winA, d.declB, d.winB)
}

// TestArenaRulesBeatsRandom plays seeded Droggn deals with duplicate
// seating (every deal once for each way of seating the two bots, so both
// hold the same cards equally often): the rules bot must beat the random
// bot clearly in mean score per hand, also with the doubling factor taken
// out (random doubling makes the plain mean heavy-tailed).
func TestArenaRulesBeatsRandom(t *testing.T) {
	tests := []struct {
		players, deals int
	}{
		{3, 300},
		{4, 100},
	}
	for _, tc := range tests {
		deals := tc.deals
		if testing.Short() {
			deals /= 5
		}
		r := droggn.Default(tc.players)
		t.Run(r.String(), func(t *testing.T) {
			d := duplicate(t, r, deals, "arena", Bot{}, randomBot{})
			t.Logf("%d deals, rules vs random: %s", deals, d)
			if d.meanA-d.meanB < 50 || d.baseA-d.baseB < 50 {
				t.Fatalf("rules does not beat random clearly: %s", d)
			}
		})
	}
}

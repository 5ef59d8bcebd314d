package pimc

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// finishObserver checks the hands of a decision valued by Options.Finisher:
// after each candidate the hand is finished by the rules bot for every
// seat from its view (it never uses its generator, so the line can be
// played again here); it adds up the seat's payoffs.
type finishObserver struct {
	t        *testing.T
	seat     int
	played   game.State
	sums     map[game.Action]float64
	counts   map[game.Action]int
	notRules int // hands not finished by the rules bot
}

func (o *finishObserver) Played(a game.Action, st game.State) { o.played = st.Clone() }

func (o *finishObserver) Finished(a game.Action, st game.State) {
	o.t.Helper()
	again := o.played
	if err := game.Finish(again, func(v game.View) (game.Action, error) { return rules.Bot{}.Act(v, nil) }); err != nil {
		o.t.Fatal(err)
	}
	if !reflect.DeepEqual(again.History(), st.History()) {
		o.notRules++
	}
	s := st.(*droggn.State)
	d := decision{seat: o.seat, seats: 3}
	o.sums[a] += d.payoff(s.Declarer(), s.FastScore())
	o.counts[a]++
}

// TestFinisher checks Options.Finisher on Droggn's bids: every candidate
// is played out in FinishWorlds worlds, each hand finished by the rules
// bot for every seat, and a candidate's value is the mean of the seat's
// payoffs of those hands.
func TestFinisher(t *testing.T) {
	r := droggn.Default(3)
	b := New(Options{Worlds: 3, FinishWorlds: 5, Finisher: rules.Bot{}, Workers: 1, TTBits: 15})
	bids := 0
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		st, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), int(seed%3))
		if err != nil {
			t.Fatal(err)
		}
		for !st.Done() && st.CurrentPhase() == droggn.PhBid {
			v := st.SeatView(game.Seat(st.ToAct()))
			obs := &finishObserver{t: t, seat: v.Seat, sums: map[game.Action]float64{}, counts: map[game.Action]int{}}
			cands, _, err := b.RankObserved(v, rand.New(rand.NewPCG(seed, 1)), func(int) Observer { return obs })
			if err != nil {
				t.Fatal(err)
			}
			if len(cands) > 1 {
				bids++
				if obs.notRules > 0 {
					t.Errorf("seed %d: %d hands not finished by the rules bot", seed, obs.notRules)
				}
				for _, c := range cands {
					if c.Worlds != 5 || obs.counts[c.Action] != 5 {
						t.Errorf("seed %d: %v in %d worlds (%d observed), want 5", seed, c.Action, c.Worlds, obs.counts[c.Action])
					}
					if mean := obs.sums[c.Action] / 5; math.Abs(mean-c.Value) > 1e-9 {
						t.Errorf("seed %d: %v valued %v, its hands' mean %v", seed, c.Action, c.Value, mean)
					}
				}
			}
			legal := v.LegalActions()
			if err := st.Apply(legal[len(legal)-1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if bids == 0 {
		t.Fatal("no bid with a few candidates")
	}
}

package bot_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/bot"
	"trull/internal/bot/ismcts"
	"trull/internal/bot/rules"
	"trull/internal/bot/ssolver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// strohAt deals the hand of seed and plays it at random (both stay, the
// bids at random, no announcement) until left tricks remain and the trick
// has been led when led is set.
func strohAt(t *testing.T, r *strohmandeln.Rules, seed string, left int, led bool) *strohmandeln.State {
	t.Helper()
	rng := game.NewRand(seed, 0)
	s, err := r.Deal(game.DeckFromSeed(r.Pack(), seed), rng.IntN(2))
	if err != nil {
		t.Fatal(err)
	}
	var buf []game.Action
	for !s.Done() && !(s.Phase() == "play" && r.Tricks()-s.Won(0).Union(s.Won(1)).Len()/2 == left && isLead(s) != led) {
		buf = s.Legal(buf[:0])
		a := buf[rng.IntN(len(buf))]
		switch {
		case a.Kind == game.KindFold:
			a.Call = strohmandeln.CallStay
		case a.Kind == game.KindAnnounce:
			a = buf[0]
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// isLead reports whether the seat to act leads to a trick.
func isLead(s *strohmandeln.State) bool {
	n := 0
	for _, a := range s.History() {
		if a.Kind == game.KindPlay {
			n++
		}
	}
	return n%2 == 0
}

// TestStrohKeepsPagat is the blunder class of the Pagat thrown away before
// the last trick: positions two or three tricks from the end where the
// seat to play (leading, or following the opponent's lead) holds the Pagat
// and another Tarock and, over the worlds its view allows (40 sampled),
// playing the Pagat now loses at least half a point on average against
// the best action. The default bot, whose last tricks are solved exactly
// in every world, keeps the Pagat; the same search without the solver
// throws it away in some of them.
func TestStrohKeepsPagat(t *testing.T) {
	r := strohmandeln.NewRules(strohmandeln.Options{})
	b, err := bot.New("ismcts")
	if err != nil {
		t.Fatal(err)
	}
	unsolved := ismcts.New(ismcts.Options{Prior: rules.Bot{}, PairedRoot: true, PolicyOthers: true, NoSolver: true})
	sv := ssolver.New()
	found, thrown := 0, 0
	for i := 0; i < 20000 && found < 60; i++ {
		seed := fmt.Sprintf("keep-pagat/%d", i)
		s := strohAt(t, r, seed, 2+i%2, i%4 < 2)
		if s.Done() {
			continue
		}
		seat := s.ToAct()
		legal := s.LegalCards()
		if !legal.Has(card.Pagat) || legal.Intersect(card.TrumpsAndFool).Len() < 2 {
			continue
		}
		v := s.View(game.ViewerOf(seat)).(*strohmandeln.View)
		if pagatLoss(t, r, v, sv, seed) < 0.5 {
			continue
		}
		found++
		for k := 0; k < 3; k++ {
			a, err := b.Act(v, rand.New(rand.NewPCG(uint64(k), 18)))
			if err != nil {
				t.Fatal(err)
			}
			if a.Card == card.Pagat {
				t.Errorf("%s: the bot plays the Pagat before the last trick", seed)
			}
			if a, err = unsolved.Act(v, rand.New(rand.NewPCG(uint64(k), 18))); err == nil && a.Card == card.Pagat {
				thrown++
			}
		}
	}
	t.Logf("%d positions; without the solver the Pagat is thrown away %d times in %d", found, thrown, 3*found)
	if found < 60 || thrown == 0 {
		t.Fatalf("%d positions with a Pagat to keep (want 60), %d thrown away without the solver (want some)", found, thrown)
	}
}

// pagatLoss returns the mean over 40 worlds sampled from v of the best
// action's score less the Pagat's, for the seat of v.
func pagatLoss(t *testing.T, r *strohmandeln.Rules, v *strohmandeln.View, sv *ssolver.Solver, seed string) float64 {
	t.Helper()
	rng := game.NewRand(seed, 1)
	loss := 0
	for w := 0; w < 40; w++ {
		st, err := r.Resample(v, rng)
		if err != nil {
			t.Fatal(err)
		}
		vals, ok := sv.Evaluate(st.(*strohmandeln.State), 0)
		if !ok {
			t.Fatal("Evaluate failed")
		}
		pagat, best := 0, vals[0].Score
		for _, av := range vals {
			best = max(best, av.Score)
			if av.Action.Card == card.Pagat && av.Action.Kind == game.KindPlay {
				pagat = av.Score
			}
		}
		loss += best - pagat
	}
	return float64(loss) / 40
}

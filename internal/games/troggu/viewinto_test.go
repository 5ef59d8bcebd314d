package troggu

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"trull/internal/game"
)

// TestViewIntoRichOld makes every view of random hands in the memory of
// views that show what most views do not: a partner or a Tappist playing
// alone, the Tapp taken up, discards, a finished hand's result. What
// ViewInto makes must be what View makes, whatever the old view showed.
func TestViewIntoRichOld(t *testing.T) {
	var rich []*View
	kinds := map[string]bool{}
	keep := func(v *View) {
		var k string
		switch {
		case v.Partner != nil:
			k = "partner"
		case v.Result != nil:
			k = "result"
		case len(v.TappTaken) > 0:
			k = "tapp"
		default:
			return
		}
		if !kinds[k] {
			kinds[k] = true
			rich = append(rich, v)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for h := 0; h < 400 && len(kinds) < 3; h++ {
		st := playTo(t, Default(7+h%2), rng, -1)
		for seat := range int(st.n) {
			keep(st.view(game.Seat(seat)))
		}
		mid := playTo(t, Default(7+h%2), rng, 40+rng.IntN(20))
		for seat := range int(mid.n) {
			keep(mid.view(game.Seat(seat)))
		}
	}
	if len(kinds) < 3 {
		t.Fatalf("found only %v among the old views", kinds)
	}
	// A Tappist alone is rare in random play: the old views show it, and
	// every other flag, anyway.
	for _, v := range rich[:len(rich):len(rich)] {
		p := cloneView(t, v)
		p.Alone, p.Partner, p.Forced, p.FoolPowerless = true, nil, true, true
		rich = append(rich, p)
	}
	for _, seats := range []int{3, 6, 8} {
		for h := range 4 {
			st := playTo(t, Default(seats), rng, 5+h*12)
			for seat := -1; seat < seats; seat++ {
				for i, old := range rich {
					prev := cloneView(t, old)
					viewer := game.ViewerOf(seat)
					made := st.ViewInto(viewer, prev)
					a, _ := json.Marshal(st.View(viewer))
					b, _ := json.Marshal(made)
					if !bytes.Equal(a, b) {
						t.Fatalf("%d seats, seat %d, old view %d: made in an old view's memory:\n have %s\n want %s", seats, seat, i, b, a)
					}
				}
			}
		}
	}
}

// playTo plays random legal actions from a random deal: steps of them, or
// to the end of the hand for a negative steps.
func playTo(t *testing.T, r *Rules, rng *rand.Rand, steps int) *State {
	t.Helper()
	st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(r.Seats()))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i := 0; !s.Done() && (steps < 0 || i < steps); i++ {
		legal := s.Legal(nil)
		s.ApplyUnchecked(legal[rng.IntN(len(legal))])
	}
	return s
}

// cloneView returns a deep copy of v: a view nobody else holds.
func cloneView(t *testing.T, v *View) *View {
	t.Helper()
	c := &View{}
	*c = View{r: v.r, GameName: v.GameName, Variant: v.Variant, Seat: v.Seat, Players: v.Players, Dealer: v.Dealer,
		Phase: v.Phase, ToAct: v.ToAct, Hand: append([]string(nil), v.Hand...), HandSizes: append([]int(nil), v.HandSizes...),
		TappSize: v.TappSize, Contract: v.Contract, Declarer: v.Declarer, Forced: v.Forced, CalledTrump: v.CalledTrump,
		Partner: v.Partner, Alone: v.Alone, TappTaken: append([]string(nil), v.TappTaken...),
		Discards: append([]string(nil), v.Discards...), DiscardCount: v.DiscardCount, Tapp: append([]string(nil), v.Tapp...),
		FoolPowerless: v.FoolPowerless, Trick: v.Trick, Won: append([]Count(nil), v.Won...), Side: v.Side, Result: v.Result}
	for _, e := range v.Log {
		e.Cards = append([]string(nil), e.Cards...)
		c.Log = append(c.Log, e)
	}
	for _, tr := range v.Tricks {
		tr.Plays = append([]ViewPlay(nil), tr.Plays...)
		c.Tricks = append(c.Tricks, tr)
	}
	c.Legal = append([]ViewAction(nil), v.Legal...)
	c.legal = append([]game.Action(nil), v.legal...)
	if c.Partner != nil {
		p := *c.Partner
		c.Partner = &p
	}
	if c.Side != nil {
		s := *c.Side
		c.Side = &s
	}
	if c.Trick != nil {
		tr := *c.Trick
		tr.Plays = append([]ViewPlay(nil), tr.Plays...)
		c.Trick = &tr
	}
	return c
}

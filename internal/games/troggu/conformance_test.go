package troggu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/card"

	"trull/internal/game"
	"trull/internal/gametest"
)

// finalCheck checks the card point totals of a finished hand: every card is
// in a pile, the discards or the Tapp, and the sides' points add up.
func finalCheck(st game.State) error {
	s := st.(*State)
	res := s.Result()
	all := s.discards.Union(s.tapp)
	for p := 0; p < int(s.n); p++ {
		all = all.Union(s.won[p])
		if !s.hands[p].Empty() {
			return fmt.Errorf("seat %d still holds %s", p, s.hands[p])
		}
	}
	if all != s.r.Pack().Cards {
		return fmt.Errorf("cards missing at the end: %s", s.r.Pack().Cards.Minus(all))
	}
	if s.contract == ContractMisere {
		sum := 0
		for _, v := range res.CardPoints {
			sum += v
		}
		if want := PackPoints - Points(s.tapp); sum != want {
			return fmt.Errorf("misère card points sum to %d, want %d", sum, want)
		}
		return nil
	}
	side := s.side()
	for p := 0; p < int(s.n); p++ {
		for q := 0; q < int(s.n); q++ {
			same := side>>uint(p)&1 == side>>uint(q)&1
			if same != (res.CardPoints[p] == res.CardPoints[q]) && (same || res.CardPoints[p] != PackPoints/2) {
				return fmt.Errorf("card points %v do not follow the sides %08b", res.CardPoints, side)
			}
			if !same && res.CardPoints[p]+res.CardPoints[q] != PackPoints {
				return fmt.Errorf("card points %v do not add up to %d", res.CardPoints, PackPoints)
			}
		}
	}
	return nil
}

// TestConformance runs the shared conformance suite over every player count
// and every option value.
func TestConformance(t *testing.T) {
	variants := []struct {
		players []int
		opts    string
	}{
		{[]int{3, 4, 5, 6, 7, 8}, ""},
		{[]int{3, 7}, "allPassRule=alwaysMisere"},
		{[]int{4, 8}, "allPassRule=alwaysForced"},
		{[]int{3, 5}, "fourKingsDiscard=anyFivePoint"},
		{[]int{4, 6}, "misereTie=noPayment"},
		{[]int{5, 7}, "soloMultiplier=3"},
		{[]int{3, 4, 8}, "mustOvertrump=true"},
		{[]int{6}, "hands=24"},
		{[]int{7}, "allPassRule=alwaysForced,mustOvertrump=true,fourKingsDiscard=anyFivePoint"},
	}
	hands := 24
	if testing.Short() {
		hands = 6
	}
	for _, v := range variants {
		for _, n := range v.players {
			r := MustParse(n, v.opts)
			t.Run(r.String(), func(t *testing.T) {
				gametest.Run(t, gametest.Config{Rules: r, Hands: hands, Seed: uint64(n)*7919 + uint64(len(v.opts)), Final: finalCheck})
			})
		}
	}
}

// TestBiasedHands complements the conformance suite, whose uniform random
// bidding makes Normal games with 7–8 players rare: bids here pass most of
// the time, so Normal games with a call, forced games and Misère are
// common. Every step checks views (no leaks, the partner secret), Resample
// for the seat to act and a random seat, places, and that a refused action
// changes nothing; every hand must replay from its record.
func TestBiasedHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	hands := 12
	if testing.Short() {
		hands = 3
	}
	for _, opts := range []string{"", "mustOvertrump=true,fourKingsDiscard=anyFivePoint", "allPassRule=alwaysForced"} {
		for n := MinSeats; n <= MaxSeats; n++ {
			r := MustParse(n, opts)
			for h := 0; h < hands; h++ {
				if err := biasedHand(r, rng); err != nil {
					t.Fatalf("%s hand %d: %v", r, h, err)
				}
			}
		}
	}
}

func biasedHand(r *Rules, rng *rand.Rand) error {
	deck := game.ShuffledDeck(r.Pack(), rng)
	dealer := rng.IntN(r.Seats())
	st, err := r.NewState(deck, dealer)
	if err != nil {
		return err
	}
	s := st.(*State)
	var buf []game.Action
	for step := 0; !s.Done(); step++ {
		if err := checkStep(s, rng); err != nil {
			return fmt.Errorf("step %d (%s): %v", step, s.Phase(), err)
		}
		buf = s.Legal(buf[:0])
		a := game.Pick(rng, buf)
		if s.phase == phaseBidding {
			switch x := rng.IntN(20); {
			case x < 14:
				a.Call = BidPass
			case x < 19 && s.normalBy < 0:
				a.Call = BidNormal
			}
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("step %d: %+v refused: %v", step, a, err)
		}
	}
	if err := finalCheck(s); err != nil {
		return err
	}
	players := make([]string, r.Seats())
	for i := range players {
		players[i] = fmt.Sprint("P", i)
	}
	rec := game.NewRecord(r, players, dealer, deck, s.History())
	back, err := game.Replay(rec)
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if !reflect.DeepEqual(game.Summarize(back), game.Summarize(s)) {
		return fmt.Errorf("replay differs")
	}
	return nil
}

func checkStep(s *State, rng *rand.Rand) error {
	r := s.r
	var all card.Set
	for _, pl := range s.Places() {
		if all.Overlaps(pl) {
			return fmt.Errorf("card in two places")
		}
		all = all.Union(pl)
	}
	if all != r.Pack().Cards {
		return fmt.Errorf("cards not conserved")
	}
	for seat := 0; seat < r.Seats(); seat++ {
		v := s.view(game.ViewerOf(seat))
		may := s.MayKnow(game.ViewerOf(seat))
		if leak, err := gametest.ViewLeaks(r, v, may); err != nil || !leak.Empty() || !v.Cards().SubsetOf(may) {
			return fmt.Errorf("view of seat %d leaks %s (%v)", seat, leak, err)
		}
		if !s.calledOut && (v.Partner != nil || v.Alone) {
			return fmt.Errorf("view of seat %d names the partner", seat)
		}
	}
	for _, seat := range []int{s.ToAct(), rng.IntN(r.Seats())} {
		v := s.view(game.ViewerOf(seat))
		w, err := r.Resample(v, rng)
		if err != nil {
			return err
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w.View(game.ViewerOf(seat)))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("resampled world looks different to seat %d:\n%s\n%s", seat, b, a)
		}
		if seat == s.ToAct() && !reflect.DeepEqual(s.Legal(nil), w.Legal(nil)) {
			return fmt.Errorf("resampled world offers other actions")
		}
	}
	before := s.clone()
	bad := game.Action{Seat: int8(rng.IntN(r.Seats())), Kind: game.Kind(1 + rng.IntN(9)), Call: uint8(rng.IntN(4)), Card: r.Pack().Order[rng.IntN(62)]}
	legal := false
	for _, l := range s.Legal(nil) {
		legal = legal || l == bad
	}
	if !legal {
		if err := s.Apply(bad); err == nil {
			return fmt.Errorf("illegal %+v accepted", bad)
		}
		if !reflect.DeepEqual(before, s) {
			return fmt.Errorf("refused %+v changed the state", bad)
		}
	}
	return nil
}

package troggu

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// truePlace returns the sampler place where c really lies in s.
func truePlace(s *State, c card.Card) int {
	for p := 0; p < int(s.n); p++ {
		if s.hands[p].Has(c) {
			return p
		}
	}
	switch {
	case s.tapp.Has(c):
		return placeTapp
	case s.discards.Has(c):
		return placeDiscards
	}
	return -1
}

// TestResampleAdmitsTruth checks that the real deal is always one the
// sampler allows: every hidden card may lie where it really lies, under at
// least one alternative, and the place sizes match.
func TestResampleAdmitsTruth(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	hands := 150
	if testing.Short() {
		hands = 30
	}
	for _, opts := range []string{"", "mustOvertrump=true", "allPassRule=alwaysForced,fourKingsDiscard=anyFivePoint"} {
		for n := MinSeats; n <= MaxSeats; n++ {
			r := MustParse(n, opts)
			for h := 0; h < hands; h++ {
				st, _ := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(n))
				s := st.(*State)
				var buf []game.Action
				for !s.Done() {
					seat := rng.IntN(n)
					v := s.view(game.ViewerOf(seat))
					sm, err := newSampler(r, v)
					if err != nil {
						t.Fatalf("%s: sampler: %v", r, err)
					}
					ok := false
					for _, alt := range sm.alts {
						fits := true
						var used [nPlaces]int
						for i, c := range sm.unknown {
							q := truePlace(s, c)
							if q < 0 || alt.allowed[i]&(1<<uint(q)) == 0 {
								fits = false
							} else {
								used[q]++
							}
						}
						if fits && used == sm.caps {
							ok = true
						}
					}
					if !ok {
						for i, c := range sm.unknown {
							t.Logf("%s at %d, allowed %010b", r.Pack().ID(c), truePlace(s, c), sm.alts[0].allowed[i])
						}
						t.Fatalf("%s seat %d, phase %s: the real deal is not admitted; caps %v\n%+v", r, seat, s.Phase(), sm.caps, v)
					}
					buf = s.Legal(buf[:0])
					s.ApplyUnchecked(game.Pick(rng, buf))
				}
			}
		}
	}
}

// resampleMany resamples v k times and returns the worlds, each checked to
// look the same to the view's seat.
func resampleMany(t *testing.T, r *Rules, v *View, k int) []*State {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	want, _ := json.Marshal(v)
	out := make([]*State, k)
	for i := range out {
		w, err := r.Resample(v, rng)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = w.(*State)
		if got, _ := json.Marshal(out[i].view(game.ViewerOf(v.Seat))); !bytes.Equal(got, want) {
			t.Fatalf("resampled world looks different:\n%s\n%s", got, want)
		}
	}
	return out
}

// TestResampleForcedGame: in the calling phase of a forced game, the forced
// Tappist holds FOOL, or FOOL lies in the Tapp and he holds T1 (both seen);
// after a failed forced game (Misère) FOOL and T1 lie in the Tapp.
func TestResampleForcedGame(t *testing.T) {
	r := Default(7)
	s := allPass(t, r, map[int][]string{4: {"FOOL"}}, nil)
	cases := map[string]int{}
	for _, w := range resampleMany(t, r, s.view(game.ViewerOf(2)), 300) {
		switch {
		case w.declarer != 4 || w.phase != phaseCall:
			t.Fatalf("world with declarer %d, phase %s", w.declarer, w.Phase())
		case w.hands[4].Has(card.Fool):
			cases["FOOL in hand"]++
		case w.tapp.Has(card.Fool) && w.hands[4].Has(card.Pagat):
			cases["FOOL in Tapp, T1 in hand"]++
		default:
			t.Fatal("world breaks the forced-game rule")
		}
	}
	if len(cases) != 2 {
		t.Errorf("cases seen: %v", cases)
	}
	m := allPass(t, Default(8), nil, []string{"FOOL", "T1"})
	for _, w := range resampleMany(t, m.r, m.view(game.Seat(3)), 50) {
		if w.contract != ContractMisere || !w.tapp.Has(card.Fool) || !w.tapp.Has(card.Pagat) {
			t.Fatal("Misère world without FOOL and T1 in the Tapp")
		}
	}
}

// TestResampleFourKingsDiscard: when the view leaves no hand that can hold
// a king (the Tappist held four kings and discarded one), the sampler puts
// it among the discards.
func TestResampleFourKingsDiscard(t *testing.T) {
	r := Default(3)
	cups := []string{"Cu-Q", "Cu-N", "Cu-J", "Cu-1", "Cu-2", "Cu-3", "Cu-4", "Cu-5", "Cu-6"}
	seat1 := append(cups, "T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18")
	deck := deckFor(t, r, 2, map[int][]string{
		0: {"Sw-K", "Ba-K", "Co-K", "Cu-K", "Sw-5"},
		1: seat1,
		2: {"Sw-6"},
	}, nil)
	st, _ := r.NewState(deck, 2)
	s := st.(*State)
	for _, code := range []uint8{BidNormal, BidPass, BidPass} {
		s.Bid(code)
	}
	if !s.fourKings {
		t.Fatal("no four kings")
	}
	s.Discard(c("Cu-K"))
	for s.phase == phaseExchange {
		s.Discard(s.LegalDiscards().Minus(kings).Minus(set("Sw-5")).Lowest())
	}
	play(t, s, "Sw-5", "T10", "Sw-6")
	if s.toAct != 1 {
		t.Fatalf("seat %d leads", s.toAct)
	}
	play(t, s, "Cu-1")
	for s.toAct != 1 {
		s.PlayCard(s.LegalCards().Lowest())
	}
	for _, w := range resampleMany(t, r, s.view(game.ViewerOf(1)), 20) {
		if !w.discards.Has(c("Cu-K")) {
			t.Fatalf("Cu-K not among the discards: %s", w.discards)
		}
	}
}

// TestResampleUniformDeal: with nothing known but the seat's own hand, each
// hidden card lands in a place in proportion to the place's size, and a
// spectator's view (seat −1) resamples too.
func TestResampleUniformDeal(t *testing.T) {
	r := Default(4)
	st, _ := r.NewState(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 1))), 3)
	s := st.(*State)
	var probe card.Card
	for _, x := range r.Pack().Order {
		if !s.hands[0].Has(x) {
			probe = x
			break
		}
	}
	const k = 3000
	inTapp := 0
	for _, w := range resampleMany(t, r, s.view(game.ViewerOf(0)), k) {
		if w.tapp.Has(probe) {
			inTapp++
		}
	}
	// Expected 10/49 of the samples; allow five standard deviations.
	exp := float64(k) * 10 / 49
	if d := float64(inTapp) - exp; d*d > 25*exp*(1-10.0/49) {
		t.Errorf("%s in the Tapp %d times of %d, expected about %.0f", r.Pack().ID(probe), inTapp, k, exp)
	}
	resampleMany(t, r, s.view(game.Spectator), 5)
}

// TestResampleRejectsBadView: a view that no hand can produce is an error,
// not a panic or a wrong world.
func TestResampleRejectsBadView(t *testing.T) {
	s := replayPrefix(t, "troggu3-0000", 20)
	data, _ := json.Marshal(s.view(game.ViewerOf(1)))
	rng := rand.New(rand.NewPCG(1, 1))
	for name, edit := range map[string]func(v *View){
		"out-of-turn play":  func(v *View) { v.Tricks[0].Plays[1].Seat = 2 },
		"second normal bid": func(v *View) { v.Log[1].Call = "normal" },
		"hand too large":    func(v *View) { v.HandSizes[2]++ },
		"variant":           func(v *View) { v.Variant = "troggu(players=4)" },
		"powerless T5":      func(v *View) { v.Tricks[0].Plays[0].Powerless = true },
		"too many plays": func(v *View) {
			for i := 0; i < 20; i++ {
				v.Tricks = append(v.Tricks, v.Tricks[0])
			}
		},
	} {
		var v View
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		edit(&v)
		if _, err := s.r.Resample(&v, rng); err == nil {
			t.Errorf("%s: resampled", name)
		}
	}
}

package tsolver

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// deal describes a test position: the variant, the contract and how far the
// play has gone.
type deal struct {
	players int
	opts    string
	solo    bool
	left    int // tricks left, the current one included
	inTrick int // cards already played to the current trick
	renege  float64
}

// position deals a seeded hand and drives it to the wanted point of the
// play: the first speaker bids Normal (or Solo), the others pass, the call
// and the discards are random, then random legal cards are played. When
// the seat to play may renege, it does so with probability d.renege.
func (d deal) position(rng *rand.Rand) *troggu.State {
	r := troggu.MustParse(d.players, d.opts)
	for {
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(d.players))
		if err != nil {
			panic(err)
		}
		s := st.(*troggu.State)
		first := true
		for s.Phase() != "play" && !s.Done() {
			legal := s.Legal(nil)
			a := legal[rng.IntN(len(legal))]
			if s.Phase() == "bidding" {
				a = game.Action{Seat: int8(s.ToAct()), Kind: game.KindBid, Call: troggu.BidPass}
				if first {
					a.Call = troggu.BidNormal
					if d.solo {
						a.Call = troggu.BidSolo
					}
					first = false
				}
			}
			s.ApplyUnchecked(a)
		}
		if s.Contract() != troggu.ContractNormal && s.Contract() != troggu.ContractSolo {
			continue
		}
		plays := (r.HandSize()-d.left)*d.players + d.inTrick
		for i := 0; i < plays; i++ {
			s.PlayCard(pickCard(s, rng, d.renege))
		}
		return s
	}
}

// pickCard returns a random legal card, a renege with probability renege
// when one is open.
func pickCard(s *troggu.State, rng *rand.Rand, renege float64) card.Card {
	legal := s.LegalCards()
	if legal.Has(card.Fool) && rng.Float64() < renege {
		off := legal.Minus(card.TrumpsAndFool)
		hand := s.Hand(s.ToAct())
		// The FOOL beside suit cards of several groups: the seat may
		// play a card that neither follows nor trumps.
		if !off.Empty() && legal == hand && !isLead(s) {
			return off.Nth(rng.IntN(off.Len()))
		}
	}
	return legal.Nth(rng.IntN(legal.Len()))
}

// isLead reports whether the seat to play leads to the trick.
func isLead(s *troggu.State) bool {
	n := 0
	for _, a := range s.History() {
		if a.Kind == game.KindPlay {
			n++
		}
	}
	return n%s.Rules().Seats() == 0
}

// refSide returns the declarer side of s as the engine settles it: the
// declarer and the partner of the result of a random playout.
func refSide(s *troggu.State, rng *rand.Rand) uint8 {
	c := s.Clone().(*troggu.State)
	c.RandomPlayout(rng)
	res := c.Result()
	side := uint8(1) << uint(res.Declarer)
	if res.Partner >= 0 {
		side |= 1 << uint(res.Partner)
	}
	return side
}

// minimax returns the final scores of s under plain minimax over the
// engine: the declarer side maximizes the declarer's score, the others
// minimize it.
func minimax(s *troggu.State, side uint8, nodes *int) [troggu.MaxSeats]int {
	*nodes++
	if s.Done() {
		return s.Score()
	}
	d := s.Declarer()
	maxer := side>>uint(s.ToAct())&1 != 0
	var best [troggu.MaxSeats]int
	first := true
	var c troggu.State
	for x := s.LegalCards(); !x.Empty(); {
		card := x.Pop()
		c.CopyFrom(s)
		c.PlayCard(card)
		v := minimax(&c, side, nodes)
		if first || (maxer && v[d] > best[d]) || (!maxer && v[d] < best[d]) {
			best, first = v, false
		}
	}
	return best
}

// reference returns the plain minimax value of every legal card of s for
// the seat to play.
func reference(s *troggu.State, side uint8, nodes *int) []CardValue {
	seat := s.ToAct()
	var out []CardValue
	var c troggu.State
	for x := s.LegalCards(); !x.Empty(); {
		cd := x.Pop()
		c.CopyFrom(s)
		c.PlayCard(cd)
		out = append(out, CardValue{Card: cd, Score: minimax(&c, side, nodes)[seat]})
	}
	return out
}

// reneged reports whether a seat of s has reneged, from its view.
func reneged(s *troggu.State) bool {
	for p := 0; p < s.Rules().Seats(); p++ {
		if s.View(game.ViewerOf(p)).(*troggu.View).FoolPowerless {
			return true
		}
	}
	return false
}

// mustEqual fails t unless got and want list the same cards and scores.
func mustEqual(t *testing.T, what string, got, want []CardValue) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d: %v / %v", what, len(got), len(want), got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: card %s: got %+v, want %+v (all: %v / %v)", what,
				card.Troggu62.ID(want[i].Card), got[i], want[i], got, want)
		}
	}
}

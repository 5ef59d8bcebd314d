package ssolver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// deal describes a test position: the variant, the contract and how far
// the play has gone.
type deal struct {
	opts       strohmandeln.Options
	contract   int     // 0 simple, 1 undertaken by Elder, 2 by the dealer, 3 either, doubled at random
	left       int     // tricks left, the current one included
	inTrick    int     // cards already played to the current trick (0 or 1)
	keepDown   float64 // chance of playing a hand card rather than a Strohmann top when both are legal
	ross       float64 // chance of saying "Ross!" when it may be said
	valat      bool    // seat 0 plays its strongest card, seat 1 its weakest, and deals are drawn until seat 0 has won every trick
	noAnnounce bool    // classic: never announce
}

// position deals a seeded hand and drives it to the wanted point of the
// play with the engine's checked Apply: both stay, the bids make the
// contract, then legal actions are taken at random.
func (d deal) position(rng *rand.Rand) *strohmandeln.State {
	for try := 0; ; try++ {
		if s := d.try(rng, try == 20000); s != nil {
			return s
		}
	}
}

// try deals one hand and drives it to the wanted point; nil when a Valat
// was wanted and seat 1 won a trick, unless last.
func (d deal) try(rng *rand.Rand, last bool) *strohmandeln.State {
	r := strohmandeln.NewRules(d.opts)
	deck, dealer := game.ShuffledDeck(r.Pack(), rng), rng.IntN(2)
	s, err := r.Deal(deck, dealer)
	if err != nil {
		panic(err)
	}
	if d.valat {
		// Seat 0 gets nearly every Tarock: its hand and Strohmänner are
		// refilled with the Tarocks first, two cards swapped at random.
		mine := s.Hand(0).Union(s.FaceDown(0))
		var strong, weak []card.Card
		for _, c := range deck {
			if c < 64 {
				strong = append(strong, c)
			} else {
				weak = append(weak, c)
			}
		}
		pool := append(strong, weak...)
		k := mine.Len()
		for i := 0; i < 2; i++ {
			a, b := rng.IntN(k), k+rng.IntN(len(pool)-k)
			pool[a], pool[b] = pool[b], pool[a]
		}
		ours, theirs := pool[:k], pool[k:]
		rng.Shuffle(len(ours), func(i, j int) { ours[i], ours[j] = ours[j], ours[i] })
		rigged := make([]card.Card, 0, len(deck))
		for _, c := range deck {
			if mine.Has(c) {
				rigged, ours = append(rigged, ours[0]), ours[1:]
			} else {
				rigged, theirs = append(rigged, theirs[0]), theirs[1:]
			}
		}
		if s, err = r.Deal(rigged, dealer); err != nil {
			panic(err)
		}
	}
	contract := d.contract
	if contract == 3 {
		contract = rng.IntN(3)
	}
	for s.Phase() != "play" {
		seat := int8(s.ToAct())
		a := game.Action{Seat: seat}
		switch s.Phase() {
		case "fold":
			a.Kind, a.Call = game.KindFold, strohmandeln.CallStay
		case "bid":
			a.Kind, a.Call = game.KindBid, strohmandeln.CallPass
			if contract == 1 && int(seat) == s.Elder() || contract == 2 && int(seat) == s.Dealer() {
				a.Call = strohmandeln.CallUndertake
			}
		case "double":
			a.Kind, a.Call = game.KindDouble, strohmandeln.CallGut
			if rng.IntN(2) == 0 {
				a.Call = strohmandeln.CallDouble
			}
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	plays := (r.Tricks()-d.left)*2 + d.inTrick
	var buf []game.Action
	for i := 0; i < plays; {
		buf = s.Legal(buf[:0])
		a := d.pick(s, buf, rng)
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		if a.Kind == game.KindPlay {
			i++
		}
		if d.valat && !last && !s.Won(1).Empty() {
			return nil
		}
	}
	return s
}

// pick chooses a random legal action, biased as d says.
func (d deal) pick(s *strohmandeln.State, legal []game.Action, rng *rand.Rand) game.Action {
	seat := s.ToAct()
	var plays []game.Action
	for _, a := range legal {
		switch {
		case a.Kind == game.KindAnnounce:
			if !d.noAnnounce && rng.IntN(2) == 0 {
				return a
			}
		case a.Call == strohmandeln.SayRoss:
			if rng.Float64() < d.ross {
				return a
			}
		default:
			plays = append(plays, a)
		}
	}
	if d.valat {
		best := plays[0]
		for _, a := range plays {
			if (strength(a.Card) > strength(best.Card)) == (seat == 0) {
				best = a
			}
		}
		return best
	}
	if rng.Float64() < d.keepDown {
		var hand []game.Action
		for _, a := range plays {
			if !s.Tops(seat).Has(a.Card) {
				hand = append(hand, a)
			}
		}
		if len(hand) > 0 {
			plays = hand
		}
	}
	return plays[rng.IntN(len(plays))]
}

// strength orders cards for the greedy player: Tarocks above suit cards,
// then by rank.
func strength(c card.Card) int {
	if c < 64 {
		return 100 + int(c)
	}
	return int(c & 15)
}

// minimax returns seat 0's final score of s under plain minimax over the
// engine's checked Apply: every legal action (card plays with their
// sayings, announcements) on a clone, Result at the end.
func minimax(s *strohmandeln.State, nodes *int) int {
	*nodes++
	if s.Done() {
		return s.Result().Score[0]
	}
	max0 := s.ToAct() == 0
	best := 0
	for i, a := range s.Legal(nil) {
		c := s.Clone().(*strohmandeln.State)
		if err := c.Apply(a); err != nil {
			panic(err)
		}
		v := minimax(c, nodes)
		if i == 0 || max0 && v > best || !max0 && v < best {
			best = v
		}
	}
	return best
}

// reference returns the plain minimax value of every legal action of s for
// the seat to act.
func reference(s *strohmandeln.State, nodes *int) []ActionValue {
	seat := s.ToAct()
	var out []ActionValue
	for _, a := range s.Legal(nil) {
		c := s.Clone().(*strohmandeln.State)
		if err := c.Apply(a); err != nil {
			panic(err)
		}
		v := minimax(c, nodes)
		if seat == 1 {
			v = -v
		}
		out = append(out, ActionValue{Action: a, Score: v})
	}
	return out
}

// mustEqual fails t unless got and want list the same actions and scores.
func mustEqual(t *testing.T, what string, got, want []ActionValue) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

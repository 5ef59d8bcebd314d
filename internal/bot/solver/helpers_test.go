package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// variantCase is a Droggn variant the tests run under.
type variantCase struct {
	name    string
	players int
	opts    string
}

var testVariants = []variantCase{
	{"default", 3, ""},
	{"4players", 4, ""},
	{"pack78", 3, "pack=78"},
	{"winRule38", 3, "winRule=38"},
	{"tieLastTrick", 3, "winRule=37tieLastTrick"},
	{"gstiessIllegal", 3, "gstiessLastTrick=illegal"},
	{"kgu", 3, "kleineUndGstiessUltimo=true"},
	{"smSeparate", 3, "superMordPagatScoring=separate"},
}

func (vc variantCase) rules() *droggn.Rules { return droggn.MustParse(vc.players, vc.opts) }

// dealer controls how dealToPlay completes the steps before play.
type dealer struct {
	contract droggn.Contract // NoContract: random
	layout   float64         // probability of laying out a card when allowed
	maxK     int             // most doublings
	strong   bool            // give the first speaker T10–T21, the Gstieß and T1 (7-7-7 deal)
}

// dealToPlay deals a seeded hand and drives it to the start of play: the
// first speaker declares the contract, the others pass, discards and buys
// are random, lay-outs and doublings as d says.
func dealToPlay(r *droggn.Rules, rng *rand.Rand, d dealer) *droggn.State {
	for {
		deck := game.ShuffledDeck(r.Pack(), rng)
		if d.strong {
			// The first speaker receives deck[0:7], deck[21:28], deck[42:49].
			slots := []int{0, 1, 2, 3, 4, 5, 21, 22, 23, 24, 25, 26, 42, 43}
			var cs []card.Card
			for n := 21; n >= 10; n-- {
				cs = append(cs, card.Trump(n))
			}
			cs = append(cs, card.Fool, card.Pagat)
			for i, slot := range slots {
				c := cs[i]
				j := slices.Index(deck, c)
				deck[slot], deck[j] = deck[j], deck[slot]
			}
		}
		s, err := r.Deal(deck, rng.IntN(r.Seats()))
		if err != nil {
			panic(err)
		}
		contract := d.contract
		if contract == droggn.NoContract {
			contract = droggn.Contract(1 + rng.IntN(4))
		}
		first := true
		for !s.Done() && s.CurrentPhase() != droggn.PhPlay {
			seat := int8(s.ToAct())
			var a game.Action
			switch s.CurrentPhase() {
			case droggn.PhBid:
				a = game.Action{Seat: seat, Kind: game.KindBid, Call: droggn.CallPass}
				if first {
					a.Call = droggn.CallAnsager + uint8(contract-droggn.Ansager)
					first = false
				}
			case droggn.PhLayout:
				legal := s.Legal(nil)
				a = legal[0]
				if len(legal) > 1 && rng.Float64() < d.layout {
					a = legal[1+rng.IntN(len(legal)-1)]
				}
			case droggn.PhDouble:
				legal := s.Legal(nil)
				a = legal[0]
				if s.Doublings() < d.maxK && rng.IntN(3) == 0 {
					a = legal[1]
				}
			default:
				a = s.RandomAction(rng)
			}
			s.ApplyUnchecked(a)
		}
		if !s.Done() {
			return s
		}
	}
}

// playRandom plays random cards (recorded in the history) until left
// tricks remain with extra cards of the next trick played, or the hand
// ends.
func playRandom(s *droggn.State, rng *rand.Rand, left, extra int) {
	tricks := s.Variant().Tricks()
	for !s.Done() {
		cs, _ := s.Trick()
		if tricks-s.TrickNo() <= left && len(cs) >= extra {
			return
		}
		c := game.RandomCard(rng, s.LegalCards())
		s.ApplyUnchecked(game.Action{Seat: int8(s.ToAct()), Kind: game.KindPlay, Card: c})
	}
}

// brute is a plain minimax over the engine itself (no pruning, no table).
type brute struct {
	buf   []*droggn.State
	nodes int
}

func (b *brute) value(s *droggn.State, depth int) int {
	b.nodes++
	if s.Done() {
		return s.FastScore()
	}
	for len(b.buf) <= depth {
		b.buf = append(b.buf, s.Copy())
	}
	maxi := s.ToAct() == s.Declarer()
	best := 0
	first := true
	for l := s.LegalCards(); !l.Empty(); {
		c := l.Pop()
		t := b.buf[depth]
		s.CopyInto(t)
		t.PlayCard(c)
		v := b.value(t, depth+1)
		if first || (maxi && v > best) || (!maxi && v < best) {
			best, first = v, false
		}
	}
	return best
}

// cardValues returns the brute-force value of every legal card.
func (b *brute) cardValues(s *droggn.State) map[card.Card]int {
	out := map[card.Card]int{}
	for l := s.LegalCards(); !l.Empty(); {
		c := l.Pop()
		t := s.Copy()
		t.PlayCard(c)
		out[c] = b.value(t, 0)
	}
	return out
}

func mustPosition(t testing.TB, s *droggn.State) (*rules, pos) {
	t.Helper()
	ru, p, err := newPosition(s, nil)
	if err != nil {
		t.Fatalf("newPosition: %v", err)
	}
	return ru, p
}

package droggn

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestLegalDiscards checks that the legal discards as a set are exactly the
// cards discardReason allows, under both king rules and both packs: on
// random declarer's hands and earlier discards (drawn heavy in kings and
// light in trumps, so that the king rule bites) and along random hands.
func TestLegalDiscards(t *testing.T) {
	for _, opts := range []string{"", "kingDiscardRule=atLeastOneTrump", "pack=78", "pack=78,kingDiscardRule=atLeastOneTrump"} {
		r := MustParse(3, opts)
		rng := game.NewFastRand(11, 12)
		check := func(s *State) {
			t.Helper()
			var want card.Set
			for h := s.hands[s.declarer]; !h.Empty(); {
				if c := h.Pop(); discardOK(s, c) {
					want.Add(c)
				}
			}
			if got := s.legalDiscards(); got != want {
				t.Fatalf("%s: hand %v, discards %v: legalDiscards %v, discardReason allows %v",
					r, s.hands[s.declarer], s.discards, got, want)
			}
		}
		trumps := r.pack.Cards.Trumps().Union(card.Single(card.Fool)).Cards(nil)
		kings := kingsMask.Cards(nil)
		others := r.pack.Cards.Minus(r.pack.Cards.Trumps()).Minus(kingsMask).Minus(card.Single(card.Fool)).Cards(nil)
		for range 20000 {
			s, _ := r.Deal(game.ShuffledDeck(r.pack, rng), 0)
			s.declarer, s.toAct, s.phase = 0, 0, PhDiscard
			var cards card.Set
			for _, g := range []struct {
				from []card.Card
				n    int
			}{{trumps, rng.IntN(4)}, {kings, rng.IntN(5)}, {others, rng.IntN(6)}} {
				for range g.n {
					cards.Add(g.from[rng.IntN(len(g.from))])
				}
			}
			s.discarded = int8(rng.IntN(3))
			if cards.Len() <= int(s.discarded) {
				continue
			}
			s.discards, s.hands[0] = card.Set{}, cards
			for range s.discarded {
				c := game.RandomCard(rng, s.hands[0])
				s.hands[0].Remove(c)
				s.discards.Add(c)
			}
			check(s)
		}
		for range 3000 {
			s, _ := r.Deal(game.ShuffledDeck(r.pack, rng), 0)
			for !s.Done() && s.phase <= PhDiscard {
				if s.phase == PhDiscard {
					check(s)
				}
				s.ApplyUnchecked(s.RandomAction(rng))
			}
		}
	}
}

// discardOK reports whether c may be the declarer's next discard.
func discardOK(s *State, c card.Card) bool {
	_, why := s.discardReason(c)
	return why == ""
}

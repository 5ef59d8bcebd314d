package troggu

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// c parses a card ID of the Troggu pack or panics.
func c(id string) card.Card {
	x, err := card.Troggu62.Parse(id)
	if err != nil {
		panic(err)
	}
	return x
}

// set parses card IDs into a set.
func set(ids ...string) card.Set {
	var s card.Set
	for _, id := range ids {
		s.Add(c(id))
	}
	return s
}

// deckFor returns a deck that deals the given cards to the given seats and
// the Tapp (the rest of the pack fills the remaining places in pack order).
func deckFor(t *testing.T, r *Rules, dealer int, hands map[int][]string, tapp []string) []card.Card {
	t.Helper()
	n := r.seats
	var want [MaxSeats]card.Set
	var tp card.Set
	rest := r.Pack().Cards
	for p, ids := range hands {
		want[p] = set(ids...)
		rest = rest.Minus(want[p])
	}
	tp = set(tapp...)
	rest = rest.Minus(tp)
	fill := func(s *card.Set, size int) {
		for s.Len() < size {
			x := rest.Pop()
			if x == card.None {
				t.Fatal("deckFor: not enough cards")
			}
			s.Add(x)
		}
	}
	fill(&tp, r.deal.tapp)
	for p := 0; p < n; p++ {
		fill(&want[p], r.deal.hand)
	}
	deck := tp.Cards(nil)
	for k := 0; k < r.deal.npackets; k++ {
		for j := 1; j <= n; j++ {
			p := (dealer + j) % n
			for i := 0; i < r.deal.packets[k]; i++ {
				deck = append(deck, want[p].Pop())
			}
		}
	}
	if len(deck) != r.Pack().Size() {
		t.Fatalf("deckFor: %d cards", len(deck))
	}
	return deck
}

// playState returns a state in the play phase of a Normal game declared by
// seat 0 with the given hands, the current trick led by leader, and trickNo
// tricks already played.
func playState(r *Rules, hands map[int][]string, leader int, trickNo int) *State {
	s := NewState(r)
	var hs [MaxSeats]card.Set
	for p, ids := range hands {
		hs[p] = set(ids...)
	}
	s.dealSets(&hs, card.Set{}, r.seats-1)
	s.contract, s.declarer = ContractNormal, 0
	s.startPlay(int8(leader))
	s.trickNo = uint8(trickNo)
	return s
}

// play plays the given cards in turn from the seat to act.
func play(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := s.Apply(playAction(s, id)); err != nil {
			t.Fatalf("play %s: %v", id, err)
		}
	}
}

// legalIDs formats the legal cards of the seat to play.
func legalIDs(s *State) string { return s.LegalCards().Format(card.Italian) }

// playAction is the play of card id by the seat to act.
func playAction(s *State, id string) game.Action {
	return game.Action{Seat: s.toAct, Kind: game.KindPlay, Card: c(id)}
}

package droggn

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// legacyLegal is the plain form of Legal, listing every call one by one
// instead of copying it from tables: the reference of TestRandomAction.
func legacyLegal(s *State, dst []game.Action) []game.Action {
	seat := int8(s.toAct)
	switch s.phase {
	case PhBid:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindBid, Call: CallPass})
		for c := s.contract + 1; c <= SuperMord; c++ {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindBid, Call: bidCall(c)})
		}
	case PhDiscard:
		for h := s.hands[seat]; !h.Empty(); {
			if c := h.Pop(); discardOK(s, c) {
				dst = append(dst, game.Action{Seat: seat, Kind: game.KindDiscard, Card: c})
			}
		}
	case PhBuy:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindBuy, Call: CallNone})
		for h := s.hands[seat]; !h.Empty(); {
			o := h.Pop()
			if s.r.buyRestricted && restricted(o) {
				continue
			}
			for _, x := range s.r.pack.Order {
				dst = append(dst, game.Action{Seat: seat, Kind: game.KindBuy, Card: o, Card2: x})
			}
		}
	case PhLayout:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindLayout, Call: CallNone})
		if s.hands[seat].Has(card.Pagat) {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindLayout, Card: card.Pagat})
		}
		if seat == s.declarer && s.contract == SuperMord && s.hands[seat].Has(card.Fool) {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindLayout, Card: card.Fool})
		}
	case PhDouble:
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindDouble, Call: CallGut})
		up := CallRetour
		if s.dblStage == dblFirst {
			up = CallSchwacher
		}
		dst = append(dst, game.Action{Seat: seat, Kind: game.KindDouble, Call: up})
	case PhPlay:
		for l := s.LegalCards(); !l.Empty(); {
			dst = append(dst, game.Action{Seat: seat, Kind: game.KindPlay, Card: l.Pop()})
		}
	}
	return dst
}

// legacyRandomAction is the plain form of RandomAction, which lists the
// legal bids, lay-outs and doublings and filters the discards card by card:
// the reference of TestRandomAction.
func legacyRandomAction(s *State, rng *rand.Rand) game.Action {
	seat := s.toAct
	switch s.phase {
	case PhPlay:
		return game.Action{Seat: seat, Kind: game.KindPlay, Card: game.RandomCard(rng, s.LegalCards())}
	case PhDiscard:
		var ok card.Set
		for h := s.hands[seat]; !h.Empty(); {
			if c := h.Pop(); discardOK(s, c) {
				ok.Add(c)
			}
		}
		return game.Action{Seat: seat, Kind: game.KindDiscard, Card: game.RandomCard(rng, ok)}
	case PhBuy:
		offers := s.hands[seat]
		if s.r.buyRestricted {
			offers = offers.Minus(card.Of(card.Fool, card.Mond, card.Pagat)).Minus(kingsMask)
		}
		n := offers.Len() * s.r.pack.Size()
		i := rng.IntN(n + 1)
		if i == n {
			return game.Action{Seat: seat, Kind: game.KindBuy}
		}
		return game.Action{Seat: seat, Kind: game.KindBuy, Card: offers.Nth(i / s.r.pack.Size()),
			Card2: s.r.pack.Order[i%s.r.pack.Size()]}
	}
	var buf [8]game.Action
	l := legacyLegal(s, buf[:0])
	return l[rng.IntN(len(l))]
}

// TestRandomAction checks, along random hands of many variants, that Legal
// lists what its plain form lists and that RandomAction draws the same
// numbers and returns the same actions as its plain form: seeded records
// and bots depend on both.
func TestRandomAction(t *testing.T) {
	variants := []struct {
		players int
		opts    string
	}{
		{3, ""}, {4, ""}, {3, "pack=78"},
		{3, "superMordPagatScoring=separate,defenderLayoutTiming=withDoublingTurn"},
		{4, "defenderLayoutTiming=withDoublingTurn,maxDoublings=1"},
		{3, "maxDoublings=0,buyOfferRestricted=true,exposeTalonInAnsager=true"},
		{3, "gstiessLastTrick=illegal,kingDiscardRule=atLeastOneTrump,talonPosition=afterSecondBatch"},
	}
	for _, v := range variants {
		r := MustParse(v.players, v.opts)
		deal := game.NewFastRand(3, 4)
		for hand := range 2000 {
			s, _ := r.Deal(game.ShuffledDeck(r.pack, deal), hand%v.players)
			a, b := game.NewFastRand(uint64(hand), 5), game.NewFastRand(uint64(hand), 5)
			for !s.Done() {
				got, want := s.Legal(nil), legacyLegal(s, nil)
				if len(got) != len(want) {
					t.Fatalf("%s: %s: Legal lists %d actions, want %d", r, s.phase, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: %s: Legal[%d] = %+v, want %+v", r, s.phase, i, got[i], want[i])
					}
				}
				x, y := s.RandomAction(a), legacyRandomAction(s, b)
				if x != y {
					t.Fatalf("%s: %s: RandomAction = %+v, want %+v", r, s.phase, x, y)
				}
				s.ApplyUnchecked(x)
			}
			if a.Uint64() != b.Uint64() {
				t.Fatalf("%s: RandomAction drew a different count of numbers", r)
			}
		}
	}
}

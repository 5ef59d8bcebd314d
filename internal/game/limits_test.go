package game_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	_ "trull/internal/games" // every game
)

// TestLimits: over seeded hands of every game, at each card decision the
// limits leave the state as it was, name only cards the seat may not
// choose, each with the reason the checked Apply gives for it, and never a
// card the seat does not hold; a seat that must follow sees every card of
// its hand that does not follow under one must_follow.
func TestLimits(t *testing.T) {
	for _, v := range []struct {
		game    string
		players int
		options map[string]json.RawMessage
	}{
		{"droggn", 3, nil},
		{"droggn", 4, nil},
		{"troggu", 3, nil},
		{"troggu", 8, nil},
		{"troggu", 4, map[string]json.RawMessage{"mustOvertrump": json.RawMessage("true")}},
		{"strohmandeln", 2, nil},
	} {
		info, _ := game.Lookup(v.game)
		r, err := info.New(v.options, v.players)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(r.String(), func(t *testing.T) {
			follow := 0
			for h := range 40 {
				st, err := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprintf("limits-%d", h)), h%r.Seats())
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(uint64(h), 9))
				for !st.Done() {
					legal := st.Legal(nil)
					before, _ := json.Marshal(st.View(game.Seat(st.ToAct())))
					n := len(st.History())
					limits := game.Limits(st)
					after, _ := json.Marshal(st.View(game.Seat(st.ToAct())))
					if string(before) != string(after) || len(st.History()) != n {
						t.Fatalf("hand %d: Limits changed the state", h)
					}
					seen := map[string]bool{}
					for _, l := range limits {
						if len(l.Cards) == 0 || l.Code == game.CodeNotHeld {
							t.Fatalf("hand %d: limit %+v", h, l)
						}
						if l.Code == game.CodeMustFollow {
							follow++
						}
						for _, id := range l.Cards {
							c, _ := r.Pack().Parse(id)
							if seen[id] || slices.ContainsFunc(legal, func(a game.Action) bool { return a.Card == c && a.Kind == legal[0].Kind }) {
								t.Fatalf("hand %d: %s limited twice or legal", h, id)
							}
							seen[id] = true
							// The same refusal from a copy of the state.
							err := st.Clone().Apply(game.Action{Seat: legal[0].Seat, Kind: legal[0].Kind, Card: c})
							if ie, ok := err.(*game.IllegalError); !ok || ie.Code != l.Code {
								t.Fatalf("hand %d: %s is limited by %s but refused with %v", h, id, l.Code, err)
							}
						}
						if game.ExplainLimit(st, l, card.German) == "" || game.ExplainLimit(st, l, card.English) == "" {
							t.Fatalf("hand %d: %+v has no words", h, l)
						}
					}
					st.ApplyUnchecked(game.Pick(rng, legal))
				}
			}
			if follow == 0 {
				t.Error("no seat ever had to follow suit in 40 hands")
			}
		})
	}
}

// BenchmarkLimits is the cost of the limits at a decision of the play
// (what a state message for the seat to act adds).
func BenchmarkLimits(b *testing.B) {
	info, _ := game.Lookup("droggn")
	r, _ := info.New(nil, 3)
	var states []game.State
	for h := 0; len(states) < 64; h++ {
		st, _ := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprintf("bench-%d", h)), 0)
		rng := rand.New(rand.NewPCG(uint64(h), 1))
		for !st.Done() && len(states) < 64 {
			legal := st.Legal(nil)
			if legal[0].Kind == game.KindPlay && len(st.History())%5 == 0 {
				states = append(states, st.Clone())
			}
			st.ApplyUnchecked(game.Pick(rng, legal))
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		game.Limits(states[i%len(states)])
		i++
	}
}

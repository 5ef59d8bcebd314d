package rules

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// fakeView is a view of a game the rules bot has no strategy for, with the
// rules of a real one (their pack and trick order).
type fakeView struct {
	GameName string       `json:"-"`
	Seat     int          `json:"seat"`
	Trick    []fakePlayed `json:"trick"`
	legal    []game.Action
	rules    game.Rules
}

type fakePlayed struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

func (v *fakeView) ViewSeat() int               { return v.Seat }
func (v *fakeView) Viewer() game.Viewer         { return game.Seat(v.Seat) }
func (v *fakeView) Game() string                { return v.GameName }
func (v *fakeView) Rules() game.Rules           { return v.rules }
func (v *fakeView) Turn() int                   { return v.Seat }
func (v *fakeView) LegalActions() []game.Action { return v.legal }
func (v *fakeView) Cards() card.Set             { return card.Set{} }
func (v *fakeView) Text(card.Lang) string       { return "" }
func (v *fakeView) trickOf(ids ...string) *fakeView {
	for i, id := range ids {
		v.Trick = append(v.Trick, fakePlayed{Seat: i, Card: id})
	}
	return v
}

// TestGeneric checks the game-agnostic player on Troggu- and
// Strohmandeln-like views, through the rules bot.
func TestGeneric(t *testing.T) {
	it, fr := card.Italian, card.French
	c := func(st card.Style, id string) card.Card {
		x, err := st.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	plays := func(st card.Style, idList ...string) []game.Action {
		var out []game.Action
		for _, id := range idList {
			out = append(out, game.Action{Seat: 2, Kind: game.KindPlay, Card: c(st, id)})
		}
		return out
	}
	tests := []struct {
		name  string
		game  string
		trick []string
		legal []game.Action
		want  game.Action
	}{
		{"lead a king", "troggu", nil, plays(it, "Cu-2", "Sw-K", "T4"), plays(it, "Sw-K")[0]},
		{"lead low without a king", "troggu", nil, plays(it, "Cu-Q", "Sw-5", "T4"), plays(it, "Sw-5")[0]},
		{"take a queen with the cheapest winner", "troggu", []string{"Cu-Q", "Cu-3"}, plays(it, "Cu-K", "Cu-1"), plays(it, "Cu-K")[0]},
		{"ruff a trick with points cheaply", "strohmandeln", []string{"H-K"}, plays(fr, "T20", "T3"), plays(fr, "T3")[0]},
		{"the Sküs is the highest trump", "strohmandeln", []string{"T21", "H-Q"}, plays(fr, "FOOL", "T4"), plays(fr, "FOOL")[0]},
		{"do not waste a trump on an empty trick", "strohmandeln", []string{"S-7"}, plays(fr, "T20", "T3"), plays(fr, "T3")[0]},
		{"play low when the trick cannot be won", "troggu", []string{"T21", "Ba-Q"}, plays(it, "T2", "T9"), plays(it, "T2")[0]},
		{"discard the cheapest card", "troggu", nil,
			[]game.Action{{Seat: 2, Kind: game.KindDiscard, Card: c(it, "Cu-Q")}, {Seat: 2, Kind: game.KindDiscard, Card: c(it, "T2")}, {Seat: 2, Kind: game.KindDiscard, Card: c(it, "Sw-6")}},
			game.Action{Seat: 2, Kind: game.KindDiscard, Card: c(it, "Sw-6")}},
		{"decline other decisions", "strohmandeln", nil,
			[]game.Action{{Seat: 2, Kind: game.KindBid, Call: 3}, {Seat: 2, Kind: game.KindBid, Call: 1}},
			game.Action{Seat: 2, Kind: game.KindBid, Call: 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := map[string]game.Rules{"troggu": troggu.Default(3), "strohmandeln": strohmandeln.NewRules(strohmandeln.Options{})}[tc.game]
			v := (&fakeView{GameName: tc.game, Seat: 2, legal: tc.legal, rules: rules}).trickOf(tc.trick...)
			a, err := Bot{}.Act(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a != tc.want {
				t.Fatalf("chose %+v, want %+v", a, tc.want)
			}
		})
	}
	noRules := &fakeView{GameName: "other", Seat: 2, legal: plays(fr, "T3", "H-K")}
	if a, err := (Bot{}).Act(noRules.trickOf("H-Q"), nil); err != nil || a != noRules.legal[0] {
		t.Fatalf("without rules: chose %+v (%v), want the first legal card", a, err)
	}
	if _, err := (Bot{}).Act(&fakeView{GameName: "troggu", Seat: 1}, nil); err != ErrNotToAct {
		t.Fatalf("no legal actions: %v", err)
	}
}

package strohmandeln

import (
	"fmt"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

// variants covers every value of every option at least once.
var variants = []Options{
	{},
	{Scoring: Classic},
	{LastStrohmannCard: LastStaysOnTable},
	{SimpleGame: SimpleFold},
	{AllowDoubling: true},
	{Pack40: true},
	{Pack40: true, Scoring: Classic, LastStrohmannCard: LastStaysOnTable, AllowDoubling: true},
	{GrammelRule: GrammelLoserUnder26, NoSilentBonusFailurePenalty: true, ValatAdditive: true, NullrundeStacking: StackStack},
	{Pack40: true, GrammelRule: GrammelLoserUnder26, SimpleGame: SimpleFold, ValatAdditive: true},
	{Scoring: Classic, AllowDoubling: true, LastStrohmannCard: LastStaysOnTable, ValatAdditive: true},
}

// finalCheck checks the card point totals of a finished hand.
func finalCheck(st game.State) error {
	s := st.(*State)
	res := s.Result()
	if res.Redeal {
		if res.CardPoints[0] != 0 || res.CardPoints[1] != 0 || res.Score[0] != 0 || res.Score[1] != 0 {
			return fmt.Errorf("redealt hand scores %v %v", res.CardPoints, res.Score)
		}
		return nil
	}
	if sum := res.CardPoints[0] + res.CardPoints[1]; sum != s.r.total {
		return fmt.Errorf("card points %v sum to %d, want %d", res.CardPoints, sum, s.r.total)
	}
	if s.Scores() != [2]int{res.Score[0], res.Score[1]} {
		return fmt.Errorf("Scores %v differs from Result %v", s.Scores(), res.Score)
	}
	if int(s.ntricks) != s.r.nTricks {
		return fmt.Errorf("%d tricks played", s.ntricks)
	}
	return nil
}

// TestConformance runs the shared conformance suite over every variant.
func TestConformance(t *testing.T) {
	// Every action checked in a few hands, every 13th action in more.
	detailed, broad := 20, 80
	if testing.Short() {
		detailed, broad = 4, 15
	}
	for i, o := range variants {
		r := NewRules(o)
		t.Run(r.String(), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, gametest.Config{Rules: r, Hands: detailed, Seed: uint64(1000 + i), Final: finalCheck})
			gametest.Run(t, gametest.Config{Rules: r, Hands: broad, Seed: uint64(2000 + i), CheckEvery: 13, Final: finalCheck})
		})
	}
}

// TestRegistry checks the registration, the factory and the option round trip.
func TestRegistry(t *testing.T) {
	info, ok := game.Lookup(Name)
	if !ok || info.MinSeats != 2 || info.MaxSeats != 2 {
		t.Fatalf("lookup: %+v %v", info, ok)
	}
	for _, o := range variants {
		r := NewRules(o)
		rec := game.NewRecord(r, []string{"A", "B"}, 0, r.Pack().Order, nil)
		back, err := rec.RulesOf()
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		if back.String() != r.String() || back.(*Rules).Opts() != o {
			t.Errorf("round trip %s → %s", r, back)
		}
	}
	if r := NewRules(Options{}); r.String() != "strohmandeln()" || len(r.Options()) != 0 {
		t.Errorf("default variant %s %v", r, r.Options())
	}
	if r := NewRules(Options{Pack40: true, Scoring: Classic}); r.String() != "strohmandeln(pack=40,scoring=classic)" || r.Options()["pack"] != 40 {
		t.Errorf("variant %s %v", r, r.Options())
	}
	if _, err := New(nil, 3); err == nil {
		t.Error("3 players accepted")
	}
	for _, bad := range []string{`{"pack": 41}`, `{"scoring": "modern"}`, `{"noSuchOption": 1}`, `{"allowDoubling": "yes"}`} {
		var raw map[string]jsonRaw
		if err := jsonUnmarshal(bad, &raw); err != nil {
			t.Fatal(err)
		}
		if _, err := New(raw, 2); err == nil {
			t.Errorf("options %s accepted", bad)
		}
	}
	if _, err := New(map[string]jsonRaw{"pack": jsonRaw("40"), "players": jsonRaw("2")}, 2); err != nil {
		t.Errorf("pack 40: %v", err)
	}
}

package strohmandeln

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/golden")

// golden is one golden playthrough: a seeded random hand as a record, its
// summarized result and the first seat's view of the finished hand.
type golden struct {
	Variant string       `json:"variant"`
	Record  *game.Record `json:"record"`
	Result  any          `json:"result"`
	View    game.View    `json:"view"`
}

var goldenVariants = []Options{
	{},
	{Scoring: Classic},
	{Pack40: true},
	{LastStrohmannCard: LastStaysOnTable, AllowDoubling: true},
	{SimpleGame: SimpleFold, GrammelRule: GrammelLoserUnder26},
}

// goldenName turns a variant string into a file name.
func goldenName(variant string, i int) string {
	r := strings.NewReplacer("(", "_", ")", "", ",", "_", "=", "-")
	return fmt.Sprintf("%s_%d.json", strings.TrimSuffix(r.Replace(variant), "_"), i)
}

// playGolden plays a seeded hand: the deck from game.DeckFromSeed, the
// decisions from a ChaCha8 stream, both fixed forever.
func playGolden(r *Rules, seed string, dealer int) (*State, []byte) {
	deck := game.DeckFromSeed(r.Pack(), seed)
	s, err := r.Deal(deck, dealer)
	if err != nil {
		panic(err)
	}
	rng := game.NewRand(seed, 1)
	for !s.Done() {
		if err := s.Apply(game.Pick(rng, s.Legal(nil))); err != nil {
			panic(err)
		}
	}
	rec := game.NewRecord(r, []string{"North", "South"}, dealer, deck, s.History())
	g := golden{Variant: r.String(), Record: rec, Result: game.Summarize(s),
		View: s.View(game.Seat(0))}
	data, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		panic(err)
	}
	return s, append(data, '\n')
}

// TestGolden compares seeded playthroughs with testdata/golden; run
// `go test ./internal/games/strohmandeln/ -update` to rewrite them.
func TestGolden(t *testing.T) {
	for _, o := range goldenVariants {
		r := NewRules(o)
		for i := 0; i < 2; i++ {
			name := goldenName(r.String(), i)
			t.Run(name, func(t *testing.T) {
				_, got := playGolden(r, fmt.Sprintf("golden %s %d", r, i), i%2)
				gametest.Golden(t, name, got, *update)
			})
		}
	}
}

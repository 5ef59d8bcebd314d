package droggn

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden plays seeded random hands and compares their records and
// results with testdata/golden (regenerate with go test -update).
func TestGolden(t *testing.T) {
	for i, v := range variants[:6] {
		r := MustParse(v.players, v.opts)
		for h := 0; h < 2; h++ {
			name := fmt.Sprintf("%02d-%s-%d.json", i, r.String(), h)
			t.Run(name, func(t *testing.T) {
				gametest.Golden(t, name, playthrough(t, r, uint64(100*i+h)), *update)
			})
		}
	}
}

// playthrough deals the seed's deck and plays random legal actions; it
// returns the record and the result as indented JSON.
func playthrough(t *testing.T, r *Rules, seed uint64) []byte {
	t.Helper()
	deck := game.DeckFromSeed(r.pack, fmt.Sprintf("golden-%d", seed))
	s, err := r.Deal(deck, int(seed)%r.seats)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for !s.Done() {
		if err := s.Apply(s.RandomAction(rng)); err != nil {
			t.Fatal(err)
		}
	}
	names := make([]string, r.seats)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i)
	}
	out := struct {
		Record *game.Record `json:"record"`
		Result any          `json:"result"`
	}{game.NewRecord(r, names, int(seed)%r.seats, deck, s.History()), game.Summarize(s)}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

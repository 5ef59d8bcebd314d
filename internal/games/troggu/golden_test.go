package troggu

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden")

// goldenHand is one golden playthrough: a record and its summarized result.
type goldenHand struct {
	Variant string          `json:"variant"`
	Seed    string          `json:"seed"`
	Record  *game.Record    `json:"record"`
	Result  json.RawMessage `json:"result"`
}

// playSeeded plays a hand dealt from seed with random legal decisions drawn
// from the same seed (both streams are fixed by their specifications). The
// bidding follows bid: "normal" (the first bidder plays normal, the others
// pass), "pass" (all pass) or "random".
func playSeeded(r *Rules, seed, bid string) (*State, []string) {
	deck := game.DeckFromSeed(r.Pack(), seed)
	rng := game.NewRand(seed, 1)
	dealer := rng.IntN(r.Seats())
	st, _ := r.NewState(deck, dealer)
	s := st.(*State)
	var buf []game.Action
	for !s.Done() {
		buf = s.Legal(buf[:0])
		a := game.Pick(rng, buf)
		switch {
		case s.phase != phaseBidding || bid == "random":
		case bid == "normal" && s.nbids == 0:
			a.Call = BidNormal
		default:
			a.Call = BidPass
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	ids := make([]string, len(deck))
	for i, c := range deck {
		ids[i] = id(c)
	}
	return s, ids
}

// TestGolden plays seeded hands and compares record and result with
// testdata/golden (regenerate with go test ./internal/games/troggu/ -update).
func TestGolden(t *testing.T) {
	cases := []struct {
		players int
		opts    string
		seed    string
		bid     string
	}{
		{3, "", "golden-a", "normal"},
		{4, "mustOvertrump=true", "golden-b", "normal"},
		{5, "soloMultiplier=2", "golden-c", "random"},
		{6, "misereTie=noPayment", "golden-d", "pass"},
		{7, "", "golden-e", "normal"},
		{8, "allPassRule=alwaysForced,fourKingsDiscard=anyFivePoint", "golden-f", "pass"},
		{8, "", "golden-g", "pass"},
		{4, "allPassRule=alwaysForced", "golden-h", "pass"},
	}
	for _, tc := range cases {
		r := MustParse(tc.players, tc.opts)
		name := strings.NewReplacer("(", "_", ")", "", ",", "_", "=", "-").Replace(r.String()) + "-" + tc.seed
		t.Run(name, func(t *testing.T) {
			s, _ := playSeeded(r, tc.seed, tc.bid)
			players := make([]string, r.Seats())
			for i := range players {
				players[i] = fmt.Sprintf("P%d", i)
			}
			dealer := s.Dealer()
			deckIDs := game.DeckFromSeed(r.Pack(), tc.seed)
			rec := game.NewRecord(r, players, dealer, deckIDs, s.History())
			res, _ := json.Marshal(game.Summarize(s))
			got, err := json.MarshalIndent(goldenHand{Variant: r.String(), Seed: tc.seed, Record: rec, Result: res}, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			gametest.Golden(t, name+".json", append(got, '\n'), *update)
		})
	}
}

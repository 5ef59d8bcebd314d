package daily

import (
	"fmt"
	"slices"
	"testing"

	"trull/internal/game"
	_ "trull/internal/games"
)

func TestDealsFollowTheDocumentedSeed(t *testing.T) {
	for _, c := range mustChallenges(t, "2026-11-27") {
		r, err := c.Rules()
		if err != nil {
			t.Fatal(err)
		}
		if r.Seats() != c.Players {
			t.Fatalf("%s: %d seats, want %d", c.ID, r.Seats(), c.Players)
		}
		me := c.Seat()
		for n := 1; n <= Deals; n++ {
			d, err := c.Deal(n)
			if err != nil {
				t.Fatal(err)
			}
			want := "daily/" + c.ID + "/2026-11-27/deal-" + string(rune('0'+n))
			if d.Seed != want {
				t.Fatalf("%s deal %d: seed %q, want %q", c.ID, n, d.Seed, want)
			}
			if !slices.Equal(d.Deck, game.DeckFromSeed(r.Pack(), want)) {
				t.Fatalf("%s deal %d: deck is not DeckFromSeed(%q)", c.ID, n, want)
			}
			if _, err := r.NewState(d.Deck, d.Dealer); err != nil {
				t.Fatalf("%s deal %d: %v", c.ID, n, err)
			}
			for s, bs := range d.BotSeeds {
				if (s == me) != (bs == "") {
					t.Fatalf("%s deal %d seat %d: bot seed %q with the person at seat %d", c.ID, n, s, bs, me)
				}
			}
			if c.Seat() != me {
				t.Fatalf("%s: the person's seat changed", c.ID)
			}
		}
	}
}

func TestDealsDifferByDateGameAndNumber(t *testing.T) {
	seen := map[string]string{}
	for _, date := range []string{"2026-11-27", "2026-11-28"} {
		for _, c := range mustChallenges(t, date) {
			for n := 1; n <= Deals; n++ {
				d, err := c.Deal(n)
				if err != nil {
					t.Fatal(err)
				}
				key := ""
				for _, cd := range d.Deck {
					key += fmt.Sprint(cd) + ","
				}
				if prev, ok := seen[key]; ok {
					t.Fatalf("%s and %s deal the same deck", prev, d.Seed)
				}
				seen[key] = d.Seed
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct{ id, date string }{
		{"droggn-3", "2026-13-01"},
		{"droggn-3", "27.11.2026"},
		{"droggn-3", "2026-1-7"},
		{"tarock-4", "2026-11-27"},
	} {
		if _, err := Find(tc.id, tc.date); err == nil {
			t.Errorf("Find(%q, %q): no error", tc.id, tc.date)
		}
	}
	c, err := Find("troggu-3", "2026-11-27")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, Deals + 1} {
		if _, err := c.Deal(n); err == nil {
			t.Errorf("Deal(%d): no error", n)
		}
	}
}

func mustChallenges(t *testing.T, date string) []Challenge {
	t.Helper()
	cs, err := Challenges(date)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != len(SetUps) {
		t.Fatalf("%d challenges, want %d", len(cs), len(SetUps))
	}
	return cs
}

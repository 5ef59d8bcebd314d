package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"trull/internal/bot/rules"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// TestStrohRulesBeatsRandom plays duplicate Strohmandeln matches (each
// deal twice, the bots swapping seats) with the 54-card pack in both
// scorings (classic with doubling) and with the 40-card pack.
func TestStrohRulesBeatsRandom(t *testing.T) {
	for _, tc := range []struct {
		o     strohmandeln.Options
		deals int
	}{
		{strohmandeln.Options{}, 400},
		{strohmandeln.Options{Scoring: strohmandeln.Classic, AllowDoubling: true}, 300},
		{strohmandeln.Options{Pack40: true}, 400},
	} {
		deals := tc.deals
		if testing.Short() {
			deals /= 3
		}
		r := strohmandeln.NewRules(tc.o)
		t.Run(r.String(), func(t *testing.T) { arenaBeats(t, r, deals, "stroh-rules") })
	}
}

// strohVariants cover both packs, both scorings and every option that
// changes a decision or the legal actions.
var strohVariants = []strohmandeln.Options{
	{},
	{Scoring: strohmandeln.Classic},
	{Scoring: strohmandeln.Classic, AllowDoubling: true, LastStrohmannCard: strohmandeln.LastStaysOnTable},
	{AllowDoubling: true, SimpleGame: strohmandeln.SimpleFold},
	{Pack40: true},
	{Pack40: true, Scoring: strohmandeln.Classic, LastStrohmannCard: strohmandeln.LastStaysOnTable},
	{NoSilentBonusFailurePenalty: true, GrammelRule: strohmandeln.GrammelLoserUnder26},
}

// TestStrohNeverIllegal asks the rules bot for a decision at every step of
// many hands of every variant, mixing in random actions so that every
// phase (fold, bid, double, play with announcements and "Ross!") is
// reached, and checks that the answer is legal, deterministic and the same
// for the open-review view and that view decoded from its JSON form.
func TestStrohNeverIllegal(t *testing.T) {
	hands := 60
	if testing.Short() {
		hands = 20
	}
	rb := rules.Bot{}
	phases := map[string]int{}
	kinds := map[string]int{}
	for vi, o := range strohVariants {
		r := strohmandeln.NewRules(o)
		rng := rand.New(rand.NewPCG(uint64(vi), 13))
		for h := 0; h < hands; h++ {
			deck := game.ShuffledDeck(r.Pack(), rng)
			if h%4 == 0 {
				// Now and then a dealt hand without a Tarock, to reach the fold.
				deck = noTarockHand(deck, r.Pack().Size())
			}
			st, err := r.NewState(deck, rng.IntN(2))
			if err != nil {
				t.Fatal(err)
			}
			mix := rng.IntN(4)
			for !st.Done() {
				phases[st.Phase()]++
				a, legal := checkRulesStep(t, rb, st, rng, h, 1-st.ToAct(), func(b []byte) (game.View, error) {
					var dv strohmandeln.View
					return &dv, json.Unmarshal(b, &dv)
				})
				if rng.IntN(4) < mix {
					a = game.Pick(rng, legal)
				}
				kinds[r.EncodeAction(a).Act+" "+r.EncodeAction(a).Call+r.EncodeAction(a).Say]++
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, ph := range []string{"fold", "bid", "double", "play"} {
		if phases[ph] == 0 {
			t.Errorf("phase %s never reached", ph)
		}
	}
	for _, k := range []string{"fold fold", "bid undertake", "double double", "announce trull", "play ross", "play topschin"} {
		if kinds[k] == 0 {
			t.Errorf("action %q never taken", k)
		}
	}
	t.Logf("decisions by phase %v; actions %v", phases, kinds)
}

// noTarockHand rearranges deck so that the first hand dealt (Elder's,
// deck positions 0–4, 10–14, 20–24 with 54 cards; 0–4, 10–14 with 40)
// holds no Tarock, swapping Tarocks with suit cards of the Strohmänner.
func noTarockHand(deck []card.Card, size int) []card.Card {
	out := append([]card.Card(nil), deck...)
	hand := []int{0, 1, 2, 3, 4, 10, 11, 12, 13, 14}
	if size == 54 {
		hand = append(hand, 20, 21, 22, 23, 24)
	}
	j := len(out) - 1
	for _, i := range hand {
		if !out[i].IsTrump() && out[i] != card.Fool {
			continue
		}
		for ; j > hand[len(hand)-1] && (out[j].IsTrump() || out[j] == card.Fool); j-- {
		}
		if j <= hand[len(hand)-1] {
			break
		}
		out[i], out[j] = out[j], out[i]
		j--
	}
	return out
}

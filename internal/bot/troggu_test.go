package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"trull/internal/arena"
	"trull/internal/bot"
	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// arenaBeats plays a duplicate match of the rules bot against the random
// bot (arena.Run: every deal in every rotation of the two bots over the
// seats) and checks that the rules bot's mean paired margin per deal is
// positive with its 95% confidence interval excluding zero.
func arenaBeats(t *testing.T, r game.Rules, deals int, seed string) {
	t.Helper()
	rules, err := bot.New("rules")
	if err != nil {
		t.Fatal(err)
	}
	random, err := bot.New("random")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := arena.Run(arena.Config{Rules: r, Bots: []bot.Bot{rules, random}, Deals: deals, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Pairs[0]
	t.Logf("%s, %d deals (%d hands): rules − random = %+.3f ± %.3f points per seat and hand (95%% CI, paired by deal); means rules %+.3f, random %+.3f",
		rep.Variant, rep.Deals, rep.Hands, p.Diff, p.CI95, rep.Bots[0].Mean, rep.Bots[1].Mean)
	for _, c := range rep.ContractNames() {
		rr, rd := rep.Bots[0].Contracts[c], rep.Bots[1].Contracts[c]
		if rr == nil {
			rr = &arena.Record{}
		}
		if rd == nil {
			rd = &arena.Record{}
		}
		t.Logf("  %-10s declared (won): rules %d (%d), random %d (%d)", c, rr.Played, rr.Won, rd.Played, rd.Won)
	}
	if p.Lower() <= 0 {
		t.Fatalf("rules does not beat random: %+.3f ± %.3f", p.Diff, p.CI95)
	}
}

// TestTrogguRulesBeatsRandom plays duplicate Troggu matches with 3 and 6
// players (at 6 the two bots alternate round the table, so each has two
// or three team-mates of its own kind).
func TestTrogguRulesBeatsRandom(t *testing.T) {
	for _, tc := range []struct{ players, deals int }{{3, 300}, {6, 300}} {
		deals := tc.deals
		if testing.Short() {
			deals /= 3
		}
		r := troggu.Default(tc.players)
		t.Run(r.String(), func(t *testing.T) { arenaBeats(t, r, deals, "troggu-rules") })
	}
}

// trogguVariants cover every player count and every option value that
// changes a decision.
var trogguVariants = []struct {
	players int
	opts    string
}{
	{3, ""},
	{4, "mustOvertrump=true"},
	{5, "allPassRule=alwaysForced"},
	{6, "fourKingsDiscard=anyFivePoint"},
	{7, ""},
	{8, "mustOvertrump=true"},
	{3, "allPassRule=alwaysForced,fourKingsDiscard=anyFivePoint"},
	{7, "allPassRule=alwaysMisere"},
	{8, "soloMultiplier=2,misereTie=noPayment"},
}

// TestTrogguNeverIllegal asks the rules bot for a decision at every step
// of many hands of every variant, the hands mixing its own and random
// actions so that every phase and contract is reached, and checks that the
// answer is legal, deterministic, and the same for the view decoded from
// its JSON form.
func TestTrogguNeverIllegal(t *testing.T) {
	hands := 40
	if testing.Short() {
		hands = 12
	}
	rb := rules.Bot{}
	phases := map[string]int{}
	contracts := map[string]int{}
	for vi, tc := range trogguVariants {
		r := troggu.MustParse(tc.players, tc.opts)
		rng := rand.New(rand.NewPCG(uint64(vi), 11))
		for h := 0; h < hands; h++ {
			st, err := r.NewState(game.ShuffledDeck(r.Pack(), rng), rng.IntN(tc.players))
			if err != nil {
				t.Fatal(err)
			}
			// Random actions are mixed in at a rate that varies by hand.
			mix := rng.IntN(4)
			for !st.Done() {
				phases[st.Phase()]++
				seat := st.ToAct()
				a, legal := checkRulesStep(t, rb, st, rng, h, (seat+1)%tc.players, func(b []byte) (game.View, error) {
					var dv troggu.View
					return &dv, json.Unmarshal(b, &dv)
				})
				if rng.IntN(4) < mix {
					a = game.Pick(rng, legal)
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			contracts[st.Result().Contract]++
		}
	}
	for _, ph := range []string{"bidding", "call", "exchange", "play"} {
		if phases[ph] == 0 {
			t.Errorf("phase %s never reached", ph)
		}
	}
	for _, c := range []string{"normal", "solo", "misere"} {
		if contracts[c] == 0 {
			t.Errorf("contract %s never played", c)
		}
	}
	t.Logf("decisions by phase %v; contracts %v", phases, contracts)
}

// contains reports whether a is one of the legal actions.
// checkRulesStep asks the rules bot for the action of the seat to act in
// st and checks it: legal, the same when asked again, and now and then the
// same from the open-review view and from that view decoded from its JSON
// (decode), and, in the first hand,
// a refusal to act for another seat. It returns the action and the legal
// ones.
func checkRulesStep(t *testing.T, rb rules.Bot, st game.State, rng *rand.Rand, h, other int, decode func([]byte) (game.View, error)) (game.Action, []game.Action) {
	t.Helper()
	r := st.Rules()
	seat := st.ToAct()
	v := st.View(game.ViewerOf(seat))
	legal := st.Legal(nil)
	a, err := rb.Act(v, nil)
	if err != nil {
		t.Fatalf("%s hand %d: %v", r, h, err)
	}
	if !contains(legal, a) {
		t.Fatalf("%s hand %d phase %s: illegal action %+v\n%+v", r, h, st.Phase(), a, v)
	}
	if again, _ := rb.Act(st.View(game.ViewerOf(seat)), nil); again != a {
		t.Fatalf("%s: not deterministic: %+v then %+v", r, a, again)
	}
	if rng.IntN(5) == 0 {
		// A view sent as JSON shows only the tricks the seat may look
		// back at; the seat's memory of the others stays in the process
		// (an outside bot keeps its own). The view of an open-review
		// table shows every trick: it decides as the seat's view does,
		// also decoded from its JSON.
		v := st.View(game.ViewerOf(seat).OpenReview())
		if got, _ := rb.Act(v, nil); got != a {
			t.Fatalf("%s: the open-review view gives %+v, the view %+v", r, got, a)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		dv, err := decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := rb.Act(dv, nil); got != a {
			t.Fatalf("%s: the decoded view gives %+v, the view %+v", r, got, a)
		}
	}
	if h == 0 {
		if _, err := rb.Act(st.View(game.ViewerOf(other)), nil); err != rules.ErrNotToAct {
			t.Fatalf("%s: acted for seat %d, not to act: %v", r, other, err)
		}
	}
	return a, legal
}

func contains(legal []game.Action, a game.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

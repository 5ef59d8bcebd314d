package bot

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/rules"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/troggu"
)

// variants are the option combinations of droggn's conformance test
// (internal/games/droggn/conformance_test.go), covering every option value.
var variants = []struct {
	players int
	opts    string
}{
	{3, ""},
	{4, ""},
	{3, "pack=78"},
	{4, "pack=78,talonPosition=afterSecondBatch"},
	{3, "talonPosition=afterSecondBatch,dealPattern=5-5-5-3-3"},
	{3, "exposeTalonInAnsager=true,buyOfferRestricted=true"},
	{3, "gstiessLastTrick=illegal,kleineUndGstiessUltimo=true"},
	{4, "gstiessLastTrick=illegal,winRule=38"},
	{3, "winRule=37tieLastTrick,superMordPagatScoring=separate"},
	{3, "kingDiscardRule=atLeastOneTrump,maxDoublings=2"},
	{3, "maxDoublings=0,defenderLayoutTiming=withDoublingTurn"},
	{4, "defenderLayoutTiming=withDoublingTurn,superMordPagatScoring=separate"},
}

func TestRegistry(t *testing.T) {
	cases := []struct {
		name, want string // want: the bot's name, "" for a refusal
	}{
		{"ismcts", "ismcts"}, {"pimc", "pimc"}, {"random", "random"}, {"rules", "rules"},
		{"ismcts-fast", "ismcts-fast"}, {"cheater", "cheater"},
		{"ismcts@500", "ismcts@500"}, {"pimc@10", "pimc@10"}, {"cheater@200", "cheater@200"},
		{"oracle", ""}, {"ismcts@", ""}, {"ismcts@0", ""}, {"ismcts@x", ""}, {"rules@5", ""},
	}
	for _, c := range cases {
		b, err := New(c.name)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("New(%q) did not fail", c.name)
		case c.want != "" && (err != nil || b.Name() != c.want):
			t.Errorf("New(%q) = %v, %v; want a bot named %s", c.name, b, err, c.want)
		}
	}
	if got := Names(); !reflect.DeepEqual(got, []string{"ismcts", "ismcts-fast", "pimc", "random", "rules"}) {
		t.Fatalf("Names() = %v", got)
	}
	if b, _ := New("ismcts@500"); b.(byGame).other.(search).Options().Iterations != 500 {
		t.Error("ismcts@500 does not do 500 iterations")
	}
}

// TestCheaterSeesTheTruth checks that the cheater refuses to decide from a
// view and decides legally from the true state in every game.
func TestCheaterSeesTheTruth(t *testing.T) {
	b, _ := New("cheater@100")
	c := b.(Cheater)
	for _, name := range []string{"droggn", "troggu", "strohmandeln"} {
		info, _ := game.Lookup(name)
		r, err := info.New(nil, info.MinSeats)
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), "cheater/"+name), 0)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		if _, err := c.Act(st.View(game.ViewerOf(st.ToAct())), rng); err == nil {
			t.Errorf("%s: the cheater decided from a view", name)
		}
		for steps := 0; !st.Done() && steps < 200; steps++ {
			a, err := c.ActState(st, rng)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatalf("%s: the cheater chose an illegal action: %v", name, err)
			}
		}
		if !st.Done() {
			t.Errorf("%s: the hand did not end", name)
		}
	}
}

// legalContains reports whether a is one of the legal actions.
func legalContains(legal []game.Action, a game.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// TestNeverIllegal asks every bot for a decision at every step of many
// hands of every variant, in all phases, and checks that the answer is
// legal, that a seat not to act is refused, and that the choice depends on
// the view and the generator state only. The hands mix the rules bot's and
// random actions, so that random bids reach Super and Super Mord,
// doubling chains and lay-outs.
func TestNeverIllegal(t *testing.T) {
	hands := 30
	if testing.Short() {
		hands = 8
	}
	generic := botFunc{"generic", func(v game.View, _ *rand.Rand) (game.Action, error) { return rules.Generic(v) }}
	bots := []Bot{rules.Bot{}, Random{}, generic}
	phases := map[string]int{}
	contracts := map[droggn.Contract]int{}
	for vi, tc := range variants {
		r := droggn.MustParse(tc.players, tc.opts)
		rng := rand.New(rand.NewPCG(uint64(vi), 7))
		for h := 0; h < hands; h++ {
			st, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), rng.IntN(tc.players))
			if err != nil {
				t.Fatal(err)
			}
			for !st.Done() {
				seat := st.ToAct()
				v := st.View(game.ViewerOf(seat))
				legal := st.Legal(nil)
				phases[st.Phase()]++
				var chosen [3]game.Action
				for i, b := range bots {
					seed := rng.Uint64()
					a, err := b.Act(v, rand.New(rand.NewPCG(seed, 1)))
					if err != nil {
						t.Fatalf("%s hand %d: %s: %v", r, h, b.Name(), err)
					}
					if !legalContains(legal, a) {
						t.Fatalf("%s hand %d phase %s: %s chose an illegal action %+v", r, h, st.Phase(), b.Name(), a)
					}
					again, _ := b.Act(st.View(game.ViewerOf(seat)), rand.New(rand.NewPCG(seed, 1)))
					if again != a {
						t.Fatalf("%s: %s is not deterministic: %+v then %+v", r, b.Name(), a, again)
					}
					chosen[i] = a
				}
				if other := (seat + 1) % tc.players; h == 0 {
					if _, err := (rules.Bot{}).Act(st.View(game.ViewerOf(other)), rng); !errors.Is(err, rules.ErrNotToAct) {
						t.Fatalf("%s: rules acted for seat %d, not to act: %v", r, other, err)
					}
				}
				a := chosen[0]
				if rng.IntN(3) == 0 {
					a = chosen[1]
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			contracts[st.Contract()]++
		}
	}
	for _, ph := range []string{"bidding", "discard", "buy", "layout", "doubling", "play"} {
		if phases[ph] == 0 {
			t.Errorf("phase %s never reached", ph)
		}
	}
	for c := droggn.Ansager; c <= droggn.SuperMord; c++ {
		if contracts[c] == 0 {
			t.Errorf("contract %s never played", c)
		}
	}
	t.Logf("decisions by phase %v; contracts %v", phases, contracts)
}

// botFunc adapts a function to the Bot interface.
type botFunc struct {
	name string
	f    func(game.View, *rand.Rand) (game.Action, error)
}

func (b botFunc) Name() string { return b.name }

func (b botFunc) Act(v game.View, rng *rand.Rand) (game.Action, error) { return b.f(v, rng) }

// TestTrogguSearchBySeats checks that the ismcts levels play Troggu with
// few seats at the default overrule margin and pre-play budget, and from
// manySeats seats on with the many-seat settings.
func TestTrogguSearchBySeats(t *testing.T) {
	b, err := New("ismcts@500")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seats    int
		overrule float64
		prePlay  int
	}{
		{3, ismcts.DefaultOverrule, 0}, {4, ismcts.DefaultOverrule, 0},
		{5, manyOverrule, manyPrePlay}, {6, manyOverrule, manyPrePlay}, {8, manyOverrule, manyPrePlay},
	} {
		r := troggu.Default(c.seats)
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), "seats"), 0)
		if err != nil {
			t.Fatal(err)
		}
		v := st.View(game.ViewerOf(st.ToAct()))
		o := b.(byGame).delegate(v).(search).Options()
		if o.Overrule != c.overrule || o.PrePlay != c.prePlay || o.Iterations != 500 || !o.Shallow {
			t.Errorf("%d seats: overrule %v, pre-play %d, %d iterations, shallow %v; want %v, %d, 500, true",
				c.seats, o.Overrule, o.PrePlay, o.Iterations, o.Shallow, c.overrule, c.prePlay)
		}
	}
}

// TestTrogguDefaultBudget: the default level searches Troggu with
// TrogguFewIterations below manySeats seats and with the default budget
// from there on; a level with a budget of its own, ismcts-fast among them,
// keeps it.
func TestTrogguDefaultBudget(t *testing.T) {
	for _, c := range []struct {
		level string
		seats int
		want  int
	}{
		{"ismcts", 3, TrogguFewIterations}, {"ismcts", 4, TrogguFewIterations},
		{"ismcts", 5, ismcts.DefaultIterations}, {"ismcts", 8, ismcts.DefaultIterations},
		{"ismcts@3000", 3, 3000}, {"ismcts-fast", 3, FastIterations}, {"ismcts-fast", 6, FastIterations},
	} {
		b, err := New(c.level)
		if err != nil {
			t.Fatal(err)
		}
		r := troggu.Default(c.seats)
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), "budget"), 0)
		if err != nil {
			t.Fatal(err)
		}
		v := st.View(game.ViewerOf(st.ToAct()))
		if got := b.(byGame).delegate(v).(search).Options().Iterations; got != c.want {
			t.Errorf("%s with %d seats searches %d iterations, want %d", c.level, c.seats, got, c.want)
		}
	}
}

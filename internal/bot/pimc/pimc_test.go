package pimc

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// fastOptions keep the match tests quick; they are far weaker than the
// defaults but still far stronger than random play.
var fastOptions = Options{Worlds: 6, Playouts: 2, SolveTricks: 4, Budget: 20000, TTBits: 15}

// playStart deals the seeded 3-player hand and drives it to the start of
// play with a fixed contract declared by the seat declarer: the others
// pass, the heuristic discards, no buy, no lay-outs, no doubling.
func playStart(t testing.TB, r *droggn.Rules, seed uint64, contract droggn.Contract, declarer int) *droggn.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	s, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), (declarer+2)%3)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() && s.CurrentPhase() != droggn.PhPlay {
		seat := int8(s.ToAct())
		var a game.Action
		switch s.CurrentPhase() {
		case droggn.PhBid:
			a = game.Action{Seat: seat, Kind: game.KindBid, Call: droggn.CallPass}
			if int(seat) == declarer {
				a.Call = droggn.CallAnsager + uint8(contract-droggn.Ansager)
			}
		case droggn.PhDiscard:
			a = heuristicDiscard(s)
		case droggn.PhBuy:
			a = game.Action{Seat: seat, Kind: game.KindBuy}
		case droggn.PhLayout:
			a = game.Action{Seat: seat, Kind: game.KindLayout}
		default:
			a = game.Action{Seat: seat, Kind: game.KindDouble, Call: droggn.CallGut}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("setup: %v", err)
		}
	}
	if s.Declarer() != declarer || s.CurrentPhase() != droggn.PhPlay {
		t.Fatalf("setup: declarer %d, phase %v", s.Declarer(), s.CurrentPhase())
	}
	return s
}

// playHand plays the card play of s with pimc at the seats in mine and a
// uniformly random card elsewhere, and returns X.
func playHand(t testing.TB, s *droggn.State, bot *Bot, mine func(seat int) bool, rng *rand.Rand) int {
	t.Helper()
	for !s.Done() {
		seat := s.ToAct()
		var a game.Action
		if mine(seat) {
			var err error
			if a, err = bot.Act(s.View(game.ViewerOf(seat)), rng); err != nil {
				t.Fatal(err)
			}
		} else {
			a = game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: game.RandomCard(rng, s.LegalCards())}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
	return s.FastScore()
}

// TestDuplicateVsRandom plays a duplicate match in fixed contracts: every
// deal is played twice, pimc declaring against random defenders and random
// declaring against pimc defenders, with the declarer's seat rotating over
// the deals. The margin of a deal is X(pimc declares) − X(random declares),
// pimc's gain on both sides; its mean must be clearly positive.
func TestDuplicateVsRandom(t *testing.T) {
	deals := 240
	if testing.Short() {
		deals = 60
	}
	r := droggn.Default(3)
	bot := New(fastOptions)
	contracts := []droggn.Contract{droggn.Ansager, droggn.Solo, droggn.Super}
	var margins []float64
	wins := 0
	for deal := 0; deal < deals; deal++ {
		seed := uint64(1000 + deal)
		contract := contracts[deal%len(contracts)]
		decl := deal % 3
		rng := rand.New(rand.NewPCG(seed, 2))
		a := playHand(t, playStart(t, r, seed, contract, decl), bot, func(s int) bool { return s == decl }, rng)
		b := playHand(t, playStart(t, r, seed, contract, decl), bot, func(s int) bool { return s != decl }, rng)
		margins = append(margins, float64(a-b))
		if a > b {
			wins++
		}
	}
	mean, lo, hi := meanCI(margins)
	t.Logf("duplicate vs random, %d deals: margin per deal %.1f (95%% CI %.1f … %.1f), pimc better in %d deals",
		deals, mean, lo, hi, wins)
	if lo < 30 {
		t.Fatalf("pimc does not beat random clearly: mean margin %.1f, CI lower end %.1f", mean, lo)
	}
}

// meanCI returns the mean and a normal 95% confidence interval.
func meanCI(xs []float64) (mean, lo, hi float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	se := math.Sqrt(v / float64(len(xs)-1) / float64(len(xs)))
	return mean, mean - 1.96*se, mean + 1.96*se
}

// decisionViews returns views of seats to act in every phase of seeded
// hands, played by the bot itself up to that point, until hands of them
// were played (not thrown in).
func decisionViews(t *testing.T, r *droggn.Rules, hands int) []*droggn.View {
	t.Helper()
	bot := New(fastOptions)
	var out []*droggn.View
	played := 0
	for h := 0; played < hands && h < 10*hands; h++ {
		rng := rand.New(rand.NewPCG(uint64(h), 77))
		s, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), h%r.Seats())
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Done(); step++ {
			v := s.SeatView(game.ViewerOf(s.ToAct()))
			if step%7 == 0 || s.CurrentPhase() != droggn.PhPlay {
				out = append(out, v)
			}
			a, err := bot.Act(v, rng)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("hand %d: illegal %v: %v", h, a, err)
			}
		}
		if s.Declarer() >= 0 {
			played++
		}
	}
	return out
}

// TestDeterminism checks that a seed fixes the action and the values,
// whatever the number of workers.
func TestDeterminism(t *testing.T) {
	views := decisionViews(t, droggn.Default(3), 3)
	one := New(Options{Worlds: 8, Playouts: 2, Workers: 1, TTBits: 15})
	two := New(Options{Worlds: 8, Playouts: 2, Workers: 2, TTBits: 15})
	for i, v := range views {
		h1, err := one.Hint(v, rand.New(rand.NewPCG(5, uint64(i))), 0)
		if err != nil {
			t.Fatal(err)
		}
		h2, _ := two.Hint(v, rand.New(rand.NewPCG(5, uint64(i))), 0)
		h3, _ := one.Hint(v, rand.New(rand.NewPCG(5, uint64(i))), 0)
		if !slices.Equal(h1, h2) || !slices.Equal(h1, h3) {
			t.Fatalf("view %d (%s): hints differ:\n%v\n%v\n%v", i, v.Phase, h1, h2, h3)
		}
		a1, _ := one.Act(v, rand.New(rand.NewPCG(5, uint64(i))))
		a2, _ := two.Act(v, rand.New(rand.NewPCG(5, uint64(i))))
		if a1 != a2 || a1 != h1[0].Action {
			t.Fatalf("view %d: actions %v, %v, hint %v", i, a1, a2, h1[0].Action)
		}
	}
}

// TestAllPhases lets pimc play whole hands of several variants at every
// seat (all its actions are checked by Apply) and checks the hints.
func TestAllPhases(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    string
	}{
		{"default", 3, ""},
		{"4players", 4, ""},
		{"pack78", 3, "pack=78"},
		{"exposedTalon", 3, "exposeTalonInAnsager=true,buyOfferRestricted=true"},
		{"gstiessIllegal", 3, "gstiessLastTrick=illegal,winRule=38"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			views := decisionViews(t, droggn.MustParse(tc.players, tc.opts), 4)
			phases := map[string]int{}
			bot := New(fastOptions)
			for i, v := range views {
				phases[v.Phase]++
				hint, err := bot.Hint(v, rand.New(rand.NewPCG(9, uint64(i))), 3)
				if err != nil {
					t.Fatal(err)
				}
				if len(hint) == 0 || len(hint) > 3 {
					t.Fatalf("view %d: %d hints", i, len(hint))
				}
				for k := 1; k < len(hint); k++ {
					if hint[k].Value > hint[k-1].Value {
						t.Fatalf("view %d: hints not sorted: %v", i, hint)
					}
				}
				if !slices.Contains(v.LegalActions(), hint[0].Action) {
					t.Fatalf("view %d: hint %v is not legal", i, hint[0].Action)
				}
			}
			t.Logf("decisions by phase: %v", phases)
			if phases["bidding"] == 0 || phases["play"] == 0 {
				t.Fatalf("phases not covered: %v", phases)
			}
		})
	}
}

// TestBidding checks the bidding on extreme hands: a hand with the top
// trumps declares, a hand without trumps or kings passes.
func TestBidding(t *testing.T) {
	r := droggn.Default(3)
	var strong, weak []card.Card
	for n := 21; n >= 9; n-- {
		strong = append(strong, card.Trump(n))
	}
	strong = append(strong, card.Fool, card.Pagat)
	for _, id := range []string{"S-K", "C-K", "H-K", "D-K", "S-Q", "C-Q"} {
		c, _ := r.Pack().Parse(id)
		strong = append(strong, c)
	}
	for _, id := range []string{"S-4", "S-5", "S-6", "S-7", "C-4", "C-5", "C-6", "C-7", "H-7", "H-6", "H-5",
		"H-4", "D-7", "D-6", "D-5", "D-4", "S-8", "C-8", "H-3", "D-3", "S-9"} {
		c, _ := r.Pack().Parse(id)
		weak = append(weak, c)
	}
	bot := New(Options{Worlds: 12, Playouts: 3})
	for _, tc := range []struct {
		name string
		hand []card.Card
		bid  bool
	}{
		{"strong", strong, true},
		{"weak", weak, false},
	} {
		// The first speaker (seat 1, dealer 0) receives deck[0:7],
		// deck[21:28] and deck[42:49].
		deck := game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(4, 4)))
		slots := []int{0, 1, 2, 3, 4, 5, 6, 21, 22, 23, 24, 25, 26, 27, 42, 43, 44, 45, 46, 47, 48}
		for i, c := range tc.hand {
			j := slices.Index(deck, c)
			deck[slots[i]], deck[j] = deck[j], deck[slots[i]]
		}
		s, err := r.Deal(deck, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Hand(1); got != card.Of(tc.hand...) {
			t.Fatalf("%s: seat 1 holds %v", tc.name, got)
		}
		a, err := bot.Act(s.View(game.ViewerOf(1)), rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if bid := a.Call != droggn.CallPass; bid != tc.bid {
			t.Fatalf("%s hand: call %d", tc.name, a.Call)
		}
	}
}

// TestErrors checks the refusals.
func TestErrors(t *testing.T) {
	r := droggn.Default(3)
	s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 1))), 0)
	bot := New(fastOptions)
	rng := rand.New(rand.NewPCG(1, 2))
	if _, err := bot.Act(s.View(game.ViewerOf(0)), rng); !errors.Is(err, ErrNotToAct) {
		t.Fatalf("seat not to act: %v", err)
	}
	if _, err := bot.Act(otherView{}, rng); !errors.Is(err, ErrGame) {
		t.Fatalf("other game: %v", err)
	}
	if bot.Name() != "pimc" {
		t.Fatal(bot.Name())
	}
}

// otherView is a view of some other game.
type otherView struct{ game.View }

// TestInference checks the bid inference: the thresholds rise with the
// contract, and worlds drawn for a defender give the declarer a stronger
// holding than plain sampling does.
func TestInference(t *testing.T) {
	r := droggn.Default(3)
	for _, size := range []int{21, 24} {
		prev := -1
		for c := droggn.Ansager; c <= droggn.SuperMord; c++ {
			th := know.BidThreshold(r.Pack(), size, c)
			if th < prev {
				t.Fatalf("size %d: threshold of %s %d below %d", size, c, th, prev)
			}
			prev = th
		}
	}
	var plain, inferred float64
	const deals, draws = 20, 10
	for deal := 0; deal < deals; deal++ {
		s := playStart(t, r, uint64(deal), droggn.Super, deal%3)
		v := s.SeatView(game.ViewerOf((deal + 1) % 3))
		rng := rand.New(rand.NewPCG(uint64(deal), 5))
		for i := 0; i < draws; i++ {
			w, err := v.Sample(rng)
			if err != nil {
				t.Fatal(err)
			}
			plain += float64(know.BidStrength(w.Hand(w.Declarer())))
			if w, err = know.SampleDroggn(v, rng); err != nil {
				t.Fatal(err)
			}
			inferred += float64(know.BidStrength(w.Hand(w.Declarer())))
		}
	}
	plain /= deals * draws
	inferred /= deals * draws
	t.Logf("mean declarer strength: plain %.1f, inferred %.1f", plain, inferred)
	if inferred < plain+3 {
		t.Fatalf("inference does not strengthen the declarer: %.1f vs %.1f", inferred, plain)
	}
}

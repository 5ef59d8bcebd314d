package sitting

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"trull/internal/game"
	"trull/internal/games/droggn"
)

// playDroggn plays a Droggn hand in which bidder (or nobody, -1) bids
// Ansager and everyone else passes; the rest of the hand takes the first
// legal action at every step.
func playDroggn(t *testing.T, st game.State, bidder int) {
	t.Helper()
	for !st.Done() {
		legal := st.Legal(nil)
		a := legal[0]
		if a.Kind == game.KindBid && int(a.Seat) == bidder {
			a.Call = droggn.CallAnsager
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("apply %+v: %v", a, err)
		}
	}
}

func newSitting(t *testing.T, r game.Rules, first int, end EndRule) *Sitting {
	t.Helper()
	names := []string{"Adolf", "Rudolf", "Benedikt", "Hubert"}[:r.Seats()]
	s, err := New(r, Config{Players: names, Seed: "stubai", FirstDealer: first, End: end})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDroggnDealers checks the dealer sequence of Droggn: the declarer of a
// hand deals the next (§1.3 NEXT_DEALER), a thrown-in hand is dealt again by
// the same dealer, and with 4 players the dealer sits out, so the declarer
// takes his holiday in the next hand.
func TestDroggnDealers(t *testing.T) {
	tests := []struct {
		name    string
		players int
		first   int
		bidders []int // declarer of each hand, -1 for a throw-in
		dealers []int // dealer of each hand
	}{
		{"3 players: declarer deals next", 3, 0, []int{1, 1, 2, 0}, []int{0, 1, 1, 2}},
		{"3 players: throw-in keeps the dealer", 3, 2, []int{-1, -1, 0, 1}, []int{2, 2, 2, 0}},
		{"4 players: the declarer's holiday", 4, 3, []int{0, 2, -1, 1, 3}, []int{3, 0, 2, 2, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSitting(t, droggn.Default(tc.players), tc.first, EndRule{})
			for i, bidder := range tc.bidders {
				if s.Dealer() != tc.dealers[i] {
					t.Fatalf("hand %d: dealer %d, want %d", i, s.Dealer(), tc.dealers[i])
				}
				st, err := s.NextHand()
				if err != nil {
					t.Fatal(err)
				}
				if v := st.View(game.ViewerOf(bidder)).(*droggn.View); bidder >= 0 && v.SitsOut == bidder {
					t.Fatalf("hand %d: bidder %d sits out", i, bidder)
				}
				playDroggn(t, st, bidder)
				if err := s.Record(st); err != nil {
					t.Fatal(err)
				}
				row := s.Sheet()[i]
				if row.Dealer != tc.dealers[i] || row.Declarer != bidder || row.Redeal != (bidder < 0) {
					t.Fatalf("hand %d: row %+v, want dealer %d declarer %d", i, row, tc.dealers[i], bidder)
				}
			}
			if want := tc.bidders[len(tc.bidders)-1]; s.Dealer() != want {
				t.Fatalf("next dealer %d, want the last declarer %d", s.Dealer(), want)
			}
		})
	}
}

// TestDroggnSheet checks that the sheet copies the engine's zero-sum scores,
// keeps running totals, numbers played hands and lists throw-ins apart.
func TestDroggnSheet(t *testing.T) {
	s := newSitting(t, droggn.Default(3), 0, EndRule{})
	var sum [3]int
	for i, bidder := range []int{1, -1, 2, 0} {
		st, err := s.NextHand()
		if err != nil {
			t.Fatal(err)
		}
		playDroggn(t, st, bidder)
		res := st.Result()
		if err := s.Record(st); err != nil {
			t.Fatal(err)
		}
		row := s.Sheet()[i]
		for seat := range 3 {
			sum[seat] += res.Score[seat]
			if row.Score[seat] != res.Score[seat] || row.Totals[seat] != sum[seat] {
				t.Fatalf("hand %d: row %+v, result %v", i, row, res.Score)
			}
		}
		if row.Contract != res.Contract || row.Multiplier != 1 {
			t.Fatalf("hand %d: row %+v", i, row)
		}
	}
	hands := []int{}
	for _, r := range s.Sheet() {
		hands = append(hands, r.Hand)
	}
	if !reflect.DeepEqual(hands, []int{1, 0, 2, 3}) || s.Played() != 3 {
		t.Fatalf("hand numbers %v, played %d", hands, s.Played())
	}
	if !reflect.DeepEqual(s.Totals(), sum[:]) {
		t.Fatalf("totals %v, want %v", s.Totals(), sum)
	}
}

// TestDeterministicDeals checks that deal i uses DeckFromSeed(seed/i),
// redeals included.
func TestDeterministicDeals(t *testing.T) {
	r := droggn.Default(3)
	s := newSitting(t, r, 1, EndRule{})
	for i, bidder := range []int{-1, 2, -1} {
		st, err := s.NextHand()
		if err != nil {
			t.Fatal(err)
		}
		if s.Deal() != i || s.HandSeed(i) != fmt.Sprintf("stubai/%d", i) {
			t.Fatalf("deal %d, seed %q", s.Deal(), s.HandSeed(i))
		}
		want, _ := r.NewState(game.DeckFromSeed(r.Pack(), fmt.Sprintf("stubai/%d", i)), s.Dealer())
		if !reflect.DeepEqual(st.View(game.ViewerOf(0)), want.View(game.ViewerOf(0))) {
			t.Fatalf("deal %d: the hand differs from DeckFromSeed(stubai/%d)", i, i)
		}
		playDroggn(t, st, bidder)
		if err := s.Record(st); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEndRule checks the end rules: Droggn's request (four more played
// hands, counted from the next hand; throw-ins do not count; ruling A17), a
// request during a hand, and a fixed number of hands.
func TestEndRule(t *testing.T) {
	const r, p = true, false // redeal, played
	tests := []struct {
		name string
		end  EndRule
		// requestBefore[i]: ask to end before hand i is dealt; requestDuring
		// likewise while hand i is in progress (-1: never).
		requestBefore, requestDuring int
		hands                        []bool // redeal or played, in order
		overAfter                    int    // the sitting is over after this many deals
	}{
		{"droggn request counts four played hands", EndRule{Closing: 4}, 2, -1,
			[]bool{p, p, p, p, p, p, p}, 6},
		{"droggn throw-ins do not count", EndRule{Closing: 4}, 0, -1,
			[]bool{r, p, r, r, p, p, r, p, p}, 8},
		{"droggn request during a hand counts from the next", EndRule{Closing: 4}, -1, 1,
			[]bool{p, p, p, p, p, p, p}, 6},
		{"droggn request during a thrown-in hand", EndRule{Closing: 4}, -1, 0,
			[]bool{r, r, p, p, p, p, p}, 6},
		{"fixed hands", FixedHands(3), -1, -1, []bool{p, r, p, p, p}, 4},
		{"fixed hands end before the closing hands", EndRule{Hands: 3, Closing: 4}, 1, -1,
			[]bool{p, p, p, p}, 3},
		{"closing hands end before the fixed number", EndRule{Hands: 10, Closing: 2}, 1, -1,
			[]bool{p, p, p, p}, 3},
		{"closing 0 ends between hands at once", EndRule{}, 2, -1, []bool{p, p, p}, 2},
		{"closing 0 ends with the hand in progress", EndRule{}, -1, 1, []bool{p, p, p}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			results := make([]game.Result, len(tc.hands))
			for i, isRedeal := range tc.hands {
				results[i] = played(i+1, false)
				if isRedeal {
					results[i] = redeal()
				}
			}
			s := newSitting(t, &script{seats: 2, results: results}, 0, tc.end)
			deals := 0
			for i := range tc.hands {
				if i == tc.requestBefore {
					if err := s.RequestEnd(1); err != nil {
						t.Fatal(err)
					}
					if err := s.RequestEnd(0); !errors.Is(err, ErrEndRequested) && !errors.Is(err, ErrOver) {
						t.Fatalf("second request: %v", err)
					}
				}
				if s.Over() {
					break
				}
				left := s.HandsLeft()
				st, err := s.NextHand()
				if err != nil {
					t.Fatal(err)
				}
				if i == tc.requestDuring {
					if err := s.RequestEnd(0); err != nil {
						t.Fatal(err)
					}
					left = s.HandsLeft()
				}
				if err := s.Record(st); err != nil {
					t.Fatal(err)
				}
				deals++
				if left >= 0 && !tc.hands[i] && s.HandsLeft() != left-1 {
					t.Fatalf("deal %d: %d hands left before, %d after", i, left, s.HandsLeft())
				}
			}
			if !s.Over() || deals != tc.overAfter {
				t.Fatalf("over=%v after %d deals, want over after %d", s.Over(), deals, tc.overAfter)
			}
			if _, err := s.NextHand(); !errors.Is(err, ErrOver) {
				t.Fatalf("NextHand after the end: %v", err)
			}
		})
	}
}

// TestNullrunde checks doubling windows (RULES §3.4 Nullrunde, SS-15, C11):
// after a hand with Result.Double the next two played games count double;
// redeals do not use up the window; a new trigger restarts it, or with
// stacking opens a second one that multiplies.
func TestNullrunde(t *testing.T) {
	tests := []struct {
		name  string
		stack bool
		hands []game.Result
		mult  []int // multiplier of each row
		score []int // seat 0's sheet score of each row
	}{
		{"SS-15: first game of a Nullrunde, undertaker won with Pagat ultimo", false,
			[]game.Result{played(0, true), played(4, false)},
			[]int{1, 2}, []int{0, 8}},
		{"window of two played games", false,
			[]game.Result{played(0, true), played(3, false), played(-4, false), played(2, false)},
			[]int{1, 2, 2, 1}, []int{0, 6, -8, 2}},
		{"redeals do not count", false,
			[]game.Result{played(0, true), redeal(), played(3, false), redeal(), played(1, false), played(1, false)},
			[]int{1, 1, 2, 1, 2, 1}, []int{0, 0, 6, 0, 2, 1}},
		{"a trigger in the window restarts it", false,
			[]game.Result{played(0, true), played(0, true), played(1, false), played(1, false), played(1, false)},
			[]int{1, 2, 2, 2, 1}, []int{0, 0, 2, 2, 1}},
		{"stacking multiplies overlapping windows", true,
			[]game.Result{played(0, true), played(0, true), played(1, false), played(1, false), played(1, false)},
			[]int{1, 2, 4, 2, 1}, []int{0, 0, 4, 2, 1}},
		{"stacking: a trigger every hand keeps ×4", true,
			[]game.Result{played(0, true), played(0, true), played(0, true), played(2, true), played(1, false), played(1, false)},
			[]int{1, 2, 4, 4, 4, 2}, []int{0, 0, 0, 8, 4, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(&script{seats: 2, results: tc.hands}, Config{Players: []string{"E", "D"}, Seed: "x", Stack: tc.stack})
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			for i := range tc.hands {
				if s.Multiplier() != tc.mult[i] && !tc.hands[i].Redeal {
					t.Fatalf("hand %d: Multiplier() %d, want %d", i, s.Multiplier(), tc.mult[i])
				}
				st, err := s.NextHand()
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Record(st); err != nil {
					t.Fatal(err)
				}
				row := s.Sheet()[i]
				total += row.Score[0]
				if row.Multiplier != tc.mult[i] || row.Score[0] != tc.score[i] || row.Score[1] != -tc.score[i] || row.Totals[0] != total {
					t.Fatalf("hand %d: row %+v, want ×%d score %d total %d", i, row, tc.mult[i], tc.score[i], total)
				}
			}
		})
	}
}

// TestStackOption checks that the variant option nullrundeStacking=stack
// switches stacking on.
func TestStackOption(t *testing.T) {
	r := &script{seats: 2, opts: map[string]any{"nullrundeStacking": "stack"},
		results: []game.Result{played(0, true), played(0, true), played(1, false)}}
	s, err := New(r, Config{Players: []string{"E", "D"}, Seed: "x"})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		st, _ := s.NextHand()
		if err := s.Record(st); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Sheet()[2].Multiplier; got != 4 {
		t.Fatalf("multiplier %d, want 4", got)
	}
}

// TestSettlement checks the settlement arithmetic: pairs settle the
// difference of their paper scores, the nets are zero-sum and equal the
// totals times the stake.
func TestSettlement(t *testing.T) {
	tests := []struct {
		name     string
		totals   []int
		stake    int
		payments []Payment
		net      []int
	}{
		{"D-2: the declarer who lost 6 pays 60 Groschen to each", []int{-12, 6, 6}, 10,
			[]Payment{{0, 1, 60}, {0, 2, 60}}, []int{-120, 60, 60}},
		{"D-18: 4 players, the sitting-out dealer is paid too", []int{6, -18, 6, 6}, 10,
			[]Payment{{1, 0, 60}, {1, 2, 60}, {1, 3, 60}}, []int{60, -180, 60, 60}},
		{"D-1 by seat 0, then D-2 by seat 1", []int{106 + 6, -53 - 12, -53 + 6}, 1,
			[]Payment{{1, 0, 59}, {2, 0, 53}, {1, 2, 6}}, []int{112, -65, -47}},
		{"Strohmandeln: U +8", []int{8, -8}, 50, []Payment{{1, 0, 400}}, []int{400, -400}},
		{"Troggu partnership: 5 players, Tappist and partner win ×2", []int{6, 6, -4, -4, -4}, 1,
			[]Payment{{2, 0, 2}, {3, 0, 2}, {4, 0, 2}, {2, 1, 2}, {3, 1, 2}, {4, 1, 2}}, []int{6, 6, -4, -4, -4}},
		{"all square", []int{0, 0, 0}, 10, []Payment{}, []int{0, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Settle(tc.totals, tc.stake)
			if tc.payments != nil && !reflect.DeepEqual(got.Payments, tc.payments) {
				t.Fatalf("payments %v, want %v", got.Payments, tc.payments)
			}
			if tc.net != nil && !reflect.DeepEqual(got.Net, tc.net) {
				t.Fatalf("net %v, want %v", got.Net, tc.net)
			}
			sum := 0
			for i, n := range got.Net {
				sum += n
				if n != tc.totals[i]*tc.stake {
					t.Fatalf("seat %d: net %d, total %d × stake %d", i, n, tc.totals[i], tc.stake)
				}
			}
			if sum != 0 {
				t.Fatalf("nets %v do not sum to zero", got.Net)
			}
		})
	}
}

// TestSettlementOfPlayedSitting plays a Droggn sitting and checks that the
// pair differences are whole paper points and the nets are zero-sum.
func TestSettlementOfPlayedSitting(t *testing.T) {
	for _, players := range []int{3, 4} {
		s := newSitting(t, droggn.Default(players), 0, FixedHands(6))
		for i := 0; !s.Over(); i++ {
			st, err := s.NextHand()
			if err != nil {
				t.Fatal(err)
			}
			bidder := (st.Dealer() + 1 + i) % players
			if players == 4 && bidder == st.Dealer() {
				bidder = (bidder + 1) % players
			}
			playDroggn(t, st, bidder)
			if err := s.Record(st); err != nil {
				t.Fatal(err)
			}
		}
		tot := s.Totals()
		for i := range tot {
			for j := range tot {
				if (tot[i]-tot[j])%players != 0 {
					t.Fatalf("%d players: totals %v: %d−%d is not a multiple of %d", players, tot, tot[i], tot[j], players)
				}
			}
		}
		set := s.Settlement(10)
		sum := 0
		for i, n := range set.Net {
			sum += n
			if n != tot[i]*10 {
				t.Fatalf("net %v, totals %v", set.Net, tot)
			}
		}
		if sum != 0 || s.Played() != 6 {
			t.Fatalf("nets %v, played %d", set.Net, s.Played())
		}
	}
}

// TestErrors checks the refusals of a sitting.
func TestErrors(t *testing.T) {
	r := droggn.Default(3)
	if _, err := New(r, Config{Players: []string{"a", "b"}}); err == nil {
		t.Fatal("two names for three seats accepted")
	}
	if _, err := New(r, Config{Players: []string{"a", "b", "c"}, FirstDealer: 3}); err == nil {
		t.Fatal("first dealer 3 accepted")
	}
	s := newSitting(t, r, -1, EndRule{})
	if d := s.Dealer(); d != DrawFirstDealer("stubai", 3) || d < 0 || d > 2 {
		t.Fatalf("drawn first dealer %d", d)
	}
	if err := s.RecordResult(game.Result{}); !errors.Is(err, ErrNoHand) {
		t.Fatalf("record without a hand: %v", err)
	}
	st, _ := s.NextHand()
	if _, err := s.NextHand(); !errors.Is(err, ErrHandInProgress) {
		t.Fatalf("second NextHand: %v", err)
	}
	if err := s.Record(st); err == nil {
		t.Fatal("unfinished hand recorded")
	}
	if err := s.RequestEnd(5); err == nil {
		t.Fatal("request by seat 5 accepted")
	}
}

// TestAgain: a deal played again has the deck and the dealer of the hand
// just finished, under the next deal number, and counts on the sheet;
// Again is refused before any hand and while one is being played.
func TestAgain(t *testing.T) {
	s := newSitting(t, droggn.Default(3), 1, EndRule{})
	if _, err := s.Again(); err == nil {
		t.Fatal("Again before any hand was played succeeded")
	}
	st, err := s.NextHand()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Again(); !errors.Is(err, ErrHandInProgress) {
		t.Fatalf("Again during a hand: %v", err)
	}
	playDroggn(t, st, 2)
	if err := s.Record(st); err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 2; round++ {
		again, err := s.Again()
		if err != nil {
			t.Fatal(err)
		}
		if s.Deal() != round || again.Dealer() != 1 {
			t.Fatalf("round %d: deal %d dealt by %d, want deal %d dealt by seat 1", round, s.Deal(), again.Dealer(), round)
		}
		if !reflect.DeepEqual(s.Deck(round), s.Deck(0)) || reflect.DeepEqual(s.Deck(round), game.DeckFromSeed(s.rules.Pack(), s.HandSeed(round))) {
			t.Fatalf("round %d: the deck played again is not deal 0's", round)
		}
		playDroggn(t, again, -1)
		if err := s.Record(again); err != nil {
			t.Fatal(err)
		}
	}
	if rows := s.Sheet(); len(rows) != 3 || rows[2].Deal != 2 {
		t.Fatalf("sheet %+v, want three rows, the last of deal 2", rows)
	}
}

// TestFixedDeals: a sitting of fixed deals deals each deal's own deck
// with its own dealer, once whether it is thrown in or not, multiplies
// nothing, and is over after the last deal.
func TestFixedDeals(t *testing.T) {
	fixed := []FixedDeal{{Seed: "daily/x/deal-1", Dealer: 1}, {Seed: "daily/x/deal-2", Dealer: 1}, {Seed: "daily/x/deal-3", Dealer: 0}}
	tests := []struct {
		name  string
		hands []game.Result
		score []int // seat 0's sheet score of each row
	}{
		{"played deals", []game.Result{played(3, false), played(-2, false), played(1, false)}, []int{3, -2, 1}},
		{"a Nullrunde doubles nothing", []game.Result{played(0, true), played(4, false), played(2, false)}, []int{0, 4, 2}},
		{"a thrown-in deal is not dealt again", []game.Result{redeal(), played(4, false), redeal()}, []int{0, 4, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(&script{seats: 2, results: tc.hands}, Config{Players: []string{"E", "D"}, Seed: "ignored", FirstDealer: 0, Fixed: fixed})
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.hands {
				if s.Over() {
					t.Fatalf("over before deal %d", i)
				}
				if got := s.HandsLeft(); got != len(fixed)-i {
					t.Fatalf("deal %d: HandsLeft %d, want %d", i, got, len(fixed)-i)
				}
				if got := s.HandSeed(i); got != fixed[i].Seed {
					t.Fatalf("deal %d: seed %q, want %q", i, got, fixed[i].Seed)
				}
				st, err := s.NextHand()
				if err != nil {
					t.Fatal(err)
				}
				if st.Dealer() != fixed[i].Dealer {
					t.Fatalf("deal %d: dealer %d, want %d", i, st.Dealer(), fixed[i].Dealer)
				}
				if err := s.Record(st); err != nil {
					t.Fatal(err)
				}
				if row := s.Sheet()[i]; row.Score[0] != tc.score[i] || row.Multiplier != 1 {
					t.Fatalf("deal %d: row %+v, want score %d ×1", i, row, tc.score[i])
				}
			}
			if !s.Over() || s.HandsLeft() != 0 {
				t.Fatalf("after the last deal: over %v, hands left %d", s.Over(), s.HandsLeft())
			}
			if _, err := s.NextHand(); !errors.Is(err, ErrOver) {
				t.Fatalf("NextHand after the last deal: %v, want ErrOver", err)
			}
			if _, err := s.Again(); err == nil {
				t.Fatal("Again in a fixed sitting: no error")
			}
		})
	}
	if _, err := New(&script{seats: 2}, Config{Players: []string{"E", "D"}, Fixed: []FixedDeal{{Seed: "s", Dealer: 2}}}); err == nil {
		t.Fatal("a fixed dealer that is no seat: no error")
	}
}

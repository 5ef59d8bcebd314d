package troggu

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestCountingExamples are docs/RULES.md §2.7.1 (TC-1 … TC-4) and the pack
// totals of §2.1.
func TestCountingExamples(t *testing.T) {
	cases := []struct {
		id   string
		pile card.Set
		want int
	}{
		{"TC-1", set("FOOL", "T21", "T1", "Cu-K"), 20},
		{"TC-2", set("Sw-Q", "Ba-N", "Co-J", "Cu-1", "T7"), 11},
		{"TC-3", card.Troggu62.Cards, 114},
		{"TC-4", set("Sw-K", "Sw-Q", "Sw-N", "Sw-J", "Sw-10", "Sw-9", "Sw-8", "Sw-7", "Sw-6", "Sw-5"), 20},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			if got := Points(tc.pile); got != tc.want {
				t.Errorf("Points = %d, want %d", got, tc.want)
			}
			if got := card.Troggu62.Raw(tc.pile); got != tc.want {
				t.Errorf("Pack.Raw = %d, want %d", got, tc.want)
			}
		})
	}
	t.Run("deal-table", func(t *testing.T) {
		for n := MinSeats; n <= MaxSeats; n++ {
			d := dealTable[n]
			sum := 0
			for _, k := range d.packets[:d.npackets] {
				sum += k
			}
			if sum != d.hand || d.tapp+n*d.hand != 62 {
				t.Errorf("%d players: %+v", n, d)
			}
		}
	})
}

// scoreCase is one scoring example: a finished hand described by its
// piles' points.
type scoreCase struct {
	id       string
	n        int
	opts     string
	contract Contract
	decl     int
	partner  int
	side     int    // the declarer side's points (including discards or Tapp)
	extra    int    // points of the discards (Normal) or the Tapp (Solo, Misère)
	tricks   [2]int // tricks won by the declarer side and the others
	misere   []int  // each player's points (Misère)
	want     []int
}

// take removes cards worth exactly pts from pool, largest first.
func take(t *testing.T, pool *card.Set, pts int) card.Set {
	t.Helper()
	var out card.Set
	cs := pool.Cards(nil)
	sort.Slice(cs, func(i, j int) bool { return card.Troggu62.Points(cs[i]) > card.Troggu62.Points(cs[j]) })
	for _, x := range cs {
		if v := card.Troggu62.Points(x); v <= pts {
			out.Add(x)
			pool.Remove(x)
			pts -= v
		}
	}
	if pts != 0 {
		t.Fatalf("cannot take %d more points", pts)
	}
	return out
}

// finished builds a finished state with piles worth the case's points.
func (sc scoreCase) finished(t *testing.T) *State {
	r := MustParse(sc.n, sc.opts)
	s := NewState(r)
	var none [MaxSeats]card.Set
	s.dealSets(&none, card.Set{}, 0)
	s.phase, s.toAct, s.contract = phaseDone, -1, sc.contract
	s.declarer, s.partner = int8(sc.decl), int8(sc.partner)
	pool := r.Pack().Cards
	extra := take(t, &pool, sc.extra)
	if sc.contract == ContractMisere {
		s.tapp = extra
		for p, pts := range sc.misere {
			s.won[p] = take(t, &pool, pts)
			s.tricks[p] = 1
		}
		if !pool.Empty() {
			t.Fatalf("cards left over: %s", pool)
		}
		return s
	}
	if sc.contract == ContractSolo {
		s.tapp = extra
	} else {
		s.discards = extra
	}
	s.won[sc.decl] = take(t, &pool, sc.side-sc.extra)
	def := (sc.decl + 1) % sc.n
	if def == sc.partner {
		def = (def + 1) % sc.n
	}
	s.won[def] = pool
	s.tricks[sc.decl], s.tricks[def] = uint8(sc.tricks[0]), uint8(sc.tricks[1])
	return s
}

// TestScoringExamples are docs/RULES.md §2.7.2 TR-1 … TR-16, built as finished
// hands and scored by Result (TR-7 and TR-12: the loser won a trick,
// Clarification 16).
func TestScoringExamples(t *testing.T) {
	cases := []scoreCase{
		{id: "TR-1", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 58, extra: 10, tricks: [2]int{9, 9}, want: []int{2, -1, -1}},
		{id: "TR-2", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 57, extra: 10, tricks: [2]int{9, 9}, want: []int{0, 0, 0}},
		{id: "TR-3", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 56, extra: 10, tricks: [2]int{9, 9}, want: []int{-2, 1, 1}},
		{id: "TR-4", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 85, extra: 10, tricks: [2]int{16, 2}, want: []int{4, -2, -2}},
		{id: "TR-5", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 84, extra: 10, tricks: [2]int{14, 4}, want: []int{2, -1, -1}},
		{id: "TR-6", n: 3, contract: ContractNormal, decl: 0, partner: -1, side: 114, extra: 10, tricks: [2]int{18, 0}, want: []int{6, -3, -3}},
		{id: "TR-7", n: 4, contract: ContractNormal, decl: 0, partner: -1, side: 29, extra: 5, tricks: [2]int{2, 11}, want: []int{-6, 2, 2, 2}},
		{id: "TR-8", n: 5, contract: ContractSolo, decl: 0, partner: -1, side: 60, extra: 7, tricks: [2]int{6, 5}, want: []int{4, -1, -1, -1, -1}},
		{id: "TR-9", n: 7, contract: ContractNormal, decl: 0, partner: 3, side: 70, extra: 6, tricks: [2]int{5, 3}, want: []int{5, -2, -2, 5, -2, -2, -2}},
		{id: "TR-10", n: 7, contract: ContractNormal, decl: 0, partner: -1, side: 60, extra: 6, tricks: [2]int{5, 3}, want: []int{6, -1, -1, -1, -1, -1, -1}},
		{id: "TR-11", n: 8, contract: ContractNormal, decl: 0, partner: 1, side: 40, extra: 6, tricks: [2]int{2, 5}, want: []int{-6, -6, 2, 2, 2, 2, 2, 2}},
		{id: "TR-12", n: 8, contract: ContractNormal, decl: 0, partner: 1, side: 86, extra: 6, tricks: [2]int{6, 1}, want: []int{12, 12, -4, -4, -4, -4, -4, -4}},
		{id: "TR-13", n: 4, contract: ContractMisere, decl: -1, partner: -1, extra: 14, misere: []int{40, 30, 20, 10}, want: []int{-3, 1, 1, 1}},
		{id: "TR-14", n: 4, contract: ContractMisere, decl: -1, partner: -1, extra: 14, misere: []int{35, 35, 20, 10}, want: []int{-2, -2, 2, 2}},
		{id: "TR-14/noPayment", n: 4, opts: "misereTie=noPayment", contract: ContractMisere, decl: -1, partner: -1, extra: 14, misere: []int{35, 35, 20, 10}, want: []int{0, 0, 0, 0}},
		{id: "TR-15", n: 4, contract: ContractNormal, decl: 0, partner: -1, side: 12, extra: 12, tricks: [2]int{0, 13}, want: []int{-9, 3, 3, 3}},
		{id: "TR-16", n: 3, contract: ContractSolo, decl: 0, partner: -1, side: 57, extra: 8, tricks: [2]int{9, 9}, want: []int{0, 0, 0}},
		{id: "TR-8/soloMultiplier=2", n: 5, opts: "soloMultiplier=2", contract: ContractSolo, decl: 0, partner: -1, side: 60, extra: 7, tricks: [2]int{6, 5}, want: []int{8, -2, -2, -2, -2}},
	}
	for _, sc := range cases {
		t.Run(sc.id, func(t *testing.T) {
			s := sc.finished(t)
			res := s.Result()
			if !reflect.DeepEqual(res.Score, sc.want) {
				t.Errorf("score %v, want %v (items %+v)", res.Score, sc.want, res.Items)
			}
			if fast := s.Score(); !reflect.DeepEqual(fast[:sc.n], sc.want) {
				t.Errorf("fast score %v, want %v", fast[:sc.n], sc.want)
			}
			if sc.contract == ContractMisere {
				if !reflect.DeepEqual(res.CardPoints, sc.misere) {
					t.Errorf("card points %v, want %v", res.CardPoints, sc.misere)
				}
				return
			}
			if res.CardPoints[sc.decl] != sc.side {
				t.Errorf("declarer side has %d points, want %d", res.CardPoints[sc.decl], sc.side)
			}
			checkItems(t, s, game.Summarize(s).(game.Outcome))
		})
	}
}

// allPass deals the given cards and lets everyone pass.
func allPass(t *testing.T, r *Rules, hands map[int][]string, tapp []string) *State {
	t.Helper()
	st, err := r.NewState(deckFor(t, r, 0, hands, tapp), 0)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for !s.Done() && s.phase == phaseBidding {
		if err := s.Apply(game.Action{Seat: s.toAct, Kind: game.KindBid, Call: BidPass}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestAllPassExamples are docs/RULES.md §2.7.2 TR-17 … TR-20 and Clarification
// 14, played through the engine.
func TestAllPassExamples(t *testing.T) {
	t.Run("TR-17", func(t *testing.T) {
		s := allPass(t, Default(7), map[int][]string{5: {"FOOL"}}, nil)
		if s.contract != ContractNormal || s.declarer != 5 || s.phase != phaseCall || s.toAct != 5 {
			t.Fatalf("contract %s declarer %d phase %s", s.contract, s.declarer, s.Phase())
		}
		v := s.view(game.ViewerOf(0))
		if !v.Forced || v.Declarer != 5 {
			t.Errorf("view: forced %v declarer %d", v.Forced, v.Declarer)
		}
	})
	t.Run("TR-18", func(t *testing.T) {
		s := allPass(t, Default(7), map[int][]string{2: {"T1"}}, []string{"FOOL"})
		if s.contract != ContractNormal || s.declarer != 2 || s.phase != phaseCall {
			t.Fatalf("contract %s declarer %d phase %s", s.contract, s.declarer, s.Phase())
		}
	})
	t.Run("TR-19", func(t *testing.T) {
		s := allPass(t, Default(8), nil, []string{"FOOL", "T1"})
		if s.contract != ContractMisere || s.declarer != -1 || s.toAct != 1 {
			t.Fatalf("contract %s declarer %d to act %d", s.contract, s.declarer, s.toAct)
		}
	})
	t.Run("TR-20", func(t *testing.T) {
		s := allPass(t, Default(6), map[int][]string{3: {"FOOL"}}, nil)
		if s.contract != ContractMisere || s.toAct != 1 {
			t.Fatalf("contract %s, misère led by %d (want next(dealer) = 1)", s.contract, s.toAct)
		}
	})
	t.Run("C14/alwaysForced", func(t *testing.T) {
		s := allPass(t, MustParse(4, "allPassRule=alwaysForced"), map[int][]string{2: {"FOOL"}}, nil)
		if s.contract != ContractNormal || s.declarer != 2 || s.phase != phaseExchange {
			t.Fatalf("contract %s declarer %d phase %s (no call with 4 players)", s.contract, s.declarer, s.Phase())
		}
		if s.hands[2].Len() != 13+10 {
			t.Errorf("forced Tappist holds %d cards after taking the Tapp", s.hands[2].Len())
		}
	})
	t.Run("B1/alwaysMisere", func(t *testing.T) {
		s := allPass(t, MustParse(8, "allPassRule=alwaysMisere"), map[int][]string{2: {"FOOL"}}, nil)
		if s.contract != ContractMisere {
			t.Fatalf("contract %s", s.contract)
		}
	})
}

// TestLegalityExamples are docs/RULES.md §2.7.3 TL-1 … TL-6 and Clarification 15.
func TestLegalityExamples(t *testing.T) {
	r := Default(3)
	t.Run("TL-1", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"Sw-8", "Sw-9"}, 1: {"FOOL", "Cu-K", "Co-3"}, 2: {"Sw-5", "Sw-6"}}, 0, 0)
		play(t, s, "Sw-8")
		if got := legalIDs(s); got != "FOOL Cu-K Co-3" {
			t.Fatalf("legal %s", got)
		}
		play(t, s, "Cu-K")
		if !s.isPowerless(1) {
			t.Fatal("the renege did not make FOOL powerless")
		}
		play(t, s, "Sw-5")
		// Seat 0 wins and leads swords again: seat 1 may not play FOOL.
		play(t, s, "Sw-9")
		if got := legalIDs(s); got != "Co-3" {
			t.Fatalf("after the renege: legal %s", got)
		}
		err := s.Apply(playAction(s, "FOOL"))
		if err == nil || err.Error() != "seat 1 reneged with FOOL and must keep it until the last trick" {
			t.Fatalf("playing the powerless FOOL: %v", err)
		}
	})
	t.Run("TL-2", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"T9"}, 1: {"FOOL", "Sw-5"}}, 0, 0)
		play(t, s, "T9")
		if got := legalIDs(s); got != "FOOL Sw-5" {
			t.Fatalf("legal %s", got)
		}
	})
	t.Run("TL-3", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"Sw-8"}, 1: {"FOOL", "T4", "Cu-K"}}, 0, 0)
		play(t, s, "Sw-8")
		if got := legalIDs(s); got != "T4 FOOL" {
			t.Fatalf("legal %s", got)
		}
		err := s.Apply(playAction(s, "Cu-K"))
		if err == nil || err.Error() != "seat 1 is void in swords and must play a trump; FOOL is in hand, Cu-K is not allowed" {
			t.Fatalf("Cu-K: %v", err)
		}
	})
	t.Run("TL-4", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"Cu-2"}, 1: {"FOOL", "Co-2", "Ba-7"}}, 0, 3)
		s.powerless = 1 << 1
		play(t, s, "Cu-2")
		if got := legalIDs(s); got != "Ba-7 Co-2" {
			t.Fatalf("legal %s", got)
		}
	})
	t.Run("TL-5", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"FOOL"}, 1: {"Cu-4"}, 2: {"T2"}}, 0, r.HandSize()-1)
		s.powerless = 1 << 0
		play(t, s, "FOOL")
		if !s.follow.Empty() {
			t.Fatal("a powerless FOOL set the suit")
		}
		play(t, s, "Cu-4")
		if s.follow != card.SuitMask(card.Suit2) {
			t.Fatalf("Cu-4 did not set cups: follow %s", s.follow)
		}
		play(t, s, "T2")
		if !s.Done() || s.won[2] != set("Cu-4", "T2") || s.won[0] != set("FOOL") || s.tricks[2] != 1 || s.tricks[0] != 0 {
			t.Fatalf("piles %s / %s / %s, tricks %v", s.won[0], s.won[1], s.won[2], s.tricks)
		}
	})
	t.Run("TL-6", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"T21"}, 1: {"FOOL", "T3", "Cu-2"}, 2: {"Sw-5"}}, 0, 0)
		play(t, s, "T21")
		if got := legalIDs(s); got != "T3 FOOL" {
			t.Fatalf("legal %s", got)
		}
		play(t, s, "FOOL")
		if s.bestSeat != 1 {
			t.Fatalf("FOOL does not beat T21: best seat %d", s.bestSeat)
		}
	})
	over := MustParse(3, "mustOvertrump=true")
	t.Run("C15/only-FOOL-beats", func(t *testing.T) {
		s := playState(over, map[int][]string{0: {"T21"}, 1: {"FOOL", "T3", "Cu-2"}}, 0, 0)
		play(t, s, "T21")
		if got := legalIDs(s); got != "FOOL" {
			t.Fatalf("legal %s", got)
		}
		err := s.Apply(playAction(s, "T3"))
		if err == nil || err.Error() != "seat 1 must beat T21 (mustOvertrump); FOOL is in hand, T3 is not allowed" {
			t.Fatalf("T3: %v", err)
		}
	})
	t.Run("C15/renege-still-allowed", func(t *testing.T) {
		s := playState(over, map[int][]string{0: {"Sw-8"}, 1: {"T10"}, 2: {"FOOL", "Cu-K"}}, 0, 0)
		play(t, s, "Sw-8", "T10")
		if got := legalIDs(s); got != "FOOL Cu-K" {
			t.Fatalf("legal %s", got)
		}
	})
	t.Run("B12/mustOvertrump", func(t *testing.T) {
		s := playState(over, map[int][]string{0: {"T9"}, 1: {"T5", "T12", "Cu-1"}}, 0, 0)
		play(t, s, "T9")
		if got := legalIDs(s); got != "T12" {
			t.Fatalf("legal %s", got)
		}
		s = playState(over, map[int][]string{0: {"T9"}, 1: {"T5", "T7", "Cu-1"}}, 0, 0)
		play(t, s, "T9")
		if got := legalIDs(s); got != "T5 T7" {
			t.Fatalf("cannot beat: legal %s", got)
		}
	})
	t.Run("follow-suit", func(t *testing.T) {
		s := playState(r, map[int][]string{0: {"Cu-3"}, 1: {"Cu-K", "T4", "Co-1"}}, 0, 0)
		play(t, s, "Cu-3")
		if got := legalIDs(s); got != "Cu-K" {
			t.Fatalf("legal %s", got)
		}
		err := s.Apply(playAction(s, "T4"))
		if err == nil || err.Error() != "seat 1 must follow cups; Cu-K is in hand, T4 is not allowed" {
			t.Fatalf("T4: %v", err)
		}
	})
}

// TestExchange checks the discard rule of §2.2 and B4/B5.
func TestExchange(t *testing.T) {
	allKings := []string{"Sw-K", "Ba-K", "Cu-K", "Co-K", "T21"}
	for _, tc := range []struct {
		id, opts string
		hand     []string
		tapp     []string
		card     string
		err      string
	}{
		{"no-four-kings", "", []string{"Sw-K", "T21"}, nil, "Sw-K", "seat 1 may not discard Sw-K: 5-point cards may not be discarded without four kings"},
		{"four-kings-king", "", allKings, nil, "Cu-K", ""},
		{"four-kings-T21", "", allKings, nil, "T21", "seat 1 may not discard T21: with four kings only kings may be discarded among the 5-point cards"},
		{"four-kings-anyFivePoint", "fourKingsDiscard=anyFivePoint", allKings, nil, "T21", ""},
		{"B5/kings-from-the-Tapp", "", []string{"Sw-K", "Ba-K"}, []string{"Cu-K", "Co-K"}, "Sw-K", ""},
		{"one-point-trump", "", []string{"T7"}, nil, "T7", ""},
	} {
		t.Run(tc.id, func(t *testing.T) {
			r := MustParse(3, tc.opts)
			st, _ := r.NewState(deckFor(t, r, 0, map[int][]string{1: tc.hand}, tc.tapp), 0)
			s := st.(*State)
			for _, code := range []uint8{BidNormal, BidPass, BidPass} {
				if err := s.Apply(game.Action{Seat: s.toAct, Kind: game.KindBid, Call: code}); err != nil {
					t.Fatal(err)
				}
			}
			if s.phase != phaseExchange || s.declarer != 1 || s.hands[1].Len() != 26 {
				t.Fatalf("phase %s declarer %d", s.Phase(), s.declarer)
			}
			err := s.Apply(game.Action{Seat: 1, Kind: game.KindDiscard, Card: c(tc.card)})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.err {
				t.Fatalf("discard %s: %q, want %q", tc.card, got, tc.err)
			}
		})
	}
}

// TestBidding checks the bidding of §2.2 (B3: after a Normal only pass or
// solo; a Solo ends the bidding).
func TestBidding(t *testing.T) {
	r := Default(5)
	st, _ := r.NewState(r.Pack().Order, 4)
	s := st.(*State)
	bid := func(code uint8) error {
		return s.Apply(game.Action{Seat: s.toAct, Kind: game.KindBid, Call: code})
	}
	if s.toAct != 0 {
		t.Fatalf("first to bid is %d, want next(dealer) = 0", s.toAct)
	}
	if err := bid(BidNormal); err != nil {
		t.Fatal(err)
	}
	if err := bid(BidNormal); err == nil || err.Error() != "seat 1 cannot bid normal: seat 0 already plays normal; only pass or solo" {
		t.Fatalf("second normal: %v", err)
	}
	if err := bid(BidSolo); err != nil {
		t.Fatal(err)
	}
	if s.contract != ContractSolo || s.declarer != 1 || s.phase != phasePlay || s.toAct != 1 || s.tapp.Len() != 7 {
		t.Fatalf("after solo: %s declarer %d phase %s", s.contract, s.declarer, s.Phase())
	}
	if err := s.Apply(game.Action{Seat: 2, Kind: game.KindBid, Call: BidPass}); err == nil {
		t.Fatal("bidding went on after a Solo")
	}
}

// TestOptions checks the option table: every option of §2.6, defaults,
// canonical strings and the round trip through record options
// (Clarification 17 for "players").
func TestOptions(t *testing.T) {
	names := map[string]bool{}
	for _, sp := range Specs {
		names[sp.Name] = true
	}
	for _, n := range []string{"allPassRule", "fourKingsDiscard", "misereTie", "soloMultiplier", "mustOvertrump", "hands"} {
		if !names[n] {
			t.Errorf("option %s missing", n)
		}
	}
	if got := Default(4).String(); got != "troggu(players=4)" {
		t.Errorf("default string %s", got)
	}
	r := MustParse(7, "mustOvertrump=true,soloMultiplier=2,allPassRule=alwaysMisere,hands=14,misereTie=noPayment,fourKingsDiscard=anyFivePoint")
	want := Options{AllPassRule: AlwaysMisere, FourKingsDiscard: AnyFivePoint, MisereTie: NoPayment, SoloMultiplier: 2, MustOvertrump: true, Hands: 14}
	if r.Opts() != want {
		t.Errorf("options %+v", r.Opts())
	}
	raw := map[string]json.RawMessage{}
	for k, v := range r.Options() {
		raw[k], _ = json.Marshal(v)
	}
	back, err := New(raw, 7)
	if err != nil || back.String() != r.String() {
		t.Errorf("round trip: %v %v vs %s", back, err, r)
	}
	if len(Default(3).Options()) != 0 {
		t.Errorf("default options %v", Default(3).Options())
	}
	if _, err := New(map[string]json.RawMessage{"players": json.RawMessage("4")}, 4); err != nil {
		t.Errorf("C17: players=4 with 4 names: %v", err)
	}
	if _, err := New(map[string]json.RawMessage{"players": json.RawMessage("5")}, 4); err == nil {
		t.Error("C17: players=5 with 4 names accepted")
	}
	if _, err := New(map[string]json.RawMessage{"soloMultiplier": json.RawMessage("0")}, 4); err == nil {
		t.Error("soloMultiplier=0 accepted")
	}
	for _, n := range []int{2, 9} {
		if _, err := New(nil, n); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if g, ok := game.Lookup("troggu"); !ok || g.MinSeats != 3 || g.MaxSeats != 8 {
		t.Errorf("registration %+v", g)
	}
}

package strohmandeln

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestCounting checks the counting examples SC-1 … SC-5 (docs/RULES.md §3.7.1).
func TestCounting(t *testing.T) {
	r := NewRules(Options{})
	p := r.Pack()
	for _, tc := range []struct {
		id   string
		pile string
		want int
	}{
		{"SC-1", "H-K S-7", 14},                          // 3·6 − 4
		{"SC-3", "FOOL T21 H-K H-Q C-Q", 59},             // 19⅔
		{"SC-4", "FOOL T1 S-K S-Q C-K H-Q", 72},          // 24
		{"SC-5", strings.Join(p.IDs(p.Cards), " "), 210}, // the whole pack: 70
	} {
		t.Run(tc.id, func(t *testing.T) {
			if got := r.Count(ids(t, p, tc.pile)); got != tc.want {
				t.Errorf("Count(%s) = %d, want %d", tc.pile, got, tc.want)
			}
		})
	}
	t.Run("SC-2", func(t *testing.T) {
		// 28 cards raw 58 / 26 cards raw 48: 118 / 92 thirds, Σ 210.
		if a, b := card.Thirds(58, 28), card.Thirds(48, 26); a != 118 || b != 92 || a+b != 210 {
			t.Errorf("got %d / %d", a, b)
		}
	})
	t.Run("40-card", func(t *testing.T) {
		r := NewRules(Options{Pack40: true})
		p := r.Pack()
		if got := r.Count(p.Cards); got != 88 || p.Size() != 40 {
			t.Errorf("40-card pack counts %d with %d cards", got, p.Size())
		}
		if got := r.Count(ids(t, p, "S-10 C-10 H-1 D-1 H-K")); got != 5 {
			t.Errorf("Glatzen count %d, want 5 (the king)", got)
		}
	})
}

// outcome scores a tally as the state does: net score of each seat and
// whether the hand triggers a Nullrunde.
func outcome(r *Rules, tl tally) ([2]int, bool, []string) {
	var sh sheet
	r.score(&tl, &sh)
	var names []string
	for _, it := range sh.items[:sh.n] {
		names = append(names, ItemNames[it.kind])
	}
	return sh.net(), nullrunde(&sh, tl.contract), names
}

// TestScoringExamples checks SS-1 … SS-21 (docs/RULES.md §3.7.2) through the
// scoring function: U (or A) is seat 0, O (or B) seat 1; want is seat 0's
// net score.
func TestScoringExamples(t *testing.T) {
	und := func(u, o int) tally { t := newTally(cUndertaken, 0); t.pts = [2]int{u, o}; return t }
	simple := func(a, b int) tally { t := newTally(cSimple, -1); t.pts = [2]int{a, b}; return t }
	const na = -999 // not applicable in this scoring
	type variant struct {
		o        Options
		want     int
		nullrund bool
	}
	cases := []struct {
		id       string
		tl       tally
		classic  variant
		extended variant
	}{
		{"SS-1", und(107, 103), variant{want: 3}, variant{want: 3}},
		{"SS-2", und(106, 104), variant{want: -4}, variant{want: -4}},
		{"SS-3", und(105, 105), variant{want: -4}, variant{want: -4}},
		{"SS-4", simple(105, 105), variant{want: 0, nullrund: true}, variant{want: 0, nullrund: true}},
		{"SS-5", simple(107, 103), variant{want: 2}, variant{want: 1}},
		{"SS-6", simple(135, 75), variant{want: 2}, variant{want: 2}},
		{"SS-7", und(140, 70), variant{want: 3}, variant{want: 4}},
		{"SS-8", und(75, 135), variant{want: -4}, variant{want: -5}},
		{"SS-9", und(76, 134), variant{want: -4}, variant{want: -4}},
		{"SS-9/loserUnder26", und(76, 134), variant{o: Options{GrammelRule: GrammelLoserUnder26}, want: -4},
			variant{o: Options{GrammelRule: GrammelLoserUnder26}, want: -5}},
		{"SS-10", func() tally {
			tl := und(107, 103)
			tl.announced[0] = CallFourKings
			tl.bonus[0] = bonusTrick{player: 1, won: true}
			return tl
		}(), variant{want: 3}, variant{want: na}},
		{"SS-11", func() tally {
			tl := und(104, 106)
			tl.trullIn = 0
			tl.bonus[1] = bonusTrick{player: 1, won: true}
			return tl
		}(), variant{want: na}, variant{want: -4}},
		{"SS-12", func() tally {
			tl := und(107, 103)
			tl.announced[1] = CallTrull | CallFourKings
			tl.bonus[0] = bonusTrick{player: 1, won: true}
			return tl
		}(), variant{want: 0, nullrund: true}, variant{want: na}},
		{"SS-13/lost", func() tally { tl := und(104, 106); tl.doubled = true; return tl }(),
			variant{o: Options{AllowDoubling: true}, want: -8}, variant{o: Options{AllowDoubling: true}, want: -8}},
		{"SS-13/won", func() tally { tl := und(107, 103); tl.doubled = true; return tl }(),
			variant{o: Options{AllowDoubling: true}, want: 6}, variant{o: Options{AllowDoubling: true}, want: 6}},
		{"SS-13/grammel", func() tally { tl := und(140, 70); tl.doubled = true; return tl }(),
			variant{o: Options{AllowDoubling: true}, want: 6}, variant{o: Options{AllowDoubling: true}, want: 7}},
		{"SS-14", func() tally {
			tl := und(210, 0)
			tl.valat, tl.trullIn, tl.kingsIn = 0, 0, 0
			tl.bonus[0] = bonusTrick{player: 0, won: true}
			return tl
		}(), variant{want: 12}, variant{want: 12}},
		{"SS-14/valatReplacesAll=false", func() tally {
			tl := und(210, 0)
			tl.valat, tl.trullIn, tl.kingsIn = 0, 0, 0
			return tl
		}(), variant{o: Options{ValatAdditive: true}, want: 3 + 12}, variant{o: Options{ValatAdditive: true}, want: 3 + 1 + 1 + 1 + 12}},
		{"SS-16", func() tally { tl := und(107, 103); tl.rossSeat, tl.rossWon = 0, true; return tl }(),
			variant{want: na}, variant{want: 4}},
		{"SS-17", func() tally { tl := und(107, 103); tl.rossSeat = 0; return tl }(),
			variant{want: na}, variant{want: 2}},
		{"SS-18", func() tally { tl := und(107, 103); tl.bonus[0] = bonusTrick{player: 1}; return tl }(),
			variant{want: 4}, variant{want: 4}},
		{"SS-19", und(45, 43), variant{o: Options{Pack40: true}, want: 3}, variant{o: Options{Pack40: true}, want: 3}},
		{"SS-20", und(44, 44), variant{o: Options{Pack40: true}, want: -4}, variant{o: Options{Pack40: true}, want: -4}},
		{"SS-21", simple(44, 44), variant{o: Options{Pack40: true}, want: 0, nullrund: true},
			variant{o: Options{Pack40: true}, want: 0, nullrund: true}},
		// Further checks of the rulings behind the table.
		{"uhu-captured", func() tally { tl := und(107, 103); tl.bonus[1] = bonusTrick{player: 1}; return tl }(),
			variant{want: 3}, variant{want: 4}},
		{"uhu-captured/silentBonusFailurePenalty=false", func() tally {
			tl := und(107, 103)
			tl.bonus[1] = bonusTrick{player: 1}
			tl.bonus[2] = bonusTrick{player: 1}
			return tl
		}(), variant{o: Options{NoSilentBonusFailurePenalty: true}, want: 3}, variant{o: Options{NoSilentBonusFailurePenalty: true}, want: 3}},
		{"kakadu", func() tally { tl := und(107, 103); tl.bonus[2] = bonusTrick{player: 0, won: true}; return tl }(),
			variant{want: 3}, variant{want: 4}},
		{"40-card grammel 57", und(57, 31), variant{o: Options{Pack40: true}, want: 3}, variant{o: Options{Pack40: true}, want: 4}},
		{"40-card grammel 56", und(56, 32), variant{o: Options{Pack40: true}, want: 3}, variant{o: Options{Pack40: true}, want: 3}},
		{"40-card loserUnder26 (Clarification 10)", und(56, 32), variant{o: Options{Pack40: true, GrammelRule: GrammelLoserUnder26}, want: 3},
			variant{o: Options{Pack40: true, GrammelRule: GrammelLoserUnder26}, want: 4}},
		{"net zero is a Nullrunde (C16)", func() tally {
			tl := simple(107, 103)
			tl.bonus[0] = bonusTrick{player: 1, won: true}
			return tl
		}(), variant{want: 1}, variant{want: 0, nullrund: true}},
	}
	for _, tc := range cases {
		for _, sc := range []struct {
			name string
			s    Scoring
			v    variant
		}{{"classic", Classic, tc.classic}, {"extended", Extended, tc.extended}} {
			if sc.v.want == na {
				continue
			}
			t.Run(tc.id+"/"+sc.name, func(t *testing.T) {
				o := sc.v.o
				o.Scoring = sc.s
				net, null, items := outcome(NewRules(o), tc.tl)
				if net[0] != sc.v.want || net[0] != -net[1] || null != sc.v.nullrund {
					t.Errorf("net %v nullrunde %v (items %v), want %d nullrunde %v", net, null, items, sc.v.want, sc.v.nullrund)
				}
			})
		}
	}
}

// TestNullrunde checks SS-15 and the Nullrunde window of a sitting.
func TestNullrunde(t *testing.T) {
	played := game.Result{Contract: "undertaken", Score: []int{4, -4}}
	null := game.Result{Contract: "simple", Score: []int{0, 0}, Double: true}
	fold := game.Result{Contract: "folded", Score: []int{0, 0}, Redeal: true}
	t.Run("SS-15", func(t *testing.T) {
		r := NewRules(Options{})
		mult, st := r.NextMultiplier(NullState{}, null) // the drawn game triggers the Nullrunde
		if mult != 2 {
			t.Fatalf("multiplier after a trigger %d", mult)
		}
		// First game of the Nullrunde: undertaken won (3) with U's Pagat ultimo (1).
		tl := newTally(cUndertaken, 0)
		tl.pts = [2]int{107, 103}
		tl.bonus[0] = bonusTrick{player: 0, won: true}
		net, _, _ := outcome(r, tl)
		res := Scaled(game.Result{Score: net[:], Items: []game.Item{{Item: "game", Points: 3}, {Item: "pagat_ultimo", Points: 1}}}, mult)
		if res.Score[0] != 8 || res.Score[1] != -8 || res.Items[0].Points != 6 || res.Items[1].Points != 2 {
			t.Errorf("scaled %+v", res)
		}
		if mult, _ = r.NextMultiplier(st, played); mult != 2 {
			t.Errorf("second game of the Nullrunde counts %d", mult)
		}
	})
	for _, tc := range []struct {
		name  string
		stack Stacking
		hands []game.Result
		want  []int // multiplier of each hand, then of the next one
	}{
		{"window of two played games", StackRestart, []game.Result{null, played, fold, played, played}, []int{1, 2, 2, 2, 1, 1}},
		{"restart", StackRestart, []game.Result{null, null, played, played}, []int{1, 2, 2, 2, 1}},
		{"stack", StackStack, []game.Result{null, null, played, played}, []int{1, 2, 4, 2, 1}},
		{"stack thrice", StackStack, []game.Result{null, null, null, played, played}, []int{1, 2, 4, 4, 2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRules(Options{NullrundeStacking: tc.stack})
			var st NullState
			got := []int{st.Multiplier()}
			for _, res := range tc.hands {
				var m int
				m, st = r.NextMultiplier(st, res)
				got = append(got, m)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("multipliers %v, want %v", got, tc.want)
			}
		})
	}
}

// craft returns a state in the play where seat 0 led `led` and seat 1, to
// follow, holds hand and exposed tops (one per Strohmann, in order).
func craft(t *testing.T, r *Rules, led, hand string, tops ...string) *State {
	t.Helper()
	p := r.Pack()
	s := r.NewHand()
	s.Reset(p.Order, 1)
	s.phase, s.contract = phPlay, cSimple
	s.hand = [2]card.Set{ids(t, p, led), ids(t, p, hand)}
	for seat := range s.piles {
		for k := range s.piles[seat] {
			s.piles[seat][k] = pile{}
		}
	}
	s.tops = [2]card.Set{}
	for k, id := range tops {
		c := ids(t, p, id).Lowest()
		s.piles[1][k] = pile{cards: [4]card.Card{c}, n: 1, next: 1, top: c}
		s.tops[1].Add(c)
	}
	s.avail = [2]card.Set{s.hand[0], s.hand[1].Union(s.tops[1])}
	s.toAct = 0
	s.ApplyUnchecked(game.Action{Seat: 0, Kind: game.KindPlay, Card: ids(t, p, led).Lowest()})
	return s
}

func legalSet(s *State) card.Set {
	var out card.Set
	for _, a := range s.Legal(nil) {
		if a.Kind == game.KindPlay {
			out.Add(a.Card)
		}
	}
	return out
}

// TestLegalityExamples checks SL-1 … SL-5 (docs/RULES.md §3.7.3).
func TestLegalityExamples(t *testing.T) {
	r := NewRules(Options{})
	p := r.Pack()
	for _, tc := range []struct {
		id, led, hand string
		tops          []string
		want          string
		refuse        string // an illegal card and the expected reason
		reason        string
	}{
		{id: "SL-2", led: "H-3", hand: "T5 S-7", tops: []string{"C-7", "H-N"}, want: "H-N",
			refuse: "T5", reason: "seat 1 must follow hearts; H-N is an exposed Strohmann top, T5 is not allowed"},
		{id: "SL-3", led: "S-9", hand: "T2 FOOL H-3", want: "T2 FOOL",
			refuse: "H-3", reason: "seat 1 cannot follow spades and must play a Tarock (T2 in hand); H-3 is not allowed"},
		{id: "SL-4", led: "C-8", hand: "H-1", tops: []string{"D-J"}, want: "H-1 D-J"},
		{id: "SL-5", led: "D-4", hand: "", tops: []string{"S-7", "D-2"}, want: "D-2",
			refuse: "S-7", reason: "seat 1 must follow diamonds; D-2 is an exposed Strohmann top, S-7 is not allowed"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			s := craft(t, r, tc.led, tc.hand, tc.tops...)
			if got, want := legalSet(s), ids(t, p, tc.want); got != want {
				t.Errorf("legal %s, want %s", got, want)
			}
			if tc.refuse != "" {
				before := *s
				err := s.Apply(game.Action{Seat: 1, Kind: game.KindPlay, Card: ids(t, p, tc.refuse).Lowest()})
				if err == nil || err.Error() != tc.reason {
					t.Errorf("refusal %v, want %q", err, tc.reason)
				}
				if *s != before {
					t.Error("refused play changed the state")
				}
			}
		})
	}
	for _, last := range []LastCard{LastToHand, LastStaysOnTable} {
		t.Run("SL-1/"+[]string{"toHand", "staysOnTable"}[last], func(t *testing.T) {
			r := NewRules(Options{LastStrohmannCard: last})
			// Dealer 0, so Elder is seat 1; Elder's Strohmann 1 is deck[30..33].
			deck := deckWith(t, r, map[int]string{30: "T9", 31: "S-K", 32: "H-Q", 33: "C-7"})
			s, err := r.Deal(deck, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range []game.Action{
				{Seat: 1, Kind: game.KindFold, Call: CallStay}, {Seat: 0, Kind: game.KindFold, Call: CallStay},
				{Seat: 1, Kind: game.KindBid, Call: CallPass}, {Seat: 0, Kind: game.KindBid, Call: CallPass},
			} {
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			hq, c7 := ids(t, p, "H-Q").Lowest(), ids(t, p, "C-7").Lowest()
			if !s.hand[1].Has(card.Trump(9)) || !s.hand[1].Has(ids(t, p, "S-K").Lowest()) || s.piles[1][0].top != hq ||
				s.piles[1][0].faceDown() != card.Single(c7) || !s.shown[1].Has(card.Trump(9)) {
				t.Fatalf("after the reveal: hand %s, Strohmann 1 %+v", s.hand[1], s.piles[1][0])
			}
			if err := s.Apply(game.Action{Seat: 1, Kind: game.KindPlay, Card: hq}); err != nil {
				t.Fatal(err)
			}
			l := s.Legal(nil)
			if err := s.Apply(l[0]); err != nil {
				t.Fatal(err)
			}
			if last == LastToHand && (!s.hand[1].Has(c7) || s.piles[1][0].top != card.None || !s.shown[1].Has(c7)) {
				t.Errorf("C-7 not taken up: hand %s, Strohmann %+v", s.hand[1], s.piles[1][0])
			}
			if last == LastStaysOnTable && (s.hand[1].Has(c7) || s.piles[1][0].top != c7 || !s.tops[1].Has(c7)) {
				t.Errorf("C-7 not exposed: hand %s, Strohmann %+v", s.hand[1], s.piles[1][0])
			}
		})
	}
}

// deckWith returns the pack's canonical order with the given cards moved to
// the given deck positions.
func deckWith(t *testing.T, r *Rules, at map[int]string) []card.Card {
	t.Helper()
	p := r.Pack()
	deck := make([]card.Card, p.Size())
	var fixed card.Set
	for i, id := range at {
		c := ids(t, p, id).Lowest()
		deck[i] = c
		fixed.Add(c)
	}
	rest := p.Cards.Minus(fixed)
	for i := range deck {
		if deck[i] == card.None {
			deck[i] = rest.Pop()
		}
	}
	return deck
}

// play applies actions and fails on a refusal.
func mustApply(t *testing.T, s *State, as ...game.Action) {
	t.Helper()
	for _, a := range as {
		if err := s.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
}

func playOut(t *testing.T, s *State, rng *rand.Rand) {
	t.Helper()
	for !s.Done() {
		mustApply(t, s, game.Pick(rng, s.Legal(nil)))
	}
}

// TestRostopschin plays a Rostopschin through the engine.
func TestRostopschin(t *testing.T) {
	r := NewRules(Options{})
	// Dealer 0, Elder 1: Elder's first hand packet deck[0..4] holds
	// T17, T18 and the three highest Tarocks; the dealer's hand is
	// deck[5..9] + [15..19] + [25..29].
	at := map[int]string{0: "T17", 1: "T18", 2: "FOOL", 3: "T21", 4: "T20", 5: "T2", 6: "T3", 7: "T4", 8: "T5", 9: "T6"}
	for _, won := range []bool{true, false} {
		s, err := r.Deal(deckWith(t, r, at), 0)
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay},
			game.Action{Seat: 1, Kind: game.KindBid, Call: CallUndertake})
		ross := game.Action{Seat: 1, Kind: game.KindPlay, Card: t17, Call: SayRoss}
		if !containsAction(s.Legal(nil), ross) {
			t.Fatalf("Ross! not offered: %v", s.Legal(nil))
		}
		mustApply(t, s, ross, game.Action{Seat: 0, Kind: game.KindPlay, Card: card.Trump(2)})
		if !hasKnown(s.View(game.ViewerOf(0)).(*View).Players[1], "T18") {
			t.Error("T18 is not known to the opponent after Ross!")
		}
		top := game.Action{Seat: 1, Kind: game.KindPlay, Card: t18, Call: SayTopschin}
		if err := s.Apply(game.Action{Seat: 1, Kind: game.KindPlay, Card: card.Fool, Call: SayTopschin}); err == nil {
			t.Error("Topschin! with the Sküs accepted")
		}
		if won {
			mustApply(t, s, top)
		} else {
			mustApply(t, s, game.Action{Seat: 1, Kind: game.KindPlay, Card: t18})
		}
		mustApply(t, s, game.Action{Seat: 0, Kind: game.KindPlay, Card: card.Trump(3)})
		playOut(t, s, rand.New(rand.NewPCG(1, 2)))
		want := "rostopschin_lost"
		if won {
			want = "rostopschin"
		}
		found := false
		for _, it := range s.Result().Items {
			if it.Item == want {
				found = it.Seats[0] == map[bool]int{true: 1, false: 0}[won]
			}
		}
		if !found {
			t.Errorf("won=%v: items %+v lack %s", won, s.Result().Items, want)
		}
	}
	// Classic scoring has no Rostopschin.
	rc := NewRules(Options{Scoring: Classic})
	s, _ := rc.Deal(deckWith(t, rc, at), 0)
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay},
		game.Action{Seat: 1, Kind: game.KindBid, Call: CallPass}, game.Action{Seat: 0, Kind: game.KindBid, Call: CallPass})
	if err := s.Apply(game.Action{Seat: 1, Kind: game.KindPlay, Card: t17, Call: SayRoss}); err == nil {
		t.Error("Ross! accepted in classic scoring")
	}
}

func hasKnown(pv PlayerView, id string) bool {
	for _, k := range pv.Known {
		if k == id {
			return true
		}
	}
	return false
}

func containsAction(as []game.Action, a game.Action) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// TestAnnouncements checks the classic in-hand announcements through the
// engine: offered at the holder's turn only, shown to the opponent, scored.
func TestAnnouncements(t *testing.T) {
	r := NewRules(Options{Scoring: Classic})
	at := map[int]string{0: "FOOL", 1: "T21", 2: "T1", 3: "S-K", 4: "C-K", 10: "H-K", 11: "D-K"}
	s, err := r.Deal(deckWith(t, r, at), 0)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay},
		game.Action{Seat: 1, Kind: game.KindBid, Call: CallPass}, game.Action{Seat: 0, Kind: game.KindBid, Call: CallPass})
	trull := game.Action{Seat: 1, Kind: game.KindAnnounce, Call: CallTrull}
	kings := game.Action{Seat: 1, Kind: game.KindAnnounce, Call: CallFourKings}
	if l := s.Legal(nil); !containsAction(l, trull) || !containsAction(l, kings) {
		t.Fatalf("announcements not offered: %v", l)
	}
	mustApply(t, s, trull)
	if err := s.Apply(trull); err == nil || !strings.Contains(err.Error(), "already announced") {
		t.Errorf("second Trull: %v", err)
	}
	v := s.View(game.ViewerOf(0)).(*View)
	for _, id := range []string{"FOOL", "T21", "T1"} {
		if !hasKnown(v.Players[1], id) {
			t.Errorf("%s not shown after the announcement: %v", id, v.Players[1].Known)
		}
	}
	// Play a king first: Four Kings can no longer be announced.
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindPlay, Card: kingsSet.Lowest()})
	l := s.Legal(nil)
	mustApply(t, s, l[0])
	for s.ToAct() != 1 {
		mustApply(t, s, s.Legal(nil)[0])
	}
	if containsAction(s.Legal(nil), kings) {
		t.Error("Four Kings offered after a king was played")
	}
	playOut(t, s, rand.New(rand.NewPCG(3, 4)))
	found := false
	for _, it := range s.Result().Items {
		found = found || it.Item == "trull" && it.Seats[0] == 1 && it.Points == 1
	}
	if !found {
		t.Errorf("items %+v lack the announced Trull", s.Result().Items)
	}
}

// TestFoldAndThrowIn checks the fold question, the throw-in and the dealer
// rotation (Clarification 9, C1, C2).
func TestFoldAndThrowIn(t *testing.T) {
	r := NewRules(Options{})
	p := r.Pack()
	// Elder (seat 1) holds no Tarock: deck[0..4], [10..14], [20..24] suit cards.
	at := map[int]string{}
	suits := p.Cards.Minus(card.TrumpsAndFool)
	for _, i := range []int{0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24} {
		at[i] = p.ID(suits.Pop())
	}
	s, err := r.Deal(deckWith(t, r, at), 0)
	if err != nil {
		t.Fatal(err)
	}
	fold := game.Action{Seat: 1, Kind: game.KindFold, Call: CallFold}
	if !containsAction(s.Legal(nil), fold) {
		t.Fatal("fold not offered without a Tarock")
	}
	mustApply(t, s, fold)
	res := s.Result()
	if !s.Done() || res.Contract != "folded" || !res.Redeal || res.Score[0] != 0 || res.CardPoints[1] != 0 || r.NextDealer(0, res) != 0 {
		t.Errorf("after a fold: %+v", res)
	}
	// The dealer holds Tarocks and may not fold.
	s, _ = r.Deal(deckWith(t, r, at), 0)
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay})
	if err := s.Apply(game.Action{Seat: 0, Kind: game.KindFold, Call: CallFold}); err == nil || !strings.Contains(err.Error(), "cannot fold") {
		t.Errorf("fold with a Tarock: %v", err)
	}
	// simpleGame=fold: both pass → thrown in, same dealer.
	rf := NewRules(Options{SimpleGame: SimpleFold})
	s, _ = rf.Deal(p.Order, 1)
	mustApply(t, s, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay},
		game.Action{Seat: 0, Kind: game.KindBid, Call: CallPass}, game.Action{Seat: 1, Kind: game.KindBid, Call: CallPass})
	if res := s.Result(); !s.Done() || res.Contract != "thrown_in" || !res.Redeal || rf.NextDealer(1, res) != 1 {
		t.Errorf("after a throw-in: %+v", res)
	}
	// A played hand passes the deal.
	s, _ = r.Deal(p.Order, 1)
	playOut(t, s, rand.New(rand.NewPCG(5, 6)))
	if r.NextDealer(1, s.Result()) != 0 {
		t.Error("deal does not alternate")
	}
}

// TestDoubling checks the doubling question (C10).
func TestDoubling(t *testing.T) {
	r := NewRules(Options{AllowDoubling: true})
	s, _ := r.Deal(r.Pack().Order, 0)
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay},
		game.Action{Seat: 1, Kind: game.KindBid, Call: CallPass}, game.Action{Seat: 0, Kind: game.KindBid, Call: CallUndertake})
	if s.Phase() != "double" || s.ToAct() != 1 {
		t.Fatalf("phase %s, to act %d", s.Phase(), s.ToAct())
	}
	if err := s.Apply(game.Action{Seat: 0, Kind: game.KindDouble, Call: CallDouble}); err == nil {
		t.Error("the undertaker doubled")
	}
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindDouble, Call: CallDouble})
	if s.Phase() != "play" || !s.doubled {
		t.Fatal("not doubled")
	}
	if err := s.Apply(game.Action{Seat: 1, Kind: game.KindDouble, Call: CallDouble}); err == nil ||
		err.Error() != "seat 1 cannot double now: the play expects play" {
		t.Errorf("redouble: %v", err)
	}
	playOut(t, s, rand.New(rand.NewPCG(7, 8)))
	res := s.Result()
	if res.Items[0].Item != "game" || res.Items[1].Item != "double" || res.Items[0].Points != res.Items[1].Points {
		t.Errorf("doubled items %+v", res.Items)
	}
	// Without the option there is no doubling question.
	r = NewRules(Options{})
	s, _ = r.Deal(r.Pack().Order, 0)
	mustApply(t, s, game.Action{Seat: 1, Kind: game.KindFold, Call: CallStay}, game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay},
		game.Action{Seat: 1, Kind: game.KindBid, Call: CallUndertake})
	if s.Phase() != "play" {
		t.Errorf("phase %s", s.Phase())
	}
}

// TestMessages checks refusal reasons in the style of the shared examples.
func TestMessages(t *testing.T) {
	r := NewRules(Options{})
	s, _ := r.Deal(r.Pack().Order, 0)
	for _, tc := range []struct {
		a    game.Action
		want string
	}{
		{game.Action{Seat: 0, Kind: game.KindFold, Call: CallStay}, "out of turn: seat 0 acted, seat 1 is to say fold or stay"},
		{game.Action{Seat: 1, Kind: game.KindBid, Call: CallPass}, "seat 1 cannot bid now: the fold check expects fold"},
		{game.Action{Seat: 1, Kind: game.KindFold}, "fold: call code 0 is neither fold nor stay"},
		{game.Action{Seat: 3, Kind: game.KindFold, Call: CallStay}, "seat 3 does not exist (0…1)"},
	} {
		if err := s.Apply(tc.a); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.a, err, tc.want)
		}
	}
	playOut(t, s, rand.New(rand.NewPCG(1, 1)))
	if err := s.Apply(game.Action{Seat: 0, Kind: game.KindPlay, Card: card.Fool}); err == nil ||
		err.Error() != "out of turn: seat 0 acted, but the hand is over" {
		t.Errorf("after the end: %v", err)
	}
	for _, l := range []card.Lang{card.English, card.German} {
		for _, a := range []game.Action{{Kind: game.KindBid, Call: CallUndertake}, {Kind: game.KindPlay, Card: t17, Call: SayRoss},
			{Kind: game.KindPlay, Card: card.Fool}, {Kind: game.KindAnnounce, Call: CallTrull}, {Kind: game.KindFold, Call: CallFold}} {
			if d := r.Describe(a, l); d == "" || strings.Contains(d, "?") {
				t.Errorf("Describe(%+v) = %q", a, d)
			}
		}
	}
	if d := r.Describe(game.Action{Kind: game.KindPlay, Card: card.Fool}, card.German); d != "spielt den Sküs" {
		t.Errorf("German description %q", d)
	}
}

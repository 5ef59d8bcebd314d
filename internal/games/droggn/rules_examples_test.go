package droggn

import (
	"reflect"
	"testing"

	"trull/internal/card"
)

func ids(t *testing.T, p *card.Pack, list ...string) []card.Card {
	t.Helper()
	out := make([]card.Card, 0, len(list))
	for _, id := range list {
		c, err := p.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// TestCounting covers docs/RULES.md §1.8.1 (DC-*).
func TestCounting(t *testing.T) {
	p := card.Droggn66
	cases := []struct {
		id   string
		pile []string
		want int
	}{
		{"DC-1", []string{"S-Q", "S-9", "S-8"}, 4},
		{"DC-2", []string{"H-K", "H-N", "H-J"}, 8},
		{"DC-3", []string{"S-10", "H-2", "T5"}, 1},
		{"DC-4", []string{"S-N", "S-J"}, 4},
		{"DC-5a", []string{"C-K"}, 4},
		{"DC-5b", []string{"D-3"}, 0},
		{"DC-6", []string{"H-K", "H-J", "H-3"}, 6},
		{"DC-7", []string{"FOOL"}, 4},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			s := card.Of(ids(t, p, c.pile...)...)
			if got := card.Threes(p.Raw(s), s.Len()); got != c.want {
				t.Errorf("%v = %d, want %d", c.pile, got, c.want)
			}
		})
	}
	t.Run("DC-8", func(t *testing.T) {
		if got := card.Threes(p.Total, p.Size()); got != 74 || p.Size() != 66 || p.Total != 118 {
			t.Errorf("pack: %d cards, raw %d, counted %d", p.Size(), p.Total, got)
		}
		if q := card.Droggn78; card.Threes(q.Total, q.Size()) != 78 {
			t.Errorf("78-card pack counts %d", card.Threes(q.Total, q.Size()))
		}
	})
	// DC-9 … DC-11: pile sizes and raw totals as given.
	for _, c := range []struct {
		id          string
		n, raw, pts int
	}{
		{"DC-9 declarer", 33, 57, 35}, {"DC-9 defenders", 33, 61, 39},
		{"DC-10 declarer", 38, 63, 38}, {"DC-10 defenders", 28, 55, 36},
		{"DC-11 declarer", 65, 113, 70}, {"DC-11 defenders", 1, 5, 4},
	} {
		if got := card.Threes(c.raw, c.n); got != c.pts {
			t.Errorf("%s: %d cards raw %d = %d, want %d", c.id, c.n, c.raw, got, c.pts)
		}
	}
}

// TestScoring covers docs/RULES.md §1.8.2 (D-*): X from the declarer's view and
// the zero-sum split where the example gives it.
func TestScoring(t *testing.T) {
	none := Tally{PagatLaidSide: -1, PagatSide: -1, PagatCaptor: -1}
	with := func(f func(*Tally)) Tally { t := none; f(&t); return t }
	cases := []struct {
		id      string
		players int
		opts    string
		t       Tally
		want    int
	}{
		{"D-1", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor = Solo, 40, 0, true, true, 0
		}), 53},
		{"D-2", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.PagatLaidSide, t.PagatSide, t.PagatLast, t.PagatWon = Ansager, 31, 0, 0, true, true
		}), -6},
		{"D-3", 3, "", with(func(t *Tally) { t.Contract, t.P = Ansager, 37 }), 20},
		{"D-4", 3, "", with(func(t *Tally) { t.Contract, t.P = Ansager, 36 }), -21},
		{"D-5", 3, "", with(func(t *Tally) { t.Contract, t.P, t.K = Super, 50, 2 }), 372},
		{"D-6", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.K, t.PagatSide, t.PagatCaptor = Solo, 30, 1, 0, 1
		}), -99},
		{"D-7", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.K, t.PagatLaidSide, t.PagatSide, t.PagatLast, t.PagatCaptor = Ansager, 45, 1, 0, 0, true, 1
		}), 16},
		{"D-8a", 3, "", with(func(t *Tally) { t.Contract, t.AllTricks = SuperMord, true }), 167},
		{"D-8b", 3, "", with(func(t *Tally) { t.Contract, t.AllTricks, t.FoolLaid, t.FoolWon, t.K = SuperMord, true, true, true, 1 }), 374},
		{"D-8c", 3, "", with(func(t *Tally) { t.Contract, t.PagatLaidSide, t.PagatSide = SuperMord, 0, -1 }), -187},
		{"D-9", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.AllTricks, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor = Ansager, 70, true, 0, true, true, 0
		}), 67},
		{"D-10", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor = Ansager, 40, 1, true, true, 1
		}), 13},
		{"D-11", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor = Ansager, 35, 1, true, false, 1
		}), -12},
		{"D-12", 3, "", with(func(t *Tally) {
			t.Contract, t.P, t.K, t.PagatLaidSide, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor = Solo, 38, 1, 1, 1, true, true, 1
		}), 42},
		{"D-13a", 3, "pack=78", with(func(t *Tally) { t.Contract, t.P = Ansager, 45 }), 26},
		{"D-13b", 3, "pack=78", with(func(t *Tally) { t.Contract, t.P = Ansager, 38 }), -21},
		{"D-13c", 3, "pack=78", with(func(t *Tally) { t.Contract, t.AllTricks = SuperMord, true }), 169},
		{"D-14a", 3, "winRule=38", with(func(t *Tally) { t.Contract, t.P = Ansager, 37 }), -20},
		{"D-14b declarer last", 3, "winRule=37tieLastTrick", with(func(t *Tally) { t.Contract, t.P, t.LastTrickDecl = Ansager, 37, true }), 20},
		{"D-14b defenders last", 3, "winRule=37tieLastTrick", with(func(t *Tally) { t.Contract, t.P = Ansager, 37 }), -20},
		{"D-15a", 3, "superMordPagatScoring=separate", with(func(t *Tally) {
			t.Contract, t.AllTricks, t.PagatSide, t.PagatCaptor = SuperMord, true, 1, 0
		}), 172},
		{"D-15b", 3, "superMordPagatScoring=separate", with(func(t *Tally) {
			t.Contract, t.PagatSide, t.PagatCaptor = SuperMord, 1, 0
		}), -162},
		{"D-16", 3, "kleineUndGstiessUltimo=true", with(func(t *Tally) {
			t.Contract, t.P, t.PagatSide, t.PagatLast, t.PagatWon, t.PagatCaptor, t.KGU = Ansager, 42, 0, true, true, 0, true
		}), 45},
		{"D-19", 3, "", with(func(t *Tally) { t.Contract, t.P, t.K = Super, 20, 3 }), -776},
		{"D-20", 3, "", with(func(t *Tally) { t.Contract, t.P = Ansager, 39 }), 22},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			r := MustParse(c.players, c.opts)
			got, items := r.Score(c.t)
			if got != c.want {
				t.Errorf("X = %d, want %d (items %+v)", got, c.want, items)
			}
		})
	}
	t.Run("D-17", func(t *testing.T) {
		if got := RevokePenalty(Solo, 1, true); got != 120 {
			t.Errorf("revoke penalty %d, want 120", got)
		}
	})
	t.Run("D-18", func(t *testing.T) {
		// 4 players, X = −6: the declarer −18, each of the 3 others +6.
		if got := zeroSum(4, 1, -6); !reflect.DeepEqual(got, []int{6, -18, 6, 6}) {
			t.Errorf("split %v", got)
		}
		// D-2 in 3 players: −12 / +6.
		if got := zeroSum(3, 0, -6); !reflect.DeepEqual(got, []int{-12, 6, 6}) {
			t.Errorf("split %v", got)
		}
	})
}

// spot builds a play-phase state: the declarer is seat 0, tricks so far
// are trickNo, the trick holds the given cards played by seats 0, 1, …
// and hand is the hand of the seat to act.
func spot(t *testing.T, r *Rules, trickNo int, trick []string, hand []string) *State {
	t.Helper()
	p := r.pack
	s := &State{r: r, phase: PhPlay, declarer: 0, contract: Ansager, defs: [2]int8{1, 2},
		pagatLaid: -1, buyFrom: -1, t1Trick: -1, t1Player: -1, t1Winner: -1, declAll: true}
	s.trickNo = int8(trickNo)
	for i, c := range ids(t, p, trick...) {
		s.trick[i], s.trickSeat[i] = c, int8(i)
		if s.gov == card.None && c != card.Fool {
			s.gov = c
		}
	}
	s.trickLen = int8(len(trick))
	s.toAct = int8(len(trick))
	s.hands[s.toAct] = card.Of(ids(t, p, hand...)...)
	return s
}

// TestLegality covers docs/RULES.md §1.8.3 (DL-*).
func TestLegality(t *testing.T) {
	r := Default(3)
	cases := []struct {
		id    string
		trick []string
		hand  []string
		laid  bool // the seat to act laid out T1
		want  []string
	}{
		{"DL-1", []string{"H-5"}, []string{"H-K", "T3", "FOOL", "S-4"}, false, []string{"H-K", "FOOL"}},
		{"DL-2", []string{"H-5"}, []string{"T3", "T9", "FOOL", "S-4"}, false, []string{"T3", "T9", "FOOL"}},
		{"DL-3", []string{"T12"}, []string{"S-4", "D-1"}, false, []string{"S-4", "D-1"}},
		{"DL-4", []string{"FOOL"}, []string{"H-K", "T3", "S-4"}, false, []string{"H-K", "T3", "S-4"}},
		{"DL-5", []string{"FOOL", "S-Q"}, []string{"S-7", "T20"}, false, []string{"S-7"}},
		{"DL-6", []string{"T8", "T2"}, []string{"T1", "T4", "C-K"}, true, []string{"T4"}},
		{"DL-7", []string{"T8", "T2"}, []string{"T1", "C-K"}, true, []string{"T1"}},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			s := spot(t, r, 3, c.trick, c.hand)
			if c.laid {
				s.pagatLaid, s.special = s.toAct, true
			}
			want := card.Of(ids(t, r.pack, c.want...)...)
			if got := s.LegalCards(); got != want {
				t.Errorf("legal %s, want %s", got, want)
			}
		})
	}
	t.Run("DL-8", func(t *testing.T) {
		// Trick H-K (A, declarer), FOOL (B), H-3 (C): A wins; the FOOL goes
		// to B's side; A's side takes H-K and H-3.
		s := spot(t, r, 3, []string{"H-K", "FOOL"}, []string{"H-3", "S-4"})
		s.hands[0], s.hands[1] = card.Of(ids(t, r.pack, "S-5", "S-6")...), card.Of(ids(t, r.pack, "S-7", "S-8")...)
		s.PlayCard(ids(t, r.pack, "H-3")[0])
		if s.leader != 0 {
			t.Errorf("winner %d, want 0", s.leader)
		}
		if want := card.Of(ids(t, r.pack, "H-K", "H-3")...); s.piles[sideDecl] != want {
			t.Errorf("declarer pile %s, want %s", s.piles[sideDecl], want)
		}
		if want := card.Single(card.Fool); s.piles[sideDef] != want {
			t.Errorf("defenders' pile %s, want FOOL", s.piles[sideDef])
		}
	})
}

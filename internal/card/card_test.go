package card

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestPacks checks every pack's size, raw points and counted total
// (docs/RULES.md §1.1, §2.1, §3.1).
func TestPacks(t *testing.T) {
	cases := []struct {
		p         *Pack
		size, raw int
		counted   int
		count     func(raw, n int) int
		includes  []string
		excludes  []string
	}{
		{Droggn66, 66, 118, 74, Threes, []string{"S-4", "S-10", "H-1", "H-7", "FOOL"}, []string{"S-3", "H-8", "D-10"}},
		{Droggn78, 78, 130, 78, Threes, []string{"S-1", "H-10"}, nil},
		{Troggu62, 62, 114, 114, func(r, _ int) int { return r }, []string{"Sw-5", "Sw-6", "Sw-10", "Cu-1", "Cu-6"}, []string{"Sw-4", "Cu-7"}},
		{Stroh54, 54, 106, 210, Thirds, []string{"S-7", "C-10", "H-1", "D-4"}, []string{"S-6", "H-5"}},
		{Stroh40, 40, 88, 88, func(r, _ int) int { return r }, []string{"S-10", "C-10", "H-1", "D-1", "T1", "T4"}, []string{"T2", "T3", "S-9", "H-2"}},
	}
	for _, c := range cases {
		t.Run(c.p.Name, func(t *testing.T) {
			if c.p.Size() != c.size || c.p.Total != c.raw || c.p.Cards.Len() != c.size {
				t.Errorf("size %d raw %d, want %d %d", c.p.Size(), c.p.Total, c.size, c.raw)
			}
			if got := c.count(c.p.Total, c.p.Size()); got != c.counted {
				t.Errorf("counted %d, want %d", got, c.counted)
			}
			for _, id := range c.includes {
				if _, err := c.p.Parse(id); err != nil {
					t.Errorf("%s: %v", id, err)
				}
			}
			for _, id := range c.excludes {
				var nip *NotInPackError
				if _, err := c.p.Parse(id); !errors.As(err, &nip) {
					t.Errorf("%s: error %v, want not in pack", id, err)
				}
			}
			for _, c2 := range c.p.Order {
				if c.p.ID(c2) != c.p.Style.ID(c2) {
					t.Errorf("ID of %d: %s, the style's %s", c2, c.p.ID(c2), c.p.Style.ID(c2))
				}
				back, err := c.p.Parse(c.p.ID(c2))
				if err != nil || back != c2 {
					t.Errorf("ID round trip of %d: %s → %d %v", c2, c.p.ID(c2), back, err)
				}
			}
		})
	}
	if Stroh40.Points(Pip(Suit0, 10)) != 0 || Stroh54.Points(Pip(Suit0, 10)) != 1 {
		t.Error("the 40-card Glatze must be worth 0 there and only there")
	}
}

// BenchmarkPackParse parses every card ID of the Troggu pack.
func BenchmarkPackParse(b *testing.B) {
	ids := Troggu62.IDs(Troggu62.Cards)
	for b.Loop() {
		for _, id := range ids {
			if _, err := Troggu62.Parse(id); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestParseID covers malformed identifiers.
func TestParseID(t *testing.T) {
	for _, id := range []string{"", "X", "T0", "T22", "T01", "S-11", "S-0", "S-01", "s-K", "Cu-K", "FOOl", "S-", "H-KK"} {
		if _, err := French.ParseID(id); err == nil {
			t.Errorf("%q parsed", id)
		} else if err.Error() != "unknown card ID '"+id+"'" {
			t.Errorf("%q: %v", id, err)
		}
	}
	if c, err := Italian.ParseID("Cu-K"); err != nil || c != SuitCard(Suit2, King) {
		t.Errorf("Cu-K: %v %v", c, err)
	}
}

// TestRanks checks the pip order: long suits 10 high, round suits ace high.
func TestRanks(t *testing.T) {
	if !(Pip(Suit0, 10).Rank() > Pip(Suit0, 4).Rank()) || !(Pip(Suit2, 1).Rank() > Pip(Suit2, 7).Rank()) {
		t.Error("pip order")
	}
	if !(SuitCard(Suit2, Jack).Rank() > Pip(Suit2, 1).Rank()) {
		t.Error("jack above ace")
	}
}

// TestSet exercises the bitset operations across both words.
func TestSet(t *testing.T) {
	s := Of(Fool, Trump(5), Pip(Suit3, 2), SuitCard(Suit0, King))
	if s.Len() != 4 || !s.Has(Fool) || s.Has(Trump(6)) {
		t.Fatal("membership")
	}
	if s.Trumps() != Single(Trump(5)) || s.OfSuit(Suit3) != Single(Pip(Suit3, 2)) {
		t.Error("masks")
	}
	if s.Highest() != Pip(Suit3, 2) || s.Lowest() != Trump(5) {
		t.Error("highest/lowest")
	}
	for i, want := range s.Cards(nil) {
		if s.Nth(i) != want {
			t.Errorf("Nth(%d) = %d, want %d", i, s.Nth(i), want)
		}
	}
	if got := s.Format(French); got != "T5 FOOL S-K D-2" {
		t.Errorf("format %q", got)
	}
}

// TestSelect checks the broadword selection against counting bit by bit,
// on every single-byte pattern in every byte position and on random words.
func TestSelect(t *testing.T) {
	naive := func(x uint64, i int) int {
		for pos := 0; pos < 64; pos++ {
			if x>>pos&1 != 0 {
				if i == 0 {
					return pos
				}
				i--
			}
		}
		return -1
	}
	check := func(x uint64) {
		sums := prefixCounts(x)
		if got, want := int(sums>>56), bits.OnesCount64(x); got != want {
			t.Fatalf("prefixCounts(%#x) counts %d bits, want %d", x, got, want)
		}
		for i := 0; i < bits.OnesCount64(x); i++ {
			if got, want := selectIn(x, sums, uint64(i)), naive(x, i); got != want {
				t.Fatalf("selectIn(%#x, %d) = %d, want %d", x, i, got, want)
			}
		}
	}
	for b := uint64(0); b < 256; b++ {
		for sh := 0; sh < 64; sh += 8 {
			check(b << sh)
			check(b<<sh | 1<<63 | 1)
		}
	}
	check(^uint64(0))
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		check(rng.Uint64() & rng.Uint64())
		check(rng.Uint64())
	}
}

// TestPick checks Nth against the list of cards, and that Pick(u), with
// and without assembly, is Nth of the multiply-shift index of u, on random
// sets of the 78-card universe and at both ends of the range of u.
func TestPick(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	all := Droggn78.Cards
	for range 20000 {
		s := Set{Lo: all.Lo & rng.Uint64(), Hi: all.Hi & rng.Uint64() & rng.Uint64()}
		if rng.IntN(4) == 0 {
			s.Lo = 0
		}
		if s.Empty() {
			continue
		}
		for i, c := range s.Cards(nil) {
			if s.Nth(i) != c {
				t.Fatalf("%v.Nth(%d) = %d, want %d", s, i, s.Nth(i), c)
			}
		}
		for _, u := range []uint64{0, ^uint64(0), rng.Uint64(), rng.Uint64()} {
			i, _ := bits.Mul64(u, uint64(s.Len()))
			want := s.Nth(int(i))
			if got := s.Pick(u); got != want {
				t.Fatalf("%v.Pick(%#x) = %d, want Nth(%d) = %d (fastPDEP %v)", s, u, got, i, want, fastPDEP)
			}
			if got := Card(pickGo(s.Lo, s.Hi, u)); got != want {
				t.Fatalf("pickGo(%v, %#x) = %d, want Nth(%d) = %d", s, u, got, i, want)
			}
		}
	}
}

// TestRaw checks Raw against summing Points card by card, on random sets
// (some cards outside the pack) of every pack.
func TestRaw(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, p := range []*Pack{Droggn66, Droggn78, Troggu62, Stroh54, Stroh40} {
		for range 2000 {
			s := Set{Lo: rng.Uint64(), Hi: rng.Uint64()}
			want := 0
			for t := s; !t.Empty(); {
				want += p.Points(t.Pop())
			}
			if got := p.Raw(s); got != want {
				t.Fatalf("%s: Raw(%v) = %d, want %d", p.Name, s, got, want)
			}
		}
	}
}

// TestBitAndOf checks the table-driven Bit and Of against Single and Add
// for every card value (None included).
func TestBitAndOf(t *testing.T) {
	var want Set
	var all []Card
	for c := range Card(255) {
		if Bit(c) != Single(c) {
			t.Fatalf("Bit(%d) = %v, want %v", c, Bit(c), Single(c))
		}
		want.Add(c)
		all = append(all, c)
		if got := Of(all...); got != want {
			t.Fatalf("Of(0…%d) = %v, want %v", c, got, want)
		}
	}
	if !Of().Empty() {
		t.Error("Of() is not empty")
	}
}

// TestShort: the compact labels the terminal shows, as the browser draws
// the faces: the ace "A", the courts by the language's letters, the
// Italian pack's courts by its own.
func TestShort(t *testing.T) {
	for _, c := range []struct {
		pack *Pack
		id   string
		l    Lang
		want string
	}{
		{Droggn66, "H-1", English, "♥A"},
		{Droggn66, "H-1", German, "♥A"},
		{Droggn66, "C-N", English, "♣R"},
		{Droggn66, "C-N", German, "♣R"},
		{Droggn66, "S-J", German, "♠B"},
		{Droggn66, "S-Q", German, "♠D"},
		{Droggn66, "S-Q", English, "♠Q"},
		{Droggn66, "D-K", German, "♦K"},
		{Droggn66, "S-7", English, "♠7"},
		{Droggn66, "T21", German, "XXI"},
		{Droggn66, "FOOL", English, "★"},
		{Stroh54, "H-N", English, "♥R"},
		{Troggu62, "Cu-N", English, "CuC"},
		{Troggu62, "Co-Q", German, "CoD"},
	} {
		card, err := c.pack.Parse(c.id)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if got := c.pack.Short(card, c.l); got != c.want {
			t.Errorf("%s %s (%v): %q, want %q", c.pack.Name, c.id, c.l, got, c.want)
		}
	}
}

// TestLegend: the letters of the compact labels explained, and the Fool's
// bare name, per pack and language.
func TestLegend(t *testing.T) {
	for _, c := range []struct {
		pack       *Pack
		l          Lang
		want, fool string
	}{
		{Droggn66, English, "A ace, J jack, R rider, Q queen, K king", "Gstieß"},
		{Droggn66, German, "A Ass, B Bube, R Reiter, D Dame, K König", "Gstieß"},
		{Troggu62, English, "J jack, C cavalier, Q queen, K king; Sw swords, Ba batons, Cu cups, Co coins", "Bättler"},
		{Troggu62, German, "B Bube, C Cavall, D Dame, K König; Sw Schwerter, Ba Stäbe, Cu Kelche, Co Münzen", "Bättler"},
		{Stroh54, German, "A Ass, B Bube, R Reiter, D Dame, K König", "Sküs"},
	} {
		if got := c.pack.Legend(c.l); got != c.want {
			t.Errorf("%v %v: %q, want %q", c.pack.Family, c.l, got, c.want)
		}
		if got := c.pack.FoolWord(); got != c.fool {
			t.Errorf("%v: fool %q, want %q", c.pack.Family, got, c.fool)
		}
	}
}

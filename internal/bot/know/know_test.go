package know

import (
	"testing"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// TestFeatures reads a hand with every feature present.
func TestFeatures(t *testing.T) {
	p := card.Droggn66
	var h card.Set
	for _, id := range []string{"FOOL", "T1", "T15", "T20", "T21", "S-K", "S-Q", "C-Q", "C-J", "H-N", "H-1", "H-2", "H-3"} {
		c, err := p.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		h.Add(c)
	}
	got := Features(h)
	want := Feat{Trumps: 4, High: 2, Mond: 1, Fool: 1, Pagat: 1, Kings: 1, Queens: 2, Courts: 2, Voids: 1,
		Guarded: 1, ShortRisk: 2, Long: 4}
	if got != want {
		t.Fatalf("Features = %+v, want %+v", got, want)
	}
	if got.Tarocks() != 5 {
		t.Errorf("Tarocks = %d, want 5", got.Tarocks())
	}
}

// TestEstimatesOrder checks that the estimates rank a strong hand above a
// weak one in each game, and that the chances are chances.
func TestEstimatesOrder(t *testing.T) {
	strong := card.Of(card.Fool, card.Mond, card.Trump(20), card.Trump(19), card.Trump(18), card.Trump(17),
		card.Trump(16), card.Trump(15), card.SuitCard(card.Suit0, card.King), card.SuitCard(card.Suit1, card.King))
	weak := card.Of(card.Trump(2), card.SuitCard(card.Suit0, 1), card.SuitCard(card.Suit0, 2),
		card.SuitCard(card.Suit1, 1), card.SuitCard(card.Suit2, 1), card.SuitCard(card.Suit3, 1))
	fs, fw := Features(strong), Features(weak)
	if HandValue(strong) <= HandValue(weak) {
		t.Error("Droggn: the strong hand is not valued higher")
	}
	for n := 3; n <= 8; n++ {
		for _, w := range []TrogguWeights{TrogguNormal[n], TrogguNormalPolicy[n], TrogguSolo[n]} {
			ps, pw := w.Chance(fs), w.Chance(fw)
			if ps <= pw || ps < 0 || ps > 1 || pw < 0 || pw > 1 {
				t.Errorf("Troggu %d seats: chances %v (strong), %v (weak)", n, ps, pw)
			}
		}
	}
	for _, pack40 := range []bool{false, true} {
		if StrohChance(strong, false, pack40) <= StrohChance(weak, false, pack40) {
			t.Errorf("Strohmandeln (40 cards %v): the strong hand is not likelier to win", pack40)
		}
	}
	if c := BestContract(strong, 37, droggn.NoContract, DroggnBidEV); c == droggn.NoContract {
		t.Error("Droggn: the strong hand bids nothing")
	}
}

// TestTrogguCallCard calls T20, or the highest trump the hand lacks.
func TestTrogguCallCard(t *testing.T) {
	if c, ok := TrogguCallCard(card.Of(card.Trump(19))); !ok || c != card.Trump(20) {
		t.Errorf("without T20: %v, %v", c, ok)
	}
	if c, ok := TrogguCallCard(card.Of(card.Trump(20), card.Trump(19))); !ok || c != card.Trump(18) {
		t.Errorf("with T20 and T19: %v, %v", c, ok)
	}
	all := card.Set{}
	for n := 1; n <= 20; n++ {
		all.Add(card.Trump(n))
	}
	if _, ok := TrogguCallCard(all); ok {
		t.Error("holding T1…T20: a card to call")
	}
}

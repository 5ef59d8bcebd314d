package strohmandeln

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestBeats checks the branch-free trick order against the rule spelled
// out: a Tarock beats a suit card and a lower Tarock, a suit card beats a
// lower card of its own suit only, any card an empty trick.
func TestBeats(t *testing.T) {
	for _, a := range card.Stroh54.Order {
		for _, b := range card.Stroh54.Order {
			if a == b {
				continue
			}
			aT, bT := isTarock(a), isTarock(b)
			want := bT && (!aT || b > a) || !bT && !aT && a.Suit() == b.Suit() && b > a
			if got := Beats(b, a); got != want {
				t.Errorf("Beats(%v, %v) = %v, want %v", b, a, got, want)
			}
		}
		if !Beats(a, card.None) {
			t.Errorf("%v does not take an empty trick", a)
		}
	}
}

// TestVoidHolds checks Void against the play: in many random hands of
// both packs, a follower never had a card to play that Void says his
// answer showed he lacked, and answers show voids often.
func TestVoidHolds(t *testing.T) {
	rng := game.NewFastSource(5, 13)
	shown := 0
	for _, o := range []Options{{}, {Pack40: true}} {
		r := NewRules(o)
		s := r.NewHand()
		deck := append([]card.Card(nil), r.Pack().Order...)
		var buf []game.Action
		for h := 0; h < 400; h++ {
			rng.Shuffle(deck)
			s.Reset(deck, rng.IntN(2))
			for s.phase < phPlay {
				buf = s.Legal(buf[:0])
				s.ApplyUnchecked(buf[rng.IntN(len(buf))])
			}
			for s.phase == phPlay {
				c := rng.Card(s.LegalCards())
				seat, lead, had := int(s.toAct), card.None, s.avail[s.toAct]
				if s.ncur == 1 {
					lead = s.lead
				}
				s.PlayCard(c)
				no := Void(c, lead)
				if held := had.Minus(card.Single(c)).Intersect(no); !held.Empty() {
					t.Fatalf("%s: seat %d answered %v with %v and could play %v", r, seat, lead, c, held)
				}
				if !no.Empty() {
					shown++
				}
			}
		}
	}
	if shown < 1000 {
		t.Fatalf("only %d answers showed a void", shown)
	}
}

package solver

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// TestSqueeze plays random hands and checks after every trick that the
// relative-rank hands kept by squeeze equal those computed afresh, and
// that relCard and absCard are inverse on the cards in play.
func TestSqueeze(t *testing.T) {
	checked := 0
	for _, vc := range testVariants {
		r := vc.rules()
		rng := rand.New(rand.NewPCG(5, uint64(len(vc.name))))
		for k := 0; k < 20; k++ {
			s := dealToPlay(r, rng, dealer{})
			playRandom(s, rng, 4+rng.IntN(10), rng.IntN(3))
			if s.Done() {
				continue
			}
			ru, p := mustPosition(t, s)
			initRel(&p)
			for !p.done {
				legal := ru.legal(&p)
				ru.play(&p, legal.Nth(rng.IntN(legal.Len())))
				if p.n != 0 {
					continue
				}
				squeeze(&p)
				checked++
				want := p
				initRel(&want)
				if p.rel != want.rel {
					t.Fatalf("%s: squeezed %v, fresh %v", vc.name, p.rel, want.rel)
				}
				for o := p.occ; !o.Empty(); {
					c := o.Pop()
					if got := absCard(p.occ, relCard(p.occ, c)); got != c {
						t.Fatalf("%s: card %v comes back as %v", vc.name, c, got)
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d tricks checked", checked)
	}
}

// TestRelativeRanks swaps a 1-point card of a hand for a card out of play
// with no card in play between them: the positions are the same in
// relative ranks, so they must share their table key and their value, and
// the key must tell them from positions that are not.
func TestRelativeRanks(t *testing.T) {
	r := droggn.Default(3)
	rng := rand.New(rand.NewPCG(11, 3))
	done := 0
	for k := 0; k < 400 && done < 40; k++ {
		s := dealToPlay(r, rng, dealer{contract: droggn.Contract(1 + rng.IntN(3))})
		playRandom(s, rng, 4+rng.IntN(2), 0)
		if s.Done() {
			continue
		}
		ru, p := mustPosition(t, s)
		// A 1-point trump in a hand and one out of play just above or
		// below it.
		x, g := card.None, card.None
		for o := p.occ.Intersect(ru.ones).Intersect(card.TrumpsOnly); !o.Empty() && g == card.None; {
			c := o.Pop()
			for _, y := range []card.Card{c - 1, c + 1} {
				if y.IsTrump() && ru.ones.Has(y) && !p.occ.Has(y) {
					x, g = c, y
					break
				}
			}
		}
		if g == card.None {
			continue
		}
		q := p
		for i := range q.hands {
			if q.hands[i].Has(x) {
				q.hands[i].Remove(x)
				q.hands[i].Add(g)
			}
		}
		q.occ.Remove(x)
		q.occ.Add(g)
		sv := New(Options{TTBits: 12})
		sv.start(ru, 0)
		sv.rel = true
		initRel(&p)
		initRel(&q)
		if sv.key(&p, false) != sv.key(&q, false) || sv.key(&p, true) != sv.key(&q, true) {
			t.Fatalf("position %d: relative-rank keys differ after swapping %v for %v", k, x, g)
		}
		// Moving a card to another hand changes the key.
		w := q
		from := int8(0)
		for !w.hands[from].Has(g) {
			from++
		}
		to := (from + 1) % 3
		w.hands[from].Remove(g)
		w.hands[to].Add(g)
		initRel(&w)
		if sv.key(&w, false) == sv.key(&q, false) {
			t.Fatalf("position %d: same key after moving %v", k, g)
		}
		vp, _ := sv.root(&p)
		sv.Reset()
		sv.start(ru, 0)
		vq, _ := sv.root(&q)
		if vp != vq {
			t.Fatalf("position %d: values %d and %d after swapping %v for %v", k, vp, vq, x, g)
		}
		done++
	}
	if done < 10 {
		t.Fatalf("only %d positions tested", done)
	}
}

package strohmandeln

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestResampleHistoryLegal checks that every resampled world is one in
// which the whole public history was legal (voids respected), replayed
// with checks from the resampled deal, and that it looks the same to the
// viewer, also when the view went through JSON. A JSON view holds no
// memory of the tricks the seat may not look back at (§3.3), so the JSON
// round trip uses the view of an open-review table, and the rule's view is
// refused with a reason when it hides a trick.
func TestResampleHistoryLegal(t *testing.T) {
	n := 15
	if testing.Short() {
		n = 4
	}
	for vi, o := range variants {
		r := NewRules(o)
		rng := rand.New(rand.NewPCG(uint64(vi), 99))
		for h := 0; h < n; h++ {
			s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rng), h%2)
			for !s.Done() {
				if rng.IntN(4) == 0 {
					for seat := 0; seat < 2; seat++ {
						checkResample(t, r, s, seat, rng)
					}
				}
				s.ApplyUnchecked(game.Pick(rng, s.Legal(nil)))
			}
			checkResample(t, r, s, h%2, rng)
		}
	}
}

func checkResample(t *testing.T, r *Rules, s *State, seat int, rng *rand.Rand) {
	t.Helper()
	v := s.view(game.ViewerOf(seat))
	want, _ := json.Marshal(v)
	var deck [54]card.Card
	hist, err := r.resampleDeck(&deck, v, rng)
	if err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	w, err := r.Deal(deck[:r.Pack().Size()], int(s.dealer))
	if err != nil {
		t.Fatalf("%s: resampled deck: %v", r, err)
	}
	for i, a := range hist {
		if err := w.Apply(a); err != nil {
			t.Fatalf("%s: resampled world refuses action %d %+v: %v\nview %s", r, i, a, err, want)
		}
	}
	if got, _ := json.Marshal(w.View(game.ViewerOf(seat))); !bytes.Equal(got, want) {
		t.Fatalf("%s: resampled view differs:\n%s\n%s", r, got, want)
	}
	// The same through JSON (no typed data: parsed and replayed with checks).
	var ruled View
	if err := json.Unmarshal(want, &ruled); err != nil {
		t.Fatal(err)
	}
	hides := slices.ContainsFunc(ruled.Tricks, func(tv TrickView) bool { return tv.Hidden })
	if _, err := r.Resample(&ruled, rng); hides != (err != nil) {
		t.Fatalf("%s: a JSON view that hides a trick: %v, resample error %v", r, hides, err)
	}
	open := game.ViewerOf(seat).OpenReview()
	want, _ = json.Marshal(s.view(open))
	var back View
	if err := json.Unmarshal(want, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.LegalActions(), v.LegalActions()) {
		t.Fatalf("legal actions of the JSON view %v, of the view %v", back.LegalActions(), v.LegalActions())
	}
	w2, err := r.Resample(&back, rng)
	if err != nil {
		t.Fatalf("%s: resample of a JSON view: %v", r, err)
	}
	if got, _ := json.Marshal(w2.View(open)); !bytes.Equal(got, want) {
		t.Fatalf("%s: resampled JSON view differs:\n%s\n%s", r, got, want)
	}
}

// TestResampleUniform checks that, before any card is shown, an unknown
// card is in the opponent's hand with probability 15/39, and that a shown
// void keeps the suit out of the opponent's hand but not out of the
// face-down Strohmänner.
func TestResampleUniform(t *testing.T) {
	r := NewRules(Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rng), 0)
	v := s.view(game.ViewerOf(1))
	probe := r.Pack().Cards.Minus(s.hand[1]).Lowest()
	const n = 6000
	hits := 0
	w := r.NewHand()
	for i := 0; i < n; i++ {
		if err := r.ResampleInto(w, v, rng); err != nil {
			t.Fatal(err)
		}
		if w.hand[0].Has(probe) {
			hits++
		}
	}
	if p := float64(hits) / n; p < 15.0/39-0.03 || p > 15.0/39+0.03 {
		t.Errorf("probe in the opponent's hand with frequency %.3f, want %.3f", p, 15.0/39)
	}

	// A void: find a hand where seat 0 fails to follow a suit.
	for tries := 0; tries < 500; tries++ {
		s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rng), 1)
		for !s.Done() {
			before := s.ncur
			lead := s.lead
			s.ApplyUnchecked(game.Pick(rng, s.Legal(nil)))
			if before == 1 && s.ncur == 0 && !isTarock(lead) {
				tr := &s.tricks[s.ntricks-1]
				c := tr.cards[0]
				if tr.leader == 0 || isTarock(c) || c.Suit() == lead.Suit() || s.Done() {
					continue
				}
				// Seat 0 showed a void in lead's suit (and in Tarocks).
				v := s.view(game.ViewerOf(1))
				suit := card.SuitMask(lead.Suit())
				inDown := 0
				for i := 0; i < 300; i++ {
					if err := r.ResampleInto(w, v, rng); err != nil {
						t.Fatal(err)
					}
					if unknown := w.hand[0].Minus(s.shown[0]); unknown.Overlaps(suit) || unknown.Overlaps(tarocks) {
						t.Fatalf("void broken: hand %s, void in %s and Tarocks", unknown, r.Pack().SuitName(lead.Suit(), card.English))
					}
					if w.FaceDown(0).Union(w.FaceDown(1)).Overlaps(suit.Intersect(r.Pack().Cards.Minus(s.MayKnow(game.ViewerOf(1))))) {
						inDown++
					}
				}
				if s.FaceDown(0).Union(s.FaceDown(1)).Overlaps(suit) && inDown == 0 {
					t.Error("the void suit never lands face down")
				}
				return
			}
		}
	}
	t.Skip("no void found")
}

// TestViewHidesFaceDown checks that no view, not even the owner's, shows a
// face-down card, that the opponent's unknown hand cards are hidden, and
// that both texts render.
func TestViewHidesFaceDown(t *testing.T) {
	r := NewRules(Options{})
	rng := rand.New(rand.NewPCG(8, 9))
	s, _ := r.Deal(game.ShuffledDeck(r.Pack(), rng), 0)
	for i := 0; i < 20; i++ {
		s.ApplyUnchecked(game.Pick(rng, s.Legal(nil)))
	}
	for seat := 0; seat < 2; seat++ {
		v := s.View(game.ViewerOf(seat))
		hidden := s.FaceDown(0).Union(s.FaceDown(1)).Union(s.hand[1-seat].Minus(s.shown[1-seat]))
		if v.Cards().Overlaps(hidden) || s.MayKnow(game.ViewerOf(seat)).Overlaps(hidden) {
			t.Errorf("seat %d may see %s", seat, v.Cards().Intersect(hidden))
		}
	}
}

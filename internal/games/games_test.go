package games_test

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	_ "trull/internal/games"
)

// TestOptionWords checks that every option of every game has a label and a
// one-line explanation in English and German, and a label in both for each
// enum value, so that no code name reaches a page.
func TestOptionWords(t *testing.T) {
	gs := game.Games()
	if len(gs) != 3 {
		t.Fatalf("%d games registered, want 3", len(gs))
	}
	for _, g := range gs {
		for _, o := range g.Options {
			name := g.Name + "." + o.Name
			if o.Label.EN == "" || o.Label.DE == "" {
				t.Errorf("%s: label %+v lacks a language", name, o.Label)
			}
			if o.Help == "" || o.HelpDE == "" {
				t.Errorf("%s: help lacks a language (en %q, de %q)", name, o.Help, o.HelpDE)
			}
			if o.Kind == game.OptEnum && len(o.ValueLabels) != len(o.Values) {
				t.Errorf("%s: %d value labels for %d values", name, len(o.ValueLabels), len(o.Values))
			}
			for i, w := range o.ValueLabels {
				if w.EN == "" || w.DE == "" {
					t.Errorf("%s: value %d label %+v lacks a language", name, i, w)
				}
			}
		}
	}
}

// TestTraits checks that every game describes each of its variants
// consistently: a win threshold above half the scale, losses that grow
// from inaccuracy to blunder, birds of the variant's pack, a trick order
// in which no card takes a trick from itself, nor two cards each from the
// other, and every card but an excuse (Droggn's Gstieß) an empty trick;
// the Fool is an excuse (FoolExcuse) just where the trick order makes it
// one; a talon smaller than the pack; the whole pack counted as the scale's
// total; positive game values.
func TestTraits(t *testing.T) {
	for _, g := range game.Games() {
		for seats := g.MinSeats; seats <= g.MaxSeats; seats++ {
			r, err := g.Parse("", seats)
			if err != nil {
				t.Fatalf("%s with %d seats: %v", g.Name, seats, err)
			}
			tr := r.Traits()
			if s := tr.Scale; s.Total <= 0 || 2*s.WinFrom < s.Total || s.WinFrom > s.Total || s.Unit == "" {
				t.Errorf("%s: point scale %+v", r, s)
			}
			if l := tr.Loss; l.Inaccuracy <= 0 || l.Mistake <= l.Inaccuracy || l.Blunder <= l.Mistake {
				t.Errorf("%s: loss scale %+v does not grow", r, l)
			}
			for _, b := range tr.Birds {
				if !r.Pack().Has(b) {
					t.Errorf("%s: bird %v is not in the pack", r, b)
				}
			}
			if tr.Beats == nil {
				t.Errorf("%s: no trick order", r)
				continue
			}
			excuses := 0
			for _, c := range r.Pack().Order {
				if !tr.Beats(c, card.None) {
					excuses++
				}
				for _, b := range r.Pack().Order {
					if tr.Beats(c, b) && (c == b || tr.Beats(b, c)) {
						t.Errorf("%s: %v and %v each take a trick from the other", r, c, b)
					}
				}
			}
			if excuses > 1 {
				t.Errorf("%s: %d cards cannot take an empty trick", r, excuses)
			}
			if excuse := r.Pack().Has(card.Fool) && !tr.Beats(card.Fool, card.None); tr.FoolExcuse != excuse {
				t.Errorf("%s: FoolExcuse is %v, but the trick order makes the Fool an excuse: %v", r, tr.FoolExcuse, excuse)
			}
			if tr.Talon < 0 || tr.Talon >= len(r.Pack().Order) {
				t.Errorf("%s: a talon of %d cards", r, tr.Talon)
			}
			whole := r.Pack().Total
			if tr.CountPile != nil {
				whole = tr.CountPile(r.Pack().Total, len(r.Pack().Order))
			}
			if whole != tr.Scale.Total {
				t.Errorf("%s: the whole pack counts %d, the scale's total is %d", r, whole, tr.Scale.Total)
			}
			for c, v := range tr.GameValues {
				if v <= 0 {
					t.Errorf("%s: contract %s has the game value %d", r, c, v)
				}
			}
		}
	}
}

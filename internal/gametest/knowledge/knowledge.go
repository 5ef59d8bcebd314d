// Package knowledge follows a hand and tracks, from the rules alone, which
// cards each seat and a spectator may know at every moment. It is the
// reference the hidden-information tests hold every surface against (views,
// the per-seat action views, server messages, the terminal transcript), and
// it is written from the rules' information clauses, not from the engines'
// MayKnow, so that a mistake in one is caught by the other:
//
//   - everyone knows the cards played, the cards laid out or shown face up,
//     and the cards named aloud (Droggn's asked card, Troggu's called trump);
//   - a seat knows every card that has been in its own hand (the talon or
//     Tapp it took up, the card it bought or was given, its discards);
//   - Droggn: the talon is shown to all only in an Ansager played with
//     exposeTalonInAnsager (§1.3 TALON); the offered card is seen by its
//     receiver only (§1.3 BUY); when the piles are counted at the end, the
//     discards, the offered card and a Super's talon are shown;
//   - Troggu: the piles are counted openly when the hand is over (§2.2);
//   - Strohmandeln: every Strohmann card turned up is public, and so are the
//     cards an announcement shows and the T18 that "Ross!" promises (§3.3,
//     §3.4).
//
// Knowledge only grows: what a seat once saw it may still know.
package knowledge

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// Tracker is a hand in progress with what each viewer may know of it.
type Tracker struct {
	st     game.State
	seats  int
	public card.Set   // what a spectator, and so everyone, may know
	own    []card.Set // what each seat may know besides the public
	talon  card.Set   // Droggn: the talon as dealt
	secret card.Set   // Droggn: the discards and the offered card
	down   card.Set   // Strohmandeln: every card that has lain face down
	expose bool       // Droggn: exposeTalonInAnsager
}

// New starts tracking st, a hand before its first decision. The tracker
// owns st from now on: apply actions through Apply.
func New(st game.State) *Tracker {
	r := st.Rules()
	t := &Tracker{st: st, seats: r.Seats(), own: make([]card.Set, r.Seats())}
	switch s := st.(type) {
	case *droggn.State:
		t.talon = r.Pack().Cards
		for seat := 0; seat < t.seats; seat++ {
			t.talon = t.talon.Minus(s.Hand(seat))
		}
		t.expose = s.Variant().Opts().ExposeTalonInAnsager
	case *strohmandeln.State:
		t.down = s.FaceDown(0).Union(s.FaceDown(1))
	}
	t.update()
	return t
}

// State returns the hand (the true state, with every card).
func (t *Tracker) State() game.State { return t.st }

// Known returns every card v may know now.
func (t *Tracker) Known(v game.Viewer) card.Set {
	if s, ok := v.Seat(); ok && s < t.seats {
		return t.public.Union(t.own[s])
	}
	return t.public
}

// Apply applies a checked action to the hand and learns what it shows.
func (t *Tracker) Apply(a game.Action) error {
	if err := t.st.Apply(a); err != nil {
		return fmt.Errorf("knowledge: %v", err)
	}
	switch t.st.(type) {
	case *droggn.State:
		switch a.Kind {
		case game.KindBuy:
			// The asked card is named aloud; when a defender holds it, it
			// is handed over face up.
			t.public.Add(a.Card2)
			t.secret.Add(a.Card)
		case game.KindDiscard:
			t.secret.Add(a.Card)
		case game.KindLayout, game.KindPlay:
			t.public.Add(a.Card)
		}
	case *troggu.State:
		switch a.Kind {
		case game.KindCall:
			t.public.Add(a.Card) // the trump is named; its place is not
		case game.KindPlay:
			t.public.Add(a.Card)
		}
	case *strohmandeln.State:
		switch a.Kind {
		case game.KindAnnounce:
			set := card.Of(card.Pagat, card.Mond, card.Fool)
			if a.Call == strohmandeln.CallFourKings {
				set = card.Set{}
				for s := card.Suit0; s <= card.Suit3; s++ {
					set.Add(card.SuitCard(s, card.King))
				}
			}
			t.public = t.public.Union(set)
		case game.KindPlay:
			t.public.Add(a.Card)
			if a.Call == strohmandeln.SayRoss {
				t.public.Add(card.Trump(18))
			}
		}
	}
	t.public.Remove(card.None)
	t.secret.Remove(card.None)
	t.update()
	return nil
}

// update learns what the state shows after a step: each seat's own hand,
// the talon shown in an Ansager, the Strohmann cards turned up, and every
// card when Troggu's piles are counted.
func (t *Tracker) update() {
	for s := 0; s < t.seats; s++ {
		t.own[s] = t.own[s].Union(handOf(t.st, s))
	}
	switch s := t.st.(type) {
	case *droggn.State:
		if t.expose && s.CurrentPhase() > droggn.PhBid && s.Contract() == droggn.Ansager {
			t.public = t.public.Union(t.talon)
		}
		if s.Done() {
			// The piles are counted: the discards, the offered card and a
			// Super's untouched talon are shown; cards left in a hand (a
			// Super Mord stopped early) are not.
			t.public = t.public.Union(t.secret)
			if s.Contract() == droggn.Super || s.Contract() == droggn.SuperMord {
				t.public = t.public.Union(t.talon)
			}
		}
	case *troggu.State:
		if s.Done() {
			t.public = t.st.Rules().Pack().Cards
		}
	case *strohmandeln.State:
		// A card that has lain face down and lies so no more was turned up.
		now := s.FaceDown(0).Union(s.FaceDown(1))
		t.down = t.down.Union(now)
		t.public = t.public.Union(t.down.Minus(now)).Union(s.Tops(0)).Union(s.Tops(1))
	}
}

func handOf(st game.State, seat int) card.Set {
	switch s := st.(type) {
	case *droggn.State:
		return s.Hand(seat)
	case *troggu.State:
		return s.Hand(seat)
	case *strohmandeln.State:
		return s.Hand(seat)
	}
	panic(fmt.Sprintf("knowledge: no tracker for %T", st))
}

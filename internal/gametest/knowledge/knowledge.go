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
//
// What a viewer may see now is less (Visible): the rules also say which
// finished tricks a player may look back at, and a surface that shows the
// hand (a view, a state message, the terminal's table) shows no other
// trick's cards. Tricks a viewer may look back at (MayReview):
//
//   - Droggn (§1.3 "Information rules"): a player his own side's tricks,
//     the declarer's or the defenders' together; everyone the trick just
//     finished until the next lead; a spectator and the dealer who sits out
//     a four-player hand have no side;
//   - Troggu: every trick. §2.2's "Information" names the secrets (the
//     discards, a Solo's Tapp, the secret partner) and the played tricks
//     are not among them; a rule by sides would also tell a player with
//     seven or eight seats who his secret partner is;
//   - Strohmandeln (§3.3 "Information"): a player his own tricks and the
//     trick just taken, until the next one is taken; a spectator only the
//     trick just taken;
//   - every trick once the hand is over, and at an open-review table
//     (game.Viewer.ReviewsAll).
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
	named  card.Set   // public other than by being played: laid out, named, turned up, counted
	tricks []trick    // the finished tricks
	cur    trick      // the trick being played
	per    int        // cards in a trick
}

// trick is one trick: its cards and who played them.
type trick struct {
	cards []card.Card
	seats []int
}

// New starts tracking st, a hand before its first decision. The tracker
// owns st from now on: apply actions through Apply.
func New(st game.State) *Tracker {
	r := st.Rules()
	t := &Tracker{st: st, seats: r.Seats(), own: make([]card.Set, r.Seats()), per: r.Seats()}
	switch s := st.(type) {
	case *droggn.State:
		t.per = 3 // with four seats the dealer sits out
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
	before := t.public
	if a.Kind == game.KindPlay {
		t.cur.cards = append(t.cur.cards, a.Card)
		t.cur.seats = append(t.cur.seats, int(a.Seat))
		if len(t.cur.cards) == t.per {
			t.tricks = append(t.tricks, t.cur)
			t.cur = trick{}
		}
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
	// What this action made public besides its card played.
	added := t.public.Minus(before)
	if a.Kind == game.KindPlay {
		added.Remove(a.Card)
	}
	t.named = t.named.Union(added)
	t.update()
	return nil
}

// MayReview reports whether v may look back at finished trick i (from 0)
// now, by the rules (see the package comment).
func (t *Tracker) MayReview(v game.Viewer, i int) bool {
	n := len(t.tricks)
	if i < 0 || i >= n {
		return false
	}
	if t.st.Done() || v.ReviewsAll() {
		return true
	}
	seat, seated := v.Seat()
	switch s := t.st.(type) {
	case *droggn.State:
		if i == n-1 && len(t.cur.cards) == 0 {
			return true
		}
		if !seated || (t.seats == 4 && seat == s.Dealer()) {
			return false
		}
		// The winner of a trick leads the next one.
		var winner int
		if i+1 < n {
			winner = t.tricks[i+1].seats[0]
		} else {
			winner = t.cur.seats[0]
		}
		return (winner == s.Declarer()) == (seat == s.Declarer())
	case *strohmandeln.State:
		if i == n-1 {
			return true
		}
		return seated && t.tricks[i+1].seats[0] == seat
	}
	return true
}

// Visible returns every card v may see now: what it may know (Known), less
// the cards it knows only from tricks it may no longer look back at
// (MayReview). A surface that shows the hand now names no other card; a
// log of the moves made since v last looked may also name the cards played
// in them (v saw them played).
func (t *Tracker) Visible(v game.Viewer) card.Set {
	out := t.named
	if s, ok := v.Seat(); ok && s < t.seats {
		out = out.Union(t.own[s])
	}
	for i, tr := range t.tricks {
		if t.MayReview(v, i) {
			out = out.Union(card.Of(tr.cards...))
		}
	}
	out = out.Union(card.Of(t.cur.cards...))
	return out.Intersect(t.Known(v))
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
			t.show(t.talon)
		}
		if s.Done() {
			// The piles are counted: the discards, the offered card and a
			// Super's untouched talon are shown; cards left in a hand (a
			// Super Mord stopped early) are not.
			t.show(t.secret)
			if s.Contract() == droggn.Super || s.Contract() == droggn.SuperMord {
				t.show(t.talon)
			}
		}
	case *troggu.State:
		if s.Done() {
			t.show(t.st.Rules().Pack().Cards)
		}
	case *strohmandeln.State:
		// A card that has lain face down and lies so no more was turned up.
		now := s.FaceDown(0).Union(s.FaceDown(1))
		t.down = t.down.Union(now)
		t.show(t.down.Minus(now).Union(s.Tops(0)).Union(s.Tops(1)))
	}
}

// show makes cards public other than by playing them.
func (t *Tracker) show(cs card.Set) {
	t.public = t.public.Union(cs)
	t.named = t.named.Union(cs)
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

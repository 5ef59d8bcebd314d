package knowledge

import (
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	_ "trull/internal/games/strohmandeln"
	_ "trull/internal/games/troggu"
	"trull/internal/tablemodel"
)

// TestEngineSurfaces is the hidden-information property of the engines:
// over many seeded random hands of every variant whose secrets differ, at
// every step and for every seat and a spectator, neither the view, nor an
// action as SeenAction gives it, nor its description names a card the
// tracker says the viewer may not know. TRULL_LEAK_HANDS=10000 runs the
// full form.
func TestEngineSurfaces(t *testing.T) {
	total := Hands(t, 240)
	hiddenBy := map[string]int{}
	for _, v := range Variants() {
		hands := PerVariant(v.Game, total)
		t.Run(v.String(), func(t *testing.T) {
			r, err := v.Rules()
			if err != nil {
				t.Fatal(err)
			}
			checks := 0
			for i := 0; i < hands; i++ {
				err := Play(r, "surfaces", i, func(tr *Tracker) error {
					n, err := tr.Check()
					checks += n
					st := tr.State()
					if last := len(st.History()) - 1; last >= 0 && st.SeenAction(game.Spectator, last).Card == card.Hidden {
						hiddenBy[v.Game]++
					}
					return err
				})
				if err != nil {
					t.Fatalf("hand %d: %v", i, err)
				}
			}
			t.Logf("%d hands, %d surfaces checked", hands, checks)
		})
	}
	t.Logf("cards hidden from a spectator when played: %v", hiddenBy)
	for _, g := range []string{"droggn", "troggu"} {
		if hiddenBy[g] == 0 {
			t.Errorf("no %s hand hid a card: the property tested nothing secret", g)
		}
	}
}

// TestSpectatorNeverReceives is the lost-buy case: the declarer asks for a
// card no defender holds, so nobody receives the offered card, and a
// spectator must not see it (no seat number, not even "nobody", is a
// spectator).
func TestSpectatorNeverReceives(t *testing.T) {
	r := droggn.Default(3)
	found := 0
	for i := 0; i < 400 && found < 5; i++ {
		deck, dealer := Deal(r, "lost-buy", i)
		st, _ := r.NewState(deck, dealer)
		tr := New(st)
		s := st.(*droggn.State)
		for !st.Done() && s.CurrentPhase() <= droggn.PhBuy {
			legal := st.Legal(nil)
			a := legal[0]
			if s.CurrentPhase() == droggn.PhBid {
				// The first seat bids Ansager, the others pass.
				for _, l := range legal {
					if l.Call == droggn.CallAnsager || (l.Call == droggn.CallPass && s.Declarer() < 0 && len(st.History()) > 0) {
						a = l
					}
				}
			}
			if s.CurrentPhase() == droggn.PhBuy {
				// Ask for a card of the declarer's own hand: the buy is lost.
				own := s.Hand(st.ToAct())
				for _, l := range legal {
					if l.Card != card.None && l.Card2 != l.Card && own.Has(l.Card2) {
						a = l
						break
					}
				}
			}
			if err := tr.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		v := st.View(game.Spectator).(*droggn.View)
		if !v.BuyLost {
			continue
		}
		found++
		if v.Offered != "" {
			t.Errorf("hand %d: a spectator sees the offered card %s after a lost buy", i, v.Offered)
		}
		if _, err := tr.Check(); err != nil {
			t.Errorf("hand %d: %v", i, err)
		}
	}
	if found == 0 {
		t.Fatal("no lost buy was played")
	}
}

// TestTextNames checks the card-name scanner the transcript checks use.
func TestTextNames(t *testing.T) {
	d := droggn.Default(3).Pack()
	tests := []struct {
		text string
		want []string
	}{
		{"Your hand (3): II XXI ♠10", []string{"T2", "T21", "S-10"}},
		{"bot 2: offer a face-down card, ask for Mond (XXI)", []string{"T21"}},
		{"discard 3 cards face down", nil},
		{"drückt Herz-König", []string{"H-K"}},
		{"Type 'help' for commands.", nil},
	}
	for _, tc := range tests {
		var want card.Set
		for _, id := range tc.want {
			c, err := d.Parse(id)
			if err != nil {
				t.Fatal(err)
			}
			want.Add(c)
		}
		if got := TextNames(d, tc.text); got != want {
			t.Errorf("TextNames(%q) = %s, want %s", tc.text, got, want)
		}
	}
}

// TestJSONLeaks checks the JSON scan: card IDs anywhere count, except in
// the legal actions.
func TestJSONLeaks(t *testing.T) {
	r := droggn.Default(3)
	msg := `{"a":"a \"quoted\" T5","hand":["T5","H-K"],"legal":[{"cards":["T21","S-4"]}],"view":{"legal":["FOOL"],"x":"FOOL"},"n":5}`
	leak, err := JSONLeaks(r, []byte(msg), card.Of(card.Trump(5)))
	if err != nil {
		t.Fatal(err)
	}
	want := card.Of(card.Fool, card.SuitCard(card.Suit2, card.King))
	if leak != want {
		t.Errorf("leak %s, want %s", leak, want)
	}
	if _, err := JSONLeaks(r, []byte(`{"a":`), card.Set{}); err == nil {
		t.Error("broken JSON was scanned without an error")
	}
}

// TestThrownInTalon: a Droggn hand that everyone passes is thrown in, not
// counted: its talon stays hidden from every seat and spectator.
func TestThrownInTalon(t *testing.T) {
	r := droggn.Default(3)
	for i := 0; i < 20; i++ {
		deck, dealer := Deal(r, "thrown-in", i)
		st, _ := r.NewState(deck, dealer)
		tr := New(st)
		for !st.Done() {
			var pass game.Action
			for _, l := range st.Legal(nil) {
				if l.Call == droggn.CallPass {
					pass = l
				}
			}
			if err := tr.Apply(pass); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tr.Check(); err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		for _, v := range Viewers(r) {
			if tv := st.View(v).(*droggn.View); len(tv.Talon) > 0 {
				t.Fatalf("hand %d: %s sees the talon %v of a thrown-in hand", i, v, tv.Talon)
			}
		}
	}
}

// TestReviewCases: the rules on looking back at finished tricks, case by
// case (the property tests hold every view to the tracker; these hold the
// views to the rules' words). Each case plays seeded random hands until its
// moment comes, then asks every viewer's view, and the same viewer's at an
// open-review table, whether the trick asked about shows its cards.
func TestReviewCases(t *testing.T) {
	// A moment names the trick asked about and who took it, or ok false.
	type moment func(tr *Tracker) (trick, winner int, ok bool)
	// led: the trick before the one just led (the next lead was made).
	led := func(tr *Tracker) (int, int, bool) {
		if len(tr.cur.cards) != 1 || len(tr.tricks) == 0 {
			return 0, 0, false
		}
		return len(tr.tricks) - 1, tr.cur.seats[0], true
	}
	// finished: the trick just finished, before the next lead.
	finished := func(tr *Tracker) (int, int, bool) {
		if len(tr.cur.cards) != 0 || len(tr.tricks) == 0 || tr.State().Done() {
			return 0, 0, false
		}
		return len(tr.tricks) - 1, tr.State().ToAct(), true
	}
	// earlier: the trick before the last finished one.
	earlier := func(tr *Tracker) (int, int, bool) {
		n := len(tr.tricks)
		if n < 2 || tr.State().Done() {
			return 0, 0, false
		}
		return n - 2, tr.tricks[n-1].seats[0], true
	}
	// last: the last finished trick while the next one is played.
	last := func(tr *Tracker) (int, int, bool) {
		if len(tr.cur.cards) != 1 || len(tr.tricks) == 0 {
			return 0, 0, false
		}
		return len(tr.tricks) - 1, tr.cur.seats[0], true
	}
	decl := func(st game.State) int { return st.(*droggn.State).Declarer() }
	tests := []struct {
		name string
		v    Variant
		at   moment
		// won says which trick to ask about: who took it; shows says
		// whether seat v sees it (spectator: the seat −1).
		won   func(st game.State, w int) bool
		shows func(st game.State, w, v int) bool
	}{
		{"droggn: the declarer's trick after the next lead", Variant{"droggn", 3, ""}, led,
			func(st game.State, w int) bool { return w == decl(st) },
			func(st game.State, w, v int) bool { return v == decl(st) }},
		{"droggn: a defender's trick after the next lead", Variant{"droggn", 3, ""}, led,
			func(st game.State, w int) bool { return w != decl(st) },
			func(st game.State, w, v int) bool { return v >= 0 && v != decl(st) }},
		{"droggn: the trick just finished, before the next lead", Variant{"droggn", 3, ""}, finished,
			func(game.State, int) bool { return true },
			func(game.State, int, int) bool { return true }},
		{"droggn, 4 players: the dealer sits out and has no side", Variant{"droggn", 4, ""}, led,
			func(st game.State, w int) bool { return w != decl(st) },
			func(st game.State, w, v int) bool { return v >= 0 && v != decl(st) && v != st.Dealer() }},
		{"strohmandeln: an earlier trick, to its winner only", Variant{"strohmandeln", 2, ""}, earlier,
			func(game.State, int) bool { return true },
			func(st game.State, w, v int) bool { return v == w }},
		{"strohmandeln: the trick just taken, while the next is played", Variant{"strohmandeln", 2, ""}, last,
			func(game.State, int) bool { return true },
			func(game.State, int, int) bool { return true }},
		{"troggu: every trick to everyone", Variant{"troggu", 4, ""}, earlier,
			func(game.State, int) bool { return true },
			func(game.State, int, int) bool { return true }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.v.Rules()
			if err != nil {
				t.Fatal(err)
			}
			var st game.State
			trick, winner := 0, 0
			for i := 0; i < 200 && st == nil; i++ {
				err := Play(r, "review-cases", i, func(tr *Tracker) error {
					if k, w, ok := tc.at(tr); ok && st == nil && tc.won(tr.State(), w) {
						st, trick, winner = tr.State().Clone(), k, w
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			if st == nil {
				t.Fatal("the moment never came in 200 hands")
			}
			for _, v := range Viewers(r) {
				want := tc.shows(st, winner, v.Number())
				for _, rv := range []game.Viewer{v, v.OpenReview()} {
					m, err := tablemodel.Of(st.View(rv))
					if err != nil {
						t.Fatal(err)
					}
					tk := m.Tricks[trick]
					shown := !tk.Hidden && len(tk.Plays) > 0
					if w := want || rv.ReviewsAll(); shown != w || tk.Winner != winner {
						t.Errorf("%s: trick %d won by seat %d: shown %v, want %v: %+v", rv, trick+1, winner, shown, w, tk)
					}
				}
			}
		})
	}
}

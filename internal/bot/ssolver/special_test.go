package ssolver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// principal plays s to the end, each seat taking its best action by
// Evaluate (the first of equal ones), and returns the engine's result.
func principal(t *testing.T, sv *Solver, s *strohmandeln.State) game.Result {
	t.Helper()
	s = s.Clone().(*strohmandeln.State)
	for !s.Done() {
		vals, ok := sv.Evaluate(s, 0)
		if !ok {
			t.Fatal("Evaluate failed")
		}
		best := vals[0]
		for _, v := range vals {
			if v.Score > best.Score {
				best = v
			}
		}
		if err := s.Apply(best.Action); err != nil {
			t.Fatal(err)
		}
	}
	return s.Result()
}

// hasItem reports whether res has the item won by seat.
func hasItem(res game.Result, item string, seat int) bool {
	return slices.ContainsFunc(res.Items, func(it game.Item) bool {
		return it.Item == item && slices.Equal(it.Seats, []int{seat})
	})
}

// checkAgainstMinimax fails t unless Evaluate agrees with the reference on s.
func checkAgainstMinimax(t *testing.T, sv *Solver, s *strohmandeln.State) []ActionValue {
	t.Helper()
	nodes := 0
	want := reference(s, &nodes)
	got, ok := sv.Evaluate(s, 0)
	if !ok {
		t.Fatal("Evaluate failed")
	}
	mustEqual(t, "position", got, want)
	return got
}

// TestPagatUltimo finds positions two tricks from the end where the seat
// to lead holds the Pagat and another Tarock and leading the Pagat now
// throws away its ultimo: the solver values it lower than the best card,
// and perfect play ends with the Pagat winning the last trick for the seat.
func TestPagatUltimo(t *testing.T) {
	sv := New()
	rng := rand.New(rand.NewPCG(18, 1))
	found := 0
	for i := 0; i < 3000 && found < 10; i++ {
		opts := [2]strohmandeln.Options{{}, classic}[i%2]
		s := deal{opts: opts, contract: 3, left: 2, noAnnounce: true}.position(rng)
		seat := s.ToAct()
		mine := s.Playable(seat)
		if !mine.Has(card.Pagat) || mine.Intersect(card.TrumpsAndFool).Len() < 2 {
			continue
		}
		vals := checkAgainstMinimax(t, sv, s)
		pagat, best := 0, vals[0].Score
		for _, v := range vals {
			best = max(best, v.Score)
			if v.Action.Card == card.Pagat {
				pagat = v.Score
			}
		}
		if pagat >= best {
			continue
		}
		if res := principal(t, sv, s); !hasItem(res, "pagat_ultimo", seat) {
			t.Fatalf("position %d: perfect play does not bring the Pagat ultimo: %+v", i, res.Items)
		}
		found++
	}
	t.Logf("%d positions with a Pagat to keep", found)
	if found < 10 {
		t.Fatalf("%d positions with a Pagat to keep, want 10", found)
	}
}

// TestThreshold finds positions where the seat's choice decides whether
// the undertaker reaches the winning card points (107 thirds, 45 with 40
// cards): the best and the worst action's perfect play end on the two
// sides of the threshold, exactly as the solver values them.
func TestThreshold(t *testing.T) {
	sv := New()
	rng := rand.New(rand.NewPCG(18, 2))
	found := [2]int{}
	i := 0
	for ; i < 4000 && (found[0] < 8 || found[1] < 8); i++ {
		k := i % 2
		opts := [2]strohmandeln.Options{{}, pack40}[k]
		win := [2]int{107, 45}[k]
		s := deal{opts: opts, contract: 1 + i%4/2, left: 3, keepDown: 0.5}.position(rng)
		vals := checkAgainstMinimax(t, sv, s)
		lo, hi := vals[0], vals[0]
		for _, v := range vals {
			if v.Score < lo.Score {
				lo = v
			}
			if v.Score > hi.Score {
				hi = v
			}
		}
		u := undertaker(s)
		var pts [2]int
		for j, a := range []game.Action{lo.Action, hi.Action} {
			c := s.Clone().(*strohmandeln.State)
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			res := principal(t, sv, c)
			pts[j] = res.CardPoints[u]
			if got := res.Score[s.ToAct()]; got != []int{lo.Score, hi.Score}[j] {
				t.Fatalf("position %d: %v ends with %d, valued %d", i, a, got, []int{lo.Score, hi.Score}[j])
			}
		}
		if min(pts[0], pts[1]) < win && max(pts[0], pts[1]) >= win {
			found[k]++
		}
	}
	t.Logf("%d positions checked, %v decided at the threshold (54, 40 cards)", i, found)
	if found[0] < 8 || found[1] < 8 {
		t.Fatalf("%v positions decided at the threshold (54, 40 cards), want 8 each", found)
	}
}

// undertaker returns the undertaker of s, -1 in a simple game.
func undertaker(s *strohmandeln.State) int {
	for _, a := range s.History() {
		if a.Kind == game.KindBid && a.Call == strohmandeln.CallUndertake {
			return int(a.Seat)
		}
	}
	return -1
}

// TestTurnUp finds positions where the seat may play an exposed Strohmann
// top with cards face down behind it, and where that top is worth
// something else than every card of the hand: what it turns up changes the
// outcome. The solver agrees with the reference on each.
func TestTurnUp(t *testing.T) {
	sv := New()
	rng := rand.New(rand.NewPCG(18, 3))
	tops, differs := 0, 0
	for i := 0; i < 2000 && differs < 20; i++ {
		opts := [3]strohmandeln.Options{{}, classic, {LastStrohmannCard: strohmandeln.LastStaysOnTable}}[i%3]
		s := deal{opts: opts, contract: 3, left: 4, keepDown: 1, ross: 0.5}.position(rng)
		seat := s.ToAct()
		behind := s.Tops(seat).Intersect(s.LegalCards())
		if behind.Empty() || s.FaceDown(seat).Empty() {
			continue
		}
		tops++
		vals := checkAgainstMinimax(t, sv, s)
		for _, v := range vals {
			if !behind.Has(v.Action.Card) {
				continue
			}
			unlike := true
			for _, h := range vals {
				if h.Action.Kind == game.KindPlay && !s.Tops(seat).Has(h.Action.Card) && h.Score == v.Score {
					unlike = false
				}
			}
			if unlike {
				differs++
				break
			}
		}
	}
	t.Logf("%d positions with a playable top, %d where it makes a difference", tops, differs)
	if differs < 20 {
		t.Fatalf("%d of %d positions with a playable top make a difference, want 20", differs, tops)
	}
}

// TestNotSolved checks the positions Evaluate refuses: the phases before
// the play, a finished hand and a node budget too small.
func TestNotSolved(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 4))
	r := strohmandeln.NewRules(strohmandeln.Options{})
	fresh, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), 0)
	if err != nil {
		t.Fatal(err)
	}
	done := deal{contract: 3, left: 1}.position(rng)
	for !done.Done() {
		done.PlayCard(done.LegalCards().Lowest())
	}
	big := deal{contract: 3, left: 10}.position(rng)
	sv := New()
	for _, tc := range []struct {
		name   string
		s      *strohmandeln.State
		budget int
	}{{"fold", fresh, 0}, {"done", done, 0}, {"budget", big, 10}} {
		if vals, ok := sv.Evaluate(tc.s, tc.budget); ok || vals != nil {
			t.Errorf("%s: got %v, %v; want nil, false", tc.name, vals, ok)
		}
	}
	if _, ok := sv.Evaluate(big, 0); !ok || sv.Nodes() <= 10 {
		t.Errorf("budget: %d nodes without a budget (ok %v), the budget of 10 was not too small", sv.Nodes(), ok)
	}
}

package analysis

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"trull/internal/bot"
	"trull/internal/bot/solver"
	"trull/internal/bot/tsolver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/troggu"
	"trull/internal/gametest/knowledge"
)

// record plays a seeded hand of v with the rules bot in every seat, except
// that with chance p a seat plays a random legal action instead (so there
// are mistakes to find), and returns its record.
func record(t testing.TB, v knowledge.Variant, hand int, p float64) *game.Record {
	t.Helper()
	r, err := v.Rules()
	if err != nil {
		t.Fatal(err)
	}
	deck, dealer := knowledge.Deal(r, "analysis", hand)
	st, err := r.NewState(deck, dealer)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := bot.New("rules")
	rng := rand.New(rand.NewPCG(uint64(hand), 11))
	for !st.Done() {
		s := st.ToAct()
		a, err := rules.Act(st.View(game.Seat(s)), rng)
		if err != nil {
			t.Fatal(err)
		}
		if rng.Float64() < p {
			a = game.Pick(rng, st.Legal(nil))
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i)
	}
	return game.NewRecord(r, names, dealer, deck, st.History())
}

// TestForcedAndDeterministic: a forced move is never a mistake, the report
// is the same for the same seed whatever the number of workers, and every
// valued decision's loss is its best value minus the taken one's.
func TestForcedAndDeterministic(t *testing.T) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 6}, {Game: "strohmandeln", Players: 2}} {
		rec := record(t, v, 1, 0.2)
		a, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: -1, Seed: "s", Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: -1, Seed: "s", Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the report depends on the number of workers", v)
		}
		forced, valued := 0, 0
		for _, d := range a.Decisions {
			switch d.Class {
			case Forced:
				forced++
				if d.Loss != 0 {
					t.Errorf("%s step %d: a forced move lost %g", v, d.Step, d.Loss)
				}
			case Unvalued:
			default:
				valued++
				var taken *Candidate
				for i := range d.Candidates {
					if reflect.DeepEqual(d.Candidates[i].Action, d.Taken) {
						taken = &d.Candidates[i]
					}
				}
				if taken == nil {
					t.Fatalf("%s step %d: the taken action has no value", v, d.Step)
				}
				if want := round(d.Candidates[0].Value - taken.Value); d.Loss != want || d.Class != a.Thresholds.classOf(d.Loss) {
					t.Errorf("%s step %d: loss %g class %s, want %g", v, d.Step, d.Loss, d.Class, want)
				}
			}
		}
		if forced == 0 || valued < 10 {
			t.Errorf("%s: %d forced and %d valued decisions: the hand tests too little", v, forced, valued)
		}
		if len(a.Seats) != v.Players {
			t.Errorf("%s: %d seat summaries", v, len(a.Seats))
		}
		one, err := Analyze(rec, Config{Bot: "ismcts@200", Seat: 1, Seed: "s"})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range one.Decisions {
			if d.Seat != 1 {
				t.Fatalf("%s: seat 1's analysis holds a decision of seat %d", v, d.Seat)
			}
		}
	}
}

// TestDominatedCard: where one card is worse than another by at least the
// blunder threshold in every world the seat cannot tell apart (checked by
// the exact solver over many sampled worlds), playing it is flagged a
// blunder and a dominating card is named best.
func TestDominatedCard(t *testing.T) {
	for _, v := range []knowledge.Variant{{Game: "droggn", Players: 3}, {Game: "troggu", Players: 3}, {Game: "strohmandeln", Players: 2}} {
		found := 0
		for hand := 0; hand < 60 && found < 3; hand++ {
			rec := record(t, v, hand, 0)
			r, _ := rec.RulesOf()
			deck, _ := rec.DeckOf(r)
			st, _ := r.NewState(deck, *rec.Dealer)
			th := ThresholdsOf(v.Game)
			for _, a := range engineActions(t, r, deck, rec) {
				if st.Done() {
					break
				}
				seat := st.ToAct()
				if d, c, ok := dominated(st, seat, th.Blunder); ok {
					// Play the dominated card instead and analyse that hand.
					cut := game.NewRecord(r, rec.Players, *rec.Dealer, deck, append(st.History(), game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: d}))
					rep, err := Analyze(cut, Config{Bot: "ismcts@400", Seat: seat, Seed: "dominated"})
					if err != nil {
						t.Fatal(err)
					}
					last := rep.Decisions[len(rep.Decisions)-1]
					if last.Class != Blunder {
						t.Errorf("%s hand %d: %s dominated by %s is a %s (loss %g)", v, hand, r.Pack().ID(d), r.Pack().ID(c), last.Class, last.Loss)
					}
					if last.Best == nil || last.Best.Card == r.Pack().ID(d) {
						t.Errorf("%s hand %d: best %+v", v, hand, last.Best)
					}
					found++
					break
				}
				if err := st.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no dominated card found", v)
		}
	}
}

// dominated looks for a legal card d of the seat to play in st and another
// card c that scores at least margin more than d in each of 64 worlds the
// seat cannot tell from the real one, by the exact open-card solvers.
func dominated(st game.State, seat int, margin float64) (d, c card.Card, ok bool) {
	if st.Phase() != "play" {
		return 0, 0, false
	}
	var cards []card.Card
	for _, a := range st.Legal(nil) {
		if a.Call == 0 { // a card said with a word ("Ross!") is another action
			cards = append(cards, a.Card)
		}
	}
	if len(cards) < 2 || cardsLeft(st, seat) > 4 {
		return 0, 0, false
	}
	worst := map[[2]card.Card]float64{} // (c, d) → least c−d over the worlds
	rng := rand.New(rand.NewPCG(uint64(len(st.History())), 3))
	v := st.View(game.Seat(seat))
	for w := 0; w < 64; w++ {
		world, err := st.Rules().Resample(v, rng)
		if err != nil {
			return 0, 0, false
		}
		vals := map[card.Card]float64{}
		switch s := world.(type) {
		case *droggn.State:
			n := st.Rules().Seats()
			for _, cv := range solver.Evaluate(s, 0) {
				x := float64(-cv.Value)
				if seat == s.Declarer() {
					x = float64((n - 1) * cv.Value)
				}
				vals[cv.Card] = x
			}
		case *troggu.State:
			cvs, ok := tsolver.New().Evaluate(s, 0)
			if !ok {
				return 0, 0, false
			}
			for _, cv := range cvs {
				vals[cv.Card] = float64(cv.Score)
			}
		default:
			// Strohmandeln has no solver: a plain minimax over the
			// engine's checked moves, the two seats opposed.
			for _, c := range cards {
				child := world.Clone()
				if err := child.Apply(game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c}); err != nil {
					return 0, 0, false
				}
				vals[c] = minimax(child, seat)
			}
		}
		for _, x := range cards {
			for _, y := range cards {
				if x == y {
					continue
				}
				k := [2]card.Card{x, y}
				diff := vals[x] - vals[y]
				if old, seen := worst[k]; !seen || diff < old {
					worst[k] = diff
				}
			}
		}
	}
	for _, x := range cards {
		for _, y := range cards {
			if diff, seen := worst[[2]card.Card{x, y}]; seen && diff >= margin {
				return y, x, true
			}
		}
	}
	return 0, 0, false
}

// engineActions returns the engine actions of a record, in order.
func engineActions(t *testing.T, r game.Rules, deck []card.Card, rec *game.Record) []game.Action {
	t.Helper()
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	var out []game.Action
	for _, ra := range rec.Actions {
		acts, err := r.DecodeAction(st, ra)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range acts {
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
			out = append(out, a)
		}
	}
	return out
}

// cardsLeft returns how many cards seat still has to play: its hand and,
// in Strohmandeln, the exposed and face-down cards of its Strohmänner.
func cardsLeft(st game.State, seat int) int {
	b, _ := json.Marshal(st.View(game.Seat(seat)))
	var v struct {
		Hand    []string `json:"hand"`
		Players []struct {
			Strohmaenner []struct {
				Top      string `json:"top"`
				FaceDown int    `json:"face_down"`
			} `json:"strohmaenner"`
		} `json:"players"`
	}
	_ = json.Unmarshal(b, &v)
	n := len(v.Hand)
	if seat < len(v.Players) {
		for _, p := range v.Players[seat].Strohmaenner {
			n += p.FaceDown
			if p.Top != "" {
				n++
			}
		}
	}
	return n
}

// minimax returns seat's score of st when both seats of a two-seat game
// play perfectly, every card seen, by trying every legal action.
func minimax(st game.State, seat int) float64 {
	if st.Done() {
		return float64(st.Result().Score[seat])
	}
	mover := st.ToAct()
	best := 0.0
	for i, a := range st.Legal(nil) {
		child := st.Clone()
		if err := child.Apply(a); err != nil {
			panic(err)
		}
		v := minimax(child, seat)
		if i == 0 || (mover == seat && v > best) || (mover != seat && v < best) {
			best = v
		}
	}
	return best
}

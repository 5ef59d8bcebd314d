package troggu

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// replayPrefix replays the first k actions of a legal example.
func replayPrefix(t *testing.T, name string, k int) *State {
	t.Helper()
	data, err := os.ReadFile("testdata/examples/legal/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.DecodeRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if k >= 0 {
		rec.Actions = rec.Actions[:k]
	}
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestViewKnowledge checks what the Tappist and the others see of the Tapp
// and the discards, and that the end of the hand shows everything.
func TestViewKnowledge(t *testing.T) {
	s := replayPrefix(t, "troggu4-0000", 7) // bids, discards, two cards played
	tappist := s.view(game.ViewerOf(2))
	if len(tappist.TappTaken) != 10 || len(tappist.Discards) != 10 || tappist.DiscardCount != 10 {
		t.Fatalf("Tappist sees Tapp %v, discards %v", tappist.TappTaken, tappist.Discards)
	}
	if e := tappist.Log[4]; e.Act != "discard" || e.Count != 10 || len(e.Cards) != 10 {
		t.Fatalf("Tappist's log entry %+v", e)
	}
	other := s.view(game.ViewerOf(0))
	if other.TappTaken != nil || other.Discards != nil || other.DiscardCount != 10 || other.TappSize != 0 {
		t.Fatalf("seat 0 sees Tapp %v, discards %v", other.TappTaken, other.Discards)
	}
	if e := other.Log[4]; e.Act != "discard" || e.Count != 10 || e.Cards != nil {
		t.Fatalf("seat 0's log entry %+v", e)
	}
	if other.Trick == nil || len(other.Trick.Plays) != 2 || other.Trick.Leader != 2 || other.Trick.Winner != -1 {
		t.Fatalf("current trick %+v", other.Trick)
	}
	if !tappist.Cards().SubsetOf(s.MayKnow(game.ViewerOf(2))) || !other.Cards().SubsetOf(s.MayKnow(game.ViewerOf(0))) {
		t.Fatal("a view names a card outside MayKnow")
	}
	if other.Cards().Overlaps(s.discards) {
		t.Fatal("seat 0 sees a discard")
	}
	if s.TappTaken() != set(tappist.TappTaken...) || s.Discards() != set(tappist.Discards...) {
		t.Fatalf("TappTaken %v, Discards %v; the Tappist saw %v and %v", s.TappTaken(), s.Discards(), tappist.TappTaken, tappist.Discards)
	}

	end := replayPrefix(t, "troggu4-0000", -1)
	v := end.view(game.Seat(1))
	if v.Result == nil || len(v.Discards) != 10 || v.Result.Score[2] != -3 || v.ToAct != -1 {
		t.Fatalf("final view %+v", v)
	}
	if end.MayKnow(game.ViewerOf(1)) != card.Troggu62.Cards {
		t.Fatal("at the end every card may be known")
	}

	solo := replayPrefix(t, "troggu5-0000", 5) // all pass: Misère
	if v := solo.view(game.Seat(3)); v.Contract != "misere" || v.TappSize != 7 || v.Tapp != nil {
		t.Fatalf("misère view %+v", v)
	}
}

// TestViewJSONRoundTrip: a view decoded from JSON gives the same legal
// actions and can be resampled (the parse path of Resample).
func TestViewJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"troggu3-0000", "troggu7-0000", "troggu8-0000"} {
		for _, k := range []int{2, 8, 9, 20, 40} {
			s := replayPrefix(t, name, k)
			if s.Done() {
				continue
			}
			v := s.view(game.ViewerOf(s.ToAct()))
			data, _ := json.Marshal(v)
			var back View
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.LegalActions(), s.Legal(nil)) {
				t.Fatalf("%s@%d: legal %v, want %v", name, k, back.LegalActions(), s.Legal(nil))
			}
			w, err := s.r.Resample(&back, rng)
			if err != nil {
				t.Fatalf("%s@%d: %v", name, k, err)
			}
			got, _ := json.Marshal(w.View(game.ViewerOf(s.ToAct())))
			if !bytes.Equal(got, data) {
				t.Fatalf("%s@%d: resampled view differs:\n%s\n%s", name, k, got, data)
			}
		}
	}
}

// TestViewFacts checks what the views tell: the Tappist's call and Tapp to
// him, the partner once known, and a reneged FOOL to its holder only.
func TestViewFacts(t *testing.T) {
	s := replayPrefix(t, "troggu7-0000", 12)
	v := s.view(game.Seat(1))
	if v.Declarer != 1 || v.CalledTrump != 20 || v.Partner != nil || len(v.TappTaken) == 0 {
		t.Errorf("the Tappist's view: declarer %d, called %d, partner %v, took %v", v.Declarer, v.CalledTrump, v.Partner, v.TappTaken)
	}
	end := replayPrefix(t, "troggu7-0000", -1).view(game.Seat(3))
	if end.Partner == nil || *end.Partner != 0 || end.Result == nil {
		t.Errorf("final view: partner %v, result %v", end.Partner, end.Result)
	}
	r := Default(3)
	p := playState(r, map[int][]string{0: {"Sw-8", "Sw-9"}, 1: {"FOOL", "Cu-K", "Co-3"}, 2: {"Sw-5", "Sw-6"}}, 0, 0)
	play(t, p, "Sw-8", "Cu-K")
	if !p.view(game.Seat(1)).FoolPowerless {
		t.Error("the holder is not told his Bättler lost its power")
	}
	if p.view(game.Seat(0)).FoolPowerless {
		t.Error("another seat learns of the renege")
	}
}

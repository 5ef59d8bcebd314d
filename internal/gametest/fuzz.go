package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// DriveActions plays a hand from fuzzer bytes, the action path every game
// fuzzes the same way: a byte below 0xa0 picks a legal action, which must
// be accepted; any other byte builds an arbitrary action from the next five
// bytes, which must be accepted exactly when it is legal, refused with an
// *game.IllegalError otherwise, and, when refused, leave the hand exactly
// as it was (every view, the history and every card's place). After each
// step the seat to act sees nothing it may not know and its view can be
// resampled; a finished hand's scores add up to zero. Nothing may panic.
func DriveActions(t *testing.T, st game.State, data []byte) {
	t.Helper()
	r := st.Rules()
	rng := rand.New(rand.NewPCG(uint64(len(data)), 5))
	for len(data) > 0 && !st.Done() {
		legal := st.Legal(nil)
		if len(legal) == 0 {
			t.Fatalf("no legal action in phase %s", st.Phase())
		}
		b := data[0]
		data = data[1:]
		if b < 0xa0 {
			a := legal[int(b)%len(legal)]
			if err := st.Apply(a); err != nil {
				t.Fatalf("legal %+v refused: %v", a, err)
			}
			continue
		}
		var x [5]byte
		n := copy(x[:], data)
		data = data[n:]
		a := game.Action{Seat: int8(x[0]%10) - 1, Kind: game.Kind(x[1] % 11), Call: x[2] % 16,
			Card: card.Card(x[3] % 130), Card2: card.Card(x[4] % 3 / 2 * x[4])}
		isLegal := false
		for _, l := range legal {
			isLegal = isLegal || l == a
		}
		before := snapshot(st)
		err := st.Apply(a)
		switch {
		case isLegal && err != nil:
			t.Fatalf("legal %+v refused: %v", a, err)
		case !isLegal && err == nil:
			t.Fatalf("illegal %+v accepted", a)
		case err != nil:
			var ie *game.IllegalError
			if !errors.As(err, &ie) || ie.Reason == "" {
				t.Fatalf("the refusal of %+v is %T %q, not an IllegalError with a reason", a, err, err)
			}
			if after := snapshot(st); after != before {
				t.Fatalf("refused %+v (%v) changed the hand", a, err)
			}
		}
		if seat := st.ToAct(); seat >= 0 {
			v := st.View(game.Seat(seat))
			if leak := v.Cards().Minus(st.MayKnow(game.Seat(seat))); !leak.Empty() {
				t.Fatalf("the view of seat %d names %s", seat, leak)
			}
			if _, err := r.Resample(v, rng); err != nil {
				t.Fatalf("resample for seat %d: %v", seat, err)
			}
		}
	}
	if st.Done() {
		sum := 0
		for _, s := range st.Result().Score {
			sum += s
		}
		if sum != 0 {
			t.Fatalf("scores %v do not add up to zero", st.Result().Score)
		}
	}
}

// snapshot captures everything observable of a hand: every viewer's view,
// the history, and where each card lies.
func snapshot(st game.State) string {
	var b bytes.Buffer
	for s := 0; s < st.Rules().Seats(); s++ {
		j, _ := json.Marshal(st.View(game.Seat(s)))
		b.Write(j)
	}
	j, _ := json.Marshal(st.View(game.Spectator))
	b.Write(j)
	fmt.Fprintf(&b, "%v", st.History())
	if p, ok := st.(interface{ Places() []card.Set }); ok {
		fmt.Fprintf(&b, "%v", p.Places())
	}
	return b.String()
}

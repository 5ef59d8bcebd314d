package troggu

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// FuzzDecodeRecord feeds bytes to DecodeRecord and Replay: they must never
// panic, errors must be record or action errors, and a replayed hand must
// summarize, render and resample (to a world that looks the same). Seeds:
// the example and golden records.
func FuzzDecodeRecord(f *testing.F) {
	files, _ := filepath.Glob("testdata/examples/*/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		f.Add(data)
		// Records that stop early: after the bidding, in the exchange, in play.
		var rec game.Record
		if json.Unmarshal(data, &rec) != nil || rec.Format == "" {
			continue
		}
		all := rec.Actions
		for _, k := range []int{3, 8, 9, len(all) / 2, len(all) - 2} {
			if k > 0 && k < len(all) {
				rec.Actions = all[:k]
				cut, _ := json.Marshal(rec)
				f.Add(cut)
			}
		}
	}
	golden, _ := filepath.Glob("testdata/golden/*.json")
	for _, name := range golden {
		var g goldenHand
		if data, err := os.ReadFile(name); err == nil && json.Unmarshal(data, &g) == nil {
			rec, _ := json.Marshal(g.Record)
			f.Add(rec)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := game.DecodeRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		st, err := game.Replay(rec)
		if err != nil {
			var ae *game.ActionError
			var re *game.RecordError
			if !errors.As(err, &ae) && !errors.As(err, &re) {
				t.Fatalf("replay error of type %T: %v", err, err)
			}
			return
		}
		if _, err := json.Marshal(game.Summarize(st)); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 1))
		for seat := 0; seat < st.Rules().Seats(); seat++ {
			v := st.View(game.ViewerOf(seat))
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			w, err := st.Rules().Resample(v, rng)
			if err != nil {
				t.Fatalf("resample for seat %d: %v", seat, err)
			}
			if got, _ := json.Marshal(w.View(game.ViewerOf(seat))); !bytes.Equal(got, want) {
				t.Fatalf("resampled world looks different to seat %d", seat)
			}
		}
	})
}

// fuzzRules maps a byte to a variant.
func fuzzRules(b byte) *Rules {
	opts := Options{
		AllPassRule:      AllPassRule(b >> 3 % 3),
		FourKingsDiscard: FourKingsDiscard(b >> 5 & 1),
		MisereTie:        MisereTie(b >> 6 & 1),
		MustOvertrump:    b>>7 != 0,
	}
	r, err := NewRules(opts, MinSeats+int(b&7)%6)
	if err != nil {
		panic(err)
	}
	return r
}

// FuzzActions drives a hand with bytes: a byte below 0xc0 picks a legal
// action, other bytes build an arbitrary (mostly illegal) action from the
// next four bytes. A refused action must leave the state exactly as it
// was; a legal one must be accepted; nothing may panic.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0x00, 1, 2, 3, 0, 0, 0, 0xff, 1, 1, 5, 9, 0, 1, 2})
	f.Add([]byte{0x05, 9, 9, 9, 1, 1, 1, 1, 1, 1, 1, 1, 0xc4, 3, 9, 0, 22, 7, 7, 7, 7, 7, 7})
	f.Add([]byte{0xbf, 0, 1, 0xfe, 2, 2, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		r := fuzzRules(data[0])
		deck := game.DeckFromSeed(r.Pack(), string(data[1:4]))
		st, err := r.NewState(deck, int(data[1])%r.Seats())
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var buf []game.Action
		for i := 4; i < len(data) && !s.Done(); i++ {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("no legal action in phase %s", s.Phase())
			}
			if b := data[i]; b < 0xc0 {
				if err := s.Apply(buf[int(b)%len(buf)]); err != nil {
					t.Fatalf("legal action refused: %v", err)
				}
				continue
			}
			var x [4]byte
			copy(x[:], data[i+1:])
			i += 4
			a := game.Action{Seat: int8(x[0]%10) - 1, Kind: game.Kind(x[1] % 11), Call: x[2] % 6, Card: card.Card(x[3] % 130)}
			before := s.clone()
			legal := false
			for _, l := range buf {
				legal = legal || l == a
			}
			err := s.Apply(a)
			switch {
			case legal && err != nil:
				t.Fatalf("legal action %+v refused: %v", a, err)
			case !legal && err == nil:
				t.Fatalf("illegal action %+v accepted", a)
			case err != nil && !reflect.DeepEqual(before, s):
				t.Fatalf("refused action %+v (%v) changed the state", a, err)
			}
			var ie *game.IllegalError
			if err != nil && !errors.As(err, &ie) {
				t.Fatalf("refusal is %T", err)
			}
		}
		if s.Done() {
			sc := s.Score()
			sum := 0
			for _, v := range sc {
				sum += v
			}
			if sum != 0 {
				t.Fatalf("scores %v", sc)
			}
		}
	})
}

package troggu

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
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

// FuzzActions drives a hand with arbitrary actions, legal or not, through
// the shared harness (gametest.DriveActions): the first byte picks the
// variant, the next three the deal.
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
		gametest.DriveActions(t, st, data[4:])
	})
}

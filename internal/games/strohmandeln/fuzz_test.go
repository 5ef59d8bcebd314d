package strohmandeln

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// FuzzDecodeRecord checks that no byte string makes record decoding or
// replay panic.
func FuzzDecodeRecord(f *testing.F) {
	files, _ := filepath.Glob("testdata/examples/*.json")
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"trull-hand/1","game":"strohmandeln","options":{"pack":40},"players":["a","b"],"dealer":1,"seed":"x","actions":[{"seat":0,"act":"fold","call":"stay"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := game.DecodeRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		st, err := game.Replay(rec)
		if err == nil {
			_ = game.Summarize(st)
			for seat := 0; seat < 2; seat++ {
				if _, err := json.Marshal(st.View(game.Seat(seat))); err != nil {
					t.Fatalf("view of seat %d: %v", seat, err)
				}
			}
		}
		_, _ = game.Replay(rec)
	})
}

// FuzzActions drives a hand with a byte string: a byte below 0xa0 picks a
// legal action (which must be accepted); any other byte builds an arbitrary
// action from the following bytes, which must be accepted exactly when it
// is legal, and when refused must leave the state unchanged. Views and
// resampling are checked along the way.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 1, 0xff, 1, 9, 1, 5, 0x10})
	f.Add([]byte{1, 9, 9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 0xf0, 0, 8, 2, 17, 0, 2, 3})
	f.Add(bytes.Repeat([]byte{5, 0xa5, 1, 9, 0, 20}, 30))
	f.Add(append([]byte{6, 42, 0, 0, 0, 0, 0, 0, 0}, bytes.Repeat([]byte{3}, 80)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		r := NewRules(variants[int(data[0])%len(variants)])
		seed := binary.LittleEndian.Uint64(data[1:9])
		rng := rand.New(rand.NewPCG(seed, 1))
		s, err := r.Deal(game.ShuffledDeck(r.Pack(), rng), int(seed&1))
		if err != nil {
			t.Fatal(err)
		}
		data = data[9:]
		for len(data) > 0 && !s.Done() {
			legal := s.Legal(nil)
			b := data[0]
			data = data[1:]
			if b < 0xa0 {
				a := legal[int(b)%len(legal)]
				if err := s.Apply(a); err != nil {
					t.Fatalf("legal %+v refused: %v", a, err)
				}
				continue
			}
			var x [5]byte
			copy(x[:], data)
			if len(data) > 5 {
				data = data[5:]
			} else {
				data = nil
			}
			a := game.Action{Seat: int8(x[0]%4) - 1, Kind: game.Kind(x[1] % 11), Call: x[2] % 5,
				Card: card.Card(x[3] % 130), Card2: card.Card(x[4] % 3 / 2 * x[4])}
			before := *s
			err := s.Apply(a)
			if err == nil != containsAction(legal, a) {
				t.Fatalf("action %+v: Apply says %v, Legal %v", a, err, legal)
			}
			if err != nil {
				if _, ok := err.(*game.IllegalError); !ok {
					t.Fatalf("refusal %T %v", err, err)
				}
				if *s != before {
					t.Fatalf("refused %+v (%v) changed the state", a, err)
				}
			}
			if seat := s.ToAct(); seat >= 0 {
				v := s.View(game.ViewerOf(seat))
				if leak := v.Cards().Minus(s.MayKnow(game.ViewerOf(seat))); !leak.Empty() {
					t.Fatalf("view leaks %s", leak)
				}
				if _, err := r.Resample(v, rng); err != nil {
					t.Fatalf("resample: %v", err)
				}
			}
		}
	})
}

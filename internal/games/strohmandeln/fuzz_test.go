package strohmandeln

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
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

// FuzzActions drives a hand with arbitrary actions, legal or not, through
// the shared harness (gametest.DriveActions): the first byte picks the
// variant, the next eight the deal.
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
		gametest.DriveActions(t, s, data[9:])
	})
}

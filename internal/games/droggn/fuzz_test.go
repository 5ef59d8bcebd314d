package droggn

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

// FuzzActions drives a hand with arbitrary actions, legal or not, through
// the shared harness (gametest.DriveActions): the first byte picks the
// variant and player count, the next eight the deal.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(append([]byte{3, 2, 0, 0, 0, 0, 0, 0, 0}, bytes.Repeat([]byte{0x81, 3, 0xff, 17, 0xa3, 1, 9}, 40)...))
	f.Add(append([]byte{5, 7, 7, 7, 7, 7, 7, 7, 7}, bytes.Repeat([]byte{1}, 90)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		players := 3 + int(data[0]&1)
		r := MustParse(players, variants[int(data[0]>>1)%len(variants)].opts)
		seed := binary.LittleEndian.Uint64(data[1:9])
		rng := rand.New(rand.NewPCG(seed, 1))
		s, err := r.Deal(game.ShuffledDeck(r.pack, rng), int(seed%uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		gametest.DriveActions(t, s, data[9:])
	})
}

package game_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"trull/internal/game"
)

// FuzzReplay feeds arbitrary bytes to the record decoder and the replay:
// never a panic; a record that replays can be summarized and re-encoded.
func FuzzReplay(f *testing.F) {
	files, _ := filepath.Glob("../../cmd/trull/testdata/examples/*/*.json")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"trull-hand/1","game":"troggu","players":["a","b","c","d","e","f","g"],"dealer":1,"seed":"f","actions":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := game.DecodeRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		st, err := game.Replay(rec)
		if err != nil {
			return
		}
		_ = game.Summarize(st)
		back := game.NewRecord(st.Rules(), rec.Players, st.Dealer(), nil, st.History())
		if len(back.Actions) > len(st.History()) {
			t.Fatalf("encoding grew the history")
		}
	})
}

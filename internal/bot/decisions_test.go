package bot_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

var update = flag.Bool("update", false, "rewrite testdata/decisions.golden")

// TestDecisionsGolden holds every level's decisions on seeded hands of the
// three games against a golden file: a change of the bots' code that
// changes no decision leaves the recorded matches of docs/STRENGTH.md
// standing; one that does must be measured again (go test -update
// rewrites the file, and the diff shows which decisions moved).
func TestDecisionsGolden(t *testing.T) {
	variants := []knowledge.Variant{
		{Game: "droggn", Players: 3}, {Game: "droggn", Players: 4},
		{Game: "troggu", Players: 3}, {Game: "troggu", Players: 6}, {Game: "troggu", Players: 8},
		{Game: "strohmandeln", Players: 2},
	}
	levels := []string{"random", "rules", "pimc@4", "ismcts@150"}
	var b strings.Builder
	for _, v := range variants {
		r, err := v.Rules()
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range levels {
			for hand := 0; hand < 2; hand++ {
				deck, dealer := knowledge.Deal(r, "decisions", hand)
				st, err := r.NewState(deck, dealer)
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]bot.Bot, r.Seats())
				rngs := make([]*rand.Rand, r.Seats())
				for s := range bots {
					if bots[s], err = bot.New(level); err != nil {
						t.Fatal(err)
					}
					rngs[s] = game.NewRand(fmt.Sprintf("decisions/%d", hand), uint64(s))
				}
				var acts []string
				for !st.Done() {
					s := st.ToAct()
					a, err := bots[s].Act(st.View(game.Seat(s)), rngs[s])
					if err != nil {
						t.Fatalf("%s %s hand %d: %v", v, level, hand, err)
					}
					if err := st.Apply(a); err != nil {
						t.Fatalf("%s %s hand %d: illegal %+v: %v", v, level, hand, a, err)
					}
					ra := r.EncodeAction(a)
					w := ra.Act + ":" + ra.Call + ra.Card + strings.Join(ra.Cards, "+") + ra.Say
					acts = append(acts, w)
				}
				fmt.Fprintf(&b, "%s %s %d: %s\n", v, level, hand, strings.Join(acts, " "))
			}
		}
	}
	path := filepath.Join("testdata", "decisions.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("decisions changed:\n have %s\n want %s", gl[i], wl[i])
			}
		}
		t.Fatalf("decisions changed: %d lines, want %d", len(gl), len(wl))
	}
}

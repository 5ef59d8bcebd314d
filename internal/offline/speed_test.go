package offline

import (
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
)

var decisions = flag.Bool("decisions", false, "report the bots' decision times on this machine (and, built for js/wasm, in a JavaScript engine)")

// TestDecisionTimes reports, with -decisions, the median and the 99th
// percentile of one bot decision at offline tables of each game and bot
// level: run natively, and with GOOS=js GOARCH=wasm under Node.js (the
// JavaScript engine of Chromium) to compare; docs/OFFLINE.md holds the
// figures. It asserts nothing about speed.
func TestDecisionTimes(t *testing.T) {
	if !*decisions {
		t.Skip("offline: decision times are reported with -decisions")
	}
	for _, g := range []struct {
		game    string
		players int
	}{{"droggn", 3}, {"troggu", 3}, {"strohmandeln", 2}} {
		for _, b := range []string{"rules", "ismcts-fast", "ismcts"} {
			var times []time.Duration
			for s := 0; len(times) < 300 && s < 40; s++ {
				tb, err := New(Config{Game: g.game, Players: g.players, Seat: 0, Bot: b, Seed: fmt.Sprint("speed/", s)})
				if err != nil {
					t.Fatal(err)
				}
				// The person's seat is played by the rules bot; the others'
				// decisions are timed.
				stand, _ := bot.New("rules")
				for !tb.st.Done() && len(times) < 300 {
					if tb.BotToAct() {
						start := time.Now()
						tb.Step()
						times = append(times, time.Since(start))
						continue
					}
					a, err := stand.Act(tb.st.View(game.Seat(tb.st.ToAct())), tb.rng)
					if err != nil || tb.st.Apply(a) != nil {
						t.Fatalf("the person's stand-in: %v", err)
					}
				}
			}
			slices.Sort(times)
			t.Logf("%s %d players, %s: %d decisions, median %v, p99 %v, max %v", g.game, g.players, b, len(times),
				times[len(times)/2].Round(10*time.Microsecond), times[len(times)*99/100].Round(10*time.Microsecond), times[len(times)-1].Round(10*time.Microsecond))
		}
	}
}

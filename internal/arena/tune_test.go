package arena

import (
	"flag"
	"testing"

	"trull/internal/bot"
	"trull/internal/bot/ismcts"
	"trull/internal/games/troggu"
)

// The tuning duels measure switches of the search bots against the level
// they would change. They take tens of minutes and run only when asked:
//
//	go test ./internal/arena -run Tune -tune -v -timeout 0
var tune = flag.Bool("tune", false, "run the search bots' tuning duels")

// TestTuneTroggu plays the Troggu search of the ismcts levels (at the
// ladder's budget) against itself with one switch changed, on six seats:
// the card play read (ReadPlay) and a larger budget for the decisions
// before the card play (PrePlay).
func TestTuneTroggu(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	const deals = 400
	base := bot.TrogguSearch(ismcts.Options{Iterations: 600, Name: "ismcts@600"})
	for _, v := range []struct {
		name string
		set  func(*ismcts.Options)
	}{
		{"read play", func(o *ismcts.Options) { o.ReadPlay = true }},
		{"pre-play x4", func(o *ismcts.Options) { o.PrePlay = 4 }},
	} {
		o := base
		v.set(&o)
		o.Name = v.name
		rep, err := Run(Config{Rules: troggu.Default(6), Bots: []bot.Bot{ismcts.New(o), ismcts.New(base)},
			Deals: deals, Seed: "tune-troggu-6", Workers: 0})
		if err != nil {
			t.Fatal(err)
		}
		p := rep.Pairs[0]
		t.Logf("%s − %s: %+.3f ± %.3f per hand over %d deals", p.A, p.B, p.Diff, p.CI95, p.Deals)
	}
}

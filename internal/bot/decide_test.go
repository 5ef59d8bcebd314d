package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"trull/internal/game"
	"trull/internal/games/droggn"
)

type panicking struct{}

func (panicking) Name() string { return "panic" }

func (panicking) Act(game.View, *rand.Rand) (game.Action, error) { panic("index out of range") }

// TestDecideFallsBack: a bot that panics is answered with a random legal
// action, and the reason names no card; a bot that plays is played.
func TestDecideFallsBack(t *testing.T) {
	if _, err := safeAct(panicking{}, nil, nil); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("safeAct: %v", err)
	}
	r := droggn.Default(3)
	st, err := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 2))), 0)
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	seat := st.ToAct()
	acts := Decide(st, seat, panicking{}, rand.New(rand.NewPCG(3, 4)), nil, func(r string) { reasons = append(reasons, r) })
	if len(acts) != 1 || int(acts[0].Seat) != seat || len(reasons) != 1 || reasons[0] != "the bot failed" {
		t.Fatalf("a panicking bot: actions %v, reasons %q", acts, reasons)
	}
	if len(st.History()) != 1 {
		t.Fatalf("the fallback was not applied: %v", st.History())
	}
	rb, _ := New("rules")
	seconds := 0
	if acts := Decide(st, st.ToAct(), rb, rand.New(rand.NewPCG(5, 6)), func(float64) { seconds++ }, func(r string) { t.Errorf("the rules bot was refused: %s", r) }); len(acts) != 1 || seconds != 1 {
		t.Fatalf("the rules bot: %v, %d calls observed", acts, seconds)
	}
}

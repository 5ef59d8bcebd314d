package knowledge

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// Variant is one game variant whose secrets differ from the others': a
// player count or an option that changes what is hidden or shown.
type Variant struct {
	Game    string
	Players int
	Options string // k=v,… as the command line takes them
}

// String names the variant.
func (v Variant) String() string {
	if v.Options == "" {
		return fmt.Sprintf("%s-%d", v.Game, v.Players)
	}
	return fmt.Sprintf("%s-%d-%s", v.Game, v.Players, v.Options)
}

// Rules builds the variant's rules.
func (v Variant) Rules() (game.Rules, error) {
	info, ok := game.Lookup(v.Game)
	if !ok {
		return nil, fmt.Errorf("knowledge: no game %q", v.Game)
	}
	return info.Parse(v.Options, v.Players)
}

// Variants lists every player count of the three games and each option that
// changes what is secret: Droggn's exposed talon, restricted offers, the
// 78-card pack and the defenders' lay-out timing; Troggu's forced games (a
// Tappist who calls with fewer seats); Strohmandeln's packs, the last
// Strohmann card left on the table, a thrown-in simple game and doubling.
func Variants() []Variant {
	return []Variant{
		{"droggn", 3, ""}, {"droggn", 4, ""},
		{"droggn", 3, "exposeTalonInAnsager=true"}, {"droggn", 4, "exposeTalonInAnsager=true,buyOfferRestricted=true"},
		{"droggn", 3, "pack=78"}, {"droggn", 3, "defenderLayoutTiming=withDoublingTurn,kleineUndGstiessUltimo=true"},
		{"troggu", 3, ""}, {"troggu", 4, ""}, {"troggu", 5, ""}, {"troggu", 6, ""}, {"troggu", 7, ""}, {"troggu", 8, ""},
		{"troggu", 4, "allPassRule=alwaysForced"}, {"troggu", 7, "allPassRule=alwaysForced"},
		{"strohmandeln", 2, ""}, {"strohmandeln", 2, "pack=40"},
		{"strohmandeln", 2, "lastStrohmannCard=staysOnTable,allowDoubling=true"},
		{"strohmandeln", 2, "simpleGame=fold"},
	}
}

// Hands returns how many hands a property test plays per game, spread over
// the game's variants (PerVariant): quick unless TRULL_LEAK_HANDS asks for
// more (10000 for the full check).
func Hands(tb testing.TB, quick int) int {
	if s := os.Getenv("TRULL_LEAK_HANDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			tb.Fatalf("TRULL_LEAK_HANDS=%q: want a number of hands", s)
		}
		return n
	}
	if testing.Short() {
		return max(1, quick/5)
	}
	return quick
}

// PerVariant returns the hands each variant of g plays when the game plays
// total hands.
func PerVariant(g string, total int) int {
	n := 0
	for _, v := range Variants() {
		if v.Game == g {
			n++
		}
	}
	return (total + n - 1) / max(n, 1)
}

// Deal returns hand i of a seeded series: a shuffled deck and a dealer.
func Deal(r game.Rules, seed string, i int) ([]card.Card, int) {
	rng := game.NewRand(seed, uint64(i))
	return game.ShuffledDeck(r.Pack(), rng), rng.IntN(r.Seats())
}

// Play plays one hand of r by uniformly random legal actions from a seeded
// deal, calling step before the first action and after each one.
func Play(r game.Rules, seed string, i int, step func(*Tracker) error) error {
	deck, dealer := Deal(r, seed, i)
	st, err := r.NewState(deck, dealer)
	if err != nil {
		return err
	}
	t := New(st)
	rng := rand.New(rand.NewPCG(uint64(i), 7))
	if err := step(t); err != nil {
		return err
	}
	for !st.Done() {
		if err := t.Apply(game.Pick(rng, st.Legal(nil))); err != nil {
			return err
		}
		if err := step(t); err != nil {
			return fmt.Errorf("after action %d: %w", len(st.History())-1, err)
		}
	}
	return nil
}

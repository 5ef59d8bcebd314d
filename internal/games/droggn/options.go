package droggn

import (
	"encoding/json"
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// Specs is the option table of docs/RULES.md §1.7 (names without "droggn.").
var Specs = []game.OptionSpec{
	{Name: "pack", Kind: game.OptInt, Default: 66, Min: 66, Max: 78,
		Help: "66: the Tyrolean 66-card pack (default); 78: the full pack, 39 to win, dealt in fives"},
	{Name: "talonPosition", Kind: game.OptEnum, Values: []string{"end", "afterSecondBatch"},
		Help: "where the 3 talon cards are dealt: after all batches, or after the second round"},
	{Name: "dealPattern", Kind: game.OptEnum, Values: []string{"7-7-7", "5-5-5-3-3"},
		Help: "batch sizes dealt to each active player (66-card pack)"},
	{Name: "exposeTalonInAnsager", Kind: game.OptBool,
		Help: "in an Ansager the talon is shown to all before the declarer takes it"},
	{Name: "gstiessLastTrick", Kind: game.OptEnum, Values: []string{"legal", "illegal"},
		Help: "illegal: the Gstieß may not be played to the last trick; its holder must play it to the one before"},
	{Name: "kleineUndGstiessUltimo", Kind: game.OptBool,
		Help: "a declarer holding only Pagat and Gstieß, with no trump among the defenders, leads the Gstieß and wins the last trick with the Pagat for +20"},
	{Name: "winRule", Kind: game.OptEnum, Values: []string{"37", "38", "37tieLastTrick"},
		Help: "37: half the points wins; 38: the declarer needs 38; 37tieLastTrick: a 37:37 tie goes to the winner of the last trick"},
	{Name: "superMordPagatScoring", Kind: game.OptEnum, Values: []string{"inclusive", "separate"},
		Help: "inclusive: Super Mord is 167/187 and stops at the first lost trick; separate: 167 plus the ordinary Pagat scores, played to the end"},
	{Name: "kingDiscardRule", Kind: game.OptEnum, Values: []string{"perKing", "atLeastOneTrump"},
		Help: "a discarded king needs a discarded trump per king, or one trump for any kings"},
	{Name: "maxDoublings", Kind: game.OptInt, Default: -1, Min: 0, Max: 64, Nullable: true,
		Help: "cap on Schwacher and Retours (null: unlimited)"},
	{Name: "defenderLayoutTiming", Kind: game.OptEnum, Values: []string{"beforeDoubling", "withDoublingTurn"},
		Help: "when a defender may lay out the Pagat: right after \"ich liege\", or just before its first doubling call"},
	{Name: "buyOfferRestricted", Kind: game.OptBool,
		Help: "the card offered when buying may not be the Gstieß, Mond, Pagat or a king"},
}

// Rules is an immutable Droggn variant. The zero Options give docs/RULES.md's
// defaults; build Rules with New or Default.
type Rules struct {
	opts  game.Options
	seats int
	pack  *card.Pack

	// Derived settings.
	w             int // points to win: half the pack (37 or 39)
	tricks        int // tricks per hand (21 or 25)
	batches       []int
	talonAfter2   bool
	exposeTalon   bool
	gstiessIllega bool
	kgu           bool
	winRule       int // 0: 37, 1: 38, 2: tie by last trick
	smSeparate    bool
	kingPerKing   bool
	maxDoublings  int // -1 unlimited
	layoutWithDbl bool
	buyRestricted bool
	smValue       int // 167 or 169

	// For Reset: the state before the deal for each dealer, and the runs of
	// the deck that go to each speaker and to the talon.
	fresh [4]State
	runs  []dealRun
}

// Win rules.
const (
	win37 = iota
	win38
	winTieLastTrick
)

// New builds Rules from record options and the number of players (3 or 4).
func New(raw map[string]json.RawMessage, players int) (game.Rules, error) {
	return NewRules(raw, players)
}

// NewRules is New with the concrete type.
func NewRules(raw map[string]json.RawMessage, players int) (*Rules, error) {
	if players != 3 && players != 4 {
		return nil, fmt.Errorf("droggn is played by 3 or 4 players, not %d", players)
	}
	o, err := game.ParseOptions("droggn", Specs, raw, players)
	if err != nil {
		return nil, err
	}
	if n := o.Int(Specs, "pack"); n != 66 && n != 78 {
		return nil, fmt.Errorf("option pack: bad value %d (66 or 78)", n)
	}
	r := &Rules{opts: o, seats: players}
	r.pack = card.Droggn66
	r.w, r.tricks, r.smValue = 37, 21, 167
	r.batches = []int{7, 7, 7}
	if o.Str(Specs, "dealPattern") == "5-5-5-3-3" {
		r.batches = []int{5, 5, 5, 3, 3}
	}
	if o.Int(Specs, "pack") == 78 {
		if o.Str(Specs, "dealPattern") != "7-7-7" {
			return nil, fmt.Errorf("option dealPattern=5-5-5-3-3 cannot be used with pack=78 (the 78-card game is dealt in fives)")
		}
		r.pack = card.Droggn78
		r.w, r.tricks, r.smValue = 39, 25, 169
		r.batches = []int{5, 5, 5, 5, 5}
	}
	r.talonAfter2 = o.Str(Specs, "talonPosition") == "afterSecondBatch"
	r.exposeTalon = o.Bool(Specs, "exposeTalonInAnsager")
	r.gstiessIllega = o.Str(Specs, "gstiessLastTrick") == "illegal"
	r.kgu = o.Bool(Specs, "kleineUndGstiessUltimo")
	switch o.Str(Specs, "winRule") {
	case "38":
		r.winRule = win38
	case "37tieLastTrick":
		r.winRule = winTieLastTrick
	}
	r.smSeparate = o.Str(Specs, "superMordPagatScoring") == "separate"
	r.kingPerKing = o.Str(Specs, "kingDiscardRule") == "perKing"
	r.maxDoublings = o.Int(Specs, "maxDoublings")
	r.layoutWithDbl = o.Str(Specs, "defenderLayoutTiming") == "withDoublingTurn"
	r.buyRestricted = o.Bool(Specs, "buyOfferRestricted")
	r.prepareDeal()
	return r, nil
}

// Default returns the default rules for 3 or 4 players.
func Default(players int) *Rules {
	r, err := NewRules(nil, players)
	if err != nil {
		panic(err)
	}
	return r
}

// MustParse builds rules from a "k=v,k=v" option string, for tests and tools.
func MustParse(players int, opts string) *Rules {
	raw, err := game.ParseOptionString(Specs, opts)
	if err != nil {
		panic(err)
	}
	r, err := NewRules(raw, players)
	if err != nil {
		panic(err)
	}
	return r
}

func init() {
	game.Register(game.GameInfo{Name: "droggn", Title: "Droggn", MinSeats: 3, MaxSeats: 4, Options: Specs, New: New})
}

// Game returns "droggn".
func (r *Rules) Game() string { return "droggn" }

// String returns the canonical variant string.
func (r *Rules) String() string { return game.Canonical("droggn", r.opts, r.seats, 3) }

// Seats returns 3 or 4.
func (r *Rules) Seats() int { return r.seats }

// Pack returns the 66- or 78-card pack.
func (r *Rules) Pack() *card.Pack { return r.pack }

// Options returns the non-default options.
func (r *Rules) Options() map[string]any {
	out := map[string]any{}
	for k, v := range r.opts {
		out[k] = game.RecordValue(v)
	}
	return out
}

// Tricks returns the number of tricks in a hand.
func (r *Rules) Tricks() int { return r.tricks }

// Half returns W, the points a declarer needs under the default win rule.
func (r *Rules) Half() int { return r.w }

// hardDoublingCap bounds "unlimited" doubling so that scores stay exact
// 64-bit integers (2^40 · 189 · 3 < 2^63); no real sitting comes near it.
const hardDoublingCap = 40

// doublingCap returns the number of doublings after which no more are asked.
func (r *Rules) doublingCap() int {
	if r.maxDoublings >= 0 {
		return r.maxDoublings
	}
	return hardDoublingCap
}

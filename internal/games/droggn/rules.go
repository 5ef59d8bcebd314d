package droggn

import (
	"encoding/json"
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// Name is the game's name in records.
const Name = "droggn"

// Rules is an immutable Droggn variant: typed options and the number of
// players. Build it with New, Parse, NewRules, Default or MustParse.
type Rules struct {
	opts  Options
	seats int
	pack  *card.Pack
	name  string

	// Derived settings.
	w             int // points to win: half the pack (37 or 39)
	tricks        int // tricks per hand (21 or 25)
	batches       []int
	talonAfter2   bool
	exposeTalon   bool
	gstiessIllega bool
	kgu           bool
	winRule       WinRule
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

// New builds Rules from record options and the number of players (3 or
// 4). It is the factory registered with the game package.
func New(raw map[string]json.RawMessage, players int) (game.Rules, error) {
	o, err := game.DecodeOptions[Options](Name, Specs, raw, players)
	if err != nil {
		return nil, err
	}
	return NewRules(o, players)
}

// Parse builds Rules from a "k=v,k=v" option string and the number of
// players.
func Parse(opts string, players int) (game.Rules, error) {
	o, err := game.ParseOptions[Options](Name, Specs, opts)
	if err != nil {
		return nil, err
	}
	return NewRules(o, players)
}

// NewRules builds Rules from typed options and the number of players.
func NewRules(o Options, players int) (*Rules, error) {
	if players != 3 && players != 4 {
		return nil, fmt.Errorf("droggn: a game for 3 or 4 players, not %d", players)
	}
	if err := game.CheckOptions(Name, Specs, o); err != nil {
		return nil, err
	}
	if o.Pack == 66 {
		o.Pack = 0
	}
	if o.Pack != 0 && o.Pack != 78 {
		return nil, fmt.Errorf("droggn: option pack: bad value %d (66 or 78)", o.Pack)
	}
	r := &Rules{opts: o, seats: players}
	r.pack = card.Droggn66
	r.w, r.tricks, r.smValue = 37, 21, 167
	r.batches = []int{7, 7, 7}
	if o.DealPattern == Deal55533 {
		r.batches = []int{5, 5, 5, 3, 3}
	}
	if o.Pack == 78 {
		if o.DealPattern != Deal777 {
			return nil, fmt.Errorf("droggn: option dealPattern=5-5-5-3-3 cannot be used with pack=78 (the 78-card game is dealt in fives)")
		}
		r.pack = card.Droggn78
		r.w, r.tricks, r.smValue = 39, 25, 169
		r.batches = []int{5, 5, 5, 5, 5}
	}
	r.talonAfter2 = o.TalonPosition == TalonAfterSecondBatch
	r.exposeTalon = o.ExposeTalonInAnsager
	r.gstiessIllega = o.GstiessLastTrickIllegal
	r.kgu = o.KleineUndGstiessUltimo
	r.winRule = o.WinRule
	r.smSeparate = o.SuperMordPagatScoring == SuperMordSeparate
	r.kingPerKing = o.KingDiscardRule == TrumpPerKing
	r.maxDoublings = -1
	if n, ok := o.MaxDoublings.Limit(); ok {
		r.maxDoublings = n
	}
	r.layoutWithDbl = o.DefenderLayoutTiming == LayoutWithDoublingTurn
	r.buyRestricted = o.BuyOfferRestricted
	r.name = game.Canonical(Name, Specs, o, players, 3)
	r.prepareDeal()
	return r, nil
}

// Default returns the default rules for 3 or 4 players.
func Default(players int) *Rules {
	r, err := NewRules(Options{}, players)
	if err != nil {
		panic(err)
	}
	return r
}

// MustParse builds rules from a "k=v,k=v" option string, for tests and tools.
func MustParse(players int, opts string) *Rules {
	r, err := Parse(opts, players)
	if err != nil {
		panic(err)
	}
	return r.(*Rules)
}

func init() {
	game.Register(game.GameInfo{Name: Name, Title: "Droggn", MinSeats: 3, MaxSeats: 4, Options: Specs, New: New, Parse: Parse})
}

// Game returns "droggn".
func (r *Rules) Game() string { return "droggn" }

// String returns the canonical variant string, e.g. "droggn(players=4,winRule=38)".
func (r *Rules) String() string { return r.name }

// Seats returns 3 or 4.
func (r *Rules) Seats() int { return r.seats }

// Pack returns the 66- or 78-card pack.
func (r *Rules) Pack() *card.Pack { return r.pack }

// Opts returns the typed options.
func (r *Rules) Opts() Options { return r.opts }

// Options returns the options that differ from the defaults, as record
// JSON values.
func (r *Rules) Options() map[string]any { return game.RecordOptions(Specs, r.opts) }

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

package troggu

import (
	"encoding/json"
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// AllPassRule is the option allPassRule (docs/RULES.md §2.5 B1): what happens
// when every player passes.
type AllPassRule uint8

// All-pass rules.
const (
	// ByPlayerCount plays Misère with up to 6 players and a forced game
	// with 7 or 8 (the default).
	ByPlayerCount AllPassRule = iota
	// AlwaysMisere always plays Misère.
	AlwaysMisere
	// AlwaysForced forces a game at any player count (Clarification 14).
	AlwaysForced
)

// FourKingsDiscard is the option fourKingsDiscard (B4): which 5-point cards
// a Tappist holding four kings may discard.
type FourKingsDiscard uint8

// Four-kings discard rules.
const (
	// KingsOnly lets a holder of four kings discard kings, never FOOL, T21, T1.
	KingsOnly FourKingsDiscard = iota
	// AnyFivePoint lets a holder of four kings discard any 5-point card.
	AnyFivePoint
)

// MisereTie is the option misereTie (B7): who pays when several players
// tie for the most points in a Misère.
type MisereTie uint8

// Misère tie rules.
const (
	// AllMaxPay makes each tied player pay each player not tied.
	AllMaxPay MisereTie = iota
	// NoPayment settles a tie for the most points with no payment.
	NoPayment
)

// DefaultHands is the default session length (option hands).
const DefaultHands = 12

var (
	allPassNames  = []string{"byPlayerCount", "alwaysMisere", "alwaysForced"}
	fourKingNames = []string{"kingsOnly", "anyFivePoint"}
	misereNames   = []string{"allMaxPay", "noPayment"}
)

// Specs is the option table of docs/RULES.md §2.6 (names without "troggu."). The
// number of players is the record's player count, not an option here.
var Specs = []game.OptionSpec{
	{Name: "allPassRule", Kind: game.OptEnum, Values: allPassNames,
		Help:        "when all pass: Misère up to 6 players and a forced game with 7–8, always Misère, or always a forced game",
		Label:       game.Words{EN: "When all pass", DE: "Wenn alle passen"},
		HelpDE:      "wenn alle passen: Misère bis 6 Spieler und Pflichtspiel mit 7–8, immer Misère, oder immer Pflichtspiel",
		ValueLabels: []game.Words{{EN: "Misère up to 6 players, else a forced game", DE: "Misère bis 6 Spieler, sonst Pflichtspiel"}, {EN: "always Misère", DE: "immer Misère"}, {EN: "always a forced game", DE: "immer Pflichtspiel"}}},
	{Name: "fourKingsDiscard", Kind: game.OptEnum, Values: fourKingNames,
		Help:        "a Tappist holding four kings after taking the Tapp may discard kings only, or any 5-point card",
		Label:       game.Words{EN: "Discards with four kings", DE: "Ablegen mit vier Königen"},
		HelpDE:      "ein Tappist mit vier Königen nach dem Aufnehmen darf nur Könige ablegen, oder jede 5-Punkte-Karte",
		ValueLabels: []game.Words{{EN: "kings only", DE: "nur Könige"}, {EN: "any 5-point card", DE: "jede 5-Punkte-Karte"}}},
	{Name: "misereTie", Kind: game.OptEnum, Values: misereNames,
		Help:        "a tie for the most points in Misère: every tied player pays each other player, or nobody pays",
		Label:       game.Words{EN: "A tie in Misère", DE: "Gleichstand im Misère"},
		HelpDE:      "Gleichstand der meisten Punkte im Misère: jeder davon zahlt jedem anderen, oder niemand zahlt",
		ValueLabels: []game.Words{{EN: "every tied player pays", DE: "jeder davon zahlt"}, {EN: "nobody pays", DE: "niemand zahlt"}}},
	{Name: "soloMultiplier", Kind: game.OptInt, Default: 1, Min: 1, Max: 100,
		Help:   "multiplies the payments of a Solo",
		Label:  game.Words{EN: "Solo pays", DE: "Solo zahlt"},
		HelpDE: "Faktor für die Zahlungen eines Solos",
		Unit:   game.Words{EN: "× the payments", DE: "× die Zahlungen"}},
	{Name: "mustOvertrump", Kind: game.OptBool,
		Help:   "a player who must play a trump must beat the highest trump in the trick if able",
		Label:  game.Words{EN: "Must overtrump", DE: "Überstechen ist Pflicht"},
		HelpDE: "wer Trumpf geben muss, muss den höchsten Trumpf im Stich überstechen, wenn er kann"},
	{Name: "hands", Kind: game.OptInt, Default: DefaultHands, Min: 1, Max: 10000,
		Help:   "number of hands in a session (no effect on a single hand)",
		Label:  game.Words{EN: "Hands", DE: "Spiele"},
		HelpDE: "Zahl der Spiele einer Sitzung (ohne Wirkung auf ein einzelnes Spiel)"},
}

// Options are the typed Troggu options. The zero value is the default rules
// of docs/RULES.md.
type Options struct {
	AllPassRule      AllPassRule      `option:"allPassRule"`
	FourKingsDiscard FourKingsDiscard `option:"fourKingsDiscard"`
	MisereTie        MisereTie        `option:"misereTie"`
	// SoloMultiplier multiplies Solo payments; 0 means 1.
	SoloMultiplier int  `option:"soloMultiplier"`
	MustOvertrump  bool `option:"mustOvertrump"`
	// Hands is the session length; 0 means DefaultHands.
	Hands int `option:"hands"`
}

// Solo returns the Solo multiplier (at least 1).
func (o Options) Solo() int {
	if o.SoloMultiplier <= 0 {
		return 1
	}
	return o.SoloMultiplier
}

// SessionHands returns the session length.
func (o Options) SessionHands() int {
	if o.Hands <= 0 {
		return DefaultHands
	}
	return o.Hands
}

// New builds Troggu rules from record options and the number of players
// (3 to 8). It is the factory registered with the game package.
func New(raw map[string]json.RawMessage, players int) (game.Rules, error) {
	o, err := game.DecodeOptions[Options]("troggu", Specs, raw, players)
	if err != nil {
		return nil, err
	}
	return NewRules(o, players)
}

// Parse builds Troggu rules from a "k=v,k=v" option string and the number
// of players.
func Parse(opts string, players int) (game.Rules, error) {
	o, err := game.ParseOptions[Options]("troggu", Specs, opts)
	if err != nil {
		return nil, err
	}
	return NewRules(o, players)
}

// NewRules builds Troggu rules from typed options.
func NewRules(o Options, players int) (*Rules, error) {
	if players < MinSeats || players > MaxSeats {
		return nil, fmt.Errorf("troggu: a game for %d to %d players, not %d", MinSeats, MaxSeats, players)
	}
	if err := game.CheckOptions("troggu", Specs, o); err != nil {
		return nil, err
	}
	r := &Rules{opts: o, seats: players, deal: dealTable[players]}
	r.owner = dealOwners(players, r.deal)
	r.opts.SoloMultiplier = o.Solo()
	r.opts.Hands = o.SessionHands()
	r.name = game.Canonical("troggu", Specs, o, players, 0)
	return r, nil
}

// Default returns the default rules for the given number of players.
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
	game.Register(game.GameInfo{Name: "troggu", Title: "Troggu", MinSeats: MinSeats, MaxSeats: MaxSeats, Options: Specs, New: New, Parse: Parse})
}

// Game returns "troggu".
func (r *Rules) Game() string { return "troggu" }

// String returns the canonical variant string, e.g. "troggu(players=7)";
// the player count is always named.
func (r *Rules) String() string { return r.name }

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.seats }

// Pack returns the 62-card Troggu pack.
func (r *Rules) Pack() *card.Pack { return card.Troggu62 }

// Opts returns the typed options (with SoloMultiplier and Hands filled in).
func (r *Rules) Opts() Options { return r.opts }

// Options returns the options that differ from the defaults, as record JSON
// values.
func (r *Rules) Options() map[string]any { return game.RecordOptions(Specs, r.opts) }

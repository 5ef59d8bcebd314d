package strohmandeln

import (
	"encoding/json"
	"fmt"

	"trull/internal/game"
)

// Name is the game's name in records.
const Name = "strohmandeln"

// Scoring selects the scoring table of docs/RULES.md §3.4.
type Scoring uint8

// Scoring variants.
const (
	// Extended is the default: Grammel, bonuses in tricks, Uhu, Kakadu, Rostopschin.
	Extended Scoring = iota
	// Classic scores announced Trull and Four Kings in hand instead.
	Classic
)

// LastCard says what happens to the last card of a Strohmann (§3.3, C14).
type LastCard uint8

// LastCard values.
const (
	// LastToHand takes the last card into the hand whatever it is (default).
	LastToHand LastCard = iota
	// LastStaysOnTable leaves every last card exposed on the table until it
	// is played, Tarocks and Kings included (Clarification 11).
	LastStaysOnTable
)

// SimpleGame says what happens when both players pass (C2).
type SimpleGame uint8

// SimpleGame values.
const (
	// SimplePlay plays a simple game (default).
	SimplePlay SimpleGame = iota
	// SimpleFold throws the cards in; the same dealer deals again.
	SimpleFold
)

// Stacking says what a new Nullrunde trigger does during a Nullrunde (C11).
type Stacking uint8

// Stacking values.
const (
	// StackRestart restarts the two-game window (default; never more than ×2).
	StackRestart Stacking = iota
	// StackStack opens a second window beside the running one; games
	// covered by both count ×4.
	StackStack
)

// GrammelRule selects the Grammel threshold (C4, Clarification 10).
type GrammelRule uint8

// GrammelRule values.
const (
	// GrammelAtLeast45: the winner has at least 45 points (135 thirds; 57
	// with the 40-card pack).
	GrammelAtLeast45 GrammelRule = iota
	// GrammelLoserUnder26: the loser has fewer than 26 points (under 78
	// thirds; 32 or fewer with the 40-card pack).
	GrammelLoserUnder26
)

// Options are the variant options of docs/RULES.md §3.6. The zero value is the
// default rules.
type Options struct {
	// Scoring is strohmandeln.scoring (extended or classic).
	Scoring Scoring `option:"scoring"`
	// LastStrohmannCard is strohmandeln.lastStrohmannCard.
	LastStrohmannCard LastCard `option:"lastStrohmannCard"`
	// SimpleGame is strohmandeln.simpleGame.
	SimpleGame SimpleGame `option:"simpleGame"`
	// AllowDoubling is strohmandeln.allowDoubling.
	AllowDoubling bool `option:"allowDoubling"`
	// Pack40 is strohmandeln.pack=40.
	Pack40 bool `option:"pack,number"`
	// NullrundeStacking is strohmandeln.nullrundeStacking.
	NullrundeStacking Stacking `option:"nullrundeStacking"`
	// GrammelRule is strohmandeln.grammelRule.
	GrammelRule GrammelRule `option:"grammelRule"`
	// NoSilentBonusFailurePenalty is strohmandeln.silentBonusFailurePenalty=false:
	// a captured Uhu or Kakadu then scores nothing.
	NoSilentBonusFailurePenalty bool `option:"silentBonusFailurePenalty"`
	// ValatAdditive is strohmandeln.valatReplacesAll=false: the Valat is
	// added to the game result and the bonuses instead of replacing them.
	ValatAdditive bool `option:"valatReplacesAll"`
}

// Specs is the option table of the game (docs/RULES.md §3.6), names without the
// game prefix, defaults first.
var Specs = []game.OptionSpec{
	{Name: "scoring", Kind: game.OptEnum, Values: []string{"extended", "classic"},
		Help:        "scoring table: extended (Grammel, bonuses in tricks, Uhu, Kakadu, Rostopschin) or classic (announced Trull and Four Kings in hand)",
		Label:       game.Words{EN: "Scoring", DE: "Wertung"},
		HelpDE:      "Wertung: erweitert (Grammel, Boni in den Stichen, Uhu, Kakadu, Rostopschin) oder klassisch (angesagter Trull und vier Könige in der Hand)",
		ValueLabels: []game.Words{{EN: "extended", DE: "erweitert"}, {EN: "classic", DE: "klassisch"}}},
	{Name: "lastStrohmannCard", Kind: game.OptEnum, Values: []string{"toHand", "staysOnTable"},
		Help:        "the last card of a Strohmann is taken into the hand, or stays face up on the table until played",
		Label:       game.Words{EN: "Last card of a Strohmann", DE: "Letzte Karte eines Strohmanns"},
		HelpDE:      "die letzte Karte eines Strohmanns kommt in die Hand oder bleibt offen liegen, bis sie gespielt wird",
		ValueLabels: []game.Words{{EN: "goes into the hand", DE: "kommt in die Hand"}, {EN: "stays on the table", DE: "bleibt liegen"}}},
	{Name: "simpleGame", Kind: game.OptEnum, Values: []string{"play", "fold"},
		Help:        "when both pass, a simple game is played, or the cards are thrown in and the same dealer deals again",
		Label:       game.Words{EN: "When both pass", DE: "Wenn beide passen"},
		HelpDE:      "wenn beide passen: ein einfaches Spiel, oder die Karten werden eingeworfen und derselbe Geber gibt neu",
		ValueLabels: []game.Words{{EN: "a simple game", DE: "einfaches Spiel"}, {EN: "thrown in", DE: "eingeworfen"}}},
	{Name: "allowDoubling", Kind: game.OptBool, DefaultBool: false,
		Help:   "the undertaker's opponent may double an undertaken game right after the auction (3→6, 4→8)",
		Label:  game.Words{EN: "Doubling allowed", DE: "Doppeln erlaubt"},
		HelpDE: "der Gegner des Aufnehmers darf gleich nach dem Reizen doppeln (3→6, 4→8)"},
	{Name: "pack", Kind: game.OptEnum, Values: []string{"54", "40"},
		Help:        "54 cards counted in thirds, or 40 cards (no II, III; one Glatze per suit) counted singly",
		Label:       game.Words{EN: "Pack", DE: "Blatt"},
		HelpDE:      "54 Karten in Dritteln gezählt, oder 40 Karten (ohne II, III; eine Glatze je Farbe) einzeln gezählt",
		ValueLabels: []game.Words{{EN: "54 cards", DE: "54 Karten"}, {EN: "40 cards", DE: "40 Karten"}}},
	{Name: "nullrundeStacking", Kind: game.OptEnum, Values: []string{"restart", "stack"},
		Help:        "a Nullrunde trigger during a Nullrunde restarts the two-game window, or stacks a second window (×4)",
		Label:       game.Words{EN: "A Nullrunde during a Nullrunde", DE: "Nullrunde in der Nullrunde"},
		HelpDE:      "eine neue Nullrunde während einer Nullrunde beginnt das Fenster neu, oder stapelt ein zweites (×4)",
		ValueLabels: []game.Words{{EN: "starts the two games again", DE: "beginnt die zwei Spiele neu"}, {EN: "stacks (×4)", DE: "stapelt (×4)"}}},
	{Name: "grammelRule", Kind: game.OptEnum, Values: []string{"atLeast45", "loserUnder26"},
		Help:        "the Grammel point needs the winner's 45 points, or the loser under 26 points",
		Label:       game.Words{EN: "Grammel", DE: "Grammel"},
		HelpDE:      "der Grammel-Punkt braucht 45 Punkte des Gewinners, oder weniger als 26 des Verlierers",
		ValueLabels: []game.Words{{EN: "the winner has 45", DE: "Gewinner hat 45"}, {EN: "the loser has under 26", DE: "Verlierer unter 26"}}},
	{Name: "silentBonusFailurePenalty", Kind: game.OptBool, DefaultBool: true,
		Help:   "an Uhu or Kakadu captured in its trick gives the captor 1 point",
		Label:  game.Words{EN: "A captured Uhu or Kakadu scores", DE: "Gefangener Uhu oder Kakadu zählt"},
		HelpDE: "ein gefangener Uhu oder Kakadu bringt dem Fänger 1 Punkt"},
	{Name: "valatReplacesAll", Kind: game.OptBool, DefaultBool: true,
		Help:   "a Valat (12) replaces the game result and all bonuses, or is added to them",
		Label:  game.Words{EN: "Valat replaces everything", DE: "Valat ersetzt alles"},
		HelpDE: "ein Valat (12) ersetzt das Spielergebnis und alle Boni, oder wird dazugezählt"},
}

// String returns the canonical variant string of the options, as Rules.String.
func (o Options) String() string { return game.Canonical(Name, Specs, o, 2, 2) }

// ParseOptions turns record options into Options. players must be 2.
func ParseOptions(raw map[string]json.RawMessage, players int) (Options, error) {
	if err := checkPlayers(players); err != nil {
		return Options{}, err
	}
	return game.DecodeOptions[Options](Name, Specs, raw, players)
}

func checkPlayers(players int) error {
	if players != 2 {
		return fmt.Errorf("%s: a game for 2 players, not %d", Name, players)
	}
	return nil
}

// New is the game's factory for the registry: it builds the Rules from
// record options and the number of players (which must be 2).
func New(opts map[string]json.RawMessage, players int) (game.Rules, error) {
	o, err := ParseOptions(opts, players)
	if err != nil {
		return nil, err
	}
	return NewRules(o), nil
}

// Parse builds the Rules from a "k=v,k=v" option string and the number of
// players (which must be 2).
func Parse(opts string, players int) (game.Rules, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	o, err := game.ParseOptions[Options](Name, Specs, opts)
	if err != nil {
		return nil, err
	}
	return NewRules(o), nil
}

func init() {
	game.Register(game.GameInfo{
		Name:     Name,
		Title:    "Strohmandeln (Strohmann-Tarock)",
		MinSeats: 2,
		MaxSeats: 2,
		Options:  Specs,
		New:      New,
		Parse:    Parse,
	})
}

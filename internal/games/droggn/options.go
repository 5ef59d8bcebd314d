package droggn

import (
	"trull/internal/game"
)

// Specs is the option table of docs/RULES.md §1.7 (names without "droggn.").
var Specs = []game.OptionSpec{
	{Name: "pack", Kind: game.OptInt, Default: 66, Min: 66, Max: 78, Choices: []int{66, 78},
		Help:   "66: the Tyrolean 66-card pack (default); 78: the full pack, 39 to win, dealt in fives",
		Label:  game.Words{EN: "Pack", DE: "Blatt"},
		HelpDE: "66: das Tiroler 66-Blatt (Standard); 78: das volle Blatt, 39 gewinnen, in Fünfern gegeben",
		Unit:   game.Words{EN: "cards", DE: "Karten"}},
	{Name: "talonPosition", Kind: game.OptEnum, Values: []string{"end", "afterSecondBatch"},
		Help:        "where the 3 talon cards are dealt: after all batches, or after the second round",
		Label:       game.Words{EN: "Talon dealt", DE: "Talon gegeben"},
		HelpDE:      "wo die 3 Talonkarten gegeben werden: nach allen Paketen oder nach der zweiten Runde",
		ValueLabels: []game.Words{{EN: "after all batches", DE: "nach allen Paketen"}, {EN: "after the second round", DE: "nach der zweiten Runde"}}},
	{Name: "dealPattern", Kind: game.OptEnum, Values: []string{"7-7-7", "5-5-5-3-3"},
		Help:        "batch sizes dealt to each active player (66-card pack)",
		Label:       game.Words{EN: "Batches", DE: "Pakete"},
		HelpDE:      "Paketgrößen für jeden aktiven Spieler (66-Blatt)",
		ValueLabels: []game.Words{{EN: "7-7-7", DE: "7-7-7"}, {EN: "5-5-5-3-3", DE: "5-5-5-3-3"}}},
	{Name: "exposeTalonInAnsager", Kind: game.OptBool,
		Help:   "in an Ansager the talon is shown to all before the declarer takes it",
		Label:  game.Words{EN: "Talon shown in an Ansager", DE: "Talon beim Ansager offen"},
		HelpDE: "beim Ansager wird der Talon allen gezeigt, bevor der Spieler ihn nimmt"},
	{Name: "gstiessLastTrick", Kind: game.OptEnum, Values: []string{"legal", "illegal"},
		Help:        "not allowed: the Gstieß may not be played to the last trick; its holder must play it to the one before",
		Label:       game.Words{EN: "Gstieß in the last trick", DE: "Gstieß im letzten Stich"},
		HelpDE:      "verboten: der Gstieß darf nicht in den letzten Stich; wer ihn hat, muss ihn im vorletzten spielen",
		ValueLabels: []game.Words{{EN: "allowed", DE: "erlaubt"}, {EN: "not allowed", DE: "verboten"}}},
	{Name: "kleineUndGstiessUltimo", Kind: game.OptBool,
		Help:   "a declarer holding only Pagat and Gstieß, with no trump among the defenders, leads the Gstieß and wins the last trick with the Pagat for +20",
		Label:  game.Words{EN: "Kleine und Gstieß ultimo", DE: "Kleine und Gstieß ultimo"},
		HelpDE: "ein Spieler mit nur Pagat und Gstieß, ohne Tarock bei den Gegnern, spielt den Gstieß aus und macht den letzten Stich mit dem Pagat: +20"},
	{Name: "winRule", Kind: game.OptEnum, Values: []string{"37", "38", "37tieLastTrick"},
		Help:        "37: half the points wins; 38: the declarer needs 38; or 37 with a 37:37 tie going to the winner of the last trick",
		Label:       game.Words{EN: "Declarer wins with", DE: "Spieler gewinnt mit"},
		HelpDE:      "37: die Hälfte gewinnt; 38: der Spieler braucht 38; 37, letzter Stich: bei 37:37 entscheidet der letzte Stich",
		ValueLabels: []game.Words{{EN: "37 points", DE: "37 Punkten"}, {EN: "38 points", DE: "38 Punkten"}, {EN: "37, a 37:37 tie to the last trick", DE: "37, bei 37:37 der letzte Stich"}}},
	{Name: "superMordPagatScoring", Kind: game.OptEnum, Values: []string{"inclusive", "separate"},
		Help:        "included: Super Mord is 167/187 and stops at the first lost trick; apart: 167 plus the ordinary Pagat scores, played to the end",
		Label:       game.Words{EN: "Pagat in a Super Mord", DE: "Pagat im Super Mord"},
		HelpDE:      "inbegriffen: Super Mord zählt 167/187 und endet beim ersten verlorenen Stich; extra: 167 plus die normalen Pagat-Wertungen, bis zum Ende gespielt",
		ValueLabels: []game.Words{{EN: "included, stops at a lost trick", DE: "inbegriffen, Ende beim verlorenen Stich"}, {EN: "scored apart, played to the end", DE: "extra gewertet, bis zum Ende gespielt"}}},
	{Name: "kingDiscardRule", Kind: game.OptEnum, Values: []string{"perKing", "atLeastOneTrump"},
		Help:        "a discarded king needs a discarded trump per king, or one trump for any kings",
		Label:       game.Words{EN: "Discarded kings need", DE: "Gedrückte Könige brauchen"},
		HelpDE:      "ein gedrückter König braucht je König einen gedrückten Tarock, oder einen Tarock für beliebig viele Könige",
		ValueLabels: []game.Words{{EN: "a trump per king", DE: "einen Tarock je König"}, {EN: "one trump for any kings", DE: "einen Tarock für alle"}}},
	{Name: "maxDoublings", Kind: game.OptInt, Default: -1, Min: 0, Max: 64, Nullable: true,
		Help:   "cap on Schwacher and Retours (empty: unlimited)",
		Label:  game.Words{EN: "Doublings at most", DE: "Doppelungen höchstens"},
		HelpDE: "Obergrenze für Schwacher und Retour (leer: unbegrenzt)"},
	{Name: "defenderLayoutTiming", Kind: game.OptEnum, Values: []string{"beforeDoubling", "withDoublingTurn"},
		Help:        "when a defender may lay out the Pagat: right after \"ich liege\", or just before its first doubling call",
		Label:       game.Words{EN: "A defender lays out the Pagat", DE: "Gegenspieler legt den Pagat aus"},
		HelpDE:      "wann ein Gegenspieler den Pagat auslegen darf: gleich nach „ich liege“ oder direkt vor seinem ersten Doppelruf",
		ValueLabels: []game.Words{{EN: "right after “ich liege”", DE: "gleich nach „ich liege“"}, {EN: "at the doubling turn", DE: "beim Doppelruf"}}},
	{Name: "buyOfferRestricted", Kind: game.OptBool,
		Help:   "the card offered when buying may not be the Gstieß, Mond, Pagat or a king",
		Label:  game.Words{EN: "No honours offered when buying", DE: "Beim Kauf keine Trull-Karte und kein König geboten"},
		HelpDE: "die beim Kauf gebotene Karte darf nicht Gstieß, Mond, Pagat oder ein König sein"},
}

// TalonPosition is the option talonPosition: where the talon is dealt.
type TalonPosition uint8

// Talon positions.
const (
	// TalonAtEnd deals the talon after all batches (the default).
	TalonAtEnd TalonPosition = iota
	// TalonAfterSecondBatch deals it after the second round of batches.
	TalonAfterSecondBatch
)

// DealPattern is the option dealPattern: the batches of the 66-card pack.
type DealPattern uint8

// Deal patterns.
const (
	// Deal777 deals three batches of 7 (the default).
	Deal777 DealPattern = iota
	// Deal55533 deals batches of 5, 5, 5, 3 and 3.
	Deal55533
)

// WinRule is the option winRule: the points a declarer needs.
type WinRule uint8

// Win rules, named for the 66-card pack (W = 37) and meaning the same
// relative to W with 78 cards (Clarification 4).
const (
	// Win37 needs half the points, W (the default).
	Win37 WinRule = iota
	// Win38 needs W+1.
	Win38
	// Win37TieLastTrick gives a W:W tie to the winner of the last trick.
	Win37TieLastTrick
)

// SuperMordScoring is the option superMordPagatScoring (Clarification 2).
type SuperMordScoring uint8

// Super Mord scorings.
const (
	// SuperMordInclusive scores 167 or 187 and stops at the first lost
	// trick (the default).
	SuperMordInclusive SuperMordScoring = iota
	// SuperMordSeparate scores 167 plus the ordinary Pagat scores and is
	// played to the end.
	SuperMordSeparate
)

// KingDiscard is the option kingDiscardRule (§1.3 TALON).
type KingDiscard uint8

// King discard rules.
const (
	// TrumpPerKing needs a discarded trump for each discarded king (the
	// default).
	TrumpPerKing KingDiscard = iota
	// OneTrumpForKings needs one discarded trump for any kings.
	OneTrumpForKings
)

// LayoutTiming is the option defenderLayoutTiming (Clarification 5).
type LayoutTiming uint8

// Defender lay-out timings.
const (
	// LayoutBeforeDoubling asks the defenders right after the declarer's
	// lay-out (the default).
	LayoutBeforeDoubling LayoutTiming = iota
	// LayoutWithDoublingTurn asks a defender just before its first
	// doubling call.
	LayoutWithDoublingTurn
)

// Options are the typed Droggn options of docs/RULES.md §1.7. The zero
// value is the default rules.
type Options struct {
	// Pack is the pack size: 66 (also 0) or 78.
	Pack                 int           `option:"pack"`
	TalonPosition        TalonPosition `option:"talonPosition"`
	DealPattern          DealPattern   `option:"dealPattern"`
	ExposeTalonInAnsager bool          `option:"exposeTalonInAnsager"`
	// GstiessLastTrickIllegal is gstiessLastTrick=illegal: the Gstieß may
	// not be played to the last trick.
	GstiessLastTrickIllegal bool             `option:"gstiessLastTrick"`
	KleineUndGstiessUltimo  bool             `option:"kleineUndGstiessUltimo"`
	WinRule                 WinRule          `option:"winRule"`
	SuperMordPagatScoring   SuperMordScoring `option:"superMordPagatScoring"`
	KingDiscardRule         KingDiscard      `option:"kingDiscardRule"`
	// MaxDoublings caps Schwacher and Retours; no bound is unlimited.
	MaxDoublings         game.Cap     `option:"maxDoublings"`
	DefenderLayoutTiming LayoutTiming `option:"defenderLayoutTiming"`
	BuyOfferRestricted   bool         `option:"buyOfferRestricted"`
}

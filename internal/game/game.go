// Package game is the contract every trull game meets: immutable Rules with
// a canonical variant string, a mutable State with checked and unchecked
// moves, per-seat Views, hidden-card resampling, results, and the hand
// record with its replay.
//
// Each game keeps its options in a typed struct whose zero value is the
// default rules. Its table of OptionSpecs names them; DecodeOptions (a
// record's JSON) and ParseOptions (the command line's "k=v,…") fill the
// struct in one step, and RecordOptions and Canonical write it back. The
// registry (Register, Lookup, ParseVariant) builds Rules from either form.
//
// Each variant describes itself to game-agnostic code in its Traits (point
// scale, losses, birds, how its sittings end, its words for the moments
// Describe cannot tell), and each view draws itself into the table model
// (tablemodel.Tabler), so that code outside the engines asks the rules
// instead of switching on a game's name.
//
// A game lives in its own package under internal/games and never imports
// bots, the server or the store.
package game

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"trull/internal/card"
)

// Kind is the kind of an action, named as in the hand record ("act").
type Kind uint8

// Action kinds. Their record names are given by Kind.String.
const (
	KindNone Kind = iota
	KindBid
	KindDiscard
	KindBuy
	KindLayout
	KindDouble
	KindCall
	KindFold
	KindAnnounce
	KindPlay
)

var kindNames = [...]string{"none", "bid", "discard", "buy", "layout", "double", "call", "fold", "announce", "play"}

// String returns the record name of the kind ("bid", "play", …).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Contract reports whether an action of kind k sets what a hand is played
// for or at what stake: a bid, a lay-out, a doubling, a fold or an
// announcement; not a discard, a buy, a partner call or a card.
func (k Kind) Contract() bool {
	switch k {
	case KindBid, KindLayout, KindDouble, KindFold, KindAnnounce:
		return true
	}
	return false
}

// ParseKind maps a record "act" name to its Kind.
func ParseKind(s string) (Kind, bool) {
	for i, n := range kindNames {
		if i > 0 && n == s {
			return Kind(i), true
		}
	}
	return KindNone, false
}

// Action is one decision of one seat. Its fields are interpreted per game:
//
//   - Call is a game-defined code (a bid, a doubling word, a fold, an
//     announcement, a "say" that accompanies a card play, or "none" for a
//     layout or buy that is declined).
//   - Card is the card played, laid out, called, discarded (a discard is one
//     action per card: the record groups them), or offered when buying.
//   - Card2 is the card asked for when buying.
type Action struct {
	Seat  int8
	Kind  Kind
	Call  uint8
	Card  card.Card
	Card2 card.Card
}

// Rules is an immutable game variant: the game, its options and the number
// of seats. Rules values are safe for concurrent use.
type Rules interface {
	// Game returns the game name as in records: "droggn", "troggu", "strohmandeln".
	Game() string
	// String returns the canonical variant string, e.g. "droggn(players=4,winRule=38)".
	String() string
	// Seats returns the number of seats (players in the record).
	Seats() int
	// Pack returns the pack the variant is played with.
	Pack() *card.Pack
	// Options returns the options that differ from the defaults, with record
	// JSON values (string, int, bool, or nil for null).
	Options() map[string]any
	// NewState deals deck (a permutation of Pack().Order) with the given
	// dealer and returns the state before the first decision.
	NewState(deck []card.Card, dealer int) (State, error)
	// Resample returns a complete state consistent with everything v shows:
	// the hidden cards are dealt at random among the places v cannot see,
	// respecting what v reveals (voids, known holdings, discards).
	Resample(v View, rng *rand.Rand) (State, error)
	// DecodeAction turns one record action into engine actions for state s
	// (a discard of k cards becomes k actions). It checks only the form.
	DecodeAction(s State, ra RecordAction) ([]Action, error)
	// EncodeAction turns one engine action into its record form (a single
	// discard becomes a discard of one card; EncodeHistory merges them).
	EncodeAction(a Action) RecordAction
	// Describe names an action for people, in the game's own words, e.g.
	// "Schwacher (double)" or "plays Herz-König".
	Describe(a Action, l card.Lang) string
	// NextDealer returns the dealer of the hand after one that ended with
	// res and was dealt by dealer (same dealer after a throw-in or fold).
	NextDealer(dealer int, res Result) int
	// Traits describes the variant to game-agnostic code: its point
	// scale, its birds, how its sittings end, … (see Traits).
	Traits() Traits
}

// State is one hand in progress. A State is not safe for concurrent use.
type State interface {
	// Rules returns the variant being played.
	Rules() Rules
	// Dealer returns the dealer's seat.
	Dealer() int
	// Phase names the current phase ("bidding", "play", "done", …).
	Phase() string
	// ToAct returns the seat that must decide next, or -1 when the hand is over.
	ToAct() int
	// Legal appends the legal actions of the seat to act to dst.
	Legal(dst []Action) []Action
	// Apply checks a and applies it; a refused action leaves the state
	// unchanged and returns an *IllegalError that says why.
	Apply(a Action) error
	// ApplyUnchecked applies a legal action without checks (fast path).
	ApplyUnchecked(a Action)
	// Clone returns an independent copy.
	Clone() State
	// View returns what v may know of the hand, for bots, the UI and the
	// server. Its finished tricks are those v may look back at now by the
	// game's information rules (all of them for a viewer with
	// Viewer.ReviewsAll, and all once the hand is over); the others are
	// listed with their winner and without their cards.
	View(v Viewer) View
	// MayKnow returns every card whose identity and place v may know (its
	// own cards, played and publicly shown cards, its own discards, …).
	// Views must mention no card outside this set.
	MayKnow(v Viewer) card.Set
	// SeenAction returns action i of the history as v may learn it now:
	// the same action with every card v may not know replaced by
	// card.Hidden ("seat 2 discards a card", "the declarer offers a card and
	// asks for XXI"). It is the one place a game says what an action
	// reveals: every surface that shows actions (the terminal's move log,
	// the views' logs, the server's messages) shows them through it.
	// It is what v learned when the action was taken: a card played
	// stays known. Which finished tricks v may still look back at is the
	// view's to say (each game's information rules, docs/RULES.md); a
	// view lists the others without their cards.
	SeenAction(v Viewer, i int) Action
	// History returns the engine actions applied so far, with every card:
	// for records and the engine, never for a person or a bot that may not
	// see them.
	History() []Action
	// Done reports whether the hand is over.
	Done() bool
	// Result returns the outcome; it is meaningful only when Done.
	Result() Result
}

// View is what one seat may know of a hand. Concrete views are game-specific
// structs that marshal to JSON; they never hold a card the seat may not know.
type View interface {
	// Viewer returns whose view this is.
	Viewer() Viewer
	// ViewSeat returns the seat whose view this is, −1 for a spectator's
	// (Viewer().Number()).
	ViewSeat() int
	// Game returns the game name.
	Game() string
	// Rules returns the variant of the hand: the rules the view was made
	// with, or for a view decoded from JSON the rules its canonical
	// variant string names. Nil when the view names no rules of its game.
	// Bots read the variant's options through it, typed.
	Rules() Rules
	// Turn returns the seat to act, -1 when the hand is over.
	Turn() int
	// LegalActions returns the seat's legal actions when it is to act.
	LegalActions() []Action
	// Cards returns every card the view mentions, for leak checks.
	Cards() card.Set
}

// Item is one scored component of a result.
type Item struct {
	Item   string `json:"item"`
	Side   string `json:"side,omitempty"`
	Seats  []int  `json:"seats,omitempty"`
	Points int    `json:"points"`
}

// Result is the outcome of a finished hand, in the shape of docs/FORMAT.md.
// Declarer and Partner are -1 when there is none. Redeal is set for a hand
// that was thrown in or folded (it scores nothing and is dealt again).
// Double is set when the hand starts or restarts a doubling window in a
// sitting (Strohmandeln's Nullrunde).
type Result struct {
	Contract   string `json:"contract"`
	Declarer   int    `json:"-"`
	Partner    int    `json:"-"`
	Redeal     bool   `json:"-"`
	Double     bool   `json:"-"`
	CardPoints []int  `json:"card_points"`
	Score      []int  `json:"score"`
	Items      []Item `json:"items"`
}

// IllegalError explains why an action was refused. Code names the rule for
// programs and Params its details (card IDs as in records, suits by their
// ID letter or "T" for trumps); Explain words them for people in English or
// German. Reason is the English sentence for logs, records and `trull
// replay`, with seat numbers.
type IllegalError struct {
	Code   Code
	Params Params
	Reason string
	// Pack names the cards of Params in Explain; the engines set it.
	Pack *card.Pack
}

func (e *IllegalError) Error() string { return e.Reason }

// Params are the details of a refusal, by name.
type Params map[string]string

// Illegal returns an *IllegalError with a code, its parameters and a
// formatted English reason.
func Illegal(code Code, params Params, format string, args ...any) error {
	return &IllegalError{Code: code, Params: params, Reason: fmt.Sprintf(format, args...)}
}

// Malformed returns the refusal of an action whose form is wrong (a call
// code or a card where none belongs): a program's mistake, not a player's.
func Malformed(format string, args ...any) error {
	return Illegal(CodeMalformed, nil, format, args...)
}

// WithPack sets the pack of an *IllegalError (to name its cards) and
// returns err; other errors are returned as they are.
func WithPack(err error, p *card.Pack) error {
	if ie, ok := err.(*IllegalError); ok && ie.Pack == nil {
		ie.Pack = p
	}
	return err
}

// OutOfTurn returns the refusal for an action by the wrong seat.
func OutOfTurn(actor, toAct int, what string) error {
	if toAct < 0 {
		return Illegal(CodeHandOver, nil, "out of turn: seat %d acted, but the hand is over", actor)
	}
	return Illegal(CodeOutOfTurn, Params{"seat": strconv.Itoa(actor), "to_act": strconv.Itoa(toAct)},
		"out of turn: seat %d acted, seat %d is to %s", actor, toAct, what)
}

// Pick returns a uniformly random element of a non-empty slice.
func Pick(rng *rand.Rand, as []Action) Action { return as[rng.IntN(len(as))] }

// RandomCard returns a uniformly random card of a non-empty set.
func RandomCard(rng *rand.Rand, s card.Set) card.Card { return s.Nth(rng.IntN(s.Len())) }

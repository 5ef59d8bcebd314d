package game

import "trull/internal/card"

// Traits is what a variant tells game-agnostic code about itself, so that
// a sitting, a simulation, an analysis, a puzzle generator or a surface
// asks the rules instead of switching on the game's name. Each game fills
// it once, in its own package (Rules.Traits); a field a game has no use
// for keeps its zero value.
type Traits struct {
	// Scale is how the variant counts card points.
	Scale PointScale
	// Loss is how large a loss of score an analysis calls an inaccuracy,
	// a mistake and a blunder.
	Loss LossScale
	// ClosingHands is the number of played hands still played after a
	// player asks to end a sitting (Droggn's four, RULES §1.3
	// SESSION_END); zero ends the sitting with the hand in progress.
	ClosingHands int
	// Birds are the cards whose winning of the last trick is scored (the
	// Pagat; the Uhu and Kakadu too in the 54-card Strohmandeln).
	Birds []card.Card
	// EachForHimself lists the contracts in which every seat plays for
	// itself and scores alone (Troggu's Misère).
	EachForHimself []string
	// FoolLosesPower is set when the Fool can lose its power in the play
	// (Troggu's Bättler, reneged with).
	FoolLosesPower bool
	// FoolExcuse is set when the Fool is an excuse rather than a trump:
	// it is played instead of following, never takes a trick and goes back
	// to the pile of the side that played it (Droggn's Gstieß). Otherwise
	// the Fool is the highest trump (Troggu's Bättler, Strohmandeln's Sküs).
	FoolExcuse bool
	// Beats reports whether c, played to a trick after best, the card
	// winning it so far (card.None when none does yet), takes the trick
	// from best: the game's trick order (droggn.Beats, troggu.Beats,
	// strohmandeln.Beats), for game-agnostic players. Nil for a game
	// without tricks.
	Beats func(c, best card.Card) bool
	// PlaysFromTable is set when a seat plays cards lying on the table
	// besides its hand (Strohmandeln's Strohmänner).
	PlaysFromTable bool
	// Talon is the number of cards dealt face down to the table for the
	// declarer to take up, who then lays as many away (Droggn's talon of
	// three, Troggu's Tapp by the number of players); zero without.
	Talon int
	// CountPile counts a pile of n cards with raw card points as the
	// result counts it, in the unit of Scale (card.Threes in Droggn,
	// card.Thirds in the 54-card Strohmandeln); nil where every card counts
	// its own points (Troggu, the 40-card Strohmandeln).
	CountPile func(raw, n int) int
	// GameValues is the value of each contract whose game item is that
	// value plus the declarer's card points over half the pack's
	// (Scale.Total/2), or less those he is short of it (Droggn's Ansager
	// 20, Solo 40, Super 80); nil where no contract is scored so.
	GameValues map[string]int
	// ItemsBySeat is set when each result item is won by one seat (its
	// Seats) and paid by the other (Strohmandeln), instead of a hand's
	// value being settled between the declarer and each seat of the other
	// side.
	ItemsBySeat bool
	// Declarer names the declarer before his name at the table, in
	// English and German, where the contract's name does not say who
	// plays it (Droggn's "declarer"/"Spieler"); empty otherwise.
	Declarer Words
	// Auction is set when the bids are an auction of contracts in the
	// common words (pass, Solo, …) that a table lists until the contract
	// is known (Droggn, Troggu); Strohmandeln's undertaking is not.
	Auction bool
	// DeclarerSide names the declarer's side in a result item for people,
	// in English and German, when the game says it otherwise than "the
	// declarer" (Troggu's "the Tappist's side"); empty otherwise.
	DeclarerSide Words
	// Tell words an action in the circumstances a surface shows it in, in
	// the game's own words where Rules.Describe's one wording is not
	// enough (Droggn's "gut" once a bid is made, "ich liege"); ok is false
	// for an action the surface words itself. Nil when the game has no
	// such words.
	Tell func(a RecordAction, t Telling, l card.Lang) (text string, ok bool)
}

// Voice is how a surface shows an action.
type Voice uint8

// The voices of Telling.
const (
	// VoiceChoice is the person's own choice, in a list of choices.
	VoiceChoice Voice = iota
	// VoiceDeed is another seat's action in the move log, in the third
	// person.
	VoiceDeed
	// VoiceListed is a bid in the list of the bidding so far, after the
	// bidder's name.
	VoiceListed
)

// Telling is the circumstances in which a surface words an action.
type Telling struct {
	Voice Voice
	// BidMade is set once a seat has made a bid (not a pass) in the hand.
	BidMade bool
	// ByDeclarer is set when the acting seat is the declarer.
	ByDeclarer bool
}

// Say words a in its circumstances by the traits' Tell; ok is false when
// the game leaves it to the surface.
func (t Traits) Say(a RecordAction, tg Telling, l card.Lang) (string, bool) {
	if t.Tell == nil {
		return "", false
	}
	return t.Tell(a, tg, l)
}

// PointScale is how a variant counts card points: the unit, the points of
// the whole pack, and the points with which a declarer wins.
type PointScale struct {
	Unit  string `json:"unit"`
	Total int    `json:"total"`
	// WinFrom is the least count that wins the game for the declarer.
	WinFrom int `json:"win_from"`
}

// Thirds reports whether the scale counts in thirds of a card point.
func (s PointScale) Thirds() bool { return s.Unit == UnitThirds }

// The units of a PointScale.
const (
	UnitPoints = "card points"
	UnitThirds = "thirds of a card point"
)

// LossScale is the size of a loss of score, in the game's score units,
// from which an analysis calls a decision an inaccuracy, a mistake or a
// blunder: about a twentieth, a twelfth and a quarter of a typical hand's
// swing.
type LossScale struct {
	Inaccuracy, Mistake, Blunder float64
}

// HalfScale is the usual point scale of a pack: in card points, won with
// more than half of them.
func HalfScale(p *card.Pack) PointScale {
	return PointScale{Unit: UnitPoints, Total: p.Total, WinFrom: p.Total/2 + 1}
}

// IsBird reports whether c is one of the variant's birds.
func (t Traits) IsBird(c card.Card) bool {
	for _, b := range t.Birds {
		if b == c {
			return true
		}
	}
	return false
}

// AllAlone reports whether every seat plays for itself under contract.
func (t Traits) AllAlone(contract string) bool {
	for _, c := range t.EachForHimself {
		if c == contract {
			return true
		}
	}
	return false
}

// GameParts works out a game item that GameValues score: the contract's
// value, the declarer's card points over half the pack's (diff < 0: short
// of it) and the multiplier of the doublings. ok is false unless the item
// is exactly that sum (a match, a tie decided otherwise, or a contract
// without a value are not).
func (t Traits) GameParts(contract string, declarerPoints, doublings, item int) (base, diff, mult int, ok bool) {
	base, ok = t.GameValues[contract]
	if !ok || doublings < 0 {
		return 0, 0, 0, false
	}
	diff = declarerPoints - t.Scale.Total/2
	mult = 1 << doublings
	sum := base + diff
	if diff < 0 {
		sum = -(base - diff)
	}
	return base, diff, mult, sum*mult == item
}

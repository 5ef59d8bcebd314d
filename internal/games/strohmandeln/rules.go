package strohmandeln

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// maxHand is the hand size of the 54-card deal; maxTricks its trick count.
const (
	maxHand   = 15
	maxTricks = 27
	// maxHist bounds the actions of one hand: 2 fold calls, 2 bids, 1
	// doubling call, at most 2 announcements (each set can be held by one
	// player only) and 54 card plays.
	maxHist = 64
)

// Rules is an immutable Strohmandeln variant; it implements game.Rules and
// is safe for concurrent use.
type Rules struct {
	o     Options
	pack  *card.Pack
	canon string

	handSize int // cards dealt to each hand: 15 (54 cards) or 10 (40 cards)
	nTricks  int // 27 or 20
	total    int // card points of the whole pack in the game's unit: 210 thirds or 88
	win      int // card points that win: 107 thirds or 45
	grammel  int // card points of a Grammel winner: 135 thirds or 57
	loserMax int // grammelRule=loserUnder26: the loser has at most this: 77 thirds or 32

	// handIdx[role][i] is the deck index of the i-th hand card of Elder
	// (role 0) or the dealer (role 1); pileIdx[role][k][j] that of the j-th
	// card (0 = top) of Strohmann k+1.
	handIdx [2][maxHand]uint8
	pileIdx [2][3][4]uint8
	pileN   [3]uint8
	points  [128]int8   // card points of the pack (a copy of Pack.Points)
	ids     [128]string // card IDs of the pack

	// fresh[dealer] is the state before the deal, for Reset.
	fresh [2]State
}

// id returns the ID of a card of the pack from a table (no allocation).
func (r *Rules) id(c card.Card) string {
	if s := r.ids[c&127]; s != "" {
		return s
	}
	return r.pack.ID(c)
}

// idList returns the IDs of the cards of s in ascending order.
func (r *Rules) idList(s card.Set) []string {
	out := make([]string, 0, s.Len())
	for t := s; !t.Empty(); {
		out = append(out, r.id(t.Pop()))
	}
	return out
}

// NewRules returns the rules of a variant.
func NewRules(o Options) *Rules {
	r := &Rules{o: o, pack: card.Stroh54, handSize: 15, nTricks: 27,
		total: 210, win: 107, grammel: 135, loserMax: 77, pileN: [3]uint8{4, 4, 4}}
	if o.Pack40 {
		r.pack, r.handSize, r.nTricks = card.Stroh40, 10, 20
		r.total, r.win, r.grammel, r.loserMax = 88, 45, 57, 32
		r.pileN = [3]uint8{4, 3, 3}
	}
	r.canon = o.String()
	for _, c := range r.pack.Order {
		r.points[c] = int8(r.pack.Points(c))
		r.ids[c] = r.pack.ID(c)
	}
	// Hands in fives, alternating, Elder first (§3.3 DEAL, §3.4 40-card).
	pos := 0
	var got [2]int
	for pos < 2*r.handSize {
		for role := 0; role < 2; role++ {
			for j := 0; j < 5; j++ {
				r.handIdx[role][got[role]] = uint8(pos)
				got[role]++
				pos++
			}
		}
	}
	// Then the Strohmänner E1, D1, E2, D2, E3, D3; the first card dealt to a
	// packet is its top.
	for k := 0; k < 3; k++ {
		for role := 0; role < 2; role++ {
			for j := 0; j < int(r.pileN[k]); j++ {
				r.pileIdx[role][k][j] = uint8(pos)
				pos++
			}
		}
	}
	for dealer := range r.fresh {
		s := &r.fresh[dealer]
		*s = State{r: r, dealer: int8(dealer), elder: int8(1 - dealer),
			undertaker: -1, folder: -1, rossSeat: -1, rossTrick: -1, phase: phFold, toAct: int8(1 - dealer)}
		for seat := range s.piles {
			for k := range s.piles[seat] {
				s.piles[seat][k].n = r.pileN[k]
			}
		}
	}
	return r
}

// Game returns "strohmandeln".
func (r *Rules) Game() string { return Name }

// String returns the canonical variant string, e.g. "strohmandeln(scoring=classic)".
func (r *Rules) String() string { return r.canon }

// Seats returns 2.
func (r *Rules) Seats() int { return 2 }

// Pack returns card.Stroh54 or card.Stroh40.
func (r *Rules) Pack() *card.Pack { return r.pack }

// Opts returns the typed options of the variant.
func (r *Rules) Opts() Options { return r.o }

// Options returns the non-default options with record JSON values.
func (r *Rules) Options() map[string]any { return game.RecordOptions(Specs, r.o) }

// Tricks returns the number of tricks of a hand (27, or 20 with 40 cards).
func (r *Rules) Tricks() int { return r.nTricks }

// NewState deals deck with the given dealer; see Deal.
func (r *Rules) NewState(deck []card.Card, dealer int) (game.State, error) {
	s, err := r.Deal(deck, dealer)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Deal checks that deck is a permutation of the pack and dealer a seat, and
// returns the state before the first decision (Elder's fold question).
func (r *Rules) Deal(deck []card.Card, dealer int) (*State, error) {
	if dealer < 0 || dealer > 1 {
		return nil, fmt.Errorf("%s: dealer %d is not a seat (0…1)", Name, dealer)
	}
	if len(deck) != r.pack.Size() {
		return nil, fmt.Errorf("%s: deck has %d cards, the %s pack has %d", Name, len(deck), r.pack.Name, r.pack.Size())
	}
	var seen card.Set
	for i, c := range deck {
		if !r.pack.Has(c) {
			return nil, fmt.Errorf("%s: deck[%d]: card %s is not in the %s pack", Name, i, r.pack.ID(c), r.pack.Name)
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("%s: deck[%d]: card %s appears twice", Name, i, r.pack.ID(c))
		}
		seen.Add(c)
	}
	s := r.NewHand()
	s.Reset(deck, dealer)
	return s, nil
}

// NewHand returns an empty state for the fast path: call Reset to deal.
func (r *Rules) NewHand() *State { return &State{r: r} }

// NextDealer alternates the deal; after a fold or a throw-in the same
// dealer deals again (§3.3 NEXT_DEALER, C1).
func (r *Rules) NextDealer(dealer int, res game.Result) int {
	if res.Redeal {
		return dealer
	}
	return 1 - dealer
}

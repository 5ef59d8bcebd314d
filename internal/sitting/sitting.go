// Package sitting plays a sitting (a session) of many hands of any trull
// game through the game.Rules contract: it deals each hand from a seed, asks
// the rules who deals next (Droggn: the declarer; a thrown-in hand: the same
// dealer), keeps the score sheet with running totals, applies doubling
// windows such as Strohmandeln's Nullrunde, decides when the sitting ends,
// and settles it between every pair of players.
//
// # Scores and settlement
//
// Engines report each hand in zero-sum form: the declarer of a Droggn hand
// worth X gets (N−1)·X and every other seat −X (RULES §1.5). The sheet keeps
// these numbers, so a player's total is already his net against everyone.
// Paper scoring (the declarer's paper score gets +X) differs from the
// zero-sum total only by a common constant and the factor N, so the amount a
// pair settles, the difference of their paper scores, is the difference of
// their totals divided by N. For every game of docs/RULES.md that difference is a
// whole number of points.
package sitting

import (
	"errors"
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// Errors returned by a Sitting.
var (
	// ErrOver is returned when a hand is asked for after the sitting ended.
	ErrOver = errors.New("sitting: the sitting is over")
	// ErrHandInProgress is returned by NextHand while a dealt hand has not
	// been recorded.
	ErrHandInProgress = errors.New("sitting: a hand is in progress; record it first")
	// ErrNoHand is returned by Record when no hand was dealt.
	ErrNoHand = errors.New("sitting: no hand is in progress")
	// ErrEndRequested is returned by RequestEnd when the end is already set.
	ErrEndRequested = errors.New("sitting: the end of the sitting was already requested")
)

// EndRule says when a sitting ends. Both limits may be set; the sitting ends
// at whichever comes first. Only played hands count: a thrown-in or folded
// hand (game.Result.Redeal) is dealt again and counts for nothing.
type EndRule struct {
	// Hands, when positive, ends the sitting after that many played hands
	// (Troggu's hands option, rounds of Strohmandeln).
	Hands int `json:"hands,omitempty"`
	// Closing is the number of played hands still played after a player
	// asks to end the sitting; they are counted from the first hand that
	// starts after the request. Zero ends the sitting with the hand in
	// progress, or at once when the request comes between hands.
	Closing int `json:"closing,omitempty"`
}

// FixedHands returns the rule that ends a sitting after n played hands.
func FixedHands(n int) EndRule { return EndRule{Hands: n} }

// DefaultEnd returns the usual end rule of the game: the closing hands its
// traits give after a request (Droggn's four), or a number of hands given
// by a "hands" option of the variant (Troggu). Other games end only on
// request, with the hand in progress.
func DefaultEnd(r game.Rules) EndRule {
	if n := r.Traits().ClosingHands; n > 0 {
		return EndRule{Closing: n}
	}
	switch n := r.Options()["hands"].(type) {
	case int:
		return EndRule{Hands: n}
	case float64:
		return EndRule{Hands: int(n)}
	}
	return EndRule{}
}

// Config describes a new sitting.
type Config struct {
	// Players names the seats, in seat order; there must be r.Seats() names.
	Players []string
	// Seed derives every deck: deal i is game.DeckFromSeed(pack, Seed+"/"+i).
	Seed string
	// FirstDealer is the dealer of the first hand; a negative value draws
	// him from the seed (RULES §1.3 FIRST_DEALER: the engine may draw the
	// first dealer at random).
	FirstDealer int
	// End is the end rule.
	End EndRule
	// Stack makes a doubling window that starts during another multiply it
	// (×4 on the hands both cover) instead of restarting it. It is also
	// switched on by the variant option nullrundeStacking=stack.
	Stack bool
	// Fixed, when given, is the whole sitting: deal i has the deck of
	// Fixed[i].Seed and the dealer Fixed[i].Dealer, whatever the deal
	// before it gave; a thrown-in deal is not dealt again, no hand is
	// multiplied, and the sitting is over after the last deal (the daily
	// challenges, docs/DAILY.md). Seed, FirstDealer and End are not used.
	Fixed []FixedDeal
}

// FixedDeal is one deal of a sitting whose deals are fixed in advance.
type FixedDeal struct {
	// Seed is the deck's seed (game.DeckFromSeed).
	Seed string `json:"seed"`
	// Dealer is the dealing seat.
	Dealer int `json:"dealer"`
}

// Row is one line of the score sheet.
type Row struct {
	// Deal is the deal index; the hand's deck seed is HandSeed(Deal).
	Deal int `json:"deal"`
	// Hand numbers the played hands from 1; it is 0 for a redeal.
	Hand int `json:"hand"`
	// Dealer is the seat that dealt.
	Dealer int `json:"dealer"`
	// Contract is the game's contract name ("ansager", "thrown_in", …).
	Contract string `json:"contract"`
	// Declarer and Partner are seats, or -1.
	Declarer int `json:"declarer"`
	Partner  int `json:"partner"`
	// Redeal marks a hand that was thrown in or folded: it is listed but
	// counts for nothing and the same dealer deals again.
	Redeal bool `json:"redeal,omitempty"`
	// Multiplier is the factor applied to the hand's scores (2 in a
	// Nullrunde, 4 under stacking when two windows overlap).
	Multiplier int `json:"multiplier"`
	// Double marks a hand that starts a doubling window (a Nullrunde) for
	// the next two played hands.
	Double bool `json:"double,omitempty"`
	// Score is each seat's zero-sum score for the hand, multiplied.
	Score []int `json:"score"`
	// Totals is each seat's running total after the hand.
	Totals []int `json:"totals"`
}

// Payment is one transfer of the settlement: From pays To Amount.
type Payment struct {
	From   int `json:"from"`
	To     int `json:"to"`
	Amount int `json:"amount"`
}

// Settlement is the money of a finished (or interrupted) sitting.
type Settlement struct {
	// Stake is the amount per point (e.g. 10 Groschen).
	Stake int `json:"stake"`
	// Payments lists, for every pair of players whose totals differ, what
	// the lower pays the higher: the difference of their totals divided by
	// the number of seats, times the stake (the difference of their paper
	// scores, RULES §1.5 "Recording"). Pairs are in seat order.
	Payments []Payment `json:"payments"`
	// Net is each player's balance: the sum of his payments received minus
	// paid, which equals his total times the stake.
	Net []int `json:"net"`
}

// Sitting is a sitting of many hands of one variant. It is not safe for
// concurrent use; a server table owns one.
type Sitting struct {
	rules   game.Rules
	players []string
	seed    string
	first   int
	end     EndRule
	stack   bool

	dealer   int
	nextDeal int // index of the next deal
	played   int
	inHand   bool
	handDeal int // deal index of the hand in progress
	rows     []Row
	totals   []int

	closeLeft int // played hands left after an end request; -1: no request
	pending   bool
	requester int
	over      bool

	windows []int // played hands left in each doubling window

	// again maps a deal played again (Again) to the deal whose deck it
	// reuses.
	again map[int]int

	fixed []FixedDeal // the deals of a fixed sitting (Config.Fixed)
}

// DrawFirstDealer picks the first dealer from the seed, uniformly.
func DrawFirstDealer(seed string, seats int) int {
	return game.NewRand(seed+"/first-dealer", 0).IntN(seats)
}

// New starts a sitting of r.
func New(r game.Rules, c Config) (*Sitting, error) {
	if r == nil {
		return nil, errors.New("sitting: no rules")
	}
	n := r.Seats()
	if len(c.Players) != n {
		return nil, fmt.Errorf("sitting: %s needs %d player names, got %d", r, n, len(c.Players))
	}
	if c.End.Hands < 0 || c.End.Closing < 0 {
		return nil, fmt.Errorf("sitting: end rule %+v has a negative count", c.End)
	}
	first := c.FirstDealer
	for i, d := range c.Fixed {
		if d.Dealer < 0 || d.Dealer >= n {
			return nil, fmt.Errorf("sitting: the dealer %d of fixed deal %d is not a seat (0…%d)", d.Dealer, i, n-1)
		}
	}
	if len(c.Fixed) > 0 {
		first = c.Fixed[0].Dealer
	}
	if first < 0 {
		first = DrawFirstDealer(c.Seed, n)
	}
	if first >= n {
		return nil, fmt.Errorf("sitting: first dealer %d is not a seat (0…%d)", first, n-1)
	}
	s := &Sitting{
		rules:     r,
		players:   append([]string(nil), c.Players...),
		seed:      c.Seed,
		first:     first,
		end:       c.End,
		stack:     c.Stack || r.Options()["nullrundeStacking"] == "stack",
		dealer:    first,
		totals:    make([]int, n),
		closeLeft: -1,
		requester: -1,
		fixed:     append([]FixedDeal(nil), c.Fixed...),
	}
	return s, nil
}

// Rules returns the variant played.
func (s *Sitting) Rules() game.Rules { return s.rules }

// Players returns the player names in seat order.
func (s *Sitting) Players() []string { return append([]string(nil), s.players...) }

// Seed returns the sitting's seed.
func (s *Sitting) Seed() string { return s.seed }

// End returns the end rule.
func (s *Sitting) End() EndRule { return s.end }

// Dealer returns the dealer of the next hand (or of the hand in progress).
func (s *Sitting) Dealer() int { return s.dealer }

// Played returns the number of played hands (redeals excluded).
func (s *Sitting) Played() int { return s.played }

// InHand reports whether a dealt hand awaits Record.
func (s *Sitting) InHand() bool { return s.inHand }

// HandSeed returns the deck seed of deal i: "<seed>/<i>", or the seed
// of fixed deal i.
func (s *Sitting) HandSeed(i int) string {
	if i >= 0 && i < len(s.fixed) {
		return s.fixed[i].Seed
	}
	return fmt.Sprintf("%s/%d", s.seed, i)
}

// Deal returns the index of the hand in progress, or of the next deal.
func (s *Sitting) Deal() int {
	if s.inHand {
		return s.handDeal
	}
	return s.nextDeal
}

// Deck returns the deck of deal i.
func (s *Sitting) Deck(i int) []card.Card {
	if src, ok := s.again[i]; ok {
		i = src
	}
	return game.DeckFromSeed(s.rules.Pack(), s.HandSeed(i))
}

// Again deals the deck of the hand just finished once more, with the
// same dealer, as the next deal (practice: the same cards, fresh
// decisions). The hand counts on the sheet like any other, and the deal
// after it goes on from its dealer.
func (s *Sitting) Again() (game.State, error) {
	switch {
	case s.over:
		return nil, ErrOver
	case s.inHand:
		return nil, ErrHandInProgress
	case len(s.rows) == 0:
		return nil, errors.New("sitting: no hand has been played to deal again")
	case len(s.fixed) > 0:
		return nil, errors.New("sitting: the deals of this sitting are fixed; none is dealt again")
	}
	last := s.rows[len(s.rows)-1]
	src := last.Deal
	if root, ok := s.again[src]; ok {
		src = root
	}
	i := s.nextDeal
	st, err := s.rules.NewState(game.DeckFromSeed(s.rules.Pack(), s.HandSeed(src)), last.Dealer)
	if err != nil {
		return nil, fmt.Errorf("sitting: deal %d again: %w", last.Deal, err)
	}
	if s.again == nil {
		s.again = map[int]int{}
	}
	s.again[i] = src
	s.dealer = last.Dealer
	s.nextDeal++
	s.handDeal = i
	s.inHand = true
	return st, nil
}

// Multiplier returns the factor the next played hand will count with.
func (s *Sitting) Multiplier() int {
	switch {
	case len(s.fixed) > 0:
		return 1
	case s.stack:
		return 1 << len(s.windows)
	case len(s.windows) > 0:
		return 2
	}
	return 1
}

// NextHand deals the next hand with the current dealer.
func (s *Sitting) NextHand() (game.State, error) {
	if s.over {
		return nil, ErrOver
	}
	if s.inHand {
		return nil, ErrHandInProgress
	}
	i := s.nextDeal
	if len(s.fixed) > 0 {
		if i >= len(s.fixed) {
			return nil, ErrOver
		}
		s.dealer = s.fixed[i].Dealer
	}
	st, err := s.rules.NewState(s.Deck(i), s.dealer)
	if err != nil {
		return nil, fmt.Errorf("sitting: deal %d: %w", i, err)
	}
	s.nextDeal++
	s.handDeal = i
	s.inHand = true
	return st, nil
}

// Record adds the finished hand st (dealt by NextHand) to the sheet and
// decides the next dealer and whether the sitting is over.
func (s *Sitting) Record(st game.State) error {
	if !s.inHand {
		return ErrNoHand
	}
	if !st.Done() {
		return fmt.Errorf("sitting: the hand is not finished (phase %s)", st.Phase())
	}
	if st.Dealer() != s.dealer {
		return fmt.Errorf("sitting: the hand was dealt by seat %d, the sitting's dealer is %d", st.Dealer(), s.dealer)
	}
	if got, want := st.Rules().String(), s.rules.String(); got != want {
		return fmt.Errorf("sitting: the hand is %s, the sitting plays %s", got, want)
	}
	return s.RecordResult(st.Result())
}

// RecordResult is Record for a hand known only by its result (for example
// one replayed from its record by the server).
func (s *Sitting) RecordResult(res game.Result) error {
	if !s.inHand {
		return ErrNoHand
	}
	n := s.rules.Seats()
	if !res.Redeal && len(res.Score) != n {
		return fmt.Errorf("sitting: the result has %d scores for %d seats", len(res.Score), n)
	}
	row := Row{Deal: s.handDeal, Dealer: s.dealer, Contract: res.Contract, Declarer: res.Declarer,
		Partner: res.Partner, Redeal: res.Redeal, Multiplier: 1, Score: make([]int, n)}
	if !res.Redeal {
		s.played++
		row.Hand = s.played
		row.Multiplier = s.Multiplier()
		row.Double = res.Double
		for i := range n {
			row.Score[i] = res.Score[i] * row.Multiplier
			s.totals[i] += row.Score[i]
		}
		s.advanceWindows(res.Double)
		if s.closeLeft > 0 {
			s.closeLeft--
		}
		if s.closeLeft == 0 || (s.end.Hands > 0 && s.played >= s.end.Hands) {
			s.over = true
		}
	}
	row.Totals = append([]int(nil), s.totals...)
	s.rows = append(s.rows, row)
	s.inHand = false
	s.dealer = s.rules.NextDealer(s.dealer, res)
	if len(s.fixed) > 0 {
		// Every fixed deal is dealt once, thrown in or not, with its own
		// dealer.
		s.over = s.handDeal >= len(s.fixed)-1
		if !s.over {
			s.dealer = s.fixed[s.handDeal+1].Dealer
		}
	}
	if s.pending {
		s.pending = false
		s.startClosing()
	}
	return nil
}

// advanceWindows uses up one played hand of every doubling window and opens
// a new one when the hand triggered it (RULES §3.4 Nullrunde, ruling C11).
func (s *Sitting) advanceWindows(trigger bool) {
	kept := s.windows[:0]
	for _, w := range s.windows {
		if w > 1 {
			kept = append(kept, w-1)
		}
	}
	s.windows = kept
	if !trigger {
		return
	}
	if s.stack {
		s.windows = append(s.windows, 2)
	} else {
		s.windows = append(s.windows[:0], 2)
	}
}

// RequestEnd records a player's request to end the sitting (Droggn: "the
// next declarer will deal the first of the last three hands"). Made between
// hands, it counts from the next hand; made during a hand, it takes effect
// when that hand is recorded.
func (s *Sitting) RequestEnd(seat int) error {
	if seat < 0 || seat >= s.rules.Seats() {
		return fmt.Errorf("sitting: seat %d does not exist", seat)
	}
	if s.over {
		return ErrOver
	}
	if s.closeLeft >= 0 || s.pending {
		return ErrEndRequested
	}
	s.requester = seat
	if s.inHand {
		s.pending = true
		return nil
	}
	s.startClosing()
	return nil
}

func (s *Sitting) startClosing() {
	s.closeLeft = s.end.Closing
	if s.closeLeft == 0 {
		s.over = true
	}
}

// EndRequested returns the seat that asked to end the sitting, -1 if none.
func (s *Sitting) EndRequested() int { return s.requester }

// Over reports whether the sitting has ended.
func (s *Sitting) Over() bool { return s.over }

// HandsLeft returns the number of played hands still to come, the hand in
// progress included, or -1 when the end is not yet fixed. Redeals are not
// foreseen: each thrown-in hand adds one more deal.
func (s *Sitting) HandsLeft() int {
	if s.over {
		return 0
	}
	if len(s.fixed) > 0 {
		return len(s.fixed) - s.Deal()
	}
	left := -1
	if s.end.Hands > 0 {
		left = s.end.Hands - s.played
	}
	c := s.closeLeft
	if s.pending {
		// The request came during this hand: it is played before the
		// closing hands are counted.
		c = s.end.Closing + 1
	}
	if c >= 0 && (left < 0 || c < left) {
		left = c
	}
	return left
}

// Sheet returns the score sheet, one row per dealt hand.
func (s *Sitting) Sheet() []Row {
	out := make([]Row, len(s.rows))
	for i, r := range s.rows {
		r.Score = append([]int(nil), r.Score...)
		r.Totals = append([]int(nil), r.Totals...)
		out[i] = r
	}
	return out
}

// Rows returns the number of rows of the score sheet: Sheet, Totals and
// Settlement change only when it does.
func (s *Sitting) Rows() int { return len(s.rows) }

// Totals returns each seat's running total.
func (s *Sitting) Totals() []int { return append([]int(nil), s.totals...) }

// Settlement settles the totals between every pair of players at stake per
// point.
func (s *Sitting) Settlement(stake int) Settlement { return Settle(s.totals, stake) }

// Settle settles zero-sum totals between every pair of players at stake per
// point: the lower of a pair pays the higher (T_hi − T_lo)·stake/N, where N
// is the number of players (see the package documentation).
func Settle(totals []int, stake int) Settlement {
	n := len(totals)
	out := Settlement{Stake: stake, Payments: []Payment{}, Net: make([]int, n)}
	for i := range n {
		for j := i + 1; j < n; j++ {
			d := (totals[j] - totals[i]) * stake / n
			from, to := i, j
			if d < 0 {
				from, to, d = j, i, -d
			}
			if d == 0 {
				continue
			}
			out.Payments = append(out.Payments, Payment{From: from, To: to, Amount: d})
			out.Net[from] -= d
			out.Net[to] += d
		}
	}
	return out
}

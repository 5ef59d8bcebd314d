// Package daily derives the daily challenges: for each game set-up a fixed
// number of deals, the person's seat and the bots' seeds, from the date and
// the set-up alone, so that every server on every database deals the same
// cards for a date (docs/DAILY.md).
package daily

import (
	"fmt"
	"math/rand/v2"
	"time"

	"trull/internal/card"
	"trull/internal/game"
)

// DefaultBot is the bot that plays the bots' seats and, in every seat, the
// reference game of each deal: the lobby's default bot.
const DefaultBot = "rules"

// Deals is the number of deals in every challenge.
const Deals = 6

// DateLayout is the layout of a challenge date (UTC calendar day).
const DateLayout = "2006-01-02"

// SetUp is one game set-up that has a challenge every day.
type SetUp struct {
	// ID names the set-up in seeds and URLs, such as "droggn-3".
	ID string
	// Game is the registered game's name.
	Game string
	// Players is the number of seats.
	Players int
}

// SetUps lists the set-ups that have a daily challenge, in display order.
var SetUps = []SetUp{
	{ID: "droggn-3", Game: "droggn", Players: 3},
	{ID: "troggu-3", Game: "troggu", Players: 3},
	{ID: "strohmandeln-2", Game: "strohmandeln", Players: 2},
}

// Challenge is one set-up's challenge on one date.
type Challenge struct {
	SetUp
	// Date is the UTC calendar day, in DateLayout.
	Date string
}

// Deal is one deal of a challenge.
type Deal struct {
	// N counts the deals from 1.
	N int
	// Seed is the seed string the deck derives from (game.DeckFromSeed).
	Seed string
	// Deck is the shuffled pack, deck[0] the top card.
	Deck []card.Card
	// Dealer is the dealing seat.
	Dealer int
	// BotSeeds gives each seat's bot its seed; the person's seat has none.
	BotSeeds []string
}

// ParseDate checks a challenge date: a UTC calendar day in DateLayout.
func ParseDate(s string) (time.Time, error) {
	d, err := time.Parse(DateLayout, s)
	if err != nil || d.Format(DateLayout) != s {
		return time.Time{}, fmt.Errorf("daily: date %q is not a day of the form YYYY-MM-DD", s)
	}
	return d, nil
}

// Today returns the challenge date of the instant now (UTC).
func Today(now time.Time) string { return now.UTC().Format(DateLayout) }

// Challenges returns every set-up's challenge on date.
func Challenges(date string) ([]Challenge, error) {
	if _, err := ParseDate(date); err != nil {
		return nil, err
	}
	out := make([]Challenge, 0, len(SetUps))
	for _, s := range SetUps {
		out = append(out, Challenge{SetUp: s, Date: date})
	}
	return out, nil
}

// Find returns the challenge of the set-up id on date.
func Find(id, date string) (Challenge, error) {
	if _, err := ParseDate(date); err != nil {
		return Challenge{}, err
	}
	for _, s := range SetUps {
		if s.ID == id {
			return Challenge{SetUp: s, Date: date}, nil
		}
	}
	return Challenge{}, fmt.Errorf("daily: no challenge %q (there are droggn-3, troggu-3 and strohmandeln-2)", id)
}

// base is the prefix of every seed of the challenge.
func (c Challenge) base() string { return "daily/" + c.ID + "/" + c.Date }

// Rules returns the rules of the challenge: the game with its default
// options for the set-up's number of players.
func (c Challenge) Rules() (game.Rules, error) {
	info, ok := game.Lookup(c.Game)
	if !ok {
		return nil, fmt.Errorf("daily: game %q is not registered", c.Game)
	}
	return info.Parse("", c.Players)
}

// Seat returns the person's seat, the same for every deal of the challenge:
// the first draw below Players from game.NewRand(base+"/seat", 0).
func (c Challenge) Seat() int {
	return game.NewRand(c.base()+"/seat", 0).IntN(c.Players)
}

// Deal returns deal n (1 … Deals) of the challenge.
func (c Challenge) Deal(n int) (Deal, error) {
	if n < 1 || n > Deals {
		return Deal{}, fmt.Errorf("daily: deal %d is not one of 1 … %d", n, Deals)
	}
	r, err := c.Rules()
	if err != nil {
		return Deal{}, err
	}
	seed := fmt.Sprintf("%s/deal-%d", c.base(), n)
	d := Deal{N: n, Seed: seed, Deck: game.DeckFromSeed(r.Pack(), seed), Dealer: (n - 1) % c.Players,
		BotSeeds: make([]string, c.Players)}
	me := c.Seat()
	for s := range d.BotSeeds {
		if s != me {
			d.BotSeeds[s] = fmt.Sprintf("%s/bot-%d", seed, s)
		}
	}
	return d, nil
}

// SeatSeed returns the seed of the bot's random choices in seat on this
// deal: "BASE/deal-<n>/bot-<seat>". The reference game uses it in every
// seat, the person's too.
func (d Deal) SeatSeed(seat int) string { return fmt.Sprintf("%s/bot-%d", d.Seed, seat) }

// DecisionRand returns the generator a bot draws from for the decision
// that starts after the hand's first step actions:
// game.NewRand(seatSeed, step). A decision's generator depends on the
// position alone, so a server that restarts in the middle of a deal
// draws the same numbers as one that did not.
func DecisionRand(seatSeed string, step int) *rand.Rand {
	return game.NewRand(seatSeed, uint64(step))
}

// Player chooses a seat's actions from its view (a bot; bot.Bot is one).
type Player interface {
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// Reference plays deal n with p in every seat and returns the score of
// the person's seat: what the duplicate score of that seat is taken
// against. Each decision draws from DecisionRand(SeatSeed(seat), step),
// step the actions the hand has had when the decision starts; a discard
// of several cards is one decision.
func (c Challenge) Reference(n int, p Player) (int, error) {
	d, err := c.Deal(n)
	if err != nil {
		return 0, err
	}
	r, err := c.Rules()
	if err != nil {
		return 0, err
	}
	st, err := r.NewState(d.Deck, d.Dealer)
	if err != nil {
		return 0, fmt.Errorf("daily: deal %d of %s: %w", n, c.ID, err)
	}
	for !st.Done() {
		s := st.ToAct()
		if err := decide(st, s, p, DecisionRand(d.SeatSeed(s), len(st.History()))); err != nil {
			return 0, fmt.Errorf("daily: deal %d of %s, seat %d: %w", n, c.ID, s, err)
		}
	}
	return Score(st.Result(), c.Seat()), nil
}

// decide plays one whole decision of seat: one action, or every card of
// a discard, as the server's tables ask a bot for one (bot.Decide).
func decide(st game.State, seat int, p Player, rng *rand.Rand) error {
	for {
		a, err := p.Act(st.View(game.Seat(seat)), rng)
		if err != nil {
			return err
		}
		if err := st.Apply(a); err != nil {
			return err
		}
		if a.Kind != game.KindDiscard || st.Done() || st.ToAct() != seat {
			return nil
		}
		if l := st.Legal(nil); len(l) == 0 || l[0].Kind != game.KindDiscard {
			return nil
		}
	}
}

// Score is a seat's score of a finished deal as the challenge counts it:
// the hand's own score, not multiplied; 0 for a deal thrown in.
func Score(res game.Result, seat int) int {
	if seat < 0 || seat >= len(res.Score) {
		return 0
	}
	return res.Score[seat]
}

// Package guide walks a newcomer through a first hand of each game: a
// chosen deal (a lesson), and for every state of it the words the table
// shows the person's seat — the phase introduced with the hand's own cards
// and numbers, the action it may take and why, the rules that keep its
// other cards from being played, who won the last trick and why, and at
// the end the count and the score.
//
// A guide is structured: codes with parameters (card IDs as in records,
// seats by number), worded in English and German by the browser's
// catalogue. It is made from what the seat may know — its view of the hand
// (game.State.View) and, when it is to act, the rules limiting its own
// cards (game.Limits) — and so never names a card the seat cannot know.
package guide

import (
	"fmt"
	"strconv"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// A Lesson is one guided hand: the game, its players, the deal (a seed
// and a dealer) and the person's seat; the other seats are bots.
type Lesson struct {
	// Name is the lesson's key: "droggn", "troggu", "troggu7", "strohmandeln".
	Name    string `json:"name"`
	Game    string `json:"game"`
	Players int    `json:"players"`
	// Seed derives the deck (sitting.Config.Seed), Dealer deals it.
	Seed   string `json:"-"`
	Dealer int    `json:"-"`
	// Seat is the person's seat.
	Seat int `json:"seat"`
	// Bot plays every other seat.
	Bot string `json:"-"`
	// bids are the calls the guide advises in the bidding, strongest
	// first.
	bids []bidRule
}

// A bidRule is a call the guide advises, with the reason's code, for a
// hand holding at least min trumps, at least share[0]/share[1] of its
// cards trumps, and the Mond or the Fool among them when big is set.
type bidRule struct {
	call, why string
	min       int
	share     [2]int
	big       bool
}

// The bidding advice of each game's lessons.
var (
	droggnBids = []bidRule{
		{call: "solo", why: "solo", min: 9},
		{call: "solo", why: "solo", min: 8, big: true},
		{call: "ansager", why: "ansager", min: 7},
	}
	trogguBids = []bidRule{
		{call: "solo", why: "tsolo", share: [2]int{2, 3}, big: true},
		{call: "normal", why: "normal", share: [2]int{1, 3}},
	}
	strohmandelnBids = []bidRule{
		{call: "undertake", why: "undertake", share: [2]int{2, 5}},
	}
)

// lessons are the guided hands, each chosen for a clear contract of the
// person's and cards worth explaining, and a hand that the guide wins
// without a decision the hand analysis calls a mistake
// (TestAdviceIsGoodPlay). They are data, like a game's registration, and
// so name their games.
var lessons = []Lesson{
	{Name: "droggn", Game: "droggn", Players: 3, Seed: "learn-droggn-549", Dealer: 2, Seat: 0, Bot: "rules", bids: droggnBids},
	{Name: "troggu", Game: "troggu", Players: 3, Seed: "learn-troggu-102", Dealer: 2, Seat: 0, Bot: "rules", bids: trogguBids},
	{Name: "troggu7", Game: "troggu", Players: 7, Seed: "learn-troggu7-138", Dealer: 6, Seat: 0, Bot: "rules", bids: trogguBids},
	{Name: "strohmandeln", Game: "strohmandeln", Players: 2, Seed: "learn-stroh-161", Dealer: 1, Seat: 0, Bot: "rules", bids: strohmandelnBids},
}

// Lessons returns the guided hands in the order the lobby lists them.
func Lessons() []Lesson { return append([]Lesson(nil), lessons...) }

// Find returns the lesson of a name.
func Find(name string) (Lesson, error) {
	for _, l := range lessons {
		if l.Name == name {
			return l, nil
		}
	}
	var names []string
	for _, l := range lessons {
		names = append(names, l.Name)
	}
	return Lesson{}, fmt.Errorf("guide: no lesson %q (want one of %s)", name, strings.Join(names, ", "))
}

// Step is one thing the guide says: a code the browser's catalogue words,
// with its parameters. Parameters named card, cards (comma-separated),
// best or suggest are card IDs; seat and winner are seats; the others are
// numbers or words of the catalogue.
type Step struct {
	Code   string            `json:"code"`
	Params map[string]string `json:"params,omitempty"`
}

// Guide is what the guide shows the person's seat for one state.
type Guide struct {
	Lesson string `json:"lesson"`
	// Phase is the phase its Intro introduces ("deal" is shown with the
	// first decision, "done" at the end).
	Phase string `json:"phase"`
	Intro []Step `json:"intro"`
	// Trick explains the last finished trick: who won it and why.
	Trick []Step `json:"trick,omitempty"`
	// Advice says what to do now and why, when the seat is to act;
	// Suggest is that action, as the record writes it.
	Advice  *Step              `json:"advice,omitempty"`
	Suggest *game.RecordAction `json:"suggest,omitempty"`
	// Limits are the rules that keep the seat's other cards from being
	// played now (game.Limits).
	Limits []game.Limit `json:"limits,omitempty"`
	// Free says that the seat, following a lead, can neither follow
	// suit nor trump, so any card may be played.
	Free bool `json:"free,omitempty"`
}

// For returns the guide of a lesson for the seat in st. A guided table
// lets every seat look back at every finished trick (open review), and
// the guide sees the hand as the seat does there.
func For(l Lesson, st game.State, seat int) (*Guide, error) {
	v := st.View(game.ViewerOf(seat).WithReview(true))
	m, err := tablemodel.Of(v)
	if err != nil {
		return nil, err
	}
	h := &hand{l: l, m: m, pack: st.Rules().Pack(), traits: st.Rules().Traits(), seat: seat}
	if err := h.parse(); err != nil {
		return nil, err
	}
	g := &Guide{Lesson: l.Name, Phase: m.Phase}
	g.Intro = h.intro()
	g.Trick = h.lastTrick()
	if !st.Done() && st.ToAct() == seat {
		legal := v.LegalActions()
		g.Advice, g.Suggest = h.advise(st.Rules(), legal)
		if m.Phase == "play" {
			g.Limits = game.Limits(st)
			g.Free = len(g.Limits) == 0 && h.free(legal)
		}
	}
	return g, nil
}

// hand is the seat's view of the hand, parsed.
type hand struct {
	l    Lesson
	m    *tablemodel.Model
	pack *card.Pack
	// traits are the variant's facts the guide goes by.
	traits game.Traits
	seat   int
	cards  card.Set
	trick  []card.Card // the current trick's cards, in order
	from   []int       // their seats
	// powerless marks a Troggu Bättler of the trick that lost its power.
	powerless []bool
}

func (h *hand) parse() error {
	for _, id := range h.m.Hand {
		c, err := h.pack.Parse(id)
		if err != nil {
			return fmt.Errorf("guide: %w", err)
		}
		h.cards.Add(c)
	}
	if h.m.Trick != nil {
		for _, p := range h.m.Trick.Plays {
			c, err := h.pack.Parse(p.Card)
			if err != nil {
				return fmt.Errorf("guide: %w", err)
			}
			h.trick = append(h.trick, c)
			h.from = append(h.from, p.Seat)
			h.powerless = append(h.powerless, p.Powerless)
		}
	}
	return nil
}

func (h *hand) id(c card.Card) string { return h.pack.ID(c) }

func (h *hand) ids(cs []card.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = h.id(c)
	}
	return strings.Join(out, ",")
}

func itoa(n int) string { return strconv.Itoa(n) }

// trumps returns the trumps of s, highest first; the Fool counts as a
// trump where the game makes it one (Troggu's Bättler, Strohmandeln's
// Sküs, the highest Tarock).
func (h *hand) trumps(s card.Set) []card.Card {
	var out []card.Card
	if s.Has(card.Fool) && !h.traits.FoolExcuse {
		out = append(out, card.Fool)
	}
	for n := 21; n >= 1; n-- {
		if s.Has(card.Trump(n)) {
			out = append(out, card.Trump(n))
		}
	}
	return out
}

// honours returns the cards of s worth five points, in pack order.
func (h *hand) honours(s card.Set) []card.Card {
	var out []card.Card
	for _, c := range h.pack.Order {
		if s.Has(c) && h.pack.Points(c) == 5 {
			out = append(out, c)
		}
	}
	return out
}

// isTrump reports whether c takes tricks as a trump in this game (a Fool
// that is an excuse, the Droggn Gstieß, never takes one).
func (h *hand) isTrump(c card.Card) bool {
	return c.IsTrump() || (c == card.Fool && !h.traits.FoolExcuse)
}

// power orders the cards that can take a trick: a trump above every suit
// card, the Fool (as a trump) above XXI.
func (h *hand) power(c card.Card) int {
	switch {
	case c == card.Fool:
		if h.traits.FoolExcuse {
			return -1
		}
		return 200
	case c.IsTrump():
		return 100 + int(c)
	}
	return int(c.Rank())
}

// winning returns the index of the card that wins the trick so far, -1
// when none can win yet. The suit is set by the first card that is not a
// Fool that is an excuse (the Droggn Gstieß); a powerless Troggu Bättler
// (its play's flag) is left out.
func (h *hand) winning(cs []card.Card, powerless []bool) int {
	lead := -1
	for i, c := range cs {
		if c == card.Fool && (h.traits.FoolExcuse || (powerless != nil && powerless[i])) {
			continue
		}
		if lead < 0 {
			lead = i
		}
	}
	if lead < 0 {
		return -1
	}
	best := lead
	for i := lead + 1; i < len(cs); i++ {
		c := cs[i]
		if c == card.Fool && (h.traits.FoolExcuse || (powerless != nil && powerless[i])) {
			continue
		}
		if h.beats(c, cs[best], cs[lead]) {
			best = i
		}
	}
	return best
}

// beats reports whether c beats b, with led the card that set the suit.
func (h *hand) beats(c, b, led card.Card) bool {
	switch {
	case h.isTrump(c) && !h.isTrump(b):
		return true
	case h.isTrump(c) && h.isTrump(b):
		return h.power(c) > h.power(b)
	case h.isTrump(b):
		return false
	}
	return !h.isTrump(led) && c.Suit() == b.Suit() && c.Rank() > b.Rank()
}

// side returns the seats the seat plays with, as the seat knows them:
// the declarer and a known partner, or the defenders.
func (h *hand) side() map[int]bool {
	m := h.m
	out := map[int]bool{h.seat: true}
	if m.Declarer < 0 {
		return out
	}
	decl := map[int]bool{m.Declarer: true}
	if m.Partner >= 0 {
		decl[m.Partner] = true
	}
	if decl[h.seat] {
		return decl
	}
	if m.CalledTrump > 0 && m.Partner < 0 && !m.Alone {
		// The partner is secret: only the seat itself is known.
		return out
	}
	for s := 0; s < m.Seats; s++ {
		if !decl[s] && s != m.SitsOut {
			out[s] = true
		}
	}
	return out
}

// free reports whether the seat follows a lead it can neither follow nor
// trump: no legal card is of the suit led or a trump.
func (h *hand) free(legal []game.Action) bool {
	if len(h.trick) == 0 {
		return false
	}
	led := h.trick[h.leadIndex()]
	for _, a := range legal {
		c := a.Card
		if a.Kind != game.KindPlay || c == card.Fool && h.traits.FoolExcuse {
			continue
		}
		if h.isTrump(c) || !h.isTrump(led) && c.IsSuit() && led.IsSuit() && c.Suit() == led.Suit() {
			return false
		}
	}
	return true
}

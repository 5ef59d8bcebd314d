// Package bot holds the computer players of trull. A Bot decides from one
// seat's game.View only, never from the true state, and always answers
// with one of the view's legal actions.
//
// The players, weakest first (New, Names):
//
//   - "random": a uniformly random legal action, a reference for the arena;
//   - "rules": the hand-written strategies of package rules for Droggn
//     (bidding from hand strength, discards, buying, lay-outs, doubling and
//     card play after the tactics of RULES' source S0), for Troggu and for
//     Strohmandeln (after the tactics of the seed S3), with a small
//     game-agnostic player for any other view;
//   - "pimc": Perfect-Information Monte Carlo (package pimc for Droggn,
//     flat search of package ismcts with the rules bot's bids otherwise,
//     the last tricks of a Troggu hand solved exactly by package tsolver,
//     of a Strohmandeln hand by package ssolver);
//   - "ismcts" and "ismcts-fast": the strongest player at the default
//     budget (ismcts.DefaultIterations; TrogguFewIterations in Troggu
//     below five seats) and at FastIterations (Search): in Droggn information-set
//     search (package ismcts) for the card play until pimc solves the last
//     tricks, with pimc's decisions before the card play; in Troggu and
//     Strohmandeln every decision searched over paired determinizations,
//     the rules bot's choice kept unless clearly beaten (the last ten
//     tricks of a Strohmandeln hand solved exactly in each of them).
//
// "name@n" gives a search bot a budget (iterations, or worlds for pimc).
// The reference "cheater" (a Cheater) searches the true state and decides
// only through ActState, for the arena's ceiling. Hints ranks a bot's
// candidate actions by their estimated values, best first; HintsAt does so
// for whole decisions, a discard of several cards being one candidate.
package bot

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"trull/internal/bot/ismcts"
	"trull/internal/bot/pimc"
	"trull/internal/bot/rules"
	"trull/internal/game"
)

// Bot is a computer player.
type Bot interface {
	// Name returns the registry name of the bot.
	Name() string
	// Act chooses one of v.LegalActions() for the seat of v. rng is the
	// bot's only source of randomness: the same view and generator state
	// give the same action.
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// ErrNotToAct is returned by Act when the view's seat has no decision to make.
var ErrNotToAct = errors.New("bot: the seat of the view is not to act")

// registry maps bot names to constructors; n is the budget of a level
// ("ismcts@500": 500 iterations, "pimc@20": 20 worlds), 0 for the default,
// and name the full name the bot reports ("ismcts@500").
var registry = map[string]func(n int, name string) Bot{
	"random": func(int, string) Bot { return Random{} },
	"rules":  func(int, string) Bot { return rules.Bot{} },
	// pimc samples worlds consistent with the view and scores each
	// candidate in each: Droggn with the exact solver and playouts, the
	// other games with playouts of the ISMCTS default policy.
	"pimc": func(n int, name string) Bot {
		return byGame{games: map[string]gameBots{"droggn": {play: sampled{pimc.New(pimc.Options{Worlds: n, Name: name})}}},
			other: search{Bot: ismcts.New(ismcts.Options{Flat: true, Iterations: n * pimcPlayouts, Prior: rules.Bot{}, Name: name})}}
	},
	// ismcts searches information sets in every game, checking the
	// proposals of a prior (see Search).
	"ismcts": func(n int, name string) Bot { return Search(ismcts.Options{Iterations: n, Name: name}) },
	// ismcts-fast is the level for small servers: FastIterations in
	// every game.
	"ismcts-fast": func(n int, name string) Bot {
		return Search(ismcts.Options{Iterations: cmp.Or(n, FastIterations), Name: name})
	},
}

// Search returns the strongest player with the search options opts (the
// ismcts levels are Search of their budget and name).
//
// In Droggn the information-set search plays the cards until
// endgameTricks tricks remain and pimc solves the rest (endgame); the pimc
// player at the same effort (one world for every pimcPlayouts iterations)
// makes the decisions before the card play: its worlds weigh what the bids
// reveal, and each candidate is simulated to the end of the hand
// (opts.PrePlay times as many worlds, when set).
//
// In the other games the rules bot proposes every decision and the search
// overrules it only by a clear margin, comparing the candidates on the same
// determinizations (PairedRoot) with the other seats playing from their
// sampled hands (PolicyOthers). In Strohmandeln a tree is searched below
// each candidate; in Troggu each candidate is played out by the default
// policy (Shallow), which the arena found stronger with three players and
// much stronger with six (docs/STRENGTH.md): with a modest budget, trying
// the seat's later options in a tree mostly adds noise to the comparison.
// From manySeats seats on, the Troggu search overrules the rules bot's card
// by a smaller margin and searches the bids and discards longer
// (TrogguSearch). With opts.Contracts the contract decisions are played out
// by the rules bot for every seat, in that many worlds: Troggu's by the
// search (ismcts.Options.Contracts), Droggn's by its pimc bidder
// (pimc.Options.Finisher). No level sets it: in Droggn it won its duel
// against the bidder's heuristic playouts but lost at a table with the
// cheater, whose defence punishes the bids that the rules bot's defence
// lets through (docs/STRENGTH.md, the lever contracts-24).
func Search(opts ismcts.Options) Bot {
	d, o := opts, opts
	n := cmp.Or(opts.Iterations, ismcts.DefaultIterations)
	bo := pimc.Options{Worlds: max(n*max(opts.PrePlay, 1)/pimcPlayouts, minBidderWorlds)}
	if opts.Contracts > 0 {
		// Droggn's contract decisions are the bidder's: it plays them
		// out with the rules bot, in Contracts worlds.
		bo.Finisher, bo.FinishWorlds = rules.Bot{}, opts.Contracts
	}
	bidder := pimc.New(bo)
	d.Bidder = bidder
	o = PairedSearch(o)
	return byGame{
		games: map[string]gameBots{
			"droggn": {
				play: endgame{early: search{Bot: ismcts.New(d), bidder: sampled{bidder}}, tricks: endgameTricks,
					late: sampled{pimc.New(pimc.Options{Worlds: endgameWorlds(n), SolveTricks: endgameTricks})}},
				hints: search{Bot: ismcts.New(DroggnHintSearch(opts))},
			},
			"troggu": {
				play:  search{Bot: ismcts.New(TrogguSearch(opts, 3))},
				many:  search{Bot: ismcts.New(TrogguSearch(opts, manySeats))},
				seats: manySeats,
			},
		},
		other: search{Bot: ismcts.New(o)},
	}
}

// DroggnHintSearch returns the options of the search that gives the
// ismcts levels' Droggn hints and analysis, for the budget and name of
// opts: every decision, bids and discards included, searched over paired
// determinizations with a tree below each candidate, the last
// endgameTricks tricks of each world solved exactly (package solver). Its
// values are the means of finished hands it can show (ismcts.Observer), so
// each hint's why comes from the very worlds of its value. The player
// itself searches one tree over unpaired worlds and leaves the decisions
// before the card play to pimc (Search), whose candidates are valued in
// worlds of their own; the paired search played as well as that tree in
// the arena's screen (docs/STRENGTH.md, "paired").
func DroggnHintSearch(opts ismcts.Options) ismcts.Options {
	opts.Prior = rules.Bot{}
	opts.PairedRoot = true
	opts.SolveTricks = endgameTricks
	return opts
}

// PairedSearch returns the options of the ismcts levels' search in
// Strohmandeln (and any game without an adapter of its own), for the
// budget and name of opts: the rules bot's choices checked on paired
// determinizations with the other seats playing from their sampled hands,
// a tree searched below each candidate.
func PairedSearch(opts ismcts.Options) ismcts.Options {
	opts.Prior = rules.Bot{}
	opts.PairedRoot, opts.PolicyOthers = true, true
	return opts
}

// TrogguSearch returns the options of the ismcts levels' Troggu search
// with the given number of seats, for the budget and name of opts: the
// rules bot's choices checked on paired determinizations, the other seats
// and each candidate's sequel played by the default policy. From
// manySeats seats on, another card overrules the rules bot's at
// manyOverrule standard errors instead of two, and the decisions before
// the card play get manyPrePlay times the budget: with many seats the
// rules bot's card is a weaker default (pimc's lead over it in the arena
// is four times as large with six seats as with three), and the bids and
// the Tappist's discards decide who plays alone against five. Below
// manySeats seats the default budget (opts.Iterations 0) is
// TrogguFewIterations.
func TrogguSearch(opts ismcts.Options, seats int) ismcts.Options {
	opts.Prior = rules.Bot{}
	opts.PairedRoot, opts.PolicyOthers, opts.Shallow = true, true, true
	if seats >= manySeats {
		opts.Overrule, opts.PrePlay = manyOverrule, manyPrePlay
	} else if opts.Iterations == 0 {
		opts.Iterations = TrogguFewIterations
	}
	return opts
}

// The Troggu search with many seats (TrogguSearch): from manySeats seats,
// the overrule margin in standard errors and the pre-play budget factor.
const (
	manySeats    = 5
	manyOverrule = 0.5
	manyPrePlay  = 4
)

// TrogguFewIterations is the default level's budget in Troggu below
// manySeats seats: four times ismcts.DefaultIterations. With three seats
// it gains on the default budget over the ladder's 2,000 deals, and its
// decisions stay well within the time a table affords on two busy cores
// (docs/STRENGTH.md, match 8 of Troggu with three players). With more
// seats a decision costs more and the default budget stays.
const TrogguFewIterations = 4 * ismcts.DefaultIterations

// minBidderWorlds is the fewest worlds of the Droggn search's pimc bidder.
const minBidderWorlds = 4

// references are bots that are not players: "cheater" searches the true
// state (every hand, the talon, the face-down cards) with the ISMCTS
// machinery, the ceiling the arena measures the players against. It
// decides only through arena.Omniscient.
var references = map[string]func(n int, name string) Bot{
	"cheater": func(n int, name string) Bot {
		return Cheater{name, map[string]*ismcts.Bot{"droggn": ismcts.New(ismcts.Options{Iterations: n, Name: name})},
			ismcts.New(ismcts.Options{Iterations: n, Name: name, Prior: rules.Bot{}})}
	},
}

// FastIterations is the budget of "ismcts-fast": a tenth of
// ismcts.DefaultIterations (a fortieth of TrogguFewIterations).
const FastIterations = ismcts.DefaultIterations / 10

// pimcPlayouts is the number of playouts per world in the games without
// a solver: "pimc@n" does n·pimcPlayouts iterations of flat Monte Carlo.
const pimcPlayouts = 75

// byGame plays each game's views with the bots the level registered for
// it (games, by the game's name; other for a game without any). The games
// are named where a level registers its bots, and nowhere else.
type byGame struct {
	games map[string]gameBots
	other Bot
}

// gameBots are a level's bots for one game: play plays its views (other
// when nil), many those of tables of seats seats or more (when set), and
// hints, when set, gives its hints instead (hinter).
type gameBots struct {
	play, many, hints Bot
	seats             int
}

// hintBot returns the bot that gives the hints of v's game when it is not
// the one that plays (nil otherwise).
func (d byGame) hintBot(v game.View) Bot { return d.games[v.Game()].hints }

// delegate returns the bot for the view's game and number of seats.
func (d byGame) delegate(v game.View) Bot {
	g := d.games[v.Game()]
	switch {
	case g.many != nil && v.Rules() != nil && v.Rules().Seats() >= g.seats:
		return g.many
	case g.play != nil:
		return g.play
	}
	return d.other
}

// Name returns the level's name (every bot of a level has it).
func (d byGame) Name() string { return d.other.Name() }

// Act asks the bot for the view's game.
func (d byGame) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	return d.delegate(v).Act(v, rng)
}

// Cheater is the reference player that sees every card. Its Act refuses:
// only ActState, given the true state, decides.
type Cheater struct {
	name  string
	play  map[string]*ismcts.Bot // by game, other for the rest
	other *ismcts.Bot
}

// Name returns "cheater" (with its budget, "cheater@500").
func (c Cheater) Name() string { return c.name }

// Act returns an error: the cheater needs the true state.
func (c Cheater) Act(game.View, *rand.Rand) (game.Action, error) {
	return game.Action{}, errors.New("bot: cheater decides from the true state only (arena reference)")
}

// Cheats marks the cheater as omniscient for the arena.
func (Cheater) Cheats() {}

// ActState decides for the seat to act of the true state.
func (c Cheater) ActState(st game.State, rng *rand.Rand) (game.Action, error) {
	if b, ok := c.play[st.Rules().Game()]; ok {
		return b.ActState(st, rng)
	}
	return c.other.ActState(st, rng)
}

// New returns the bot registered under name (in any case), optionally
// with a budget ("ismcts@500"), or a reference bot ("cheater").
func New(name string) (Bot, error) {
	name = strings.ToLower(name)
	base, n := name, 0
	if i := strings.IndexByte(name, '@'); i >= 0 {
		k, err := strconv.Atoi(name[i+1:])
		if err != nil || k <= 0 {
			return nil, fmt.Errorf("bot: bad budget in %q: want a whole number above zero after @ (ismcts@600)", name)
		}
		base, n = name[:i], k
	}
	mk, ok := registry[base]
	if !ok {
		mk, ok = references[base]
	}
	if !ok {
		return nil, fmt.Errorf("bot: unknown bot %q (have %v and the reference cheater)", name, Names())
	}
	if n > 0 && (base == "random" || base == "rules") {
		return nil, fmt.Errorf("bot: %s has no budget (%q)", base, name)
	}
	return mk(n, name), nil
}

// Names returns the names of the registered players, sorted (the
// reference bots are not players and are not listed).
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Random plays a uniformly random legal action.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Act picks one legal action uniformly.
func (Random) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	legal := v.LegalActions()
	if len(legal) == 0 || v.Turn() != v.ViewSeat() {
		return game.Action{}, ErrNotToAct
	}
	return game.Pick(rng, legal), nil
}

// Package ismcts is an Information-Set Monte Carlo Tree Search player
// (single-observer ISMCTS after Cowling, Powley and Whitehouse, "Information
// Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012) for every trull
// game, through the game.Rules / game.State contract.
//
// It decides from one seat's game.View only. Each iteration
//
//   - determinizes: Rules.Resample deals the cards the seat cannot see
//     (other hands, the talon or Tapp, discards, every face-down Strohmann
//     card — its own included —, and with them Troggu's secret partner) at
//     random, consistent with the view; nothing is read from the true
//     state. In Troggu a world in which another seat would not have bid
//     as it did, by the default policy's bid estimate, is drawn again
//     (a few times at most): the bids are evidence too;
//   - selects down the tree with UCB1 over the actions available in that
//     determinization, with availability counts (a child's exploration
//     term counts the visits in which it could have been chosen); below
//     the root the children are widened progressively, the default
//     policy's choice first;
//   - expands one child and plays the hand out with a cheap, non-uniform
//     default policy (see below);
//   - backs up every seat's own score (Result.Score; the fast score paths
//     of the engines), so that each seat in the tree maximizes its own
//     result: Droggn's defenders and Troggu's partners cooperate exactly
//     as far as their scores agree, and Misère is every player for himself.
//     Rewards are measured in units of the mean absolute score of the tree.
//
// The tree branches on the searching seat's decisions and on the other
// seats' card plays. The other seats' earlier decisions (bids, calls,
// exchanges, buying, lay-outs, doubling, folds) depend mostly on cards the
// searching seat cannot see, so in each determinization they are made by
// the default policy, which reads the deciding seat's own (sampled) hand;
// the tree follows them as observed. A card the searching seat cannot
// observe (another seat's discard, the card offered when buying) is masked
// in the tree, so its later decisions never depend on a hidden card.
//
// The default policy bids, calls, discards and buys from simple hand
// estimates (the strength fits and rankers of package know), never lays
// out or doubles, and plays cards with trick-taking rules that
// see the whole determinization: cash masters, win a valuable trick with
// the weakest card no later opponent can beat, give points to a partner's
// safe trick, otherwise play the cheapest card, duck in Misère, and play
// Strohmann tops first.
//
// At the root the candidates are the legal actions, except in Droggn: the
// few most promising discards and buys, and only "gut" after two
// doublings (the determinizations do not reflect what the others' bids and
// doublings reveal, so both sides could expect to win and double without
// end). For decisions before the card play the default policy's choice is
// kept unless the search finds another action better by more than two
// standard errors: with a modest budget the values of close options are
// noisy.
//
// Options change this scheme: Flat searches no tree at all (flat Monte
// Carlo over determinizations); PairedRoot scores every root candidate in
// each determinization with the same random numbers and searches the tree
// below each, or with Shallow plays the hand out by the default policy
// after each; PolicyOthers lets the default policy play the other seats'
// cards; Prior proposes defaults the search must beat and Bidder makes the
// decisions before the card play.
//
// A flat search (Flat, or PairedRoot) of a Troggu card play near the end
// of a Normal game or a Solo solves each determinization exactly instead
// (package tsolver; trogguWorld.solvable says from how many tricks left,
// by the number of seats), and so does any flat or paired-root search of
// a Strohmandeln card play in its last tricks (package ssolver,
// strohSolveTricks): every candidate is scored by perfect play of all
// seats in that world, and a solved world counts for solvedWorldCost
// iterations. Options.NoSolver turns this off.
//
// Search effort is split over a fixed number of independent trees (root
// parallelization, Options.Trees) whose root statistics are merged; tree i
// draws its randomness from a seed taken from the generator passed to Act
// and i alone. Options.Workers only says how many trees are searched at
// once, so with an iteration budget a decision depends on the view, the
// generator and the options other than Workers, never on the worker
// count. A time budget (Options.MaxTime) makes it depend on the machine's
// speed.
//
// Droggn, Troggu and Strohmandeln are searched through small adapters on
// the engines' fast paths (SampleInto/ResampleInto, LegalCards, PlayCard,
// FastScore/Score/Scores); any other game through the game.State contract
// alone, with a generic default policy.
package ismcts

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"trull/internal/game"
)

// Options configure a Bot. The zero value gives the defaults.
type Options struct {
	// Iterations is the number of iterations per decision, shared by the
	// trees (default DefaultIterations).
	Iterations int
	// MaxTime, when positive, also stops the search once it has passed
	// (whichever comes first; each tree does at least one iteration). The
	// decision then depends on the machine's speed; leave it zero for
	// reproducible play.
	MaxTime time.Duration
	// Exploration is the UCB1 exploration constant c (default
	// DefaultExploration), for rewards in units of the mean absolute
	// score seen in the tree.
	Exploration float64
	// Trees is the number of independent trees whose root statistics are
	// merged (default DefaultTrees). A decision depends on it, not on
	// Workers.
	Trees int
	// Workers is the number of trees searched at once: 0 or 1 for one, a
	// negative number for every core (GOMAXPROCS). It never exceeds Trees.
	Workers int
	// Hints is the number of candidates Hint returns (default
	// DefaultHints; negative for all).
	Hints int
	// Flat replaces the tree by flat Monte Carlo over determinizations
	// (Perfect-Information Monte Carlo with playouts): every iteration
	// samples a world, tries the root candidates in turn and finishes the
	// hand with the default policy; nothing below the root is searched.
	Flat bool
	// Prior, when set, proposes the default of the decisions before the
	// card play (bids, folds, calls, doubling, announcements) instead of
	// the default policy, e.g. the "rules" bot of package rules; the search
	// overrules it only by a clear margin (see merge). With Flat, the
	// prior makes these decisions alone.
	Prior Player
	// Bidder, when set, makes the decisions before the card play alone
	// (bids, discards, buying, lay-outs, doubling, calls, folds,
	// announcements), without search and before Prior: e.g. a player
	// whose worlds reflect what the bids reveal, which the search's
	// determinizations do not.
	Bidder Player
	// PairedRoot scores every root candidate in every determinization,
	// with the same random numbers for each (as Flat does), and searches
	// the tree below each candidate: the candidates are compared on the
	// same worlds, which removes most of the variance between worlds from
	// their comparison, while the seat's later decisions are still
	// searched. Ignored with Flat.
	PairedRoot bool
	// Shallow, with PairedRoot, plays the hand out by the default policy
	// after each root candidate instead of searching a tree below it: flat
	// Monte Carlo like Flat, but the decisions before the card play are
	// searched too (Flat leaves them to Prior).
	Shallow bool
	// NoSolver keeps a flat search (Flat, or PairedRoot) from solving the
	// last tricks exactly in each determinization where the game has an
	// open-card solver (Troggu: package tsolver; Strohmandeln: package
	// ssolver); they are played out by the default policy instead.
	NoSolver bool
	// CloseRounds is the number of times a decision's budget may be
	// played again, with new determinizations, while the search's best
	// candidate beats the default (the prior's choice) but not yet by the
	// overrule margin: more worlds where the decision is close. 0: none.
	CloseRounds int
	// SolveTricks, when positive, is the number of tricks left (the
	// current one included) from which a flat search solves each
	// determinization exactly; 0 keeps the game's own (Troggu: by the
	// number of seats, solveTricks; Strohmandeln: strohSolveTricks).
	SolveTricks int
	// ReadPlay makes the Troggu determinizations read the card play: a
	// world where the other seats' cards would have made the default
	// policy play otherwise than they did is less likely to be searched
	// (trogguWorld.resampleRead). It costs about four times the time of a
	// card decision. Off in the bot levels: the tuning duels (package
	// arena, TestTuneTroggu) have not shown it stronger yet.
	ReadPlay bool
	// PrePlay multiplies the budget of the decisions before the card play
	// (bids, calls, discards: few, and the weightiest); 0 or 1: none. The
	// bot levels set it from five Troggu seats on (package bot).
	PrePlay int
	// Contracts, when positive, values the contract decisions (bids,
	// lay-outs, doubling, folds, announcements: game.Kind.Contract; not a
	// discard's card or a partner call, of up to twenty candidates) of a
	// flat search with a Prior and no tree below the root (Flat, or
	// PairedRoot with Shallow) by playing each candidate out in Contracts
	// determinizations (shared out among the trees, at least one each),
	// every later decision of every seat made by Prior from that seat's
	// own view of the world instead of by the default policy: the
	// candidates are compared on the card play the level itself plays (the
	// search overrules the prior's card only by a clear margin), in worlds
	// that explain the bids so far. It replaces the pre-play budget
	// (Iterations, PrePlay) of those decisions. A Bidder, when set, makes
	// them instead (package bot gives Droggn's pimc bidder the same
	// valuation).
	Contracts int
	// ContractOverrule is the number of standard errors by which another
	// candidate must beat the prior's choice where Contracts values the
	// decision (default DefaultOverrule).
	ContractOverrule float64
	// Overrule is the number of standard errors by which another card
	// must beat the prior's card in the card play (default
	// DefaultOverrule; see merge).
	Overrule float64
	// PolicyOthers makes the other seats play their cards by the default
	// policy, which sees their hands in each determinization, instead of
	// searching their choices in the tree: the tree then branches on the
	// searching seat's decisions alone. A single-observer tree gives every
	// seat the choice that is best on average over the determinizations,
	// as if it did not know its own hand; with many seats a policy that
	// plays from the hand models them better.
	PolicyOthers bool
	// Equivalent searches one card of each run of equivalent cards in the
	// card play of Droggn (package solver's Reduce: 1-point cards of one
	// group with nothing between them but cards of finished tricks; at the
	// root and below it) and Troggu (package tsolver's Reduce: the same
	// points as the next lower card in play; at the root): fewer
	// candidates, each with more of the budget. The cards of a run win the
	// same tricks and points; the lowest is played. Off in the bot levels:
	// its tuning duels (package arena, 2,000 deals) lose in Droggn and show
	// no difference in Troggu (docs/STRENGTH.md).
	Equivalent bool
	// Name is the name the bot reports (default "ismcts", or "pimc" when
	// Flat is set).
	Name string
}

// Player is the method of bot.Bot that Options.Prior needs.
type Player interface {
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

// Defaults of Options. With DefaultIterations a decision takes about 40 ms
// (median) and at most about 150 ms on one core of the reference machine
// (BenchmarkDecision).
const (
	DefaultIterations  = 3000
	DefaultExploration = 1.4
	DefaultTrees       = 2
	DefaultHints       = 5
)

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = DefaultIterations
	}
	if o.Exploration <= 0 {
		o.Exploration = DefaultExploration
	}
	if o.Trees <= 0 {
		o.Trees = DefaultTrees
	}
	if o.Workers < 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Workers == 0 {
		o.Workers = 1
	}
	o.Workers = min(o.Workers, o.Trees)
	if o.Hints == 0 {
		o.Hints = DefaultHints
	}
	if o.Overrule <= 0 {
		o.Overrule = DefaultOverrule
	}
	if o.Name == "" {
		o.Name = "ismcts"
		if o.Flat {
			o.Name = "pimc"
		}
	}
	return o
}

// Bot is the ISMCTS player. It satisfies the bot.Bot interface (Name and
// Act). A Bot holds no state between decisions and is safe for concurrent
// use.
type Bot struct {
	opts Options
}

// New returns an ISMCTS bot with the given options (zero fields take their
// defaults).
func New(opts Options) *Bot { return &Bot{opts: opts.withDefaults()} }

// Default returns a bot with the default options: DefaultIterations
// iterations over DefaultTrees trees, searched one after the other.
func Default() *Bot { return New(Options{}) }

// Options returns the bot's options with the defaults filled in.
func (b *Bot) Options() Options { return b.opts }

// Name returns the bot's name (Options.Name).
func (b *Bot) Name() string { return b.opts.Name }

// Candidate is one root action with its search statistics.
type Candidate struct {
	Action game.Action
	// Visits is the number of iterations that chose the action, summed
	// over the trees; Share is Visits over all root visits (1 for a forced
	// action, which is not searched).
	Visits int
	Share  float64
	// Value is the seat's mean score (in the game's own points, as in
	// Result.Score) over the iterations that chose the action; 0 when it
	// was not visited.
	Value float64
}

// ErrNotToAct is returned when the view's seat has no decision to make.
var ErrNotToAct = errors.New("ismcts: the seat of the view is not to act")

// Act returns the best root action: the most visited (ties go to the
// higher value, then to the earlier legal action), or the heuristic
// default of a decision before the card play unless the search clearly
// prefers another (see the package documentation). A forced action is
// returned without search.
func (b *Bot) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	cands, err := b.search(v, nil, rng, nil)
	if err != nil {
		return game.Action{}, err
	}
	return cands[0].Action, nil
}

// Bidder returns Options.Bidder (nil when the search makes every decision).
func (b *Bot) Bidder() Player { return b.opts.Bidder }

// Hint returns the best root actions with their visit shares and values,
// best first (Options.Hints of them; the first is what Act plays). A forced
// action comes back alone with no visits.
func (b *Bot) Hint(v game.View, rng *rand.Rand) ([]Candidate, error) {
	cands, err := b.Rank(v, rng)
	if err != nil {
		return nil, err
	}
	if n := b.opts.Hints; n > 0 && len(cands) > n {
		cands = cands[:n]
	}
	return cands, nil
}

// Rank returns every root action with its visit share and value, best
// first: Hint without its limit, for analysis that needs the value of the
// action a person took whatever its rank.
func (b *Bot) Rank(v game.View, rng *rand.Rand) ([]Candidate, error) {
	return b.search(v, nil, rng, nil)
}

// An Observer is shown the hands behind the values of a search that
// scores every root candidate in every world (Flat, PairedRoot): for each
// world and candidate, the world right after the candidate was played
// (Played) and the hand finished as the search finished it (Finished): by
// the default policy, by the tree below the candidate, by the prior for
// every seat (Options.Contracts), or, in a world
// solved exactly, by the line of play the solver's values give. A
// candidate's value is the mean of the seat's scores of its finished
// hands, so the observer sees the very worlds the values come from, each
// world once for every candidate in turn. The states are valid during the
// call only.
type Observer interface {
	Played(a game.Action, st game.State)
	Finished(a game.Action, st game.State)
}

// RankObserved is Rank with an observer for each tree: obs(i) is shown the
// hands of tree number i (trees may be searched at once, each with its
// own observer; the numbers go on over the close rounds). The legal
// actions of include are searched too where the search would leave them
// out (a discard or a buy beside its few candidates, a doubling past the
// doublings it tries): the analysis values the action a person took. It
// reports whether the decision's values come from observed worlds: false
// for a search that is not flat (its worlds differ between candidates), a
// forced decision, or a decision left to the bidder or the prior.
func (b *Bot) RankObserved(v game.View, rng *rand.Rand, obs func(tree int) Observer, include ...game.Action) ([]Candidate, bool, error) {
	observed := false
	cands, err := b.search(v, nil, rng, func(i int) Observer {
		observed = true
		return obs(i)
	}, include...)
	return cands, observed && (b.opts.Flat || b.opts.PairedRoot), err
}

// ActState decides for the seat to act of the true state st, searching
// st itself instead of sampled worlds: the reference player that sees
// every card (the arena's "cheater"), an upper bound for the players that
// decide from their view. It satisfies arena.Omniscient.
func (b *Bot) ActState(st game.State, rng *rand.Rand) (game.Action, error) {
	if st.Done() || st.ToAct() < 0 {
		return game.Action{}, ErrNotToAct
	}
	cands, err := b.search(st.View(game.Seat(st.ToAct())), st, rng, nil)
	if err != nil {
		return game.Action{}, err
	}
	return cands[0].Action, nil
}

// search runs the trees and returns the root candidates, best first. With
// truth set, every iteration searches a copy of it instead of a sample;
// with obs set, a flat search's trees show it their hands, and the legal
// actions of include are among the candidates (RankObserved).
func (b *Bot) search(v game.View, truth game.State, rng *rand.Rand, obs func(tree int) Observer, include ...game.Action) ([]Candidate, error) {
	legal := v.LegalActions()
	seat := v.ViewSeat()
	if len(legal) == 0 || v.Turn() != seat || seat < 0 {
		return nil, ErrNotToAct
	}
	if b.opts.Bidder != nil && legal[0].Kind != game.KindPlay {
		// The bidder gets the caller's generator, forced decisions
		// included, so that it decides as it would on its own.
		a, err := b.opts.Bidder.Act(v, rng)
		if err != nil {
			return nil, err
		}
		return []Candidate{{Action: a, Share: 1}}, nil
	}
	if len(legal) == 1 {
		return []Candidate{{Action: legal[0], Share: 1}}, nil
	}
	rules, err := rulesOf(v)
	if err != nil {
		return nil, err
	}
	seed := rng.Uint64()
	roots, def := rootCandidates(v, legal)
	for _, a := range include {
		if slices.Contains(legal, a) && !slices.Contains(roots, a) {
			roots = append(slices.Clip(roots), a)
		}
	}
	if len(roots) == 1 {
		return []Candidate{{Action: roots[0], Share: 1}}, nil
	}
	o := b.opts
	// The true state (the cheater) has one world: nothing to share out.
	contract := truth == nil && b.contractPlay(roots)
	var reps func(game.Action) game.Action
	if o.Equivalent {
		if roots, reps = equivalentRoots(v, roots); len(roots) == 1 {
			return []Candidate{{Action: roots[0], Share: 1}}, nil
		}
	}
	if def < 0 && o.Prior != nil && roots[0].Kind == game.KindPlay {
		// The search checks the prior's card: it is played unless another
		// card does better by a clear margin.
		if a, err := o.Prior.Act(v, rand.New(rand.NewPCG(seed, 2))); err == nil {
			if reps != nil {
				a = reps(a)
			}
			def = slices.Index(roots, a)
		}
	}
	if def < 0 && roots[0].Kind != game.KindPlay {
		if o.Prior != nil {
			if a, err := o.Prior.Act(v, rand.New(rand.NewPCG(seed, 2))); err == nil {
				def = slices.Index(roots, a)
			}
		}
		if def >= 0 && o.Flat && !contract {
			// Flat Monte Carlo searches the card play only: its sampled
			// worlds ignore what bids reveal, so the prior decides.
			return []Candidate{{Action: roots[def], Share: 1}}, nil
		}
		if def < 0 {
			def = policyDefault(rules, v, roots, seed)
		}
	}
	// A time budget is shared out among the rounds of trees.
	perTree := o.MaxTime / time.Duration((o.Trees+o.Workers-1)/o.Workers)
	total := o.Iterations
	if roots[0].Kind != game.KindPlay {
		total *= max(o.PrePlay, 1)
		if contract {
			// Each determinization counts once for every candidate.
			total = max(o.Contracts, o.Trees) * len(roots)
		}
	}
	k := DefaultOverrule
	switch {
	case roots[0].Kind == game.KindPlay:
		k = o.Overrule
	case contract && o.ContractOverrule > 0:
		k = o.ContractOverrule
	}
	var results []treeResult
	var errs []error
	for round := 0; ; round++ {
		rs, es := b.round(rules, v, roots, def, truth, seed, round*o.Trees, total, perTree, obs, contract)
		results, errs = append(results, rs...), append(errs, es...)
		if round >= o.CloseRounds || o.MaxTime > 0 || !undecided(roots, def, k, results, errs) {
			break
		}
	}
	return merge(roots, def, k, results, errs)
}

// round searches o.Trees trees, numbered from first (each tree's random
// numbers come from the seed and its number), sharing total iterations.
//
// With contract (Options.Contracts) the trees share out whole worlds, each
// of which counts once for every candidate, and the prior finishes their
// hands.
func (b *Bot) round(rules game.Rules, v game.View, roots []game.Action, def int, truth game.State, seed uint64,
	first, total int, perTree time.Duration, obs func(tree int) Observer, contract bool) ([]treeResult, []error) {
	o := b.opts
	results := make([]treeResult, o.Trees)
	errs := make([]error, o.Trees)
	observers := make([]Observer, o.Trees)
	if obs != nil && (o.Flat || o.PairedRoot) && truth == nil {
		// Made here, in tree order, so that they need not be safe for
		// concurrent creation.
		for i := range observers {
			observers[i] = obs(first + i)
		}
	} else {
		obs = nil
	}
	var next int
	var mu sync.Mutex
	take := func() int {
		mu.Lock()
		defer mu.Unlock()
		if next >= o.Trees {
			return -1
		}
		next++
		return next - 1
	}
	work := func() {
		for i := take(); i >= 0; i = take() {
			iters := total / o.Trees
			if i < total%o.Trees {
				iters++
			}
			if contract {
				worlds := total / len(roots)
				iters = (worlds / o.Trees) * len(roots)
				if i < worlds%o.Trees {
					iters += len(roots)
				}
			}
			var deadline time.Time
			if perTree > 0 {
				deadline = time.Now().Add(perTree)
			}
			t := newTree(rules, v, roots, o.Exploration, seed, uint64(first+i))
			t.flat, t.truth, t.def, t.policyOthers = o.Flat || o.PairedRoot, truth, -1, o.PolicyOthers
			switch w := t.w.(type) {
			case *trogguWorld:
				w.read = o.ReadPlay
			case *droggnWorld:
				w.equiv = o.Equivalent
			}
			t.deep = o.PairedRoot && !o.Flat && !o.Shallow
			if contract {
				t.player = o.Prior
			}
			if es, ok := t.w.(endgameSolver); ok && t.flat && truth == nil && !o.NoSolver {
				t.exact = roots[0].Kind == game.KindPlay && es.solvable(v, o.SolveTricks)
			}
			if t.flat {
				t.def = def
				if obs != nil {
					t.obs = observers[i]
				}
			}
			results[i], errs[i] = t.run(max(iters, 1), deadline)
		}
	}
	var wg sync.WaitGroup
	for range o.Workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	return results, errs
}

// contractPlay reports whether a decision with these root candidates is
// valued by the prior's play of the whole hand (Options.Contracts): a
// contract decision (game.Kind.Contract) in a flat search with a prior and
// no tree below the root.
func (b *Bot) contractPlay(roots []game.Action) bool {
	o := b.opts
	deep := o.PairedRoot && !o.Flat && !o.Shallow
	return o.Contracts > 0 && o.Prior != nil && (o.Flat || o.PairedRoot) && !deep && roots[0].Kind.Contract()
}

// merge adds up the root statistics of the trees (in tree order) and sorts
// the candidates best first: by visits, then by value. When the root has a
// heuristic default (def ≥ 0: the default policy's bid, discard, call, …)
// it comes first unless the most visited candidate's value exceeds the
// default's by more than overrule standard errors of their difference:
// with a modest budget the values of close options are noisy, so the
// search must show a clear improvement to overrule the heuristic.
func merge(roots []game.Action, def int, overrule float64, results []treeResult, errs []error) ([]Candidate, error) {
	t, err := tallyRoots(roots, results, errs)
	if err != nil {
		return nil, err
	}
	order := t.order
	if def >= 0 && order[0] != def {
		if diff, se := t.contest(results, errs, def); t.cands[def].Visits == 0 || diff <= overrule*se {
			k := slices.Index(order, def)
			copy(order[1:k+1], order[:k])
			order[0] = def
		}
	}
	out := make([]Candidate, len(roots))
	for i, j := range order {
		out[i] = t.cands[j]
	}
	return out, nil
}

// undecided reports whether the search's best candidate beats the default
// def, but by no more than overrule standard errors: a close decision,
// which more worlds could settle.
func undecided(roots []game.Action, def int, overrule float64, results []treeResult, errs []error) bool {
	if def < 0 {
		return false
	}
	t, err := tallyRoots(roots, results, errs)
	if err != nil || t.order[0] == def || t.cands[def].Visits == 0 {
		return false
	}
	diff, se := t.contest(results, errs, def)
	return diff > 0 && diff <= overrule*se
}

// rootTally is the root statistics of the trees added up: the candidates
// with their visits, values and shares, the sums of their rewards and of
// their squares, and their order, best first (by visits, then by value).
type rootTally struct {
	cands     []Candidate
	sums, sqs []float64
	order     []int
}

// tallyRoots adds up the root statistics of the trees (in tree order);
// it fails only when every tree failed.
func tallyRoots(roots []game.Action, results []treeResult, errs []error) (rootTally, error) {
	t := rootTally{cands: make([]Candidate, len(roots)), sums: make([]float64, len(roots)), sqs: make([]float64, len(roots))}
	total, ok := 0, 0
	var firstErr error
	for i, r := range results {
		if errs[i] != nil {
			if firstErr == nil {
				firstErr = errs[i]
			}
			continue
		}
		ok++
		for j := range roots {
			t.cands[j].Visits += r.visits[j]
			t.sums[j] += r.sums[j]
			t.sqs[j] += r.sqs[j]
			total += r.visits[j]
		}
	}
	if ok == 0 {
		return t, firstErr
	}
	for j, a := range roots {
		t.cands[j].Action = a
		if t.cands[j].Visits > 0 {
			t.cands[j].Value = t.sums[j] / float64(t.cands[j].Visits)
		}
		if total > 0 {
			t.cands[j].Share = float64(t.cands[j].Visits) / float64(total)
		}
	}
	t.order = make([]int, len(roots))
	for j := range t.order {
		t.order[j] = j
	}
	slices.SortStableFunc(t.order, func(x, y int) int {
		cx, cy := &t.cands[x], &t.cands[y]
		switch {
		case cx.Visits != cy.Visits:
			return cy.Visits - cx.Visits
		case cx.Value > cy.Value:
			return -1
		case cx.Value < cy.Value:
			return 1
		}
		return 0
	})
	return t, nil
}

// contest returns by how much the best candidate's value exceeds the
// default def's, and the standard error of that difference (a paired
// one when a flat search scored both in the same worlds).
func (t rootTally) contest(results []treeResult, errs []error, def int) (diff, se float64) {
	b, c := t.order[0], t.cands
	se = math.Sqrt(variance(t.sums[b], t.sqs[b], c[b].Visits)/float64(c[b].Visits) +
		variance(t.sums[def], t.sqs[def], c[def].Visits)/float64(max(c[def].Visits, 1)))
	diff = c[b].Value - c[def].Value
	if dn, dsum, dsq := pairedStats(results, errs, b); dn > 0 {
		diff = dsum / float64(dn)
		se = math.Sqrt(variance(dsum, dsq, dn) / float64(dn))
	}
	return diff, se
}

// pairedStats returns the number of worlds and the sums of candidate b's
// reward differences to the default, and of their squares, over the trees
// of a flat search (0 when the search kept none).
func pairedStats(results []treeResult, errs []error, b int) (n int, sum, sq float64) {
	for i, r := range results {
		if errs[i] != nil || r.dsums == nil {
			continue
		}
		n += r.visits[b]
		sum += r.dsums[b]
		sq += r.dsqs[b]
	}
	return n, sum, sq
}

// policyDefault returns the index among roots of the default policy's
// action for the view's seat (-1 if it is not a candidate). It is used for
// the decisions before the card play, where the policy reads only the
// seat's own hand and public facts, so one determinization serves.
func policyDefault(r game.Rules, v game.View, roots []game.Action, seed uint64) int {
	w := newWorld(r, v)
	if w.resample(v, rand.New(rand.NewPCG(seed, 1<<32))) != nil {
		return -1
	}
	rnd := game.FastSourceSeeded(seed ^ 0x5851f42d4c957f2d)
	return slices.Index(roots, w.policy(&rnd))
}

// variance returns the sample variance of n values from their sum and sum
// of squares (0 for fewer than two).
func variance(sum, sq float64, n int) float64 {
	if n < 2 {
		return 0
	}
	m := sum / float64(n)
	return max(0, (sq-float64(n)*m*m)/float64(n-1))
}

// rulesOf returns the rules of a view, an error when it names none.
func rulesOf(v game.View) (game.Rules, error) {
	if r := v.Rules(); r != nil {
		return r, nil
	}
	return nil, errors.New("ismcts: cannot find the rules of a " + v.Game() + " view")
}

// DefaultOverrule is the number of standard errors by which the search
// must prefer another candidate to the root's heuristic default.
const DefaultOverrule = 2.0

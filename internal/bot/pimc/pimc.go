// Package pimc is a Perfect-Information Monte Carlo player for Droggn.
//
// For the seat to act it samples worlds (complete deals consistent with
// everything the seat has seen, droggn.View.Sample, redrawn while the
// declarer's holding is too weak for his bid: know.SampleDroggn), scores every
// candidate action in every world as if all cards were open, and takes the
// action with the best mean score for the seat:
//
//   - card play: the exact solver (package solver) when few tricks remain,
//     otherwise playouts of the solver's heuristic policy after each card;
//   - bidding, discards, buying, lay-outs and doubling: each candidate is
//     applied in each world and the hand is finished with simple choices
//     (later speakers pass, heuristic discards and buy, no lay-outs, no
//     doubling) and heuristic playouts; discards and buys are first cut to
//     a few candidates by a heuristic, and doubling needs a margin and
//     stops at two doublings. Options.Others can take these decisions
//     instead (e.g. the rules bot).
//
// World i of a decision draws its randomness from the seed (one value
// taken from the generator passed to Act) and i alone, and every world
// starts from a reset solver, so the decision does not depend on the
// number of workers.
package pimc

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"trull/internal/bot/know"
	"trull/internal/bot/solver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// Options configure a Bot. The zero value gives the defaults.
type Options struct {
	// Worlds is the number of sampled worlds per decision (default 40).
	Worlds int
	// SolveTricks: card play is solved exactly when at most this many
	// tricks remain, the current one included (default 7).
	SolveTricks int
	// Budget is the solver's node budget per world, shared by the cards
	// (default 30000); beyond it the solver falls back to greedy playouts.
	Budget int
	// Playouts is the number of heuristic playouts per world and candidate
	// where no exact solve is done (default 12).
	Playouts int
	// Workers is the number of goroutines that evaluate worlds: 0 or 1 for
	// one, a negative number for every core (GOMAXPROCS).
	Workers int
	// MaxTime, when positive, stops sampling further worlds once it has
	// passed (at least one world is always done). With it the decision
	// depends on the machine's speed; leave it zero for reproducibility.
	MaxTime time.Duration
	// TTBits is the log2 size of each worker's solver table (default 19).
	TTBits int
	// Others, when set, makes the decisions other than card play (bids,
	// discards, buying, lay-outs, doubling) instead of the simulations,
	// e.g. the "rules" bot of package rules.
	Others Player
	// Finisher, when set, values the contract decisions (bids, lay-outs,
	// doubling: game.Kind.Contract; not the discards and the buys) in
	// FinishWorlds worlds, each
	// candidate's hand finished once by Finisher deciding for every seat
	// from that seat's own view of the world, instead of Playouts
	// heuristic playouts with simple choices: the candidates are compared
	// on the play of a player that sees only its own cards.
	Finisher Player
	// FinishWorlds is the number of worlds of the decisions Finisher
	// values (default Worlds).
	FinishWorlds int
	// Name is the name the bot reports (default "pimc").
	Name string
}

// Player is the method of bot.Bot that pimc needs from another player.
type Player interface {
	Act(v game.View, rng *rand.Rand) (game.Action, error)
}

func (o Options) withDefaults() Options {
	if o.Worlds <= 0 {
		o.Worlds = 40
	}
	if o.SolveTricks <= 0 {
		o.SolveTricks = 7
	}
	if o.Budget <= 0 {
		o.Budget = 30000
	}
	if o.Playouts <= 0 {
		o.Playouts = 12
	}
	if o.FinishWorlds <= 0 {
		o.FinishWorlds = o.Worlds
	}
	if o.Workers < 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Workers == 0 {
		o.Workers = 1
	}
	if o.Name == "" {
		o.Name = "pimc"
	}
	return o
}

// Bot is the PIMC player. It satisfies the bot.Bot interface (Name and
// Act). A Bot is safe for concurrent use.
type Bot struct {
	opts Options

	mu      sync.Mutex
	solvers []*solver.Solver // idle solvers, reused between decisions
}

// New returns a PIMC bot with the given options.
func New(opts Options) *Bot { return &Bot{opts: opts.withDefaults()} }

// Options returns the bot's options with the defaults filled in.
func (b *Bot) Options() Options { return b.opts }

// Name returns the bot's name (Options.Name).
func (b *Bot) Name() string { return b.opts.Name }

// Candidate is an action with its estimated value.
type Candidate struct {
	Action game.Action
	// Value is the seat's expected zero-sum score for the hand after this
	// action: (seats−1)·X for the declarer, −X for the others, X being
	// the declarer's hand result (docs/RULES.md §1.5).
	Value float64
	// Worlds is the number of worlds the estimate is the mean of.
	Worlds int
}

// Errors of Act and Hint.
var (
	// ErrGame is returned for a view of a game other than Droggn.
	ErrGame = errors.New("pimc: only Droggn is supported")
	// ErrNotToAct is returned when the view's seat has no decision.
	ErrNotToAct = errors.New("pimc: the seat of the view is not to act")
)

// Act returns the candidate with the best estimated value (the first of
// equals, in the order of the view's legal actions).
func (b *Bot) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	cands, err := b.evaluate(v, rng)
	if err != nil {
		return game.Action{}, err
	}
	best := 0
	for i, c := range cands {
		if c.Value > cands[best].Value {
			best = i
		}
	}
	return cands[best].Action, nil
}

// An Observer is shown the hands behind a decision's values: for each
// world and candidate (each of its playouts, where a world's value is the
// mean of several), the world right after the candidate was played
// (Played) and the hand finished as the value was found (Finished): along
// the solver's line where the world is solved exactly, or by the playout.
// The states are valid during the call only.
type Observer interface {
	Played(a game.Action, st game.State)
	Finished(a game.Action, st game.State)
}

// RankObserved returns every candidate with its value, in the order of the
// view's candidates, with obs(w) shown the hands of world number w (worlds
// may be scored at once, each with its own observer). A candidate's value
// is the mean of its shown hands' scores: a doubling is not reduced by the
// margin Act asks of it. The legal actions of include are valued too where
// pimc would leave them out (a discard, buy or doubling beside its few
// candidates). It reports whether the values come from observed worlds
// (false for a forced decision or one left to Options.Others).
func (b *Bot) RankObserved(v game.View, rng *rand.Rand, obs func(world int) Observer, include ...game.Action) ([]Candidate, bool, error) {
	observed := false
	cands, err := b.evaluateSeen(v, rng, func(w int) Observer {
		observed = true
		return obs(w)
	}, include)
	return cands, observed, err
}

// Hint returns up to n candidate actions with their estimated values, best
// first (all of them when n ≤ 0). A forced action comes back alone, not
// evaluated (Worlds 0). For decisions with many legal actions (discards,
// buying) the candidates are the few that pimc considers at all.
func (b *Bot) Hint(v game.View, rng *rand.Rand, n int) ([]Candidate, error) {
	cands, err := b.evaluate(v, rng)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		switch {
		case x.Value > y.Value:
			return -1
		case x.Value < y.Value:
			return 1
		}
		return 0
	})
	if n > 0 && len(cands) > n {
		cands = cands[:n]
	}
	return cands, nil
}

// decision is one evaluation: the view, its candidates and how one world
// scores them.
type decision struct {
	v      *droggn.View
	seat   int
	seats  int
	worlds int // sampled for the decision
	cands  []game.Action
	// score fills out[i] with the seat's score for cands[i] in world w;
	// sv returns the worker's solver; see, when set, is shown the hands.
	score func(w *droggn.State, rng *rand.Rand, sv func() *solver.Solver, out []float64, see Observer)
}

// evaluate returns the candidates of the view's decision with their values.
func (b *Bot) evaluate(gv game.View, rng *rand.Rand) ([]Candidate, error) {
	return b.evaluateSeen(gv, rng, nil, nil)
}

// evaluateSeen is evaluate with obs(w), when set, shown world w's hands
// (the values are then the plain means of these hands), and the legal
// actions of include among the candidates.
func (b *Bot) evaluateSeen(gv game.View, rng *rand.Rand, obs func(world int) Observer, include []game.Action) ([]Candidate, error) {
	v, ok := gv.(*droggn.View)
	if !ok || v == nil || v.State() == nil {
		return nil, ErrGame
	}
	legal := v.LegalActions()
	if len(legal) == 0 || v.Turn() != v.ViewSeat() {
		return nil, ErrNotToAct
	}
	phase := v.State().CurrentPhase()
	if phase != droggn.PhPlay && b.opts.Others != nil {
		a, err := b.opts.Others.Act(v, rng)
		if err != nil {
			return nil, err
		}
		return []Candidate{{Action: a}}, nil
	}
	seed := rng.Uint64()
	d := &decision{v: v, seat: v.Seat, seats: v.Seats, worlds: b.opts.Worlds}
	switch phase {
	case droggn.PhPlay:
		b.playDecision(d, legal)
	case droggn.PhBid:
		b.simDecision(d, legal)
	case droggn.PhDiscard:
		b.simDecision(d, discardCandidates(v.State(), legal))
	case droggn.PhBuy:
		b.simDecision(d, buyCandidates(v.State(), legal))
	case droggn.PhDouble:
		b.simDecision(d, know.DoubleCandidates(v.State(), legal))
	default: // lay-outs: every legal action
		b.simDecision(d, legal)
	}
	for _, a := range include {
		if slices.Contains(legal, a) && !slices.Contains(d.cands, a) {
			d.cands = append(slices.Clip(d.cands), a)
		}
	}
	if b.opts.Finisher != nil && len(d.cands) > 0 && d.cands[0].Kind.Contract() {
		b.finishDecision(d)
	}
	if len(d.cands) == 1 {
		return []Candidate{{Action: d.cands[0]}}, nil
	}
	sums, worlds := b.run(d, seed, obs)
	out := make([]Candidate, len(d.cands))
	for i, a := range d.cands {
		out[i] = Candidate{Action: a, Worlds: worlds}
		if worlds > 0 {
			out[i].Value = sums[i] / float64(worlds)
		}
		if a.Kind == game.KindDouble && a.Call != droggn.CallGut && obs == nil {
			out[i].Value -= doublingMargin(v.State())
		}
	}
	return out, nil
}

// payoff converts the declarer's result X into the zero-sum score of seat.
func (d *decision) payoff(declarer, x int) float64 {
	if declarer < 0 {
		return 0
	}
	if d.seat == declarer {
		return float64((d.seats - 1) * x)
	}
	return float64(-x)
}

// payoffMean is payoff for a mean result.
func (d *decision) payoffMean(declarer int, x float64) float64 {
	if d.seat == declarer {
		return float64(d.seats-1) * x
	}
	return -x
}

// run scores every world on the workers and returns the sums per candidate
// (added in world order) and the number of worlds that could be sampled.
func (b *Bot) run(d *decision, seed uint64, obs func(world int) Observer) ([]float64, int) {
	n := d.worlds
	res := make([][]float64, n)
	observers := make([]Observer, n)
	if obs != nil {
		// Made here, in world order, so that they need not be safe for
		// concurrent creation.
		for i := range observers {
			observers[i] = obs(i)
		}
	}
	var deadline time.Time
	if b.opts.MaxTime > 0 {
		deadline = time.Now().Add(b.opts.MaxTime)
	}
	var next int
	var mu sync.Mutex
	take := func() int {
		mu.Lock()
		defer mu.Unlock()
		if next >= n || (next > 0 && !deadline.IsZero() && time.Now().After(deadline)) {
			return -1
		}
		next++
		return next - 1
	}
	worker := func() {
		var sv *solver.Solver
		get := func() *solver.Solver {
			if sv == nil {
				sv = b.solver()
			}
			return sv
		}
		defer func() {
			if sv != nil {
				b.release(sv)
			}
		}()
		for i := take(); i >= 0; i = take() {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			w, err := know.SampleDroggn(d.v, rng)
			if err != nil {
				continue
			}
			out := make([]float64, len(d.cands))
			d.score(w, rng, get, out, observers[i])
			res[i] = out
		}
	}
	workers := min(b.opts.Workers, n)
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(worker)
	}
	worker()
	wg.Wait()
	sums := make([]float64, len(d.cands))
	worlds := 0
	for _, out := range res {
		if out == nil {
			continue
		}
		worlds++
		for i, x := range out {
			sums[i] += x
		}
	}
	return sums, worlds
}

// solver returns an idle solver (creating one if needed).
func (b *Bot) solver() *solver.Solver {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n := len(b.solvers); n > 0 {
		sv := b.solvers[n-1]
		b.solvers = b.solvers[:n-1]
		return sv
	}
	return solver.New(solver.Options{TTBits: b.opts.TTBits})
}

func (b *Bot) release(sv *solver.Solver) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.solvers = append(b.solvers, sv)
}

// playDecision scores card plays: exactly when few tricks remain, else by
// heuristic playouts after each card.
func (b *Bot) playDecision(d *decision, legal []game.Action) {
	d.cands = legal
	s := d.v.State()
	left := s.Variant().Tricks() - s.TrickNo()
	index := map[card.Card]int{}
	for i, a := range legal {
		index[a.Card] = i
	}
	decl := s.Declarer()
	d.score = func(w *droggn.State, rng *rand.Rand, get func() *solver.Solver, out []float64, see Observer) {
		if left <= b.opts.SolveTricks {
			sv := get()
			sv.Reset()
			for _, cv := range sv.Evaluate(w, b.opts.Budget) {
				if i, ok := index[cv.Card]; ok {
					out[i] = d.payoff(decl, cv.Value)
				}
			}
			if see != nil {
				// Where a solve gave up, the value is the line's, so
				// that the values are the shown hands' scores.
				seeLines(w, legal, sv, b.opts.Budget, see, func(i int, x int) { out[i] = d.payoff(decl, x) })
			}
			return
		}
		var seen func(c card.Card, i int, line []card.Card)
		if see != nil {
			st := w.Copy()
			seen = func(c card.Card, _ int, line []card.Card) {
				w.CopyInto(st)
				a := legal[index[c]]
				st.PlayCard(c)
				see.Played(a, st)
				for _, x := range line {
					st.PlayCard(x)
				}
				see.Finished(a, st)
			}
		}
		for _, e := range solver.RolloutLines(w, b.opts.Playouts, rng.Uint64(), seen) {
			if i, ok := index[e.Card]; ok {
				out[i] = d.payoffMean(decl, e.Mean)
			}
		}
	}
}

// seeLines shows see every card of legal in world w played out along the
// solver's line: at each turn the card sv finds best for the seat to play,
// with the table Evaluate filled for w; where a solve gives up (the
// budget), the heuristic policy finishes the hand. result gets each card's
// index in legal and the declarer's result X of its finished hand.
func seeLines(w *droggn.State, legal []game.Action, sv *solver.Solver, budget int, see Observer, result func(i, x int)) {
	st := w.Copy()
	for i, a := range legal {
		w.CopyInto(st)
		st.PlayCard(a.Card)
		see.Played(a, st)
		for !st.Done() {
			_, best, _, exact := sv.Solve(st, budget)
			if !exact || best == card.None {
				_, line, _ := solver.PlayoutLine(st, nil, nil)
				for _, x := range line {
					st.PlayCard(x)
				}
				break
			}
			st.PlayCard(best)
		}
		see.Finished(a, st)
		result(i, st.FastScore())
	}
}

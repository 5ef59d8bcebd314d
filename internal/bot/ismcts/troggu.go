package ismcts

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"trull/internal/bot/know"
	"trull/internal/bot/tsolver"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// trogguWorld is the Troggu adapter: determinizations from Rules.ResampleInto,
// the fast bidding, calling, exchange and card-play steps and the fast
// Score.
type trogguWorld struct {
	r    *troggu.Rules
	s    *troggu.State // the determinization, never shared with another world
	kept troggu.State  // the copy save keeps
	n    int
	tr   trickRules

	// team is each seat's side for card play, found once per
	// determinization when the play starts (the partner is the holder of
	// the called trump in that determinization).
	team     [8]int8
	misere   bool
	teamDone bool
	sv       *tsolver.Solver // the world's solver (solver)
	ctx      playCtx
	buf      []game.Action

	// read makes resample read the card play (resampleRead); start is
	// the scratch state it replays the play on.
	read  bool
	start troggu.State
}

func newTrogguWorld(r *troggu.Rules) *trogguWorld {
	w := &trogguWorld{r: r, s: troggu.NewState(r), n: r.Seats(), tr: newTrickRules(true, troggu.Beats, r.Seats(), r.Pack()),
		buf: make([]game.Action, 0, 32)}
	w.ctx.seats, w.ctx.team = w.n, &w.team
	return w
}

// resample draws a determinization of v in which the other seats' bids
// are plausible: a world where the bid estimate (bid) would have made
// another seat bid otherwise is drawn again, up to passTries times; the
// bids are evidence the view's constraints alone ignore.
func (w *trogguWorld) resample(v game.View, rng *rand.Rand) error {
	if w.read {
		return w.resampleRead(v, rng)
	}
	for try := 0; ; try++ {
		w.teamDone = false
		if err := w.r.ResampleInto(w.s, v, rng); err != nil {
			return err
		}
		if try == passTries-1 || w.bidsPlausible(v.ViewSeat()) {
			return nil
		}
	}
}

// passTries is the number of draws resample makes to find plausible
// bids.
const passTries = 12

// Reading the play (trogguWorld.read): a world is kept with probability
// readKeep to the power of its misfits, an implausible bidding counting
// bidMisfits; after readTries draws the one with the fewest misfits is
// taken.
const (
	readKeep   = 0.3
	bidMisfits = 4
	readTries  = 32
)

// resampleRead draws a determinization of v that explains the bids and
// the cards the other seats played: each play the default policy, seeing
// the world, would not have made in their place is a misfit (playMisfits)
// that makes the world less likely to be kept. A player who gives a trick
// a rich card shows a partner winning it; one who does not overtrump
// shows no higher trump, and so on.
func (w *trogguWorld) resampleRead(v game.View, rng *rand.Rand) error {
	var best *troggu.State
	bestM := 0
	seat := v.ViewSeat()
	for try := 0; try < readTries; try++ {
		s, err := w.r.Resample(v, rng)
		if err != nil {
			return err
		}
		w.s = s.(*troggu.State)
		w.teamDone = false
		m := w.playMisfits(seat)
		if !w.bidsPlausible(seat) {
			m += bidMisfits
		}
		if m == 0 || rng.Float64() < math.Pow(readKeep, float64(m)) {
			return nil
		}
		if best == nil || m < bestM {
			best, bestM = w.s, m
		}
	}
	w.s = best
	w.teamDone = false
	return nil
}

// playMisfits replays the card play of the world from its start and
// counts the cards of the seats other than seat that differ from the
// default policy's choice in the same place by what they mean (alike).
func (w *trogguWorld) playMisfits(seat int) int {
	now := w.s
	if !now.PlayStart(&w.start) {
		return 0
	}
	hist := now.History()
	w.s = &w.start
	w.teamDone = false
	w.ctx.steady = true
	m := 0
	rnd := game.FastSourceSeeded(1) // unused: the policy is steady
	for _, a := range hist[len(w.start.History()):] {
		if int(a.Seat) != seat && w.start.LegalCards().Len() > 1 {
			if c := w.card(&rnd); !w.alike(c, a.Card) {
				m++
			}
		}
		w.start.PlayCard(a.Card)
	}
	w.ctx.steady = false
	w.s = now
	w.teamDone = false
	return m
}

// alike reports whether cards x and y mean the same in the trick being
// played (w.ctx.t, as card left it): both take it so far or neither, both
// trumps or neither, and the same points.
func (w *trogguWorld) alike(x, y card.Card) bool {
	if x == y {
		return true
	}
	tr, t := &w.tr, &w.ctx.t
	if tr.trumpish(x) != tr.trumpish(y) || tr.pack.Points(x) != tr.pack.Points(y) {
		return false
	}
	if t.n == 0 {
		return true
	}
	best, _ := tr.winning(t)
	return tr.beats(x, best) == tr.beats(y, best)
}

// bidsPlausible reports whether every seat but seat would have bid as it
// did by the bid estimate with its hand at the bidding: its hand now and
// the cards it played, for the Tappist also his discards less the Tapp.
func (w *trogguWorld) bidsPlausible(seat int) bool {
	s := w.s
	var dealt [8]card.Set
	for p := 0; p < w.n; p++ {
		dealt[p] = s.Hand(p)
	}
	hist := s.History()
	for _, a := range hist {
		if a.Kind == game.KindPlay {
			dealt[a.Seat].Add(a.Card)
		}
	}
	if d := s.Declarer(); d >= 0 && s.Contract() == troggu.ContractNormal {
		dealt[d] = dealt[d].Union(s.Discards()).Minus(s.TappTaken())
	}
	normal := false
	for _, a := range hist {
		if a.Kind != game.KindBid {
			continue
		}
		open := !normal
		normal = normal || a.Call == troggu.BidNormal
		if int(a.Seat) == seat {
			continue
		}
		if w.estimateBid(dealt[a.Seat], open) != a.Call {
			return false
		}
	}
	return true
}

func (w *trogguWorld) set(s game.State) {
	w.s.CopyFrom(s.(*troggu.State))
	w.teamDone = false
}

func (w *trogguWorld) save() { w.kept.CopyFrom(w.s) }

func (w *trogguWorld) restore() {
	w.s.CopyFrom(&w.kept)
	w.teamDone = false
}

func (w *trogguWorld) state() game.State { return w.s }

func (w *trogguWorld) candidates(dst []game.Action) []game.Action { return w.s.Legal(dst) }

// policy bids by strength, calls T20 (or the highest trump below it that
// the Tappist lacks), discards by know.DiscardScore and plays cards by the
// trick-taking rules.
func (w *trogguWorld) policy(rnd *game.FastSource) game.Action {
	s := w.s
	seat := int8(s.ToAct())
	switch s.Phase() {
	case "bidding":
		return game.Action{Seat: seat, Kind: game.KindBid, Call: w.bid()}
	case "call":
		return game.Action{Seat: seat, Kind: game.KindCall, Card: trogguCall(s.Hand(int(seat)))}
	case "exchange":
		return game.Action{Seat: seat, Kind: game.KindDiscard, Card: w.discard()}
	case "play":
		return game.Action{Seat: seat, Kind: game.KindPlay, Card: w.card(rnd)}
	}
	w.buf = s.Legal(w.buf[:0])
	return w.buf[0]
}

// bid is the default bid: the chance of reaching 58 points estimated from
// the hand (know.TrogguNormalPolicy and know.TrogguSolo) decides between
// Solo, Normal and pass (estimateBid).
func (w *trogguWorld) bid() uint8 {
	s := w.s
	return w.estimateBid(s.Hand(s.ToAct()), s.LegalBids()&(1<<troggu.BidNormal) != 0)
}

// estimateBid returns the bid the estimate makes with hand h, open telling
// whether a Normal may still be bid (Solo always may).
func (w *trogguWorld) estimateBid(h card.Set, open bool) uint8 {
	f := know.Features(h)
	ps := know.TrogguSolo[w.n].Chance(f)
	switch {
	case ps >= know.TrogguSoloOverP:
		return troggu.BidSolo
	case open && know.TrogguNormalPolicy[w.n].Chance(f) >= know.TrogguNormalP:
		return troggu.BidNormal
	case !open && ps >= know.TrogguSoloP:
		return troggu.BidSolo
	}
	return troggu.BidPass
}

// trogguCall calls T20, or the highest trump below it that the Tappist
// does not hold (know.TrogguCallCard); T20 when he holds them all.
func trogguCall(h card.Set) card.Card {
	if c, ok := know.TrogguCallCard(h); ok {
		return c
	}
	return card.Trump(20)
}

// discard returns the legal discard with the best know.DiscardScore (the
// discards count for the Tappist).
func (w *trogguWorld) discard() card.Card {
	s := w.s
	h := s.Hand(s.ToAct())
	best, bv := card.None, math.MinInt
	for l := s.LegalDiscards(); !l.Empty(); {
		c := l.Pop()
		if v := know.DiscardScore(h, w.tr.pack, c); v > bv {
			best, bv = c, v
		}
	}
	return best
}

// sides fills team and misere for the contract being played.
func (w *trogguWorld) sides() {
	s := w.s
	w.teamDone = true
	w.misere = s.Contract() == troggu.ContractMisere
	d := s.Declarer()
	for p := range w.team {
		w.team[p] = 1
		if w.misere {
			w.team[p] = int8(p)
		}
	}
	if d < 0 {
		return
	}
	w.team[d] = 0
	if s.Contract() != troggu.ContractNormal {
		return
	}
	called := card.None
	hist := s.History()
	for _, a := range hist {
		if a.Kind == game.KindCall {
			called = a.Card
		}
	}
	if called == card.None {
		return
	}
	for p := 0; p < w.n; p++ {
		if p != d && s.Hand(p).Has(called) {
			w.team[p] = 0
		}
	}
	for _, a := range hist {
		if a.Kind == game.KindPlay && a.Card == called && int(a.Seat) != d {
			w.team[a.Seat] = 0
		}
	}
}

// card is the default card play of the seat to act. The current trick is
// the tail of the history.
func (w *trogguWorld) card(rnd *game.FastSource) card.Card {
	s := w.s
	if !w.teamDone {
		w.sides()
	}
	c := &w.ctx
	c.t.n = 0
	if k := s.TrickLen(); k > 0 {
		hist := s.History()
		for _, a := range hist[len(hist)-k:] {
			c.t.add(a.Card, a.Seat)
		}
	}
	for p := 0; p < w.n; p++ {
		c.hands[p] = s.Hand(p)
	}
	me := s.ToAct()
	c.me, c.misere, c.legal = int8(me), w.misere, s.LegalCards()
	return w.tr.play(c, rnd)
}

func (w *trogguWorld) playout(rnd *game.FastSource) {
	s := w.s
	for !s.Done() {
		if s.Phase() == "play" {
			s.PlayCard(w.card(rnd))
			continue
		}
		s.ApplyUnchecked(w.policy(rnd))
	}
}

func (w *trogguWorld) scores(out []float64) {
	sc := w.s.Score()
	for i := range out {
		out[i] = float64(sc[i])
	}
}

// solveTricks is the number of tricks left (the current one included)
// from which a flat search solves Troggu determinizations exactly, by the
// number of seats: a few hundred microseconds an Evaluate (package tsolver's
// benchmarks).
var solveTricks = [9]int{3: 6, 4: 5, 5: 4, 6: 4, 7: 3, 8: 3}

// solveBudget is the node budget of one exact solve; a world whose solve
// runs out of it is played out by the policy instead.
const solveBudget = 200000

// solvable reports whether the Troggu card play of v is a Normal game or a
// Solo with at most tricks tricks left (solveTricks by the number of seats
// when tricks is 0).
func (w *trogguWorld) solvable(v game.View, tricks int) bool {
	tv, ok := v.(*troggu.View)
	if !ok || tv.Phase != "play" || (tv.Contract != "normal" && tv.Contract != "solo") ||
		tv.Seat < 0 || tv.Seat >= len(tv.HandSizes) {
		return false
	}
	if tricks <= 0 {
		if w.n >= len(solveTricks) {
			return false
		}
		tricks = solveTricks[w.n]
	}
	return tv.HandSizes[tv.Seat] <= tricks
}

// tsolvers holds idle endgame solvers: a solver's table is emptied at every
// call, so any solver serves any world.
var tsolvers = sync.Pool{New: func() any { return tsolver.New() }}

// solveRoot scores each candidate card by the exact solver.
func (w *trogguWorld) solveRoot(roots []game.Action, out []float64) bool {
	vals, ok := w.solver().Evaluate(w.s, solveBudget)
	if !ok {
		return false
	}
	for i, a := range roots {
		j := slices.IndexFunc(vals, func(cv tsolver.CardValue) bool { return cv.Card == a.Card })
		if a.Kind != game.KindPlay || j < 0 {
			return false
		}
		out[i] = float64(vals[j].Score)
	}
	return true
}

// solver returns the world's solver, taken from the pool on first use
// and kept until release: the lines of a world go on with the table its
// solveRoot filled. Each solveRoot starts a fresh table, so the solver it
// comes from does not matter.
func (w *trogguWorld) solver() *tsolver.Solver {
	if w.sv == nil {
		w.sv = tsolvers.Get().(*tsolver.Solver)
	}
	return w.sv
}

// release gives the world's solver back to the pool.
func (w *trogguWorld) release() {
	if w.sv != nil {
		tsolvers.Put(w.sv)
		w.sv = nil
	}
}

// line plays the hand out by the solver's best card for the seat to play
// at each turn, the lowest of equal ones, with the table the world's
// solveRoot filled.
func (w *trogguWorld) line(rnd *game.FastSource) {
	sv := w.solver()
	playLine(w, rnd, func() bool {
		if w.s.Phase() != "play" {
			return false
		}
		vals, ok := sv.Continue(w.s, solveBudget)
		if !ok || len(vals) == 0 {
			return false
		}
		best := vals[0]
		for _, cv := range vals[1:] {
			if cv.Score > best.Score {
				best = cv
			}
		}
		w.s.PlayCard(best.Card)
		return true
	})
}

var _ endgameSolver = (*trogguWorld)(nil)

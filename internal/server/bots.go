package server

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"trull/internal/bot"
	"trull/internal/game"
)

// botFor returns the bot that acts for seat, or nil for a person.
func (t *table) botFor(seat int) bot.Bot {
	if seat < 0 || seat >= len(t.seats) {
		return nil
	}
	name := t.seats[seat].bot
	if name == "" {
		name = t.seats[seat].takeover
	}
	if name == "" {
		return nil
	}
	b := t.bots[name]
	if b == nil {
		var err error
		if b, err = bot.New(name); err != nil {
			return nil
		}
		t.bots[name] = b
	}
	return b
}

// botTurn returns the seat to act when a bot plays it, else -1.
func (t *table) botTurn() int {
	if t.st == nil || t.st.Done() || t.abandoned || !t.started || t.untouched() {
		return -1
	}
	if s := t.st.ToAct(); t.botFor(s) != nil {
		return s
	}
	return -1
}

// decide asks b for one whole decision of seat on st (a discard of k cards
// is k engine actions) and applies it to st. A bot error or an illegal
// answer falls back to a random legal action, so the table never stalls.
func (t *table) decide(st game.State, seat int, b bot.Bot) []game.Action {
	return decide(st, seat, b, t.botRand(st, seat), t.srv.metrics.botTime.Observe, t.log)
}

// decide is table.decide with its own random source, log and observer of
// each bot call's seconds, so that a hint worker can run it off the
// table's goroutine.
func decide(st game.State, seat int, b bot.Bot, rng *rand.Rand, observe func(seconds float64), log *slog.Logger) []game.Action {
	return bot.Decide(st, seat, b, rng, observe, func(reason string) {
		log.Warn("bot answer refused; playing a random legal action", "bot", b.Name(), "seat", seat, "reason", reason)
	})
}

// botActs plays bot decisions on trial (a clone) and returns their events:
// at most limit decisions (limit < 0: until a person is to act or the hand
// ends).
func (t *table) botActs(trial game.State, step int, limit int) []event {
	var evs []event
	for n := 0; limit < 0 || n < limit; n++ {
		if trial.Done() {
			break
		}
		seat := trial.ToAct()
		b := t.botFor(seat)
		if b == nil {
			break
		}
		acts := t.decide(trial, seat, b)
		n := len(evs)
		evs = t.botEvents(evs, step, b, acts)
		step += len(evs) - n // a record's action may hold several engine actions
	}
	return evs
}

// botEvents appends to evs the events of one bot decision (acts, the
// engine actions of one whole decision) made at step.
func (t *table) botEvents(evs []event, step int, b bot.Bot, acts []game.Action) []event {
	for _, ra := range game.EncodeHistory(t.rules, acts) {
		evs = append(evs, event{evAct, actData{Hand: t.hand, Step: step, Action: ra, Bot: b.Name()}})
		step++
	}
	return evs
}

// runBots lets bots act: all of them in a row without a bot delay, else
// one decision and a timer for the next.
func (t *table) runBots(limit int) {
	if t.botTurn() < 0 {
		return
	}
	if t.srv.cfg.BotDelay > 0 && limit < 0 {
		t.scheduleBot()
		return
	}
	evs := t.botActs(t.st.Clone(), t.step, limit)
	if err := t.commit(evs...); err != nil {
		// Try again later; a store outage must not stop the table for good.
		t.botTimer = time.NewTimer(time.Second)
		return
	}
	t.count(evs)
	t.afterChange(nil, nil)
}

func (t *table) scheduleBot() {
	if t.botTimer == nil && t.botJob == nil && t.botTurn() >= 0 {
		t.botTimer = time.NewTimer(t.srv.cfg.BotDelay)
	}
}

// botJob is a bot decision searched off the table's goroutine (startBot):
// the position it was asked in, and the bot.
type botJob struct {
	hand, step, takebacks, seat int
	b                           bot.Bot
}

// startBot has the bot to act search its decision in the server's bot
// pool (Config.BotWorkers): the table goes on serving its people
// meanwhile, and botDone applies the decision if the position is still the
// one it was searched in. The table asks for one decision at a time.
func (t *table) startBot() {
	seat := t.botTurn()
	if seat < 0 || t.botJob != nil {
		return
	}
	b := t.botFor(seat)
	st := game.CloneInto(t.st, t.botState)
	t.botState = nil
	rng := t.botRand(st, seat)
	if t.cfg.Daily == nil {
		// The table's own source is the table goroutine's alone: the
		// worker gets one drawn from it.
		rng = rand.New(rand.NewPCG(t.rng.Uint64(), uint64(t.step)))
	}
	j := &botJob{hand: t.hand, step: t.step, takebacks: t.takebacks, seat: seat, b: b}
	t.botJob = j
	srv, log := t.srv, t.log
	go func() {
		acts := func() (acts []game.Action) {
			defer func() {
				if r := recover(); r != nil {
					log.Error("the bot panicked; the table plays its decision itself", "bot", b.Name(), "seat", seat, "panic", r)
					acts = nil
				}
			}()
			select {
			case srv.botSlots <- struct{}{}:
			case <-srv.quit:
				return nil
			}
			defer func() { <-srv.botSlots }()
			return decide(st, seat, b, rng, srv.metrics.botTime.Observe, log)
		}()
		// Hand the decision back; a table that stopped meanwhile has no
		// one to give it to.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		t.send(ctx, botDoneReq{j, acts, st})
	}()
}

// botDoneReq hands a bot job's decision back to its table.
type botDoneReq struct {
	job  *botJob
	acts []game.Action
	// st is the job's copy of the state, nobody's any more: the next
	// job's copy is made in its memory.
	st game.State
}

func (r botDoneReq) serve(t *table) {
	t.botState = r.st
	t.botDone(r.job, r.acts)
}

// botDone applies the decision of a bot job, unless the position moved on
// meanwhile (a takeback, another hand, the seat given to somebody else):
// then the bot is asked again. A job whose bot failed is played on the
// table's goroutine, which falls back to a random legal action.
func (t *table) botDone(j *botJob, acts []game.Action) {
	if t.botJob != j {
		return
	}
	t.botJob = nil
	if j.hand != t.hand || j.step != t.step || j.takebacks != t.takebacks || t.botTurn() != j.seat || t.botFor(j.seat).Name() != j.b.Name() {
		t.scheduleBot()
		return
	}
	if acts == nil {
		t.runBots(1)
		return
	}
	evs := t.botEvents(nil, t.step, j.b, acts)
	if err := t.commit(evs...); err != nil {
		// Try again later; a store outage must not stop the table for good.
		t.botTimer = time.NewTimer(time.Second)
		return
	}
	t.count(evs)
	t.afterChange(nil, nil)
}

// autoBotName is the bot that takes an absent person's seat by itself.
const autoBotName = "rules"

// awayDue returns the seats whose person has been away for the grace
// period and which a bot should now play by itself, and when the next
// seat's grace period ends (zero if none is waiting).
func (t *table) awayDue(now time.Time) (due []int, next time.Time) {
	if t.cfg.NoAutoBot || t.abandoned || t.sit.Over() || t.untouched() {
		return nil, time.Time{}
	}
	for i, s := range t.seats {
		// Only a seat somebody sat at: an invite nobody has used yet
		// waits for its person (the host may still let a bot play it).
		if s.bot != "" || s.takeover != "" || s.token == "" || s.conn != nil {
			continue
		}
		at := s.away.Add(t.srv.cfg.Grace)
		if !at.After(now) {
			due = append(due, i)
		} else if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return due, next
}

// scheduleAway sets the timer for the next absent person's seat.
func (t *table) scheduleAway() {
	if t.awayTimer != nil {
		t.awayTimer.Stop()
		t.awayTimer = nil
	}
	due, next := t.awayDue(time.Now())
	switch {
	case len(due) > 0:
		t.awayTimer = time.NewTimer(0)
	case !next.IsZero():
		t.awayTimer = time.NewTimer(time.Until(next))
	}
}

// autoBot lets a bot play the seats of people away for the grace period,
// so that nobody's absence stalls the table. A person who connects again
// gets the seat back at once (join).
func (t *table) autoBot() {
	due, _ := t.awayDue(time.Now())
	if len(due) == 0 {
		t.scheduleAway()
		return
	}
	evs := make([]event, len(due))
	for i, seat := range due {
		evs[i] = event{evTakeover, takeoverData{Seat: seat, Bot: autoBotName, Reason: reasonAway}}
	}
	if err := t.commit(evs...); err != nil {
		// Try again later; a store outage must not stall the table.
		t.awayTimer = time.NewTimer(time.Second)
		return
	}
	t.afterChange(nil, nil)
}

// Package offline is a table of one person and bots that runs without a
// server: on this machine, or in the browser compiled to WebAssembly (web/wasm).
// It speaks the table's WebSocket protocol (docs/PROTOCOL.md) — the client
// sends the same messages and receives the same state messages — so the
// browser draws an offline table with the components of an online one.
//
// A Table is driven by two calls: Receive answers a client message, and
// Step lets the bot to act make one decision (the caller waits its bot
// delay in between, as the server does). Nothing here reads the clock or
// a global random source: the same configuration and messages give the
// same hands, bot decisions and messages.
package offline

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"trull/internal/bot"
	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/sitting"
	"trull/internal/tablemodel"
	"trull/internal/wire"
)

// Config is an offline sitting, as the lobby's create form gives it.
type Config struct {
	// Game, Players and Options are the rules, as in the server's create
	// request (docs/PROTOCOL.md): the options by their names in
	// docs/RULES.md, in record form.
	Game    string                     `json:"game"`
	Players int                        `json:"players"`
	Options map[string]json.RawMessage `json:"options"`
	// Seat is the person's seat.
	Seat int `json:"seat"`
	// Name is the person's name (default "You").
	Name string `json:"name"`
	// Bot plays every other seat that Bots leaves out (default: ismcts,
	// bot.New's strongest level).
	Bot string `json:"bot"`
	// Bots names the bot of each seat by its index, as the create form
	// shows them; an empty or missing name (and the person's seat) is
	// Bot's.
	Bots []string `json:"bots,omitempty"`
	// HintBot answers hints (default Bot).
	HintBot string `json:"hint_bot"`
	// Seed derives the deals and the bots' random numbers; the same seed
	// gives the same sitting for the same decisions of the person.
	Seed string `json:"seed"`
	// Hands ends the sitting after this many played hands (0: the game's
	// rule, as online).
	Hands int `json:"hands"`
}

// Table is one offline sitting. It is not safe for concurrent use.
type Table struct {
	cfg     Config
	rules   game.Rules
	sit     *sitting.Sitting
	st      game.State
	names   []string
	players int
	// hand is the deal index of the hand shown, step its record actions,
	// seq the number of changes (actions and deals) since the start.
	hand, step int
	seq        int64
	// bots are the seats' bots (nil at the person's seat), hints the
	// person's hints'.
	bots  []bot.Bot
	hints bot.Bot
	rng   *rand.Rand
	// records are the finished hands' records, in order.
	records []*game.Record
}

// New starts a sitting and deals its first hand.
func New(c Config) (*Table, error) {
	info, ok := game.Lookup(c.Game)
	if !ok {
		return nil, fmt.Errorf("offline: unknown game %q", c.Game)
	}
	if c.Players == 0 {
		c.Players = info.MinSeats
	}
	if c.Players < info.MinSeats || c.Players > info.MaxSeats {
		return nil, fmt.Errorf("offline: %s is played by %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, c.Players)
	}
	r, err := info.New(c.Options, c.Players)
	if err != nil {
		return nil, fmt.Errorf("offline: %w", err)
	}
	n := r.Seats()
	if c.Seat < 0 || c.Seat >= n {
		return nil, fmt.Errorf("offline: seat %d: %s has seats 0 to %d", c.Seat, r, n-1)
	}
	if c.Name == "" {
		c.Name = "You"
	}
	if c.Bot == "" {
		c.Bot = "ismcts"
	}
	if c.HintBot == "" {
		c.HintBot = c.Bot
	}
	if len(c.Bots) > n {
		return nil, fmt.Errorf("offline: %d bots for %d seats", len(c.Bots), n)
	}
	bots := make([]bot.Bot, n)
	for i := range bots {
		if i == c.Seat {
			continue
		}
		name := c.Bot
		if i < len(c.Bots) && c.Bots[i] != "" {
			name = c.Bots[i]
		}
		b, err := bot.New(name)
		if err != nil {
			return nil, fmt.Errorf("offline: seat %d: %w", i, err)
		}
		bots[i] = b
	}
	hb, err := bot.New(c.HintBot)
	if err != nil {
		return nil, fmt.Errorf("offline: %w", err)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = "Bot " + strconv.Itoa(i+1)
	}
	names[c.Seat] = c.Name
	end := sitting.DefaultEnd(r)
	if c.Hands > 0 {
		end = sitting.FixedHands(c.Hands)
	}
	sit, err := sitting.New(r, sitting.Config{Players: names, Seed: c.Seed, FirstDealer: -1, End: end})
	if err != nil {
		return nil, fmt.Errorf("offline: %w", err)
	}
	t := &Table{cfg: c, rules: r, sit: sit, names: names, players: n, bots: bots, hints: hb,
		rng: game.NewRand(c.Seed+"/bots", 0)}
	if err := t.deal(); err != nil {
		return nil, err
	}
	return t, nil
}

// deal starts the sitting's next hand.
func (t *Table) deal() error {
	t.hand = t.sit.Deal()
	st, err := t.sit.NextHand()
	if err != nil {
		return fmt.Errorf("offline: %w", err)
	}
	t.st, t.step = st, 0
	t.seq++
	return nil
}

// clientMsg is the part of a client message (docs/PROTOCOL.md) an offline
// table reads.
type clientMsg struct {
	Type   string          `json:"type"`
	Seq    *int64          `json:"seq"`
	Action json.RawMessage `json:"action"`
}

// errorMsg is the protocol's "error" message.
type errorMsg = wire.ErrorMsg

// Receive answers one client message with the messages to deliver: the
// state after a join, an action or a new hand; an error for a refused
// message (nothing changes then); the candidates for a hint.
func (t *Table) Receive(data []byte) [][]byte {
	var m clientMsg
	if err := json.Unmarshal(data, &m); err != nil {
		return t.refuse(nil, "bad_message", nil, "offline: the message is not JSON: %v", err)
	}
	switch m.Type {
	case "join":
		return [][]byte{t.State(nil)}
	case "act":
		return t.act(m)
	case "next":
		if !t.st.Done() {
			return t.refuse(m.Seq, "bad_message", nil, "next: the hand is still being played")
		}
		if t.sit.Over() {
			return t.refuse(m.Seq, "sitting_over", nil, "next: the sitting is over")
		}
		if err := t.deal(); err != nil {
			return t.refuse(m.Seq, "bad_message", nil, "next: %v", err)
		}
		return [][]byte{t.State(m.Seq)}
	case "end":
		if err := t.sit.RequestEnd(t.cfg.Seat); err != nil {
			return t.refuse(m.Seq, "bad_message", nil, "end: %v", err)
		}
		t.seq++
		return [][]byte{t.State(m.Seq)}
	case "hint":
		return t.hint(m)
	}
	return t.refuse(m.Seq, "bad_message", nil, "offline: %q is not a message of an offline table", m.Type)
}

func (t *Table) refuse(seq *int64, code string, params game.Params, format string, args ...any) [][]byte {
	b, _ := json.Marshal(errorMsg{Type: "error", Error: fmt.Sprintf(format, args...), Code: code, Params: params, Seq: seq})
	return [][]byte{b}
}

func (t *Table) act(m clientMsg) [][]byte {
	if len(m.Action) == 0 {
		return t.refuse(m.Seq, "bad_message", nil, `act: the message has no "action"`)
	}
	var ra game.RecordAction
	if err := json.Unmarshal(m.Action, &ra); err != nil {
		return t.refuse(m.Seq, "bad_message", nil, "act: the action is not a record action: %v", err)
	}
	seat := t.cfg.Seat
	if ra.Seat != nil && *ra.Seat != seat {
		return t.refuse(m.Seq, "bad_message", nil, "act: the action names seat %d, but you play seat %d", *ra.Seat, seat)
	}
	ra.Seat = &seat
	if t.st.Done() {
		return t.refuse(m.Seq, string(game.CodeHandOver), nil, "act: the hand is over; send next to deal the next one")
	}
	trial := t.st.Clone()
	if err := game.ApplyRecordAction(trial, ra); err != nil {
		code, params := string(game.CodeMalformed), game.Params(nil)
		var ie *game.IllegalError
		if errors.As(err, &ie) {
			code, params = string(ie.Code), ie.Params
		}
		return t.refuse(m.Seq, code, params, "act: %v", err)
	}
	t.st = trial
	t.step++
	t.seq++
	t.finish()
	return [][]byte{t.State(m.Seq)}
}

// finish enters a finished hand in the sitting and keeps its record.
func (t *Table) finish() {
	if !t.st.Done() {
		return
	}
	if err := t.sit.Record(t.st); err != nil {
		// The sitting dealt this hand: a refusal here is a bug.
		panic(fmt.Sprintf("offline: recording the hand: %v", err))
	}
	t.records = append(t.records, game.NewRecord(t.rules, t.names, t.st.Dealer(), t.sit.Deck(t.hand), t.st.History()))
}

// BotToAct reports whether a bot is to make the next decision.
func (t *Table) BotToAct() bool {
	return !t.st.Done() && t.st.ToAct() != t.cfg.Seat
}

// Step lets the bot to act make one whole decision (a discard of k cards
// is one) and returns the state message after it; nil when no bot is to
// act. A bot that fails or answers illegally is replaced by a random
// legal action for that decision, so the table never stalls.
func (t *Table) Step() []byte {
	if !t.BotToAct() {
		return nil
	}
	seat := t.st.ToAct()
	t.step += len(bot.Decide(t.st, seat, t.bots[seat], t.rng, nil, nil))
	t.seq++
	t.finish()
	return t.State(nil)
}

// Records returns the records of the finished hands (docs/FORMAT.md).
func (t *Table) Records() []*game.Record { return t.records }

// hint answers the person's hint: whole decisions, best first by value.
func (t *Table) hint(m clientMsg) [][]byte {
	if t.st.Done() || t.st.ToAct() != t.cfg.Seat {
		return t.refuse(m.Seq, "not_your_turn", nil, "hint: it is not your turn")
	}
	rng := game.NewRand(t.cfg.Seed+"/hints", uint64(t.seq))
	hs, err := bot.HintsAt(t.hints, t.st.Clone(), rng, 3)
	if err != nil {
		return t.refuse(m.Seq, "hint_failed", nil, "hint: %v", err)
	}
	out := wire.HintMsg{Type: "hint", Seq: m.Seq, Hints: []wire.Hint{}}
	for i, h := range hs {
		o := wire.Hint{Action: game.EncodeHistory(t.rules, h.Actions())[0], Bot: t.hints.Name()}
		if h.Valued {
			v := math.Round(h.Value*100) / 100
			o.Value = &v
		}
		if h.Why != nil {
			o.Why = &why.Words{Why: *h.Why, Text: bot.WhyWords(t.rules, hs, i, card.English).Text,
				TextDE: bot.WhyWords(t.rules, hs, i, card.German).Text}
		}
		out.Hints = append(out.Hints, o)
	}
	b, _ := json.Marshal(out)
	return [][]byte{b}
}

// State returns the person's state message; ack is the client's seq it
// answers, if any.
func (t *Table) State(ack *int64) []byte {
	opts := map[string]any{}
	for k, v := range t.rules.Options() {
		opts[k] = game.RecordValue(v)
	}
	seats := make([]wire.Seat, t.players)
	connected := true
	for i := range seats {
		seats[i] = wire.Seat{Seat: i, Name: t.names[i], Taken: true, Connected: &connected}
		if i == t.cfg.Seat {
			seats[i].Host = true
		} else {
			seats[i].Bot = t.bots[i].Name()
		}
	}
	status := "playing"
	if t.sit.Over() {
		status = "over"
	}
	tj := wire.Table{ID: "offline", Game: t.rules.Game(), Variant: t.rules.String(),
		VariantTitle: game.Words{EN: game.Title(t.rules, card.English), DE: game.Title(t.rules, card.German)},
		Options:      opts, State: status, Seats: seats,
		Hand: t.hand, Played: t.sit.Played(), HandsLeft: t.sit.HandsLeft(), EndRequested: t.sit.EndRequested(),
		Sheet: t.sit.Sheet(), Totals: t.sit.Totals(), Stake: 1, Settlement: t.sit.Settlement(1),
		Hints: true, Started: true, Offline: true}
	model, err := tablemodel.Of(t.st.View(game.Seat(t.cfg.Seat)))
	if err != nil {
		panic(fmt.Sprintf("offline: the table model: %v", err))
	}
	legal := []json.RawMessage{}
	if !t.st.Done() && t.st.ToAct() == t.cfg.Seat {
		legal = game.LegalRecordActions(t.st)
	}
	// The state message without the game's view: the browser draws the
	// table model.
	tb, err := json.Marshal(tj)
	if err != nil {
		panic(fmt.Sprintf("offline: encoding the table: %v", err))
	}
	mb, err := json.Marshal(model)
	if err != nil {
		panic(fmt.Sprintf("offline: encoding the table model: %v", err))
	}
	b, err := json.Marshal(wire.StateMsg{Type: "state", Seq: t.seq, Ack: ack, You: t.cfg.Seat, Host: true, Table: tb,
		Hand: t.hand, Step: t.step, Done: t.st.Done(), Model: mb, Legal: legal})
	if err != nil {
		panic(fmt.Sprintf("offline: encoding the state: %v", err))
	}
	return b
}

package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"trull/internal/guide"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/jsonscan"
	"trull/internal/sitting"
	"trull/internal/store"
)

// Event kinds of a table's log. A table is exactly the replay of its log:
// the live path validates a change, appends its events and then applies
// them with the same functions that restore a table after a restart.
const (
	evCreate   = "create"   // createData: the whole configuration
	evClaim    = "claim"    // claimData: a person took a seat
	evAct      = "act"      // actData: one record action of the hand
	evDeal     = "deal"     // dealData: the next hand was dealt
	evChat     = "chat"     // chatData: a chat line
	evTakeover = "takeover" // takeoverData: a bot plays for an absent person
	evRelease  = "release"  // releaseData: the person is back
	evEnd      = "end"      // endData: a player asked to end the sitting
	evAbandon  = "abandon"  // abandonData: closed, nobody came for too long
)

// createData is the first event: everything a table is made of. Seed
// derives every deck and never leaves the server; tokens are stored only
// as SHA-256 hashes.
type createData struct {
	Game        string                     `json:"game"`
	Options     map[string]json.RawMessage `json:"options"`
	Players     int                        `json:"players"`
	Title       string                     `json:"title"`
	Public      bool                       `json:"public"`
	Seed        string                     `json:"seed"`
	FirstDealer int                        `json:"first_dealer"`
	End         sitting.EndRule            `json:"end"`
	Stake       int                        `json:"stake"`
	Host        string                     `json:"host"`
	HostSeat    int                        `json:"host_seat"`
	Seats       []seatData                 `json:"seats"`
	CreatedMs   int64                      `json:"created_ms"`
	// NoAutoBot turns off the bot that takes an absent person's seat by
	// itself after the grace period (the host may still ask for one).
	NoAutoBot bool `json:"no_auto_bot,omitempty"`
	// NoHints turns off hints at the table: hint requests are refused.
	NoHints bool `json:"no_hints,omitempty"`
	// TurnClock is the seconds a person has for a decision before a bot
	// stand-in plays it (0: no clock; clock.go).
	TurnClock int `json:"turn_clock,omitempty"`
	// WaitForPlayers keeps the first hand from being played until every
	// person seat is claimed or the host starts (a table created before
	// the rule existed starts at once).
	WaitForPlayers bool `json:"wait_for_players,omitempty"`
	// OpenReview lets every seat and spectator look back at every
	// finished trick (practice and learning tables); without it the
	// game's information rules say which (game.Viewer.OpenReview).
	OpenReview bool `json:"open_review,omitempty"`
	// Lesson names the guided hand the table plays (internal/guide): the
	// person's seat is shown the guide, and the bots draw from the seed.
	Lesson string `json:"lesson,omitempty"`
	// Daily makes the table a daily challenge's (dailyplay.go): its
	// deals are fixed, and its person's results are stored as each deal
	// ends.
	Daily *dailyData `json:"daily,omitempty"`
}

// seatData is a seat as created: a bot, the creator (name and token), or
// an invite waiting to be claimed.
type seatData struct {
	Bot    string `json:"bot,omitempty"`
	Name   string `json:"name,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

type claimData struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Token string `json:"token"`
}

// actData is one record action; Hand and Step (its index in the hand) make
// a misplaced event detectable on replay.
type actData struct {
	Hand   int               `json:"hand"`
	Step   int               `json:"step"`
	Action game.RecordAction `json:"action"`
	Bot    string            `json:"bot,omitempty"`
}

// appendJSON appends d as json.Marshal writes it, without reflection: an
// act is most of what a table commits.
func (d actData) appendJSON(b []byte) []byte {
	b = append(b, `{"hand":`...)
	b = strconv.AppendInt(b, int64(d.Hand), 10)
	b = append(b, `,"step":`...)
	b = strconv.AppendInt(b, int64(d.Step), 10)
	b = d.Action.AppendJSON(append(b, `,"action":`...))
	if d.Bot != "" {
		b = jsonscan.AppendString(append(b, `,"bot":`...), d.Bot)
	}
	return append(b, '}')
}

type dealData struct {
	Hand int `json:"hand"`
	Seat int `json:"seat"`
}

type chatData struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   int64  `json:"at_ms"`
}

type takeoverData struct {
	Seat   int    `json:"seat"`
	Bot    string `json:"bot"`
	Reason string `json:"reason,omitempty"` // clock.go: away, clock, host, start
}

type releaseData struct {
	Seat int `json:"seat"`
}

type endData struct {
	Seat int `json:"seat"`
}

// event is an event before it has a sequence number.
type event struct {
	kind string
	data any
}

// errCorrupt marks a log that does not replay; such a table is not loaded.
var errCorrupt = errors.New("server: the table's event log does not replay")

// apply applies one logged event to the table. It fails only for a log
// that is not a valid history, which the live path never writes.
func (t *table) apply(ev store.Event) error { return t.applyAs(ev, nil) }

// applyAs applies ev; data, when not nil, is ev.Data already decoded (an
// act event just committed: the hot path skips decoding what it encoded).
func (t *table) applyAs(ev store.Event, data any) error {
	if ev.Seq != t.seq+1 {
		return fmt.Errorf("%w: event %d follows %d", errCorrupt, ev.Seq, t.seq)
	}
	t.evAt = ev.At
	var err error
	if d, ok := data.(actData); ok && ev.Kind == evAct {
		if err := t.applyAct(d); err != nil {
			return fmt.Errorf("%w: event %d (%s): %v", errCorrupt, ev.Seq, ev.Kind, err)
		}
		t.seq = ev.Seq
		return nil
	}
	switch ev.Kind {
	case evCreate:
		var d createData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyCreate(d)
		}
	case evClaim:
		var d claimData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyClaim(d)
		}
	case evAct:
		var d actData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyAct(d)
		}
	case evDeal:
		var d dealData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyDeal(d)
		}
	case evChat:
		var d chatData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			t.applyChat(d, len(ev.Data))
		}
	case evTakeover:
		var d takeoverData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyTakeover(d)
		}
	case evRelease:
		var d releaseData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyRelease(d)
		}
	case evEnd:
		var d endData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.sit.RequestEnd(d.Seat)
		}
	case evStart:
		var d startData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyStart(d)
		}
	case evFree:
		var d freeData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyFree(d)
		}
	case evMove:
		var d moveData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyMove(d)
		}
	case evTakeback:
		var d takebackData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyTakeback(d)
		}
	case evAgain:
		var d dealData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			err = t.applyAgain(d)
		}
	case evAbandon:
		var d abandonData
		if err = json.Unmarshal(ev.Data, &d); err == nil {
			t.abandoned = true
		}
	default:
		err = fmt.Errorf("unknown event kind %q", ev.Kind)
	}
	if err != nil {
		return fmt.Errorf("%w: event %d (%s): %v", errCorrupt, ev.Seq, ev.Kind, err)
	}
	t.seq = ev.Seq
	return nil
}

func (t *table) applyCreate(d createData) error {
	if t.seq != 0 {
		return errors.New("a second create event")
	}
	info, ok := game.Lookup(d.Game)
	if !ok {
		return fmt.Errorf("unknown game %q", d.Game)
	}
	r, err := info.New(d.Options, d.Players)
	if err != nil {
		return err
	}
	if len(d.Seats) != r.Seats() {
		return fmt.Errorf("%d seats for %d players", len(d.Seats), r.Seats())
	}
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = fmt.Sprintf("Seat %d", i+1)
	}
	sc := sitting.Config{Players: names, Seed: d.Seed, FirstDealer: d.FirstDealer, End: d.End}
	if d.Daily != nil {
		if d.Daily.Seat < 0 || d.Daily.Seat >= r.Seats() || len(d.Daily.Deals) == 0 {
			return fmt.Errorf("daily challenge with seat %d and %d deals", d.Daily.Seat, len(d.Daily.Deals))
		}
		sc.Fixed = d.Daily.Deals
	}
	sit, err := sitting.New(r, sc)
	if err != nil {
		return err
	}
	t.cfg, t.info, t.rules, t.sit = d, info, r, sit
	t.gen++
	t.variantTitle = variantTitle(r)
	t.options = map[string]any{}
	for k, v := range r.Options() {
		t.options[k] = game.RecordValue(v)
	}
	t.created = store.FromMillis(d.CreatedMs)
	t.seats = make([]*seatState, r.Seats())
	for i, s := range d.Seats {
		t.seats[i] = &seatState{bot: s.Bot, name: s.Name, token: s.Token, invite: s.Invite, away: t.created}
		if s.Bot != "" {
			if _, err := bot.New(s.Bot); err != nil {
				return err
			}
			t.seats[i].name = botName(i)
		}
	}
	if d.Lesson != "" {
		l, err := guide.Find(d.Lesson)
		if err != nil {
			return err
		}
		t.lesson = &l
		// The bots' choices follow from the deal and the person's.
		t.rng = game.NewRand(d.Seed, 1)
	}
	t.started = !d.WaitForPlayers || t.allClaimed()
	return t.applyDeal(dealData{Hand: 0, Seat: -1})
}

func (t *table) applyClaim(d claimData) error {
	if d.Seat < 0 || d.Seat >= len(t.seats) {
		return fmt.Errorf("claim of seat %d", d.Seat)
	}
	s := t.seats[d.Seat]
	switch {
	case s.bot != "":
		return fmt.Errorf("seat %d is a bot's", d.Seat)
	case s.token != "":
		// A move to another device (clock.go): the person keeps the
		// seat and its name under a new token.
		s.token, s.invite = d.Token, ""
		return nil
	}
	s.name, s.token, s.invite = d.Name, d.Token, ""
	if t.allClaimed() {
		t.started = true
	}
	return nil
}

func (t *table) applyAct(d actData) error {
	if t.st == nil || d.Hand != t.hand || d.Step != t.step {
		return fmt.Errorf("action for hand %d step %d, the table is at hand %d step %d", d.Hand, d.Step, t.hand, t.step)
	}
	if err := game.ApplyRecordAction(t.st, d.Action); err != nil {
		return err
	}
	t.step++
	t.acts = append(t.acts, d)
	if t.st.Done() {
		return t.finishHand()
	}
	return nil
}

// finishHand enters the finished hand in the sitting and keeps its record.
func (t *table) finishHand() error {
	deal := t.sit.Deal()
	if err := t.sit.Record(t.st); err != nil {
		return err
	}
	rec := game.NewRecord(t.rules, t.names(), t.st.Dealer(), t.sit.Deck(deal), t.st.History())
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	t.finished = append(t.finished, store.Hand{TableID: t.id, N: deal, Record: b})
	t.finishDaily(deal)
	return nil
}

func (t *table) applyDeal(d dealData) error {
	return t.startHand(d, t.sit.NextHand)
}

// startHand makes the hand dealt by deal (the sitting's NextHand, or Again
// for a deal played again) the hand in progress, deal d.Hand.
func (t *table) startHand(d dealData, deal func() (game.State, error)) error {
	if d.Hand != t.sit.Deal() {
		return fmt.Errorf("deal %d, the next deal is %d", d.Hand, t.sit.Deal())
	}
	st, err := deal()
	if err != nil {
		return err
	}
	t.st, t.hand, t.step, t.acts = st, d.Hand, 0, nil
	clear(t.chatHand) // the chat lines per seat and hand start again
	return nil
}

// chatKeep is how many chat lines a table keeps for newcomers.
const chatKeep = 50

// applyChat counts a chat line against the table's chat bounds (chat.go)
// and keeps it for newcomers. A line whose text was dropped from the log
// (Redact, at the end of a sitting) still counts as a line.
func (t *table) applyChat(d chatData, size int) {
	t.chatLines++
	if d.Text == "" {
		return
	}
	t.chatBytes += size
	if t.chatHand == nil {
		t.chatHand = map[int]int{}
	}
	t.chatHand[d.Seat]++
	t.chat = append(t.chat, d)
	if len(t.chat) > chatKeep {
		t.chat = append(t.chat[:0:0], t.chat[len(t.chat)-chatKeep:]...)
	}
}

func (t *table) applyTakeover(d takeoverData) error {
	if d.Seat < 0 || d.Seat >= len(t.seats) || t.seats[d.Seat].bot != "" {
		return fmt.Errorf("takeover of seat %d", d.Seat)
	}
	if _, err := bot.New(d.Bot); err != nil {
		return err
	}
	t.seats[d.Seat].takeover, t.seats[d.Seat].reason = d.Bot, d.Reason
	return nil
}

func (t *table) applyRelease(d releaseData) error {
	if d.Seat < 0 || d.Seat >= len(t.seats) {
		return fmt.Errorf("release of seat %d", d.Seat)
	}
	t.seats[d.Seat].takeover, t.seats[d.Seat].reason = "", ""
	return nil
}

// names returns the seat names for hand records.
func (t *table) names() []string {
	out := make([]string, len(t.seats))
	for i, s := range t.seats {
		out[i] = s.name
		if out[i] == "" {
			out[i] = fmt.Sprintf("Seat %d", i+1)
		}
	}
	return out
}

// botName is the one name of a bot's seat in the lobby, the table, replays
// and records: "Bot 2" for seat 1 (the browser names it the same way; the
// kind of bot is the seat's "bot").
func botName(seat int) string { return fmt.Sprintf("Bot %d", seat+1) }

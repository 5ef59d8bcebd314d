// Package wire holds the messages the table's WebSocket protocol sends
// to a client (docs/PROTOCOL.md): the state message with its table part
// and seats, a refusal, a chat line, the answer to a hint, and a new
// link. The server (internal/server) and the table on this device
// (internal/offline) write the same JSON through these types, which the
// browser reads alike: web/contract writes their TypeScript types.
package wire

import (
	"encoding/json"

	"trull/internal/bot/why"
	"trull/internal/game"
	"trull/internal/sitting"
)

// Seat is a seat as the lobby and the table show it.
type Seat struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	Bot      string `json:"bot,omitempty"`
	Takeover string `json:"takeover,omitempty"`
	Taken    bool   `json:"taken"`
	// Reason says why Takeover plays the seat: away, clock, host, start
	// or free.
	Reason    string `json:"reason,omitempty"`
	Connected *bool  `json:"connected,omitempty"`
	Host      bool   `json:"host,omitempty"`
	AwaySince int64  `json:"away_since_ms,omitempty"`
}

// Table is the table part of a state message, the same for everyone.
type Table struct {
	ID           string             `json:"id"`
	Game         string             `json:"game"`
	Variant      string             `json:"variant"`
	VariantTitle game.Words         `json:"variant_title"`
	Options      map[string]any     `json:"options"`
	Name         string             `json:"name"`
	State        string             `json:"state"`
	Seats        []Seat             `json:"seats"`
	Hand         int                `json:"hand"`
	Played       int                `json:"played"`
	HandsLeft    int                `json:"hands_left"`
	EndRequested int                `json:"end_requested"`
	Sheet        []sitting.Row      `json:"sheet"`
	Totals       []int              `json:"totals"`
	Stake        int                `json:"stake"`
	Settlement   sitting.Settlement `json:"settlement"`
	GraceMs      int64              `json:"grace_ms"`
	AutoBot      bool               `json:"auto_bot"`
	Hints        bool               `json:"hints"`
	// Started is false while the table waits for its people.
	Started bool `json:"started"`
	// TurnClockMs is the time a person has for a decision (0: no clock).
	// What is left of it ("turn_left_ms") travels per message.
	TurnClockMs int64 `json:"turn_clock_ms"`
	OpenReview  bool  `json:"open_review"`
	// Lesson names the guided hand of a learning table (internal/guide).
	Lesson string `json:"lesson,omitempty"`
	// Offline marks a table played on this device (internal/offline).
	Offline bool `json:"offline,omitempty"`
	// Daily names the daily challenge a challenge's table plays
	// (docs/DAILY.md); absent at every other table.
	Daily *Daily `json:"daily,omitempty"`
}

// Daily is the daily challenge of a challenge's table.
type Daily struct {
	// Challenge is the set-up's id, such as "droggn-3".
	Challenge string `json:"challenge"`
	// Date is the challenge's day, YYYY-MM-DD.
	Date string `json:"date"`
	// Deals is the number of deals of the challenge.
	Deals int `json:"deals"`
}

// HintMsg is the "hint" message: whole decisions, best first by value.
type HintMsg struct {
	Type  string `json:"type"`
	Seq   *int64 `json:"seq,omitempty"`
	Hints []Hint `json:"hints"`
}

// Hint is one candidate of a hint.
type Hint struct {
	Action game.RecordAction `json:"action"`
	Value  *float64          `json:"value"`
	Bot    string            `json:"bot"`
	// Why, on a valued hint, compares it with the best (the best with the
	// second) in a paired sample of worlds, worded in English and German
	// ("text": {"en", "de"}).
	Why *why.Words `json:"why,omitempty"`
}

// StateMsg is the "state" message: one seat's (or a spectator's) state of
// the table after a change. Its parts that are the same for many
// connections travel as JSON encoded once: Table is a Table, View the
// game's view (game.View), Model the table model (tablemodel.Model,
// null when it could not be made), each of Legal a game.RecordAction
// (a discard phase's one entry with "count", game.LegalRecordActions),
// Guide the guided hand's words (guide.Guide).
type StateMsg struct {
	Type string `json:"type"`
	Seq  int64  `json:"seq"`
	// Ack is the seq of the client's message this state answers.
	Ack  *int64 `json:"ack,omitempty"`
	You  int    `json:"you"`
	Host bool   `json:"host"`
	// Table is left out when it is the same as in the previous state on
	// a connection that asked for deltas ("delta" in the join message).
	Table json.RawMessage `json:"table,omitempty"`
	// TurnLeftMs is the acting person's time left (absent: no clock).
	TurnLeftMs *int64 `json:"turn_left_ms,omitempty"`
	Hand       int    `json:"hand"`
	Step       int    `json:"step"`
	Done       bool   `json:"done"`
	// View is left out for a connection that asked for none ("view":
	// false in the join message).
	View json.RawMessage `json:"view,omitempty"`
	// Model is left out when ModelPatch carries it.
	Model json.RawMessage `json:"model,omitempty"`
	// ModelPatch is the model as a patch of the previous state's on a
	// connection that asked for patches ("model_patch" in the join
	// message, AppendModelPatch).
	ModelPatch json.RawMessage   `json:"model_patch,omitempty"`
	Legal      []json.RawMessage `json:"legal"`
	// Guide is the guided hand's words for the person's seat.
	Guide json.RawMessage `json:"guide,omitempty"`
}

// ErrorMsg is the "error" message, a refusal: Error is English for
// developers and logs; Code and Params say the same for programs, which
// word it in the player's language (docs/PROTOCOL.md lists the codes).
type ErrorMsg struct {
	Type   string      `json:"type"`
	Error  string      `json:"error"`
	Code   string      `json:"code,omitempty"`
	Params game.Params `json:"params,omitempty"`
	Seq    *int64      `json:"seq,omitempty"`
}

// ChatMsg is the "chat" message: one line of the table's chat, At its
// time in Unix milliseconds.
type ChatMsg struct {
	Type string `json:"type"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   int64  `json:"at_ms"`
}

// InviteMsg is the "invite" message, the answer to "free" and "move":
// the new link for the seat, sent to the one who asked only. Move marks
// the link that moves the asker's seat to another device.
type InviteMsg struct {
	Type string `json:"type"`
	Seq  *int64 `json:"seq,omitempty"`
	Seat int    `json:"seat"`
	URL  string `json:"url"`
	Move bool   `json:"move,omitempty"`
}

// Package wire holds the messages of the table's WebSocket protocol that
// more than one side writes (docs/PROTOCOL.md): the table part of a state
// message and its seats, and the answer to a hint. The server
// (internal/server) and the table on this device (internal/offline) write
// the same JSON through these types, which the browser reads alike.
package wire

import (
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

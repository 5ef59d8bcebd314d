// Package tablemodel is the one shape of a table that every game's view
// draws itself into (its Table method), the table model the browser and
// the terminal draw: the seats, the hand, the tricks, the log and the
// result in the same fields for every game, and what only one game has in
// fields of its own. A model is made from a seat's view alone, so it tells
// the seat nothing the view does not. The package knows no engine.
package tablemodel

import (
	"fmt"

	"trull/internal/game"
)

// Play is one card played to a trick.
type Play struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
	// From is, in Strohmandeln, 0 for a card from the hand and k for the
	// top of Strohmann k.
	From int `json:"from,omitempty"`
	// Say is a call made with the card (Strohmandeln's "ross", "topschin").
	Say string `json:"say,omitempty"`
	// Powerless marks Troggu's Bättler that has lost its power.
	Powerless bool `json:"powerless,omitempty"`
}

// Trick is a finished trick (Winner ≥ 0) or the one being played (−1). A
// finished trick the seat may not look back at by the game's information
// rules is Hidden: its plays are left out, its leader and winner stay.
type Trick struct {
	Leader int    `json:"leader"`
	Plays  []Play `json:"plays"`
	Winner int    `json:"winner"`
	Hidden bool   `json:"hidden,omitempty"`
}

// LogEntry is one public action other than a plain card play.
type LogEntry struct {
	Seat   int      `json:"seat"`
	Act    string   `json:"act"`
	Call   string   `json:"call,omitempty"`
	Card   string   `json:"card,omitempty"`
	Cards  []string `json:"cards,omitempty"`
	Hidden int      `json:"hidden,omitempty"`
	Count  int      `json:"count,omitempty"`
	Trump  int      `json:"trump,omitempty"`
	Say    string   `json:"say,omitempty"`
}

// Result is a finished hand's outcome; Declarer and Partner are −1 when
// the game has none.
type Result struct {
	Contract   string      `json:"contract"`
	Declarer   int         `json:"declarer"`
	Partner    int         `json:"partner"`
	CardPoints []int       `json:"card_points"`
	Score      []int       `json:"score"`
	Items      []game.Item `json:"items"`
}

// Model is the table as one seat (or a spectator) sees it, the same shape
// for every game. Seats are numbered from 0; −1 means none.
type Model struct {
	Game    string `json:"game"`
	Variant string `json:"variant"`
	Seat    int    `json:"seat"`
	Seats   int    `json:"seats"`
	Dealer  int    `json:"dealer"`
	// SitsOut is the dealer of a four-player Droggn, who sits the hand out.
	SitsOut int `json:"sits_out"`
	// Elder is Strohmandeln's Vorhand.
	Elder     int        `json:"elder"`
	Phase     string     `json:"phase"`
	ToAct     int        `json:"to_act"`
	Hand      []string   `json:"hand"`
	HandSizes []int      `json:"hand_sizes"`
	Contract  string     `json:"contract"`
	Declarer  int        `json:"declarer"`
	Partner   int        `json:"partner"`
	Tricks    []Trick    `json:"tricks"`
	Trick     *Trick     `json:"trick"`
	TricksWon []int      `json:"tricks_won"`
	Log       []LogEntry `json:"log"`
	Result    *Result    `json:"result"`
	// Side is the seat's own side's pile so far as far as the seat may know
	// it, as the result will count it (Droggn, Troggu); absent while it may
	// not, and for a spectator.
	Side *SideCount `json:"side,omitempty"`

	// Droggn. BoughtFrom and PagatLaid are seats, −1 for none (and in
	// the other games).
	TalonShown []string `json:"talon_shown,omitempty"`
	TalonSize  int      `json:"talon_size,omitempty"`
	// Talon is the untouched talon of a Super or Super Mord, shown when
	// the hand is over; it counts for the declarer.
	Talon      []string `json:"talon,omitempty"`
	Discards   []string `json:"discards,omitempty"`
	Bought     string   `json:"bought,omitempty"`
	BoughtFrom int      `json:"bought_from"`
	Asked      string   `json:"asked,omitempty"`
	BuyLost    bool     `json:"buy_lost,omitempty"`
	Offered    string   `json:"offered,omitempty"`
	PagatLaid  int      `json:"pagat_laid"`
	FoolLaid   bool     `json:"fool_laid,omitempty"`
	Doublings  int      `json:"doublings,omitempty"`
	// TrickPoints is the card points of the seat's side so far as the
	// result will count them, from the engine (droggn.View.Count; absent
	// for a spectator, the dealer who sits out, and before a declarer).
	TrickPoints *int `json:"trick_points,omitempty"`

	// Troggu.
	TappSize      int      `json:"tapp_size,omitempty"`
	TappTaken     []string `json:"tapp_taken,omitempty"`
	Tapp          []string `json:"tapp,omitempty"`
	CalledTrump   int      `json:"called_trump,omitempty"`
	Alone         bool     `json:"alone,omitempty"`
	Forced        bool     `json:"forced,omitempty"`
	FoolPowerless bool     `json:"fool_powerless,omitempty"`
	DiscardCount  int      `json:"discard_count,omitempty"`
	// Won is each seat's pile so far: the tricks it won and their card
	// points (every trick is played face up, so this is public).
	Won []Count `json:"won,omitempty"`

	// Strohmandeln.
	Doubled bool          `json:"doubled,omitempty"`
	Players []StrohPlayer `json:"players,omitempty"`
}

// Count is a pile: its tricks and their card points.
type Count struct {
	Tricks int `json:"tricks"`
	Points int `json:"points"`
}

// SideCount is a side's pile, with the points that win it the hand where
// the game says them to the side as it plays (Troggu's 58; 0 otherwise).
type SideCount struct {
	Tricks int `json:"tricks"`
	Points int `json:"points"`
	Wins   int `json:"wins,omitempty"`
}

// Tabler is a view that draws itself as the table model: every game's
// view is one (each engine's Table method), so that the model is made
// without naming a game here.
type Tabler interface {
	game.View
	// Table returns the view's table model.
	Table() *Model
}

// Of makes the table model of a view.
func Of(v game.View) (*Model, error) {
	if t, ok := v.(Tabler); ok {
		return t.Table(), nil
	}
	return nil, fmt.Errorf("tablemodel: no table model for a view of %s", v.Game())
}

// WonBy counts the finished tricks of each seat.
func WonBy(tricks []Trick, seats int) []int {
	won := make([]int, seats)
	for _, t := range tricks {
		if t.Winner >= 0 && t.Winner < seats {
			won[t.Winner]++
		}
	}
	return won
}

// Current is the trick being played: its plays so far, led by the first of
// them or, while it is empty in the play phase, by the seat to act; nil
// while there are no plays outside the play phase.
func Current(plays []Play, phase string, toAct int) *Trick {
	if len(plays) == 0 && phase != "play" {
		return nil
	}
	leader := toAct
	if len(plays) > 0 {
		leader = plays[0].Seat
	}
	return &Trick{Leader: leader, Plays: plays, Winner: -1}
}

// ResultOf is the model's result of a finished hand's result, nil for none.
func ResultOf(r *game.Result, declarer, partner int) *Result {
	if r == nil {
		return nil
	}
	return &Result{Contract: r.Contract, Declarer: declarer, Partner: partner, CardPoints: r.CardPoints, Score: r.Score, Items: r.Items}
}

// NonNil returns s, or an empty slice for nil, so that it marshals as [].
func NonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// StrohPlayer is the public state of one seat in Strohmandeln.
type StrohPlayer struct {
	// HandSize is the number of cards in the hand.
	HandSize int `json:"hand_size"`
	// Known are the hand cards the opponent knows: taken up from a
	// Strohmann, announced, or T18 after "Ross!".
	Known []string `json:"known"`
	// Unknown is the number of this hand's cards the viewer does not know
	// (0 for the viewer's own hand).
	Unknown int `json:"unknown"`
	// Strohmaenner are the seat's three Strohmänner.
	Strohmaenner [3]Pile `json:"strohmaenner"`
	// Tricks is the number of tricks won; CardPoints their card points in
	// the game's unit (thirds with 54 cards), absent for the opponent's
	// pile (and both for a spectator) while the hand is played, unless
	// every trick may be looked back at.
	Tricks     int  `json:"tricks"`
	CardPoints *int `json:"card_points,omitempty"`
	// Announced lists the classic announcements made ("trull", "fourkings").
	Announced []string `json:"announced,omitempty"`
}

// Pile is one Strohmann as both players see it.
type Pile struct {
	// Turned are the cards turned up so far, from the top down (each went
	// into the hand, was played, or is the exposed top).
	Turned []string `json:"turned"`
	// Top is the exposed top card, "" when none.
	Top string `json:"top,omitempty"`
	// FaceDown is the number of cards still face down.
	FaceDown int `json:"face_down"`
}

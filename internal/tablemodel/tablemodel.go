// Package tablemodel gives the views of the three games one shape, the
// table model the browser draws: the seats, the hand, the tricks, the log
// and the result in the same fields for every game, and what only one game
// has in fields of its own. A model is made from a seat's view alone, so it
// tells the seat nothing the view does not.
package tablemodel

import (
	"fmt"

	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
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
	SitsOut int `json:"sitsOut"`
	// Elder is Strohmandeln's Vorhand.
	Elder     int        `json:"elder"`
	Phase     string     `json:"phase"`
	ToAct     int        `json:"toAct"`
	Hand      []string   `json:"hand"`
	HandSizes []int      `json:"handSizes"`
	Contract  string     `json:"contract"`
	Declarer  int        `json:"declarer"`
	Partner   int        `json:"partner"`
	Tricks    []Trick    `json:"tricks"`
	Trick     *Trick     `json:"trick"`
	TricksWon []int      `json:"tricksWon"`
	Log       []LogEntry `json:"log"`
	Result    *Result    `json:"result"`

	// Droggn. BoughtFrom and PagatLaid are seats, −1 for none (and in
	// the other games).
	TalonShown []string `json:"talonShown,omitempty"`
	TalonSize  int      `json:"talonSize,omitempty"`
	Discards   []string `json:"discards,omitempty"`
	Bought     string   `json:"bought,omitempty"`
	BoughtFrom int      `json:"boughtFrom"`
	Asked      string   `json:"asked,omitempty"`
	BuyLost    bool     `json:"buyLost,omitempty"`
	Offered    string   `json:"offered,omitempty"`
	PagatLaid  int      `json:"pagatLaid"`
	FoolLaid   bool     `json:"foolLaid,omitempty"`
	Doublings  int      `json:"doublings,omitempty"`
	// TrickPoints is the card points of the seat's side so far as the
	// result will count them, from the engine (droggn.View.Count; absent
	// for a spectator, the dealer who sits out, and before a declarer).
	TrickPoints *int `json:"trickPoints,omitempty"`

	// Troggu.
	TappSize      int      `json:"tappSize,omitempty"`
	TappTaken     []string `json:"tappTaken,omitempty"`
	Tapp          []string `json:"tapp,omitempty"`
	CalledTrump   int      `json:"calledTrump,omitempty"`
	Alone         bool     `json:"alone,omitempty"`
	Forced        bool     `json:"forced,omitempty"`
	FoolPowerless bool     `json:"foolPowerless,omitempty"`
	DiscardCount  int      `json:"discardCount,omitempty"`

	// Strohmandeln.
	Doubled bool                      `json:"doubled,omitempty"`
	Players []strohmandeln.PlayerView `json:"players,omitempty"`
}

// Of makes the table model of a view of one of the three games.
func Of(v game.View) (*Model, error) {
	switch v := v.(type) {
	case *droggn.View:
		return ofDroggn(v), nil
	case *troggu.View:
		return ofTroggu(v), nil
	case *strohmandeln.View:
		return ofStroh(v), nil
	}
	return nil, fmt.Errorf("tablemodel: no table model for a view of %s", v.Game())
}

// wonBy counts the finished tricks of each seat.
func wonBy(tricks []Trick, seats int) []int {
	won := make([]int, seats)
	for _, t := range tricks {
		if t.Winner >= 0 && t.Winner < seats {
			won[t.Winner]++
		}
	}
	return won
}

// current is the trick being played: its plays so far, led by the first of
// them or, while it is empty in the play phase, by the seat to act.
func current(plays []Play, phase string, toAct int) *Trick {
	if len(plays) == 0 && phase != "play" {
		return nil
	}
	leader := toAct
	if len(plays) > 0 {
		leader = plays[0].Seat
	}
	return &Trick{Leader: leader, Plays: plays, Winner: -1}
}

func result(r *game.Result, declarer, partner int) *Result {
	if r == nil {
		return nil
	}
	return &Result{Contract: r.Contract, Declarer: declarer, Partner: partner, CardPoints: r.CardPoints, Score: r.Score, Items: r.Items}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func ofDroggn(v *droggn.View) *Model {
	m := &Model{Game: "droggn", Variant: v.Variant, Seat: v.Seat, Seats: v.Seats, Dealer: v.Dealer, SitsOut: v.SitsOut,
		Elder: -1, Phase: v.Phase, ToAct: v.ToAct, Hand: nonNil(v.Hand), HandSizes: nonNil(v.HandSizes),
		Contract: v.Contract, Declarer: v.Declarer, Partner: -1, Tricks: []Trick{}, Log: []LogEntry{},
		TalonShown: v.TalonShown, TalonSize: v.TalonSize, Discards: v.Discards, Bought: v.Bought, BoughtFrom: v.BoughtFrom,
		Asked: v.Asked, BuyLost: v.BuyLost, Offered: v.Offered, PagatLaid: v.PagatLaid, FoolLaid: v.FoolLaid, Doublings: v.Doublings,
	}
	if v.Count != nil && v.Seat != v.SitsOut {
		pts := v.Count.Points
		m.TrickPoints = &pts
	}
	// The plays of every trick in one array.
	n := len(v.Trick)
	for _, t := range v.Tricks {
		n += len(t.Cards)
	}
	all := make([]Play, 0, n)
	plays := func(ps []droggn.PlayView) []Play {
		start := len(all)
		for _, p := range ps {
			all = append(all, Play{Seat: p.Seat, Card: p.Card})
		}
		return all[start:len(all):len(all)]
	}
	m.Tricks = make([]Trick, 0, len(v.Tricks))
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, Trick{Leader: t.Leader, Plays: plays(t.Cards), Winner: t.Winner, Hidden: t.Hidden})
	}
	m.Trick = current(plays(v.Trick), v.Phase, v.ToAct)
	m.TricksWon = wonBy(m.Tricks, m.Seats)
	m.Log = make([]LogEntry, 0, len(v.Log))
	for _, e := range v.Log {
		m.Log = append(m.Log, LogEntry{Seat: e.Seat, Act: e.Act, Call: e.Call, Cards: e.Cards, Hidden: e.Hidden})
	}
	m.Result = result(v.Result, v.Declarer, -1)
	return m
}

func ofTroggu(v *troggu.View) *Model {
	m := &Model{Game: "troggu", Variant: v.Variant, Seat: v.Seat, Seats: v.Players, Dealer: v.Dealer, SitsOut: -1,
		Elder: -1, Phase: v.Phase, ToAct: v.ToAct, Hand: nonNil(v.Hand), HandSizes: nonNil(v.HandSizes),
		Contract: v.Contract, Declarer: v.Declarer, Partner: -1, Tricks: []Trick{}, Log: []LogEntry{}, BoughtFrom: -1, PagatLaid: -1,
		TappSize: v.TappSize, TappTaken: v.TappTaken, Tapp: v.Tapp, Discards: v.Discards, CalledTrump: v.CalledTrump,
		Alone: v.Alone, Forced: v.Forced, FoolPowerless: v.FoolPowerless, DiscardCount: v.DiscardCount}
	conv := func(t troggu.ViewTrick) Trick {
		ps := make([]Play, len(t.Plays))
		for i, p := range t.Plays {
			ps[i] = Play{Seat: p.Seat, Card: p.Card, Powerless: p.Powerless}
		}
		return Trick{Leader: t.Leader, Plays: ps, Winner: t.Winner}
	}
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, conv(t))
	}
	if v.Trick != nil {
		t := conv(*v.Trick)
		m.Trick = &t
	}
	m.TricksWon = wonBy(m.Tricks, m.Seats)
	for _, e := range v.Log {
		m.Log = append(m.Log, LogEntry{Seat: e.Seat, Act: e.Act, Call: e.Call, Trump: e.Trump, Count: e.Count, Cards: e.Cards})
	}
	if v.Partner != nil {
		m.Partner = *v.Partner
	}
	if r := v.Result; r != nil {
		m.Result = &Result{Contract: r.Contract, Declarer: r.Declarer, Partner: r.Partner, CardPoints: r.CardPoints, Score: r.Score, Items: r.Items}
		if m.Partner < 0 {
			m.Partner = r.Partner
		}
	}
	return m
}

func ofStroh(v *strohmandeln.View) *Model {
	m := &Model{Game: "strohmandeln", Variant: v.Variant, Seat: v.Seat, Seats: 2, Dealer: v.Dealer, SitsOut: -1,
		Elder: v.Elder, Phase: v.Phase, ToAct: v.ToAct, Hand: nonNil(v.Hand), Contract: v.Contract,
		Declarer: v.Undertaker, Partner: -1, Tricks: []Trick{}, Log: []LogEntry{}, BoughtFrom: -1, PagatLaid: -1, Doubled: v.Doubled}
	for _, p := range v.Players {
		p.Known = nonNil(p.Known)
		m.Players = append(m.Players, p)
	}
	plays := func(ps []strohmandeln.PlayView) []Play {
		out := make([]Play, len(ps))
		for i, p := range ps {
			out[i] = Play{Seat: p.Seat, Card: p.Card, From: p.From, Say: p.Say}
		}
		return out
	}
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, Trick{Leader: t.Leader, Plays: plays(t.Plays), Winner: t.Winner, Hidden: t.Hidden})
	}
	m.Trick = current(plays(v.Trick), v.Phase, v.ToAct)
	for _, p := range v.Players {
		m.HandSizes = append(m.HandSizes, p.HandSize)
		m.TricksWon = append(m.TricksWon, p.Tricks)
	}
	for _, a := range v.Actions {
		// Card plays are in the tricks; a play with a call is logged for the call.
		if a.Act == "play" && a.Say == "" {
			continue
		}
		m.Log = append(m.Log, LogEntry{Seat: a.Seat, Act: a.Act, Call: a.Call, Card: a.Card, Say: a.Say})
	}
	m.Result = result(v.Result, v.Undertaker, -1)
	return m
}

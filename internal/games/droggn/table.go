package droggn

import "trull/internal/tablemodel"

// Table returns the view's table model, the shape the browser and the
// terminal draw.
func (v *View) Table() *tablemodel.Model {
	m := &tablemodel.Model{Game: Name, Variant: v.Variant, Seat: v.Seat, Seats: v.Seats, Dealer: v.Dealer, SitsOut: v.SitsOut,
		Elder: -1, Phase: v.Phase, ToAct: v.ToAct, Hand: tablemodel.NonNil(v.Hand), HandSizes: tablemodel.NonNil(v.HandSizes),
		Contract: v.Contract, Declarer: v.Declarer, Partner: -1, Tricks: []tablemodel.Trick{}, Log: []tablemodel.LogEntry{},
		TalonShown: v.TalonShown, TalonSize: v.TalonSize, Talon: v.Talon, Discards: v.Discards, Bought: v.Bought, BoughtFrom: v.BoughtFrom,
		Asked: v.Asked, BuyLost: v.BuyLost, Offered: v.Offered, PagatLaid: v.PagatLaid, FoolLaid: v.FoolLaid, Doublings: v.Doublings,
	}
	if v.Count != nil {
		m.Side = &tablemodel.SideCount{Tricks: v.Count.Tricks, Points: v.Count.Points}
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
	all := make([]tablemodel.Play, 0, n)
	plays := func(ps []PlayView) []tablemodel.Play {
		start := len(all)
		for _, p := range ps {
			all = append(all, tablemodel.Play{Seat: p.Seat, Card: p.Card})
		}
		return all[start:len(all):len(all)]
	}
	m.Tricks = make([]tablemodel.Trick, 0, len(v.Tricks))
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, tablemodel.Trick{Leader: t.Leader, Plays: plays(t.Cards), Winner: t.Winner, Hidden: t.Hidden})
	}
	m.Trick = tablemodel.Current(plays(v.Trick), v.Phase, v.ToAct)
	m.TricksWon = tablemodel.WonBy(m.Tricks, m.Seats)
	m.Log = make([]tablemodel.LogEntry, 0, len(v.Log))
	for _, e := range v.Log {
		m.Log = append(m.Log, tablemodel.LogEntry{Seat: e.Seat, Act: e.Act, Call: e.Call, Cards: e.Cards, Hidden: e.Hidden})
	}
	m.Result = tablemodel.ResultOf(v.Result, v.Declarer, -1)
	return m
}

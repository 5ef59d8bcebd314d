package droggn

import "trull/internal/tablemodel"

// Table returns the view's table model, the shape the browser and the
// terminal draw. A view made in an old view's memory (ViewInto) makes its
// first model in the old view's last one.
func (v *View) Table() *tablemodel.Model {
	m := v.spareModel
	v.spareModel = nil
	if m == nil {
		m = &tablemodel.Model{}
	}
	tricks := m.Tricks[:0]
	if tricks == nil {
		tricks = make([]tablemodel.Trick, 0, len(v.Tricks))
	}
	*m = tablemodel.Model{Game: Name, Variant: v.Variant, Seat: v.Seat, Seats: v.Seats, Dealer: v.Dealer, SitsOut: v.SitsOut,
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
	// The view's plays and log are the model's own types: shared, not
	// copied (a view is made for one model or one message).
	m.Tricks = tricks
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, tablemodel.Trick{Leader: t.Leader, Plays: tablemodel.NonNil(t.Cards), Winner: t.Winner, Hidden: t.Hidden})
	}
	m.Trick = tablemodel.Current(tablemodel.NonNil(v.Trick), v.Phase, v.ToAct)
	m.TricksWon = tablemodel.WonBy(m.Tricks, m.Seats)
	m.Log = tablemodel.NonNil(v.Log)
	m.Result = tablemodel.ResultOf(v.Result, v.Declarer, -1)
	v.model = m
	return m
}

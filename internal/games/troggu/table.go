package troggu

import "trull/internal/tablemodel"

// Table returns the view's table model, the shape the browser and the
// terminal draw.
func (v *View) Table() *tablemodel.Model {
	m := &tablemodel.Model{Game: v.Game(), Variant: v.Variant, Seat: v.Seat, Seats: v.Players, Dealer: v.Dealer, SitsOut: -1,
		Elder: -1, Phase: v.Phase, ToAct: v.ToAct, Hand: tablemodel.NonNil(v.Hand), HandSizes: tablemodel.NonNil(v.HandSizes),
		Contract: v.Contract, Declarer: v.Declarer, Partner: -1, Tricks: []tablemodel.Trick{}, Log: []tablemodel.LogEntry{}, BoughtFrom: -1, PagatLaid: -1,
		TappSize: v.TappSize, TappTaken: v.TappTaken, Tapp: v.Tapp, Discards: v.Discards, CalledTrump: v.CalledTrump,
		Alone: v.Alone, Forced: v.Forced, FoolPowerless: v.FoolPowerless, DiscardCount: v.DiscardCount}
	conv := func(t ViewTrick) tablemodel.Trick {
		ps := make([]tablemodel.Play, len(t.Plays))
		for i, p := range t.Plays {
			ps[i] = tablemodel.Play{Seat: p.Seat, Card: p.Card, Powerless: p.Powerless}
		}
		return tablemodel.Trick{Leader: t.Leader, Plays: ps, Winner: t.Winner}
	}
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, conv(t))
	}
	if v.Trick != nil {
		t := conv(*v.Trick)
		m.Trick = &t
	}
	m.TricksWon = tablemodel.WonBy(m.Tricks, m.Seats)
	for _, e := range v.Log {
		m.Log = append(m.Log, tablemodel.LogEntry{Seat: e.Seat, Act: e.Act, Call: e.Call, Trump: e.Trump, Count: e.Count, Cards: e.Cards})
	}
	for _, w := range v.Won {
		m.Won = append(m.Won, tablemodel.Count{Tricks: w.Tricks, Points: w.Points})
	}
	if c := v.Side; c != nil {
		m.Side = &tablemodel.SideCount{Tricks: c.Tricks, Points: c.Points}
		if v.Contract != "misere" {
			m.Side.Wins = WinPoints
		}
	}
	if v.Partner != nil {
		m.Partner = *v.Partner
	}
	if r := v.Result; r != nil {
		m.Result = &tablemodel.Result{Contract: r.Contract, Declarer: r.Declarer, Partner: r.Partner, CardPoints: r.CardPoints, Score: r.Score, Items: r.Items}
		if m.Partner < 0 {
			m.Partner = r.Partner
		}
	}
	return m
}

package strohmandeln

import "trull/internal/tablemodel"

// Table returns the view's table model, the shape the browser and the
// terminal draw.
func (v *View) Table() *tablemodel.Model {
	m := &tablemodel.Model{Game: Name, Variant: v.Variant, Seat: v.Seat, Seats: 2, Dealer: v.Dealer, SitsOut: -1,
		Elder: v.Elder, Phase: v.Phase, ToAct: v.ToAct, Hand: tablemodel.NonNil(v.Hand), Contract: v.Contract,
		Declarer: v.Undertaker, Partner: -1, Tricks: []tablemodel.Trick{}, Log: []tablemodel.LogEntry{}, BoughtFrom: -1, PagatLaid: -1, Doubled: v.Doubled}
	for _, p := range v.Players {
		p.Known = tablemodel.NonNil(p.Known)
		m.Players = append(m.Players, p)
	}
	plays := func(ps []PlayView) []tablemodel.Play {
		out := make([]tablemodel.Play, len(ps))
		for i, p := range ps {
			out[i] = tablemodel.Play{Seat: p.Seat, Card: p.Card, From: p.From, Say: p.Say}
		}
		return out
	}
	for _, t := range v.Tricks {
		m.Tricks = append(m.Tricks, tablemodel.Trick{Leader: t.Leader, Plays: plays(t.Plays), Winner: t.Winner, Hidden: t.Hidden})
	}
	m.Trick = tablemodel.Current(plays(v.Trick), v.Phase, v.ToAct)
	for _, p := range v.Players {
		m.HandSizes = append(m.HandSizes, p.HandSize)
		m.TricksWon = append(m.TricksWon, p.Tricks)
	}
	for _, a := range v.Actions {
		// Card plays are in the tricks; a play with a call is logged for the call.
		if a.Act == "play" && a.Say == "" {
			continue
		}
		m.Log = append(m.Log, tablemodel.LogEntry{Seat: a.Seat, Act: a.Act, Call: a.Call, Card: a.Card, Say: a.Say})
	}
	m.Result = tablemodel.ResultOf(v.Result, v.Undertaker, -1)
	return m
}

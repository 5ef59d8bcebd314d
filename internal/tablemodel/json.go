package tablemodel

import (
	"strconv"

	"trull/internal/game"
	"trull/internal/jsonscan"
)

// AppendJSON appends m as JSON to b: the bytes json.Marshal makes of it,
// made without reflection or allocation. A server sends every seat its
// model after every action; this is the one encoding that it needs to be
// quick (the conformance suite checks it against json.Marshal on every
// random hand of every game).
func AppendJSON(b []byte, m *Model) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = appendStringField(b, `{"game":`, m.Game)
	b = appendStringField(b, `,"variant":`, m.Variant)
	b = appendIntField(b, `,"seat":`, m.Seat)
	b = appendIntField(b, `,"seats":`, m.Seats)
	b = appendIntField(b, `,"dealer":`, m.Dealer)
	b = appendIntField(b, `,"sits_out":`, m.SitsOut)
	b = appendIntField(b, `,"elder":`, m.Elder)
	b = appendStringField(b, `,"phase":`, m.Phase)
	b = appendIntField(b, `,"to_act":`, m.ToAct)
	b = appendStrings(append(b, `,"hand":`...), m.Hand)
	b = appendInts(append(b, `,"hand_sizes":`...), m.HandSizes)
	b = appendStringField(b, `,"contract":`, m.Contract)
	b = appendIntField(b, `,"declarer":`, m.Declarer)
	b = appendIntField(b, `,"partner":`, m.Partner)
	b = appendList(append(b, `,"tricks":`...), m.Tricks, appendTrick)
	b = append(b, `,"trick":`...)
	if m.Trick == nil {
		b = append(b, "null"...)
	} else {
		b = appendTrick(b, m.Trick)
	}
	b = appendInts(append(b, `,"tricks_won":`...), m.TricksWon)
	b = appendList(append(b, `,"log":`...), m.Log, appendLogEntry)
	b = append(b, `,"result":`...)
	b = appendResult(b, m.Result)
	if m.Side != nil {
		b = appendIntField(b, `,"side":{"tricks":`, m.Side.Tricks)
		b = appendIntField(b, `,"points":`, m.Side.Points)
		if m.Side.Wins != 0 {
			b = appendIntField(b, `,"wins":`, m.Side.Wins)
		}
		b = append(b, '}')
	}
	if len(m.TalonShown) > 0 {
		b = appendStrings(append(b, `,"talon_shown":`...), m.TalonShown)
	}
	if m.TalonSize != 0 {
		b = appendIntField(b, `,"talon_size":`, m.TalonSize)
	}
	if len(m.Talon) > 0 {
		b = appendStrings(append(b, `,"talon":`...), m.Talon)
	}
	if len(m.Discards) > 0 {
		b = appendStrings(append(b, `,"discards":`...), m.Discards)
	}
	if m.Bought != "" {
		b = appendStringField(b, `,"bought":`, m.Bought)
	}
	b = appendIntField(b, `,"bought_from":`, m.BoughtFrom)
	if m.Asked != "" {
		b = appendStringField(b, `,"asked":`, m.Asked)
	}
	if m.BuyLost {
		b = append(b, `,"buy_lost":true`...)
	}
	if m.Offered != "" {
		b = appendStringField(b, `,"offered":`, m.Offered)
	}
	b = appendIntField(b, `,"pagat_laid":`, m.PagatLaid)
	if m.FoolLaid {
		b = append(b, `,"fool_laid":true`...)
	}
	if m.Doublings != 0 {
		b = appendIntField(b, `,"doublings":`, m.Doublings)
	}
	if m.TrickPoints != nil {
		b = appendIntField(b, `,"trick_points":`, *m.TrickPoints)
	}
	if m.TappSize != 0 {
		b = appendIntField(b, `,"tapp_size":`, m.TappSize)
	}
	if len(m.TappTaken) > 0 {
		b = appendStrings(append(b, `,"tapp_taken":`...), m.TappTaken)
	}
	if len(m.Tapp) > 0 {
		b = appendStrings(append(b, `,"tapp":`...), m.Tapp)
	}
	if m.CalledTrump != 0 {
		b = appendIntField(b, `,"called_trump":`, m.CalledTrump)
	}
	if m.Alone {
		b = append(b, `,"alone":true`...)
	}
	if m.Forced {
		b = append(b, `,"forced":true`...)
	}
	if m.FoolPowerless {
		b = append(b, `,"fool_powerless":true`...)
	}
	if m.DiscardCount != 0 {
		b = appendIntField(b, `,"discard_count":`, m.DiscardCount)
	}
	if len(m.Won) > 0 {
		b = appendList(append(b, `,"won":`...), m.Won, func(b []byte, c *Count) []byte {
			b = appendIntField(b, `{"tricks":`, c.Tricks)
			return append(appendIntField(b, `,"points":`, c.Points), '}')
		})
	}
	if m.Doubled {
		b = append(b, `,"doubled":true`...)
	}
	if len(m.Players) > 0 {
		b = appendList(append(b, `,"players":`...), m.Players, appendStrohPlayer)
	}
	return append(b, '}')
}

func appendTrick(b []byte, t *Trick) []byte {
	b = appendIntField(b, `{"leader":`, t.Leader)
	b = appendList(append(b, `,"plays":`...), t.Plays, func(b []byte, p *Play) []byte {
		b = appendIntField(b, `{"seat":`, p.Seat)
		b = appendStringField(b, `,"card":`, p.Card)
		if p.From != 0 {
			b = appendIntField(b, `,"from":`, p.From)
		}
		if p.Say != "" {
			b = appendStringField(b, `,"say":`, p.Say)
		}
		if p.Powerless {
			b = append(b, `,"powerless":true`...)
		}
		return append(b, '}')
	})
	b = appendIntField(b, `,"winner":`, t.Winner)
	if t.Hidden {
		b = append(b, `,"hidden":true`...)
	}
	return append(b, '}')
}

func appendLogEntry(b []byte, e *LogEntry) []byte {
	b = appendIntField(b, `{"seat":`, e.Seat)
	b = appendStringField(b, `,"act":`, e.Act)
	if e.Call != "" {
		b = appendStringField(b, `,"call":`, e.Call)
	}
	if e.Card != "" {
		b = appendStringField(b, `,"card":`, e.Card)
	}
	if len(e.Cards) > 0 {
		b = appendStrings(append(b, `,"cards":`...), e.Cards)
	}
	if e.Hidden != 0 {
		b = appendIntField(b, `,"hidden":`, e.Hidden)
	}
	if e.Count != 0 {
		b = appendIntField(b, `,"count":`, e.Count)
	}
	if e.Trump != 0 {
		b = appendIntField(b, `,"trump":`, e.Trump)
	}
	if e.Say != "" {
		b = appendStringField(b, `,"say":`, e.Say)
	}
	return append(b, '}')
}

func appendResult(b []byte, r *Result) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	b = appendStringField(b, `{"contract":`, r.Contract)
	b = appendIntField(b, `,"declarer":`, r.Declarer)
	b = appendIntField(b, `,"partner":`, r.Partner)
	b = appendInts(append(b, `,"card_points":`...), r.CardPoints)
	b = appendInts(append(b, `,"score":`...), r.Score)
	b = appendList(append(b, `,"items":`...), r.Items, appendItem)
	return append(b, '}')
}

func appendItem(b []byte, it *game.Item) []byte {
	b = appendStringField(b, `{"item":`, it.Item)
	if it.Side != "" {
		b = appendStringField(b, `,"side":`, it.Side)
	}
	if len(it.Seats) > 0 {
		b = appendInts(append(b, `,"seats":`...), it.Seats)
	}
	b = appendIntField(b, `,"points":`, it.Points)
	return append(b, '}')
}

func appendStrohPlayer(b []byte, p *StrohPlayer) []byte {
	b = appendIntField(b, `{"hand_size":`, p.HandSize)
	b = appendStrings(append(b, `,"known":`...), p.Known)
	b = appendIntField(b, `,"unknown":`, p.Unknown)
	b = append(b, `,"strohmaenner":[`...)
	for i := range p.Strohmaenner {
		if i > 0 {
			b = append(b, ',')
		}
		s := &p.Strohmaenner[i]
		b = appendStrings(append(b, `{"turned":`...), s.Turned)
		if s.Top != "" {
			b = appendStringField(b, `,"top":`, s.Top)
		}
		b = appendIntField(b, `,"face_down":`, s.FaceDown)
		b = append(b, '}')
	}
	b = appendIntField(b, `],"tricks":`, p.Tricks)
	if p.CardPoints != nil {
		b = appendIntField(b, `,"card_points":`, *p.CardPoints)
	}
	if len(p.Announced) > 0 {
		b = appendStrings(append(b, `,"announced":`...), p.Announced)
	}
	return append(b, '}')
}

// appendIntField appends the key (with its punctuation) and n.
func appendIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(append(b, key...), int64(n), 10)
}

// appendStringField appends the key (with its punctuation) and s quoted.
func appendStringField(b []byte, key, s string) []byte {
	return appendString(append(b, key...), s)
}

// appendList appends a JSON array of xs, each by one, null for nil as
// json.Marshal.
func appendList[T any](b []byte, xs []T, one func([]byte, *T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = one(b, &xs[i])
	}
	return append(b, ']')
}

// appendInts appends a JSON array of ns, null for nil as json.Marshal (a
// loop of its own: these are most of a model, and appendList's call per
// element costs half as much again).
func appendInts(b []byte, ns []int) []byte {
	if ns == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// appendStrings appends a JSON array of ss, null for nil, as appendInts.
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendString appends s quoted as json.Marshal quotes it.
func appendString(b []byte, s string) []byte { return jsonscan.AppendString(b, s) }

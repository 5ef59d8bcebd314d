package game

import (
	"encoding/json"
	"strconv"

	"trull/internal/jsonscan"
)

// Replay applies every action of rec to a fresh deal and returns the state.
// An error is a *RecordError (the record itself is wrong) or an *ActionError
// naming the index of the first bad action.
func Replay(rec *Record) (State, error) {
	r, err := rec.RulesOf()
	if err != nil {
		return nil, err
	}
	if rec.Dealer == nil {
		return nil, recErr(RecordNoDealer, nil, "record has no dealer")
	}
	if *rec.Dealer < 0 || *rec.Dealer >= r.Seats() {
		return nil, recErr(RecordDealerSeat, Params{"dealer": strconv.Itoa(*rec.Dealer), "seats": strconv.Itoa(r.Seats())}, "dealer %d is not a seat (0…%d)", *rec.Dealer, r.Seats()-1)
	}
	deck, err := rec.DeckOf(r)
	if err != nil {
		return nil, err
	}
	st, err := r.NewState(deck, *rec.Dealer)
	if err != nil {
		return nil, recErr(RecordDeal, nil, "%v", err)
	}
	for i, ra := range rec.Actions {
		if err := applyRecordAction(st, ra, true); err != nil {
			return nil, &ActionError{Index: i, Err: WithPack(err, r.Pack())}
		}
	}
	return st, nil
}

// DealKnower is implemented by states whose refusals can say more to a
// caller that knows the whole deal (the replay of a record, whose author
// holds the deck), e.g. where a face-down card lies. Live play never uses it.
type DealKnower interface {
	ApplyKnowingDeal(a Action) error
}

// ApplyRecordAction decodes one record action and applies it to st. On an
// error st is unchanged: the engine actions are checked on a clone first
// when the record action expands to several.
func ApplyRecordAction(st State, ra RecordAction) error {
	return WithPack(applyRecordAction(st, ra, false), st.Rules().Pack())
}

func applyRecordAction(st State, ra RecordAction, knowing bool) error {
	if ra.Seat == nil {
		return Malformed("the action has no seat")
	}
	if s := *ra.Seat; s < 0 || s >= st.Rules().Seats() {
		return Malformed("seat %d does not exist (0…%d)", s, st.Rules().Seats()-1)
	}
	if _, ok := ParseKind(ra.Act); !ok {
		return Malformed("unknown act %q", ra.Act)
	}
	if st.Done() {
		return Illegal(CodeHandOver, nil, "the hand is over; no more actions are taken")
	}
	acts, err := st.Rules().DecodeAction(st, ra)
	if err != nil {
		return err
	}
	if len(acts) == 1 {
		if dk, ok := st.(DealKnower); ok && knowing {
			return dk.ApplyKnowingDeal(acts[0])
		}
		return st.Apply(acts[0])
	}
	trial := st.Clone()
	for _, a := range acts {
		if err := trial.Apply(a); err != nil {
			return err
		}
	}
	for _, a := range acts {
		st.ApplyUnchecked(a)
	}
	return nil
}

// Outcome is what `trull replay` prints for a complete hand.
type Outcome struct {
	Game       string `json:"game"`
	Complete   bool   `json:"complete"`
	Contract   string `json:"contract"`
	Declarer   *int   `json:"declarer"`
	Partner    *int   `json:"partner"`
	CardPoints []int  `json:"card_points"`
	Score      []int  `json:"score"`
	Items      []Item `json:"items"`
}

// Pending is what `trull replay` prints for a record that stops early.
type Pending struct {
	Game     string            `json:"game"`
	Complete bool              `json:"complete"`
	Phase    string            `json:"phase"`
	ToAct    int               `json:"to_act"`
	Legal    []json.RawMessage `json:"legal"`
}

// Summarize returns the Outcome or Pending value for st.
func Summarize(st State) any {
	r := st.Rules()
	if !st.Done() {
		return Pending{Game: r.Game(), Phase: st.Phase(), ToAct: st.ToAct(), Legal: LegalRecordActions(st)}
	}
	res := st.Result()
	o := Outcome{Game: r.Game(), Complete: true, Contract: res.Contract,
		CardPoints: res.CardPoints, Score: res.Score, Items: res.Items}
	if o.Items == nil {
		o.Items = []Item{}
	}
	if res.Declarer >= 0 {
		d := res.Declarer
		o.Declarer = &d
	}
	if res.Partner >= 0 {
		p := res.Partner
		o.Partner = &p
	}
	return o
}

// AppendLegalRecordActions appends the JSON array of LegalRecordActions,
// as json.Marshal writes it, without reflection.
func AppendLegalRecordActions(b []byte, st State) []byte {
	r := st.Rules()
	legal := st.Legal(nil)
	b = append(b, '[')
	first, discards := true, 0
	for _, a := range legal {
		if a.Kind == KindDiscard {
			discards++
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = r.EncodeAction(a).AppendJSON(b)
	}
	if discards > 0 {
		if !first {
			b = append(b, ',')
		}
		b = append(b, `{"seat":`...)
		b = strconv.AppendInt(b, int64(st.ToAct()), 10)
		b = append(b, `,"act":"discard","count":`...)
		b = strconv.AppendInt(b, int64(discardCount(st)), 10)
		b = append(b, `,"cards":[`...)
		i := 0
		for _, a := range legal {
			if a.Kind != KindDiscard {
				continue
			}
			if i > 0 {
				b = append(b, ',')
			}
			i++
			b = jsonscan.AppendString(b, r.Pack().ID(a.Card))
		}
		b = append(b, ']', '}')
	}
	return append(b, ']')
}

// discardCount returns how many cards the seat to act discards in a row.
func discardCount(st State) int {
	n := 0
	trial := st.Clone()
	for seat := trial.ToAct(); !trial.Done() && trial.ToAct() == seat; n++ {
		l := trial.Legal(nil)
		if len(l) == 0 || l[0].Kind != KindDiscard {
			break
		}
		trial.ApplyUnchecked(l[0])
	}
	return n
}

// LegalRecordActions lists the legal actions of the seat to act in record
// form. A discard phase is one entry {"act":"discard","count":k,"cards":[…]}
// giving how many cards to discard and the cards that may be among them.
// The entries are AppendLegalRecordActions's.
func LegalRecordActions(st State) []json.RawMessage {
	var out []json.RawMessage
	jsonscan.EachElement(AppendLegalRecordActions(nil, st), func(e []byte) error {
		out = append(out, e[:len(e):len(e)])
		return nil
	})
	return out
}

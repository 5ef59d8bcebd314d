package game

import (
	"errors"
	"slices"
	"strings"

	"trull/internal/card"
)

// A Limit names a rule that keeps some of the cards of the seat to act
// from being played (or discarded) now, with the refusal's code and
// parameters as IllegalError gives them: "you must follow hearts" over
// the hearts-less cards of the hand, "keep the Pagat" over the Pagat.
type Limit struct {
	Code   Code     `json:"code"`
	Params Params   `json:"params,omitempty"`
	Cards  []string `json:"cards"` // record IDs, in pack order
}

// Limits returns, for the seat to act at a decision that is a card (play
// or discard), the rules that forbid the cards of the pack it may not
// choose, grouped by refusal; cards it does not hold are left out, as are
// decisions of another kind. It asks the checked Apply, which refuses
// without changing st; st is not changed. Only the seat to act may be told
// the result: its reasons name its own cards.
func Limits(st State) []Limit {
	if st.Done() {
		return nil
	}
	legal := st.Legal(nil)
	if len(legal) == 0 {
		return nil
	}
	kind := legal[0].Kind
	if kind != KindPlay && kind != KindDiscard {
		return nil
	}
	seat := legal[0].Seat
	allowed := map[card.Card]bool{}
	for _, a := range legal {
		if a.Kind == kind {
			allowed[a.Card] = true
		}
	}
	pack := st.Rules().Pack()
	var out []Limit
	for _, c := range pack.Order {
		if allowed[c] {
			continue
		}
		err := st.Apply(Action{Seat: seat, Kind: kind, Card: c})
		if err == nil {
			// Legal lists every choice; an accepted card it does not list
			// is an engine's bug, and st has moved: stop here.
			panic("game: Limits: " + pack.ID(c) + " was accepted but is not in Legal")
		}
		var ie *IllegalError
		if !errors.As(err, &ie) || ie.Code == CodeNotHeld || ie.Code == CodeNotInPack || ie.Code == CodeNotPlayable || ie.Code == CodeMalformed {
			continue
		}
		i := slices.IndexFunc(out, func(l Limit) bool { return l.Code == ie.Code && sameParams(l.Params, ie.Params) })
		if i < 0 {
			out = append(out, Limit{Code: ie.Code, Params: ie.Params})
			i = len(out) - 1
		}
		out[i].Cards = append(out[i].Cards, pack.ID(c))
	}
	return out
}

// ExplainLimit words a limit as its refusal is worded (Explain).
func ExplainLimit(st State, l Limit, lang card.Lang) string {
	e := &IllegalError{Code: l.Code, Params: l.Params, Pack: st.Rules().Pack()}
	return strings.TrimSpace(e.Explain(lang))
}

func sameParams(a, b Params) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

package tactics

import (
	"encoding/json"

	"trull/internal/analysis"
	"trull/internal/card"
	"trull/internal/game"
)

// maxMinimax is the most cards a seat may hold for a Misère position to be
// valued by the plain minimax: small enough to be quick.
const maxMinimax = 4

// values returns seat's exact score in st for each legal card, every hand
// seen and every seat playing perfectly: the open-card solvers where they
// reach (a card that may be played with a word said is worth its better
// way), and a plain search over the engine's checked moves in a contract
// where everyone plays for himself (Troggu's Misère, Traits.EachForHimself),
// the other seats against the deciding one. ok is false where
// neither reaches.
func values(st game.State, seat int) (map[card.Card]float64, bool) {
	cards := playable(st)
	if len(cards) == 0 {
		return nil, false
	}
	out := map[card.Card]float64{}
	if ovs := analysis.OpenCard(st, seat, 0); ovs != nil {
		p := st.Rules().Pack()
		for _, ov := range ovs {
			if !ov.Exact {
				return nil, false
			}
			c, err := p.Parse(ov.Action.Card)
			if err != nil {
				return nil, false
			}
			if old, seen := out[c]; !seen || float64(ov.Value) > old {
				out[c] = float64(ov.Value)
			}
		}
		for _, c := range cards {
			if _, ok := out[c]; !ok {
				return nil, false
			}
		}
		return out, true
	}
	if !st.Rules().Traits().AllAlone(view(st, seat).Contract) || left(st, seat) > maxMinimax {
		return nil, false
	}
	for _, c := range cards {
		child := st.Clone()
		if err := child.Apply(game.Action{Seat: int8(seat), Kind: game.KindPlay, Card: c}); err != nil {
			return nil, false
		}
		out[c] = minimax(child, seat)
	}
	return out, true
}

// minimax returns seat's final score of st when seat plays to raise it and
// every other seat to lower it, by trying every legal action.
func minimax(st game.State, seat int) float64 {
	if st.Done() {
		return float64(st.Result().Score[seat])
	}
	mover := st.ToAct()
	var best float64
	for i, a := range st.Legal(nil) {
		child := st.Clone()
		if err := child.Apply(a); err != nil {
			panic("tactics: a legal action refused: " + err.Error())
		}
		v := minimax(child, seat)
		if i == 0 || (mover == seat && v > best) || (mover != seat && v < best) {
			best = v
		}
	}
	return best
}

// playable returns the distinct cards the seat to act may play (a card
// that may also be played with a word said counts once), or nil outside
// the card play.
func playable(st game.State) []card.Card {
	if st.Done() || st.Phase() != "play" {
		return nil
	}
	var out []card.Card
	var seen card.Set
	for _, a := range st.Legal(nil) {
		if a.Kind != game.KindPlay {
			return nil
		}
		if !seen.Has(a.Card) {
			seen.Add(a.Card)
			out = append(out, a.Card)
		}
	}
	return out
}

// seatView is what the positions read of a seat's view.
type seatView struct {
	Contract string   `json:"contract"`
	Hand     []string `json:"hand"`
	Players  []struct {
		Strohmaenner []struct {
			Top      string `json:"top"`
			FaceDown int    `json:"face_down"`
		} `json:"strohmaenner"`
	} `json:"players"`
}

// view reads the seat's view.
func view(st game.State, seat int) seatView {
	var v seatView
	b, err := json.Marshal(st.View(game.Seat(seat)))
	if err == nil {
		_ = json.Unmarshal(b, &v) // fields of other shapes stay zero
	}
	return v
}

// left returns the number of cards the seat still has to play: its hand
// and, in Strohmandeln, its Strohmänner.
func left(st game.State, seat int) int {
	v := view(st, seat)
	n := len(v.Hand)
	if seat < len(v.Players) {
		for _, p := range v.Players[seat].Strohmaenner {
			n += p.FaceDown
			if p.Top != "" {
				n++
			}
		}
	}
	return n
}

package rules

import (
	"encoding/json"

	"trull/internal/card"
	"trull/internal/game"
)

// Generic is the game-agnostic player the rules bot uses for games it has
// no strategy for. It reads only game.View methods, the legal actions, the
// view's rules (their pack and trick order, Traits.Beats) and the current
// trick from the view's JSON form (a "trick" list of {"seat","card"}, as
// the game views have it):
//
//   - card play: lead a king, else a low card; when following, win a trick
//     worth points with the cheapest card that takes it, otherwise play the
//     lowest card, keeping trumps and counting cards; a view without rules
//     or a trick order plays its first legal card;
//   - discards: the cheapest cards;
//   - every other decision: the first legal action, which the engines list
//     as the declining one (pass, gut, none).
func Generic(v game.View) (game.Action, error) {
	legal, err := legalOf(v)
	if err != nil {
		return game.Action{}, err
	}
	switch legal[0].Kind {
	case game.KindPlay:
		return genericPlay(v, legal), nil
	case game.KindDiscard:
		best := legal[0]
		for _, a := range legal[1:] {
			if cheaper(a.Card, best.Card, true) {
				best = a
			}
		}
		return best, nil
	}
	return legal[0], nil
}

// genericCards is the part of a view's JSON that Generic reads.
type genericCards struct {
	Trick []struct {
		Card string `json:"card"`
	} `json:"trick"`
}

// trickOf returns the cards of the current trick in playing order, named
// in style, nil when the view does not show them.
func trickOf(v game.View, style card.Style) []card.Card {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var g genericCards
	if json.Unmarshal(b, &g) != nil {
		return nil
	}
	var out []card.Card
	for _, pc := range g.Trick {
		c, err := style.ParseID(pc.Card)
		if err != nil {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// strength orders cards for trick-taking: trumps above suit cards (the Fool
// above T21 where it is a trump), suit cards by rank within their suit.
func strength(c card.Card, foolTrump bool) int {
	switch {
	case c == card.Fool && foolTrump:
		return 200
	case c == card.Fool:
		return -1
	case c.IsTrump():
		return 100 + c.TrumpNumber()
	}
	return int(c.Rank())
}

// cheaper reports whether a is a cheaper card to give up than b: fewer
// points, then a suit card before a trump, then lower.
func cheaper(a, b card.Card, foolTrump bool) bool {
	pa, pb := a.NominalPoints(), b.NominalPoints()
	if pa != pb {
		return pa < pb
	}
	sa, sb := strength(a, foolTrump), strength(b, foolTrump)
	if (sa >= 100) != (sb >= 100) {
		return sb >= 100
	}
	return sa < sb
}

func genericPlay(v game.View, legal []game.Action) game.Action {
	r := v.Rules()
	if r == nil || r.Traits().Beats == nil {
		return legal[0]
	}
	beats := r.Traits().Beats
	// The Fool is the highest trump where it takes a trick from the Mond,
	// an excuse otherwise.
	foolTrump := beats(card.Fool, card.Mond)
	trick := trickOf(v, r.Pack().Style)
	low := legal[0]
	for _, a := range legal[1:] {
		if cheaper(a.Card, low.Card, foolTrump) {
			low = a
		}
	}
	if len(trick) == 0 {
		for _, a := range legal {
			if a.Card.IsKing() {
				return a
			}
		}
		return low
	}
	best, pts := card.None, 0
	for _, c := range trick {
		pts += c.NominalPoints()
		if beats(c, best) {
			best = c
		}
	}
	var win *game.Action
	for i, a := range legal {
		if !beats(a.Card, best) {
			continue
		}
		if win == nil || strength(a.Card, foolTrump) < strength(win.Card, foolTrump) {
			win = &legal[i]
		}
	}
	if win != nil && pts+win.Card.NominalPoints() >= 2+len(trick) {
		return *win
	}
	return low
}

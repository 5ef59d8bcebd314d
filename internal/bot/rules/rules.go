// Package rules holds the hand-written strategies of trull's "rules"
// level: for Droggn after the tactics of RULES' source S0 (droggn*.go), for
// Troggu (troggu.go) and for Strohmandeln after the tactics of the seed S3
// (stroh.go), with a small game-agnostic player for any other view
// (Generic). The hand features, strength fits and rankers they read are
// each game's knowledge in package know, which the search players share.
// The searches of packages pimc and ismcts take Bot as their prior or
// bidder; package bot registers it as "rules".
package rules

import (
	"errors"
	"math/rand/v2"

	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// Bot is the hand-written strategy bot. For Droggn it plays after the
// tactics notes of the pagat.com text (seed S0): it bids from hand strength,
// discards to keep the Trull cards and trumps and to void short suits, buys
// the most valuable missing card, lays out the Pagat only with a strong
// trump holding, gives a Schwacher when the defence looks strong and says
// Retour rarely; in play the declarer draws trumps when long in them and
// cashes kings, the defenders keep the declarer in the middle and schmear
// counting cards on their partner's tricks, and everybody wins cheaply,
// counts trumps and voids, keeps the Pagat for the last trick when it can
// win there and uses the Gstieß to save valuable cards. For Troggu and
// Strohmandeln it plays their strategies, for any other view Generic. It
// never uses rng: its choices depend on the view only.
type Bot struct {
	// p holds the Droggn weights; nil means the tuned defaults.
	p *params
}

// ErrNotToAct is returned by Act when the view's seat has no decision to make.
var ErrNotToAct = errors.New("rules: the seat of the view is not to act")

// Name returns "rules".
func (Bot) Name() string { return "rules" }

// Act chooses the rules bot's action, always one of the view's legal
// actions.
func (b Bot) Act(v game.View, _ *rand.Rand) (game.Action, error) {
	legal, err := legalOf(v)
	if err != nil {
		return game.Action{}, err
	}
	var a game.Action
	switch tv := v.(type) {
	case *droggn.View:
		if tv.State() == nil {
			return Generic(v)
		}
		pp := b.p
		if pp == nil {
			pp = &defaults
		}
		a = droggnAct(newDgKnow(tv, pp), legal)
	case *troggu.View:
		a = trogguAct(tv, legal)
	case *strohmandeln.View:
		a = strohAct(tv, legal)
	default:
		return Generic(v)
	}
	for _, l := range legal {
		if l == a {
			return a, nil
		}
	}
	return legal[0], nil
}

// legalOf returns the view's legal actions, or ErrNotToAct.
func legalOf(v game.View) ([]game.Action, error) {
	legal := v.LegalActions()
	if len(legal) == 0 || v.Turn() != v.ViewSeat() {
		return nil, ErrNotToAct
	}
	return legal, nil
}

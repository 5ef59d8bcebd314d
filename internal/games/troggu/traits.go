package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Traits describes the variant to game-agnostic code: 58 of the pack's 114
// card points win; stakes of one or two are paid, so a loss of a tenth of
// one is an inaccuracy; in a Misère everyone plays for himself; the
// Bättler may lose its power; the Tappist takes up the Tapp; the
// declarer's side is the Tappist's.
func (r *Rules) Traits() game.Traits {
	return game.Traits{
		Scale:          game.PointScale{Unit: game.UnitPoints, Total: 114, WinFrom: 58},
		Loss:           game.LossScale{Inaccuracy: 0.1, Mistake: 0.3, Blunder: 0.6},
		EachForHimself: []string{"misere"},
		FoolLosesPower: true,
		Beats:          Beats,
		Talon:          r.TappSize(),
		Auction:        true,
		DeclarerSide:   game.Words{EN: "the Tappist's side", DE: "Tappist-Seite"},
		Tell:           tell,
	}
}

// tell words a pass as a Troggu table says it: "passe".
func tell(a game.RecordAction, t game.Telling, l card.Lang) (string, bool) {
	if a.Act != "bid" || a.Call != "pass" {
		return "", false
	}
	switch t.Voice {
	case game.VoiceDeed:
		return game.Words{EN: "passes", DE: "passe"}.In(l), true
	case game.VoiceListed:
		return game.Words{EN: "pass", DE: "passe"}.In(l), true
	}
	return "", false
}

package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// ClosingHands is the number of played hands after an end request: "the
// next declarer will deal the first of the last three hands" (RULES §1.3
// SESSION_END, ruling A17).
const ClosingHands = 4

// Traits describes the variant to game-agnostic code: half the pack's
// points (37 of 74, 39 of 78) win, one more under winRule=38; a loss of a
// game value's tenth is an inaccuracy (the declarer's game value, 20, 40,
// 80 and more, is scored against each defender); the Pagat is the bird;
// the Gstieß is an excuse; the declarer takes up the talon of three; piles
// are counted in threes.
func (r *Rules) Traits() game.Traits {
	win := r.w
	if r.winRule == Win38 {
		win++
	}
	return game.Traits{
		Scale:        game.PointScale{Unit: game.UnitPoints, Total: 2 * r.w, WinFrom: win},
		Loss:         game.LossScale{Inaccuracy: 2, Mistake: 6, Blunder: 15},
		ClosingHands: ClosingHands,
		Birds:        []card.Card{card.Trump(1)},
		FoolExcuse:   true,
		Beats:        Beats,
		Talon:        3,
		CountPile:    card.Threes,
		GameValues:   gameValues,
		Declarer:     game.Words{EN: "declarer", DE: "Spieler"},
		Auction:      true,
		Tell:         tell,
	}
}

// gameValues are the contracts whose game item is their base value plus
// or minus the card points over or short of half the pack's (§1.5); a
// Super Mord's is a fixed value.
var gameValues = map[string]int{
	Ansager.String(): Ansager.base(),
	Solo.String():    Solo.base(),
	Super.String():   Super.base(),
}

// tell words a pass, a declined lay-out and the doubling words as a table
// says them: a pass is "gut" once a bid is made, and "weiter" before; the
// declarer who lays nothing out says "ich liege".
func tell(a game.RecordAction, t game.Telling, l card.Lang) (string, bool) {
	w := func(en, de string) (string, bool) { return game.Words{EN: en, DE: de}.In(l), true }
	switch {
	case a.Act == "bid" && a.Call == "pass" && t.Voice == game.VoiceChoice:
		if t.BidMade {
			return w("pass (gut)", "gut")
		}
		return w("pass (weiter)", "weiter")
	case a.Act == "bid" && a.Call == "pass" && t.Voice == game.VoiceDeed && t.BidMade:
		return "gut", true
	case a.Act == "layout" && a.Call == "none" && t.Voice == game.VoiceChoice:
		if t.ByDeclarer {
			return w("ich liege (no lay-out)", "ich liege (nicht auslegen)")
		}
		return w("no lay-out", "nicht auslegen")
	case a.Act == "layout" && a.Call == "none" && t.Voice == game.VoiceDeed:
		if t.ByDeclarer {
			return "ich liege", true
		}
		return w("no lay-out", "legt nicht aus")
	case a.Act == "double" && t.Voice == game.VoiceDeed:
		switch a.Call {
		case "gut":
			return "gut", true
		case "schwacher":
			return w("gives a Schwacher (doubles)", "gibt einen Schwachen")
		case "retour":
			return w("Retour (redoubles)", "Retour")
		}
	}
	return "", false
}

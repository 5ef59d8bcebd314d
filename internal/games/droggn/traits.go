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
// 80 and more, is scored against each defender); the Pagat is the bird.
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
		Declarer:     game.Words{EN: "declarer", DE: "Spieler"},
		Auction:      true,
	}
}

package strohmandeln

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Traits describes the variant to game-agnostic code: the 54-card pack is
// counted in thirds of a card point, 107 of 210 win, the 40-card pack in
// points, 45 of 88; game points of three or four are scored; the Pagat is
// a bird, with the Uhu and the Kakadu in the 54-card pack; cards are
// played from the Strohmänner on the table; the 54-card pack's piles are
// counted in thirds; each scored item is paid by one seat to the other.
func (r *Rules) Traits() game.Traits {
	t := game.Traits{
		Scale:          game.PointScale{Unit: game.UnitThirds, Total: 210, WinFrom: 107},
		Loss:           game.LossScale{Inaccuracy: 0.25, Mistake: 0.75, Blunder: 1.5},
		Birds:          []card.Card{card.Trump(1)},
		PlaysFromTable: true,
		Beats:          Beats,
		CountPile:      card.Thirds,
		ItemsBySeat:    true,
	}
	if r.pack == card.Stroh40 {
		t.Scale = game.PointScale{Unit: game.UnitPoints, Total: 88, WinFrom: 45}
		t.CountPile = nil
	}
	if r.pack.Has(card.Trump(3)) {
		t.Birds = append(t.Birds, card.Trump(2), card.Trump(3))
	}
	return t
}

package game_test

import (
	"testing"

	"trull/internal/game"
)

// TestGameParts: a game item is worked out into its parts only when it is
// exactly the contract's value and the card points over or short of the
// half, times the doublings.
func TestGameParts(t *testing.T) {
	tr := game.Traits{GameValues: map[string]int{"ansager": 20, "solo": 40}, Scale: game.PointScale{Total: 74}}
	tests := []struct {
		contract                string
		points, doublings, item int
		base, diff, mult        int
		ok                      bool
	}{
		{"ansager", 46, 1, 58, 20, 9, 2, true},
		{"solo", 32, 0, -45, 40, -5, 1, true},
		{"solo", 37, 0, 40, 40, 0, 1, true},
		{"ansager", 37, 0, -20, 20, 0, 1, false}, // lost at 37 by another win rule
		{"ansager", 46, 0, 30, 20, 9, 1, false},  // another sum
		{"super", 50, 0, 93, 0, 0, 0, false},     // no value
	}
	for _, tc := range tests {
		base, diff, mult, ok := tr.GameParts(tc.contract, tc.points, tc.doublings, tc.item)
		if ok != tc.ok || ok && (base != tc.base || diff != tc.diff || mult != tc.mult) {
			t.Errorf("%s %d pts ×%d item %d: %d %d %d %v, want %d %d %d %v", tc.contract, tc.points, tc.doublings, tc.item,
				base, diff, mult, ok, tc.base, tc.diff, tc.mult, tc.ok)
		}
	}
}

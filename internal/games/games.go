// Package games registers every trull game with the game registry; import
// it for its side effect.
package games

import (
	// Each game registers itself in init.
	_ "trull/internal/games/droggn"
	_ "trull/internal/games/strohmandeln"
	_ "trull/internal/games/troggu"
)

package know

import "trull/internal/card"

// StrohWeights are the coefficients of a linear estimate of a
// Strohmandeln player's final card points (thirds with 54 cards, points
// with 40) over Feat, the Fool counted among the Tarocks, and whether the
// player is Elder (who leads to the first trick).
type StrohWeights struct {
	Base, Tarock, Fool, Mond, Pagat, High, King, Queen, Court, Void, Long, Elder, SD float64
}

// Eval returns the estimate for features f.
func (w StrohWeights) Eval(f Feat, elder bool) float64 {
	e := 0.0
	if elder {
		e = w.Elder
	}
	return w.Base + w.Tarock*float64(f.Tarocks()) + w.Fool*float64(f.Fool) + w.Mond*float64(f.Mond) +
		w.Pagat*float64(f.Pagat) + w.High*float64(f.High) + w.King*float64(f.Kings) +
		w.Queen*float64(f.Queens) + w.Court*float64(f.Courts) + w.Void*float64(f.Voids) + w.Long*float64(f.Long) + e
}

// StrohStrength are the Strohmandeln strength estimates: a player's final
// card points from the hand as dealt (before the Strohmänner are turned),
// fitted by least squares on 4000 self-play simple games of the rules bot
// (both players' hands); [0] for the 54-card pack (thirds), [1] for the
// 40-card pack (points).
var StrohStrength = [2]StrohWeights{
	{Base: 64.75, Tarock: 1.85, Fool: 10.36, Mond: 8.94, Pagat: 8.81, High: 0.22, King: 12.69, Queen: 5.87, Court: 0.98, Void: 3.31, Long: -0.65, Elder: -0.94, SD: 19.97},
	{Base: 35.84, Tarock: 0.66, Fool: 5.17, Mond: 3.93, Pagat: 2.42, High: 0.78, King: 3.73, Queen: 0.16, Court: -1.29, Void: 0.92, Long: -0.47, Elder: -0.43, SD: 8.65},
}

// StrohChance returns the estimated chance that a Strohmandeln hand h
// reaches the winning card points (107 thirds with 54 cards, 45 points
// with 40).
func StrohChance(h card.Set, elder, pack40 bool) float64 {
	i, need := 0, 107.0
	if pack40 {
		i, need = 1, 45
	}
	w := StrohStrength[i]
	return PWin(w.Eval(Features(h), elder), w.SD, need)
}

// The chances of winning by StrohChance at which both the rules bot and
// the search players' default policy decide the Strohmandeln auction: a
// hand without a Tarock folds below StrohFold; a player undertakes from
// StrohUndertake (extended scoring, +3/−4 against the simple game's ±1)
// or StrohUndertakeClassic (classic, against ±2); the undertaker's
// opponent doubles from StrohDouble.
const (
	StrohFold             = 0.35
	StrohUndertake        = 0.62
	StrohUndertakeClassic = 0.68
	StrohDouble           = 0.7
)

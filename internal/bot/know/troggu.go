package know

import (
	"trull/internal/card"
	"trull/internal/games/troggu"
)

// TrogguWeights are the coefficients of a linear estimate of the Troggu
// declarer side's card points over Feat, with the residual standard
// deviation SD.
type TrogguWeights struct {
	Base, Trump, Fool, Mond, Pagat, High, King, Queen, Court, Void, Long, SD float64
}

// Eval returns the estimate for a hand with features f.
func (w TrogguWeights) Eval(f Feat) float64 {
	return w.Base + w.Trump*float64(f.Trumps) + w.Fool*float64(f.Fool) + w.Mond*float64(f.Mond) +
		w.Pagat*float64(f.Pagat) + w.High*float64(f.High) + w.King*float64(f.Kings) +
		w.Queen*float64(f.Queens) + w.Court*float64(f.Courts) + w.Void*float64(f.Voids) + w.Long*float64(f.Long)
}

// Chance returns the chance that a hand with features f wins by the
// estimate w (TrogguWin card points).
func (w TrogguWeights) Chance(f Feat) float64 { return PWin(w.Eval(f), w.SD, TrogguWin) }

// Troggu strength estimates: the declarer side's final card points from
// the hand as dealt, by number of players.
//
// TrogguNormal (a Normal game: the Tapp taken up, with the call of
// TrogguCallCard at 7–8 players) and TrogguSolo were fitted by least
// squares on 5000 self-play hands per row of the rules bot in which the
// first speaker declares and the others pass; the rules bot bids by them.
//
// TrogguNormalPolicy is a second least-squares fit of the Normal game on
// the rules bot's self-play, made when the search player was written; its
// numbers differ from TrogguNormal's by about the fits' noise. The search
// players' default policy bids by it, and their Troggu determinizations
// judge the other seats' bids by it (package ismcts); the search was tuned
// and its matches recorded with these numbers, so they stay its own until
// the search is measured with TrogguNormal.
var (
	TrogguNormal = [troggu.MaxSeats + 1]TrogguWeights{
		3: {Base: 30.03, Trump: 2.80, Fool: 10.03, Mond: 5.72, Pagat: 2.56, High: 1.02, King: 3.48, Queen: 1.64, Court: 0.84, Void: 0.70, Long: 0.89, SD: 8.94},
		4: {Base: 45.59, Trump: 2.79, Fool: 12.31, Mond: 7.13, Pagat: 2.39, High: 1.47, King: 1.63, Queen: 0.89, Court: 0.19, Void: 0.07, Long: 0.19, SD: 11.58},
		5: {Base: 26.32, Trump: 4.23, Fool: 15.43, Mond: 8.21, Pagat: 0.67, High: 2.07, King: 2.20, Queen: 1.08, Court: 0.48, Void: -0.24, Long: 1.00, SD: 12.92},
		6: {Base: 35.08, Trump: 3.23, Fool: 14.97, Mond: 7.93, Pagat: 1.48, High: 2.19, King: 0.05, Queen: 1.46, Court: 0.52, Void: -0.44, Long: 0.04, SD: 14.54},
		7: {Base: 36.01, Trump: 3.64, Fool: 17.56, Mond: 11.46, Pagat: 0.42, High: 3.94, King: -0.35, Queen: 1.53, Court: 1.32, Void: 0.29, Long: 1.50, SD: 17.77},
		8: {Base: 39.28, Trump: 3.17, Fool: 18.22, Mond: 12.57, Pagat: -1.09, High: 4.44, King: -2.07, Queen: 1.64, Court: 0.31, Void: 0.46, Long: 0.47, SD: 18.85},
	}
	TrogguNormalPolicy = [troggu.MaxSeats + 1]TrogguWeights{
		3: {Base: 27.43, Trump: 2.91, Fool: 10.21, Mond: 5.93, Pagat: 2.57, High: 1.05, King: 3.94, Queen: 1.72, Court: 0.67, Void: 0.94, Long: 1.03, SD: 9.39},
		4: {Base: 44.80, Trump: 2.85, Fool: 12.29, Mond: 7.31, Pagat: 2.30, High: 1.50, King: 1.80, Queen: 0.93, Court: 0.19, Void: -0.01, Long: 0.22, SD: 11.70},
		5: {Base: 26.11, Trump: 4.21, Fool: 15.37, Mond: 8.34, Pagat: 0.73, High: 2.10, King: 2.47, Queen: 0.98, Court: 0.40, Void: -0.24, Long: 0.96, SD: 12.95},
		6: {Base: 34.99, Trump: 3.26, Fool: 15.09, Mond: 7.94, Pagat: 1.56, High: 2.15, King: -0.09, Queen: 1.40, Court: 0.48, Void: -0.35, Long: 0.04, SD: 14.54},
		7: {Base: 35.63, Trump: 3.68, Fool: 17.52, Mond: 11.37, Pagat: 0.39, High: 3.95, King: -0.37, Queen: 1.52, Court: 1.30, Void: 0.29, Long: 1.59, SD: 17.76},
		8: {Base: 38.89, Trump: 3.23, Fool: 18.32, Mond: 12.61, Pagat: -1.11, High: 4.48, King: -1.98, Queen: 1.75, Court: 0.32, Void: 0.43, Long: 0.52, SD: 18.82},
	}
	TrogguSolo = [troggu.MaxSeats + 1]TrogguWeights{
		3: {Base: 4.61, Trump: 2.64, Fool: 10.00, Mond: 6.19, Pagat: 1.99, High: 1.42, King: 6.13, Queen: 2.32, Court: 0.57, Void: 7.35, Long: 1.11, SD: 7.45},
		4: {Base: 10.66, Trump: 2.64, Fool: 12.02, Mond: 6.90, Pagat: 1.28, High: 1.92, King: 5.78, Queen: 0.30, Court: 0.00, Void: 7.07, Long: 1.09, SD: 8.19},
		5: {Base: 9.19, Trump: 2.03, Fool: 13.39, Mond: 8.18, Pagat: 0.66, High: 2.13, King: 5.17, Queen: -0.10, Court: -0.09, Void: 8.26, Long: 0.25, SD: 8.52},
		6: {Base: 11.98, Trump: 1.90, Fool: 13.89, Mond: 8.43, Pagat: 0.48, High: 2.69, King: 3.29, Queen: -0.18, Court: -0.29, Void: 6.94, Long: 0.02, SD: 9.02},
		7: {Base: 10.27, Trump: 1.21, Fool: 14.95, Mond: 9.81, Pagat: -0.44, High: 3.17, King: 1.17, Queen: -0.14, Court: -0.20, Void: 6.61, Long: -0.42, SD: 8.98},
		8: {Base: 11.09, Trump: 0.51, Fool: 16.06, Mond: 12.28, Pagat: -0.46, High: 4.42, King: 0.29, Queen: 0.00, Court: -0.32, Void: 6.05, Long: -0.89, SD: 8.92},
	}
	// TrogguAlone are the estimates of a Tappist playing alone at 7–8
	// players.
	TrogguAlone = [troggu.MaxSeats + 1]TrogguWeights{
		7: {Base: 26.40, Trump: 2.22, Fool: 17.58, Mond: 11.86, Pagat: -0.59, High: 3.76, King: -1.13, Queen: 1.43, Court: 0.52, Void: 0.89, Long: 0.28, SD: 15.53},
		8: {Base: 28.00, Trump: 0.59, Fool: 18.45, Mond: 15.36, Pagat: 0.08, High: 4.84, King: -1.17, Queen: 2.06, Court: 0.99, Void: 1.84, Long: -1.13, SD: 16.53},
	}
)

// TrogguWin are the card points a side needs to win (docs/RULES.md §2.4).
const TrogguWin = 58

// The chances of winning with which the Troggu bid estimates bid: Solo
// while a Normal may still be bid (the exchange makes the Normal the
// better game unless the hand wins almost surely without it), Normal, and
// Solo once a Normal was bid.
const (
	TrogguSoloOverP = 0.92
	TrogguNormalP   = 0.42
	TrogguSoloP     = 0.5
)

// TrogguCallCard returns the trump a Tappist holding h calls for a
// partner: T20, or the highest trump he lacks. ok is false when he holds
// T1 … T20.
func TrogguCallCard(h card.Set) (c card.Card, ok bool) {
	for n := 20; n >= 1; n-- {
		if !h.Has(card.Trump(n)) {
			return card.Trump(n), true
		}
	}
	return card.None, false
}

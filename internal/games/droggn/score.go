package droggn

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Tally holds everything the score of a Droggn hand depends on (§1.5). Sides
// are sideDecl (0) and sideDef (1); -1 means none.
type Tally struct {
	Contract Contract
	// P is the declarer's card points (counted in threes).
	P int
	// K is the number of doublings (m = 2^K).
	K int
	// AllTricks: the declarer won every trick (a Match, or a won Super Mord).
	AllTricks bool
	// LastTrickDecl: the declarer won the last trick (37tieLastTrick).
	LastTrickDecl bool
	// PagatLaidSide is the side that laid out T1, -1 if none.
	PagatLaidSide int
	// PagatSide is the side that played T1, -1 if it was not played.
	PagatSide int
	// PagatLast: T1 was played to the last trick.
	PagatLast bool
	// PagatWon: T1 won its trick.
	PagatWon bool
	// PagatCaptor is the side that won the trick T1 was played to, -1.
	PagatCaptor int
	// FoolLaid: the declarer laid out the Gstieß (Super Mord); FoolWon: it
	// won the last trick.
	FoolLaid, FoolWon bool
	// KGU: Kleine und Gstieß Ultimo was announced (§1.7).
	KGU bool
}

// Score returns the hand result X from the declarer's view and its items
// (each item's points are from the named side's view).
func (r *Rules) Score(t Tally) (int, []game.Item) { return r.score(t, true) }

// score is Score, listing the items only when itemize is set.
func (r *Rules) score(t Tally, itemize bool) (x int, items []game.Item) {
	m := 1 << t.K
	add := func(name string, side int, pts int) {
		sideName := "declarer"
		if side == sideDef {
			sideName = "defenders"
			x -= pts
		} else {
			x += pts
		}
		if itemize {
			items = append(items, game.Item{Item: name, Side: sideName, Points: pts})
		}
	}
	v := t.Contract.base()
	if t.Contract == SuperMord {
		val := r.smValue
		if !r.smSeparate && (t.PagatLaidSide == sideDecl || t.FoolLaid) {
			val += 20
		}
		if t.AllTricks {
			add("game", sideDecl, val*m)
		} else {
			add("game", sideDecl, -val*m)
		}
		if !r.smSeparate {
			return x, items
		}
		if t.FoolLaid {
			if t.FoolWon {
				add("gstiess_laid_out", sideDecl, 20*m)
			} else {
				add("gstiess_laid_out", sideDecl, -20*m)
			}
		}
	} else {
		w := r.w
		switch {
		case t.AllTricks:
			add("match", sideDecl, (v+w)*m)
		case t.P == w && r.winRule == Win37TieLastTrick:
			if t.LastTrickDecl {
				add("game", sideDecl, v*m)
			} else {
				add("game", sideDecl, -v*m)
			}
		case t.P > w || (t.P == w && r.winRule == Win37):
			add("game", sideDecl, (v+t.P-w)*m)
		default:
			add("game", sideDecl, -(v+max(0, w-t.P))*m)
		}
	}
	switch {
	case t.PagatLaidSide >= 0:
		if t.PagatLast && t.PagatWon {
			add("pagat_laid_out", t.PagatLaidSide, 20*m)
		} else {
			add("pagat_laid_out", t.PagatLaidSide, -20*m)
		}
	case t.PagatSide < 0:
	case t.PagatLast && t.PagatWon && t.KGU:
		add("kleine_und_gstiess_ultimo", t.PagatSide, 20)
	case t.PagatLast && t.PagatWon:
		add("pagat_ultimo", t.PagatSide, 10)
	case t.PagatLast:
		add("pagat_ultimo", t.PagatSide, -10)
	case t.PagatCaptor >= 0 && t.PagatCaptor != t.PagatSide:
		add("pagat_capture", t.PagatCaptor, 5)
	}
	return x, items
}

// RevokePenalty returns the amount a side loses for a revoke (§1.5): the
// base value plus 20 for a laid-out Pagat, times m, with nothing for the
// card points (Super Mord: base 130). The engine refuses revokes, so this is
// for scoring hands played at a real table.
func RevokePenalty(c Contract, k int, pagatLaid bool) int {
	v := c.base()
	if pagatLaid {
		v += 20
	}
	return v << k
}

// tally collects the scoring inputs of a finished hand.
func (s *State) tally() Tally {
	t := Tally{Contract: s.contract, K: int(s.k), PagatLaidSide: -1, PagatSide: -1, PagatCaptor: -1,
		FoolLaid: s.foolLaid, FoolWon: s.foolWonSM, KGU: s.kguOn}
	pile := s.declPile()
	t.P = card.Threes(s.r.pack.Raw(pile), pile.Len())
	t.AllTricks = s.declAll && int(s.trickNo) == s.r.tricks
	t.LastTrickDecl = s.lastWinner == s.declarer
	if s.pagatLaid >= 0 {
		t.PagatLaidSide = s.side(int(s.pagatLaid))
	}
	if s.t1Trick >= 0 {
		t.PagatSide = s.side(int(s.t1Player))
		t.PagatLast = int(s.t1Trick) == s.r.tricks-1
		t.PagatWon = s.t1Winner == s.t1Player
		t.PagatCaptor = s.side(int(s.t1Winner))
	}
	return t
}

// declPile returns the cards that count for the declarer: won tricks plus
// the discards or the untouched talon.
func (s *State) declPile() card.Set {
	return s.piles[sideDecl].Union(s.discards).Union(s.talon)
}

// Result returns the outcome of a finished hand.
func (s *State) Result() game.Result {
	n := s.r.seats
	res := game.Result{Contract: s.contract.String(), Declarer: int(s.declarer), Partner: -1,
		CardPoints: make([]int, n), Score: make([]int, n)}
	if s.contract == NoContract {
		res.Redeal = true
		res.Items = []game.Item{}
		return res
	}
	t := s.tally()
	x, items := s.r.Score(t)
	def := s.piles[sideDef]
	pd := card.Threes(s.r.pack.Raw(def), def.Len())
	res.Score = zeroSum(n, int(s.declarer), x)
	for seat := 0; seat < n; seat++ {
		res.CardPoints[seat] = pd
	}
	res.CardPoints[s.declarer] = t.P
	res.Items = items
	return res
}

// zeroSum splits X into zero-sum scores: the declarer wins or loses X
// against every other seat, the sitting-out dealer included (§1.5).
func zeroSum(n, declarer, x int) []int {
	out := make([]int, n)
	for seat := range out {
		out[seat] = -x
	}
	out[declarer] = (n - 1) * x
	return out
}

// NextDealer returns the declarer of a played hand, or the same dealer
// after a throw-in (§1.3 NEXT_DEALER).
func (r *Rules) NextDealer(dealer int, res game.Result) int {
	if res.Declarer < 0 {
		return dealer
	}
	return res.Declarer
}

package troggu

import (
	"trull/internal/card"
	"trull/internal/game"
)

// Point masks of the Troggu pack: every card is worth 1, plus 4 for the
// 5-point cards, 3 for queens, 2 for cavaliers and 1 for jacks.
var queens, cavaliers, jacks card.Set

func init() {
	for u := card.Suit0; u <= card.Suit3; u++ {
		queens.Add(card.SuitCard(u, card.Queen))
		cavaliers.Add(card.SuitCard(u, card.Knight))
		jacks.Add(card.SuitCard(u, card.Jack))
	}
}

// Points counts a pile singly (§0.4): the sum of the cards' values.
func Points(s card.Set) int {
	return s.Len() + 4*s.Intersect(fivePoint).Len() + 3*s.Intersect(queens).Len() +
		2*s.Intersect(cavaliers).Len() + s.Intersect(jacks).Len()
}

// Totals of the 62-card pack.
const (
	// PackPoints is the value of the whole pack.
	PackPoints = 114
	// WinPoints is what a side needs to win (57:57 is a tie).
	WinPoints = 58
	// schneider: a loser below this pays double.
	schneider = 30
)

// Multiplier returns the payment multiplier of §2.4: 3 if the losing side
// won no trick, else 2 if it has fewer than 30 points, else 1.
func Multiplier(loserPoints, loserTricks int) int {
	switch {
	case loserTricks == 0:
		return 3
	case loserPoints < schneider:
		return 2
	}
	return 1
}

// Settle returns the payments of a Normal game or Solo among n players:
// side is the declarer side (bit per seat), declPoints its card points and
// declTricks/defTricks the tricks each side won; factor multiplies every
// payment (the Solo multiplier). Each member of the losing side pays each
// member of the winning side multiplier × factor; 57:57 pays nothing.
func Settle(n int, side uint8, declPoints, declTricks, defTricks, factor int) (score [MaxSeats]int, mult int) {
	defPoints := PackPoints - declPoints
	a := 0
	for p := 0; p < n; p++ {
		a += int(side>>uint(p)) & 1
	}
	var unit int
	switch {
	case declPoints >= WinPoints:
		mult = Multiplier(defPoints, defTricks)
		unit = mult * factor
	case defPoints >= WinPoints:
		mult = Multiplier(declPoints, declTricks)
		unit = -mult * factor
	default:
		return score, 0
	}
	for p := 0; p < n; p++ {
		if side>>uint(p)&1 != 0 {
			score[p] = unit * (n - a)
		} else {
			score[p] = -unit * a
		}
	}
	return score, mult
}

// SettleMisere returns the payments of a Misère: the player with the most
// points pays each other player one stake; on a tie for the most, each tied
// player pays each player not tied (misereTie = allMaxPay) or nobody pays
// (noPayment); if all tie, nobody pays. max is the set of players with the
// most points.
func SettleMisere(n int, points *[MaxSeats]int, tie MisereTie) (score [MaxSeats]int, max uint8) {
	best := -1
	for p := 0; p < n; p++ {
		switch {
		case points[p] > best:
			best, max = points[p], 1<<uint(p)
		case points[p] == best:
			max |= 1 << uint(p)
		}
	}
	t := 0
	for p := 0; p < n; p++ {
		t += int(max>>uint(p)) & 1
	}
	if t == n || (t > 1 && tie == NoPayment) {
		return score, max
	}
	for p := 0; p < n; p++ {
		if max>>uint(p)&1 != 0 {
			score[p] = -(n - t)
		} else {
			score[p] = t
		}
	}
	return score, max
}

// side returns the declarer side as a seat mask: the Tappist and his
// partner, or the Soloist; 0 in Misère.
func (s *State) side() uint8 {
	if s.declarer < 0 {
		return 0
	}
	m := uint8(1) << uint(s.declarer)
	if s.partner >= 0 && s.contract == ContractNormal {
		m |= 1 << uint(s.partner)
	}
	return m
}

// sidePile returns the cards the declarer side counts: its members' piles
// plus the discards (Normal) or the unseen Tapp (Solo).
func (s *State) sidePile(side uint8) (pile card.Set, tricks int) {
	for p := 0; p < int(s.n); p++ {
		if side>>uint(p)&1 != 0 {
			pile = pile.Union(s.won[p])
			tricks += int(s.tricks[p])
		}
	}
	if s.contract == ContractSolo {
		return pile.Union(s.tapp), tricks
	}
	return pile.Union(s.discards), tricks
}

// Score returns each seat's payment for the finished hand without
// allocating (the fast path of Result).
func (s *State) Score() (score [MaxSeats]int) {
	n := int(s.n)
	if s.contract == ContractMisere {
		var pts [MaxSeats]int
		for p := 0; p < n; p++ {
			pts[p] = Points(s.won[p])
		}
		score, _ = SettleMisere(n, &pts, s.r.opts.MisereTie)
		return score
	}
	side := s.side()
	pile, tricks := s.sidePile(side)
	factor := 1
	if s.contract == ContractSolo {
		factor = s.r.opts.Solo()
	}
	total := 0
	for p := 0; p < n; p++ {
		total += int(s.tricks[p])
	}
	score, _ = Settle(n, side, Points(pile), tricks, total-tricks, factor)
	return score
}

// Result returns the outcome in the shape of docs/FORMAT.md. Before the hand is
// over it holds only the public contract and declarer, never the partner.
func (s *State) Result() game.Result {
	n := int(s.n)
	res := game.Result{Contract: s.contract.String(), Declarer: int(s.declarer), Partner: -1,
		CardPoints: make([]int, n), Score: make([]int, n), Items: []game.Item{}}
	if s.phase != phaseDone {
		return res
	}
	if s.contract == ContractMisere {
		var pts [MaxSeats]int
		for p := 0; p < n; p++ {
			pts[p] = Points(s.won[p])
			res.CardPoints[p] = pts[p]
		}
		score, max := SettleMisere(n, &pts, s.r.opts.MisereTie)
		copy(res.Score, score[:n])
		res.Items = append(res.Items, misereItem(n, max, score[:n]))
		return res
	}
	res.Partner = int(s.partner)
	if s.contract != ContractNormal {
		res.Partner = -1
	}
	side := s.side()
	pile, tricks := s.sidePile(side)
	declPoints := Points(pile)
	total := 0
	for p := 0; p < n; p++ {
		total += int(s.tricks[p])
		if side>>uint(p)&1 != 0 {
			res.CardPoints[p] = declPoints
		} else {
			res.CardPoints[p] = PackPoints - declPoints
		}
	}
	factor := 1
	if s.contract == ContractSolo {
		factor = s.r.opts.Solo()
	}
	score, mult := Settle(n, side, declPoints, tricks, total-tricks, factor)
	copy(res.Score, score[:n])
	res.Items = gameItems(declPoints, mult, factor, s.contract == ContractSolo)
	return res
}

// gameItems names the per-pair payment of a Normal game or Solo: "game" 1,
// plus "no_trick" 2 or "under_30" 1, plus "solo_multiplier" for the extra
// Solo stakes. Their sum is what each loser pays each winner.
func gameItems(declPoints, mult, factor int, solo bool) []game.Item {
	if mult == 0 {
		return []game.Item{{Item: "tie_57_57", Points: 0}}
	}
	winner := "declarer"
	if declPoints < WinPoints {
		winner = "defenders"
	}
	items := []game.Item{{Item: "game", Side: winner, Points: 1}}
	switch mult {
	case 3:
		items = append(items, game.Item{Item: "no_trick", Side: winner, Points: 2})
	case 2:
		items = append(items, game.Item{Item: "under_30", Side: winner, Points: 1})
	}
	if solo && factor != 1 {
		items = append(items, game.Item{Item: "solo_multiplier", Side: winner, Points: (factor - 1) * mult})
	}
	return items
}

// misereItem names the Misère payment: the players with the most points,
// each paying one stake per player not tied (0 when nobody pays).
func misereItem(n int, max uint8, score []int) game.Item {
	it := game.Item{Item: "misere_most_points", Points: 1}
	for p := 0; p < n; p++ {
		if max>>uint(p)&1 != 0 {
			it.Seats = append(it.Seats, p)
		}
	}
	paid := false
	for _, v := range score {
		paid = paid || v != 0
	}
	if !paid {
		it.Item, it.Points = "misere_tie_no_payment", 0
	}
	return it
}

package strohmandeln

import (
	"trull/internal/card"
	"trull/internal/game"
)

// itemKind names one scored component of a hand.
type itemKind uint8

const (
	itGame itemKind = iota
	itDouble
	itDraw
	itGrammel
	itTrull
	itFourKings
	itPagat
	itPagatCaptured
	itUhu
	itUhuCaptured
	itKakadu
	itKakaduCaptured
	itRostopschin
	itRostopschinLost
	itValat
)

// ItemNames are the result item names, indexed by item kind.
var ItemNames = [...]string{"game", "double", "draw", "grammel", "trull", "four_kings",
	"pagat_ultimo", "pagat_captured", "uhu", "uhu_captured", "kakadu", "kakadu_captured",
	"rostopschin", "rostopschin_lost", "valat"}

// item is one scored component: pts won by seat and paid by the other seat
// (seat -1 for a drawn game, worth 0).
type item struct {
	kind itemKind
	seat int8
	pts  int16
}

// sheet collects the items of a hand without allocating.
type sheet struct {
	items [16]item
	n     int
}

func (sh *sheet) add(k itemKind, seat int, pts int) {
	sh.items[sh.n] = item{kind: k, seat: int8(seat), pts: int16(pts)}
	sh.n++
}

// net returns what the hand adds to each seat's score (zero-sum).
func (sh *sheet) net() [2]int {
	var n [2]int
	for _, it := range sh.items[:sh.n] {
		if it.seat >= 0 {
			n[it.seat] += int(it.pts)
			n[1-it.seat] -= int(it.pts)
		}
	}
	return n
}

// bonusTrick tells who played a bonus card (T1, T2, T3) to its trick (the
// last, the penultimate, the antepenultimate) and whether it won the trick.
type bonusTrick struct {
	player int8 // -1 when the card was not played to that trick
	won    bool
}

// tally is everything the scoring of §3.4 looks at. The state fills it at
// the end of a hand; the worked examples fill it by hand.
type tally struct {
	contract   contract
	undertaker int8
	doubled    bool
	pts        [2]int // card points in the game's unit (thirds, or singles)
	valat      int8   // the seat that won every trick, -1
	trullIn    int8   // the seat whose trick pile holds FOOL, T21, T1, -1
	kingsIn    int8   // the seat whose trick pile holds the four kings, -1
	announced  [2]uint8
	bonus      [3]bonusTrick // Pagat (last trick), Uhu (penultimate), Kakadu (antepenultimate)
	rossSeat   int8          // who said "Ross!", -1
	rossWon    bool          // the Rostopschin was completed
}

// newTally returns a tally with no events.
func newTally(c contract, undertaker int) tally {
	return tally{contract: c, undertaker: int8(undertaker), valat: -1, trullIn: -1, kingsIn: -1,
		rossSeat: -1, bonus: [3]bonusTrick{{player: -1}, {player: -1}, {player: -1}}}
}

// Count returns the card points of a trick pile in the game's unit: thirds
// (3·raw − 2·n) with the 54-card pack, singles with the 40-card pack.
func (r *Rules) Count(pile card.Set) int {
	raw := r.pack.Raw(pile)
	if r.o.Pack40 {
		return raw
	}
	return card.Thirds(raw, pile.Len())
}

// hasGrammel reports whether a winner with w card points against l earns
// the Grammel point (C4, Clarification 10).
func (r *Rules) hasGrammel(w, l int) bool {
	if r.o.GrammelRule == GrammelLoserUnder26 {
		return l <= r.loserMax
	}
	return w >= r.grammel
}

// score fills sh with the items of a hand (docs/RULES.md §3.4).
func (r *Rules) score(t *tally, sh *sheet) {
	ext := r.o.Scoring == Extended
	if t.valat >= 0 && !r.o.ValatAdditive {
		sh.add(itValat, int(t.valat), 12)
		return
	}
	switch t.contract {
	case cUndertaken:
		w, base := int(t.undertaker), 3
		if t.pts[w] < r.win {
			w, base = 1-w, 4
		}
		sh.add(itGame, w, base)
		if t.doubled {
			sh.add(itDouble, w, base)
		}
		if ext && r.hasGrammel(t.pts[w], t.pts[1-w]) {
			sh.add(itGrammel, w, 1)
		}
	case cSimple:
		w := -1
		if t.pts[0] >= r.win {
			w = 0
		} else if t.pts[1] >= r.win {
			w = 1
		}
		if w < 0 {
			sh.add(itDraw, -1, 0)
			break
		}
		if ext {
			sh.add(itGame, w, 1)
			if r.hasGrammel(t.pts[w], t.pts[1-w]) {
				sh.add(itGrammel, w, 1)
			}
		} else {
			sh.add(itGame, w, 2)
		}
	default:
		return
	}
	if ext {
		if t.trullIn >= 0 {
			sh.add(itTrull, int(t.trullIn), 1)
		}
		if t.kingsIn >= 0 {
			sh.add(itFourKings, int(t.kingsIn), 1)
		}
	} else {
		for seat := 0; seat < 2; seat++ {
			if t.announced[seat]&CallTrull != 0 {
				sh.add(itTrull, seat, 1)
			}
			if t.announced[seat]&CallFourKings != 0 {
				sh.add(itFourKings, seat, 1)
			}
		}
	}
	if b := t.bonus[0]; b.player >= 0 {
		if b.won {
			sh.add(itPagat, int(b.player), 1)
		} else {
			sh.add(itPagatCaptured, 1-int(b.player), 1)
		}
	}
	if ext {
		for i, k := range [2]itemKind{itUhu, itKakadu} {
			b := t.bonus[i+1]
			switch {
			case b.player < 0:
			case b.won:
				sh.add(k, int(b.player), 1)
			case !r.o.NoSilentBonusFailurePenalty:
				sh.add(k+1, 1-int(b.player), 1)
			}
		}
		if t.rossSeat >= 0 {
			if t.rossWon {
				sh.add(itRostopschin, int(t.rossSeat), 1)
			} else {
				sh.add(itRostopschinLost, 1-int(t.rossSeat), 1)
			}
		}
	}
	if t.valat >= 0 {
		sh.add(itValat, int(t.valat), 12)
	}
}

// tally gathers the scoring facts of a finished hand.
func (s *State) tally() tally {
	t := newTally(s.contract, int(s.undertaker))
	t.doubled = s.doubled
	t.announced = s.announced
	for seat := 0; seat < 2; seat++ {
		t.pts[seat] = s.count(seat)
		if int(s.nwon[seat]) == s.r.nTricks {
			t.valat = int8(seat)
		}
		if trullSet.SubsetOf(s.won[seat]) {
			t.trullIn = int8(seat)
		}
		if kingsSet.SubsetOf(s.won[seat]) {
			t.kingsIn = int8(seat)
		}
	}
	n := int(s.ntricks)
	for i, c := range [3]card.Card{card.Pagat, card.Trump(2), card.Trump(3)} {
		k := n - 1 - i
		if k < 0 || !s.r.pack.Has(c) {
			continue
		}
		tr := &s.tricks[k]
		for seat := 0; seat < 2; seat++ {
			if tr.cards[seat] == c {
				t.bonus[i] = bonusTrick{player: int8(seat), won: int(tr.winner) == seat}
			}
		}
	}
	if s.rossSeat >= 0 {
		t.rossSeat = s.rossSeat
		k := int(s.rossTrick)
		seat := s.rossSeat
		t.rossWon = s.topschin && k+1 < n && s.tricks[k].winner == seat && s.tricks[k+1].winner == seat
	}
	return t
}

// sheet scores a finished hand into sh.
func (s *State) sheet(sh *sheet) {
	if s.phase != phDone || s.contract == cFolded || s.contract == cThrownIn {
		return
	}
	t := s.tally()
	s.r.score(&t, sh)
}

// Scores returns what the finished hand adds to each seat's score, without
// allocating (fast path). It is zero for a folded or thrown-in hand.
func (s *State) Scores() [2]int {
	var sh sheet
	s.sheet(&sh)
	return sh.net()
}

// CardPoints returns the card points of both trick piles in the game's unit.
func (s *State) CardPoints() [2]int {
	if s.contract == cFolded || s.contract == cThrownIn {
		return [2]int{}
	}
	return [2]int{s.count(0), s.count(1)}
}

// count returns the card points of seat's trick pile (kept incrementally).
func (s *State) count(seat int) int {
	if s.r.o.Pack40 {
		return int(s.raw[seat])
	}
	return card.Thirds(int(s.raw[seat]), 2*int(s.nwon[seat]))
}

// nullrunde reports whether a finished, played hand triggers a Nullrunde: a
// drawn simple game, or a net result of 0 after the bonuses (§3.4, C16).
func nullrunde(sh *sheet, c contract) bool {
	if c != cSimple && c != cUndertaken {
		return false
	}
	for _, it := range sh.items[:sh.n] {
		if it.kind == itDraw {
			return true
		}
	}
	return sh.net()[0] == 0
}

// Result returns the outcome of a finished hand in the shape of docs/FORMAT.md:
// card points in thirds (54 cards) or singles (40 cards), the zero-sum
// score, one item per scored component. A folded or thrown-in hand scores
// nothing and has Redeal set; Double is set when the hand triggers a
// Nullrunde.
func (s *State) Result() game.Result {
	res := game.Result{Contract: contractNames[s.contract], Declarer: int(s.undertaker), Partner: -1,
		CardPoints: []int{0, 0}, Score: []int{0, 0}, Items: []game.Item{}}
	if s.phase != phDone {
		return res
	}
	if s.contract == cFolded || s.contract == cThrownIn {
		res.Redeal = true
		return res
	}
	cp := s.CardPoints()
	res.CardPoints = cp[:]
	var sh sheet
	s.sheet(&sh)
	net := sh.net()
	res.Score = net[:]
	res.Double = nullrunde(&sh, s.contract)
	for _, it := range sh.items[:sh.n] {
		gi := game.Item{Item: ItemNames[it.kind], Points: int(it.pts)}
		if it.seat >= 0 {
			gi.Seats = []int{int(it.seat)}
			gi.Side = s.role(int(it.seat))
		}
		res.Items = append(res.Items, gi)
	}
	return res
}

// role names a seat's side in result items: undertaker/opponent in an
// undertaken game, elder/dealer in a simple game.
func (s *State) role(seat int) string {
	switch {
	case s.contract == cUndertaken && seat == int(s.undertaker):
		return "undertaker"
	case s.contract == cUndertaken:
		return "opponent"
	case seat == int(s.elder):
		return "elder"
	}
	return "dealer"
}

// NullState is the Nullrunde state of a sitting between hands (§3.4 "Hand
// total, Nullrunde and session"): Windows holds, for each open doubling
// window, how many played games it still covers. The zero value is no
// Nullrunde. Each open window doubles a game: with nullrundeStacking=restart
// (default) at most one window is open, so a game counts at most ×2; with
// nullrundeStacking=stack two windows can overlap and a game covered by both
// counts ×4.
type NullState struct {
	Windows [2]uint8
}

// Multiplier returns the factor for the next played game: 1, 2 or 4.
func (n NullState) Multiplier() int {
	m := 1
	for _, w := range n.Windows {
		if w > 0 {
			m *= 2
		}
	}
	return m
}

// NextMultiplier advances a sitting's Nullrunde state over a finished hand
// with result res (scored with state.Multiplier()) and returns the factor
// for the next hand and the new state. A redealt hand (fold, throw-in) is
// not a played game and changes nothing. A played game uses up one game of
// every open window; if it triggers a Nullrunde (res.Double), the next two
// played games count double: with nullrundeStacking=restart the window
// restarts (never more than ×2), with stack a new window opens beside a
// running one.
//
// A sitting scores hand i as Scaled(res_i, mult_i) with mult_0 = 1 and
// (mult_{i+1}, state_{i+1}) = r.NextMultiplier(state_i, res_i).
func (r *Rules) NextMultiplier(state NullState, res game.Result) (mult int, next NullState) {
	if res.Redeal {
		return state.Multiplier(), state
	}
	next = state
	for i := range next.Windows {
		if next.Windows[i] > 0 {
			next.Windows[i]--
		}
	}
	if res.Double {
		if r.o.NullrundeStacking == StackStack {
			if next.Windows[0] == 0 {
				next.Windows[0] = 2
			} else {
				next.Windows[1] = 2
			}
		} else {
			next = NullState{Windows: [2]uint8{2, 0}}
		}
	}
	return next.Multiplier(), next
}

// Scaled returns a copy of res with every item and score multiplied by mult
// (a Nullrunde game: "every item ×2").
func Scaled(res game.Result, mult int) game.Result {
	out := res
	out.Score = make([]int, len(res.Score))
	for i, v := range res.Score {
		out.Score[i] = v * mult
	}
	out.Items = make([]game.Item, len(res.Items))
	for i, it := range res.Items {
		it.Points *= mult
		out.Items[i] = it
	}
	return out
}

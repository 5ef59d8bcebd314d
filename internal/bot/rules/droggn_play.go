package rules

import (
	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// params are the weights of the rules bot. In card play a card's value
// is (2p−1)·T for the current trick (p: the chance that the seat's side
// takes it, T: its raw points), plus the expected Pagat scores, minus keep
// (what holding the card is worth later, in the same units), plus the
// leading preferences of the tactics notes. The defaults were tuned in
// duplicate self-play against variants of themselves.
type params struct {
	// later is the raw points each player still to play adds to a trick.
	later float64
	// future is the raw points the other two cards of a later trick bring.
	future float64
	// partnerHelp discounts the chance that a partner who plays later
	// takes the trick from the opponents.
	partnerHelp float64
	// masterPremium is the extra a sure trump winner is worth: it can wait
	// for a trick with a king or queen in it.
	masterPremium float64
	// trumpBase and trumpSpan give the chance that a trump below the top
	// wins later: base + span·(share of the unseen trumps below it).
	trumpBase, trumpSpan float64
	// suitMaster is the chance that a suit card no unseen card beats wins
	// later, before the ruff risk; ruffFuture weighs the ruff risk seen
	// now (the seat chooses when to play it).
	suitMaster, ruffFuture float64
	// courtBase and pipBase start the chance of a suit card with higher
	// cards out; each higher card held adds guard, each one out costs out.
	courtBase, pipBase, guard, out float64
	// schmear is the chance that a defender's suit card, kept, can be
	// thrown onto a trick the partner takes (at least).
	schmear float64
	// fool is what the freedom of the Gstieß is worth before the last two
	// tricks.
	fool float64
	// middle rewards the defender on the declarer's right for taking a
	// trick last (the declarer then plays second); early the other one.
	middle, early float64
	// drawLead rewards a declarer, long in trumps by drawMargin, for
	// leading a top trump.
	drawLead, drawMargin float64
	// voidLead rewards a defender for leading a cheap card of a suit the
	// declarer is void in (to shorten his trumps).
	voidLead float64
	// defTrumpLead is a defender's reluctance to lead trumps while the
	// Pagat is out; shortTrumpLead his wish to when short and the partner
	// is long.
	defTrumpLead, shortTrumpLead float64
	// longLead rewards the declarer for leading low from a long suit while
	// the defenders have trumps.
	longLead float64
	// foolLead is the reluctance to lead the Gstieß.
	foolLead float64

	// bidEV is the expected hand result (X, declarer's view) a bid must
	// promise. It is negative: a pass lets another player declare, whose
	// expected gain is the passer's loss.
	bidEV float64
	// schwacher: a defender doubles when the declarer's expected result
	// is below −schwacher; retour: a declarer answers the first Schwacher
	// with Retour when his estimated pile exceeds W by retour.
	schwacher, retour float64
	// layoutDecl and layoutDef are the trumps besides the Pagat a
	// declarer or defender needs (with the Mond) to lay the Pagat out.
	layoutDecl, layoutDef float64
}

// defaults are the tuned weights (TestTuneDuels measures variants of them).
var defaults = params{
	later: 1.8, future: 3.6, partnerHelp: 0.8, masterPremium: 2.5,
	trumpBase: 0.3, trumpSpan: 0.6, suitMaster: 0.45, ruffFuture: 0.6,
	courtBase: 0.4, pipBase: 0.1, guard: 0.2, out: 0.075, schmear: 0.5, fool: 1.5,
	middle: 1, early: 0.5, drawLead: 3, drawMargin: 4, voidLead: 2.5,
	defTrumpLead: 1.5, shortTrumpLead: 2, longLead: 0.5, foolLead: 2,
	bidEV: know.DroggnBidEV, schwacher: 4, retour: 14, layoutDecl: 11, layoutDef: 12,
}

// mordStake is the trick value used when one lost trick decides a Super
// Mord.
const mordStake = 60

// play chooses the legal card with the best value.
func (k *dgKnow) play(legal []game.Action) game.Action {
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		if v := k.playValue(a.Card); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// pts returns the raw points of c.
func (k *dgKnow) pts(c card.Card) float64 { return float64(k.pack.Points(c)) }

// mord reports whether every trick decides the hand (Super Mord under the
// default inclusive scoring).
func (k *dgKnow) mord() bool {
	return k.contract == droggn.SuperMord && k.r.Opts().SuperMordPagatScoring != droggn.SuperMordSeparate
}

// playValue rates playing c now.
func (k *dgKnow) playValue(c card.Card) float64 {
	pp := k.p
	cur, curSeat := k.best()
	gov := governing(k.trick)
	nb, ns := cur, curSeat
	if droggn.Beats(c, cur) {
		nb, ns = c, k.seat
	}
	if gov == card.None && c != card.Fool {
		gov = c
	}
	later := k.later()
	p := 0.0
	if k.friend(ns) {
		p = 1
	}
	for _, o := range later {
		if k.friend(o) {
			p += (1 - p) * pp.partnerHelp * k.pBeats(o, nb, gov)
		} else {
			p *= 1 - k.pBeats(o, nb, gov)
		}
	}
	t := pp.later * float64(len(later))
	for _, tc := range k.trick {
		if tc != card.Fool {
			t += k.pts(tc)
		}
	}
	if c != card.Fool {
		t += k.pts(c)
	}
	if k.mord() {
		t = mordStake
	}
	v := (2*p-1)*t + k.pagatTerm(c, p) - k.keep(c)
	// Keep the declarer in the middle: the defender on the declarer's
	// right (d2) likes to take tricks last and lead, so that the declarer
	// plays second to the next trick.
	if !k.isDecl && ns == k.seat && len(later) == 0 {
		if k.seat == k.defs[1] {
			v += pp.middle
		} else {
			v -= pp.early
		}
	}
	if len(k.trick) == 0 {
		v += k.leadAdjust(c)
	}
	return v
}

// pagatTerm is the expected Pagat score of the current trick for this
// seat's side when c is played and the side takes the trick with
// probability p: a capture before the last trick (5), an unannounced
// ultimo (10), a laid-out Pagat (20·m). Card points count m times in the
// score and the unannounced scores once, so those are divided by m.
func (k *dgKnow) pagatTerm(c card.Card, p float64) float64 {
	if k.mord() {
		return 0
	}
	by := -1
	for i, tc := range k.trick {
		if tc == card.Pagat {
			by = int(k.trickSeats[i])
		}
	}
	if c == card.Pagat {
		by = k.seat
	}
	if by < 0 {
		return 0
	}
	m := float64(int(1) << k.k)
	last := k.trickNo == k.tricks-1
	var win, lose float64 // from this seat's side's view
	switch {
	case k.s.PagatLaidOut() >= 0:
		// A laid-out Pagat that falls before the last trick is lost
		// whoever takes it; in the last trick it is won or lost with it.
		if !last {
			return 0
		}
		win, lose = 20, -20
	case last:
		// Ours wins (+10) or is beaten (−10); theirs likewise, mirrored.
		win, lose = 10/m, -10/m
	case k.friend(by):
		win, lose = 0, -5/m
	default:
		win, lose = 5/m, 0
	}
	return p*win + (1-p)*lose
}

// ultimoChance estimates the chance that this seat's Pagat, kept to the
// end, wins the last trick: its side's other trumps against the other
// side's.
func (k *dgKnow) ultimoChance() float64 {
	opp := k.oppTrumps()
	if opp < 0.3 {
		return 0.97
	}
	mine := float64(k.hand.Trumps().Len() - 1)
	if k.partner >= 0 {
		mine += 0.5 * k.expTrumps(k.partner)
	}
	q := 0.5 + 0.15*(mine-opp)
	return min(0.95, max(0.03, q))
}

// keep is what holding c is worth for the rest of the hand, in the units of
// playValue: every card is played once, so a card that will win a later
// trick is worth that trick, and a sure loser costs one.
func (k *dgKnow) keep(c card.Card) float64 {
	pp := k.p
	left := k.tricks - k.trickNo
	switch {
	case c == card.Fool:
		if left <= 2 {
			return -2 // never keep the Gstieß for the last trick
		}
		return pp.fool
	case c == card.Pagat:
		if k.s.PagatLaidOut() == k.seat {
			return 0
		}
		// Kept to the end it wins or loses the ultimo; or it is got rid of
		// on a trick the side takes (about half the time), else captured.
		q := k.ultimoChance()
		m := float64(int(1) << k.k)
		ultimo := (2*q - 1) * (10/m + 5 + pp.future)
		dispose := -0.5 * 5 / m
		return max(ultimo, dispose)
	case c == card.Mond:
		return 5 + pp.future + pp.masterPremium
	case c.IsTrump():
		if k.isMaster(c) {
			return 0.94*(1+pp.future) + pp.masterPremium
		}
		out := k.outTrumps()
		below := out.Minus(higherTrumps(c)).Len()
		above := out.Intersect(higherTrumps(c)).Len()
		pf := pp.trumpBase + pp.trumpSpan*float64(below)/float64(below+above+1)
		return (2*pf - 1) * (1 + pp.future)
	}
	// A suit card wins later if no card above it is left outside this hand
	// (the higher ones it holds itself can draw them) and nobody ruffs it.
	out := k.pack.Cards.Minus(k.hand).Minus(k.played).Minus(k.myDiscards)
	hiOut := higherInSuit(c).Intersect(out).Len()
	hiMine := higherInSuit(c).Intersect(k.hand).Len()
	pf := suitOdds{pp.suitMaster, pp.courtBase, pp.pipBase, pp.guard, pp.out}.chance(c, hiOut, hiMine)
	for _, o := range k.opponents() {
		pVoid := k.pNone(o, card.SuitMask(c.Suit()))
		pf *= 1 - pp.ruffFuture*pVoid*k.pHas(o, card.TrumpsOnly)
	}
	if k.partner >= 0 {
		pf = max(pf, pp.schmear)
	}
	return (2*pf - 1) * (k.pts(c) + pp.future)
}

// leadAdjust holds the leading preferences of the tactics notes.
func (k *dgKnow) leadAdjust(c card.Card) float64 {
	pp := k.p
	myT := float64(k.hand.Trumps().Len())
	switch {
	case c == card.Fool:
		return -pp.foolLead
	case c == card.Pagat:
		return 0
	case c.IsTrump() && k.isDecl:
		if opp := k.oppTrumps(); opp >= 0.5 && myT >= opp+pp.drawMargin && k.isMaster(c) {
			// Long in trumps: draw them from the top, so that the lower
			// trumps and the suits become good.
			return pp.drawLead
		}
		return 0
	case c.IsTrump():
		adj := 0.0
		if k.pagatBy < 0 && !k.hand.Has(card.Pagat) {
			adj -= pp.defTrumpLead // do not help the declarer to an ultimo
		}
		if myT <= 2 && k.partner >= 0 && k.expTrumps(k.partner) > k.expTrumps(k.decl) {
			adj += pp.shortTrumpLead // short, partner long: clear the way for schmearing
		}
		return adj
	case !k.isDecl:
		// Find the declarer's void and keep leading it to shorten his
		// trumps, with cards that cost nothing.
		if k.void[k.decl].Has(card.SuitCard(c.Suit(), card.King)) && k.expTrumps(k.decl) > 0.5 && k.pts(c) <= 1 {
			return pp.voidLead
		}
		return 0
	}
	// The declarer leads a suit: a long suit pulls the defenders' trumps
	// while they have them.
	if k.pts(c) <= 1 && k.oppTrumps() >= 1 && k.hand.OfSuit(c.Suit()).Len() >= 4 {
		return pp.longLead
	}
	return 0
}

package rules

import (
	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// The Troggu strategy of the rules bot (docs/RULES.md §2). It decides from the
// exported fields of a *troggu.View only:
//
//   - bidding: the declarer's card points are estimated from the dealt hand
//     (trumps with the Fool, high trumps, kings, queens, voids) with weights
//     fitted per number of players; the bot bids Normal when the chance of
//     reaching 58 is good, Solo when it is good without the Tapp and a
//     Normal is no longer open (or the hand is overwhelming);
//   - the call (7–8 players): T20, or the highest trump the hand lacks; the
//     bot calls a trump of its own, and so plays alone, only with a hand
//     that wins alone;
//   - discards: a small knapsack over the suits banks queens, cavaliers and
//     jacks that would be lost, voids short suits, keeps trumps and kings;
//     the engine's legal list enforces the 5-point rule;
//   - card play: every legal card is rated as (2p−1)·T − keep, where p is
//     the chance that the seat's side takes the trick (from the cards still
//     out, the voids shown and the hand sizes), T the trick's points and
//     keep what holding the card is worth later; a partner who is not yet
//     known counts as a friend with the probability that he is one. The
//     Fool is the highest trump; a renege costs its power, so it is chosen
//     only when the trick is better served by another card. In Misère the
//     rating is minus the expected points the seat takes (the others are
//     taken to duck whenever they can), plus a reward for shedding cards
//     that would win later tricks.

// tgParams are the weights of the Troggu strategy: those of the card play
// in raw card points, then the bidding thresholds as chances of winning.
type tgParams struct {
	// later is the points each player still to play adds to a trick.
	later float64
	// help discounts the chance that a friend who plays later takes the
	// trick from the other side.
	help float64
	// premium is the extra a sure trump winner is worth: it can wait for a
	// fat trick.
	premium float64
	// trumpBase and trumpSpan give the chance that a trump below the top
	// wins later: base + span·(share of the unseen trumps below it).
	trumpBase, trumpSpan float64
	// suitMaster is the chance that a suit card no unseen card beats wins
	// later before the ruff risk; ruff weighs that risk.
	suitMaster, ruff float64
	// courtBase, pipBase, guard and out give the chance of a suit card
	// with higher cards out.
	courtBase, pipBase, guard, out float64
	// schmear is the least chance that a kept suit card goes to the own
	// side when the seat has a known friend (it can be thrown on his trick).
	schmear float64
	// drawLead rewards the declarer's side, long in trumps by drawMargin,
	// for leading a master trump.
	drawLead, drawMargin float64
	// voidLead rewards a defender for leading a cheap card of a suit the
	// declarer is void in (to shorten his trumps).
	voidLead float64
	// kingLead rewards leading a king while the suit is likely to go round.
	kingLead float64
	// misereFuture scales the reward for shedding dangerous cards in
	// Misère.
	misereFuture float64

	// normalP is the chance of winning a Normal game the bot bids with;
	// soloP the chance a Solo needs once a Normal was bid (only Pass or
	// Solo are left), soloOverP while a Normal is still open (the exchange
	// makes the Normal the better game unless the hand wins almost surely
	// without it); aloneP the chance of winning alone at 7–8 players that
	// makes the Tappist call one of his own trumps.
	normalP, soloP, soloOverP, aloneP float64
}

// tgDefaults are the Troggu weights. The card-play ones were tuned by
// coordinate search in duplicate self-play against variants of
// themselves, normalP likewise (a lower one helps at 3–4 players, a higher
// one nowhere); the Solo and alone thresholds made no measurable
// difference.
var tgDefaults = tgParams{
	later: 1.8, help: 0.8, premium: 2,
	trumpBase: 0.4, trumpSpan: 0.6, suitMaster: 0.5, ruff: 0.8,
	courtBase: 0.3, pipBase: 0.1, guard: 0.1, out: 0.08, schmear: 0.35,
	drawLead: 3, drawMargin: 3, voidLead: 2, kingLead: 1.5, misereFuture: 0.2,
	normalP: know.TrogguNormalP, soloP: know.TrogguSoloP, soloOverP: know.TrogguSoloOverP, aloneP: 0.8,
}

// tgKnow is what a Troggu seat can infer from its view: its cards, the
// cards played, the voids shown, the sides as far as it knows them, and
// the pool of cards whose place it does not know.
type tgKnow struct {
	p         *tgParams
	v         *troggu.View
	n, seat   int
	decl      int
	contract  string
	misere    bool
	overtrump bool
	called    card.Card

	hand      card.Set
	played    card.Set // cards in completed tricks and the current trick
	discards  card.Set // own discards (Tappist)
	tappTaken card.Set // the Tapp as taken up (Tappist)
	unknown   card.Set // cards whose place the seat does not know
	sizes     [troggu.MaxSeats]int
	void      [troggu.MaxSeats]card.Set // cards a seat cannot hold (or cannot win with)
	known     [troggu.MaxSeats]card.Set // cards a seat is known to hold
	friend    [troggu.MaxSeats]float64  // chance that a seat plays on this seat's side

	trick      []card.Card // the current trick, powerless Fools left out
	trickSeats []int
	foolInTrk  card.Card // a powerless FOOL lying in the current trick, else None
	powerless  bool      // the seat's own FOOL has lost its power
}

// tgParse parses a Troggu card ID; unknown IDs give card.None.
func tgParse(id string) card.Card { return orNone(card.Troggu62.Parse(id)) }

// tgSet parses a list of card IDs.
func tgSet(ids []string) card.Set { return idSet(ids, tgParse) }

// tgTrumpish reports whether c takes tricks as a trump (T1…T21, FOOL).
func tgTrumpish(c card.Card) bool { return c.IsTrump() || c == card.Fool }

// tgAbove returns the trumps (the Fool included) above the trump t, or all
// of them for a suit card.
func tgAbove(t card.Card) card.Set {
	if !tgTrumpish(t) {
		return card.TrumpsAndFool
	}
	return card.Set{Lo: card.TrumpsAndFool.Lo &^ (2<<uint(t) - 1), Hi: 0}
}

// trogguOpts returns the options of a Troggu view's rules, the defaults
// when it names none.
func trogguOpts(v *troggu.View) troggu.Options {
	if r, ok := v.Rules().(*troggu.Rules); ok {
		return r.Opts()
	}
	return troggu.Options{}
}

// newTgKnow reads a Troggu view.
func newTgKnow(v *troggu.View, p *tgParams) *tgKnow {
	o := trogguOpts(v)
	k := &tgKnow{p: p, v: v, n: v.Players, seat: v.Seat, decl: v.Declarer, contract: v.Contract,
		overtrump: o.MustOvertrump, powerless: v.FoolPowerless}
	k.misere = k.contract == "misere"
	if v.CalledTrump > 0 {
		k.called = card.Trump(v.CalledTrump)
	}
	k.hand = tgSet(v.Hand)
	k.discards = tgSet(v.Discards)
	k.tappTaken = tgSet(v.TappTaken)
	for o := 0; o < k.n && o < len(v.HandSizes); o++ {
		k.sizes[o] = v.HandSizes[o]
	}
	for _, t := range v.Tricks {
		k.readTrick(t, false)
	}
	if v.Trick != nil {
		k.readTrick(*v.Trick, true)
	}
	// A forced Tappist held FOOL, or T1 with FOOL in the Tapp he took up;
	// FOOL cannot be discarded, so it is in his hand until played.
	if v.Forced && k.decl >= 0 && k.decl != k.seat && !k.played.Has(card.Fool) && !k.hand.Has(card.Fool) &&
		o.FourKingsDiscard != troggu.AnyFivePoint {
		k.known[k.decl].Add(card.Fool)
	}
	k.unknown = card.Troggu62.Cards.Minus(k.hand).Minus(k.played).Minus(k.discards).Minus(k.tappTaken)
	k.sides()
	return k
}

// readTrick collects the cards and voids of one trick; cur marks the
// trick in progress.
func (k *tgKnow) readTrick(t troggu.ViewTrick, cur bool) {
	gov, best := card.None, card.None
	for _, pl := range t.Plays {
		c := tgParse(pl.Card)
		if c == card.None {
			continue
		}
		k.played.Add(c)
		if pl.Powerless {
			if cur {
				k.foolInTrk = c
			}
			continue
		}
		o := pl.Seat
		if gov != card.None && o >= 0 && o < k.n {
			k.inferVoid(o, c, gov, best)
		}
		if gov == card.None {
			gov = c
		}
		if troggu.Beats(c, best) {
			best = c
		}
		if cur {
			k.trick = append(k.trick, c)
			k.trickSeats = append(k.trickSeats, o)
		}
	}
}

// inferVoid records what seat o showed by playing c to a trick governed by
// gov whose best card so far was best (troggu.Void). A seat that showed it
// holds no numbered trump counts as without FOOL too: it is gone, or it
// lost its power by the renege.
func (k *tgKnow) inferVoid(o int, c, gov, best card.Card) {
	no := troggu.Void(c, gov, best, k.overtrump)
	if no.Intersect(card.TrumpsOnly) == card.TrumpsOnly {
		no.Add(card.Fool)
	}
	k.void[o] = k.void[o].Union(no)
}

// sides fills friend: 1 for the seat itself and known friends, 0 for known
// opponents, and the chance of being a friend for a player who may be the
// secret partner.
func (k *tgKnow) sides() {
	for o := 0; o < k.n; o++ {
		k.friend[o] = 0
	}
	k.friend[k.seat] = 1
	if k.misere || k.decl < 0 {
		return
	}
	if k.called == card.None || k.contract != "normal" {
		for o := 0; o < k.n; o++ {
			if (o == k.decl) == (k.seat == k.decl) {
				k.friend[o] = 1
			}
		}
		return
	}
	partner := -1
	known := false
	switch {
	case k.v.Partner != nil:
		partner, known = *k.v.Partner, true
	case k.v.Alone:
		known = true
	case k.seat != k.decl && k.hand.Has(k.called):
		partner, known = k.seat, true
	case k.seat == k.decl && (k.hand.Has(k.called) || k.tappTaken.Has(k.called) || k.discards.Has(k.called)):
		known = true
	}
	if known {
		inDecl := func(o int) bool { return o == k.decl || o == partner }
		for o := 0; o < k.n; o++ {
			if inDecl(o) == inDecl(k.seat) {
				k.friend[o] = 1
			}
		}
		return
	}
	// The called trump lies unseen: with one of the other players, or
	// with the Tappist (then he plays alone). Weigh the places by the
	// cards they may hide.
	w := make([]float64, k.n)
	total := 0.0
	for o := 0; o < k.n; o++ {
		if o == k.seat {
			continue
		}
		if o != k.decl && k.void[o].Has(k.called) {
			continue
		}
		w[o] = float64(k.sizes[o])
		if o == k.decl {
			w[o] += float64(k.v.DiscardCount)
		}
		total += w[o]
	}
	if total == 0 {
		total = 1
	}
	for o := 0; o < k.n; o++ {
		if o == k.seat {
			continue
		}
		q := w[o] / total // the chance that o holds the called trump
		switch {
		case k.seat == k.decl && o != k.decl:
			k.friend[o] = q
		case k.seat != k.decl && o == k.decl:
			k.friend[o] = 0
		case k.seat != k.decl:
			k.friend[o] = 1 - q
		}
	}
}

// enemy is the chance that seat o plays against this seat.
func (k *tgKnow) enemy(o int) float64 { return 1 - k.friend[o] }

// tgPts returns the points of c.
func tgPts(c card.Card) float64 { return float64(card.Troggu62.Points(c)) }

// best returns the card winning the current trick and its seat.
func (k *tgKnow) best() (card.Card, int) {
	b, w := card.None, -1
	for i, c := range k.trick {
		if troggu.Beats(c, b) {
			b, w = c, k.trickSeats[i]
		}
	}
	return b, w
}

// gov returns the card that sets the suit of the current trick, None
// before it is played.
func (k *tgKnow) gov() card.Card {
	if len(k.trick) == 0 {
		return card.None
	}
	return k.trick[0]
}

// later returns the seats still to play to the current trick after this
// seat.
func (k *tgKnow) later() []int {
	played := len(k.trick)
	if k.foolInTrk != card.None {
		played++
	}
	var out []int
	o := k.seat
	for i := played + 1; i < k.n; i++ {
		o = (o + 1) % k.n
		out = append(out, o)
	}
	return out
}

// pNone is the probability that seat o holds none of the cards of x: the
// cards it is known to hold and its voids, otherwise its unknown cards
// drawn at random from the unknown pool.
func (k *tgKnow) pNone(o int, x card.Set) float64 {
	return pNoneHeld(x, k.known[o], k.void[o], k.unknown, k.sizes[o]-k.known[o].Len())
}

// pHas is the probability that seat o holds at least one card of x.
func (k *tgKnow) pHas(o int, x card.Set) float64 { return 1 - k.pNone(o, x) }

// pBeats is the probability that seat o, playing later to a trick governed
// by gov, can take it from best.
func (k *tgKnow) pBeats(o int, best, gov card.Card) float64 {
	switch {
	case best == card.None:
		return 1
	case best == card.Fool:
		return 0
	}
	if tgTrumpish(gov) {
		return k.pHas(o, tgAbove(best))
	}
	suit := card.SuitMask(gov.Suit())
	if tgTrumpish(best) {
		return k.pNone(o, suit) * k.pHas(o, tgAbove(best))
	}
	return min(1, k.pHas(o, tgHigherInSuit(best))+k.pNone(o, suit)*k.pHas(o, card.TrumpsAndFool))
}

// outTrumps returns the trumps, the Fool included, that this seat has not
// seen.
func (k *tgKnow) outTrumps() card.Set {
	return card.TrumpsAndFool.Intersect(k.unknown)
}

// expTrumps estimates how many trumps seat o holds.
func (k *tgKnow) expTrumps(o int) float64 {
	known := k.known[o].Intersect(card.TrumpsAndFool).Len()
	pool := k.unknown.Minus(k.void[o])
	if pool.Empty() {
		return float64(known)
	}
	h := k.sizes[o] - k.known[o].Len()
	return float64(known) + float64(h)*float64(pool.Intersect(card.TrumpsAndFool).Len())/float64(pool.Len())
}

// isMaster reports whether no unseen card of c's kind beats c.
func (k *tgKnow) isMaster(c card.Card) bool {
	if tgTrumpish(c) {
		return !tgAbove(c).Overlaps(k.unknown)
	}
	return !tgHigherInSuit(c).Overlaps(k.unknown)
}

// tgHigherInSuit returns the cards of c's suit above c.
func tgHigherInSuit(c card.Card) card.Set {
	m := card.SuitMask(c.Suit())
	return card.Set{Lo: 0, Hi: m.Hi &^ (1<<(uint(c)-64+1) - 1)}
}

// future is the points the other cards of a later trick bring.
func (k *tgKnow) future() float64 { return k.p.later * float64(k.n-1) }

// opponents returns the seats that surely or possibly play against this
// seat (enemy gives the chance).
func (k *tgKnow) opponents() []int {
	var out []int
	for o := 0; o < k.n; o++ {
		if o != k.seat && k.enemy(o) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// hasFriend reports whether some other seat is surely on this seat's side.
func (k *tgKnow) hasFriend() bool {
	for o := 0; o < k.n; o++ {
		if o != k.seat && k.friend[o] >= 0.99 {
			return true
		}
	}
	return false
}

// trogguAct chooses the rules bot's Troggu action.
func trogguAct(v *troggu.View, legal []game.Action) game.Action {
	k := newTgKnow(v, &tgDefaults)
	switch legal[0].Kind {
	case game.KindBid:
		return k.bid(legal)
	case game.KindCall:
		return k.call(legal)
	case game.KindDiscard:
		return k.discard(legal)
	case game.KindPlay:
		return k.play(legal)
	}
	return legal[0]
}

// ---- bidding and calling ----

// bid passes, or bids Normal or Solo by the estimated chance of winning.
func (k *tgKnow) bid(legal []game.Action) game.Action {
	f := know.Features(k.hand)
	pn, ps := know.TrogguNormal[k.n].Chance(f), know.TrogguSolo[k.n].Chance(f)
	find := func(code uint8) (game.Action, bool) {
		for _, a := range legal {
			if a.Call == code {
				return a, true
			}
		}
		return game.Action{}, false
	}
	normal, canNormal := find(troggu.BidNormal)
	solo, canSolo := find(troggu.BidSolo)
	switch {
	case canSolo && ps >= k.p.soloOverP:
		return solo
	case canNormal && pn >= k.p.normalP:
		return normal
	case canSolo && !canNormal && ps >= k.p.soloP:
		return solo
	}
	if pass, ok := find(troggu.BidPass); ok {
		return pass
	}
	return legal[0]
}

// call names a partner's trump, or one of the own trumps to play alone
// with a hand that wins alone.
func (k *tgKnow) call(legal []game.Action) game.Action {
	want, ok := know.TrogguCallCard(k.hand)
	w := know.TrogguAlone[k.n]
	if w.SD > 0 && w.Chance(know.Features(k.hand)) >= k.p.aloneP || !ok {
		// Alone: call an own trump (T20 if held, so that the call looks
		// like the usual one).
		for n := 20; n >= 1; n-- {
			if k.hand.Has(card.Trump(n)) {
				want = card.Trump(n)
				break
			}
		}
	}
	for _, a := range legal {
		if a.Card == want {
			return a
		}
	}
	return legal[0]
}

// ---- discards ----

// tgVoidBonus is what a void is worth to a Tappist with trumps to ruff:
// more than any card kept in the suit (measured on forced Normal games in
// self-play, a void outweighs the points of the cards that make it).
const tgVoidBonus = 8

// tgKeepForDiscard is what keeping the suit card c is worth to a Tappist
// holding h (in points, against the points banked by discarding it).
func tgKeepForDiscard(c card.Card, h card.Set) float64 {
	if tgTrumpish(c) {
		return 4 + float64(c)/20
	}
	u := c.Suit()
	king := h.Has(card.SuitCard(u, card.King))
	queen := h.Has(card.SuitCard(u, card.Queen))
	switch c.Rank() {
	case card.King:
		return 7
	case card.Queen:
		if king {
			return 3
		}
		return 0.6
	case card.Knight:
		if king && queen {
			return 1.8
		}
		return 0.4
	case card.Jack:
		return 0.25
	}
	return 0.1 + float64(c.Rank())/100
}

// discard chooses the next discard: the best completion of the discard
// (banked points, minus what the kept cards would have been worth, plus
// the voids made) among the cards the engine allows, found by a knapsack
// over the suits and the trumps.
func (k *tgKnow) discard(legal []game.Action) game.Action {
	allowed := card.Set{}
	for _, a := range legal {
		allowed.Add(a.Card)
	}
	rest := k.tappTaken.Len() - k.discards.Len()
	if rest <= 0 {
		rest = 1
	}
	trumps := k.hand.Intersect(card.TrumpsAndFool).Len()
	// groups: the four suits and the trumps; each sorted by gain.
	type group struct {
		cards []card.Card
		gains []float64
		whole bool // discarding every card voids the suit
	}
	var groups [5]group
	for g := 0; g < 5; g++ {
		var cs card.Set
		if g < 4 {
			cs = k.hand.OfSuit(card.Suit(g))
		} else {
			cs = k.hand.Intersect(card.TrumpsAndFool)
		}
		cand := cs.Intersect(allowed).Cards(nil)
		gain := func(c card.Card) float64 { return tgPts(c) - tgKeepForDiscard(c, k.hand) }
		for i := 1; i < len(cand); i++ {
			for j := i; j > 0 && gain(cand[j]) > gain(cand[j-1]); j-- {
				cand[j], cand[j-1] = cand[j-1], cand[j]
			}
		}
		grp := group{cards: cand, whole: g < 4 && len(cand) == cs.Len() && cs.Len() > 0}
		for _, c := range cand {
			grp.gains = append(grp.gains, gain(c))
		}
		groups[g] = grp
	}
	// value(g, m): the gain of discarding the best m cards of group g.
	value := func(g, m int) float64 {
		v := 0.0
		for i := 0; i < m; i++ {
			v += groups[g].gains[i]
		}
		if groups[g].whole && m == len(groups[g].cards) && trumps >= 3 {
			v += tgVoidBonus
		}
		return v
	}
	total := 0
	for g := range groups {
		total += len(groups[g].cards)
	}
	rest = min(rest, total)
	// Knapsack: best[g][r] = the best value of discarding r cards from
	// groups g…4; choice[g][r] the number taken from group g.
	const neg = -1e18
	var best [6][]float64
	var choice [5][]int
	for g := 0; g <= 5; g++ {
		best[g] = make([]float64, rest+1)
		for r := range best[g] {
			best[g][r] = neg
		}
	}
	best[5][0] = 0
	for g := 4; g >= 0; g-- {
		choice[g] = make([]int, rest+1)
		for r := 0; r <= rest; r++ {
			for m := 0; m <= min(r, len(groups[g].cards)); m++ {
				if best[g+1][r-m] == neg {
					continue
				}
				if v := value(g, m) + best[g+1][r-m]; v > best[g][r] {
					best[g][r], choice[g][r] = v, m
				}
			}
		}
	}
	pick, pickGain := card.None, neg
	r := rest
	for g := 0; g < 5 && best[g][r] != neg; g++ {
		m := choice[g][r]
		for i := 0; i < m; i++ {
			if groups[g].gains[i] > pickGain {
				pick, pickGain = groups[g].cards[i], groups[g].gains[i]
			}
		}
		r -= m
	}
	for _, a := range legal {
		if a.Card == pick {
			return a
		}
	}
	return legal[0]
}

// ---- card play ----

// play chooses the legal card with the best rating.
func (k *tgKnow) play(legal []game.Action) game.Action {
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		v := k.playValue(a.Card)
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// reneges reports whether playing c now takes the power from the seat's
// FOOL: c is a suit card that does not follow a lead while FOOL is held.
func (k *tgKnow) reneges(c card.Card) bool {
	gov := k.gov()
	if gov == card.None || k.powerless || !k.hand.Has(card.Fool) || tgTrumpish(c) {
		return false
	}
	return tgTrumpish(gov) || c.Suit() != gov.Suit()
}

// playValue rates playing c now.
func (k *tgKnow) playValue(c card.Card) float64 {
	pp := k.p
	cur, curSeat := k.best()
	gov := k.gov()
	dead := c == card.Fool && k.powerless // a powerless FOOL takes no part
	nb, ns := cur, curSeat
	if !dead && troggu.Beats(c, cur) {
		nb, ns = c, k.seat
	}
	if gov == card.None && !dead {
		gov = c
	}
	later := k.later()
	t := pp.later * float64(len(later))
	for _, tc := range k.trick {
		t += tgPts(tc)
	}
	if !dead {
		t += tgPts(c)
	}
	if k.misere {
		return k.misereValue(c, nb, ns, gov, later, t)
	}
	p := 0.0
	if ns >= 0 {
		p = k.friend[ns]
	}
	if gov != card.None {
		for _, o := range later {
			b := k.pBeats(o, nb, gov)
			fo := k.friend[o]
			p = p*(1-b*(1-fo)) + (1-p)*b*fo*pp.help
		}
	}
	v := (2*p-1)*t - k.keep(c)
	if dead {
		v += tgPts(c) // it goes to the own pile in any case
	}
	if k.reneges(c) {
		v += k.keepFool(true) - k.keepFool(false)
	}
	if len(k.trick) == 0 && k.foolInTrk == card.None {
		v += k.leadAdjust(c)
	}
	return v
}

// keepFool is what holding the seat's FOOL is worth, with or without its
// power.
func (k *tgKnow) keepFool(powerless bool) float64 {
	if k.misere {
		if powerless {
			return -5
		}
		return -(5 + k.p.misereFuture*k.future())
	}
	if powerless {
		return 5
	}
	return 5 + k.future() + k.p.premium
}

// keep is what holding c is worth for the rest of the hand, in the units
// of playValue: a card that will win a later trick is worth that trick, a
// sure loser costs one.
func (k *tgKnow) keep(c card.Card) float64 {
	pp := k.p
	fut := k.future()
	switch {
	case c == card.Fool:
		return k.keepFool(k.powerless)
	case c.IsTrump():
		if k.isMaster(c) {
			return 0.94*(tgPts(c)+fut) + pp.premium
		}
		out := k.outTrumps()
		above := out.Intersect(tgAbove(c)).Len()
		below := out.Len() - above
		pf := pp.trumpBase + pp.trumpSpan*float64(below)/float64(below+above+1)
		return (2*pf - 1) * (tgPts(c) + fut)
	}
	hiOut := tgHigherInSuit(c).Intersect(k.unknown).Len()
	hiMine := tgHigherInSuit(c).Intersect(k.hand).Len()
	pf := suitOdds{pp.suitMaster, pp.courtBase, pp.pipBase, pp.guard, pp.out}.chance(c, hiOut, hiMine)
	for _, o := range k.opponents() {
		pVoid := k.pNone(o, card.SuitMask(c.Suit()))
		pf *= 1 - pp.ruff*k.enemy(o)*pVoid*k.pHas(o, card.TrumpsAndFool)
	}
	if k.hasFriend() {
		pf = max(pf, pp.schmear)
	}
	return (2*pf - 1) * (tgPts(c) + fut)
}

// leadAdjust holds the leading preferences: the declarer's side draws
// trumps when long in them, kings are cashed before the suit is ruffed,
// and defenders lead cheap cards of the declarer's void suits.
func (k *tgKnow) leadAdjust(c card.Card) float64 {
	pp := k.p
	declSide := k.decl >= 0 && k.friend[k.decl] >= 0.99
	switch {
	case tgTrumpish(c):
		if !declSide {
			return 0
		}
		mine := float64(k.hand.Intersect(card.TrumpsAndFool).Len())
		opp := 0.0
		for _, o := range k.opponents() {
			opp += k.enemy(o) * k.expTrumps(o)
		}
		if opp >= 0.5 && mine >= opp/float64(max(1, len(k.opponents())))+pp.drawMargin && k.isMaster(c) && c != card.Fool {
			return pp.drawLead
		}
		return 0
	case c.IsKing():
		// Cash a king while nobody is likely to ruff it.
		risk := 0.0
		for _, o := range k.opponents() {
			risk += k.enemy(o) * k.pNone(o, card.SuitMask(c.Suit()))
		}
		if risk < 0.5 {
			return pp.kingLead
		}
		return 0
	case !declSide && k.decl >= 0 && k.decl != k.seat:
		if k.void[k.decl].Has(card.SuitCard(c.Suit(), card.King)) && k.expTrumps(k.decl) > 0.5 && tgPts(c) <= 1 {
			return pp.voidLead
		}
	}
	return 0
}

// danger is the chance that c, kept, wins a later trick (Misère).
func (k *tgKnow) danger(c card.Card) float64 {
	switch {
	case c == card.Fool:
		if k.powerless {
			return 0
		}
		return 1
	case c.IsTrump():
		above := k.outTrumps().Intersect(tgAbove(c)).Len()
		return 1 / (1 + 0.7*float64(above))
	}
	hiOut := tgHigherInSuit(c).Intersect(k.unknown).Len()
	if hiOut == 0 {
		return 0.6
	}
	return 0.5 / (1 + float64(hiOut))
}

// pForcedOver is the probability that seat o, playing later to a Misère
// trick governed by gov whose best card is best, must take it: it can
// follow only with higher cards, or it is void and must trump a suit lead.
// (Everybody ducks when he can.)
func (k *tgKnow) pForcedOver(o int, best, gov card.Card) float64 {
	if best == card.Fool {
		return 0
	}
	if tgTrumpish(gov) {
		below := card.TrumpsOnly.Minus(tgAbove(best)).Minus(card.Single(best))
		return k.pHas(o, tgAbove(best)) * k.pNone(o, below)
	}
	suit := card.SuitMask(gov.Suit())
	void := k.pNone(o, suit)
	if tgTrumpish(best) {
		// A suit lead already trumped: o must overtrump only when void
		// and holding nothing but higher trumps.
		below := card.TrumpsOnly.Minus(tgAbove(best)).Minus(card.Single(best))
		return void * k.pHas(o, tgAbove(best)) * k.pNone(o, below)
	}
	higher := tgHigherInSuit(best)
	lower := suit.Minus(higher).Minus(card.Single(best))
	return k.pHas(o, higher)*k.pNone(o, lower) + void*k.pHas(o, card.TrumpsOnly)
}

// misereValue rates c in Misère: the expected points the seat takes with
// this trick, plus the reward for shedding a card that would take a later
// trick.
func (k *tgKnow) misereValue(c, nb card.Card, ns int, gov card.Card, later []int, t float64) float64 {
	pp := k.p
	q := 0.0
	if ns == k.seat {
		q = 1
		if gov != card.None {
			for _, o := range later {
				q *= 1 - k.pForcedOver(o, nb, gov)
			}
		}
	}
	v := -q * t
	if c == card.Fool && k.powerless {
		return v
	}
	v += k.danger(c) * (tgPts(c) + pp.misereFuture*k.future())
	if k.reneges(c) {
		v += k.keepFool(true) - k.keepFool(false)
	}
	return v
}

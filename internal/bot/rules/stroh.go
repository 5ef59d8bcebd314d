package rules

import (
	"trull/internal/bot/know"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// The Strohmandeln strategy of the rules bot (docs/RULES.md §3), after the
// tactics notes of the seed S3. It decides from the exported fields of a
// *strohmandeln.View only:
//
//   - fold (a hand without a Tarock may fold): only a hand that is weak
//     also in kings folds;
//   - the auction: the bot undertakes when the chance of reaching 35
//     points and 2 cards (45 with 40 cards), estimated from the hand with
//     weights fitted in self-play, pays for the higher stake; as the
//     opponent it doubles (allowDoubling) only with a strong hand;
//   - classic announcements of Trull and Four Kings as soon as they are
//     legal (they carry no risk); "Ross!" only when T17 and then T18 must
//     win (every higher Tarock is held or gone), "Topschin!" whenever it
//     may be said;
//   - card play: each legal card is rated as (2p−1)·T − keep as in Droggn,
//     where p is the chance of taking the trick from what the opponent may
//     hold (his exposed tops, his shown cards, his voids, and his hidden
//     hand drawn from the unseen cards); on top come the seed's
//     preferences: play the Strohmann tops out early (each play turns up
//     the next card), lead exposed queens and knights, avoid suits in which
//     the opponent could play from his own tops, lead Tarocks when clearly
//     stronger in them, win tricks with the Pagat early when short of
//     Tarocks and keep it for the last trick only when it can win there
//     (likewise the Uhu and the Kakadu in the extended scoring).

// smParams are the weights of the Strohmandeln strategy: those of the card
// play in raw card points, then the auction thresholds as chances of
// winning.
type smParams struct {
	// reply is the points the opponent's card adds to a trick the seat
	// leads.
	reply float64
	// future is the points the other card of a later trick brings.
	future float64
	// premium is the extra a sure Tarock winner is worth.
	premium float64
	// trumpBase and trumpSpan give the chance that a Tarock below the top
	// wins later: base + span·(share of the unseen Tarocks below it).
	trumpBase, trumpSpan float64
	// suitMaster, ruff, courtBase, pipBase, guard and out give the chance
	// that a kept suit card wins later (see tgParams).
	suitMaster, ruff, courtBase, pipBase, guard, out float64
	// top rewards playing an exposed Strohmann top that has cards under it.
	top float64
	// oppTop is the cost of leading a suit the opponent can follow from an
	// exposed top that has cards under it.
	oppTop float64
	// courtLead rewards leading an exposed queen or knight.
	courtLead float64
	// drawLead rewards leading Tarocks when the seat holds drawMargin more
	// than the opponent is expected to.
	drawLead, drawMargin float64
	// game is a game point in card points (for the Pagat, Uhu, Kakadu and
	// Rostopschin bonuses).
	game float64

	// undertakeExt and undertakeClassic are the chances of winning with
	// which the bot undertakes (+3/−4 against the simple game's ±1 in the
	// extended and ±2 in the classic scoring); double the chance, judged
	// before knowing that the opponent undertook, with which the
	// undertaker's opponent doubles; fold the chance below which a hand
	// without a Tarock folds.
	undertakeExt, undertakeClassic, double, fold float64
}

// smDefaults are the Strohmandeln weights. The card-play ones were tuned by
// coordinate search in duplicate self-play against variants of
// themselves; the auction thresholds were checked the same way (moving
// any of them did not help).
var smDefaults = smParams{
	reply: 0.9, future: 3, premium: 2.5,
	trumpBase: 0.3, trumpSpan: 0.6, suitMaster: 0.73, ruff: 0.9,
	courtBase: 0.35, pipBase: 0.1, guard: 0.2, out: 0.08,
	top: 1.2, oppTop: 2, courtLead: 1.5, drawLead: 1.5, drawMargin: 3, game: 6,
	undertakeExt: know.StrohUndertake, undertakeClassic: know.StrohUndertakeClassic, double: know.StrohDouble, fold: know.StrohFold,
}

// smKnow is what a Strohmandeln seat can infer from its view.
type smKnow struct {
	p        *smParams
	v        *strohmandeln.View
	pack     *card.Pack
	seat     int
	opp      int
	extended bool
	penalty  bool // a captured Uhu or Kakadu scores for the captor

	hand      card.Set // own hand
	tops      card.Set // own exposed tops
	topUnder  map[card.Card]int
	oppKnown  card.Set // opponent's shown hand cards
	oppTops   card.Set
	oppUnder  map[card.Card]int
	oppHidden int      // opponent's hand cards the seat does not know
	played    card.Set // cards of completed tricks and the current trick
	unknown   card.Set // unseen cards: the opponent's hidden hand and all face-down cards
	oppVoid   card.Set // cards the opponent's hidden hand cannot hold

	lead    card.Card // the card led to the current trick by the opponent, None
	trickNo int
	nTricks int
}

// smParse parses a Strohmandeln card ID; unknown IDs give card.None.
func smParse(id string) card.Card { return orNone(card.French.ParseID(id)) }

// smSet parses a list of card IDs.
func smSet(ids []string) card.Set { return idSet(ids, smParse) }

// strohOpts returns the options of a Strohmandeln view's rules, the
// defaults when it names none.
func strohOpts(v *strohmandeln.View) strohmandeln.Options {
	if r, ok := v.Rules().(*strohmandeln.Rules); ok {
		return r.Opts()
	}
	return strohmandeln.Options{}
}

// newSmKnow reads a Strohmandeln view.
func newSmKnow(v *strohmandeln.View, p *smParams) *smKnow {
	o := strohOpts(v)
	k := &smKnow{p: p, v: v, pack: card.Stroh54, seat: v.Seat, opp: 1 - v.Seat,
		extended: o.Scoring != strohmandeln.Classic,
		penalty:  !o.NoSilentBonusFailurePenalty,
		topUnder: map[card.Card]int{}, oppUnder: map[card.Card]int{}, nTricks: 27}
	if o.Pack40 {
		k.pack, k.nTricks = card.Stroh40, 20
	}
	k.hand = smSet(v.Hand)
	if k.seat == 0 || k.seat == 1 {
		me, op := v.Players[k.seat], v.Players[k.opp]
		for _, pl := range me.Strohmaenner {
			if c := smParse(pl.Top); c != card.None {
				k.tops.Add(c)
				k.topUnder[c] = pl.FaceDown
			}
		}
		for _, pl := range op.Strohmaenner {
			if c := smParse(pl.Top); c != card.None {
				k.oppTops.Add(c)
				k.oppUnder[c] = pl.FaceDown
			}
		}
		k.oppKnown = smSet(op.Known)
		k.oppHidden = op.Unknown
	}
	for _, t := range v.Seen() {
		var cs [2]card.Card
		var seats [2]int
		for i, pl := range t.Plays {
			if i < 2 {
				cs[i], seats[i] = smParse(pl.Card), pl.Seat
				k.played.Add(cs[i])
			}
		}
		if len(t.Plays) == 2 && seats[1] == k.opp {
			k.inferVoid(cs[0], cs[1])
		}
	}
	k.trickNo = len(v.Tricks)
	k.lead = card.None
	if len(v.Trick) > 0 {
		k.lead = smParse(v.Trick[0].Card)
		k.played.Add(k.lead)
	}
	k.unknown = k.pack.Cards.Minus(k.hand).Minus(k.tops).Minus(k.oppTops).Minus(k.oppKnown).Minus(k.played)
	return k
}

// inferVoid records what the opponent showed by answering the lead a with
// b (strohmandeln.Void): his hidden hand never gains cards, so a void
// shown is for good.
func (k *smKnow) inferVoid(a, b card.Card) {
	k.oppVoid = k.oppVoid.Union(strohmandeln.Void(b, a))
}

// pts returns the points of c in the pack played.
func (k *smKnow) pts(c card.Card) float64 { return float64(k.pack.Points(c)) }

// pNone is the probability that the opponent can play none of the cards
// of x: none is an exposed top or a shown card, and his hidden hand (drawn
// from the unseen cards outside his voids) holds none.
func (k *smKnow) pNone(x card.Set) float64 {
	return pNoneHeld(x, k.oppKnown.Union(k.oppTops), k.oppVoid, k.unknown, k.oppHidden)
}

// pHas is the probability that the opponent can play a card of x.
func (k *smKnow) pHas(x card.Set) float64 { return 1 - k.pNone(x) }

// pBeats is the probability that the opponent, answering the lead c, can
// take the trick.
func (k *smKnow) pBeats(c card.Card) float64 {
	if tgTrumpish(c) {
		return k.pHas(tgAbove(c))
	}
	suit := card.SuitMask(c.Suit())
	return min(1, k.pHas(tgHigherInSuit(c))+k.pNone(suit)*k.pHas(card.TrumpsAndFool))
}

// oppOut returns the cards the opponent may hold or play: shown, exposed
// or unseen.
func (k *smKnow) oppOut() card.Set { return k.unknown.Union(k.oppKnown).Union(k.oppTops) }

// expTarocks estimates the Tarocks the opponent can still play.
func (k *smKnow) expTarocks() float64 {
	known := k.oppKnown.Union(k.oppTops).Intersect(card.TrumpsAndFool).Len()
	pool := k.unknown.Minus(k.oppVoid)
	if pool.Empty() {
		return float64(known)
	}
	return float64(known) + float64(k.oppHidden)*float64(pool.Intersect(card.TrumpsAndFool).Len())/float64(pool.Len())
}

// myTarocks counts the Tarocks the seat can play.
func (k *smKnow) myTarocks() int { return k.hand.Union(k.tops).Intersect(card.TrumpsAndFool).Len() }

// strohAct chooses the rules bot's Strohmandeln action.
func strohAct(v *strohmandeln.View, legal []game.Action) game.Action {
	k := newSmKnow(v, &smDefaults)
	switch legal[0].Kind {
	case game.KindFold:
		return k.fold(legal)
	case game.KindBid:
		return k.auction(legal)
	case game.KindDouble:
		return k.double(legal)
	}
	for _, a := range legal {
		if a.Kind == game.KindAnnounce {
			return a // Trull or Four Kings in hand: no risk
		}
		if a.Kind == game.KindPlay && a.Call == strohmandeln.SayTopschin {
			return a
		}
	}
	return k.play(legal)
}

// ---- fold, auction, doubling ----

// strength returns the estimated chance that the seat's hand reaches the
// winning card points: the hand, with any own Strohmann cards already
// turned up (the engine turns them only after the auction, so in practice
// the hand alone).
func (k *smKnow) strength() float64 {
	return know.StrohChance(k.hand.Union(k.tops), k.seat == k.v.Elder, k.pack == card.Stroh40)
}

// fold folds a hand without a Tarock unless it is strong in kings.
func (k *smKnow) fold(legal []game.Action) game.Action {
	for _, a := range legal {
		if a.Call == strohmandeln.CallFold && k.strength() < k.p.fold {
			return a
		}
	}
	for _, a := range legal {
		if a.Call == strohmandeln.CallStay {
			return a
		}
	}
	return legal[0]
}

// auction undertakes with a hand whose chance of winning pays for the
// higher stake.
func (k *smKnow) auction(legal []game.Action) game.Action {
	need := k.p.undertakeExt
	if !k.extended {
		need = k.p.undertakeClassic
	}
	want := strohmandeln.CallPass
	if k.strength() >= need {
		want = strohmandeln.CallUndertake
	}
	return byCall(legal, want)
}

// double doubles an undertaken game only with a strong hand.
func (k *smKnow) double(legal []game.Action) game.Action {
	want := strohmandeln.CallGut
	if k.strength() >= k.p.double {
		want = strohmandeln.CallDouble
	}
	return byCall(legal, want)
}

// ---- card play ----

// play chooses the legal card play with the best rating.
func (k *smKnow) play(legal []game.Action) game.Action {
	best, bestV := game.Action{}, -1e18
	for _, a := range legal {
		if a.Kind != game.KindPlay {
			continue
		}
		v := k.playValue(a.Card)
		if a.Call == strohmandeln.SayRoss {
			if !k.rossSafe() {
				continue
			}
			v += k.p.game
		}
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	if best.Kind == game.KindNone {
		return legal[0]
	}
	return best
}

// rossSafe reports whether T17 with "Ross!" now, then T18 with
// "Topschin!", must both win: every Tarock above T18 is the seat's or
// gone, and T17 beats the lead.
func (k *smKnow) rossSafe() bool {
	mine := k.hand.Union(k.tops)
	if !mine.Has(card.Trump(18)) {
		return false
	}
	if tgAbove(card.Trump(18)).Intersect(k.pack.Cards).Overlaps(k.oppOut()) {
		return false
	}
	return k.lead == card.None || strohmandeln.Beats(card.Trump(17), k.lead)
}

// playValue rates playing c now.
func (k *smKnow) playValue(c card.Card) float64 {
	pp := k.p
	var p, t float64
	if k.lead != card.None {
		if strohmandeln.Beats(c, k.lead) {
			p = 1
		}
		t = k.pts(k.lead) + k.pts(c)
	} else {
		p = 1 - k.pBeats(c)
		t = k.pts(c) + pp.reply
	}
	v := (2*p-1)*t - k.keep(c) + k.bonusTerm(c, p)
	if k.tops.Has(c) && k.topUnder[c] > 0 {
		v += pp.top
	}
	if k.lead == card.None {
		v += k.leadAdjust(c)
	}
	return v
}

// bonusTerm is the expected bonus score of the current trick for the seat
// when c is played and the seat takes the trick with probability p: the
// Pagat in the last trick, the Uhu in the penultimate and the Kakadu in
// the antepenultimate (extended).
func (k *smKnow) bonusTerm(c card.Card, p float64) float64 {
	g := k.p.game
	v := 0.0
	for i, b := range []card.Card{card.Pagat, card.Trump(2), card.Trump(3)} {
		if k.trickNo != k.nTricks-1-i || i > 0 && !k.extended {
			continue
		}
		fail := g
		if i > 0 && !k.penalty {
			fail = 0
		}
		switch {
		case c == b:
			v += p*g - (1-p)*fail
		case k.lead == b:
			v += p*fail - (1-p)*g
		}
	}
	return v
}

// ultimoChance estimates the chance that the seat's Pagat, kept to the
// end, wins the last trick.
func (k *smKnow) ultimoChance() float64 {
	opp := k.expTarocks()
	if opp < 0.3 {
		return 0.97
	}
	q := 0.5 + 0.12*(float64(k.myTarocks()-1)-opp)
	return min(0.95, max(0.03, q))
}

// keep is what holding c is worth for the rest of the hand (see tgKnow.keep).
func (k *smKnow) keep(c card.Card) float64 {
	pp := k.p
	fut := pp.future
	if i := bonusIndex(c); i >= 0 && (i == 0 || k.extended) && k.trickNo <= k.nTricks-1-i {
		// Kept for its trick (the last for the Pagat, the penultimate for
		// the Uhu, the antepenultimate for the Kakadu) it wins or loses its
		// bonus; short of Tarocks it is better used at the next chance to
		// take a trick.
		q := k.ultimoChance() - 0.1*float64(i)
		kept := (2*q - 1) * (k.pts(c) + fut + pp.game)
		if i == 0 {
			return max(kept, -2)
		}
		return max(kept, k.trumpKeep(c))
	}
	if tgTrumpish(c) {
		return k.trumpKeep(c)
	}
	out := k.oppOut()
	hiOut := tgHigherInSuit(c).Intersect(out).Len()
	hiMine := tgHigherInSuit(c).Intersect(k.hand.Union(k.tops)).Len()
	pf := suitOdds{pp.suitMaster, pp.courtBase, pp.pipBase, pp.guard, pp.out}.chance(c, hiOut, hiMine)
	pf *= 1 - pp.ruff*k.pNone(card.SuitMask(c.Suit()))*k.pHas(card.TrumpsAndFool)
	return (2*pf - 1) * (k.pts(c) + fut)
}

// bonusIndex returns 0 for the Pagat, 1 for the Uhu (T2), 2 for the
// Kakadu (T3) and -1 for any other card: the bonus card of the trick that
// many places before the last.
func bonusIndex(c card.Card) int {
	switch c {
	case card.Pagat:
		return 0
	case card.Trump(2):
		return 1
	case card.Trump(3):
		return 2
	}
	return -1
}

// trumpKeep is what holding the Tarock c is worth: a sure winner its
// trick, otherwise by the share of the unseen Tarocks below it.
func (k *smKnow) trumpKeep(c card.Card) float64 {
	pp := k.p
	above := tgAbove(c).Intersect(k.oppOut())
	if above.Empty() {
		return 0.94*(k.pts(c)+pp.future) + pp.premium
	}
	out := k.oppOut().Intersect(card.TrumpsAndFool)
	na := above.Len()
	nb := out.Len() - na
	pf := pp.trumpBase + pp.trumpSpan*float64(nb)/float64(nb+na+1)
	return (2*pf - 1) * (k.pts(c) + pp.future)
}

// leadAdjust holds the seed's leading preferences.
func (k *smKnow) leadAdjust(c card.Card) float64 {
	pp := k.p
	if tgTrumpish(c) {
		// Clearly stronger in Tarocks: play them before the contested
		// suits (and hunt the Pagat).
		if float64(k.myTarocks()) >= k.expTarocks()+pp.drawMargin && c != card.Pagat {
			return pp.drawLead
		}
		return 0
	}
	v := 0.0
	suit := card.SuitMask(c.Suit())
	// The opponent could follow from an exposed top and turn up more of
	// his Strohmänner.
	for t := k.oppTops.Intersect(suit); !t.Empty(); {
		if k.oppUnder[t.Pop()] > 0 {
			v -= pp.oppTop
			break
		}
	}
	// An exposed queen or knight is led at once, unless the opponent shows
	// two lower cards of the suit on his tops.
	if k.tops.Has(c) && (c.Rank() == card.Queen || c.Rank() == card.Knight) {
		lower := 0
		for t := k.oppTops.Intersect(suit); !t.Empty(); {
			if t.Pop().Rank() < c.Rank() {
				lower++
			}
		}
		if lower < 2 {
			v += pp.courtLead
		}
	}
	return v
}

package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"trull/internal/card"
	"trull/internal/games/droggn"
)

// The solver works on its own compact copy of a Droggn play position (pos)
// with the rules it needs in a rules value. Players are numbered in playing
// order from the declarer: 0 the declarer, 1 the first defender d1, 2 the
// second defender d2; so the next player is (p+1) mod 3 and a player's side
// is 0 (declarer) or 1 (defenders).
//
// Card points are kept in thirds (docs/RULES.md §1.2 "In thirds"): a card worth v
// points counts 3v−2 thirds, a pile is worth the sum of its cards' thirds,
// and its points counted in threes are that sum divided by 3 and rounded to
// the nearest integer (never a half). This makes the declarer's card points
// additive over tricks, Gstieß cases included.

// Win rules of droggn's winRule option.
const (
	win37 = iota
	win38
	winTieLastTrick
)

// variant holds the settings of one droggn.Rules that play and scoring use.
type variant struct {
	tricks     int  // tricks per hand
	w          int  // W: points to win (37 or 39)
	smValue    int  // 167 or 169
	winRule    int  // win37, win38, winTieLastTrick
	smSeparate bool // superMordPagatScoring=separate
	gIllegal   bool // gstiessLastTrick=illegal
	kgu        bool // kleineUndGstiessUltimo
	thirds     [128]int8
	ones       card.Set // the cards worth 1 point
	// worth[i] holds the cards worth i+2 points (see cheapest).
	worth [4]card.Set
	zero  card.Set // the cards worth no points
	// relOK: within each group the 1-point cards form one run of ranks,
	// so relative-rank keys may be used (see relKey).
	relOK bool
	hash  uint64
}

var variants sync.Map // *droggn.Rules → *variant

// variantOf returns the cached settings of r.
func variantOf(r *droggn.Rules) *variant {
	if v, ok := variants.Load(r); ok {
		return v.(*variant)
	}
	o := r.Opts()
	v := &variant{tricks: r.Tricks(), w: r.Half(), smValue: 130 + r.Half()}
	switch o.WinRule {
	case droggn.Win38:
		v.winRule = win38
	case droggn.Win37TieLastTrick:
		v.winRule = winTieLastTrick
	}
	v.smSeparate = o.SuperMordPagatScoring == droggn.SuperMordSeparate
	v.gIllegal = o.GstiessLastTrickIllegal
	v.kgu = o.KleineUndGstiessUltimo
	p := r.Pack()
	for t := p.Cards; !t.Empty(); {
		c := t.Pop()
		v.thirds[c] = int8(3*p.Points(c) - 2)
		switch pts := p.Points(c); {
		case pts == 0:
			v.zero.Add(c)
		case pts == 1:
			v.ones.Add(c)
		case c != card.Fool:
			v.worth[pts-2].Add(c)
		}
	}
	v.relOK = onesRuns(v.ones)
	v.hash = mix(mix(mix(uint64(v.tricks)<<8|uint64(v.winRule), uint64(v.w)),
		b2u(v.smSeparate)|b2u(v.gIllegal)<<1|b2u(v.kgu)<<2), uint64(p.Size()))
	actual, _ := variants.LoadOrStore(r, v)
	return actual.(*variant)
}

// rules is everything about a hand that stays fixed during its play.
type rules struct {
	*variant
	contract  droggn.Contract
	superMord bool
	smStop    bool // Super Mord under inclusive scoring: play stops at a lost trick
	v         int  // base value V
	m         int  // multiplier 2^k
	pagatLaid int8 // player who laid out T1, -1
	foolLaid  bool // the declarer laid out the Gstieß (Super Mord)
	special   bool // a lay-out or gstiessLastTrick=illegal restricts play
	smVal     int  // Super Mord game value (187/189 with a lay-out under inclusive)
	// pbLo and pbHi bound the scores T1 may still produce while it is in play.
	pbLo, pbHi int
	hash       uint64
	seats      [3]int // seat of each player
	// lineBounds restricts bounds to what holds for every line of play
	// (no quick tricks), for tests.
	lineBounds bool
	// noSuitTricks leaves out the suit quick tricks against a side that
	// holds trumps (Options.NoSuitTricks).
	noSuitTricks bool
	// noLoneT1 leaves out loneT1 (Options.NoLoneT1).
	noLoneT1 bool
	// noRegainedLead leaves out the declarer's quick tricks when a
	// defender leads (Options.NoRegainedLead).
	noRegainedLead bool
	// noCheapest counts every card the other side adds to a sure trick
	// as 1 third (Options.NoCheapest).
	noCheapest bool
}

// pos is a play position. It is a small value: the search copies it.
type pos struct {
	hands  [3]card.Set
	occ    card.Set     // the cards in hands or in the current trick
	trick  [3]card.Card // the current trick in order of play
	gov    card.Card    // first card of the trick that is not the Gstieß
	lead   int8         // player who led the current trick
	n      int8         // cards in the current trick
	toAct  int8         // player to play
	left   int8         // tricks not yet completed
	t1By   int8         // player who played T1 to the current trick, -1
	d      int32        // the declarer's card points so far, in thirds
	rem    int32        // thirds of the cards still in hands or in the trick
	bonus  int64        // settled scores besides the game (Pagat), declarer's view
	all    bool         // the declarer won every completed trick
	last   bool         // the declarer won the most recent trick
	kgu    bool         // Kleine und Gstieß Ultimo announced
	fool   bool         // the laid-out Gstieß won the last trick
	done   bool         // the hand is over
	t1Open bool         // T1 is still in a hand or in the current trick
	// rel holds the hands of the declarer and of d1 in relative ranks
	// (see relKey); the search keeps it up to date from its root on.
	rel [2]card.Set
	// stale: rel still includes the cards of the trick just finished.
	stale bool
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// mix combines h and x into a well-spread 64-bit hash.
func mix(h, x uint64) uint64 {
	h ^= x
	h *= 0x9e3779b97f4a7c15
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return h
}

var (
	errPhase = errors.New("solver: the hand is not in its play phase")
	errProbe = errors.New("solver: the position model disagrees with the engine")
	foolBit  = card.Single(card.Fool)
)

// newPosition converts a droggn play position. scratch is used for the
// probe that settles scores fixed by earlier tricks (see probe).
func newPosition(s *droggn.State, scratch *droggn.State) (*rules, pos, error) {
	if s.CurrentPhase() != droggn.PhPlay {
		return nil, pos{}, errPhase
	}
	r := s.Variant()
	ru := &rules{variant: variantOf(r), contract: s.Contract(), pagatLaid: -1}
	decl := s.Declarer()
	d1, d2 := s.Defenders()
	ru.seats = [3]int{decl, d1, d2}
	player := func(seat int) int8 {
		for i, st := range ru.seats {
			if st == seat {
				return int8(i)
			}
		}
		return -1
	}
	ru.superMord = ru.contract == droggn.SuperMord
	ru.smStop = ru.superMord && !ru.smSeparate
	ru.v = [...]int{0, 20, 40, 80, 130}[ru.contract]
	ru.m = 1 << s.Doublings()
	if pl := s.PagatLaidOut(); pl >= 0 {
		ru.pagatLaid = player(pl)
	}
	ru.foolLaid = s.FoolLaidOut()
	ru.special = ru.gIllegal || ru.foolLaid || ru.pagatLaid >= 0
	ru.smVal = ru.smValue
	if ru.smStop && (ru.pagatLaid == 0 || ru.foolLaid) {
		ru.smVal += 20
	}
	switch {
	case ru.smStop:
	case ru.pagatLaid >= 0:
		ru.pbLo, ru.pbHi = -20*ru.m, 20*ru.m
	case ru.kgu && !ru.superMord:
		ru.pbLo, ru.pbHi = -10, 20
	default:
		ru.pbLo, ru.pbHi = -10, 10
	}
	ru.hash = mix(mix(ru.variant.hash, uint64(ru.contract)|uint64(s.Doublings())<<8),
		uint64(ru.pagatLaid+1)|b2u(ru.foolLaid)<<8)

	var p pos
	for i, st := range ru.seats {
		p.hands[i] = s.Hand(st)
	}
	cs, seats := s.Trick()
	p.t1By = -1
	if len(cs) > 0 {
		p.lead = player(int(seats[0]))
	} else {
		p.lead = player(s.ToAct())
	}
	for i, c := range cs {
		p.trick[i] = c
		if p.gov == card.None && c != card.Fool {
			p.gov = c
		}
		if c == card.Pagat {
			p.t1By = player(int(seats[i]))
		}
	}
	p.n = int8(len(cs))
	p.toAct = player(s.ToAct())
	p.left = int8(ru.tricks - s.TrickNo())
	places := s.Places() // hands 0–3, talon, discards, declarer's pile, defenders' pile, trick
	declPile := places[4].Union(places[5]).Union(places[6])
	p.d = ru.pileThirds(declPile)
	p.all = places[7].Len() <= 1 // a trick won by the defenders gives them at least 2 cards
	inPlay := p.hands[0].Union(p.hands[1]).Union(p.hands[2]).Union(places[8])
	p.rem = ru.pileThirds(inPlay)
	p.occ = inPlay
	p.t1Open = inPlay.Has(card.Pagat)
	if p.toAct < 0 || p.lead < 0 {
		return nil, pos{}, fmt.Errorf("solver: seat to act %d is not an active player", s.ToAct())
	}
	resolved := places[6].Union(places[7]).Has(card.Pagat)
	maybeKGU := ru.kgu && !ru.superMord && int(p.left) <= 2 && p.hands[0].Has(card.Pagat)
	if (resolved && !ru.smStop) || maybeKGU {
		if err := ru.probe(s, scratch, &p); err != nil {
			return nil, pos{}, err
		}
	}
	return ru, p, nil
}

// pileThirds returns the value of a set of cards in thirds.
func (ru *rules) pileThirds(s card.Set) int32 {
	n := int32(0)
	for t := s; !t.Empty(); {
		n += int32(ru.thirds[t.Pop()])
	}
	return n
}

// probe settles the scores that depend on facts the engine keeps private
// (who played a T1 that was captured before this position; an announced
// Kleine und Gstieß Ultimo): those scores no longer depend on the rest of
// the play, so playing one continuation in both the engine and the model
// measures them as the difference of the two results.
func (ru *rules) probe(s, scratch *droggn.State, p *pos) error {
	if scratch == nil {
		scratch = s.Copy()
	} else {
		s.CopyInto(scratch)
	}
	q := *p
	for !scratch.Done() {
		c := scratch.LegalCards().Lowest()
		if q.done || ru.seats[q.toAct] != scratch.ToAct() || ru.legal(&q) != scratch.LegalCards() {
			return errProbe
		}
		scratch.PlayCard(c)
		ru.play(&q, c)
	}
	if !q.done {
		return errProbe
	}
	p.bonus = int64(scratch.FastScore()) - ru.value(&q)
	return nil
}

// follow returns the cards of h that may follow a trick governed by gov
// (docs/RULES.md §1.4 steps 3–4).
func follow(h card.Set, gov card.Card) card.Set {
	if gov == card.None {
		return h
	}
	var f card.Set
	if gov.IsTrump() {
		f.Lo = h.Lo & card.TrumpsOnly.Lo
	} else {
		f.Hi = h.Hi & (0x3fff << (16 * uint(gov.Suit())))
		if f.Hi == 0 {
			f.Lo = h.Lo & card.TrumpsOnly.Lo
		}
	}
	if f.Lo|f.Hi == 0 {
		return h
	}
	f.Lo |= h.Lo & foolBit.Lo
	return f
}

// legal returns the cards the player to act may play.
func (ru *rules) legal(p *pos) card.Set {
	pl := p.toAct
	h := p.hands[pl]
	if !ru.special {
		return follow(h, p.gov)
	}
	laidFool := ru.foolLaid && pl == 0
	trickNo := ru.tricks - int(p.left)
	if ru.gIllegal && !laidFool && trickNo == ru.tricks-2 && h.Has(card.Fool) {
		return foolBit
	}
	free := follow(h, p.gov)
	if laidFool && p.left > 1 {
		free.Remove(card.Fool)
	}
	if ru.pagatLaid == pl && free.Has(card.Pagat) && free.Len() > 1 {
		free.Remove(card.Pagat)
	}
	return free
}

// play plays c for the player to act; c must be legal.
func (ru *rules) play(p *pos, c card.Card) {
	pl := p.toAct
	if c == card.Fool && ru.kgu && pl == 0 && p.n == 0 && p.left == 2 && !ru.superMord &&
		ru.pagatLaid != 0 && p.hands[0] == card.Of(card.Pagat, card.Fool) &&
		p.hands[1].Lo&card.TrumpsOnly.Lo == 0 && p.hands[2].Lo&card.TrumpsOnly.Lo == 0 {
		p.kgu = true
	}
	p.hands[pl].Remove(c)
	p.trick[p.n] = c
	p.n++
	if p.gov == card.None && c != card.Fool {
		p.gov = c
	}
	if c == card.Pagat {
		p.t1By = pl
	}
	if p.n < 3 {
		p.toAct = next(pl)
		return
	}
	ru.finishTrick(p)
}

func next(p int8) int8 {
	if p == 2 {
		return 0
	}
	return p + 1
}

func side(p int8) int8 {
	if p == 0 {
		return 0
	}
	return 1
}

// winnerIndex returns the index in the trick of the card that wins it, and
// whether it is the declarer's laid-out Gstieß (docs/RULES.md §1.4 step 6).
func (ru *rules) winnerIndex(p *pos) (int8, bool) {
	lastTrick := p.left == 1
	best, bc := int8(-1), card.None
	for i := int8(0); i < 3; i++ {
		c := p.trick[i]
		if c == card.Fool && ru.foolLaid && (p.lead+i)%3 == 0 && lastTrick && p.all {
			return i, true
		}
		if droggn.Beats(c, bc) {
			best, bc = i, c
		}
	}
	return best, false
}

// finishTrick settles a complete trick.
func (ru *rules) finishTrick(p *pos) {
	lastTrick := p.left == 1
	bi, foolWins := ru.winnerIndex(p)
	winner := (p.lead + bi) % 3
	ws := side(winner)
	for i := int8(0); i < 3; i++ {
		c := p.trick[i]
		th := int32(ru.thirds[c])
		p.rem -= th
		p.occ.Remove(c)
		to := ws
		if c == card.Fool && !foolWins {
			to = side((p.lead + i) % 3)
		}
		if to == 0 {
			p.d += th
		}
	}
	p.fool = foolWins
	if ws != 0 {
		p.all = false
	}
	if p.t1By >= 0 {
		p.bonus += int64(ru.pagatScore(p, winner, lastTrick))
		p.t1By = -1
		p.t1Open = false
	}
	p.last = ws == 0
	p.left--
	p.n = 0
	p.gov = card.None
	p.lead, p.toAct = winner, winner
	if (ru.smStop && ws != 0) || p.left == 0 {
		p.done = true
	}
}

// pagatScore returns the Pagat score (declarer's view) of the trick T1 was
// played to (docs/RULES.md §1.5 "Pagat scores").
func (ru *rules) pagatScore(p *pos, winner int8, lastTrick bool) int {
	if ru.smStop {
		return 0
	}
	sign := func(s int8) int {
		if s == 0 {
			return 1
		}
		return -1
	}
	won := winner == p.t1By
	switch {
	case ru.pagatLaid >= 0:
		if lastTrick && won {
			return sign(side(ru.pagatLaid)) * 20 * ru.m
		}
		return -sign(side(ru.pagatLaid)) * 20 * ru.m
	case lastTrick && won && p.kgu:
		return sign(side(p.t1By)) * 20
	case lastTrick && won:
		return sign(side(p.t1By)) * 10
	case lastTrick:
		return -sign(side(p.t1By)) * 10
	case side(winner) != side(p.t1By):
		return sign(side(winner)) * 5
	}
	return 0
}

// points returns the declarer's card points counted in threes for a pile
// worth d thirds.
func points(d int32) int { return int(d+1) / 3 }

// value returns X of a finished position.
func (ru *rules) value(p *pos) int64 {
	all := p.all && p.left == 0
	m := int64(ru.m)
	var g int64
	if ru.superMord {
		g = int64(ru.smVal) * m
		if !all {
			g = -g
		}
		if ru.smSeparate && ru.foolLaid {
			if p.fool {
				g += 20 * m
			} else {
				g -= 20 * m
			}
		}
		return g + p.bonus
	}
	return ru.game(points(p.d), all, p.last) + p.bonus
}

// game returns the game score G for card points pts (docs/RULES.md §1.5).
func (ru *rules) game(pts int, all, lastDecl bool) int64 {
	v, w, m := int64(ru.v), ru.w, int64(ru.m)
	switch {
	case all:
		return (v + int64(w)) * m
	case pts == w && ru.winRule == winTieLastTrick:
		if lastDecl {
			return v * m
		}
		return -v * m
	case pts > w || (pts == w && ru.winRule == win37):
		return (v + int64(pts-w)) * m
	}
	return -(v + int64(max(0, w-pts))) * m
}

// bounds returns a lower and an upper bound on X under perfect play from p
// (not finished). With lineBounds they hold for every line of play.
func (ru *rules) bounds(p *pos) (lo, hi int64) {
	m := int64(ru.m)
	declSure, defSure, defTrick := int32(0), int32(0), false
	if p.n == 0 {
		declSure, defSure, defTrick = ru.sure(p)
	}
	all := p.all && !defTrick
	if ru.superMord {
		v := int64(ru.smVal) * m
		lo, hi = -v, v
		if !all {
			hi = -v
		}
		if ru.smSeparate && ru.foolLaid {
			lo -= 20 * m
			hi += 20 * m
		}
	} else {
		lo = ru.game(points(p.d+declSure), false, false)
		if all {
			hi = ru.game(0, true, true)
		} else {
			hi = ru.game(points(p.d+p.rem-defSure), false, true)
		}
	}
	lo += p.bonus
	hi += p.bonus
	if p.t1Open {
		plo, phi := int64(ru.pbLo), int64(ru.pbHi)
		if !ru.noLoneT1 && p.n == 0 && ru.pagatLaid < 0 && !ru.smStop && !ru.foolLaid {
			plo, phi = ru.loneT1(p, plo, phi)
		}
		lo += plo
		hi += phi
	}
	return lo, hi
}

// loneT1 narrows the range [plo, phi] of the Pagat score to come at the
// start of a trick (T1 in a hand, not laid out, no laid-out Gstieß) when
// nobody but T1's holder has a trump: then nothing can beat T1, so it wins
// the trick it is played to, scoring 0 before the last trick and the
// holder's side's ultimo in it; the holder's side cannot lose by it.
func (ru *rules) loneT1(p *pos, plo, phi int64) (int64, int64) {
	t1 := card.Single(card.Pagat).Lo
	holder := int8(0)
	for holder < 3 && p.hands[holder].Lo&t1 == 0 {
		holder++
	}
	if holder == 3 {
		return plo, phi
	}
	var others uint64
	for i := int8(0); i < 3; i++ {
		if i != holder {
			others |= p.hands[i].Lo
		}
	}
	if others&card.TrumpsOnly.Lo != 0 {
		return plo, phi
	}
	if holder == 0 {
		return 0, phi
	}
	return plo, 0
}

// settled reports whether X depends on nothing but the declarer's final
// card points from p on: not Super Mord, no tie rule, T1 no longer in play
// (its score, if any, is in the bonus) and no Match possible.
func (ru *rules) settled(p *pos) bool {
	return !p.t1Open && !p.all && !ru.superMord && ru.winRule != winTieLastTrick
}

// pointBounds returns bounds on the declarer's final card points in thirds.
func (ru *rules) pointBounds(p *pos) (lo, hi int64) {
	if p.n != 0 {
		return int64(p.d), int64(p.d + p.rem)
	}
	declSure, defSure, _ := ru.sure(p)
	return int64(p.d + declSure), int64(p.d + p.rem - defSure)
}

// fivePointTrumps holds T1 and T21.
var fivePointTrumps = card.Of(card.Pagat, card.Mond).Lo

// highBit returns the highest set bit of x (x ≠ 0).
func highBit(x uint64) uint64 { return 1 << (63 - bits.LeadingZeros64(x)) }

// trumpThirds returns the thirds of a set of trumps (word 0): 1 each, 13
// for T1 and T21 (worth 5 points in both Droggn packs).
func trumpThirds(t uint64) int32 {
	return int32(bits.OnesCount64(t) + 12*bits.OnesCount64(t&fivePointTrumps))
}

// sure returns thirds that will certainly reach the declarer's pile and the
// defenders' pile from the hands at the start of a trick, and whether the
// defenders will certainly win a trick. A trump higher than every trump of
// the other side wins the trick it is played to, wherever that is, so it
// and, in the declarer's case, the two defenders' cards of that trick reach
// the winner's pile; each side's own Gstieß always returns to that side.
// The k sure tricks of a side hold k different cards of each other player,
// so they bring at least the k cheapest cards of each hand (see cheapest).
// In the defenders' master-trump tricks only the declarer's card is
// counted besides the winning trumps (the partner's may be one of them).
func (ru *rules) sure(p *pos) (decl, def int32, defTrick bool) {
	td := p.hands[0].Lo & card.TrumpsOnly.Lo
	tf := (p.hands[1].Lo | p.hands[2].Lo) & card.TrumpsOnly.Lo
	fool := foolBit.Lo
	// The defenders' trumps above every declarer trump.
	defBoss := tf
	if td != 0 {
		defBoss &^= highBit(td)<<1 - 1
	}
	// The defenders win at least as many tricks with them as one of them
	// holds.
	mDef := 0
	if defBoss != 0 {
		def = trumpThirds(defBoss)
		if !ru.noCheapest {
			mDef = max(bits.OnesCount64(defBoss&p.hands[1].Lo), bits.OnesCount64(defBoss&p.hands[2].Lo))
			def += ru.cheapest(p.hands[0], mDef)
		}
		// Only the declarer's laid-out Gstieß (Super Mord, where card
		// points do not count) beats a trump: in the last trick.
		defTrick = !ru.foolLaid
	}
	// The cards the defenders add to k tricks the declarer surely wins.
	declFool := p.hands[0].Lo&fool != 0
	defFool := (p.hands[1].Lo|p.hands[2].Lo)&fool != 0
	captured := func(k int) int32 {
		if ru.noCheapest {
			return int32(2*k) - int32(b2u(defFool))
		}
		return ru.cheapest(p.hands[1], k) + ru.cheapest(p.hands[2], k)
	}
	// The declarer's trumps above every defender trump.
	declBoss := td
	if tf != 0 {
		declBoss &^= highBit(tf)<<1 - 1
	}
	nBoss := bits.OnesCount64(declBoss)
	// The declarer's quick tricks include his master trumps, so they
	// replace them when there are any (quick).
	quick := false
	// Quick tricks of the leader (see quickTricks); under
	// gstiessLastTrick=illegal a leader holding the Gstieß may have to lead
	// it in between, so then there are none.
	if !ru.lineBounds && p.n == 0 && !(ru.gIllegal && p.hands[p.lead].Lo&fool != 0) {
		switch {
		case p.lead == 0 && tf == 0:
			if k, th := ru.quickTricks(p, 0, true); k > 0 {
				decl, quick = th+captured(k), true
			}
		case ru.noSuitTricks:
		case p.lead == 0:
			if k, th := ru.suitTricks(p, 1, 2); k > 0 {
				decl, quick = trumpThirds(declBoss)+th+captured(nBoss+k), true
			}
		case td == 0:
			partner := p.hands[3-p.lead].Lo & card.TrumpsOnly.Lo
			if k, th := ru.quickTricks(p, p.lead, partner == 0); k > 0 {
				def = max(def, th+ru.declCards(p, k)+ru.partnerCards(p, k, 0, defFool))
			}
		default:
			if k, th := ru.suitTricks(p, 0, 3-p.lead); k > 0 {
				def = max(def, trumpThirds(defBoss)+th+ru.declCards(p, mDef+k)+ru.partnerCards(p, k, defBoss, defFool))
			}
		}
	}
	// A defender leads, but the declarer holds every trump: whatever is
	// led, he follows suit (keeping his quick tricks, or winning with one
	// of them) or trumps, and once he wins a trick he leads and cashes
	// the rest, so he wins all of his quick tricks.
	if !ru.lineBounds && !ru.noRegainedLead && p.n == 0 && p.lead != 0 && tf == 0 && td != 0 &&
		!(ru.gIllegal && declFool) {
		k, th := ru.quickTricks(p, 0, true)
		decl, quick = th+captured(k), true
	}
	if declBoss != 0 && !quick {
		decl = trumpThirds(declBoss) + captured(nBoss)
	}
	if declFool {
		decl += int32(ru.thirds[card.Fool])
	} else if defFool {
		def += int32(ru.thirds[card.Fool])
	}
	return decl, def, defTrick
}

// declCards returns the fewest thirds the declarer's cards bring to k
// tricks the defenders surely win.
func (ru *rules) declCards(p *pos, k int) int32 {
	if ru.noCheapest {
		return int32(k) - int32(b2u(p.hands[0].Has(card.Fool)))
	}
	return ru.cheapest(p.hands[0], k)
}

// partnerCards returns the fewest thirds the leading defender's partner
// adds to k quick tricks of the leader, none of them one of the trumps
// counted (the Gstieß, added apart, as none).
func (ru *rules) partnerCards(p *pos, k int, counted uint64, defFool bool) int32 {
	if ru.noCheapest {
		return int32(k) - int32(b2u(defFool))
	}
	h := p.hands[3-p.lead]
	h.Lo &^= counted
	return ru.cheapest(h, k)
}

// cheapest returns the fewest thirds that k cards of the hand h (k at most
// its size) bring to the other side's pile: the Gstieß none (it goes back
// to its side), any other card its thirds.
func (ru *rules) cheapest(h card.Set, k int) int32 {
	if h.Lo&foolBit.Lo != 0 {
		k--
	}
	th := int32(0)
	if k <= 0 {
		return th
	}
	if ru.zero.Overlaps(h) {
		n := min(k, h.Intersect(ru.zero).Len())
		th, k = -2*int32(n), k-n
	}
	n := min(k, h.Intersect(ru.ones).Len())
	th, k = th+int32(n), k-n
	for i := 0; k > 0 && i < len(ru.worth); i++ {
		n = min(k, h.Intersect(ru.worth[i]).Len())
		th, k = th+int32(n*(3*i+4)), k-n
	}
	return th
}

// quickTricks returns the number and the thirds of the leader's quick
// tricks when the other side has no trumps: in trumps and, with suits (the
// leader's partner, if any, has no trumps either), in each suit, the run of
// the leader's cards from the top of what remains. Each of them wins when
// led (nobody holds a higher card, and nobody can trump it), so the leader
// keeps the lead and can cash them all at once; each such trick also brings
// the two other cards (at least 1 third each, less the Gstieß that goes
// back to its side, which the caller deducts). Whatever follows can only
// add to it, so this bounds the leader's side's points under best play,
// though not on every line.
func (ru *rules) quickTricks(p *pos, who int8, suits bool) (k int, th int32) {
	mine := p.hands[who]
	if trumps := p.occ.Lo & card.TrumpsOnly.Lo; trumps&^mine.Lo == 0 {
		k, th = bits.OnesCount64(trumps), trumpThirds(trumps)
	} else {
		k, th = ru.topRun(trumps, mine.Lo, 0, 64)
	}
	for u := uint(0); u < 4 && suits; u++ {
		n, t := ru.topRun(p.occ.Hi&(uint64(0x3fff)<<(16*u)), mine.Hi, 64, 14)
		k, th = k+n, th+t
	}
	return k, th
}

// topRun returns the number and the thirds of the cards of mine in the run
// from the top of all (the cards of one word still in play, from card
// base on), at most limit of them.
func (ru *rules) topRun(all, mine uint64, base, limit int) (k int, th int32) {
	for ; all != 0 && k < limit; k++ {
		hb := highBit(all)
		if mine&hb == 0 {
			break
		}
		th += int32(ru.thirds[base+bits.TrailingZeros64(hb)])
		all &^= hb
	}
	return k, th
}

// suitTricks returns the number and the thirds of the leader's suit quick
// tricks when the other players a and b may hold trumps: in each suit, the
// rounds of the run of the leader's cards from the top of what remains in
// which a and b each still hold a card of the suit or hold no trump. In
// those rounds a and b must follow suit or cannot trump, so no trump is
// played and the leader wins each trick and keeps the lead; cashing them
// first does not change a's and b's holdings in the other suits (a player
// with trumps follows suit), so the suits add up. The tricks are disjoint
// from those of the side's master trumps.
func (ru *rules) suitTricks(p *pos, a, b int8) (k int, th int32) {
	mine := p.hands[p.lead]
	ha, hb := p.hands[a], p.hands[b]
	aFree := ha.Lo&card.TrumpsOnly.Lo == 0
	bFree := hb.Lo&card.TrumpsOnly.Lo == 0
	for u := uint(0); u < 4; u++ {
		field := uint64(0x3fff) << (16 * u)
		all := p.occ.Hi & field
		if all == 0 || mine.Hi&highBit(all) == 0 {
			continue
		}
		safe := 14
		if !aFree {
			safe = bits.OnesCount64(ha.Hi & field)
		}
		if !bFree {
			safe = min(safe, bits.OnesCount64(hb.Hi&field))
		}
		n, t := ru.topRun(all, mine.Hi, 64, safe)
		k, th = k+n, th+t
	}
	return k, th
}

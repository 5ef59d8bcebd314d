package ismcts

import (
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// strohWorld is the Strohmandeln adapter: determinizations by
// Rules.ResampleInto (the face-down Strohmann cards, the owner's included,
// are dealt anew), card play on the PlayCard/LegalCards fast path and the
// fast Scores.
type strohWorld struct {
	r       *strohmandeln.Rules
	s       *strohmandeln.State
	tr      trickRules
	all     card.Set // the pack
	classic bool     // classic scoring: the in-hand announcements exist
	team    [8]int8
	ctx     playCtx
	buf     []game.Action
}

func newStrohWorld(r *strohmandeln.Rules) *strohWorld {
	w := &strohWorld{r: r, s: r.NewHand(), tr: trickRules{foolTrump: true, size: 2, pack: r.Pack()},
		all: r.Pack().Cards, classic: r.Opts().Scoring == strohmandeln.Classic,
		team: [8]int8{0, 1}, buf: make([]game.Action, 0, 32)}
	w.ctx.seats, w.ctx.team = 2, &w.team
	return w
}

func (w *strohWorld) resample(v game.View, rng *rand.Rand) error {
	return w.r.ResampleInto(w.s, v.(*strohmandeln.View), rng)
}

func (w *strohWorld) set(s game.State) { w.s = s.Clone().(*strohmandeln.State) }

func (w *strohWorld) state() game.State { return w.s }

func (w *strohWorld) candidates(dst []game.Action) []game.Action { return w.s.Legal(dst) }

// smFeat are the features of a Strohmandeln hand the strength estimate
// reads.
type smFeat struct {
	tarocks, fool, mond, pagat, high, kings, queens, courts, voids, long int
}

func smFeatures(h card.Set) smFeat {
	f := smFeat{tarocks: h.Intersect(card.TrumpsAndFool).Len(), fool: b2i(h.Has(card.Fool)),
		mond: b2i(h.Has(card.Mond)), pagat: b2i(h.Has(card.Pagat))}
	for n := 15; n <= 20; n++ {
		f.high += b2i(h.Has(card.Trump(n)))
	}
	for u := card.Suit0; u <= card.Suit3; u++ {
		su := h.OfSuit(u)
		f.long = max(f.long, su.Len())
		f.voids += b2i(su.Empty())
		f.kings += b2i(su.Has(card.SuitCard(u, card.King)))
		f.queens += b2i(su.Has(card.SuitCard(u, card.Queen)))
		f.courts += b2i(su.Has(card.SuitCard(u, card.Knight))) + b2i(su.Has(card.SuitCard(u, card.Jack)))
	}
	return f
}

// smWeights are the coefficients of a linear estimate of a player's final
// card points (thirds with 54 cards, points with 40) over smFeat and
// whether the player is Elder.
type smWeights struct {
	base, tarock, fool, mond, pagat, high, king, queen, court, void, long, elder, sd float64
}

func (w smWeights) eval(f smFeat, elder bool) float64 {
	return w.base + w.tarock*float64(f.tarocks) + w.fool*float64(f.fool) + w.mond*float64(f.mond) +
		w.pagat*float64(f.pagat) + w.high*float64(f.high) + w.king*float64(f.kings) +
		w.queen*float64(f.queens) + w.court*float64(f.courts) + w.void*float64(f.voids) +
		w.long*float64(f.long) + w.elder*float64(b2i(elder))
}

// smStrength estimates a player's final card points from the hand as dealt
// (the rules bot's self-play fits, package bot): [0] for the 54-card pack,
// [1] for the 40-card pack.
var smStrength = [2]smWeights{
	{64.75, 1.85, 10.36, 8.94, 8.81, 0.22, 12.69, 5.87, 0.98, 3.31, -0.65, -0.94, 19.97},
	{35.84, 0.66, 5.17, 3.93, 2.42, 0.78, 3.73, 0.16, -1.29, 0.92, -0.47, -0.43, 8.65},
}

// strength returns the estimated chance that seat's hand reaches the
// winning card points.
func (w *strohWorld) strength(seat int) float64 {
	i, need := 0, 107.0
	if w.r.Opts().Pack40 {
		i, need = 1, 45
	}
	sw := smStrength[i]
	return pWin(sw.eval(smFeatures(w.s.Hand(seat)), seat == w.s.Elder()), sw.sd, need)
}

// policy folds a hand without a Tarock when its chance of winning is below
// 0.35, undertakes from 0.62 (0.68 with classic scoring), doubles from
// 0.7, announces whatever may be announced and plays cards by the
// trick-taking rules, the exposed Strohmann tops first among equals.
func (w *strohWorld) policy(rnd *game.FastSource) game.Action {
	s := w.s
	seat := s.ToAct()
	a := game.Action{Seat: int8(seat)}
	switch s.Phase() {
	case "fold":
		a.Kind, a.Call = game.KindFold, strohmandeln.CallStay
		if !s.Hand(seat).Overlaps(card.TrumpsAndFool) && w.strength(seat) < 0.35 {
			a.Call = strohmandeln.CallFold
		}
	case "bid":
		a.Kind, a.Call = game.KindBid, strohmandeln.CallPass
		need := 0.62
		if w.classic {
			need = 0.68
		}
		if w.strength(seat) >= need {
			a.Call = strohmandeln.CallUndertake
		}
	case "double":
		a.Kind, a.Call = game.KindDouble, strohmandeln.CallGut
		if w.strength(seat) >= 0.7 {
			a.Call = strohmandeln.CallDouble
		}
	case "play":
		if w.classic {
			w.buf = s.Legal(w.buf[:0])
			for _, l := range w.buf {
				if l.Kind == game.KindAnnounce {
					return l
				}
			}
		}
		a.Kind, a.Card = game.KindPlay, w.card(rnd)
	default:
		w.buf = s.Legal(w.buf[:0])
		return w.buf[0]
	}
	return a
}

// card is the default card play of the seat to act. The card of a trick
// in progress is the one card in no hand, Strohmann or trick pile.
func (w *strohWorld) card(rnd *game.FastSource) card.Card {
	s := w.s
	seat := s.ToAct()
	c := &w.ctx
	c.t.n = 0
	rest := w.all.Minus(s.Playable(0)).Minus(s.Playable(1)).Minus(s.FaceDown(0)).Minus(s.FaceDown(1)).
		Minus(s.Won(0)).Minus(s.Won(1))
	if !rest.Empty() {
		c.t.add(rest.Lowest(), int8(1-seat))
	}
	c.hands[0], c.hands[1] = s.Playable(0), s.Playable(1)
	c.me, c.legal, c.prefer = int8(seat), s.LegalCards(), s.Tops(seat)
	return w.tr.play(c, rnd)
}

func (w *strohWorld) playout(rnd *game.FastSource) {
	s := w.s
	for !s.Done() {
		if !w.classic && s.Phase() == "play" {
			s.PlayCard(w.card(rnd))
			continue
		}
		s.ApplyUnchecked(w.policy(rnd))
	}
}

func (w *strohWorld) scores(out []float64) {
	sc := w.s.Scores()
	out[0], out[1] = float64(sc[0]), float64(sc[1])
}

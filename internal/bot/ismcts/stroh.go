package ismcts

import (
	"math/rand/v2"
	"trull/internal/bot/ssolver"

	"trull/internal/bot/know"
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
	s       *strohmandeln.State // the determinization, the world's own memory
	kept    strohmandeln.State  // the copy save keeps
	tr      trickRules
	classic bool // classic scoring: the in-hand announcements exist
	team    [8]int8
	ctx     playCtx
	buf     []game.Action
	sv      *ssolver.Solver // the world's solver (solver)
}

func newStrohWorld(r *strohmandeln.Rules) *strohWorld {
	w := &strohWorld{r: r, s: r.NewHand(), tr: newTrickRules(true, strohmandeln.Beats, 2, r.Pack()),
		classic: r.Opts().Scoring == strohmandeln.Classic,
		team:    [8]int8{0, 1}, buf: make([]game.Action, 0, 32)}
	w.ctx.seats, w.ctx.team = 2, &w.team
	return w
}

func (w *strohWorld) resample(v game.View, rng *rand.Rand) error {
	return w.r.ResampleInto(w.s, v.(*strohmandeln.View), rng)
}

func (w *strohWorld) set(s game.State) { w.s.CopyFrom(s.(*strohmandeln.State)) }

func (w *strohWorld) save() { w.kept.CopyFrom(w.s) }

func (w *strohWorld) restore() { w.s.CopyFrom(&w.kept) }

func (w *strohWorld) state() game.State { return w.s }

func (w *strohWorld) candidates(dst []game.Action) []game.Action { return w.s.Legal(dst) }

// strength returns the estimated chance that seat's hand reaches the
// winning card points (know.StrohChance).
func (w *strohWorld) strength(seat int) float64 {
	return know.StrohChance(w.s.Hand(seat), seat == w.s.Elder(), w.r.Opts().Pack40)
}

// policy folds a hand without a Tarock when its chance of winning is below
// know.StrohFold, undertakes from know.StrohUndertake (or
// know.StrohUndertakeClassic), doubles from know.StrohDouble, announces whatever may be announced and plays cards by the
// trick-taking rules, the exposed Strohmann tops first among equals.
func (w *strohWorld) policy(rnd *game.FastSource) game.Action {
	s := w.s
	seat := s.ToAct()
	a := game.Action{Seat: int8(seat)}
	switch s.Phase() {
	case "fold":
		a.Kind, a.Call = game.KindFold, strohmandeln.CallStay
		if !s.Hand(seat).Overlaps(card.TrumpsAndFool) && w.strength(seat) < know.StrohFold {
			a.Call = strohmandeln.CallFold
		}
	case "bid":
		a.Kind, a.Call = game.KindBid, strohmandeln.CallPass
		need := know.StrohUndertake
		if w.classic {
			need = know.StrohUndertakeClassic
		}
		if w.strength(seat) >= need {
			a.Call = strohmandeln.CallUndertake
		}
	case "double":
		a.Kind, a.Call = game.KindDouble, strohmandeln.CallGut
		if w.strength(seat) >= know.StrohDouble {
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

// card is the default card play of the seat to act.
func (w *strohWorld) card(rnd *game.FastSource) card.Card {
	s := w.s
	seat := s.ToAct()
	c := &w.ctx
	c.t.n = 0
	if led := s.Led(); led != card.None {
		c.t.add(led, int8(1-seat))
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

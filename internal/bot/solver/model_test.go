package solver

import (
	"math/rand/v2"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
)

// TestGameScore checks the model's game score against the engine's Score
// for every card-point total, contract, win rule and pack.
func TestGameScore(t *testing.T) {
	for _, vc := range testVariants {
		r := vc.rules()
		for contract := droggn.Ansager; contract <= droggn.Super; contract++ {
			for k := 0; k <= 2; k++ {
				s := dealToPlay(r, rand.New(rand.NewPCG(1, uint64(contract))), dealer{contract: contract})
				ru, _ := mustPosition(t, s)
				ru.m = 1 << k
				for pts := 0; pts <= 2*r.Half()+4; pts++ {
					for _, all := range []bool{false, true} {
						for _, last := range []bool{false, true} {
							want, _ := r.Score(droggn.Tally{Contract: contract, P: pts, K: k, AllTricks: all,
								LastTrickDecl: last, PagatLaidSide: -1, PagatSide: -1, PagatCaptor: -1})
							if got := ru.game(pts, all, last); got != int64(want) {
								t.Fatalf("%s %s k=%d P=%d all=%v last=%v: game %d, engine %d",
									vc.name, contract, k, pts, all, last, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestModelMatchesEngine plays random hands in the engine and in the
// model side by side, from the start of play and from random later points
// (which exercises the probe), and checks the legal cards at every step,
// that the line bounds always contain the final result, and the final
// result.
func TestModelMatchesEngine(t *testing.T) {
	for _, vc := range testVariants {
		t.Run(vc.name, func(t *testing.T) {
			r := vc.rules()
			rng := rand.New(rand.NewPCG(7, 11))
			probes := 0
			for hand := 0; hand < 400; hand++ {
				s := dealToPlay(r, rng, dealer{layout: 0.5, maxK: 2})
				start := rng.IntN(r.Tricks())
				playRandom(s, rng, r.Tricks()-start, rng.IntN(3))
				if s.Done() {
					continue
				}
				eng := s.Copy()
				ru, p := mustPosition(t, eng)
				ru.lineBounds = true
				if p.bonus != 0 {
					probes++
				}
				var trail []pos
				for !eng.Done() {
					if p.done {
						t.Fatalf("hand %d: model finished before the engine", hand)
					}
					if got := ru.seats[p.toAct]; got != eng.ToAct() {
						t.Fatalf("hand %d: model seat %d to act, engine %d", hand, got, eng.ToAct())
					}
					if got, want := ru.legal(&p), eng.LegalCards(); got != want {
						t.Fatalf("hand %d: legal %v, engine %v", hand, got, want)
					}
					trail = append(trail, p)
					c := game.RandomCard(rng, eng.LegalCards())
					eng.PlayCard(c)
					ru.play(&p, c)
				}
				if !p.done {
					t.Fatalf("hand %d: engine finished before the model", hand)
				}
				want := int64(eng.FastScore())
				if got := ru.value(&p); got != want {
					t.Fatalf("hand %d (%s, pagat laid %d, fool laid %v): model X=%d, engine %d",
						hand, s.Contract(), s.PagatLaidOut(), s.FoolLaidOut(), got, want)
				}
				for i := range trail {
					if lo, hi := ru.bounds(&trail[i]); want < lo || want > hi {
						t.Fatalf("hand %d step %d: X=%d outside bounds [%d, %d]", hand, i, want, lo, hi)
					}
				}
			}
			t.Logf("%d positions needed a non-zero probe", probes)
		})
	}
}

// TestKleineUndGstiessUltimo finds hands where the declarer can announce
// Kleine und Gstieß Ultimo and checks the model and the solver there.
func TestKleineUndGstiessUltimo(t *testing.T) {
	r := droggn.MustParse(3, "kleineUndGstiessUltimo=true")
	rng := rand.New(rand.NewPCG(3, 5))
	found, announced := 0, 0
	var b brute
	for hand := 0; hand < 4000 && found < 12; hand++ {
		s := dealToPlay(r, rng, dealer{contract: droggn.Contract(1 + rng.IntN(3))})
		decl := s.Declarer()
		if !s.Hand(decl).Has(card.Pagat) || !s.Hand(decl).Has(card.Fool) {
			continue
		}
		// Everyone plays trumps while they can; the declarer keeps T1 and
		// the Gstieß to the end.
		for !s.Done() && r.Tricks()-s.TrickNo() > 3 {
			l := s.LegalCards()
			if s.ToAct() == decl && l.Minus(card.Of(card.Pagat, card.Fool)).Len() > 0 {
				l = l.Minus(card.Of(card.Pagat, card.Fool))
			}
			c := l.Highest()
			if tr := l.Trumps(); !tr.Empty() {
				c = tr.Highest()
			}
			s.ApplyUnchecked(game.Action{Seat: int8(s.ToAct()), Kind: game.KindPlay, Card: c})
		}
		if s.Done() || !s.Hand(decl).Has(card.Pagat) || !s.Hand(decl).Has(card.Fool) {
			continue
		}
		d1, d2 := s.Defenders()
		if !s.Hand(d1).Trumps().Empty() || !s.Hand(d2).Trumps().Empty() {
			continue
		}
		found++
		want := b.value(s, 0)
		got, _, _, exact := Solve(s, 0)
		if got != want || !exact {
			t.Fatalf("hand %d: solver %d (exact %v), brute force %d", hand, got, exact, want)
		}
		// Walk the line that announces it and check the model on the way.
		for !s.Done() {
			if ru, p := mustPosition(t, s); p.bonus != 0 && !(ru.kgu && p.left <= 2) {
				t.Fatalf("hand %d: unexpected probe bonus %d", hand, p.bonus)
			}
			v, c, _, _ := Solve(s, 0)
			if bv := b.value(s, 0); v != bv {
				t.Fatalf("hand %d trick %d: solver %d, brute force %d", hand, s.TrickNo(), v, bv)
			}
			s.ApplyUnchecked(game.Action{Seat: int8(s.ToAct()), Kind: game.KindPlay, Card: c})
		}
		for _, it := range s.Result().Items {
			if it.Item == "kleine_und_gstiess_ultimo" {
				announced++
			}
		}
	}
	if found == 0 || announced == 0 {
		t.Fatalf("%d Kleine und Gstieß Ultimo positions, %d announced", found, announced)
	}
	t.Logf("%d Kleine und Gstieß Ultimo positions, %d announced on the solver's line", found, announced)
}

// TestPositionErrors checks that positions outside the play phase are
// refused.
func TestPositionErrors(t *testing.T) {
	r := droggn.Default(3)
	s, err := r.Deal(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 1))), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := newPosition(s, nil); err == nil {
		t.Fatal("bidding position accepted")
	}
	if v := Evaluate(s, 0); v != nil {
		t.Fatalf("Evaluate in bidding: %v", v)
	}
	if _, c, _, exact := Solve(s, 0); c != card.None || exact {
		t.Fatalf("Solve in bidding: %v %v", c, exact)
	}
}

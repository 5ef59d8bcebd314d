package guide

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/sitting"
	"trull/internal/tablemodel"
)

// visit plays a lesson's hand: the person's seat follows the guide's
// suggestions, the others are the lesson's bots drawing from the seed as
// the server's do. f sees every state before its action is applied.
func visit(t *testing.T, l Lesson, f func(st game.State)) game.State {
	t.Helper()
	r, deck := lessonDeal(t, l)
	st, err := r.NewState(deck, l.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(l.Bot)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(l.Seed, 1)
	for steps := 0; !st.Done(); steps++ {
		if steps > 500 {
			t.Fatalf("%s: the hand does not end", l.Name)
		}
		f(st)
		if st.ToAct() != l.Seat {
			a, err := b.Act(st.View(game.Seat(st.ToAct())), rng)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
			continue
		}
		g, err := For(l, st, l.Seat)
		if err != nil {
			t.Fatal(err)
		}
		if g.Suggest == nil || g.Advice == nil {
			t.Fatalf("%s: the guide points at nothing in phase %s", l.Name, st.Phase())
		}
		seat := l.Seat
		ra := *g.Suggest
		ra.Seat = &seat
		as, err := r.DecodeAction(st, ra)
		if err != nil {
			t.Fatalf("%s: the guide's action %+v: %v", l.Name, ra, err)
		}
		for _, a := range as {
			if err := st.Apply(a); err != nil {
				t.Fatalf("%s: the guide's action %+v is refused: %v", l.Name, ra, err)
			}
		}
	}
	f(st)
	return st
}

// lessonDeal returns a lesson's rules and the deck of its hand, dealt as
// the server deals it.
func lessonDeal(t *testing.T, l Lesson) (game.Rules, []card.Card) {
	t.Helper()
	info, ok := game.Lookup(l.Game)
	if !ok {
		t.Fatalf("no game %s", l.Game)
	}
	r, err := info.New(nil, l.Players)
	if err != nil {
		t.Fatal(err)
	}
	sit, err := sitting.New(r, sitting.Config{Players: make([]string, l.Players), Seed: l.Seed, FirstDealer: l.Dealer})
	if err != nil {
		t.Fatal(err)
	}
	return r, sit.Deck(0)
}

func mustFind(t *testing.T, name string) Lesson {
	t.Helper()
	l, err := Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestDealAndBidding: each chosen deal is introduced with the person's
// own figures, and the guide advises the contract the lesson is about.
func TestDealAndBidding(t *testing.T) {
	tests := []struct {
		lesson string
		deal   map[string]string // parameters of the deal step
		call   string            // the advised first call
		why    string
	}{
		{"droggn", map[string]string{"cards": "21", "trumps": "10", "honours": "T21,H-K,D-K", "top": "T21", "talon": "3"}, "solo", "solo"},
		{"troggu", map[string]string{"cards": "18", "trumps": "9", "honours": "FOOL,T1,T21", "top": "FOOL", "tapp": "8"}, "normal", "normal"},
		{"troggu7", map[string]string{"cards": "8", "trumps": "4", "honours": "T1,Ba-K", "top": "T10", "tapp": "6"}, "normal", "normal"},
		{"strohmandeln", map[string]string{"cards": "15", "trumps": "8", "honours": "S-K", "top": "T20"}, "undertake", "undertake"},
	}
	for _, tc := range tests {
		t.Run(tc.lesson, func(t *testing.T) {
			l := mustFind(t, tc.lesson)
			var deal *Step
			var bid *Step
			visit(t, l, func(st game.State) {
				if st.ToAct() != l.Seat {
					return
				}
				g, err := For(l, st, l.Seat)
				if err != nil {
					t.Fatal(err)
				}
				if deal == nil && len(g.Intro) > 0 && strings.HasPrefix(g.Intro[0].Code, "deal.") {
					deal = &g.Intro[0]
				}
				if bid == nil && g.Advice != nil && strings.HasPrefix(g.Advice.Code, "advice.bid.") {
					bid = g.Advice
				}
			})
			if deal == nil || bid == nil {
				t.Fatalf("no deal step (%v) or bidding advice (%v)", deal, bid)
			}
			for k, v := range tc.deal {
				if deal.Params[k] != v {
					t.Errorf("deal %s = %q, want %q (%v)", k, deal.Params[k], v, deal.Params)
				}
			}
			if bid.Params["call"] != tc.call || bid.Params["why"] != tc.why {
				t.Errorf("advice %v, want %s because %s", bid.Params, tc.call, tc.why)
			}
		})
	}
}

// need is the card points a side needs to win each lesson's game, in the
// unit of its Result.CardPoints (Strohmandeln counts in thirds).
var need = map[string]int{"droggn": 37, "troggu": 58, "strohmandeln": 107}

// TestPhasesIntroduced: every phase the person sees is introduced, every
// finished trick explained with its winner, and the end gives the count
// and the score with the result's own figures.
func TestPhasesIntroduced(t *testing.T) {
	for _, l := range Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			phases := map[string]bool{}
			explained := map[string]bool{}
			var last *Guide
			end := visit(t, l, func(st game.State) {
				g, err := For(l, st, l.Seat)
				if err != nil {
					t.Fatal(err)
				}
				if len(g.Intro) == 0 {
					t.Fatalf("phase %s is not introduced", g.Phase)
				}
				phases[g.Phase] = true
				for _, s := range g.Trick {
					if strings.HasPrefix(s.Code, "trick.") && s.Params["winner"] != "" {
						explained[s.Params["n"]] = true
					}
				}
				if st.ToAct() == l.Seat && st.Phase() == "play" && g.Advice.Params["card"] == "" {
					t.Fatalf("no card advised: %+v", g.Advice)
				}
				last = g
			})
			if !phases["play"] || !phases["done"] {
				t.Fatalf("phases seen: %v", phases)
			}
			res := end.Result()
			tricks := 0
			for n := range explained {
				if n != "" {
					tricks++
				}
			}
			if tricks < 5 {
				t.Fatalf("only %d tricks explained", tricks)
			}
			if len(last.Intro) != 2 {
				t.Fatalf("the end is %+v", last.Intro)
			}
			count, score := last.Intro[0], last.Intro[1]
			if count.Code != "count."+l.Game || score.Code != "score."+l.Game {
				t.Fatalf("the end's steps are %s, %s", count.Code, score.Code)
			}
			if count.Params["points"] != itoa(res.CardPoints[l.Seat]) || count.Params["need"] != itoa(need[l.Game]) {
				t.Errorf("count %v, result card points %v", count.Params, res.CardPoints)
			}
			if score.Params["score"] != itoa(res.Score[l.Seat]) {
				t.Errorf("score %v, result %v", score.Params, res.Score)
			}
			if res.Declarer != l.Seat {
				t.Errorf("the person does not declare: declarer %d", res.Declarer)
			}
		})
	}
}

// TestNoHiddenCard: no step of the guide, for any seat at any moment of
// the lessons' hands, names a card that seat may not know, and the same
// state gives the same guide.
func TestNoHiddenCard(t *testing.T) {
	for _, l := range Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			checked := 0
			visit(t, l, func(st game.State) {
				pack := st.Rules().Pack()
				for seat := 0; seat < l.Players; seat++ {
					g, err := For(l, st, seat)
					if err != nil {
						t.Fatal(err)
					}
					known := st.MayKnow(game.ViewerOf(seat).WithReview(true))
					// The seat is offered its legal actions: a trump it may
					// call is named on its button, wherever that trump lies.
					// The called trump is said aloud, wherever it lies.
					if m, err := tablemodel.Of(st.View(game.Seat(seat))); err == nil && m.CalledTrump > 0 {
						known.Add(card.Trump(m.CalledTrump))
					}
					if st.ToAct() == seat {
						for _, a := range st.Legal(nil) {
							if a.Kind == game.KindCall {
								known.Add(a.Card)
							}
						}
					}
					check := func(where, id string) {
						c, err := pack.Parse(id)
						if err != nil {
							return // a number or a word
						}
						checked++
						if !known.Has(c) {
							t.Fatalf("seat %d, phase %s: %s names %s, which the seat may not know", seat, st.Phase(), where, id)
						}
					}
					steps := append(append([]Step{}, g.Intro...), g.Trick...)
					if g.Advice != nil {
						steps = append(steps, *g.Advice)
					}
					for _, s := range steps {
						for k, v := range s.Params {
							for _, id := range strings.Split(v, ",") {
								check(s.Code+"."+k, id)
							}
						}
					}
					for _, lim := range g.Limits {
						for _, id := range lim.Cards {
							check("limit "+string(lim.Code), id)
						}
						for k, v := range lim.Params {
							check("limit "+k, v)
						}
					}
					if g.Suggest != nil {
						check("suggest", g.Suggest.Card)
						for _, id := range g.Suggest.Cards {
							check("suggest", id)
						}
					}
					again, _ := For(l, st, seat)
					a, _ := json.Marshal(g)
					b, _ := json.Marshal(again)
					if string(a) != string(b) {
						t.Fatalf("the same state gives two guides:\n%s\n%s", a, b)
					}
				}
			})
			if checked == 0 {
				t.Fatal("no card was checked")
			}
		})
	}
}

// TestLimitsNamed: in the play, the guide names the rule that keeps the
// person's other cards from being played whenever some are kept (each
// lesson's hand has such tricks).
func TestLimitsNamed(t *testing.T) {
	for _, l := range Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			codes := map[game.Code]bool{}
			visit(t, l, func(st game.State) {
				if st.ToAct() != l.Seat || st.Phase() != "play" {
					return
				}
				g, err := For(l, st, l.Seat)
				if err != nil {
					t.Fatal(err)
				}
				legal := map[string]bool{}
				for _, a := range st.Legal(nil) {
					legal[st.Rules().Pack().ID(a.Card)] = true
				}
				m, err := tablemodel.Of(st.View(game.Seat(l.Seat)))
				if err != nil {
					t.Fatal(err)
				}
				kept := 0
				for _, id := range m.Hand {
					if !legal[id] {
						kept++
					}
				}
				if g.Free && kept > 0 {
					t.Fatalf("the guide says any card may be played, but %d are kept", kept)
				}
				if kept > 0 && len(g.Limits) == 0 {
					t.Fatalf("%d cards are kept from play, and no rule is named", kept)
				}
				for _, lim := range g.Limits {
					codes[lim.Code] = true
				}
			})
			if len(codes) == 0 {
				t.Fatal("no rule limiting the cards was ever named")
			}
		})
	}
}

func TestFindUnknown(t *testing.T) {
	if _, err := Find("tarock"); err == nil || !strings.Contains(err.Error(), "guide: no lesson \"tarock\"") {
		t.Fatalf("Find(tarock) = %v", err)
	}
}

// TestEndFigures: the count and the score at the end of each lesson are
// explained with the hand's own figures, and the figures add up: the
// pile's raw points less what the count in threes takes off give the
// card points; the contract's value and the points over 37 give the game
// item; what each of the others pays gives the score.
func TestEndFigures(t *testing.T) {
	tests := []struct {
		lesson string
		count  []string // parameters the count must give
		score  []string // and the score
	}{
		{"droggn", []string{"pile", "raw", "less", "tricks"}, []string{"base", "diff", "game", "total", "others"}},
		{"troggu", []string{"tricks"}, []string{"game", "total", "others"}},
		{"troggu7", []string{"tricks"}, []string{"game", "total", "others"}},
		{"strohmandeln", []string{"pile", "raw", "less", "tricks"}, []string{"game"}},
	}
	num := func(t *testing.T, p map[string]string, k string) int {
		t.Helper()
		n, err := strconv.Atoi(p[k])
		if err != nil {
			t.Fatalf("%s = %q: %v", k, p[k], err)
		}
		return n
	}
	for _, tc := range tests {
		t.Run(tc.lesson, func(t *testing.T) {
			l := mustFind(t, tc.lesson)
			st := visit(t, l, func(game.State) {})
			g, err := For(l, st, l.Seat)
			if err != nil {
				t.Fatal(err)
			}
			count, score := g.Intro[0].Params, g.Intro[1].Params
			for _, k := range tc.count {
				num(t, count, k)
			}
			for _, k := range tc.score {
				num(t, score, k)
			}
			points := num(t, count, "points")
			if _, ok := count["pile"]; ok {
				raw, less := num(t, count, "raw"), num(t, count, "less")
				if l.Game == "strohmandeln" {
					raw *= 3 // thirds
				}
				if raw-less != points {
					t.Errorf("raw %d less %d is not the card points %d", raw, less, points)
				}
			}
			if _, ok := score["base"]; ok {
				if d := num(t, score, "base") + num(t, score, "diff"); d != num(t, score, "game") || points-need[l.Game] != num(t, score, "diff") {
					t.Errorf("base and diff %v do not give the game item", score)
				}
			}
			if _, ok := score["total"]; ok && num(t, score, "total")*num(t, score, "others") != num(t, score, "score") {
				t.Errorf("total × others is not the score: %v", score)
			}
		})
	}
}

// TestPhaseSteps: the introductions of the phases after the bidding give
// this deal's figures: the contract, the talon or Tapp taken and the
// cards to lay away, the trumps at the start of the play, the called
// trump kept secret, the Strohmänner's playable tops.
func TestPhaseSteps(t *testing.T) {
	tests := []struct {
		lesson, phase, code string
		params              map[string]string
	}{
		{"droggn", "discard", "talon.droggn", map[string]string{"contract": "solo", "count": "3", "role": "declarer"}},
		{"droggn", "play", "play.droggn", map[string]string{"contract": "solo", "need": "37", "trumps": "12", "declarer": "0"}},
		{"troggu", "exchange", "talon.troggu", map[string]string{"contract": "normal", "count": "8", "taken": "T9,T14,T20,Ba-Q,Cu-3,Cu-N,Co-3,Co-J"}},
		{"troggu", "play", "play.troggu", map[string]string{"need": "58", "trumps": "12", "role": "declarer"}},
		{"troggu7", "call", "call.troggu", map[string]string{"players": "7"}},
		{"troggu7", "exchange", "talon.troggu", map[string]string{"count": "6", "taken": "T14,T17,Ba-10,Cu-5,Cu-3,Co-4"}},
		{"troggu7", "play", "partner.troggu", map[string]string{"called": "T20", "role": "declarer", "partner": "", "alone": ""}},
		{"strohmandeln", "play", "men.strohmandeln", map[string]string{"count": "3", "tops": "H-Q,C-8,S-10"}},
		{"strohmandeln", "play", "play.strohmandeln", map[string]string{"contract": "undertaken", "need": "107", "trumps": "10"}},
	}
	for _, tc := range tests {
		t.Run(tc.lesson+"/"+tc.code, func(t *testing.T) {
			l := mustFind(t, tc.lesson)
			var got *Step
			visit(t, l, func(st game.State) {
				if got != nil || st.Phase() != tc.phase {
					return
				}
				g, err := For(l, st, l.Seat)
				if err != nil {
					t.Fatal(err)
				}
				for i := range g.Intro {
					if g.Intro[i].Code == tc.code {
						got = &g.Intro[i]
					}
				}
			})
			if got == nil {
				t.Fatalf("phase %s was not introduced with %s", tc.phase, tc.code)
			}
			for k, v := range tc.params {
				if got.Params[k] != v {
					t.Errorf("%s = %q, want %q (%v)", k, got.Params[k], v, got.Params)
				}
			}
		})
	}
}

// TestProgressSide: from the second trick on, the play is introduced by the
// side the seat plays for: the Troggu seat that holds the called trump is
// told what its side, the Tappist's, needs.
func TestProgressSide(t *testing.T) {
	l := mustFind(t, "troggu7")
	checked := 0
	visit(t, l, func(st game.State) {
		for seat := range l.Players {
			g, err := For(l, st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Intro) == 0 || g.Intro[0].Code != "progress" {
				continue
			}
			partner := false
			for _, s := range g.Intro {
				if s.Code == "partner.troggu" && (s.Params["mine"] != "" || s.Params["partner"] == itoa(seat)) {
					partner = true
				}
			}
			if role := g.Intro[0].Params["role"]; partner && role != "declarer" {
				t.Fatalf("seat %d, the Tappist's partner, is told the other side's target (role %s)", seat, role)
			}
			if partner {
				checked++
			}
		}
	})
	if checked == 0 {
		t.Fatal("no partner's progress was checked")
	}
}

// TestAdviceReasonsHold: over many deals of each lesson's game, a reason the
// guide gives is true of the table: a card that "takes this trick" is the
// trick's last, one that only "beats the cards on the table" has players
// after it, and a discard names exactly the suits it leaves empty.
func TestAdviceReasonsHold(t *testing.T) {
	seen := map[string]int{}
	four := mustFind(t, "droggn") // and Droggn with four, the dealer sitting out
	four.Name, four.Players, four.Dealer = "droggn4", 4, 3
	for _, base := range append(Lessons(), four) {
		for i := range 25 {
			l := base
			l.Seed = fmt.Sprintf("%s-reasons-%d", base.Seed, i)
			visit(t, l, func(st game.State) {
				if st.Done() || st.ToAct() != l.Seat {
					return
				}
				g, err := For(l, st, l.Seat)
				if err != nil || g.Advice == nil {
					t.Fatalf("%s: no advice (%v)", l.Seed, err)
				}
				m, err := tablemodel.Of(st.View(game.Seat(l.Seat)))
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case g.Advice.Code == "advice.play":
					why := g.Advice.Params["why"]
					// Whether the card ends the trick, from the engine.
					after := st.Clone()
					seat := l.Seat
					ra := *g.Suggest
					ra.Seat = &seat
					as, err := after.Rules().DecodeAction(after, ra)
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range as {
						if err := after.Apply(a); err != nil {
							t.Fatal(err)
						}
					}
					m2, err := tablemodel.Of(after.View(game.Seat(l.Seat)))
					if err != nil {
						t.Fatal(err)
					}
					last := len(m2.Tricks) > len(m.Tricks)
					switch strings.TrimSuffix(why, "round") {
					case "low":
						// "while you learn the others' hands": a suit card,
						// in the first half of the hand.
						seen["low"]++
						if c := g.Advice.Params["card"]; strings.HasPrefix(c, "T") || c == "FOOL" {
							t.Errorf("%s: %q for the trump %s", l.Seed, why, c)
						}
						if len(m.Tricks) >= len(m.Hand) {
							t.Errorf("%s: %q after %d tricks with %d cards left", l.Seed, why, len(m.Tricks), len(m.Hand))
						}
					case "win":
						seen["win"]++
						if !last {
							t.Errorf("%s: %q with players still to come", l.Seed, why)
						}
					case "beat", "beatkeep":
						seen[why]++
						if last {
							t.Errorf("%s: %q as the trick's last card", l.Seed, why)
						}
						pagat := slices.ContainsFunc(st.Legal(nil), func(a game.Action) bool { return a.Kind == game.KindPlay && a.Card == card.Pagat })
						if why == "beatkeep" && !pagat {
							t.Errorf("%s: %q without the Pagat to keep", l.Seed, why)
						}
						if g.Advice.Params["card"] == "T1" {
							t.Errorf("%s: the Pagat risked with players to come", l.Seed)
						}
					}
				case strings.HasPrefix(g.Advice.Code, "advice.discard."):
					seen["discard"]++
					hand := map[string]int{}
					for _, id := range m.Hand {
						if i := strings.IndexByte(id, '-'); i > 0 && !strings.HasPrefix(id, "T") {
							hand[id[:i]]++
						}
					}
					for _, id := range strings.Split(g.Advice.Params["discard"], ",") {
						if i := strings.IndexByte(id, '-'); i > 0 && !strings.HasPrefix(id, "T") {
							hand[id[:i]]--
						}
					}
					var empty []string
					for _, id := range strings.Split(g.Advice.Params["discard"], ",") {
						if i := strings.IndexByte(id, '-'); i > 0 && !strings.HasPrefix(id, "T") && hand[id[:i]] == 0 && !slices.Contains(empty, id[:i]) {
							empty = append(empty, id[:i])
						}
					}
					if got := g.Advice.Params["voids"]; got != strings.Join(empty, ",") {
						t.Errorf("%s: discard %s of %v names voids %q, leaves %v empty", l.Seed, g.Advice.Params["discard"], m.Hand, got, empty)
					}
				}
			})
		}
	}
	for _, k := range []string{"win", "beat", "beatkeep", "discard", "low"} {
		if seen[k] == 0 {
			t.Errorf("no %q advice in the deals: the test checks nothing of it", k)
		}
	}
	t.Logf("reasons checked: %v", seen)
}

// TestLastTrickWords: a Troggu trick won by a suit card with a powerless
// Bättler in it is not called a trick without trumps, and a Strohmandeln
// trick's points come with the count the tally makes of them.
func TestLastTrickWords(t *testing.T) {
	rulesOf := func(name string, players int) game.Rules {
		info, ok := game.Lookup(name)
		if !ok {
			t.Fatalf("no game %s", name)
		}
		r, err := info.New(nil, players)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	handOf := func(r game.Rules, trick tablemodel.Trick) *hand {
		return &hand{m: &tablemodel.Model{Game: r.Game(), Seats: r.Seats(), Declarer: 0, Partner: -1, SitsOut: -1, PagatLaid: -1,
			HandSizes: []int{5, 5, 5}, Tricks: []tablemodel.Trick{trick}},
			pack: r.Pack(), traits: r.Traits(), seat: 0}
	}
	tg := rulesOf("troggu", 3)
	steps := handOf(tg, tablemodel.Trick{Leader: 1, Winner: 1, Plays: []tablemodel.Play{
		{Seat: 1, Card: "Ba-K"}, {Seat: 2, Card: "FOOL", Powerless: true}, {Seat: 0, Card: "Ba-5"},
	}}).lastTrick()
	if len(steps) != 2 || steps[0].Code != "trick.powerless" || steps[0].Params["card"] != "Ba-K" || steps[1].Code != "trick.fool.troggu" {
		t.Errorf("powerless Bättler: %+v", steps)
	}
	if _, ok := steps[0].Params["counted"]; ok {
		t.Errorf("Troggu counts its cards singly: %+v", steps[0])
	}
	plain := handOf(tg, tablemodel.Trick{Leader: 1, Winner: 1, Plays: []tablemodel.Play{
		{Seat: 1, Card: "Ba-K"}, {Seat: 2, Card: "Ba-6"}, {Seat: 0, Card: "Ba-5"},
	}}).lastTrick()
	if len(plain) != 1 || plain[0].Code != "trick.suit" {
		t.Errorf("a trick of one suit: %+v", plain)
	}
	st := rulesOf("strohmandeln", 2)
	steps = handOf(st, tablemodel.Trick{Leader: 0, Winner: 0, Plays: []tablemodel.Play{
		{Seat: 0, Card: "C-K"}, {Seat: 1, Card: "C-10"},
	}}).lastTrick()
	// 5 + 1 points in two cards: 3·6 − 2·2 = 14 thirds, the 4⅔ the tally
	// adds; after the first trick, how the tally counts.
	if len(steps) != 2 || steps[0].Params["points"] != "6" || steps[0].Params["counted"] != "14" || steps[1].Code != "counting.strohmandeln" {
		t.Errorf("Strohmandeln trick: %+v", steps)
	}
	dg := rulesOf("droggn", 3)
	steps = handOf(dg, tablemodel.Trick{Leader: 0, Winner: 0, Plays: []tablemodel.Play{
		{Seat: 0, Card: "H-K"}, {Seat: 1, Card: "H-1"}, {Seat: 2, Card: "H-N"},
	}}).lastTrick()
	// 5 + 1 + 3 points in three cards count 9 − 2 = 7.
	if len(steps) != 2 || steps[0].Params["points"] != "9" || steps[0].Params["counted"] != "7" || steps[1].Code != "counting.droggn" {
		t.Errorf("Droggn trick: %+v", steps)
	}
	// The declarer takes a defender's Pagat before the last trick.
	steps = handOf(dg, tablemodel.Trick{Leader: 1, Winner: 0, Plays: []tablemodel.Play{
		{Seat: 1, Card: "T1"}, {Seat: 2, Card: "T5"}, {Seat: 0, Card: "T9"},
	}}).lastTrick()
	if !slices.ContainsFunc(steps, func(s Step) bool {
		return s.Code == "trick.pagat.droggn" && s.Params["winner"] == "0" && s.Params["seat"] == "1"
	}) {
		t.Errorf("a captured Pagat: %+v", steps)
	}
}

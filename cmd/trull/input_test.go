package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/gametest/knowledge"
)

// newTestPlayer returns a terminal player of seat 0 for a variant.
func newTestPlayer(t *testing.T, v knowledge.Variant, lang card.Lang) *player {
	t.Helper()
	r, err := v.Rules()
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = "P" + string(rune('0'+i))
	}
	return &player{rules: r, lang: lang, names: names, out: &bytes.Buffer{}, declarer: -1}
}

// TestTypedCards: at every decision of random hands of every variant, each
// legal card is understood in every written form a person sees (the short
// label on screen, the record ID with or without its dash, its name in
// either language, a trump's number), and a card that may not be played is
// refused with the engine's reason.
func TestTypedCards(t *testing.T) {
	refused := eachDecision(t, "typed", func(p *player, st game.State, legal []game.Action) int {
		pk := p.rules.Pack()
		if len(legal) > len(menuKeys) || legal[0].Kind != game.KindPlay {
			return 0
		}
		for _, a := range legal {
			if a.Call != 0 {
				continue // a card said with a word is typed with it
			}
			forms := []string{pk.Short(a.Card, card.English), pk.Short(a.Card, card.German), pk.ID(a.Card), strings.ReplaceAll(pk.ID(a.Card), "-", ""),
				pk.CardName(a.Card, card.English), strings.ToUpper(pk.CardName(a.Card, card.German))}
			for _, f := range forms {
				if got, why := p.parse(st, legal, f); why != "" || got != a {
					t.Errorf("%q at %v: got %+v (%s), want %+v", f, st.Phase(), got, why, a)
				}
			}
		}
		// A card of the seat's hand that is not legal: refused with a reason.
		hand := st.View(game.Seat(p.human)).Cards().Intersect(pk.Cards)
		for _, a := range legal {
			hand.Remove(a.Card)
		}
		played := st.MayKnow(game.Spectator)
		hand = hand.Minus(played)
		if c := firstOf(hand); c != card.None && handHas(st, p.human, c) {
			_, why := p.parse(st, legal, pk.ID(c))
			if why == "" {
				t.Errorf("%s is not legal but was accepted", pk.ID(c))
			}
			return 1
		}
		return 0
	})
	for v, n := range refused {
		if n == 0 {
			t.Errorf("%s: no card was refused: the refusal path was not tested", v)
		}
	}
}

// eachDecision calls check at every decision of six random hands of every
// variant, in both languages, with a terminal player in the seat to act
// (its words learnt from the hands so far), and returns the sum of what
// check returned, by variant.
func eachDecision(t *testing.T, seed string, check func(p *player, st game.State, legal []game.Action) int) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, v := range knowledge.Variants() {
		out[v.String()] += 0
		for _, lang := range []card.Lang{card.English, card.German} {
			p := newTestPlayer(t, v, lang)
			for i := 0; i < 6; i++ {
				err := knowledge.Play(p.rules, seed, i, func(tr *knowledge.Tracker) error {
					st := tr.State()
					if st.Done() {
						return nil
					}
					p.learnWords(st)
					p.human = st.ToAct()
					out[v.String()] += check(p, st, st.Legal(nil))
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return out
}

func firstOf(s card.Set) card.Card {
	if s.Empty() {
		return card.None
	}
	return s.Nth(0)
}

// handHas reports whether c is in seat's own hand, as its view shows it.
func handHas(st game.State, seat int, c card.Card) bool {
	var view struct {
		Hand []string `json:"hand"`
	}
	b, _ := json.Marshal(st.View(game.Seat(seat)))
	if json.Unmarshal(b, &view) != nil {
		return false
	}
	id := st.Rules().Pack().ID(c)
	for _, h := range view.Hand {
		if h == id {
			return true
		}
	}
	return false
}

// TestTypedWords: bids, doubling words and lay-outs are understood in the
// words the game uses, in either language; Enter takes the only choice; a
// number is a card, never a line of the list.
func TestTypedWords(t *testing.T) {
	cases := []struct {
		game, seed, typed string
		want              string // the record form of the action taken, or "!" for a refusal
	}{
		{"droggn", "w1", "weiter", "bid pass"},
		{"droggn", "w1", "pass", "bid pass"},
		{"droggn", "w1", "ich sage an", "bid ansager"},
		{"droggn", "w1", "Super Mord", "bid supermord"},
		{"droggn", "w1", "21", "!"},
		{"droggn", "w1", "bogus", "!"},
		{"troggu", "w2", "passe", "bid pass"},
		{"troggu", "w2", "ich nehm's", "bid normal"},
	}
	for _, c := range cases {
		r, err := knowledge.Variant{Game: c.game, Players: 3}.Rules()
		if err != nil {
			t.Fatal(err)
		}
		deck, dealer := knowledge.Deal(r, c.seed, 0)
		st, _ := r.NewState(deck, dealer)
		p := newTestPlayer(t, knowledge.Variant{Game: c.game, Players: 3}, card.German)
		p.human = st.ToAct()
		a, why := p.parse(st, st.Legal(nil), c.typed)
		got := "!"
		if why == "" {
			ra := r.EncodeAction(a)
			got = ra.Act + " " + ra.Call
		}
		if got != c.want {
			t.Errorf("%s: %q gives %q (%s), want %q", c.game, c.typed, got, why, c.want)
		}
	}
}

// TestPlayPrompt drives whole prompts: Enter takes a single choice, a
// letter picks from the list, a refused card names its reason, and the
// screen fits 80 columns.
func TestPlayPrompt(t *testing.T) {
	var out bytes.Buffer
	in := strings.Repeat("\nXXX\na\n", 300)
	args := []string{"play", "droggn", "--seed", "prompt", "--bot", "rules", "--hands", "1"}
	if code := run(args, strings.NewReader(in), &out, &out); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tail(out.String()))
	}
	text := out.String()
	for _, want := range []string{"a) ", "→ your turn", "Not understood", "--- Result"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sitting never showed %q:\n%s", want, tail(text))
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if n := len([]rune(l)); n > width {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
}

// TestTypedWordNotNow: a word of the game typed when it is not a choice (a
// bid below the one that stands, "Retour" before any doubling) is refused
// with the engine's reason, not as text it does not understand, at every
// decision of random hands of every variant, in both languages.
func TestTypedWordNotNow(t *testing.T) {
	refused := eachDecision(t, "words", func(p *player, st game.State, legal []game.Action) int {
		if legal[0].Kind == game.KindBuy {
			return 0
		}
		n := 0
		for _, w := range p.words {
			w.Seat = int8(p.human)
			if slices.Contains(legal, w) {
				continue
			}
			typed := p.rules.Describe(w, p.lang)
			if _, ok := p.cardNamed(normalize(typed)); ok {
				continue // the word is also a card's name
			}
			got, why := p.parse(st, legal, typed)
			if why == "" {
				// Another legal action shares the words.
				if !slices.Contains(legal, got) {
					t.Errorf("%q at %v: took %+v, which is not legal", typed, st.Phase(), got)
				}
				continue
			}
			if err := st.Clone().Apply(w); err == nil || !strings.Contains(why, game.Explain(err, p.lang)) {
				t.Errorf("%q at %v: %q does not give the engine's reason (%v)", typed, st.Phase(), why, err)
			}
			n++
		}
		return n
	})
	for v, n := range refused {
		if n == 0 {
			t.Errorf("%s: no word was ever refused: the test saw no decision without some word", v)
		}
	}
}

// TestCardLabels: the labels the screen shows are read in both languages,
// and so are the labels of earlier versions (♥1 for the ace, ♣N for the
// rider).
func TestCardLabels(t *testing.T) {
	p := newTestPlayer(t, knowledge.Variant{Game: "droggn", Players: 3}, card.English)
	for typed, id := range map[string]string{"♥A": "H-1", "♥1": "H-1", "♣R": "C-N", "♣N": "C-N", "♠B": "S-J", "♠J": "S-J", "♦D": "D-Q", "♦Q": "D-Q", "xxi": "T21"} {
		c, ok := p.cardNamed(normalize(typed))
		if !ok || p.rules.Pack().ID(c) != id {
			t.Errorf("%q: got %v (%v), want %s", typed, p.rules.Pack().ID(c), ok, id)
		}
	}
}

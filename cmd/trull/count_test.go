package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/troggu"
	"trull/internal/gametest"
	"trull/internal/gametest/knowledge"
)

// pileCounter recounts the piles of a hand from its actions alone, as an
// oracle for the screen: each finished trick goes to its winner (the seat
// that leads the next one), except a Droggn Gstieß, which goes to the pile
// of the side that played it (docs/RULES.md §1.4, "where the cards go").
type pileCounter struct {
	r      game.Rules
	trick  []game.Action
	won    map[int][]card.Card // seat → cards won (Troggu: the seat's pile)
	tricks map[int]int
	fools  map[int]int // Droggn: the seat whose side keeps a Gstieß it played
}

func newPileCounter(r game.Rules) *pileCounter {
	return &pileCounter{r: r, won: map[int][]card.Card{}, tricks: map[int]int{}, fools: map[int]int{}}
}

// apply notes action a, which left the hand in st.
func (c *pileCounter) apply(st game.State, a game.Action) {
	if a.Kind != game.KindPlay {
		return
	}
	c.trick = append(c.trick, a)
	per := c.r.Seats()
	if c.r.Game() == "droggn" {
		per = 3
	}
	if len(c.trick) < per || st.Done() {
		return // the last trick is left to the result
	}
	w := st.ToAct()
	c.tricks[w]++
	for _, pl := range c.trick {
		if pl.Card == card.Fool && c.r.Game() == "droggn" {
			c.fools[int(pl.Seat)]++
			continue
		}
		c.won[w] = append(c.won[w], pl.Card)
	}
	c.trick = nil
}

// droggnSide returns what seat's side holds: its tricks and card points in
// threes (the declarer's with its discards).
func (c *pileCounter) droggnSide(s *droggn.State, seat int) (int, int) {
	mine := func(o int) bool { return (o == s.Declarer()) == (seat == s.Declarer()) }
	var pile card.Set
	tricks := 0
	for o, cs := range c.won {
		if mine(o) {
			tricks += c.tricks[o]
			for _, x := range cs {
				pile.Add(x)
			}
		}
	}
	for o, n := range c.fools {
		if mine(o) && n > 0 {
			pile.Add(card.Fool)
		}
	}
	if seat == s.Declarer() {
		for _, a := range s.History() {
			if a.Kind == game.KindDiscard {
				pile.Add(a.Card)
			}
		}
	}
	pk := s.Rules().Pack()
	return tricks, card.Threes(pk.Raw(pile), pile.Len())
}

// TestRunningCount holds the count on the screen against the engine at
// every trick of random hands of every set-up, from every seat: Droggn's
// "your side" recounted from the tricks with the Gstieß where the rules
// put it, Troggu's tricks and points of every seat, and at the end of the
// hand the card points of the result (Strohmandeln's too).
func TestRunningCount(t *testing.T) {
	checked := 0
	for _, v := range setups() {
		r, err := v.Rules()
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.String(), func(t *testing.T) {
			for i := 0; i < 12; i++ {
				c := newPileCounter(r)
				prev := 0
				err := knowledge.Play(r, "count", i, func(tr *knowledge.Tracker) error {
					st := tr.State()
					h := st.History()
					if len(h) > prev {
						c.apply(st, h[len(h)-1])
						prev = len(h)
					}
					if len(c.trick) != 0 && !st.Done() {
						return nil // hold the count at every finished trick
					}
					for seat := 0; seat < r.Seats(); seat++ {
						p := newTestPlayer(t, v, card.Lang(seat%2))
						p.human = seat
						s := p.screenOf(st.View(game.Seat(seat)))
						count := strings.Join(s.count, "\n")
						if err := p.holdCount(st, c, seat, count); err != nil {
							return err
						}
						checked++
					}
					return nil
				})
				if err != nil {
					t.Fatalf("hand %d: %v", i, err)
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no count was checked")
	}
	t.Logf("%d screens' counts checked", checked)
}

// holdCount checks the screen's count text of seat against the oracle and
// the engine's result.
func (p *player) holdCount(st game.State, c *pileCounter, seat int, count string) error {
	switch s := st.(type) {
	case *droggn.State:
		if s.Declarer() < 0 || s.CurrentPhase() < droggn.PhPlay {
			return nil
		}
		tricks, pts := c.droggnSide(s, seat)
		if st.Done() {
			pts = st.Result().CardPoints[seat]
			tricks = -1
		}
		want := ", " + p.cardPoints(pts)
		if !strings.Contains(count, want) || tricks >= 0 && !strings.Contains(count, ": "+p.tricks(tricks)+",") {
			return fmt.Errorf("seat %d after trick %d: the screen counts %q, the engine %d tricks and %d card points", seat, s.TrickNo(), count, tricks, pts)
		}
	case *troggu.State:
		if st.Phase() != "play" && !st.Done() {
			return nil
		}
		if st.Done() {
			res := st.Result()
			if !strings.Contains(count, ", "+p.cardPoints(res.CardPoints[seat])) {
				return fmt.Errorf("seat %d at the end: the screen counts %q, the result %d", seat, count, res.CardPoints[seat])
			}
			return nil
		}
		for o := 0; o < p.rules.Seats(); o++ {
			pts := 0
			for _, x := range c.won[o] {
				pts += p.rules.Pack().Points(x)
			}
			part := fmt.Sprintf("%s %d/%d", p.names[o], c.tricks[o], pts)
			if (c.tricks[o] > 0) != strings.Contains(count, part) {
				return fmt.Errorf("seat %d: the screen counts %q, the engine %q", seat, count, part)
			}
		}
	default:
		if !st.Done() {
			return nil
		}
		res := st.Result()
		for o := range res.CardPoints {
			if !strings.Contains(count, " "+thirds(p.rules.Traits().Scale, res.CardPoints[o])+p.t(" points", " Kartenpunkte")) {
				return fmt.Errorf("the screen counts %q, the result %v", count, res.CardPoints)
			}
		}
	}
	return nil
}

// TestBuyPrompt: at a Droggn buy the person types the two cards as the
// screen shows them, as records write them or by name, with or without a
// word between, or "none"; a card the person holds or discarded is refused
// with that reason, and one card alone asks for two.
func TestBuyPrompt(t *testing.T) {
	v := knowledge.Variant{Game: "droggn", Players: 3}
	r, _ := v.Rules()
	tested := 0
	for i := 0; i < 200 && tested < 6; i++ {
		err := knowledge.Play(r, "buy", i, func(tr *knowledge.Tracker) error {
			st := tr.State()
			if st.Phase() != "buy" {
				return nil
			}
			tested++
			lang := card.Lang(tested % 2)
			p := newTestPlayer(t, v, lang)
			p.human = st.ToAct()
			legal := st.Legal(nil)
			dv := st.View(game.Seat(p.human)).(*droggn.View)
			pk := r.Pack()
			hand := p.ids(dv.Hand)
			var ask card.Card
			for _, c := range pk.Order {
				if !tr.Known(game.Seat(p.human)).Has(c) {
					ask = c
					break
				}
			}
			var offer card.Card
			for _, a := range legal {
				if a.Card != card.None && a.Card2 == ask {
					offer = a.Card
					break
				}
			}
			want := game.Action{Seat: int8(p.human), Kind: game.KindBuy, Card: offer, Card2: ask}
			for _, typed := range []string{
				pk.Short(offer, card.English) + " " + pk.Short(ask, card.English),
				pk.Short(offer, card.German) + " " + pk.Short(ask, card.German),
				pk.ID(offer) + " " + pk.ID(ask),
				strings.ToLower(pk.CardName(offer, card.German)) + " für " + pk.CardName(ask, card.German),
				pk.CardName(offer, card.English) + ", " + pk.CardName(ask, card.English),
				"the " + pk.CardName(offer, card.English) + " for the " + pk.CardName(ask, card.English),
			} {
				if got, why := p.parse(st, legal, typed); why != "" || got != want {
					t.Errorf("%q: got %+v (%s), want %+v", typed, got, why, want)
				}
			}
			for _, none := range []string{"none", "nichts", "kauft nicht", "buy nothing"} {
				if got, why := p.parse(st, legal, none); why != "" || got.Card != card.None {
					t.Errorf("%q: got %+v (%s), want no buy", none, got, why)
				}
			}
			own := hand[len(hand)-1]
			_, why := p.parse(st, legal, p.short(offer)+" "+p.short(own))
			if !strings.Contains(why, p.t("yourself", "selbst")) || strings.Contains(why, "nobody") {
				t.Errorf("asking for %s in the own hand: %q", p.short(own), why)
			}
			if _, why := p.parse(st, legal, p.short(offer)); !strings.Contains(why, p.t("two cards", "Zwei Karten")) {
				t.Errorf("one card: %q", why)
			}
			// Asked anyway (the engine allows it): the screen says whose card it was.
			lost := st.Clone()
			if err := lost.Apply(game.Action{Seat: int8(p.human), Kind: game.KindBuy, Card: offer, Card2: own}); err != nil {
				return err
			}
			facts := strings.Join(p.screenOf(lost.View(game.Seat(p.human))).facts, "\n")
			if !strings.Contains(facts, p.t("which was in your own hand", "die du selbst in der Hand hattest")) || strings.Contains(facts, "no defender") {
				t.Errorf("a lost buy of the person's own card reads %q", facts)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if tested == 0 {
		t.Fatal("no buy was reached")
	}
	t.Logf("%d buy prompts", tested)
}

// TestHelpCommand: trull help and trull help COMMAND show what --help
// shows; an unknown command is a usage error; every help text fits 80
// columns.
func TestHelpCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "Commands:") {
		t.Fatalf("trull help: exit %d\n%s%s", code, out.String(), errb.String())
	}
	var cmds []string
	for _, l := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.HasPrefix(l, "  ") && !strings.HasPrefix(f[0], "-") && l[2] != ' ' {
			cmds = append(cmds, f[0])
		}
	}
	if len(cmds) < 9 {
		t.Fatalf("the help lists %v", cmds)
	}
	for _, c := range append([]string{""}, cmds...) {
		var h1, h2, e1, e2 bytes.Buffer
		args := []string{"help"}
		flag := []string{"--help"}
		if c != "" {
			args, flag = append(args, c), []string{c, "--help"}
		}
		code1 := run(args, strings.NewReader(""), &h1, &e1)
		code2 := run(flag, strings.NewReader(""), &h2, &e2)
		if code1 != 0 || code2 != 0 || h1.String() != h2.String() {
			t.Errorf("trull %v (exit %d) and trull %v (exit %d) differ:\n%s\n%s", args, code1, flag, code2, h1.String(), h2.String())
		}
		for _, l := range strings.Split(h1.String(), "\n") {
			if runes(l) > width {
				t.Errorf("trull %v: a line of %d columns: %q", args, runes(l), l)
			}
		}
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"help", "deal"}, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), `trull help: no command "deal"`) {
		t.Errorf("trull help deal: exit %d, %q", code, errb.String())
	}
}

// TestInterrupt sends Ctrl-C (SIGINT) to a trull play in a process of its
// own while it waits for the person: it leaves as "quit" does, with the
// standing and exit status 0.
func TestInterrupt(t *testing.T) {
	if os.Getenv("TRULL_TEST_PLAY") == "1" {
		os.Exit(run([]string{"play", "droggn", "-bot", "random", "-seed", "intr", "-hands", "3"}, os.Stdin, os.Stdout, os.Stderr))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInterrupt$")
	cmd.Env = append(os.Environ(), "TRULL_TEST_PLAY=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Play the first hand with the first choice, one answer after each
	// question, then wait at the pause.
	defer cmd.Process.Kill()
	for !strings.Contains(out.String(), "Enter: next hand> ") {
		before := out.Len()
		if _, err := stdin.Write([]byte("a\n")); err != nil {
			t.Fatalf("write: %v\n%s", err, tail(out.String()))
		}
		gametest.Eventually(t, 30*time.Second, "an answer to the first choice", func() bool { return out.Len() > before })
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after Ctrl-C: %v\n%s", err, tail(out.String()))
		}
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("Ctrl-C did not end the sitting:\n%s", tail(out.String()))
	}
	text := out.String()
	for _, want := range []string{"\nStanding: you ", "Bye."} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q after Ctrl-C:\n%s", want, tail(text))
		}
	}
}

// syncBuffer is a bytes.Buffer for a subprocess's output and the test
// reading it at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Len returns the number of bytes written so far.
func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

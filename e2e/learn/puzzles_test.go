package learn

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"trull/e2e/webtest"

	"github.com/chromedp/chromedp"
)

// puzzlePage is what a puzzle page shows the player.
type puzzlePage struct {
	ID       string   `json:"id"`
	Answered string   `json:"answered"` // "", "right" or "wrong"
	Legal    []string `json:"legal"`    // the cards lit for playing
	Dim      []string `json:"dim"`      // the cards the rules forbid
	Best     []string `json:"best"`     // after the answer: the cards marked best
	Verdict  string   `json:"verdict"`
	Streak   string   `json:"streak"`
	Toast    string   `json:"toast"`
	Role     string   `json:"role"` // who declares the contract, and the seat's part in it
}

const puzzleJS = `(() => {
  const q = (s) => document.querySelector(s);
  const page = q('main.puzzle-page');
  if (!page) return {};
  const cards = (sel) => [...document.querySelectorAll(sel)].map((b) => b.dataset.card);
  return {
    id: page.dataset.puzzle || '',
    answered: page.dataset.answered || '',
    legal: cards('.mine button.card.legal'),
    dim: cards('.mine button.card.dim'),
    best: cards('.mine .card.hint'),
    verdict: (q('[data-testid=verdict]') || {}).innerText || '',
    streak: (q('.tbar [data-testid=streak]') || {}).innerText || '',
    toast: (q('[data-testid=toast]') || {}).innerText || '',
    role: (q('[data-testid=puzzle-role]') || {}).innerText || '',
  };
})()`

func readPuzzle(t *testing.T, ctx context.Context) puzzlePage {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[puzzlePage](puzzleJS))
	if err != nil {
		t.Fatalf("e2e: reading the puzzle page: %v", err)
	}
	return p
}

// waitPuzzle waits until the page shows a puzzle other than not, with
// its cards lit for playing.
func waitPuzzle(t *testing.T, ctx context.Context, not string) puzzlePage {
	t.Helper()
	js := fmt.Sprintf(`(() => { const p = document.querySelector('main.puzzle-page'); return !!p && !!p.dataset.puzzle && p.dataset.puzzle !== %q && !p.dataset.answered && !!document.querySelector('.mine button.card.legal'); })()`, not)
	if err := webtest.WaitFor(ctx, js, 15*time.Second); err != nil {
		t.Fatalf("e2e: no puzzle appeared: %v", err)
	}
	return readPuzzle(t, ctx)
}

// answerPuzzle plays card and waits for the verdict.
func answerPuzzle(t *testing.T, ctx context.Context, card string) puzzlePage {
	t.Helper()
	if err := webtest.ClickCard(ctx, card); err != nil {
		t.Fatalf("e2e: playing %s: %v", card, err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('main.puzzle-page[data-answered] [data-testid=verdict]')`, 15*time.Second); err != nil {
		t.Fatalf("e2e: no verdict after %s: %v\n%+v\n%s", card, err, readPuzzle(t, ctx), webtest.PageText(t, ctx))
	}
	// A screen reader says the verdict: its heading has the focus.
	if err := webtest.WaitFor(ctx, `document.activeElement === document.querySelector('[data-testid=verdict-head]')`, 5*time.Second); err != nil {
		t.Errorf("e2e: after %s the focus is not on the verdict's heading: %v", card, err)
	}
	return readPuzzle(t, ctx)
}

func nextPuzzle(t *testing.T, ctx context.Context, from string) puzzlePage {
	t.Helper()
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=next-puzzle]`))); err != nil {
		t.Fatalf("e2e: the next puzzle: %v", err)
	}
	return waitPuzzle(t, ctx, from)
}

// TestPuzzlesInBrowser reaches the Droggn puzzles from the lobby on a
// Phone's width and answers three of them by what the page shows. A first
// pass plays the first lit card of each and reads the verdict: the cards
// marked best, and so the lit cards that are not. In a fresh browser
// (nothing kept) it then answers the first two with their best card and
// the third with another: right, right, wrong, each with its why, and the
// streak counts 1, 2, then 0 with 2 as the best. Try again opens the third
// once more: its best card is right, and the streak stays 0. Switched to
// German, the verdict's why is German too. Screenshots:
// puzzle-right-phone.png and puzzle-wrong-phone.png in docs/screenshots
// with -update.
func TestPuzzlesInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Phone(t, exe)
	if err := webtest.Within(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=puzzle-links] a[data-game=droggn]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=puzzle-links] a[data-game=droggn]`)),
	); err != nil {
		t.Fatalf("e2e: the puzzles from the lobby: %v", err)
	}
	type learnt struct {
		id        string
		best, bad []string
	}
	var seen []learnt
	p := waitPuzzle(t, ctx, "")
	for i := range 3 {
		if i > 0 {
			p = nextPuzzle(t, ctx, p.ID)
		}
		if !strings.Contains(p.Role, "declarer") {
			t.Errorf("e2e: puzzle %s does not say who declares: %q", p.ID, p.Role)
		}
		lit := p.Legal
		a := answerPuzzle(t, ctx, lit[0])
		if len(a.Best) == 0 || !strings.Contains(a.Verdict, "Best:") {
			t.Fatalf("e2e: puzzle %s: the verdict marks no best card: %+v", p.ID, a)
		}
		var bad []string
		for _, c := range lit {
			if !slices.Contains(a.Best, c) {
				bad = append(bad, c)
			}
		}
		if (a.Answered == "right") != slices.Contains(a.Best, lit[0]) {
			t.Errorf("e2e: puzzle %s: %s played, %v marked best, but the verdict is %q", p.ID, lit[0], a.Best, a.Answered)
		}
		if len(bad) == 0 {
			t.Fatalf("e2e: puzzle %s: every lit card is best: %+v", p.ID, a)
		}
		seen = append(seen, learnt{p.ID, a.Best, bad})
	}

	// A fresh browser: nothing is kept, the first puzzle is shown again.
	if err := webtest.Within(ctx,
		chromedp.Evaluate[chromedp.Void](`localStorage.clear()`),
		chromedp.Navigate(base+"/puzzles?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=puzzle-index] [data-game=droggn] a[data-theme]`)),
	); err != nil {
		t.Fatal(err)
	}
	if text := webtest.PageText(t, ctx); !strings.Contains(text, "Streak: 0") || !strings.Contains(text, "0 of 36 solved") {
		t.Errorf("e2e: the puzzle index of a fresh browser says:\n%s", text)
	}
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=puzzle-index] [data-game=droggn] h3 a`))); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		answered, streak string
	}{{"right", "Streak: 1 (best 1)"}, {"right", "Streak: 2 (best 2)"}, {"wrong", "Streak: 0 (best 2)"}}
	for i, w := range want {
		if i == 0 {
			p = waitPuzzle(t, ctx, "")
		} else {
			p = nextPuzzle(t, ctx, p.ID)
		}
		l := seen[i]
		if p.ID != l.id {
			t.Fatalf("e2e: puzzle %d is %s now, %s before", i+1, p.ID, l.id)
		}
		card := l.best[0]
		if w.answered == "wrong" {
			card = l.bad[0]
		}
		a := answerPuzzle(t, ctx, card)
		if a.Answered != w.answered || a.Streak != w.streak {
			t.Errorf("e2e: puzzle %s answered with %s: %q, %q; want %q, %q", p.ID, card, a.Answered, a.Streak, w.answered, w.streak)
		}
		head := map[string]string{"right": "Right! That is the best card.", "wrong": "Not the best card."}[w.answered]
		if !strings.HasPrefix(a.Verdict, head) || !strings.Contains(a.Verdict, "Every card") || !strings.Contains(a.Verdict, "Why: ") {
			t.Errorf("e2e: puzzle %s: the verdict says %q", p.ID, a.Verdict)
		}
		if i == 0 {
			webtest.FitsWidth(t, ctx, "a puzzle answered")
			webtest.Shot(t, ctx, "puzzle-right-phone.png")
		}
	}
	webtest.Shot(t, ctx, "puzzle-wrong-phone.png")

	// Try again: the same puzzle opens for another card; its best card
	// is right now, but a second try leaves the streak as it was.
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=retry-puzzle]`))); err != nil {
		t.Fatalf("e2e: Try again: %v", err)
	}
	if p = waitPuzzle(t, ctx, ""); p.ID != seen[2].id {
		t.Fatalf("e2e: Try again shows puzzle %s, not %s", p.ID, seen[2].id)
	}
	a := answerPuzzle(t, ctx, seen[2].best[0])
	if a.Answered != "right" || a.Streak != "Streak: 0 (best 2)" || !strings.Contains(a.Verdict, "A second try") {
		t.Errorf("e2e: the second try of %s: %q, %q, %q", p.ID, a.Answered, a.Streak, a.Verdict)
	}
	webtest.Shot(t, ctx, "puzzle-retry-phone.png")

	// The verdict follows the language: its why too, not only its labels.
	why := func() string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('[data-testid=verdict] [data-testid=why]') || {}).innerText || ''`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	en := why()
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=lang]`))); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `(document.querySelector('[data-testid=verdict] h3') || {}).innerText === 'Richtig! Das ist die beste Karte.'`, 5*time.Second); err != nil {
		t.Fatalf("e2e: the verdict did not switch to German: %v", err)
	}
	english := regexp.MustCompile(`\b(world|worlds|trick|your side|[Ww]ith|points|wins)\b`)
	german := regexp.MustCompile(`\b(Welt|Welten|Stich|deine Seite|[Mm]it|Punkte|gewinnt)\b`)
	if de := why(); !strings.HasPrefix(de, "Warum: ") || !german.MatchString(de) || english.MatchString(de) || de == en {
		t.Errorf("e2e: after switching to German the why says %q (in English %q)", de, en)
	}
	webtest.Shot(t, ctx, "puzzle-retry-de-phone.png")

	// The progress is kept: the index counts the two solved.
	if err := webtest.Within(ctx, chromedp.Navigate(base+"/puzzles?lang=en"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=puzzle-index] [data-game=droggn] a[data-theme]`))); err != nil {
		t.Fatal(err)
	}
	if text := webtest.PageText(t, ctx); !strings.Contains(text, "2 of 36 solved") || !strings.Contains(text, "Streak: 0 (best 2)") {
		t.Errorf("e2e: after three answers the index says:\n%s", text)
	}
}

// puzzleCodes are what a German puzzle page must not show: the record's
// card IDs and actions, theme and error codes, English words.
var puzzleCodes = []*regexp.Regexp{
	regexp.MustCompile(`\b(S|C|H|D|Sw|Ba|Cu|Co)-(10|[1-9]|J|N|Q|K)\b`),
	regexp.MustCompile(`\bT([1-9]|1[0-9]|2[01])\b`),
	regexp.MustCompile(`\bFOOL\b`),
	regexp.MustCompile(`\b(play|bid) `),
	regexp.MustCompile(`\b(misere|fool|strohmann|bird|threshold|smear|other|must_follow|no_puzzle)\b`),
	regexp.MustCompile(`\b(droggn|troggu|strohmandeln)\b`),
	regexp.MustCompile(`\b(Seat|seat|trick|card|cards|best|Best|Right|points|You|your|Streak|solved|Puzzle|puzzle|Next|Every|why|Why)\b`),
}

// TestPuzzlesGerman: the puzzle pages in German on a phone's width show
// no record code and no English: the index, a Droggn puzzle with a card
// the rules forbid (refused in German with the rule) and its verdict, and
// a Strohmandeln puzzle with its Strohmänner. Screenshots:
// puzzle-droggn-de-phone.png, puzzle-strohmandeln-de-phone.png.
func TestPuzzlesGerman(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Phone(t, exe)
	check := func(where string) {
		t.Helper()
		text := webtest.PageText(t, ctx)
		for _, re := range puzzleCodes {
			for _, m := range re.FindAllStringIndex(text, -1) {
				t.Errorf("e2e: %s: %q on the German page: …%s…", where, text[m[0]:m[1]], text[max(0, m[0]-40):min(len(text), m[1]+40)])
			}
		}
	}
	if err := webtest.Within(ctx,
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=puzzle-links] h2 a`)),
		chromedp.Click(chromedp.CSS(`[data-testid=puzzle-links] h2 a`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=puzzle-index] [data-game=strohmandeln] a[data-theme]`)),
	); err != nil {
		t.Fatal(err)
	}
	text := webtest.PageText(t, ctx)
	for _, s := range []string{"Rätsel", "Serie: 0", "Vögel", "Schmieren", "Der Bättler", "0 von 36 gelöst"} {
		if !strings.Contains(text, s) {
			t.Errorf("e2e: the German puzzle index does not say %q:\n%s", s, text)
		}
	}
	check("the index")
	webtest.FitsWidth(t, ctx, "the puzzle index")
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=puzzle-index] [data-game=droggn] h3 a`))); err != nil {
		t.Fatal(err)
	}
	p := waitPuzzle(t, ctx, "")
	if !strings.Contains(p.Role, "Spieler") {
		t.Errorf("e2e: the German puzzle does not say who declares: %q", p.Role)
	}
	// A forbidden card, if the hand has one: refused in German, saying why.
	for next := 0; len(p.Dim) == 0 && next < 10; next++ {
		p = answerPuzzle(t, ctx, p.Legal[0])
		p = nextPuzzle(t, ctx, p.ID)
	}
	if len(p.Dim) == 0 {
		t.Fatal("e2e: no puzzle of the first ten has a card the rules forbid")
	}
	if err := webtest.ClickCard(ctx, p.Dim[0]); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=toast]')`, 10*time.Second); err != nil {
		t.Fatalf("e2e: playing a forbidden card: %v", err)
	}
	if p = readPuzzle(t, ctx); !strings.HasPrefix(p.Toast, "Du musst") || p.Answered != "" {
		t.Errorf("e2e: a forbidden card: the page says %q (answered %q)", p.Toast, p.Answered)
	}
	check("the refusal")
	a := answerPuzzle(t, ctx, p.Legal[0])
	if !strings.Contains(a.Verdict, "Am besten:") || !strings.Contains(a.Verdict, "Alle Karten") || !strings.Contains(a.Verdict, "Warum: ") {
		t.Errorf("e2e: the German verdict says %q", a.Verdict)
	}
	check("the verdict")
	webtest.FitsWidth(t, ctx, "a German verdict")
	webtest.Shot(t, ctx, "puzzle-droggn-de-phone.png")

	if err := webtest.Within(ctx, chromedp.Navigate(base+"/puzzles/strohmandeln?lang=de&theme=strohmann")); err != nil {
		t.Fatal(err)
	}
	p = waitPuzzle(t, ctx, "")
	check("a Strohmandeln puzzle")
	a = answerPuzzle(t, ctx, p.Legal[0])
	if a.Verdict == "" {
		t.Errorf("e2e: no verdict in Strohmandeln")
	}
	check("a Strohmandeln verdict")
	webtest.FitsWidth(t, ctx, "a Strohmandeln verdict")
	webtest.Shot(t, ctx, "puzzle-strohmandeln-de-phone.png")
}

// hintValue is a candidate's value in a hint's words: "(+1)", "(−0,4)", "(0)".
var hintValue = regexp.MustCompile(`\([+−-]?\d[\d,.]*\)`)

// TestHintWhyInBrowser: at a Droggn table the hint asked for in the card
// play says under it why each candidate is worse than the best, in German
// and, after the language is switched, in English. Screenshot:
// hint-why-de.png.
func TestHintWhyInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	for try := 0; try < 5; try++ {
		tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"}, 1)
		webtest.SeatIn(t, ctx, base, tb, "de")
		s := webtest.Snapshot{}
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
			s = x
			return x.Result || x.Phase == "play" && x.MyTurn && len(x.Legal) >= 2
		})
		if s.Result {
			continue
		}
		if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=hint]`))); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=hint-why] li')`, 60*time.Second); err != nil {
			t.Fatalf("e2e: the hint says no why: %v\n%s", err, webtest.PageText(t, ctx))
		}
		read := func() string {
			w, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=hint-why]').innerText`))
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
		de := read()
		// The best is explained against the second, and the second is not
		// explained again against the best (the same two in the same
		// worlds): fewer whys than candidates, counted by their values in
		// the hint's words ("Tipp: X (+1) · sonst Y (+0,9), Z (−2)").
		var shown struct {
			Text string
			Whys int
		}
		if _, err := webtest.Read(ctx, `({text: document.querySelector('[data-testid=hint-text]').textContent, whys: document.querySelectorAll('[data-testid=hint-why] li').length})`, &shown); err != nil {
			t.Fatal(err)
		}
		if n := len(hintValue.FindAllString(shown.Text, -1)); n >= 2 && shown.Whys >= n {
			t.Errorf("e2e: the hint %q explains %d candidates: the second again against the best", shown.Text, shown.Whys)
		}
		// Every why names what it compares in the page's words: German
		// without an English word or a record code, English without a
		// German word.
		english := regexp.MustCompile(`\b(world|worlds|trick|your side|[Ww]ith|points|[SCHD]-\w+|T\d+|FOOL)\b`)
		german := regexp.MustCompile(`\b(Welt|Welten|Stich|deine Seite|[Mm]it|Punkte)\b`)
		if !german.MatchString(de) || english.MatchString(de) {
			t.Errorf("e2e: the German hint's why says %q", de)
		}
		webtest.Shot(t, ctx, "hint-why-de.png")
		if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=lang]`))); err != nil {
			t.Fatal(err)
		}
		if en := read(); !english.MatchString(en) || german.MatchString(en) {
			t.Errorf("e2e: the English hint's why says %q", en)
		}
		return
	}
	t.Fatal("e2e: no hand reached the card play")
}

// TestAnalysisWhyInBrowser: on an English page the analysis of a hand
// says why at each marked decision, in its list and at its step.
func TestAnalysisWhyInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 1000)
	for try := 0; try < 3; try++ {
		tb := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"}, 1)
		webtest.SeatIn(t, ctx, base, tb, "en")
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Over })
		if err := webtest.Within(ctx,
			chromedp.WaitVisible(chromedp.CSS(`[data-testid=analyse-hand]`)),
			chromedp.Click(chromedp.CSS(`[data-testid=analyse-hand]`)),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
		); err != nil {
			t.Fatalf("e2e: asking for the analysis: %v", err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=graph] circle')`, 90*time.Second); err != nil {
			t.Fatalf("e2e: the analysis graph did not appear: %v", err)
		}
		type marks struct {
			Marks int      `json:"marks"`
			Whys  []string `json:"whys"`
		}
		m, err := chromedp.Run(ctx, chromedp.Evaluate[marks](`({marks: document.querySelectorAll('[data-testid=marks] li').length,
  whys: [...document.querySelectorAll('[data-testid=marks] li .why')].map((d) => d.innerText)})`))
		if err != nil {
			t.Fatal(err)
		}
		if m.Marks == 0 {
			continue // a hand without a marked decision: play another
		}
		if len(m.Whys) != m.Marks {
			t.Errorf("e2e: %d marked decisions, %d with a why: %q", m.Marks, len(m.Whys), m.Whys)
		}
		for _, w := range m.Whys {
			if len(strings.Fields(w)) < 4 {
				t.Errorf("e2e: a marked decision's why says %q", w)
			}
		}
		if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=marks] li a`))); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `[...document.querySelectorAll('[data-testid=verdict] [data-testid=why]')].some((p) => p.textContent.trim().split(/\s+/).length >= 4)`, 5*time.Second); err != nil {
			t.Errorf("e2e: the marked decision's step shows no why: %v", err)
		}
		// The same whys in German: the server words them in both languages.
		if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=lang]`))); err != nil {
			t.Fatal(err)
		}
		de, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid=marks] li .why')].map((d) => d.innerText)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(de) != m.Marks {
			t.Errorf("e2e: on the German page %d of %d marked decisions have a why: %q", len(de), m.Marks, de)
		}
		for _, w := range de {
			if !strings.Contains(w, "Welt") && !strings.Contains(w, "Punkt") && !strings.Contains(w, "Stich") && !strings.Contains(w, "Spiel") {
				t.Errorf("e2e: a German why reads %q", w)
			}
		}
		return
	}
	t.Fatal("e2e: three hands without a marked decision")
}

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"trull/e2e/webtest"

	"github.com/chromedp/chromedp"
)

// TestAnalysisInBrowser plays a Strohmandeln hand against the rules bot,
// asks for its analysis from the result in German, and checks what a
// player sees: the progress, the graph of each seat's expected score, the
// list of marked decisions, and a click on one that moves the replay to
// it with its verdict. With -shots DIR it keeps a screenshot of the graph.
func TestAnalysisInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 1000)
	tb := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"}, 1)
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.Evaluate[chromedp.Void](js),
		chromedp.Navigate(base+"/t/"+tb.ID+"?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatal(err)
	}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Over })

	// "Analyse" on the hand's result opens its replay with the analysis.
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
	); err != nil {
		t.Fatalf("e2e: asking for the analysis from the result: %v", err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=graph] circle')`, 90*time.Second); err != nil {
		t.Fatalf("e2e: the analysis graph did not appear: %v", err)
	}
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=marks] li a').length`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("e2e: %d marked decisions", marks)
	if marks > 0 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=marks] li a`))); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `[...document.querySelectorAll('[data-testid=verdict]')].some((p) => /Ungenauigkeit|Fehler/.test(p.textContent))`, 5*time.Second); err != nil {
			t.Errorf("e2e: jumping to a marked decision shows no verdict: %v", err)
		}
	}
	if *webtest.Shots != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*webtest.Shots, "analysis-desktop.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// recordCodeJS returns the phrases of the page's analysis and replay (the
// text, the graph's tooltips) that show the hand record's form (card IDs
// such as S-K, T21, FOOL; "play ", "bid ", "double gut"; step indices; a
// bare ratio such as 20/27) or, on a German page, English words.
const recordCodeJS = `(() => {
  const el = document.querySelector('[data-testid=replay]');
  if (!el) return ['no replay'];
  const text = el.textContent.replace(/[„“"][^„“"]*[“”"]/g, '"…"');
  const codes = [
    /\b(S|C|H|D|Sw|Ba|Cu|Co)-(10|[1-9]|J|N|Q|K)\b/g,
    /\bT([1-9]|1[0-9]|2[01])\b/g,
    /\bFOOL\b/g,
    /\b(play|bid) /g,
    /\b(double|bid|fold|layout|buy|call|announce) (gut|schwacher|retour|pass|weiter|ansager|solo|super|supermord|none|undertake|double|fold|stay|normal|misere|trull|fourkings)\b/g,
    /\(you\)/g,
    /\b(step|Zug) \d/g,
    /\d+\/\d+/g,
    /\b(players|Seat|seat|trick|card|chosen|better|best|valued|good|you|plays|inaccuracy|mistake|blunder|step|discard)\b/g,
  ];
  const out = [];
  for (const re of codes) for (const m of text.matchAll(re)) out.push(m[0] + ' in …' + text.slice(Math.max(0, m.index - 40), m.index + 40) + '…');
  return out;
})()`

// TestAnalysisGermanNoRecordCode plays a Droggn hand against the rules
// bots on a German page, opens its analysis and checks that neither the
// analysis view (its table, graph tooltips, list of marked decisions and
// each verdict) nor the replay beside it shows the record's form or
// English: cards and actions are named as at the table, decisions placed
// by trick and card. With -shots DIR it keeps analysis-de.png.
func TestAnalysisGermanNoRecordCode(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 1100)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"}, 1)
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.Evaluate[chromedp.Void](js),
		chromedp.Navigate(base+"/t/"+tb.ID+"?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatal(err)
	}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Over })
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
	); err != nil {
		t.Fatalf("e2e: asking for the analysis from the result: %v", err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=graph] circle')`, 120*time.Second); err != nil {
		t.Fatalf("e2e: the analysis graph did not appear: %v", err)
	}
	check := func(where string) {
		t.Helper()
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](recordCodeJS))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Errorf("e2e: %s: record code or English on the German page: %s", where, b)
		}
	}
	check("the analysis")
	// The page says what a world is, in whose terms its verdicts speak.
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('[data-testid=loss-note]').textContent.includes('Eine „Welt“ ist')`)); err != nil || !ok {
		t.Errorf("e2e: the analysis does not say what a world is (%v)", err)
	}
	// Every marked decision, each at its step with its verdict.
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=marks] li a').length`))
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Log("e2e: no marked decision in this hand")
	}
	opened := 0
	for i := range n {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-testid=marks] li a')[%d].click()`, i))); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `[...document.querySelectorAll('[data-testid=verdict]')].some((p) => /Ungenauigkeit|Fehler/.test(p.textContent))`, 5*time.Second); err != nil {
			t.Errorf("e2e: marked decision %d shows no verdict: %v", i, err)
		}
		check(fmt.Sprintf("marked decision %d", i))
		// The best card with every hand seen is said in a sentence, its
		// value named, not as a bare number in brackets.
		if bare, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll('[data-testid=verdict]')].some((p) => /alle Karten offen:|\(-?\d+\)/.test(p.firstChild ? p.textContent.split('\n')[0] : ''))`)); err != nil || bare {
			t.Errorf("e2e: marked decision %d: a verdict names a value without saying what it is (%v)", i, err)
		}
		if seen, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll('[data-testid=verdict]')].some((p) => p.textContent.includes('mit allen Karten offen wäre'))`)); seen {
			opened++
		}
	}
	if n > 0 && opened == 0 {
		t.Errorf("e2e: none of the %d marked decisions named the best card with every hand seen", n)
	}
	placed, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`/Stich \d+, (erste|zweite|dritte) Karte/.test(document.querySelector('[data-testid=analysis]').textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if n > 0 && !placed {
		t.Errorf("e2e: no decision placed by trick and card")
	}
	if *webtest.Shots != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*webtest.Shots, "analysis-de.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// importRecordDE opens the German import page, puts a hand record into
// its text box and asks for it to be shown.
func importRecordDE(t *testing.T, ctx context.Context, base, record string) {
	t.Helper()
	paste := fmt.Sprintf(`(() => {
  const ta = document.querySelector('main.replay-page textarea');
  ta.value = %q;
  ta.dispatchEvent(new Event('input', {bubbles: true}));
  return true;
})()`, record)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/replay?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.replay-page textarea`)),
		chromedp.Evaluate[chromedp.Void](paste),
		chromedp.Click(chromedp.CSS(`main.replay-page button.primary`)),
	); err != nil {
		t.Fatal(err)
	}
}

// TestImportErrorGerman: a hand record that cannot be shown is refused on
// the German import page in German, saying what is wrong and why (the
// record's fault worded from the server's parameters), and an action that
// cannot be played names its number and its own refusal.
func TestImportErrorGerman(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1024, 800)
	cases := []struct{ record, want string }{
		{`{"format":"trull-hand/1","game":"droggn","players":[],"dealer":0,"seed":"s","actions":[]}`,
			"Droggn spielen 3 bis 4 Spieler, das Protokoll nennt aber 0."},
		{`{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"s","actions":[{"seat":1,"act":"play","card":"S-K"}]}`,
			"Aktion 1 des Protokolls geht nicht: Jetzt nicht: jetzt heißt es reizen."},
	}
	for _, c := range cases {
		importRecordDE(t, ctx, base, c.record)
		if err := webtest.WaitFor(ctx, `!!document.querySelector('main.replay-page .error')`, 10*time.Second); err != nil {
			t.Fatalf("e2e: no error for %s: %v", c.record, err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('main.replay-page .error').textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("e2e: the import error is %q, want %q", got, c.want)
		}
	}
}

// TestImportUnnamedSeatGerman: a record whose seat nobody named calls it
// "Seat N" (as the server's records do); the German replay calls it
// "Platz N" and keeps the others' names, and names the seat to act as
// the seats are named.
func TestImportUnnamedSeatGerman(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1024, 800)
	record := `{"format":"trull-hand/1","game":"droggn","players":["Seat 1","Bob","Cid"],"dealer":0,"seed":"s","actions":[]}`
	importRecordDE(t, ctx, base, record)
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=replay]') || !!document.querySelector('main.replay-page .error')`, 10*time.Second); err != nil {
		t.Fatalf("e2e: the record was neither shown nor refused: %v", err)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('[data-testid=replay]') || document.querySelector('main.replay-page .error')).textContent`))
	if err != nil {
		t.Fatal(err)
	}
	// The record stops where Bob is to bid, and the page says so by his name.
	for _, want := range []string{"Platz 1", "Bob", "Cid", "Unvollständiges Protokoll: Bob ist am Zug."} {
		if !strings.Contains(text, want) {
			t.Errorf("e2e: the German replay does not name %q: %s", want, text)
		}
	}
	if strings.Contains(text, "Seat") {
		t.Errorf("e2e: the German replay says \"Seat\": %s", text)
	}
}

package learn

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// practicePage is what the practice bar and the hand show.
type practicePage struct {
	Takeback bool       `json:"takeback"`
	Again    bool       `json:"again"`
	AllHands [][]string `json:"allHands"`
	Cards    []string   `json:"cards"`
	Hand     int        `json:"hand"`
	Phase    string     `json:"phase"`
	Tricks   int        `json:"tricks"`
	MyTurn   bool       `json:"myTurn"`
}

const practiceJS = `(() => {
  const q = (s) => document.querySelector(s);
  const page = q('main.table-page');
  const cards = (root, sel) => [...root.querySelectorAll(sel)].map((b) => b.dataset.card);
  return {
    takeback: !!q('[data-testid=takeback]'), again: !!q('[data-testid=again]'),
    allHands: [...document.querySelectorAll('[data-testid=all-hands-view] .all-hand')].map((h) => cards(h, '[data-card]')),
    cards: page ? cards(page, '.mine .hand button.card') : [],
    hand: page ? Number(page.dataset.hand) : -1, phase: page ? page.dataset.phase : '',
    tricks: page ? Number(page.dataset.tricks || 0) : 0, myTurn: !!q('.prompt.mine'),
  };
})()`

func readPractice(t *testing.T, ctx context.Context) practicePage {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[practicePage](practiceJS))
	if err != nil {
		t.Fatalf("e2e: reading the page: %v", err)
	}
	return p
}

// TestPracticeInBrowser: at a Droggn table with two bots, in English and
// German, the person takes back a card (the card is back in the hand and
// it is their turn again), plays the hand out, shows every seat's hand
// after it, opens the replay that lists the takeback beside the record,
// taps a game word for its explanation with a link to its rules section,
// and plays the same deal again (the same cards in the hand). With
// -update the screenshots go to docs/screenshots/ (practice-*.png).
func TestPracticeInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.BotDelay = 100 * time.Millisecond })
	glossary := readGlossary(t)
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			ctx := webtest.Browser(t, exe, 1280, 1000)
			tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"})
			js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
			if err := chromedp.Do(ctx,
				chromedp.Navigate(base+"/?lang="+lang),
				chromedp.Evaluate[chromedp.Void](js),
				chromedp.Navigate(base+"/t/"+tb.ID+"?lang="+lang),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid=practice]`)),
			); err != nil {
				t.Fatalf("e2e: opening the practice table: %v", err)
			}

			// Take back the card of the first trick once the second
			// trick waits for Ann.
			webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Phase == "play" && s.MyTurn && s.Tricks >= 1 || s.Result })
			before := readPractice(t, ctx)
			if before.Phase != "play" || !before.Takeback {
				t.Fatalf("e2e: no trick to take back (phase %s, takeback button %v)", before.Phase, before.Takeback)
			}
			if err := webtest.Press(ctx, `[data-testid=takeback]`); err != nil {
				t.Fatal(err)
			}
			if err := webtest.WaitFor(ctx, fmt.Sprintf(`document.querySelectorAll('.mine .hand button.card').length === %d && !!document.querySelector('.prompt.mine')`, len(before.Cards)+1), 10*time.Second); err != nil {
				t.Fatalf("e2e: after the takeback the card is not back in the hand: %v", err)
			}
			webtest.Shot(t, ctx, "practice-takeback-"+lang+".png")

			// The hand played out: every hand, the replay's takebacks.
			webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
			hand := readPractice(t, ctx).Hand
			if err := webtest.Press(ctx, `[data-testid=all-hands]`); err != nil {
				t.Fatal(err)
			}
			if err := webtest.WaitFor(ctx, `document.querySelectorAll('[data-testid=all-hands-view] .all-hand [data-card]').length === 63`, 10*time.Second); err != nil {
				t.Fatalf("e2e: every hand is not shown (3 × 21 cards): %v", err)
			}
			dealt := readPractice(t, ctx).AllHands
			webtest.Shot(t, ctx, "practice-all-hands-"+lang+".png")

			// The score sheet offers the sitting's records, one a line.
			if err := webtest.Press(ctx, `[data-tab=sheet]`); err != nil {
				t.Fatal(err)
			}
			lines, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => {
			  const a = document.querySelector('[data-testid=all-records]');
			  if (!a) return -1;
			  const r = await fetch(a.href);
			  return (await r.text()).trim().split('\n').length;
			})()`, chromedp.EvalAwaitPromise))
			if err != nil || lines != 1 {
				t.Fatalf("e2e: the sheet's records of every hand: %d lines (%v), want the one finished hand", lines, err)
			}
			if err := webtest.Press(ctx, `[data-tab=log]`); err != nil {
				t.Fatal(err)
			}

			// A game word of the result, tapped: its explanation in the
			// page's language, linked to the rules section.
			if err := chromedp.Do(ctx, webtest.TouchOn(true)); err != nil {
				t.Fatal(err)
			}
			word := `[data-testid=result] h3 .gloss-word`
			if err := webtest.Tap(ctx, word); err != nil {
				t.Fatalf("e2e: tapping the contract on the result: %v", err)
			}
			if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=result] [data-testid=gloss-tip]')`, 5*time.Second); err != nil {
				t.Fatalf("e2e: the tap did not open the explanation: %v", err)
			}
			tip, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => { const t = document.querySelector('[data-testid=result] [data-testid=gloss-tip]'); return [t.closest('.gloss').dataset.term, t.textContent, t.querySelector('a').getAttribute('href')]; })()`))
			if err != nil {
				t.Fatal(err)
			}
			term, ok := glossary[tip[0]]
			if !ok {
				t.Fatalf("e2e: the tip is of %q, not a glossary term", tip[0])
			}
			text := term.En
			if lang == "de" {
				text = term.De
			}
			if !strings.HasPrefix(tip[1], text) || tip[2] != "/rules/droggn#"+term.Section {
				t.Fatalf("e2e: the explanation of %s says %q, links to %q; want %q and #%s", tip[0], tip[1], tip[2], text, term.Section)
			}
			webtest.Shot(t, ctx, "practice-glossary-"+lang+".png")
			if err := webtest.Tap(ctx, `.tbar .hand-no`); err != nil {
				t.Fatal(err)
			}
			// (A tip a resting mouse shows elsewhere is passive and may stay.)
			if err := webtest.WaitFor(ctx, `!document.querySelector('[data-testid=gloss-tip]:not(.passive)')`, 5*time.Second); err != nil {
				t.Fatalf("e2e: a tap elsewhere did not close the explanation: %v", err)
			}
			// The word of the log furthest right: its explanation is moved
			// so that the side panel, which scrolls, does not cut it.
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			  const ws = [...document.querySelectorAll('.side .panel .gloss-word')];
			  ws.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
			  ws[0].dataset.pick = '1';
			})()`)); err != nil {
				t.Fatalf("e2e: no glossary word in the log: %v", err)
			}
			if err := webtest.Tap(ctx, `.side .panel .gloss-word[data-pick]`); err != nil {
				t.Fatal(err)
			}
			if err := webtest.WaitFor(ctx, `!!document.querySelector('.side [data-testid=gloss-tip]:not(.passive)')`, 5*time.Second); err != nil {
				t.Fatalf("e2e: the tap on the log's word did not open the explanation: %v", err)
			}
			box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
			  const t = document.querySelector('.side [data-testid=gloss-tip]:not(.passive)').getBoundingClientRect();
			  const p = document.querySelector('.side .panel').getBoundingClientRect();
			  return [t.left, t.top, t.right, t.bottom, p.left, p.top, p.right, p.bottom];
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if box[0] < box[4] || box[1] < box[5] || box[2] > box[6] || box[3] > box[7] {
				t.Fatalf("e2e: the log word's explanation (%v) sticks out of the side panel (%v), which cuts it", box[:4], box[4:])
			}
			if err := webtest.Tap(ctx, `.tbar .hand-no`); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, webtest.TouchOn(false)); err != nil {
				t.Fatal(err)
			}

			// The same deal again: Ann holds the cards she was dealt.
			if err := webtest.Press(ctx, `[data-testid=again]`); err != nil {
				t.Fatal(err)
			}
			if err := webtest.WaitFor(ctx, fmt.Sprintf(`Number(document.querySelector('main.table-page').dataset.hand) === %d && document.querySelectorAll('.mine .hand button.card').length === 21`, hand+1), 10*time.Second); err != nil {
				t.Fatalf("e2e: the deal was not played again: %v", err)
			}
			again := readPractice(t, ctx).Cards
			slices.Sort(again)
			want := slices.Clone(dealt[tb.Seat])
			slices.Sort(want)
			if !slices.Equal(again, want) {
				t.Fatalf("e2e: the deal played again gives Ann %v, she was dealt %v", again, want)
			}
			webtest.Shot(t, ctx, "practice-again-"+lang+".png")

			// The replay of the first hand lists the takeback.
			if err := chromedp.Do(ctx,
				chromedp.Navigate(fmt.Sprintf("%s/t/%s/replay/%d?lang=%s", base, tb.ID, hand, lang)),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid=takebacks] li`)),
			); err != nil {
				t.Fatalf("e2e: the replay does not list the takeback: %v", err)
			}
		})
	}
}

// glossTerm is a term of web/src/glossary.json.
type glossTerm struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Section string `json:"section"`
	En      string `json:"en"`
	De      string `json:"de"`
}

// readGlossary reads the glossary catalogue of the browser app, by id.
func readGlossary(t *testing.T) map[string]glossTerm {
	t.Helper()
	b, err := os.ReadFile(webtest.RepoPath("web", "src", "glossary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Terms []glossTerm `json:"terms"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	out := map[string]glossTerm{}
	for _, term := range g.Terms {
		out[term.ID] = term
	}
	return out
}

// TestGlossaryLinks: every term of the glossary links to a section that
// the rules page of its game shows, in English and German.
func TestGlossaryLinks(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	glossary := readGlossary(t)
	ctx := webtest.Browser(t, exe, 1000, 800)
	for _, lang := range []string{"en", "de"} {
		ids := map[string][]string{}
		for _, game := range []string{"droggn", "troggu", "strohmandeln"} {
			if err := chromedp.Do(ctx,
				chromedp.Navigate(base+"/rules/"+game+"?lang="+lang),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid=rules] section`)),
			); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid=rules] section[id]')].map((s) => s.id)`))
			if err != nil {
				t.Fatal(err)
			}
			ids[game] = got
		}
		for _, term := range glossary {
			if !slices.Contains(ids[term.Game], term.Section) {
				t.Errorf("e2e: %s: %s links to #%s, the %s rules page has %v", lang, term.ID, term.Section, term.Game, ids[term.Game])
			}
		}
	}
}

package learn

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// guidePage is what a learning table shows: the guide's words and what
// they point at.
type guidePage struct {
	Ready  bool     `json:"ready"`
	Phase  string   `json:"phase"` // the guide's phase
	MyTurn bool     `json:"myTurn"`
	Intro  string   `json:"intro"`
	Trick  string   `json:"trick"`
	Advice string   `json:"advice"`
	Limits []string `json:"limits"`
	// Lit are the cards lit as playable, Pointed the cards the guide
	// points at; Button the button it points at ("act/call"), ButtonText
	// what that button reads.
	Lit        []string `json:"lit"`
	Pointed    []string `json:"pointed"`
	Selected   []string `json:"selected"`
	Button     string   `json:"button"`
	ButtonText string   `json:"buttonText"`
	Discard    bool     `json:"discard"`
	CanSend    bool     `json:"canSend"`
	Done       bool     `json:"done"`
	Items      string   `json:"items"`
	// Span is how tall the smallest stretch of the page is that holds
	// both the guide's advice and the card it points at, and Window the
	// window's height: read together without scrolling when Span fits.
	Span   float64 `json:"span"`
	Window float64 `json:"window"`
}

const guideJS = `(() => {
  const q = (s) => document.querySelector(s);
  const g = q('[data-testid=guide]');
  if (!q('main.table-page') || !g) return {ready: false};
  const txt = (s) => (q(s) || {}).textContent || '';
  const cards = (s) => [...document.querySelectorAll(s)].map((b) => b.dataset.card);
  const btn = q('.prompt .actions button.hint[data-act]');
  const discard = q('[data-testid=discard]');
  return {
    ready: true, phase: g.dataset.phase, myTurn: !!q('.prompt.mine'),
    intro: txt('[data-testid=guide-intro]'), trick: txt('[data-testid=guide-trick]'),
    advice: txt('[data-testid=guide-advice]'),
    limits: [...document.querySelectorAll('[data-testid=guide-limits] li[data-code]')].map((l) => l.dataset.code + ': ' + l.textContent),
    lit: cards('.mine button.card.legal'), pointed: cards('.mine button.card.hint'),
    selected: cards('.mine button.card.selected'),
    button: btn ? btn.dataset.act + '/' + btn.dataset.call : '', buttonText: btn ? btn.textContent.trim() : '',
    discard: !!discard, canSend: !!discard && !discard.disabled,
    done: !!q('[data-testid=guide-done]'), items: txt('[data-testid=guide-items]'),
    span: (() => {
      // The advice the screen shows: in the guide, or under the hand.
      const a = [...document.querySelectorAll('[data-testid=guide-advice],[data-testid=guide-advice-below]')].find((e) => e.offsetParent !== null);
      const c = q('.mine button.card.hint');
      if (!a || !c) return 0;
      const ra = a.getBoundingClientRect(), rc = c.getBoundingClientRect();
      return Math.max(ra.bottom, rc.bottom) - Math.min(ra.top, rc.top);
    })(),
    window: innerHeight,
  };
})()`

// shotName maps a guide phase to the screenshot's phase word.
var shotName = map[string]string{
	"bidding": "bidding", "bid": "bidding", "fold": "bidding", "discard": "talon", "exchange": "tapp",
	"call": "call", "layout": "layout", "doubling": "doubling", "double": "doubling", "play": "play", "done": "scoring",
}

// TestGuidedHands: from the lobby's "Learn" list each guided hand (Droggn,
// Troggu, Troggu with a secret partner, Strohmandeln) is played to its end
// in English and in German by following only what the page says: the test
// clicks the button or the cards the guide points at, and checks that a
// card it points at is lit as playable, that each phase is introduced in
// words with the hand's own figures, that tricks are explained, that the
// rules limiting the cards are named, and that the end explains the count
// and the score. On a laptop's screen (1280×800), and on a phone's
// (390×844, two of the lessons), the advice and the card it points at are
// seen together, without scrolling between them. The
// lobby then marks the lesson done. With -update the
// screenshots of each phase go to docs/screenshots/ (guided-*.png).
func TestGuidedHands(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.BotDelay = 60 * time.Millisecond })
	words := map[string]map[string]string{
		"en": {"deal": "you hold", "limit": "must", "count": "card points", "score": "Your score", "trick": "trick"},
		"de": {"deal": "du hast", "limit": "musst", "count": "Kartenpunkte", "score": "Dein Ergebnis", "trick": "Stich"},
	}
	type run struct {
		lesson, lang string
		phone        bool // 390×844 instead of a laptop's 1280×800
	}
	var runs []run
	for _, lesson := range []string{"droggn", "troggu", "troggu7", "strohmandeln"} {
		for _, lang := range []string{"en", "de"} {
			runs = append(runs, run{lesson, lang, false})
		}
	}
	runs = append(runs, run{"droggn", "de", true}, run{"troggu", "en", true})
	for _, r := range runs {
		lesson, lang := r.lesson, r.lang
		name, size := lesson+"-"+lang, [2]int{1280, 800}
		if r.phone {
			name, size = name+"-phone", [2]int{390, 844}
		}
		{
			t.Run(name, func(t *testing.T) {
				w := words[lang]
				ctx := webtest.Browser(t, exe, size[0], size[1])
				shot := func(file string) {
					if r.phone {
						file = strings.Replace(file, ".png", "-phone.png", 1)
						if !strings.HasSuffix(file, "-play-phone.png") {
							return
						}
					}
					webtest.Shot(t, ctx, file)
				}
				if err := chromedp.Do(ctx,
					chromedp.Navigate(base+"/?lang="+lang),
					chromedp.WaitVisible(chromedp.CSS(`[data-lesson=`+lesson+`]`)),
					chromedp.Click(chromedp.CSS(`[data-lesson=`+lesson+`]`)),
					chromedp.WaitVisible(chromedp.CSS(`[data-testid=guide]`)),
				); err != nil {
					t.Fatalf("e2e: starting the lesson from the lobby: %v", err)
				}
				if lesson == "droggn" {
					// Restartable: "Start again" deals the lesson at a new table.
					first, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`))
					if err != nil {
						t.Fatal(err)
					}
					if err := webtest.Press(ctx, `[data-testid=learn-again]`); err != nil {
						t.Fatal(err)
					}
					if err := webtest.WaitFor(ctx, fmt.Sprintf(`location.pathname !== %q && !!document.querySelector('[data-testid=guide]')`, first), 10*time.Second); err != nil {
						t.Fatalf("e2e: starting the lesson again: %v", err)
					}
				}
				seen := map[string]bool{}
				var limits []string
				tricks := 0
				deadline := time.Now().Add(2 * time.Minute)
				for {
					if time.Now().After(deadline) {
						t.Fatalf("e2e: the guided hand did not end in 2 minutes")
					}
					var p guidePage
					shown, err := webtest.Read(ctx, guideJS, &p)
					if err != nil {
						t.Fatalf("e2e: reading the page: %v", err)
					}
					if !p.Ready {
						webtest.Changed(ctx, guideJS, shown, 2*time.Second)
						continue
					}
					if !seen[p.Phase] {
						seen[p.Phase] = true
						if strings.TrimSpace(p.Intro) == "" {
							t.Fatalf("e2e: phase %s has no introduction", p.Phase)
						}
						if shotName[p.Phase] == "bidding" && !strings.Contains(p.Intro, w["deal"]) {
							t.Fatalf("e2e: the deal is not introduced with the hand's cards: %q", p.Intro)
						}
						if name, ok := shotName[p.Phase]; ok && p.Phase != "done" {
							shot(fmt.Sprintf("guided-%s-%s-%s.png", lesson, lang, name))
						}
					}
					if p.Trick != "" {
						if !strings.Contains(p.Trick, w["trick"]) {
							t.Fatalf("e2e: the last trick is not explained: %q", p.Trick)
						}
						tricks++
					}
					if p.Done {
						if !strings.Contains(p.Intro, w["count"]) || !strings.Contains(p.Intro, w["score"]) || p.Items == "" {
							t.Fatalf("e2e: the end does not explain the count and the score: %q / %q", p.Intro, p.Items)
						}
						shot(fmt.Sprintf("guided-%s-%s-scoring.png", lesson, lang))
						break
					}
					if !p.MyTurn || p.Advice == "" {
						webtest.Changed(ctx, guideJS, shown, 2*time.Second)
						continue
					}
					switch {
					case p.Discard && p.CanSend:
						err = webtest.Press(ctx, `[data-testid=discard]`)
					case p.Discard:
						if len(p.Pointed) == 0 {
							t.Fatalf("e2e: the guide points at no card to lay away: %q", p.Advice)
						}
						for _, c := range p.Pointed {
							if !webtest.Contains(p.Selected, c) {
								err = webtest.ClickCard(ctx, c)
								break
							}
						}
					case p.Button != "":
						// A bid's advice names the button as the button reads.
						if strings.HasPrefix(p.Button, "bid/") && !strings.Contains(p.Advice, p.ButtonText) {
							t.Errorf("e2e: the guide says %q, and the button it points at reads %q", p.Advice, p.ButtonText)
						}
						act, call, _ := strings.Cut(p.Button, "/")
						err = webtest.Press(ctx, fmt.Sprintf(`.prompt .actions button.hint[data-act=%q][data-call=%q]`, act, call))
					case len(p.Pointed) == 1:
						if !webtest.Contains(p.Lit, p.Pointed[0]) {
							t.Fatalf("e2e: the guide points at %s, which is not lit (lit: %v)", p.Pointed[0], p.Lit)
						}
						if p.Span > p.Window {
							t.Fatalf("e2e: the advice and the card %s it points at are %.0f px apart in a window %.0f px tall", p.Pointed[0], p.Span, p.Window)
						}
						for _, l := range p.Limits {
							if !webtest.Contains(limits, l) {
								limits = append(limits, l)
							}
						}
						err = webtest.ClickCard(ctx, p.Pointed[0])
					default:
						t.Fatalf("e2e: the guide points at nothing to do: %+v", p)
					}
					if err != nil {
						t.Logf("e2e: %v (trying again)", err)
					}
					webtest.Changed(ctx, guideJS, shown, 2*time.Second)
				}
				if !seen["play"] || tricks == 0 {
					t.Fatalf("e2e: the play was not guided (phases %v, tricks explained %d)", seen, tricks)
				}
				if len(limits) == 0 {
					t.Fatalf("e2e: no rule limiting the cards was ever named")
				}
				for _, l := range limits {
					if !strings.Contains(l, w["limit"]) {
						t.Fatalf("e2e: a limit is not worded as a rule in %s: %q", lang, l)
					}
				}
				t.Logf("phases %v; limits named: %v", seen, limits)
				// The lobby marks the lesson done.
				if err := chromedp.Do(ctx,
					chromedp.Navigate(base+"/?lang="+lang),
					chromedp.WaitVisible(chromedp.CSS(`[data-done=`+lesson+`]`)),
				); err != nil {
					t.Fatalf("e2e: the lobby does not mark the lesson done: %v", err)
				}
				if lesson == "droggn" && !r.phone {
					webtest.Shot(t, ctx, "guided-lobby-"+lang+".png")
				}
			})
		}
	}
}

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestGlossaryTip: on a phone, a tap on the contract's name at the table
// opens its explanation in the page's language, and the explanation's
// link leads to the section of the rules page that tells the rule.
func TestGlossaryTip(t *testing.T) {
	exe := chromium(t)
	base := startServer(t)
	for _, c := range []struct{ lang, says, section string }{
		{"en", "card points", "Deal and bidding"},
		{"de", "Punkte", "Geben und Reizen"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := browser(t, exe, 390, 844)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
				t.Fatal(err)
			}
			tb := createWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "turn_clock": 0})
			seatIn(t, ctx, base, tb, c.lang)
			s := snapshot{}
			playUntil(t, ctx, quiet, func(x snapshot) bool {
				s = x
				return x.Result || x.Phase == "play"
			})
			if s.Result {
				t.Skip("e2e: the deal was thrown in before the play")
			}
			if err := chromedp.Do(ctx,
				chromedp.Click(chromedp.CSS(`.contract button.term[data-term^="contract."]`)),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid=term-tip]`)),
			); err != nil {
				t.Fatalf("e2e: tapping the contract's name: %v", err)
			}
			tip, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=term-tip]').innerText`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(tip, c.says) {
				t.Errorf("e2e: the explanation reads %q, want it to speak of %q", tip, c.says)
			}
			shot(t, ctx, "glossary-tip-"+c.lang+".png")
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=term-tip] a`)), chromedp.WaitVisible(chromedp.CSS(`[data-testid=rules]`))); err != nil {
				t.Fatalf("e2e: following the explanation's link: %v", err)
			}
			if err := waitFor(ctx, `(() => { const s = document.getElementById(location.hash.slice(1)); if (!s) return false; const r = s.getBoundingClientRect(); return r.top > -5 && r.top < 200; })()`, 5*time.Second); err != nil {
				t.Fatalf("e2e: the rules page does not show the section: %v", err)
			}
			h, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById(location.hash.slice(1)).querySelector('h3').innerText`))
			if h != c.section {
				t.Errorf("e2e: the link leads to the section %q, want %q", h, c.section)
			}
		})
	}
}

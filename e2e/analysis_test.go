package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAnalysisInBrowser plays a Strohmandeln hand against the rules bot,
// asks for its analysis from the result in German, and checks what a
// player sees: the progress, the graph of each seat's expected score, the
// list of marked decisions, and a click on one that moves the replay to
// it with its verdict. With -shots DIR it keeps a screenshot of the graph.
func TestAnalysisInBrowser(t *testing.T) {
	exe := chromium(t)
	base := startServer(t)
	ctx := browser(t, exe, 1280, 1000)
	tb := createTableBots(t, base, "strohmandeln", []string{"", "rules"}, 1)
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.Evaluate[chromedp.Void](js),
		chromedp.Navigate(base+"/t/"+tb.ID+"?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatal(err)
	}
	playUntil(t, ctx, quiet, func(s snapshot) bool { return s.Over })

	// "Analyse" on the hand's result opens its replay with the analysis.
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=analyse-hand]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
	); err != nil {
		t.Fatalf("e2e: asking for the analysis from the result: %v", err)
	}
	if err := waitFor(ctx, `!!document.querySelector('[data-testid=graph] circle')`, 90*time.Second); err != nil {
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
		if err := waitFor(ctx, `[...document.querySelectorAll('[data-testid=verdict]')].some((p) => /Ungenauigkeit|Fehler/.test(p.textContent))`, 5*time.Second); err != nil {
			t.Errorf("e2e: jumping to a marked decision shows no verdict: %v", err)
		}
	}
	if *shots != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*shots, "analysis-desktop.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

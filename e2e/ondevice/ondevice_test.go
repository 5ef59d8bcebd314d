// Package ondevice tests play on this device in Chromium beyond the hand
// without a network of e2e.TestOfflineHand: the hands played here opened
// in a server's replay and analysis, the prompt to load a new version of
// the installed app, and the offline table on a phone and installed.
package ondevice

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/pwa"
	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// startHere starts a sitting of Strohmandeln against the rules bot on this
// device from the lobby, as Ann, at the fast pace, and waits for the
// dealt hand.
func startHere(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create-offline]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	for _, s := range [][2]string{{"game", "strohmandeln"}, {"players", "2"}, {"bot1", "rules"}} {
		if err := webtest.SetSelect(ctx, s[0], s[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Ann"),
		chromedp.Click(chromedp.CSS(`[data-testid=create-offline]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=offline-bar]`)),
		chromedp.WaitVisible(chromedp.CSS(`.mine .hand button.card`)),
	); err != nil {
		t.Fatalf("e2e: starting a sitting on this device: %v", err)
	}
	if err := webtest.SetSelect(ctx, "pace", "fast"); err != nil {
		t.Fatal(err)
	}
}

// gate passes the browser's requests to a server until it is shut, and
// then drops each one as a missing network does: DevTools' emulation of
// no network does not hold back what a service worker fetches.
// With games set, it drops the requests for the create form's options
// (/api/games) alone, as a server that stops between serving the page and
// those would.
type gate struct{ shut, games atomic.Bool }

// newGate returns a gate in front of the server at base, and its address.
func newGate(t *testing.T, base string) (*gate, string) {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	to := httputil.NewSingleHostReverseProxy(u)
	g := &gate{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.shut.Load() && !(g.games.Load() && r.URL.Path == "/api/games") {
			to.ServeHTTP(w, r)
			return
		}
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
			}
		}
	}))
	t.Cleanup(ts.Close)
	return g, ts.URL
}

// offline switches the tab's network off (DevTools emulation) or on.
func offline(on bool) func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: on, DownloadThroughput: -1, UploadThroughput: -1})
		return chromedp.Void{}, err
	}
}

// TestHandsHereAtTheServer: a hand played on this device is listed among
// the hands played here; with the network there, "Analyse" opens it in the
// server's replay viewer with the server's analysis of its decisions, and
// the server keeps no table of it. Without the network, "Replay" replays
// it on this device and says that the analysis waits for the network.
func TestHandsHereAtTheServer(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.AnalysisBot = "ismcts@100" })
	net, via := newGate(t, base)
	ctx := webtest.Browser(t, exe, 1280, 900)
	startHere(t, ctx, via)
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
	t.Logf("e2e: the hand is played")

	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=offline-bar] a[href="/offline/hands"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=hand-here]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=hand-here] [data-testid=hand-analyse]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
	); err != nil {
		t.Fatalf("e2e: opening a hand played here in the replay: %v\n%s", err, webtest.PageText(t, ctx))
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=analysis] [data-testid=marks]')`, time.Minute); err != nil {
		t.Fatalf("e2e: the server's analysis of the hand does not show: %v\n%s", err, webtest.PageText(t, ctx))
	}
	text := webtest.PageText(t, ctx)
	if !strings.Contains(text, "Analysis (by the bot: Strongest (searches) · 100)") || !strings.Contains(text, "Ann") || !strings.Contains(text, "valued decisions good") {
		t.Errorf("e2e: the replay with its analysis reads:\n%s", text)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=analysis]').scrollIntoView()`)); err != nil {
		t.Fatal(err)
	}
	webtest.Shot(t, ctx, "offline-hand-analysis.png")
	// On a phone each seat's name in the analysis's table keeps to one
	// line ("Bot 2", not "Bot" over "2").
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	webtest.Settle(ctx)
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll('[data-testid=analysis] table.res tbody td:first-child')].map((td) => {
  const r = document.createRange(); r.selectNodeContents(td); return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; })`))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) == 0 || slices.ContainsFunc(lines, func(n int) bool { return n != 1 }) {
		t.Errorf("e2e: on a phone the analysis's seat names take %v lines", lines)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}

	// The server keeps nothing of the hand: no table, so no score sheet,
	// lobby or leaderboard has it.
	res, err := http.Get(base + "/api/tables")
	if err != nil {
		t.Fatal(err)
	}
	var tables []json.RawMessage
	err = json.NewDecoder(res.Body).Decode(&tables)
	res.Body.Close()
	if err != nil || len(tables) != 0 {
		t.Errorf("e2e: after the analysis the server lists tables %s (%v)", tables, err)
	}

	net.shut.Store(true)
	if err := webtest.Within(ctx,
		offline(true),
		chromedp.Navigate(via+"/offline/hands?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=hand-here]`)),
		chromedp.Click(chromedp.CSS(`[data-testid=hand-here] [data-testid=hand-replay]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=analysis-offline]`)),
	); err != nil {
		t.Fatalf("e2e: without a network the hand does not replay on this device: %v", err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=analysis]').length`)); err != nil || n != 0 {
		t.Errorf("e2e: without a network the page offers the server's analysis (%d, %v)", n, err)
	}
}

// TestOfflineOnPhone: the table on this device on a phone held upright
// and across, and in the installed app's own window (DevTools installs
// the app from its manifest and moves the page into the app's window,
// display-mode standalone): each fits the phone's width and shows the
// hand, the bar of the sitting and the way back to the lobby; held
// sideways the hand shows without scrolling. With -update the screenshots
// go to docs/screenshots.
func TestOfflineOnPhone(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Phone(t, exe)
	startHere(t, ctx, base)
	// A few decisions in, so that the table shows a trick.
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Tricks >= 2 && s.MyTurn })
	look := func(ctx context.Context, name string, width int64, across bool) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
			t.Fatal(err)
		}
		w, err := chromedp.Run(ctx, chromedp.Evaluate[int64](`document.documentElement.scrollWidth`))
		if err != nil {
			t.Fatal(err)
		}
		if w > width {
			t.Errorf("e2e: %s: the page is %d px wide on a %d px phone", name, w, width)
		}
		// The installed app has no browser bar: the page's own links lead back.
		for _, sel := range []string{`[data-testid=offline-bar]`, `.mine .hand button.card`, `header.top a[href="/"]`} {
			if err := webtest.Within(ctx, chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
				t.Errorf("e2e: %s: %s does not show: %v", name, sel, err)
			}
		}
		if across {
			// Held sideways, the table fits the screen: the hand shows
			// without scrolling, once the finished trick held beside the
			// next one for a moment (HOLD_MS in web/src/trick.tsx) has gone.
			webtest.WaitFor(ctx, `!document.querySelector('[data-testid=trick-last].done')`, 5*time.Second)
			webtest.Settle(ctx)
			below, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector('.mine .hand button.card').getBoundingClientRect().bottom - innerHeight`))
			if err != nil {
				t.Fatal(err)
			}
			if below > 0 {
				t.Errorf("e2e: %s: the hand's cards end %.0f px below the screen", name, below)
			}
		}
		webtest.Shot(t, ctx, name)
	}
	look(ctx, "offline-phone-portrait.png", 390, false)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateLandscape)); err != nil {
		t.Fatal(err)
	}
	look(ctx, "offline-phone-landscape.png", 844, true)

	// The app installed (the browser reads its manifest), and this page
	// moved into the app's own window.
	install := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, pwa.Install, pwa.InstallParams{ManifestID: base + "/"}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, pwa.OpenCurrentPageInApp, pwa.OpenCurrentPageInAppParams{ManifestID: base + "/"})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, install, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatalf("e2e: installing the app: %v", err)
	}
	if err := webtest.WaitFor(ctx, `matchMedia('(display-mode: standalone)').matches`, 20*time.Second); err != nil {
		t.Fatalf("e2e: the installed app does not show in display mode standalone: %v", err)
	}
	look(ctx, "offline-installed.png", 390, false)
}

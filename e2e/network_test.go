package e2e

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
	"trull/e2e/webtest"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestTokenNotInURL: the page never puts a seat token in an
// address (requests, the WebSocket) where a proxy's log or the console
// could show it; the table still works, through reconnects too.
func TestTokenNotInURL(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"})
	var mu sync.Mutex
	var urls []string
	err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls = append(urls, e.Request.URL)
		case *network.EventWebSocketCreated:
			urls = append(urls, e.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	enable := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, enable); err != nil {
		t.Fatal(err)
	}
	webtest.SeatIn(t, ctx, base, tb, "en")
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Tricks >= 2 })
	// A reload reconnects with the stored token.
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('.mine .hand')`, 10*time.Second); err != nil {
		t.Fatalf("e2e: the seat after a reload: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	ws := 0
	for _, u := range urls {
		if strings.Contains(u, "/ws/") {
			ws++
		}
		if strings.Contains(u, tb.SeatToken) {
			t.Errorf("e2e: the seat token in the address %s", u)
		}
	}
	if ws < 2 {
		t.Errorf("e2e: %d WebSocket connections seen, want the first and the one after the reload", ws)
	}
}

package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"trull/e2e/webtest"
	"trull/internal/server"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
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

// TestCapRefusalSaysWhy: a browser over the server's cap of WebSockets
// for one address (a club's room behind one router) reads why it waits,
// in words, and plays once a place is free.
func TestCapRefusalSaysWhy(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.MaxConnsPerAddr = 1 })
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"})
	// Another device of the room holds the address's one place.
	dctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	other, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+tb.ID+"?spectate=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.CloseNow()
	seat := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=en"), chromedp.Evaluate[chromedp.Void](seat), chromedp.Navigate(base+"/t/"+tb.ID+"?lang=en")); err != nil {
		t.Fatal(err)
	}
	said := `(() => {
  const w = document.querySelector('[data-testid=conn-wait]');
  return !!w && /no more connections from your address/.test(w.textContent) && /Close other windows/.test(w.textContent);
})()`
	if err := webtest.WaitFor(ctx, said, 30*time.Second); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("main").innerText`))
		t.Fatalf("e2e: the page over the cap says %q, want why it waits: %v", text, err)
	}
	webtest.Shot(t, ctx, "cap-refused.png")
	other.Close(websocket.StatusNormalClosure, "")
	if err := webtest.WaitFor(ctx, `!!document.querySelector('.mine .hand')`, 60*time.Second); err != nil {
		t.Fatalf("e2e: the seat once a place is free: %v", err)
	}
}

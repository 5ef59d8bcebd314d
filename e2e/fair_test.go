package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
	"trull/e2e/webtest"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// claimSeat takes an invite's seat through the HTTP API and returns the
// seat token.
func claimSeat(t *testing.T, base, id, inviteURL, name string) string {
	t.Helper()
	code := inviteURL[strings.Index(inviteURL, "invite=")+len("invite="):]
	body, _ := json.Marshal(map[string]any{"invite": code, "name": name})
	res, err := http.Post(base+"/api/tables/"+id+"/claim", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("e2e: claiming a seat: %v", err)
	}
	defer res.Body.Close()
	var out struct {
		SeatToken string `json:"seat_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.SeatToken == "" {
		t.Fatalf("e2e: claiming a seat: %s, %v", res.Status, err)
	}
	return out.SeatToken
}

// TestTurnClockInBrowser: Bob keeps his table open but does nothing. His
// page counts his time down and says what happens at zero; when it runs
// out, a bot plays for him ("Your time ran out"), the hand ends, and Bob
// takes his seat back with "I'm back".
func TestTurnClockInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ann := webtest.Browser(t, exe, 1280, 900)
	bob := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann", "turn_clock": 8})
	// Ann's page is open before Bob takes his seat and the hand starts, so
	// that Bob's first clock runs while both pages are watched (on a busy
	// machine a page takes seconds to open).
	webtest.SeatIn(t, ann, base, tb, "en")
	bobTok := claimSeat(t, base, tb.ID, tb.Invites[0].URL, "Bob")
	webtest.SeatIn(t, bob, base, webtest.Created{ID: tb.ID, SeatToken: bobTok, Seat: 1}, "en")

	sawClock, sawStandIn := false, false
	webtest.PlayUntil(t, ann, webtest.Quiet, func(s webtest.Snapshot) bool {
		if !sawClock {
			txt, _ := chromedp.Run(bob, chromedp.Evaluate[string](`(document.querySelector('[data-testid=clock]') || {}).textContent || ''`))
			if strings.Contains(txt, "then a bot plays for you") {
				sawClock = true
				webtest.Shot(t, bob, "fair-clock.png")
			}
		}
		if !sawStandIn {
			txt, _ := chromedp.Run(bob, chromedp.Evaluate[string](`(document.querySelector('[data-testid=stand-in]') || {}).textContent || ''`))
			if strings.Contains(txt, "Your time ran out") {
				sawStandIn = true
				webtest.Shot(t, bob, "fair-stand-in.png")
			}
		}
		return s.Result
	})
	if !sawClock {
		t.Error("e2e: Bob's page never showed his clock counting down")
	}
	if !sawStandIn {
		t.Fatal("e2e: Bob's page never said that a bot plays for him")
	}
	// Ann sees the bot at Bob's seat.
	if err := webtest.WaitFor(ann, `(() => { const b = document.querySelector('.chip[data-seat="1"] [data-testid=bot-for]'); return !!b && b.textContent.includes('Bob'); })()`, 5*time.Second); err != nil {
		t.Errorf("e2e: Ann does not see the bot playing for Bob: %v", err)
	}
	// Bob is back.
	if err := chromedp.Do(bob, chromedp.Click(chromedp.CSS(`[data-testid=back]`))); err != nil {
		t.Fatalf("e2e: clicking I'm back: %v", err)
	}
	if err := webtest.WaitFor(bob, `!document.querySelector('[data-testid=stand-in]')`, 5*time.Second); err != nil {
		t.Fatalf("e2e: Bob did not get his seat back: %v", err)
	}
	if err := webtest.WaitFor(ann, `!document.querySelector('.chip[data-seat="1"] [data-testid=bot-for]')`, 5*time.Second); err != nil {
		t.Errorf("e2e: Ann still sees a bot at Bob's seat: %v", err)
	}
}

// TestWaitForPlayersInBrowser: a table with an unclaimed person's seat does
// not deal into nothing: the host sees who is missing and starts with a bot
// in the empty seat, and the hand is played to its end.
func TestWaitForPlayersInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "", "rules"})
	webtest.SeatIn(t, ctx, base, tb, "de")
	if err := webtest.WaitFor(ctx, `(() => { const w = document.querySelector('[data-testid=wait-players]'); return !!w && w.textContent.includes('Platz 2'); })()`, 5*time.Second); err != nil {
		t.Fatalf("e2e: no waiting banner naming seat 2: %v", err)
	}
	if s, _ := webtest.Snap(ctx); s.MyTurn {
		t.Fatal("e2e: the host may act before the table started")
	}
	webtest.Shot(t, ctx, "fair-wait-de.png")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=start-bots]`))); err != nil {
		t.Fatalf("e2e: starting with bots: %v", err)
	}
	if err := webtest.WaitFor(ctx, `!document.querySelector('[data-testid=wait-players]')`, 5*time.Second); err != nil {
		t.Fatalf("e2e: still waiting after the start: %v", err)
	}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
}

// TestMoveSeatInBrowser: Ann moves her seat to a second browser with the
// link her table gives her; the second browser plays her seat under her
// name and the first says that the seat moved.
func TestMoveSeatInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	first := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"})
	webtest.SeatIn(t, first, base, tb, "en")
	if err := chromedp.Do(first, chromedp.Click(chromedp.CSS(`[data-testid=move]`))); err != nil {
		t.Fatalf("e2e: asking for the move link: %v", err)
	}
	if err := webtest.WaitFor(first, `!!document.querySelector('[data-testid=move-link] input')`, 5*time.Second); err != nil {
		t.Fatalf("e2e: no move link: %v", err)
	}
	link, err := chromedp.Run(first, chromedp.Evaluate[string](`document.querySelector('[data-testid=move-link] input').value`))
	if err != nil || !strings.Contains(link, "invite=") {
		t.Fatalf("e2e: the move link %q: %v", link, err)
	}
	webtest.Shot(t, first, "fair-move-link.png")
	// The keyboard is at the link, the button says its box is open, and
	// Escape closes it.
	focus, err := chromedp.Run(first, chromedp.Evaluate[string](`(document.activeElement === document.querySelector('[data-testid=move-link] input')) + ' ' + document.querySelector('[data-testid=move]').getAttribute('aria-expanded')`))
	if err != nil || focus != "true true" {
		t.Errorf("e2e: the move link open: focus on its field and aria-expanded: %q %v", focus, err)
	}
	if err := chromedp.Do(first, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(first, `!document.querySelector('[data-testid=move-link]') && document.querySelector('[data-testid=move]').getAttribute('aria-expanded') === 'false'`, 5*time.Second); err != nil {
		t.Errorf("e2e: Escape does not close the move link: %v", err)
	}

	second := webtest.Browser(t, exe, 390, 844)
	if err := chromedp.Do(second,
		chromedp.Navigate(link+"&lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=move-text]`)),
	); err != nil {
		t.Fatalf("e2e: opening the move link: %v", err)
	}
	if err := chromedp.Do(second, chromedp.Click(chromedp.CSS(`[data-testid=claim]`))); err != nil {
		t.Fatalf("e2e: moving the seat: %v", err)
	}
	if err := webtest.WaitFor(second, `!!document.querySelector('main.table-page') && document.querySelector('main.table-page').dataset.seat === "0"`, 10*time.Second); err != nil {
		t.Fatalf("e2e: the second browser does not play seat 1: %v", err)
	}
	if err := webtest.WaitFor(first, `document.body.innerText.includes('Your seat moved to another device')`, 10*time.Second); err != nil {
		t.Errorf("e2e: the first browser does not say the seat moved: %v", err)
	}
	// The hand is played to its end from the second browser.
	webtest.PlayUntil(t, second, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
	webtest.Shot(t, second, "fair-moved-phone.png")
}

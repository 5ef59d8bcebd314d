package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// PageText is the visible text of the page.
func PageText(t *testing.T, ctx context.Context) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatalf("e2e: reading the page: %v", err)
	}
	return s
}

// CreateWith makes a table by the HTTP API from a full request.
func CreateWith(t *testing.T, base string, req map[string]any) Created {
	t.Helper()
	body, _ := json.Marshal(req)
	res, err := http.Post(base+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("e2e: creating a table: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("e2e: creating a table: %s: %s", res.Status, b)
	}
	var c Created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("e2e: the create answer %s: %v", b, err)
	}
	return c
}

// Shot writes a screenshot of the page at its present size to the test's
// temporary directory, or with -update to docs/screenshots/.
func Shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	Settle(ctx)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("e2e: screenshot %s: %v", name, err)
	}
	dir := t.TempDir()
	if *Update {
		dir = RepoPath("docs", "screenshots")
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// SeatIn stores a seat token in the browser's local storage (shared by its
// tabs) and opens the table in ctx's tab.
func SeatIn(t *testing.T, ctx context.Context, base string, tb Created, lang string) {
	t.Helper()
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang="+lang),
		chromedp.Evaluate[chromedp.Void](js),
		chromedp.Navigate(base+"/t/"+tb.ID+"?lang="+lang),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatalf("e2e: opening the table: %v", err)
	}
}

// Press clicks the button the page shows now; a button gone meanwhile (a
// lone formality the page took itself) is read again, not waited for.
func Press(ctx context.Context, sel string) error {
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
  const b = document.querySelector(%q);
  if (!b || b.disabled) return false;
  b.click();
  return true;
})()`, sel)))
	if err == nil && !ok {
		err = fmt.Errorf("%s is gone", sel)
	}
	return err
}

// Tap touches the centre of the element sel, as a finger does, with touch
// emulation on: no mouse events, no hover.
func Tap(ctx context.Context, sel string) error {
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
  const el = document.querySelector(%q);
  if (!el) return null;
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()`, sel)))
	if err != nil {
		return err
	}
	if len(xy) != 2 {
		return fmt.Errorf("%s is not on the page", sel)
	}
	touch := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		pt := []*input.TouchPoint{{X: xy[0], Y: xy[1]}}
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return chromedp.Void{}, err
	}
	return chromedp.Do(ctx, touch)
}

// TouchOn turns the emulation of a touch screen on or off.
func TouchOn(on bool) func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: on})
		return chromedp.Void{}, err
	}
}

// Within runs actions with a bound of 20 s, so that a page that never
// shows what is waited for fails the test soon.
func Within(ctx context.Context, actions ...chromedp.Action[chromedp.Void]) error {
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return chromedp.Do(cctx, actions...)
}

// Phone starts a browser as a phone held upright, 390 px wide.
func Phone(t *testing.T, exe string) context.Context {
	t.Helper()
	ctx := Browser(t, exe, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// FitsWidth fails the test when the page is wider than the phone.
func FitsWidth(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if w > 390 {
		t.Errorf("e2e: %s is %d px wide on a 390 px phone", where, w)
	}
}

// RepoPath returns the path of a file of the repository (elems below its
// root), wherever under e2e/ the test runs.
func RepoPath(elems ...string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(file), "..", ".."}, elems...)...)
}

// clockJS lets a test move the page's wall clock (Date.now) forward.
const clockJS = `(() => {
  const now = Date.now.bind(Date);
  let skip = 0;
  Date.now = () => now() + skip;
  window.__skipClock = (ms) => { skip += ms; return true; };
})()`

// MovableClock makes the wall clock (Date.now) of every page the tab loads
// from now on movable by SkipClock, so that a test of what a page does
// after a while need not wait that long.
func MovableClock(ctx context.Context) error {
	_, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: clockJS})
		return chromedp.Void{}, err
	})
	return err
}

// SkipClock moves the page's wall clock forward by d (MovableClock).
func SkipClock(ctx context.Context, d time.Duration) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf("window.__skipClock(%d)", d.Milliseconds())))
	return err
}

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// TestLeaveAndReturn: a player closes the tab mid-hand; after the grace
// period a bot plays the seat (the spectators see "bot playing for Ann")
// and the hand goes on; when the player opens the table again the seat is
// theirs at once.
func TestLeaveAndReturn(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.Grace = time.Second })
	watch := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"})
	if err := chromedp.Do(watch,
		chromedp.Navigate(base+"/t/"+tb.ID+"?spectate=1&lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatalf("e2e: watching: %v", err)
	}

	ann, closeAnn := chromedp.NewContext(watch)
	webtest.SeatIn(t, ann, base, tb, "en")
	webtest.PlayUntil(t, ann, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Phase == "play" && s.MyTurn })
	before, err := webtest.Snap(ann)
	if err != nil {
		t.Fatal(err)
	}
	if before.Result {
		t.Skip("e2e: the deal was thrown in before the play")
	}
	closeAnn()

	// Away first, then the bot plays Ann's seat and the hand goes on.
	if err := webtest.WaitFor(watch, `(() => { const c = document.querySelector('.chip[data-seat="0"]'); return !!c && !!c.querySelector('.absent'); })()`, 5*time.Second); err != nil {
		t.Errorf("e2e: the spectator does not see Ann away: %v", err)
	}
	if err := webtest.WaitFor(watch, `(() => { const b = document.querySelector('.chip[data-seat="0"] [data-testid=bot-for]'); return !!b && b.textContent.includes('bot playing for Ann'); })()`, 10*time.Second); err != nil {
		t.Fatalf("e2e: no bot took Ann's seat: %v", err)
	}
	goOn := fmt.Sprintf(`(() => { const p = document.querySelector('main.table-page'); return Number(p.dataset.tricks) > %d || !!document.querySelector('[data-testid=result]'); })()`, before.Tricks)
	if err := webtest.WaitFor(watch, goOn, 10*time.Second); err != nil {
		t.Fatalf("e2e: the hand stalled without Ann: %v", err)
	}

	// Ann comes back: her seat, her cards, no bot.
	back, closeBack := chromedp.NewContext(watch)
	defer closeBack()
	webtest.SeatIn(t, back, base, tb, "en")
	if err := webtest.WaitFor(watch, `!document.querySelector('.chip[data-seat="0"] [data-testid=bot-for]') && !document.querySelector('.chip[data-seat="0"] .absent')`, 10*time.Second); err != nil {
		t.Errorf("e2e: Ann's seat was not given back: %v", err)
	}
	s, err := webtest.Snap(back)
	if err != nil {
		t.Fatal(err)
	}
	if s.Result {
		return // the bot finished the hand: the result is Ann's to see
	}
	if n, err := chromedp.Run(back, chromedp.Evaluate[int](`document.querySelectorAll('.mine .hand .card').length`)); err != nil || n == 0 {
		t.Errorf("e2e: back at the table, Ann sees no hand (%d cards, %v)", n, err)
	}
}

// TestRefusalInGerman: a card the rules forbid, clicked on a German page,
// is refused with the engine's reason in German ("Du musst … bedienen").
func TestRefusalInGerman(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	forbidden := func(s webtest.Snapshot) string {
		if s.Phase != "play" || !s.MyTurn || len(s.Legal) == 0 {
			return ""
		}
		for _, c := range s.Cards {
			if !webtest.Contains(s.Legal, c) {
				return c
			}
		}
		return ""
	}
	for try := 0; try < 10; try++ {
		tb := webtest.CreateTable(t, base, "troggu", 3)
		webtest.SeatIn(t, ctx, base, tb, "de")
		s := webtest.Snapshot{}
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
			s = x
			return x.Result || forbidden(x) != ""
		})
		c := forbidden(s)
		if c == "" {
			continue // the hand ended without a forbidden card: deal another table
		}
		if err := webtest.ClickCard(ctx, c); err != nil {
			t.Fatalf("e2e: clicking %s: %v", c, err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('.toast')`, 10*time.Second); err != nil {
			t.Fatalf("e2e: clicking the forbidden %s shows nothing: %v", c, err)
		}
		got, err := webtest.Snap(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ok := false
		for _, want := range []string{"Du musst", "Du kannst", "überstechen"} {
			ok = ok || strings.Contains(got.Toast, want)
		}
		if !ok || strings.Contains(got.Toast, "seat") || strings.Contains(got.Toast, "must") {
			t.Fatalf("e2e: the refusal of %s says %q, want the reason in German", c, got.Toast)
		}
		t.Logf("e2e: %s refused: %s", c, got.Toast)
		return
	}
	t.Fatal("e2e: no hand offered a forbidden card")
}

// TestLastTrick: while the next trick is being played, the "last trick"
// control shows the finished trick again beside it (its cards, as the side
// log lists it), leaving the trick on the table as it is, and a second
// click puts it away. The player passes in the bidding, so that she
// defends: a trick her partner took and leads from is one she may look
// back at (§1.3), and the control offers it.
func TestLastTrick(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	type view struct {
		Done    bool     `json:"done"`
		Trick   int      `json:"trick"`
		Cards   []string `json:"cards"`
		Last    bool     `json:"last"`
		LastNo  int      `json:"lastNo"`
		LastC   []string `json:"lastCards"`
		Names   []string `json:"names"`
		Control bool     `json:"control"`
		Log     string   `json:"log"`
		LogN    int      `json:"logN"`
	}
	const readJS = `(() => {
  const tv = document.querySelector('[data-testid=trick]');
  const lt = document.querySelector('[data-testid=trick-last]');
  const log = [...document.querySelectorAll('[data-testid=tricks-log] li')];
  if (!tv) return {};
  return {
    done: tv.classList.contains('done'),
    trick: Number(tv.dataset.trick),
    cards: [...tv.querySelectorAll('.played')].map((e) => e.dataset.card),
    last: !!lt && lt.classList.contains('done'),
    lastNo: lt ? Number(lt.dataset.trick) : 0,
    lastCards: lt ? [...lt.querySelectorAll('.played')].map((e) => e.dataset.card) : [],
    names: lt ? [...lt.querySelectorAll('.played svg')].map((e) => e.getAttribute('aria-label')) : [],
    control: !!document.querySelector('[data-testid=last-trick]'),
    log: log.length ? log[log.length - 1].textContent : '',
    logN: log.length,
  };
})()`
	read := func() view {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[view](readJS))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	defend := []string{"pass", "weiter", "gut", "none", "stay"}
	for try := 0; try < 8; try++ {
		tb := webtest.CreateTable(t, base, "droggn", 3)
		webtest.SeatIn(t, ctx, base, tb, "en")
		// A trick in progress after a finished one: the player is to play
		// to a trick another seat led.
		webtest.PlayUntil(t, ctx, defend, func(s webtest.Snapshot) bool {
			if s.Result {
				return true
			}
			if s.Phase != "play" || !s.MyTurn || s.Tricks < 1 {
				return false
			}
			// The finished trick beside this one goes after HOLD_MS.
			webtest.WaitFor(ctx, `!document.querySelector('[data-testid=trick-last].done')`, holdWait)
			v := read()
			return !v.Done && len(v.Cards) > 0 && v.Control && !v.Last
		})
		if s, _ := webtest.Snap(ctx); s.Result {
			continue
		}
		cur := read()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=last-trick]`))); err != nil {
			t.Fatalf("e2e: clicking the last-trick control: %v", err)
		}
		last := read()
		if !last.Last || last.LastNo != cur.Trick-1 || len(last.LastC) != 3 || last.LogN != last.LastNo {
			t.Fatalf("e2e: the last-trick control shows %+v (the trick on the table was %+v)", last, cur)
		}
		if last.Done || strings.Join(last.Cards, ",") != strings.Join(cur.Cards, ",") {
			t.Fatalf("e2e: beside the last trick the table shows %+v, want the trick in progress %+v", last, cur)
		}
		for _, n := range last.Names {
			if !strings.Contains(last.Log, n) {
				t.Errorf("e2e: the side log's trick %d %q does not list %s", last.LogN, last.Log, n)
			}
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=last-trick]`))); err != nil {
			t.Fatal(err)
		}
		if back := read(); back.Last || back.Done || strings.Join(back.Cards, ",") != strings.Join(cur.Cards, ",") {
			t.Fatalf("e2e: after a second click the table shows %+v, want the trick in progress %+v alone", back, cur)
		}
		return
	}
	t.Fatal("e2e: no hand came to a second trick")
}

// holdWait bounds the wait for a finished trick that stays beside the next
// one when a bot leads it at once (HOLD_MS in web/src/trick.tsx) to go.
const holdWait = 5 * time.Second

// TestPhoneLandscape: on a phone held sideways (844×390) the trick and the
// player's whole hand show together without scrolling. With -update the
// screenshots go to docs/screenshots/.
func TestPhoneLandscape(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "de")
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Phase == "play" && s.Tricks >= 2 && s.MyTurn })
	sizes := []struct {
		file          string
		width, height int64
		mobile        bool
	}{
		{"droggn-phone-landscape-844x390.png", 844, 390, true},
		{"droggn-desktop-1280x800.png", 1280, 800, false},
	}
	for _, sz := range sizes {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if sz.mobile {
			opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateLandscape}
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height, opts...)); err != nil {
			t.Fatal(err)
		}
		webtest.Settle(ctx)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if *webtest.Update {
			dir = webtest.RepoPath("docs", "screenshots")
		}
		if err := os.WriteFile(filepath.Join(dir, sz.file), png, 0o644); err != nil {
			t.Fatal(err)
		}
		// The trick and every card of the hand lie inside the window.
		type box struct {
			Trick bool `json:"trick"`
			Hand  int  `json:"hand"`
			In    int  `json:"in"`
		}
		b, err := chromedp.Run(ctx, chromedp.Evaluate[box](`(() => {
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1; };
  const tv = document.querySelector('[data-testid=trick]');
  const cards = [...document.querySelectorAll('.mine .hand .card')];
  return {trick: !!tv && inside(tv), hand: cards.length, in: cards.filter(inside).length};
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if !b.Trick || b.Hand == 0 || b.In != b.Hand {
			t.Errorf("e2e: at %d×%d the trick shows %v and %d of %d cards of the hand, without scrolling", sz.width, sz.height, b.Trick, b.In, b.Hand)
		}
	}
}

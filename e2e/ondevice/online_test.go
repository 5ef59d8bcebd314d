package ondevice

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
)

// TestPagesBackOnline: the lobby without a network says so first and asks
// the server nothing until the network is back; the Puzzles and Daily
// pages opened while the
// network is gone say once, in their own words, that the server cannot be
// reached (not the lobby's pointer to "Play on this device"), and load
// what they show by themselves when the network is back, without a
// reload. Screenshots: lobby-offline-phone.png, puzzles-offline-phone.png,
// daily-offline-phone.png.
func TestPagesBackOnline(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	net, via := newGate(t, base)
	ctx := webtest.Phone(t, exe)
	if err := webtest.Within(ctx,
		chromedp.Navigate(via+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create-offline]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	down := func(on bool) {
		t.Helper()
		net.shut.Store(on)
		if err := webtest.Within(ctx, offline(on)); err != nil {
			t.Fatal(err)
		}
	}
	// errors returns the error notices the page shows.
	errors := func() []string {
		t.Helper()
		es, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('main .error')].map((e) => e.innerText)`))
		if err != nil {
			t.Fatal(err)
		}
		return es
	}

	// The lobby without a network: its notice first, clear of the
	// screen's edge, and no more asking the server every 5 s until the
	// network is back.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { window.asked = 0; const f = window.fetch;
  window.fetch = (u, ...r) => { if (String(u).includes('/api/tables')) window.asked++; return f(u, ...r); }; return true; })()`)); err != nil {
		t.Fatal(err)
	}
	down(true)
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=lobby-down]')`, 15*time.Second); err != nil {
		t.Fatalf("e2e: the lobby without a network says nothing: %v\n%s", err, webtest.PageText(t, ctx))
	}
	type place struct {
		Left, Top, Learn float64
		Asked            int
	}
	where := func() place {
		p, err := chromedp.Run(ctx, chromedp.Evaluate[place](`(() => { const r = document.querySelector('[data-testid=lobby-down]').getBoundingClientRect();
  return {left: r.left, top: r.top, learn: document.querySelector('main.lobby .learn-box').getBoundingClientRect().top, asked: window.asked}; })()`))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := where()
	if before.Left < 8 || before.Top > before.Learn {
		t.Errorf("e2e: the lobby's notice without a network is at %+v (left, top; the lessons' top)", before)
	}
	webtest.Shot(t, ctx, "lobby-offline-phone.png")
	time.Sleep(11 * time.Second)
	if after := where(); after.Asked != before.Asked {
		t.Errorf("e2e: without a network the lobby asked for the tables %d times in 11 s", after.Asked-before.Asked)
	}
	down(false)
	if err := webtest.WaitFor(ctx, `!document.querySelector('[data-testid=lobby-down]')`, 10*time.Second); err != nil {
		t.Errorf("e2e: the lobby keeps its notice with the network back: %v", err)
	}

	for _, c := range []struct {
		page, open, says, back, shot string
	}{
		{"the puzzle index", `[data-testid=nav-puzzles]`, "The puzzles need it", `[data-testid=puzzle-index] [data-game=troggu] a[data-theme]`, "puzzles-offline-phone.png"},
		{"a game's puzzles", `[data-testid=puzzle-index] [data-game=droggn] h3 a`, "The puzzles need it", `main.puzzle-page .mine button.card.legal`, ""},
		{"the daily page", `[data-testid=nav-daily]`, "The daily challenge needs it", `[data-testid=daily] [data-challenge=droggn-3]`, "daily-offline-phone.png"},
	} {
		down(true)
		if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(c.open))); err != nil {
			t.Fatalf("e2e: opening %s: %v", c.page, err)
		}
		if err := webtest.WaitFor(ctx, `document.querySelectorAll('main .error').length > 0`, 15*time.Second); err != nil {
			t.Fatalf("e2e: %s without a network says nothing: %v\n%s", c.page, err, webtest.PageText(t, ctx))
		}
		webtest.Settle(ctx)
		es := errors()
		if len(es) != 1 || !strings.Contains(es[0], "The server cannot be reached.") || !strings.Contains(es[0], c.says) || strings.Contains(es[0], "New table") {
			t.Errorf("e2e: %s without a network says %q", c.page, es)
		}
		if c.shot != "" {
			webtest.FitsWidth(t, ctx, c.page+" without a network")
			webtest.Shot(t, ctx, c.shot)
		}
		down(false)
		if err := webtest.WaitFor(ctx, `!!document.querySelector(`+"`"+c.back+"`"+`)`, 15*time.Second); err != nil {
			t.Fatalf("e2e: %s does not come back with the network: %v\n%s", c.page, err, webtest.PageText(t, ctx))
		}
		if es := errors(); len(es) != 0 {
			t.Errorf("e2e: %s back online still says %q", c.page, es)
		}
	}
}

// TestOnDeviceBotLevels: "Play on this device" plays each seat by the
// level the create form shows for it: the default shown (the rules bot)
// where nothing was chosen, another where it was; a seat left to a person
// is refused, since only the person plays on this device. The table then
// says that it plays on this device, with or without a network.
func TestOnDeviceBotLevels(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	if err := webtest.Within(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create-offline]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	for _, s := range [][2]string{{"game", "troggu"}, {"players", "4"}, {"bot2", "random"}, {"bot3", ""}} {
		if err := webtest.SetSelect(ctx, s[0], s[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := webtest.Within(ctx,
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Ann"),
		chromedp.Click(chromedp.CSS(`[data-testid=create-offline]`)),
	); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `[...document.querySelectorAll('form.create .error')].some((e) => e.innerText === 'On this device only you play: choose a bot for Seat 4.')`, 5*time.Second); err != nil {
		t.Errorf("e2e: a seat left to a person on this device: %v\n%s", err, webtest.PageText(t, ctx))
	}
	if err := webtest.SetSelect(ctx, "bot3", "ismcts-fast"); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[1, 2, 3].map((i) => { const s = document.querySelector('select[name=bot' + i + ']'); return s.options[s.selectedIndex].text; })`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Good", "Random", "Strong, quick"}; !slices.Equal(shown, want) {
		t.Fatalf("e2e: the form shows the levels %q, want %q", shown, want)
	}
	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=create-offline]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=offline-bar]`)),
		chromedp.WaitVisible(chromedp.CSS(`.chip[data-seat="3"] .lvl`)),
	); err != nil {
		t.Fatalf("e2e: starting on this device: %v", err)
	}
	played, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[1, 2, 3].map((i) => document.querySelector('.chip[data-seat="' + i + '"] .lvl').innerText)`))
	if err != nil {
		t.Fatal(err)
	}
	// The seat says how its level plays too: "Good (plays by rules)".
	if want := []string{"Good (plays by rules)", "Random (for testing)", "Strong, quick (searches briefly)"}; !slices.Equal(played, want) {
		t.Errorf("e2e: on this device the seats are played by %q; the form showed %q", played, shown)
	}

	// Without a network the table says that it plays on this device,
	// not that it is online.
	if err := webtest.Within(ctx, offline(true)); err != nil {
		t.Fatal(err)
	}
	type conn struct {
		Here   string `json:"here"`
		Online int    `json:"online"`
	}
	c, err := chromedp.Run(ctx, chromedp.Evaluate[conn](`({here: (document.querySelector('.tbar [data-testid=conn-here]') || {}).innerText || '', online: document.querySelectorAll('.tbar .conn.ok').length})`))
	if err != nil {
		t.Fatal(err)
	}
	if c.Here != "plays on this device" || c.Online != 0 {
		t.Errorf("e2e: the table on this device without a network shows %+v", c)
	}
	webtest.Shot(t, ctx, "offline-status.png")
}

// TestLobbyFormWhenServerBack: a lobby whose create form could not load
// (the server stopped between the page and the form's options, and the
// service worker has no copy of them yet) does not point to "Play on this
// device", which is not on screen; once the server answers again the form
// appears by itself, without a reload and without the browser's network
// ever going away.
func TestLobbyFormWhenServerBack(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	net, via := newGate(t, base)
	net.games.Store(true)
	ctx := webtest.Phone(t, exe)
	if err := webtest.Within(ctx, chromedp.Navigate(via+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS(`.tables-box h2`))); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	// Then the whole server stops answering.
	net.shut.Store(true)
	notice := `(document.querySelector('[data-testid=lobby-down]')?.innerText ?? '')`
	if err := webtest.WaitFor(ctx, notice+`.includes('The server cannot be reached.')`, 15*time.Second); err != nil {
		t.Fatalf("e2e: the lobby without its form says nothing: %v\n%s", err, webtest.PageText(t, ctx))
	}
	say, err := chromedp.Run(ctx, chromedp.Evaluate[string](notice))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(say, "The server cannot be reached.") || !strings.Contains(say, "tries again by itself") || strings.Contains(say, "Play on this device") {
		t.Errorf("e2e: the lobby without its form says %q", say)
	}
	net.games.Store(false)
	net.shut.Store(false)
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=create-offline]') && !document.querySelector('[data-testid=lobby-down]')`, 15*time.Second); err != nil {
		t.Errorf("e2e: the create form did not appear once the server answered again: %v\n%s", err, webtest.PageText(t, ctx))
	}
}

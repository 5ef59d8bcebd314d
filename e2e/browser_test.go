package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"trull/e2e/webtest"

	"github.com/chromedp/chromedp"
)

// TestDroggnHandInBrowser opens the lobby, creates a Droggn table with two
// rules bots, plays the hand to the end by clicking, and checks that the
// score sheet shows the hand.
func TestDroggnHandInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)

	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	if err := webtest.SetSelect(ctx, "game", "droggn"); err != nil {
		t.Fatalf("e2e: choosing Droggn: %v", err)
	}
	if err := webtest.SetSelect(ctx, "players", "3"); err != nil {
		t.Fatalf("e2e: choosing 3 players: %v", err)
	}
	for _, seat := range []string{"bot1", "bot2"} {
		if err := webtest.SetSelect(ctx, seat, "rules"); err != nil {
			t.Fatalf("e2e: choosing the rules bot: %v", err)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Ann"),
		chromedp.Click(chromedp.CSS(`[data-testid=create]`)),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
	); err != nil {
		t.Fatalf("e2e: creating the table: %v", err)
	}
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(loc, "/t/") {
		t.Fatalf("e2e: after creating, the page is %s, want a table", loc)
	}

	// Play a few tricks, reload the page in the middle of the hand: the
	// stored seat token brings the player back to the seat.
	played := webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Phase == "play" && s.Tricks >= 3 && s.MyTurn })
	// The hint button asks the search bot; its answer marks a legal card
	// and, with a choice to make, names the candidates with their expected
	// scores ("XXI (+4.2) · else …").
	if s, err := webtest.Snap(ctx); err == nil && !s.Result {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=hint]`))); err != nil {
			t.Fatalf("e2e: asking for a hint: %v", err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('.hint-row .muted') && !!document.querySelector('.mine button.card.hint')`, 10*time.Second); err != nil {
			t.Errorf("e2e: the hint is not shown: %v", err)
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=hint-text]').textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Legal) > 1 && !strings.Contains(text, "(") {
			t.Errorf("e2e: the hint %q has no expected score", text)
		}
	}
	before, err := webtest.Snap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
		t.Fatalf("e2e: reloading the table: %v", err)
	}
	after, err := webtest.Snap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Hand != before.Hand || after.Tricks != before.Tricks || after.Phase != before.Phase {
		t.Errorf("e2e: after a reload the table shows hand %d, %d tricks, phase %q; before it was hand %d, %d tricks, phase %q",
			after.Hand, after.Tricks, after.Phase, before.Hand, before.Tricks, before.Phase)
	}
	if mine, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.mine .hand .card').length`)); err != nil || mine == 0 && !after.Result {
		t.Errorf("e2e: after a reload the player's hand is not shown (%d cards, %v)", mine, err)
	}
	played += webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result && s.Hand == 0 })
	if played == 0 {
		t.Fatalf("e2e: the hand ended without a card played by clicking")
	}
	t.Logf("e2e: hand over at %s after %d cards clicked", loc, played)

	// The score sheet lists the hand, zero-sum, and the result box agrees.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.tabs button[data-tab=sheet]`))); err != nil {
		t.Fatalf("e2e: opening the score sheet: %v", err)
	}
	if err := webtest.WaitFor(ctx, `document.querySelectorAll('[data-testid=sheet] tbody tr').length >= 1`, 10*time.Second); err != nil {
		t.Fatalf("e2e: the score sheet shows no hand: %v", err)
	}
	type row struct {
		Cells  []string `json:"cells"`
		Result []string `json:"result"`
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[row](`(() => {
  const tr = document.querySelector('[data-testid=sheet] tbody tr');
  const res = [...document.querySelectorAll('[data-testid=result] table.res tr')].pop();
  return {
    cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
    result: res ? [...res.querySelectorAll('td')].slice(1).map((td) => td.textContent.trim()) : [],
  };
})()`))
	if err != nil {
		t.Fatalf("e2e: reading the score sheet: %v", err)
	}
	t.Logf("e2e: score sheet row %q; result %q", r.Cells, r.Result)
	if len(r.Cells) < 5 {
		t.Fatalf("e2e: the sheet row has %d cells, want # + game + 3 scores + link", len(r.Cells))
	}
	scores := r.Cells[2:5]
	sum := 0
	for _, c := range scores {
		var v int
		if _, err := fmt.Sscan(strings.TrimPrefix(c, "+"), &v); err != nil {
			t.Fatalf("e2e: score cell %q is not a number", c)
		}
		sum += v
	}
	if sum != 0 {
		t.Errorf("e2e: the sheet's scores %v do not sum to 0", scores)
	}
	if strings.Join(scores, ",") != strings.Join(r.Result, ",") {
		t.Errorf("e2e: the sheet's scores %v differ from the hand's result %v", scores, r.Result)
	}

	// Table chat: a line sent shows up for the sender.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.tabs button[data-tab=chat]`)),
		chromedp.SendKeys(chromedp.CSS(`.chat input`), "gut gespielt\n"),
	); err != nil {
		t.Fatalf("e2e: chatting: %v", err)
	}
	if err := webtest.WaitFor(ctx, `[...document.querySelectorAll('.chat .msgs li')].some((li) => li.textContent.includes('gut gespielt'))`, 10*time.Second); err != nil {
		t.Errorf("e2e: the chat line did not arrive: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.tabs button[data-tab=sheet]`))); err != nil {
		t.Fatal(err)
	}

	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("e2e: screenshot: %v", err)
	}
	out := filepath.Join(t.TempDir(), "screenshot.png")
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("e2e: screenshot in %s (%d bytes)", out, len(png))
	if *webtest.Update {
		if err := os.WriteFile(filepath.Join("testdata", "screenshot.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScreenshots writes screenshots of the pages at phone and desktop
// sizes for a person to look at (go test ./e2e/ -run Screenshots -shots DIR).
func TestScreenshots(t *testing.T) {
	if *webtest.Shots == "" {
		t.Skip("e2e: run with -shots DIR to write screenshots of every page")
	}
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	if err := os.MkdirAll(*webtest.Shots, 0o755); err != nil {
		t.Fatal(err)
	}
	sizes := []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 360, 740, true}, {"desktop", 1280, 900, false}}
	shoot := func(ctx context.Context, name string) {
		for _, sz := range sizes {
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}
			if sz.mobile {
				opts = append(opts, chromedp.EmulateMobile)
			} else {
				opts[0] = chromedp.EmulateScale(1)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height, opts...)); err != nil {
				t.Fatalf("e2e: screenshot %s: %v", name, err)
			}
			webtest.Settle(ctx)
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("e2e: screenshot %s: %v", name, err)
			}
			p := filepath.Join(*webtest.Shots, name+"-"+sz.name+".png")
			if err := os.WriteFile(p, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", p)
		}
	}
	ctx := webtest.Browser(t, exe, 1280, 900)
	for _, lang := range []string{"en", "de"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang="+lang), chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`))); err != nil {
			t.Fatal(err)
		}
		shoot(ctx, "lobby-"+lang)
	}
	inPlay := func(n int) func(webtest.Snapshot) bool {
		return func(s webtest.Snapshot) bool { return s.Result || (s.Phase == "play" && s.Tricks >= n && s.MyTurn) }
	}
	cases := []struct {
		name    string
		game    string
		players int
		lang    string
		stop    func(webtest.Snapshot) bool
	}{
		{"droggn", "droggn", 3, "de", inPlay(4)},
		{"droggn-discard", "droggn", 3, "de", func(s webtest.Snapshot) bool { return s.Result || s.Discard }},
		{"droggn-buy", "droggn", 3, "en", func(s webtest.Snapshot) bool { return s.Result || webtest.HasAct(s, "buy") }},
		{"droggn4", "droggn", 4, "en", inPlay(2)},
		{"troggu8", "troggu", 8, "de", inPlay(2)},
		{"troggu8-call", "troggu", 8, "en", func(s webtest.Snapshot) bool { return s.Result || webtest.HasAct(s, "call") || s.Phase == "play" }},
		{"troggu3", "troggu", 3, "en", inPlay(3)},
		{"strohmandeln", "strohmandeln", 2, "de", inPlay(3)},
		{"strohmandeln-en", "strohmandeln", 2, "en", func(s webtest.Snapshot) bool { return s.Result || s.Phase == "play" && s.MyTurn }},
	}
	for _, c := range cases {
		prefs := webtest.Quiet
		if c.name == "droggn-discard" {
			// A Solo is rarely outbid: the player then discards.
			prefs = append([]string{"solo"}, webtest.Quiet...)
		}
		var tb webtest.Created
		// The deal decides whether the player gets to discard or buy: try
		// a few tables.
		for try := 0; try < 20; try++ {
			tb = webtest.CreateTable(t, base, c.game, c.players)
			js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
			if err := chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](js),
				chromedp.Navigate(base+"/t/"+tb.ID+"?lang="+c.lang),
				chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
			); err != nil {
				t.Fatal(err)
			}
			webtest.PlayUntil(t, ctx, prefs, c.stop)
			if s, err := webtest.Snap(ctx); err == nil && !s.Result {
				break
			}
		}
		shoot(ctx, c.name)
		switch c.name {
		case "droggn":
			webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
			shoot(ctx, "droggn-result")
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/t/"+tb.ID+"/replay/0?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`))); err != nil {
				t.Fatal(err)
			}
			shoot(ctx, "replay")
		case "troggu8":
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/t/"+tb.ID+"?spectate=1&lang=en"), chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
				t.Fatal(err)
			}
			shoot(ctx, "troggu8-spectator")
		}
	}
	// A sitting of one hand ends with the settlement.
	one := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"}, 1)
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, one.ID, one.SeatToken, one.Seat)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js), chromedp.Navigate(base+"/t/"+one.ID+"?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
		t.Fatal(err)
	}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Over })
	shoot(ctx, "settlement")

	// An invite link, opened by someone without a seat at that table.
	inv := webtest.CreateTableBots(t, base, "droggn", []string{"", "", "rules"})
	if len(inv.Invites) == 0 {
		t.Fatalf("e2e: a table with a second person has no invite")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+inv.Invites[0].URL+"&lang=de"), chromedp.WaitVisible(chromedp.CSS(`main.claim`))); err != nil {
		t.Fatal(err)
	}
	shoot(ctx, "claim")
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/rules/"+g+"?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=rules]`))); err != nil {
			t.Fatal(err)
		}
		shoot(ctx, "rules-"+g)
	}
}

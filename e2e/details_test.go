package e2e

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/gametest"
	"trull/internal/server"
)

// passing are the answers of a player who leaves the contract to others.
var passing = []string{"weiter", "gut", "pass", "none", "stay"}

// TestDefenderDiscardsAndSides: a Droggn defender (four players, a bot
// declares) never reads "Your discards"; at the end the declarer's discards
// are named after the declarer, each side's card points are shown once,
// and the dealer who sat out gets none.
func TestDefenderDiscardsAndSides(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules", "rules"})
	webtest.SeatIn(t, ctx, base, tb, "en")
	// Until a hand with a declarer is played to its end (tricks taken).
	webtest.PlayUntil(t, ctx, passing, func(s webtest.Snapshot) bool {
		txt := webtest.PageText(t, ctx)
		if strings.Contains(txt, "Your discards") {
			t.Fatalf("e2e: a defender's page says %q (phase %s, %d tricks)", "Your discards", s.Phase, s.Tricks)
		}
		return s.Result && s.Tricks > 0
	})
	type result struct {
		Discards string   `json:"discards"`
		Sides    []string `json:"sides"`
		Seats    []string `json:"seats"`
		SideText string   `json:"sideText"`
		CardRow  bool     `json:"cardRow"`
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[result](`(() => {
  const q = (s) => document.querySelector(s);
  const sp = [...document.querySelectorAll('[data-testid=side-points] .sp')];
  return {
    discards: (q('[data-testid=discards]') || {}).textContent || '',
    sides: sp.map((e) => e.textContent),
    seats: sp.map((e) => e.dataset.seats),
    sideText: (q('[data-testid=side-points]') || {}).textContent || '',
    cardRow: [...document.querySelectorAll('[data-testid=result] table.res td')].some((td) => td.textContent === 'Card points'),
  };
})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("e2e: discards %q, sides %q (seats %q)", r.Discards, r.SideText, r.Seats)
	if r.Discards != "" && (strings.Contains(r.Discards, "Your") || !strings.Contains(r.Discards, "'s discards")) {
		t.Errorf("e2e: the declarer's discards are labelled %q on a defender's page", r.Discards)
	}
	if len(r.Sides) != 2 {
		t.Fatalf("e2e: the result shows %d sides' card points (%q), want the declarer's and the defenders'", len(r.Sides), r.SideText)
	}
	if r.CardRow {
		t.Error("e2e: the result still repeats card points under every seat")
	}
	// Three seats play, in two sides; the dealer sits out and counts in neither.
	counted := map[string]bool{}
	for _, seats := range r.Seats {
		for _, s := range strings.Split(seats, ",") {
			if counted[s] {
				t.Errorf("e2e: seat %s counts in both sides (%q)", s, r.SideText)
			}
			counted[s] = true
		}
	}
	if len(counted) != 3 {
		t.Errorf("e2e: %d seats count in the sides' card points (%q), want the three who played", len(counted), r.SideText)
	}
	if !strings.Contains(r.SideText, "sat out") {
		t.Errorf("e2e: the result does not say who sat out: %q", r.SideText)
	}
}

// thirdsWrong matches a fraction of points written with a leading zero.
var thirdsWrong = regexp.MustCompile(`(^|[^0-9])0[⅓⅔]`)

// TestGermanTrickLogAndThirds: over a German Strohmandeln hand the trick
// log speaks to the viewer correctly ("du spielst aus", "an dich", never
// "du spielt" or "an du"), and no page text writes a third as "0⅔".
func TestGermanTrickLogAndThirds(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"})
	webtest.SeatIn(t, ctx, base, tb, "de")
	anDu := regexp.MustCompile(`\ban du\b`)
	checks := 0
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
		txt := webtest.PageText(t, ctx)
		if m := thirdsWrong.FindString(txt); m != "" {
			t.Fatalf("e2e: the page writes %q (phase %s, %d tricks)", m, s.Phase, s.Tricks)
		}
		if strings.Contains(txt, "du spielt ") || anDu.MatchString(txt) {
			t.Fatalf("e2e: the German trick log says %q or %q", "du spielt", "an du")
		}
		checks++
		return s.Result && s.Tricks > 0
	})
	log, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=tricks-log]').innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log, "du spielst aus") && !strings.Contains(log, "an dich") {
		t.Errorf("e2e: the trick log never names the viewer: %q", log)
	}
	if m := thirdsWrong.FindString(webtest.PageText(t, ctx)); m != "" {
		t.Errorf("e2e: the result writes %q", m)
	}
	t.Logf("e2e: %d pages read", checks)
	webtest.Shot(t, ctx, "details-trick-log-de.png")
}

// TestBidExplanations: every bid and call button of every game has a
// tooltip and an accessible explanation in English and German, and "?"
// shows the explanations on the page for a tap.
func TestBidExplanations(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	type helpBtn struct {
		Act   string `json:"act"`
		Call  string `json:"call"`
		Title string `json:"title"`
		Desc  string `json:"desc"`
	}
	const readJS = `[...document.querySelectorAll('.prompt .actions button[data-act]')].map((b) => {
  const d = document.getElementById(b.getAttribute('aria-describedby') || '-');
  return {act: b.dataset.act, call: b.dataset.call, title: b.title, desc: d ? d.textContent : ''};
})`
	for _, c := range []struct {
		game    string
		players int
		lang    string
	}{{"droggn", 3, "de"}, {"droggn", 3, "en"}, {"troggu", 3, "en"}, {"troggu", 3, "de"}, {"strohmandeln", 2, "de"}, {"strohmandeln", 2, "en"}} {
		tb := webtest.CreateTable(t, base, c.game, c.players)
		webtest.SeatIn(t, ctx, base, tb, c.lang)
		checked := 0
		webtest.PlayUntil(t, ctx, passing, func(s webtest.Snapshot) bool {
			if !s.MyTurn || len(s.Buttons) < 2 {
				return s.Result && checked > 0
			}
			bs, err := chromedp.Run(ctx, chromedp.Evaluate[[]helpBtn](readJS))
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range bs {
				if strings.TrimSpace(b.Title) == "" || strings.TrimSpace(b.Desc) == "" {
					t.Errorf("e2e: %s (%s): the button %s %s has title %q and explanation %q", c.game, c.lang, b.Act, b.Call, b.Title, b.Desc)
				}
			}
			if checked == 0 && c.lang == "de" && c.game == "droggn" {
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=explain]`))); err != nil {
					t.Fatal(err)
				}
				if err := webtest.WaitFor(ctx, `(() => { const d = document.querySelector('[data-testid=act-help]'); return !!d && !d.classList.contains('sr-only') && d.getBoundingClientRect().height > 20; })()`, 5*time.Second); err != nil {
					t.Fatalf("e2e: \"?\" does not show the explanations: %v", err)
				}
				webtest.Shot(t, ctx, "details-tooltips-de.png")
			}
			checked += len(bs)
			// Two decisions with choices are enough for a game.
			return checked >= 4
		})
		if checked == 0 {
			t.Errorf("e2e: %s (%s): no decision with buttons came", c.game, c.lang)
		}
		t.Logf("e2e: %s (%s): %d buttons explained", c.game, c.lang, checked)
	}
}

// TestBotLevelNames: the lobby names every bot level by its strength in
// words, in English and German: never a bare "bot" nor an algorithm's
// acronym, each level by a name of its own (how each plays is said under
// the select: TestBotLevelsOnPhone).
func TestBotLevelNames(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	acronym := regexp.MustCompile(`ISMCTS|PIMC|MCTS`)
	for _, lang := range []string{"en", "de"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang="+lang), chromedp.WaitVisible(chromedp.CSS(`select[name=bot1]`))); err != nil {
			t.Fatal(err)
		}
		opts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('select[name=bot1] option')].filter((o) => o.value).map((o) => o.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(opts) < 4 {
			t.Fatalf("e2e: the lobby offers the bot levels %q", opts)
		}
		seen := map[string]bool{}
		for _, o := range opts {
			if strings.EqualFold(strings.TrimSpace(o), "bot") || acronym.MatchString(o) || seen[o] {
				t.Errorf("e2e: (%s) a bot level is named %q", lang, o)
			}
			seen[o] = true
		}
		t.Logf("e2e: (%s) %q", lang, opts)
	}
}

// TestDoubleClickCard: a double click on a playable card plays it once and
// shows no refusal ("It is not your turn").
func TestDoubleClickCard(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "en")
	// The actions the page sends, as the browser's network sees them.
	var mu sync.Mutex
	var sent []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameSent); ok && f.Response != nil && bytes.Contains(f.Response.PayloadData, []byte(`"act"`)) {
			mu.Lock()
			sent = append(sent, string(f.Response.PayloadData))
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	doubled := 0
	for doubled < 4 {
		s := webtest.Snapshot{}
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
			s = x
			return x.Result || x.Phase == "play" && x.MyTurn && len(x.Legal) > 0
		})
		if s.Result {
			break
		}
		c := s.Legal[len(s.Legal)-1]
		xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
  const el = [...document.querySelectorAll('.mine button.card')].find((b) => b.dataset.card === %q);
  const r = el.getBoundingClientRect();
  return [r.left + Math.min(9, r.width / 3), r.top + r.height * 0.3];
})()`, c)))
		if err != nil || len(xy) != 2 {
			t.Fatalf("e2e: finding %s: %v", c, err)
		}
		mu.Lock()
		before := len(sent)
		mu.Unlock()
		// Two presses as a person's double click: the second 80 ms later.
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
			t.Fatal(err)
		}
		time.Sleep(80 * time.Millisecond)
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1], chromedp.ClickCount(2))); err != nil {
			t.Fatal(err)
		}
		// The card leaves the hand once the server has taken it; by then
		// the page has sent whatever the second press made it send.
		gone := fmt.Sprintf(`![...document.querySelectorAll('.mine .hand button.card')].some((b) => b.dataset.card === %q)`, c)
		if err := webtest.WaitFor(ctx, gone, 10*time.Second); err != nil {
			t.Fatalf("e2e: %s was not played by the double click: %v", c, err)
		}
		mu.Lock()
		acts := slices.Clone(sent[before:])
		mu.Unlock()
		if len(acts) != 1 {
			t.Fatalf("e2e: a double click on %s sent %d actions: %q", c, len(acts), acts)
		}
		after, err := webtest.Snap(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if after.Toast != "" {
			t.Fatalf("e2e: a double click on %s shows %q", c, after.Toast)
		}
		if webtest.Contains(after.Cards, c) {
			t.Fatalf("e2e: %s was not played by the double click", c)
		}
		doubled++
	}
	if doubled == 0 {
		t.Fatal("e2e: the hand ended before a card could be double-clicked")
	}
}

// TestLoneFormalityTaken: a decision whose only legal action is a
// formality (Strohmandeln's "stay" with a Tarock in hand) is taken without
// a click, and the log says it was the only choice.
func TestLoneFormalityTaken(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	for try := 0; try < 6; try++ {
		tb := webtest.CreateTableBots(t, base, "strohmandeln", []string{"", "rules"})
		webtest.SeatIn(t, ctx, base, tb, "en")
		// Nobody clicks: the page alone gets past its lone "stay".
		err := webtest.WaitFor(ctx, `!!document.querySelector('.log li[data-auto]') || document.querySelectorAll('.prompt .actions button[data-act=fold]').length > 1`, 10*time.Second)
		if err != nil {
			t.Fatalf("e2e: the lone stay waits for a click: %v", err)
		}
		txt, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('.log li[data-auto]') || {}).textContent || ''`))
		if err != nil {
			t.Fatal(err)
		}
		if txt == "" {
			continue // no Tarock in hand: fold or stay is a real choice
		}
		if !strings.Contains(txt, "stay") || !strings.Contains(txt, "the only choice") {
			t.Fatalf("e2e: the log says %q for the lone stay", txt)
		}
		t.Logf("e2e: %q", txt)
		return
	}
	t.Fatal("e2e: no deal gave the player a Tarock")
}

// TestTrickBesideLead: when another seat leads at once after a trick, the
// new lead is on the table and the finished trick lies beside it; the
// prompt's "Your turn" never stands over a finished trick unless the
// viewer is to lead.
func TestTrickBesideLead(t *testing.T) {
	exe := webtest.Chromium(t)
	// Bots answer after a pause, as at a real table: a trick the seat may
	// not look back at is shown finished until the next lead comes.
	base := webtest.StartServer(t, func(c *server.Config) { c.BotDelay = 300 * time.Millisecond })
	ctx := webtest.Browser(t, exe, 1280, 900)
	type view struct {
		Main     bool   `json:"main"`
		Done     bool   `json:"done"`
		Cards    int    `json:"cards"`
		Last     bool   `json:"last"`
		LastDone bool   `json:"lastDone"`
		Label    string `json:"label"`
	}
	const readJS = `(() => {
  const tv = document.querySelector('[data-testid=trick]');
  const lt = document.querySelector('[data-testid=trick-last]');
  if (!tv) return {};
  return {main: true, done: tv.classList.contains('done'), cards: tv.querySelectorAll('.played').length,
    last: !!lt, lastDone: !!lt && lt.classList.contains('done'), label: tv.querySelector('.trick-label').textContent};
})()`
	both := 0
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "en")
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
		if s.Phase != "play" || s.Result {
			return s.Result && s.Tricks > 0
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[view](readJS))
		if err != nil {
			t.Fatal(err)
		}
		if v.Last {
			both++
			if v.Done || v.Cards == 0 || !v.LastDone {
				t.Fatalf("e2e: beside the finished trick the table shows %+v", v)
			}
			if both == 1 {
				webtest.Shot(t, ctx, "details-trick-beside.png")
			}
		}
		if s.MyTurn && v.Done && !strings.Contains(v.Label, "you took it") {
			t.Fatalf("e2e: the prompt says it is your turn over a finished trick you did not take: %+v", v)
		}
		return false
	})
	if both == 0 {
		t.Error("e2e: the finished trick was never shown beside a new lead")
	}
	t.Logf("e2e: %d pages showed both tricks", both)
}

// TestPhoneLandscapeTapTargets: at 844×390 on a phone every playable card
// shows at least 36 px to tap, the hand's label is not covered, and the
// whole hand still fits the screen.
func TestPhoneLandscapeTapTargets(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "de")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateLandscape)); err != nil {
		t.Fatal(err)
	}
	type tap struct {
		Legal   int     `json:"legal"`
		Min     float64 `json:"min"`
		Label   bool    `json:"label"`
		Hand    int     `json:"hand"`
		Inside  int     `json:"inside"`
		Overlap string  `json:"overlap"`
	}
	const readJS = `(() => {
  const cards = [...document.querySelectorAll('.mine .hand .card')];
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1; };
  let min = 1e9, legal = 0;
  cards.forEach((c, i) => {
    if (!c.classList.contains('legal')) return;
    legal++;
    const r = c.getBoundingClientRect();
    const next = cards[i + 1];
    // The part of the card another card does not cover, on its row.
    const nr = next && next.getBoundingClientRect();
    const w = nr && Math.abs(nr.top - r.top) < r.height / 2 ? Math.min(r.width, nr.left - r.left) : r.width;
    min = Math.min(min, w);
  });
  const lab = document.querySelector('.mine .hand-label');
  const lr = lab.getBoundingClientRect();
  const hit = document.elementFromPoint(lr.left + 6, lr.top + lr.height / 2);
  return {legal, min, label: !!hit && lab.contains(hit), hand: cards.length, inside: cards.filter(inside).length,
    overlap: hit ? hit.className.baseVal ?? hit.className : ''};
})()`
	measured := 0
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
		if s.Result {
			return true
		}
		if s.Phase != "play" || !s.MyTurn || len(s.Legal) < 2 {
			return false
		}
		webtest.Settle(ctx)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[tap](readJS))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal < 2 {
			return false
		}
		if v.Min < 36 {
			t.Errorf("e2e: a playable card shows %.0f px to tap (%d playable of %d)", v.Min, v.Legal, v.Hand)
		}
		if !v.Label {
			t.Errorf("e2e: the hand's label is covered (by %q)", v.Overlap)
		}
		if v.Inside != v.Hand {
			t.Errorf("e2e: %d of %d cards of the hand lie inside the screen", v.Inside, v.Hand)
		}
		if measured == 0 {
			webtest.Shot(t, ctx, "details-phone-landscape.png")
		}
		measured++
		return measured >= 3 || t.Failed()
	})
	if measured == 0 {
		t.Fatal("e2e: no card play with a choice came")
	}
}

// TestSilentConnectionStale: the connection goes silent without closing
// while the player is to act at a table with a turn clock. Once the clock
// has run out and no news came, the page stops saying "Your turn", asks
// for the table anew, and shows what happened (the stand-in played) when
// the network is back.
func TestSilentConnectionStale(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	proxy, via := webtest.NewCutProxy(t, base)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "turn_clock": 5})
	webtest.SeatIn(t, ctx, via, tb, "en")
	s := webtest.Snapshot{}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
		s = x
		return x.Result || x.Phase == "play" && x.MyTurn && len(x.Legal) > 0
	})
	if s.Result {
		t.Skip("e2e: the deal was thrown in before the play")
	}
	before := proxy.Connections()
	proxy.Hold(true)
	// 5 s of clock and 5 s of silence after it: the state on the page is old.
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=offline]')`, 20*time.Second); err != nil {
		t.Fatalf("e2e: a silent connection leaves the page as it was: %v", err)
	}
	// The page renders the change in its next frame; then the prompt and
	// the title must both have stopped saying "Your turn".
	if err := webtest.WaitFor(ctx, `document.querySelector('[data-testid=prompt]').innerText.includes('Updating the table')`, 2*time.Second); err != nil {
		t.Errorf("e2e: shown again, the tab does not say it is updating: %v", err)
	}
	prompt, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=prompt]').innerText + ' | ' + document.title`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(prompt, "Your turn") || !strings.Contains(prompt, "Updating the table") {
		t.Errorf("e2e: with an old state the page says %q", prompt)
	}
	if proxy.Connections() <= before {
		t.Error("e2e: the page did not ask for the table anew")
	}
	proxy.Hold(false)
	// The fresh state shows what the stand-in did meanwhile: its banner,
	// or the card it played, or the hand it finished.
	moved := fmt.Sprintf(`!document.querySelector('[data-testid=offline]') && (!!document.querySelector('[data-testid=stand-in]') ||
  Number(document.querySelector('main.table-page').dataset.tricks) > %d || !!document.querySelector('[data-testid=result]') ||
  document.querySelectorAll('.mine .hand .card').length < %d)`, s.Tricks, len(s.Cards))
	if err := webtest.WaitFor(ctx, moved, 20*time.Second); err != nil {
		txt, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.tbar').innerText + ' | ' + document.querySelector('[data-testid=prompt]').innerText`))
		t.Fatalf("e2e: back online, the page does not show what the stand-in did (%q): %v", txt, err)
	}
}

// TestHiddenTabRefreshes: a tab hidden for a while, whose connection went
// silent meanwhile, does not show its old "Your turn" when it is shown
// again: it says it is updating, asks for the table anew, and shows the
// turn once the fresh state is there.
func TestHiddenTabRefreshes(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	proxy, via := webtest.NewCutProxy(t, base)
	ctx := webtest.Browser(t, exe, 1280, 900)
	if err := webtest.MovableClock(ctx); err != nil {
		t.Fatal(err)
	}
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann", "turn_clock": 0})
	webtest.SeatIn(t, ctx, via, tb, "en")
	s := webtest.Snapshot{}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
		s = x
		return x.Result || x.Phase == "play" && x.MyTurn && len(x.Legal) > 0
	})
	if s.Result {
		t.Skip("e2e: the deal was thrown in before the play")
	}
	// The page is hidden as a background tab is; its connection goes silent.
	const setVis = `(() => {
  if (!window.__visSet) {
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => window.__vis || 'visible'});
    window.__visSet = true;
  }
  window.__vis = %q;
  document.dispatchEvent(new Event('visibilitychange'));
  return true;
})()`
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(setVis, "hidden"))); err != nil {
		t.Fatal(err)
	}
	before := proxy.Connections()
	proxy.Hold(true)
	// Longer than STALE_HIDDEN_MS in web/src/table.tsx passes while hidden.
	if err := webtest.SkipClock(ctx, 21*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(setVis, "visible"))); err != nil {
		t.Fatal(err)
	}
	// The page renders the change in its next frame; then the prompt and
	// the title must both have stopped saying "Your turn".
	if err := webtest.WaitFor(ctx, `document.querySelector('[data-testid=prompt]').innerText.includes('Updating the table')`, 2*time.Second); err != nil {
		t.Errorf("e2e: shown again, the tab does not say it is updating: %v", err)
	}
	prompt, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=prompt]').innerText + ' | ' + document.title`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(prompt, "Your turn") || !strings.Contains(prompt, "Updating the table") {
		t.Errorf("e2e: shown again, the tab says %q", prompt)
	}
	gametest.Eventually(t, 5*time.Second, "shown again, the tab asks for the table anew", func() bool { return proxy.Connections() > before })
	proxy.Hold(false)
	if err := webtest.WaitFor(ctx, `!document.querySelector('[data-testid=offline]') && !!document.querySelector('.prompt.mine')`, 20*time.Second); err != nil {
		t.Fatalf("e2e: with the fresh state the turn is not shown again: %v", err)
	}
}

// TestLostConnectionNotYourTurn: when the connection is lost while it is
// the player's turn, the prompt and the tab's title stop saying "Your
// turn", and a card clicked sends nothing; back online, the turn is shown
// again.
func TestLostConnectionNotYourTurn(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	proxy, via := webtest.NewCutProxy(t, base)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, via, tb, "en")
	s := webtest.Snapshot{}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
		s = x
		return x.Result || x.Phase == "play" && x.MyTurn && len(x.Legal) > 0
	})
	if s.Result {
		t.Skip("e2e: the deal was thrown in before the play")
	}
	proxy.SetCut(true)
	// The tab's title follows the prompt once the page is drawn.
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=offline]') && !document.title.includes('Your turn')`, 10*time.Second); err != nil {
		t.Fatalf("e2e: the page does not notice the lost connection: %v", err)
	}
	type state struct {
		Prompt string `json:"prompt"`
		Title  string `json:"title"`
		Mine   bool   `json:"mine"`
		Legal  int    `json:"legal"`
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[state](`({prompt: document.querySelector('[data-testid=prompt]').innerText, title: document.title,
  mine: !!document.querySelector('.prompt.mine'), legal: document.querySelectorAll('.mine button.card.legal').length})`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(st.Prompt, "Your turn") || strings.Contains(st.Title, "Your turn") || st.Mine || st.Legal > 0 {
		t.Errorf("e2e: offline, the page still offers the turn: %+v", st)
	}
	if !strings.Contains(st.Prompt, "Connection lost") {
		t.Errorf("e2e: offline, the prompt says %q", st.Prompt)
	}
	webtest.Shot(t, ctx, "details-offline.png")
	proxy.SetCut(false)
	if err := webtest.WaitFor(ctx, `!!document.querySelector('.prompt.mine') && document.title.includes('Your turn')`, 20*time.Second); err != nil {
		t.Fatalf("e2e: back online, the turn is not shown again: %v", err)
	}
	// The page plays on after the reconnect.
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool { return x.Result || x.Tricks > s.Tricks })
}

// TestTouchTargets: on a touch screen every control of the lobby and of a
// table (its buttons, the header's links, selects and fields) is at least
// 40 px tall, and the header's fit the screen; the cards and the
// glossary's words are measured elsewhere.
func TestTouchTargets(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, webtest.TouchOn(true)); err != nil {
		t.Fatal(err)
	}
	const smallJS = `(() => {
  if (!matchMedia('(pointer: coarse)').matches) return ['(pointer: coarse) does not match'];
  const out = [];
  for (const el of document.querySelectorAll('header a, button, .btn, select, input')) {
    if (el.closest('.card') || el.classList.contains('card') || el.classList.contains('gloss-word') || el.closest('.sr-only')) continue;
    if (el.type === 'checkbox' || el.type === 'radio' || el.type === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const name = el.textContent.trim() || el.getAttribute('aria-label') || el.outerHTML.slice(0, 60);
    if (r.height < 39.5) out.push(name + ': ' + Math.round(r.height) + ' px');
    if (el.closest('header') && (r.right > innerWidth + 0.5 || r.left < -0.5)) out.push(name + ': outside the screen, ' + Math.round(r.left) + '–' + Math.round(r.right) + ' px');
  }
  return out;
})()`
	check := func(where string) {
		t.Helper()
		webtest.Settle(ctx)
		small, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](smallJS))
		if err != nil {
			t.Fatal(err)
		}
		if len(small) > 0 {
			t.Errorf("e2e: %s: controls under 40 px on a touch screen: %q", where, small)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=lang]`))); err != nil {
		t.Fatal(err)
	}
	check("the lobby")
	tb := webtest.CreateTableBots(t, base, "droggn", []string{"", "rules", "rules"})
	webtest.SeatIn(t, ctx, base, tb, "de")
	if err := webtest.WaitFor(ctx, `!!document.querySelector('.mine .hand')`, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	check("a table")
	webtest.Shot(t, ctx, "touch-table-phone.png")
}

// TestGlossTipsOnPhone: on a phone every word with an explanation that the
// table shows opens its tip inside the screen, however near the right edge
// the word stands, and the page does not grow wider for it.
func TestGlossTipsOnPhone(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Phone(t, exe)
	for _, game := range []struct {
		name string
		bots []string
	}{{"droggn", []string{"", "rules", "rules"}}, {"strohmandeln", []string{"", "rules"}}} {
		tb := webtest.CreateTableBots(t, base, game.name, game.bots)
		webtest.SeatIn(t, ctx, base, tb, "de")
		if err := webtest.WaitFor(ctx, `document.querySelectorAll('main.table-page .gloss-word').length > 0`, 15*time.Second); err != nil {
			t.Fatalf("e2e: %s: no word with an explanation on the table: %v", game.name, err)
		}
		webtest.Settle(ctx)
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('main.table-page .gloss-word').length`))
		if err != nil {
			t.Fatal(err)
		}
		type opened struct {
			Word              string
			Left, Right, View float64
			Scroll            int
			Open              bool
		}
		for i := range n {
			o, err := chromedp.Run(ctx, chromedp.Evaluate[opened](fmt.Sprintf(`new Promise((done) => {
  const w = document.querySelectorAll('main.table-page .gloss-word')[%d];
  if (!w || !w.getClientRects().length) { done({open: true, word: '', left: 0, right: 0, view: 1, scroll: 0}); return; }
  w.scrollIntoView({block: 'center', inline: 'nearest'});
  w.click();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const tip = w.closest('.gloss').querySelector('[data-testid=gloss-tip]');
    const r = tip ? tip.getBoundingClientRect() : {left: 0, right: 0};
    const res = {word: w.textContent, open: !!tip, left: r.left, right: r.right,
      view: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth};
    w.click();
    done(res);
  }));
})`, i), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case !o.Open:
				t.Errorf("e2e: %s: a tap on %q opened no explanation", game.name, o.Word)
			case o.Left < 0 || o.Right > o.View || o.Scroll > int(o.View):
				t.Errorf("e2e: %s: the explanation of %q spans %.0f to %.0f px of a %.0f px screen, and the page is %d px wide", game.name, o.Word, o.Left, o.Right, o.View, o.Scroll)
			}
		}
		t.Logf("%s: %d words opened", game.name, n)
	}
}

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// codeName matches what a variant string or an option's code name looks
// like on a page: "droggn(", "players=8", "pack=40", "winRule".
var codeName = regexp.MustCompile(`(droggn|troggu|strohmandeln)\(|\b(players|pack|winRule|allPassRule|scoring)=|\bwinRule\b|\ballPassRule\b|\bmaxDoublings\b`)

// TestReadableVariants: the lobby, a table and the rules pages name
// variants and options in words, never as variant strings; a German page
// shows the German option labels.
func TestReadableVariants(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	stroh := webtest.CreateWith(t, base, map[string]any{"game": "strohmandeln", "players": 2, "bots": []string{"", "rules"}, "name": "Ann",
		"options": map[string]any{"pack": "40"}})
	webtest.CreateWith(t, base, map[string]any{"game": "droggn", "players": 4, "bots": []string{"", "rules", "rules", "rules"}, "name": "Ann",
		"options": map[string]any{"winRule": "38"}})
	checks := []struct {
		path, ready string
		want        []string
	}{
		{"/?lang=en", `[data-table]`, []string{"Strohmandeln (Strohmann-Tarock), 2 players, Pack: 40 cards", "Droggn, 4 players, Declarer wins with: 38 points"}},
		{"/?lang=de", `[data-table]`, []string{"2 Spieler, Blatt: 40 Karten", "Droggn, 4 Spieler, Spieler gewinnt mit: 38 Punkten"}},
		{"/t/" + stroh.ID + "?spectate=1&lang=en", `main.table-page`, []string{"Pack: 40 cards"}},
		{"/rules/droggn?lang=en", `[data-testid=variants] dt`, []string{"Declarer wins with", "37 points (default)", "Doublings at most"}},
		{"/rules/troggu?lang=de", `[data-testid=variants] dt`, []string{"Varianten", "Wenn alle passen", "Überstechen ist Pflicht"}},
		{"/rules/strohmandeln?lang=de", `[data-testid=variants] dt`, []string{"Blatt", "40 Karten", "Gefangener Uhu oder Kakadu zählt"}},
	}
	for _, c := range checks {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+c.path), chromedp.WaitVisible(chromedp.CSS(c.ready))); err != nil {
			t.Fatalf("e2e: opening %s: %v", c.path, err)
		}
		text := webtest.PageText(t, ctx)
		if m := codeName.FindString(text); m != "" {
			t.Errorf("e2e: %s shows the code name %q", c.path, m)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("e2e: %s does not say %q", c.path, w)
			}
		}
	}
	// The new-table form of a German page: German option labels and values.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`))); err != nil {
		t.Fatal(err)
	}
	if err := webtest.SetSelect(ctx, "game", "droggn"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('details.options').open = true; true`)); err != nil {
		t.Fatal(err)
	}
	webtest.Settle(ctx)
	text := webtest.PageText(t, ctx)
	for _, w := range []string{"Spieler gewinnt mit", "37 Punkten (Standard)", "Gstieß im letzten Stich", "Doppelungen höchstens", "Talon beim Ansager offen", "78 Karten"} {
		if !strings.Contains(text, w) {
			t.Errorf("e2e: the German form does not say %q", w)
		}
	}
	if m := codeName.FindString(text); m != "" {
		t.Errorf("e2e: the German form shows the code name %q", m)
	}
	// The pack is a choice of the two packs, not a number to type.
	packOptions, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("select[name=pack] option").length`))
	if err != nil || packOptions != 2 {
		t.Errorf("e2e: the pack offers %d choices (%v), want 66 and 78 cards", packOptions, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1400, chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	webtest.Shot(t, ctx, "lobby-options-de-1280.png")
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/rules/droggn?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=variants] dt`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=variants]').scrollIntoView({block: 'start'}); true`)); err != nil {
		t.Fatal(err)
	}
	webtest.Shot(t, ctx, "rules-droggn-variants-de-1280.png")
}

// TestTurnSignal: when it is the player's turn the tab's title starts
// with the turn mark and says so, and the favicon carries the dot; when
// the hand is over neither does.
func TestTurnSignal(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "troggu", 3)
	webtest.SeatIn(t, ctx, base, tb, "de")
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.MyTurn })
	if err := webtest.WaitFor(ctx, `document.title.startsWith('▶ Du bist dran') && document.querySelector("link[rel~='icon']").dataset.turn === '1'`, 5*time.Second); err != nil {
		title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title`))
		t.Fatalf("e2e: on the player's turn the title is %q: %v", title, err)
	}
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result })
	if err := webtest.WaitFor(ctx, `!document.title.startsWith('▶') && document.querySelector("link[rel~='icon']").dataset.turn === '0'`, 5*time.Second); err != nil {
		title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title`))
		t.Fatalf("e2e: after the hand the title is %q: %v", title, err)
	}
	// The tone is off until chosen, and the choice is kept.
	on, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=sound]').getAttribute('aria-pressed')`))
	if err != nil || on != "false" {
		t.Fatalf("e2e: the turn tone is %q by default (%v), want off", on, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=sound]`))); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `localStorage.getItem('trull.pref.sound') === 'true'`, 5*time.Second); err != nil {
		t.Fatalf("e2e: the tone's switch is not kept: %v", err)
	}
}

// TestJoinFromLobby: a public table with a free seat has a Join button in
// the lobby; it asks for a name when none is known and seats the player.
func TestJoinFromLobby(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 390, 844)
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
	sel := `[data-table="` + tb.ID + `"] [data-testid=join]`
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
		t.Fatalf("e2e: no Join button for the table with a free seat: %v", err)
	}
	// On a phone the lessons come first, on the first screen, then the
	// new-table form, then the list of tables.
	first, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('.create-box').getBoundingClientRect().top < document.querySelector('.tables-box').getBoundingClientRect().top`))
	if err != nil || !first {
		t.Errorf("e2e: on a phone the new-table form is not before the tables (%v)", err)
	}
	learn, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const l = document.querySelector('.learn-box').getBoundingClientRect(); return l.top < document.querySelector('.create-box').getBoundingClientRect().top && l.top + 40 < window.innerHeight; })()`))
	if err != nil || !learn {
		t.Errorf("e2e: on a phone the lessons are not first on the first screen (%v)", err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(sel)),
		chromedp.WaitVisible(chromedp.CSS(`input[name=join-name]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=join-name]`), "Bob"),
		chromedp.Click(chromedp.CSS(`.join-name button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page[data-seat="1"]`)),
	); err != nil {
		t.Fatalf("e2e: joining from the lobby: %v", err)
	}
	name, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.parse(localStorage.getItem('trull.seat.`+tb.ID+`')).name`))
	if err != nil || name != "Bob" {
		t.Fatalf("e2e: after Join the seat is kept as %q (%v)", name, err)
	}
}

// TestFullServerInLobby: when the server has as many empty tables as it
// allows, the lobby says so above the new-table form, in the page's
// language, and still offers to join the tables there are.
func TestFullServerInLobby(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.MaxEmpty = 1 })
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
	join := `[data-table="` + tb.ID + `"] [data-testid=join]`
	for _, c := range []struct{ lang, says string }{
		{"en", "as many tables as it allows"},
		{"de", "so viele Tische, wie er erlaubt"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang="+c.lang), chromedp.WaitVisible(chromedp.CSS(join))); err != nil {
			t.Fatalf("e2e (%s): no Join button on a full server: %v", c.lang, err)
		}
		if err := webtest.WaitFor(ctx, `(document.querySelector('[data-testid=full]')?.textContent ?? '').includes(`+"`"+c.says+"`"+`)`, 10*time.Second); err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.create-box').textContent`))
			t.Fatalf("e2e (%s): the lobby of a full server does not say so: %q: %v", c.lang, text, err)
		}
	}
}

// TestLobbySurvivesMalformedEntries: entries of the lobby list that lack
// what the page reads (a table half made, seats null, a bot that is no
// name) are left out, and the page goes on listing the good ones.
func TestLobbySurvivesMalformedEntries(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateWith(t, base, map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
	row := `[data-table="` + tb.ID + `"]`
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS(row))); err != nil {
		t.Fatalf("e2e: the table is not listed: %v", err)
	}
	// From now on the lobby list carries bad entries beside the good one,
	// which is renamed.
	bad := `[{"id":"half","game":"droggn","variant":"droggn()","name":"","state":"open","played":0,"created_ms":0,"seats":null},` +
		`null, 7, "x", {"id":"nobot","game":"droggn","state":"open","seats":[{"seat":0,"bot":7}]},` +
		`{"id":"title","game":"droggn","state":"open","variant_title":{"en":1},"seats":[]}]`
	inject := `(() => { const f = window.fetch; window.fetch = async (u, o) => { const r = await f(u, o);
		if (String(u) !== '/api/tables') return r;
		const l = await r.json(); l.forEach((x) => { x.name = 'Renamed'; }); return new Response(JSON.stringify(l.concat(` + bad + `)), {status: 200, headers: {'Content-Type': 'application/json'}}); }; return true; })()`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](inject)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.tables-box h2 button`))); err != nil {
		t.Fatal(err)
	}
	// The good entry's new name shows that the page drew the list again.
	if err := webtest.WaitFor(ctx, `document.querySelectorAll('ul.tables > li').length === 1 && (document.querySelector('`+row+`')?.textContent ?? '').includes('Renamed')`, 10*time.Second); err != nil {
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('ul.tables > li').length`))
		t.Fatalf("e2e: after bad entries the lobby lists %d tables: %v", n, err)
	}
}

// TestHintsSwitch: at a table created with hints off the hint control is
// not shown; with hints on (the default) it is.
func TestHintsSwitch(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	for _, on := range []bool{true, false} {
		tb := webtest.CreateWith(t, base, map[string]any{"game": "troggu", "players": 3, "bots": []string{"", "rules", "rules"}, "name": "Ann", "hints": on})
		webtest.SeatIn(t, ctx, base, tb, "en")
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.MyTurn })
		has, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid=hint]')`))
		if err != nil {
			t.Fatal(err)
		}
		if has != on {
			t.Errorf("e2e: hints %v: the hint control shows %v", on, has)
		}
	}
}

// TestScoreSheet8: the score sheet of an eight-player Troggu sitting shows
// every player's column readable in the side panel, and the hand's result
// a row a seat; the screenshots go to docs/screenshots/ with -update.
func TestScoreSheet8(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	bots := []string{"", "rules", "rules", "rules", "rules", "rules", "rules", "rules"}
	tb := webtest.CreateTableBots(t, base, "troggu", bots)
	webtest.SeatIn(t, ctx, base, tb, "de")
	// Three hands: the player deals the next one after each result.
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result && s.Hand >= 2 })
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-tab=sheet]`)), chromedp.WaitVisible(chromedp.CSS(`[data-testid=sheet] tbody tr`))); err != nil {
		t.Fatal(err)
	}
	for _, sz := range []struct {
		file          string
		width, height int64
		mobile        bool
	}{
		{"troggu8-sheet-desktop-1280x900.png", 1280, 900, false},
		{"troggu8-sheet-phone-390x844.png", 390, 844, true},
	} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if sz.mobile {
			opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile}
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height, opts...)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=sheet]').scrollIntoView({block: 'start'}); true`)); err != nil {
			t.Fatal(err)
		}
		webtest.Shot(t, ctx, sz.file)
		// Every column fits the panel, and the names and numbers are at
		// least 11 px high.
		type fit struct {
			Cols   int     `json:"cols"`
			Inside bool    `json:"inside"`
			Font   float64 `json:"font"`
		}
		f, err := chromedp.Run(ctx, chromedp.Evaluate[fit](`(() => {
  const tbl = document.querySelector('[data-testid=sheet]');
  const wrap = tbl.parentElement.getBoundingClientRect();
  const cells = [...tbl.querySelectorAll('thead th')];
  return {cols: tbl.querySelectorAll('thead th.nm').length, inside: cells.every((c) => c.getBoundingClientRect().right <= wrap.right + 1),
    font: parseFloat(getComputedStyle(tbl.querySelector('tbody td:nth-child(3)')).fontSize)};
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if f.Cols != 8 || !f.Inside || f.Font < 11 {
			t.Errorf("e2e: at %d×%d the sheet has %d players' columns, all inside %v, a %v px font", sz.width, sz.height, f.Cols, f.Inside, f.Font)
		}
		// The hand's result lists the eight seats a row each, inside the page.
		res, err := chromedp.Run(ctx, chromedp.Evaluate[fit](`(() => {
  const tbl = document.querySelector('[data-testid=result-by-row]');
  const wrap = tbl.parentElement.getBoundingClientRect();
  return {cols: tbl.querySelectorAll('tbody tr').length, inside: tbl.getBoundingClientRect().right <= wrap.right + 1, font: 12};
})()`))
		if err != nil || res.Cols != 8 || !res.Inside {
			t.Errorf("e2e: at %d×%d the result has %d seats' rows, inside %v (%v)", sz.width, sz.height, res.Cols, res.Inside, err)
		}
	}
}

// TestPhoneSizes: on a phone held upright (390 px) the cards' labels keep a
// readable size, and held sideways (844×390) the trick and the whole hand
// show together without scrolling in Troggu and Strohmandeln too.
func TestPhoneSizes(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	for _, g := range []struct {
		game    string
		players int
	}{{"troggu", 4}, {"strohmandeln", 2}} {
		tb := webtest.CreateTable(t, base, g.game, g.players)
		webtest.SeatIn(t, ctx, base, tb, "de")
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Result || s.Phase == "play" && s.Tricks >= 2 && s.MyTurn })
		for _, sz := range []struct {
			width, height int64
			landscape     bool
		}{{390, 844, false}, {844, 390, true}} {
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile}
			if sz.landscape {
				opts = append(opts, chromedp.EmulateLandscape)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height, opts...)); err != nil {
				t.Fatal(err)
			}
			orient := "portrait"
			if sz.landscape {
				orient = "landscape"
			}
			webtest.Shot(t, ctx, fmt.Sprintf("%s-phone-%s-%dx%d.png", g.game, orient, sz.width, sz.height))
			type measure struct {
				Trick  bool    `json:"trick"`
				Hand   int     `json:"hand"`
				In     int     `json:"in"`
				Card   float64 `json:"card"`
				Small  float64 `json:"small"`
				Corner float64 `json:"corner"`
			}
			mv, err := chromedp.Run(ctx, chromedp.Evaluate[measure](`(() => {
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1; };
  const tv = document.querySelector('[data-testid=trick]');
  const cards = [...document.querySelectorAll('.mine .hand .card')];
  const small = document.querySelector('.card.small svg text.idx');
  const text = document.querySelector('.mine .hand .card svg text.idx');
  return {trick: !!tv && inside(tv), hand: cards.length, in: cards.filter(inside).length,
    card: cards.length ? cards[0].getBoundingClientRect().width : 0,
    small: small ? small.getBoundingClientRect().height : 0,
    corner: text ? text.getBoundingClientRect().height : 0};
})()`))
			if err != nil {
				t.Fatal(err)
			}
			if mv.Corner < 10 || (mv.Small > 0 && mv.Small < 10) {
				t.Errorf("e2e: %s at %d×%d: a hand card's corner label is %.1f px high, a small card's label %.1f px", g.game, sz.width, sz.height, mv.Corner, mv.Small)
			}
			if sz.landscape && (!mv.Trick || mv.Hand == 0 || mv.In != mv.Hand) {
				t.Errorf("e2e: %s at %d×%d: the trick shows %v and %d of %d cards of the hand, without scrolling", g.game, sz.width, sz.height, mv.Trick, mv.In, mv.Hand)
			}
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(1))); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDiscardHintAndCount: a hint while discarding names the cards in
// words and marks exactly those cards in the hand; during the play both
// sides' tricks and the player's side's card points are shown (the
// opponents' tricks are turned down, so their points are not), and the
// player's own tricks under the hand.
func TestDiscardHintAndCount(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.HintBot = "rules" })
	ctx := webtest.Browser(t, exe, 1280, 900)
	prefs := append([]string{"solo"}, webtest.Quiet...)
	for try := 0; try < 20; try++ {
		tb := webtest.CreateTable(t, base, "droggn", 3)
		webtest.SeatIn(t, ctx, base, tb, "de")
		s := webtest.Snapshot{}
		webtest.PlayUntil(t, ctx, prefs, func(x webtest.Snapshot) bool { s = x; return x.Result || x.Discard })
		if !s.Discard {
			continue // another seat won the bidding: deal another table
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=hint]`))); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=hint-text]')`, 20*time.Second); err != nil {
			t.Fatalf("e2e: no hint while discarding: %v", err)
		}
		type hintShown struct {
			Text   string `json:"text"`
			Marked int    `json:"marked"`
		}
		h, err := chromedp.Run(ctx, chromedp.Evaluate[hintShown](`({text: document.querySelector('[data-testid=hint-text]').textContent,
  marked: document.querySelectorAll('.mine .hand .card.hint').length})`))
		if err != nil {
			t.Fatal(err)
		}
		if h.Marked != 3 || !strings.Contains(h.Text, "drücken") || regexp.MustCompile(`\b([SCHD]-\w+|T\d+|FOOL)\b`).MatchString(h.Text) {
			t.Fatalf("e2e: the discard hint says %q and marks %d cards, want 3 cards named in words", h.Text, h.Marked)
		}
		t.Logf("e2e: %s", h.Text)
		webtest.PlayUntil(t, ctx, prefs, func(x webtest.Snapshot) bool { return x.Result || x.Phase == "play" && x.Tricks >= 2 && x.MyTurn })
		text := webtest.PageText(t, ctx)
		if !strings.Contains(text, "Stiche gemacht") && !strings.Contains(text, "Stich gemacht") {
			t.Errorf("e2e: the player's own tricks are not shown under the hand")
		}
		if s, _ := webtest.Snap(ctx); !s.Result {
			pts, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('[data-testid=points]') || {}).textContent || ''`))
			if err != nil || !strings.Contains(pts, "Spieler (du)") || !strings.Contains(pts, "Gegenspieler") || !strings.Contains(pts, "Punkt") {
				t.Errorf("e2e: the running count says %q (%v), want both sides and the player's side's points", pts, err)
			}
		}
		return
	}
	t.Fatal("e2e: the player never got to discard")
}

// TestOwnTrumpCall: at eight players of Troggu, a Tappist calling a
// partner sees which of the callable trumps lie in the own hand.
func TestOwnTrumpCall(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	bots := []string{"", "rules", "rules", "rules", "rules", "rules", "rules", "rules"}
	for try := 0; try < 20; try++ {
		tb := webtest.CreateTableBots(t, base, "troggu", bots)
		webtest.SeatIn(t, ctx, base, tb, "en")
		s := webtest.Snapshot{}
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(x webtest.Snapshot) bool {
			s = x
			return x.Result || webtest.HasAct(x, "call") || x.Phase == "play"
		})
		if !webtest.HasAct(s, "call") {
			continue
		}
		type marks struct {
			Own, Wrong int
		}
		mk, err := chromedp.Run(ctx, chromedp.Evaluate[marks](`(() => {
  const hand = new Set([...document.querySelectorAll('.mine .hand .card')].map((c) => c.dataset.card));
  const bs = [...document.querySelectorAll('.prompt .actions button[data-act=call]')];
  return {Own: bs.filter((b) => b.dataset.own === '1').length,
    Wrong: bs.filter((b) => (b.dataset.own === '1') !== hand.has(b.dataset.call)).length};
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if mk.Wrong != 0 {
			t.Fatalf("e2e: %d call buttons mark the own hand wrongly", mk.Wrong)
		}
		if mk.Own == 0 {
			continue // no callable trump in the hand: try another deal
		}
		text := webtest.PageText(t, ctx)
		if !strings.Contains(text, "in your hand") {
			t.Fatalf("e2e: a call of an own trump does not say so")
		}
		return
	}
	t.Fatal("e2e: the player never called a partner holding a callable trump")
}

// TestBotLevelsOnPhone: on a phone held upright (390 px) the new-table
// form's seat selects show each bot level's whole name, and how the chosen
// level plays is said under its select, inside the page, in the page's
// language.
func TestBotLevelsOnPhone(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`select[name=bot1]`)),
	); err != nil {
		t.Fatal(err)
	}
	type level struct {
		Text   string  `json:"text"`
		Needs  float64 `json:"needs"`
		Has    float64 `json:"has"`
		How    string  `json:"how"`
		Inside bool    `json:"inside"`
	}
	values, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelector('select[name=bot1]').options].map((o) => o.value).filter((v) => v)`))
	if err != nil || len(values) < 3 {
		t.Fatalf("e2e: the seat's select offers %v (%v)", values, err)
	}
	hows := map[string]bool{}
	for _, v := range values {
		if err := webtest.SetSelect(ctx, "bot1", v); err != nil {
			t.Fatal(err)
		}
		if err := webtest.WaitFor(ctx, `!!document.querySelector('select[name=bot1]').closest('label').querySelector('.how')`, 5*time.Second); err != nil {
			t.Errorf("e2e: level %s: nothing says how it plays: %v", v, err)
			continue
		}
		l, err := chromedp.Run(ctx, chromedp.Evaluate[level](`(() => {
  const sel = document.querySelector('select[name=bot1]');
  const o = sel.options[sel.selectedIndex];
  const cs = getComputedStyle(sel);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.font;
  // The text, the select's padding and room for its arrow.
  const needs = ctx.measureText(o.text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 20;
  const how = sel.closest('label').querySelector('.how');
  const r = how.getBoundingClientRect();
  return {text: o.text, needs, has: sel.clientWidth, how: how.textContent,
    inside: r.left >= 0 && r.right <= document.documentElement.clientWidth + 1};
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if l.Needs > l.Has {
			t.Errorf("e2e: level %s: its name %q needs %.0f px, its select has %.0f", v, l.Text, l.Needs, l.Has)
		}
		if l.How == "" || !l.Inside || hows[l.How] {
			t.Errorf("e2e: level %s: how it plays reads %q, inside the page %v, said of another level too %v", v, l.How, l.Inside, hows[l.How])
		}
		hows[l.How] = true
		if strings.ContainsAny(l.Text, "()") || regexp.MustCompile(`\b(plays|searches|tries|for testing)\b`).MatchString(l.How) {
			t.Errorf("e2e: level %s: the select reads %q and the line under it %q on a German page", v, l.Text, l.How)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('.seats-form').scrollIntoView({block: 'center'})`)); err != nil {
		t.Fatal(err)
	}
	webtest.Shot(t, ctx, "lobby-bot-levels-phone.png")
}

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/internal/server"
	"trull/internal/store/sqlite"
)

var (
	update = flag.Bool("update", false, "copy the end-to-end screenshot to testdata/screenshot.png")
	shots  = flag.String("shots", "", "write screenshots of the lobby and of a table of each game to this directory")
)

// chromium returns the browser to drive, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	cands := []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"}
	if p := os.Getenv("TRULL_CHROMIUM"); p != "" {
		cands = []string{p}
	}
	for _, p := range cands {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	t.Skipf("e2e: no Chromium at %s; install it with `apt-get update && apt-get install -y chromium` (or set TRULL_CHROMIUM) to run the browser test", strings.Join(cands, " or "))
	return ""
}

// startServer runs a trull server in process on a loopback port with a
// fresh SQLite database and bots that answer at once; each tweak may change
// the configuration. It returns the base URL.
func startServer(t *testing.T, tweaks ...func(*server.Config)) string {
	t.Helper()
	dir := t.TempDir()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	ctx := context.Background()
	cfg := server.Config{
		Addr:     "127.0.0.1:0",
		Logger:   logger,
		BotDelay: 0,
		PostRate: -1,
		// Every client here is on loopback and many tables are created
		// that only a browser visits, and leaves, later.
		MaxEmptyPerAddr: -1,
		MaxEmptyPerNet:  -1,
	}
	for _, f := range tweaks {
		f(&cfg)
	}
	st, err := sqlite.Open(ctx, filepath.Join(dir, "trull.db"))
	if err != nil {
		t.Fatalf("e2e: opening the database: %v", err)
	}
	s, err := server.New(ctx, cfg, st)
	if err != nil {
		t.Fatalf("e2e: starting the server: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.Close()
		t.Fatalf("e2e: listening: %v", err)
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	t.Cleanup(func() {
		s.Close() // stops the tables, which close their WebSockets
		hs.Close()
	})
	return "http://" + ln.Addr().String()
}

// browser starts a headless Chromium with a fresh profile and returns a
// tab's context. Uncaught page exceptions fail the test.
func browser(t *testing.T, exe string, width, height int) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	if err := chromedp.Do(ctx); err != nil {
		cancelTime()
		cancelTab()
		cancelAlloc()
		t.Fatalf("e2e: starting %s: %v", exe, err)
	}
	var mu sync.Mutex
	var problems []string
	msgs := chromedp.Console(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() {
				mu.Lock()
				problems = append(problems, m.String())
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
		cancelAlloc()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Errorf("e2e: exception in the page: %s", p)
		}
	})
	return ctx
}

// snapshot is what the page shows the player, read by snapshotJS.
type snapshot struct {
	Ready    bool     `json:"ready"`
	Hand     int      `json:"hand"`
	Phase    string   `json:"phase"`
	Tricks   int      `json:"tricks"`
	Result   bool     `json:"result"`
	Over     bool     `json:"over"`
	MyTurn   bool     `json:"myTurn"`
	Legal    []string `json:"legal"`
	Selected []string `json:"selected"`
	Discard  bool     `json:"discard"`
	CanSend  bool     `json:"canSend"`
	Buttons  []button `json:"buttons"`
	Toast    string   `json:"toast"`
	Cards    []string `json:"cards"` // the cards of the player's hand
}

type button struct {
	Act  string `json:"act"`
	Call string `json:"call"`
}

const snapshotJS = `(() => {
  const q = (s) => document.querySelector(s);
  const page = q('main.table-page');
  if (!page) return {ready: false};
  const cards = (sel) => [...document.querySelectorAll(sel)].map((b) => b.dataset.card);
  const discard = q('[data-testid=discard]');
  return {
    ready: true,
    hand: Number(page.dataset.hand),
    phase: page.dataset.phase,
    tricks: Number(page.dataset.tricks || 0),
    result: !!q('[data-testid=result]') && !!q('[data-testid=next]'),
    over: !!q('[data-testid=settlement]'),
    myTurn: !!q('.prompt.mine'),
    legal: cards('.mine button.card.legal'),
    selected: cards('.mine button.card.selected'),
    discard: !!discard,
    canSend: !!discard && !discard.disabled,
    buttons: [...document.querySelectorAll('.prompt .actions button[data-act]')].filter((b) => !b.disabled)
      .map((b) => ({act: b.dataset.act, call: b.dataset.call})),
    toast: (q('.toast') || {}).textContent || '',
    cards: cards('.mine .hand button.card'),
  };
})()`

func snap(ctx context.Context) (snapshot, error) {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](snapshotJS))
	if err != nil {
		return snapshot{}, err
	}
	var s snapshot
	err = json.Unmarshal(raw, &s)
	return s, err
}

// clickCard clicks a card where it shows: cards in a hand overlap, so the
// click goes to the card's visible left edge, checked with elementFromPoint.
func clickCard(ctx context.Context, id string) error {
	js := fmt.Sprintf(`(() => {
  const el = [...document.querySelectorAll('.mine button.card')].find((b) => b.dataset.card === %q);
  if (!el) return null;
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  const x = r.left + Math.min(9, r.width / 3), y = r.top + r.height * 0.3;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit.closest('button.card') !== el) return null;
  return [x, y];
})()`, id)
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
	if err != nil {
		return err
	}
	if len(xy) != 2 {
		return fmt.Errorf("card %s is not clickable", id)
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

// quiet are the answers the player prefers: a contract when one may be bid
// (so that the hand is played rather than thrown in), else the quiet answer.
var quiet = []string{"ansager", "normal", "undertake", "none", "gut", "stay", "pass"}

// preferred picks the button to press: the first of prefs offered, else
// the first button.
func preferred(bs []button, prefs []string) button {
	for _, want := range prefs {
		for _, b := range bs {
			if b.Call == want {
				return b
			}
		}
	}
	return bs[0]
}

// playUntil plays the viewer's seat by clicking until stop says so. It
// returns the number of cards played by clicking.
func playUntil(t *testing.T, ctx context.Context, prefs []string, stop func(snapshot) bool) int {
	t.Helper()
	played := 0
	deadline := time.Now().Add(3 * time.Minute)
	last := ""
	for time.Now().Before(deadline) {
		s, err := snap(ctx)
		if err != nil {
			t.Fatalf("e2e: reading the page: %v", err)
		}
		if s.Ready && stop(s) {
			return played
		}
		if s.Toast != "" && s.Toast != last {
			t.Logf("e2e: the page says: %s", s.Toast)
			last = s.Toast
		}
		// A click waits for its element; bounded, a page that changed
		// meanwhile is read again instead of waited on for good.
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		switch {
		case s.Ready && s.Result:
			// A hand ended short of the goal (thrown in, folded): deal again.
			err = chromedp.Do(cctx, chromedp.Click(chromedp.CSS(`[data-testid=next]`)))
		case !s.Ready || !s.MyTurn:
		case s.Discard && s.CanSend:
			err = chromedp.Do(cctx, chromedp.Click(chromedp.CSS(`[data-testid=discard]`)))
		case s.Discard:
			for _, c := range s.Legal {
				if !contains(s.Selected, c) {
					err = clickCard(ctx, c)
					break
				}
			}
		case len(s.Buttons) > 0:
			b := preferred(s.Buttons, prefs)
			sel := fmt.Sprintf(`.prompt .actions button[data-act=%q][data-call=%q]`, b.Act, b.Call)
			err = chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel)))
		case len(s.Legal) > 0 && s.Phase != "":
			if err = clickCard(ctx, s.Legal[0]); err == nil {
				played++
			}
		}
		cancel()
		if err != nil {
			t.Logf("e2e: %v (trying again)", err)
		}
		time.Sleep(40 * time.Millisecond)
	}
	t.Fatalf("e2e: the hand did not reach its goal in 3 minutes")
	return played
}

// hasAct reports whether the prompt offers a button for act.
func hasAct(s snapshot, act string) bool {
	for _, b := range s.Buttons {
		if b.Act == act {
			return true
		}
	}
	return false
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// setSelect sets a <select> and tells Preact about it.
func setSelect(ctx context.Context, name, value string) error {
	js := fmt.Sprintf(`(() => {
  const el = document.querySelector('select[name=%q]');
  if (!el) return false;
  el.value = %q;
  el.dispatchEvent(new Event('change', {bubbles: true}));
  return el.value === %q;
})()`, name, value, value)
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
	if err == nil && !ok {
		err = fmt.Errorf("select %s has no value %s", name, value)
	}
	return err
}

func waitFor(ctx context.Context, js string, d time.Duration) error {
	end := time.Now().Add(d)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return nil
		}
		if time.Now().After(end) {
			if err == nil {
				err = fmt.Errorf("timed out after %v waiting for %s", d, js)
			}
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestDroggnHandInBrowser opens the lobby, creates a Droggn table with two
// rules bots, plays the hand to the end by clicking, and checks that the
// score sheet shows the hand.
func TestDroggnHandInBrowser(t *testing.T) {
	exe := chromium(t)
	base := startServer(t)
	ctx := browser(t, exe, 1280, 900)

	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	if err := setSelect(ctx, "game", "droggn"); err != nil {
		t.Fatalf("e2e: choosing Droggn: %v", err)
	}
	if err := setSelect(ctx, "players", "3"); err != nil {
		t.Fatalf("e2e: choosing 3 players: %v", err)
	}
	for _, seat := range []string{"bot1", "bot2"} {
		if err := setSelect(ctx, seat, "rules"); err != nil {
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
	played := playUntil(t, ctx, quiet, func(s snapshot) bool { return s.Result || s.Phase == "play" && s.Tricks >= 3 && s.MyTurn })
	// The hint button asks the search bot; its answer marks a legal card
	// and, with a choice to make, names the candidates with their expected
	// scores ("XXI (+4.2) · else …").
	if s, err := snap(ctx); err == nil && !s.Result {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=hint]`))); err != nil {
			t.Fatalf("e2e: asking for a hint: %v", err)
		}
		if err := waitFor(ctx, `!!document.querySelector('.hint-row .muted') && !!document.querySelector('.mine button.card.hint')`, 10*time.Second); err != nil {
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
	before, err := snap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
		t.Fatalf("e2e: reloading the table: %v", err)
	}
	after, err := snap(ctx)
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
	played += playUntil(t, ctx, quiet, func(s snapshot) bool { return s.Result && s.Hand == 0 })
	if played == 0 {
		t.Fatalf("e2e: the hand ended without a card played by clicking")
	}
	t.Logf("e2e: hand over at %s after %d cards clicked", loc, played)

	// The score sheet lists the hand, zero-sum, and the result box agrees.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.tabs button[data-tab=sheet]`))); err != nil {
		t.Fatalf("e2e: opening the score sheet: %v", err)
	}
	if err := waitFor(ctx, `document.querySelectorAll('[data-testid=sheet] tbody tr').length >= 1`, 10*time.Second); err != nil {
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
	if err := waitFor(ctx, `[...document.querySelectorAll('.chat .msgs li')].some((li) => li.textContent.includes('gut gespielt'))`, 10*time.Second); err != nil {
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
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "screenshot.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// created is the answer of POST /api/tables.
type created struct {
	ID        string `json:"id"`
	SeatToken string `json:"seat_token"`
	Seat      int    `json:"seat"`
	Invites   []struct {
		Seat int    `json:"seat"`
		URL  string `json:"url"`
	} `json:"invites"`
}

// createTable makes a table by the HTTP API with the viewer in seat 0 and
// rules bots elsewhere.
func createTable(t *testing.T, base, game string, players int) created {
	t.Helper()
	bots := make([]string, players)
	for i := 1; i < players; i++ {
		bots[i] = "rules"
	}
	return createTableBots(t, base, game, bots)
}

// createTableBots makes a table with the given bot per seat ("" for a
// person); a positive hands ends the sitting after that many hands.
func createTableBots(t *testing.T, base, game string, bots []string, hands ...int) created {
	t.Helper()
	req := map[string]any{"game": game, "players": len(bots), "bots": bots, "name": "Ann"}
	if len(hands) > 0 {
		req["hands"] = hands[0]
	}
	body, _ := json.Marshal(req)
	res, err := http.Post(base+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("e2e: creating a %s table: %v", game, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		t.Fatalf("e2e: creating a %s table: %s: %s", game, res.Status, b)
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("e2e: the create answer %s: %v", b, err)
	}
	return c
}

// TestScreenshots writes screenshots of the pages at phone and desktop
// sizes for a person to look at (go test ./e2e/ -run Screenshots -shots DIR).
func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("e2e: run with -shots DIR to write screenshots of every page")
	}
	exe := chromium(t)
	base := startServer(t)
	if err := os.MkdirAll(*shots, 0o755); err != nil {
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
			png, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
				if _, err := chromedp.EmulateViewport(sz.width, sz.height, opts...)(ctx, tg); err != nil {
					return nil, err
				}
				time.Sleep(300 * time.Millisecond)
				return chromedp.CaptureScreenshot()(ctx, tg)
			})
			if err != nil {
				t.Fatalf("e2e: screenshot %s: %v", name, err)
			}
			p := filepath.Join(*shots, name+"-"+sz.name+".png")
			if err := os.WriteFile(p, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", p)
		}
	}
	ctx := browser(t, exe, 1280, 900)
	for _, lang := range []string{"en", "de"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang="+lang), chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`))); err != nil {
			t.Fatal(err)
		}
		shoot(ctx, "lobby-"+lang)
	}
	inPlay := func(n int) func(snapshot) bool {
		return func(s snapshot) bool { return s.Result || (s.Phase == "play" && s.Tricks >= n && s.MyTurn) }
	}
	cases := []struct {
		name    string
		game    string
		players int
		lang    string
		stop    func(snapshot) bool
	}{
		{"droggn", "droggn", 3, "de", inPlay(4)},
		{"droggn-discard", "droggn", 3, "de", func(s snapshot) bool { return s.Result || s.Discard }},
		{"droggn-buy", "droggn", 3, "en", func(s snapshot) bool { return s.Result || hasAct(s, "buy") }},
		{"droggn4", "droggn", 4, "en", inPlay(2)},
		{"troggu8", "troggu", 8, "de", inPlay(2)},
		{"troggu8-call", "troggu", 8, "en", func(s snapshot) bool { return s.Result || hasAct(s, "call") || s.Phase == "play" }},
		{"troggu3", "troggu", 3, "en", inPlay(3)},
		{"strohmandeln", "strohmandeln", 2, "de", inPlay(3)},
		{"strohmandeln-en", "strohmandeln", 2, "en", func(s snapshot) bool { return s.Result || s.Phase == "play" && s.MyTurn }},
	}
	for _, c := range cases {
		prefs := quiet
		if c.name == "droggn-discard" {
			// A Solo is rarely outbid: the player then discards.
			prefs = append([]string{"solo"}, quiet...)
		}
		var tb created
		// The deal decides whether the player gets to discard or buy: try
		// a few tables.
		for try := 0; try < 20; try++ {
			tb = createTable(t, base, c.game, c.players)
			js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, tb.ID, tb.SeatToken, tb.Seat)
			if err := chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](js),
				chromedp.Navigate(base+"/t/"+tb.ID+"?lang="+c.lang),
				chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
			); err != nil {
				t.Fatal(err)
			}
			playUntil(t, ctx, prefs, c.stop)
			if s, err := snap(ctx); err == nil && !s.Result {
				break
			}
		}
		shoot(ctx, c.name)
		switch c.name {
		case "droggn":
			playUntil(t, ctx, quiet, func(s snapshot) bool { return s.Result })
			shoot(ctx, "droggn-result")
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/t/"+tb.ID+"/replay/0?lang=de"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`))); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			shoot(ctx, "replay")
		case "troggu8":
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/t/"+tb.ID+"?spectate=1&lang=en"), chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			shoot(ctx, "troggu8-spectator")
		}
	}
	// A sitting of one hand ends with the settlement.
	one := createTableBots(t, base, "strohmandeln", []string{"", "rules"}, 1)
	js := fmt.Sprintf(`localStorage.setItem('trull.seat.%s', JSON.stringify({token: %q, seat: %d, name: 'Ann'})); true`, one.ID, one.SeatToken, one.Seat)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js), chromedp.Navigate(base+"/t/"+one.ID+"?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`main.table-page`))); err != nil {
		t.Fatal(err)
	}
	playUntil(t, ctx, quiet, func(s snapshot) bool { return s.Over })
	shoot(ctx, "settlement")

	// An invite link, opened by someone without a seat at that table.
	inv := createTableBots(t, base, "droggn", []string{"", "", "rules"})
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

package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	"trull/internal/server"
	"trull/internal/store/sqlite"

	"github.com/chromedp/chromedp"
)

var (
	Update = flag.Bool("update", false, "copy the end-to-end screenshot to testdata/screenshot.png")
	Shots  = flag.String("shots", "", "write screenshots of the lobby and of a table of each game to this directory")
)

// Chromium returns the browser to drive, or skips the test.
func Chromium(t *testing.T) string {
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

// StartServer runs a trull server in process on a loopback port with a
// fresh SQLite database and bots that answer at once; each tweak may change
// the configuration. It returns the base URL.
func StartServer(t *testing.T, tweaks ...func(*server.Config)) string {
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

// Browser starts a headless Chromium with a fresh profile and returns a
// tab's context. Uncaught page exceptions fail the test.
func Browser(t *testing.T, exe string, width, height int) context.Context {
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

// Snapshot is what the page shows the player, read by SnapshotJS.
type Snapshot struct {
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
	Buttons  []Button `json:"buttons"`
	Toast    string   `json:"toast"`
	Cards    []string `json:"cards"` // the cards of the player's hand
}

type Button struct {
	Act  string `json:"act"`
	Call string `json:"call"`
}

const SnapshotJS = `(() => {
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

func Snap(ctx context.Context) (Snapshot, error) {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](SnapshotJS))
	if err != nil {
		return Snapshot{}, err
	}
	var s Snapshot
	err = json.Unmarshal(raw, &s)
	return s, err
}

// ClickCard clicks a card where it shows: cards in a hand overlap, so the
// click goes to the card's visible left edge, checked with elementFromPoint.
func ClickCard(ctx context.Context, id string) error {
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

// Quiet are the answers the player prefers: a contract when one may be bid
// (so that the hand is played rather than thrown in), else the quiet answer.
var Quiet = []string{"ansager", "normal", "undertake", "none", "gut", "stay", "pass"}

// Preferred picks the button to press: the first of prefs offered, else
// the first button.
func Preferred(bs []Button, prefs []string) Button {
	for _, want := range prefs {
		for _, b := range bs {
			if b.Call == want {
				return b
			}
		}
	}
	return bs[0]
}

// PlayUntil plays the viewer's seat by clicking until stop says so. It
// returns the number of cards played by clicking.
func PlayUntil(t *testing.T, ctx context.Context, prefs []string, stop func(Snapshot) bool) int {
	t.Helper()
	played := 0
	deadline := time.Now().Add(3 * time.Minute)
	last := ""
	for time.Now().Before(deadline) {
		var s Snapshot
		seen, err := Read(ctx, SnapshotJS, &s)
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
				if !Contains(s.Selected, c) {
					err = ClickCard(ctx, c)
					break
				}
			}
		case len(s.Buttons) > 0:
			b := Preferred(s.Buttons, prefs)
			sel := fmt.Sprintf(`.prompt .actions button[data-act=%q][data-call=%q]`, b.Act, b.Call)
			err = chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel)))
		case len(s.Legal) > 0 && s.Phase != "":
			if err = ClickCard(ctx, s.Legal[0]); err == nil {
				played++
			}
		}
		cancel()
		if err != nil {
			t.Logf("e2e: %v (trying again)", err)
		}
		// The next move is decided on what the page shows next.
		Changed(ctx, SnapshotJS, seen, 2*time.Second)
	}
	t.Fatalf("e2e: the hand did not reach its goal in 3 minutes")
	return played
}

// HasAct reports whether the prompt offers a button for act.
func HasAct(s Snapshot, act string) bool {
	for _, b := range s.Buttons {
		if b.Act == act {
			return true
		}
	}
	return false
}

func Contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// SetSelect sets a <select> and tells Preact about it.
func SetSelect(ctx context.Context, name, value string) error {
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

// WaitFor waits until the JavaScript expression js is truthy on the page,
// at most d; the page evaluates it every 50 ms (a poll that a navigation
// ends starts again on the new page).
func WaitFor(ctx context.Context, js string, d time.Duration) error {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		_, err := chromedp.Run(wctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(d)))
		switch {
		case err == nil:
			return nil
		case errors.Is(err, chromedp.ErrPollingTimeout) || wctx.Err() != nil:
			return fmt.Errorf("timed out after %v waiting for %s", d, js)
		}
	}
}

// Read evaluates the JavaScript expression js on the page and decodes its
// value into v; it returns the value's JSON, which Changed compares.
func Read(ctx context.Context, js string, v any) (string, error) {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string]("JSON.stringify("+js+")"))
	if err != nil {
		return "", err
	}
	return s, json.Unmarshal([]byte(s), v)
}

// Changed waits until the JavaScript expression js has another value on
// the page than prev (its JSON, from Read), at most d. A page that stays as
// it was is no error: the caller reads it again and decides.
func Changed(ctx context.Context, js, prev string, d time.Duration) {
	lit, _ := json.Marshal(prev)
	pred := fmt.Sprintf("JSON.stringify(%s) !== %s", js, lit)
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	chromedp.Run(wctx, chromedp.Poll[chromedp.Void](pred, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(d)))
}

// Settle waits until the page has drawn what it shows: its fonts loaded
// and no finite animation or transition running (at most 5 s), so that a
// screenshot shows the page at rest.
func Settle(ctx context.Context) {
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	chromedp.Run(wctx, chromedp.Poll[chromedp.Void](`document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)`,
		chromedp.WithPollingTimeout(5*time.Second)))
}

// Created is the answer of POST /api/tables.
type Created struct {
	ID        string `json:"id"`
	SeatToken string `json:"seat_token"`
	Seat      int    `json:"seat"`
	Invites   []struct {
		Seat int    `json:"seat"`
		URL  string `json:"url"`
	} `json:"invites"`
}

// CreateTable makes a table by the HTTP API with the viewer in seat 0 and
// rules bots elsewhere.
func CreateTable(t *testing.T, base, game string, players int) Created {
	t.Helper()
	bots := make([]string, players)
	for i := 1; i < players; i++ {
		bots[i] = "rules"
	}
	return CreateTableBots(t, base, game, bots)
}

// CreateTableBots makes a table with the given bot per seat ("" for a
// person); a positive hands ends the sitting after that many hands.
func CreateTableBots(t *testing.T, base, game string, bots []string, hands ...int) Created {
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
	var c Created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("e2e: the create answer %s: %v", b, err)
	}
	return c
}

package daily

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/bot"
	"trull/internal/daily"
	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/gametest"
	"trull/internal/server"
)

// getJSON fetches path with the daily player's headers into out and
// returns the status.
func getJSON(t *testing.T, method, url string, out any, who [2]string) int {
	t.Helper()
	var body io.Reader
	if method == "POST" {
		body = strings.NewReader("{}")
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if who[0] != "" {
		req.Header.Set("X-Trull-Name", who[0])
		req.Header.Set("X-Trull-Secret", who[1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("e2e: %s %s: %d %s: %v", method, url, res.StatusCode, b, err)
		}
	}
	return res.StatusCode
}

// evaluate runs js in the page and decodes its value.
func evaluate[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("e2e: %s: %v", js, err)
	}
	return v
}

// TestDailyInBrowser: a person opens the Daily page from the lobby,
// chooses a name, starts today's Droggn challenge, leaves it after the
// second deal and resumes it from the Daily page, plays all six deals
// without a hint button, is shown after the last one how the others
// decided in its positions, and finds the result on the leaderboard: each
// deal's duplicate score is the replay of the hand's record minus the
// reference game of the default bot. A second attempt is refused. The
// page is shown on a desktop and on a phone, and the table of the
// challenge (daily-desktop.png, daily-phone.png, daily-table.png; with
// -update in docs/screenshots/).
func TestDailyInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.BotDelay = 20 * time.Millisecond })
	ctx := webtest.Browser(t, exe, 1280, 1000)
	// The first page a fresh browser loads, on a machine busy with other
	// tests, is given longer than a step.
	first, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(first, chromedp.Navigate(base+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS(`[data-testid=lobby-daily]`))); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=lobby-daily]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-name-input]`)),
	); err != nil {
		t.Fatalf("e2e: opening the Daily page from the lobby: %v", err)
	}
	evaluate[bool](t, ctx, `(() => { const el = document.querySelector('[data-testid=daily-name-input]');
  el.value = 'Ann'; el.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=daily-register]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-name]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-challenge=droggn-3] [data-testid=daily-play]`)),
		chromedp.Click(chromedp.CSS(`[data-challenge=droggn-3] [data-testid=daily-play]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-bar]`)),
	); err != nil {
		t.Fatalf("e2e: starting the challenge: %v", err)
	}
	who := evaluate[[]string](t, ctx, `(() => { const w = JSON.parse(localStorage.getItem('trull.daily')); return [w.name, w.secret]; })()`)
	id := strings.TrimPrefix(evaluate[string](t, ctx, `location.pathname`), "/t/")
	c, err := daily.Find("droggn-3", daily.Today(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	// The bar names the challenge's day in words, not the set-up's id.
	day, _ := time.Parse("2006-01-02", c.Date)
	bar := evaluate[string](t, ctx, `document.querySelector('[data-testid=daily-bar]').textContent`)
	if want := day.Format("2 January 2006"); !strings.Contains(bar, "Daily challenge of "+want) || strings.Contains(bar, "droggn-3") {
		t.Errorf("e2e: the daily bar says %q, want the day %q in words and no id", bar, want)
	}

	// Two deals, then away to the Daily page and back to the same hand.
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool { return s.Hand >= 2 })
	hand := webtest.Snapshot{}
	if hand, err = webtest.Snap(ctx); err != nil {
		t.Fatal(err)
	}
	if err := webtest.Within(ctx,
		chromedp.Navigate(base+"/daily?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-challenge=droggn-3][data-state=playing] [data-testid=daily-play]`)),
		chromedp.Click(chromedp.CSS(`[data-challenge=droggn-3] [data-testid=daily-play]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-bar]`)),
	); err != nil {
		t.Fatalf("e2e: resuming the challenge: %v", err)
	}
	if again := strings.TrimPrefix(evaluate[string](t, ctx, `location.pathname`), "/t/"); again != id {
		t.Fatalf("e2e: resumed at table %s, the attempt's is %s", again, id)
	}
	webtest.Shot(t, ctx, "daily-table.png")
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
		if s.Hand < hand.Hand {
			t.Fatalf("e2e: resumed at hand %d, left at hand %d", s.Hand, hand.Hand)
		}
		if evaluate[bool](t, ctx, `!!document.querySelector('[data-testid=hint]')`) {
			t.Fatal("e2e: a hint button in a daily challenge")
		}
		return s.Over
	})
	if err := webtest.Within(ctx, chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-choices]`))); err != nil {
		t.Fatalf("e2e: the others' choices after the last deal: %v", err)
	}
	// Ann is the only player: the others' choices do not count her.
	if ch := evaluate[string](t, ctx, `document.querySelector('[data-testid=daily-choices]').innerText`); !strings.HasPrefix(ch, "How the others decided\n") || !strings.Contains(ch, "Nobody else has played this deal yet.") {
		t.Errorf("e2e: alone, the others' choices say %q", ch)
	}
	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=daily-back]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-challenge=droggn-3] [data-testid=daily-result]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-board] tr[data-name=Ann]`)),
	); err != nil {
		t.Fatalf("e2e: the leaderboard after the challenge: %v", err)
	}
	// Her place of how many, every score with its sign, and nobody else
	// on a deal rather than "0 did better".
	result := evaluate[string](t, ctx, `document.querySelector('[data-challenge=droggn-3] [data-testid=daily-result]').innerText`)
	if !strings.Contains(result, ", place 1 of 1") || strings.Count(result, "nobody else has finished it yet") != daily.Deals || strings.Contains(result, "did better") {
		t.Errorf("e2e: the finished challenge says %q", result)
	}
	for _, bot := range regexp.MustCompile(`bot (\S+):`).FindAllStringSubmatch(result, -1) {
		if bot[1] != "0" && bot[1] != "…" && !strings.HasPrefix(bot[1], "+") && !strings.HasPrefix(bot[1], "−") {
			t.Errorf("e2e: a bot's score without its sign: %q in %q", bot[1], result)
		}
	}

	// The duplicate scores: `trull replay` of each deal's record minus the
	// reference game's score in the seat.
	p, err := bot.New(daily.DefaultBot)
	if err != nil {
		t.Fatal(err)
	}
	trull := buildTrull(t)
	total := 0
	for n := 1; n <= daily.Deals; n++ {
		res, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/%d", base, id, n-1))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		rec, err := game.DecodeRecord(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("e2e: the record of deal %d: %v", n, err)
		}
		if rec.Format == "" {
			t.Fatalf("e2e: the record of deal %d has no format: %s", n, b)
		}
		score := replayScore(t, trull, b)
		ref, err := c.Reference(n, p)
		if err != nil {
			t.Fatal(err)
		}
		total += score[c.Seat()] - ref
	}
	var board struct {
		Rows []struct {
			Name     string `json:"name"`
			Total    int    `json:"total"`
			Complete bool   `json:"complete"`
		} `json:"rows"`
	}
	gametest.Eventually(t, 30*time.Second, "the attempt complete on the leaderboard", func() bool {
		getJSON(t, "GET", base+"/api/daily/droggn-3/"+c.Date+"/leaderboard", &board, [2]string{})
		return len(board.Rows) == 1 && board.Rows[0].Complete
	})
	if len(board.Rows) != 1 || board.Rows[0].Name != "Ann" || !board.Rows[0].Complete || board.Rows[0].Total != total {
		t.Fatalf("e2e: leaderboard %+v, want Ann with %d", board.Rows, total)
	}
	if err := webtest.Within(ctx, chromedp.Navigate(base+"/daily?lang=en&challenge=droggn-3"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-board] tr[data-name=Ann] [data-testid=daily-total]`))); err != nil {
		t.Fatal(err)
	}
	shown := evaluate[string](t, ctx, `document.querySelector('[data-testid=daily-board] tr[data-name=Ann] [data-testid=daily-total]').textContent`)
	if want := signed(total); shown != want {
		t.Fatalf("e2e: the page shows the total %q, want %q", shown, want)
	}
	// Each deal of the finished challenge replays from the Daily page.
	if n := evaluate[int](t, ctx, `document.querySelectorAll('[data-challenge=droggn-3] [data-testid=daily-replay]').length`); n != daily.Deals {
		t.Fatalf("e2e: the finished challenge shows %d replays, want %d", n, daily.Deals)
	}
	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-challenge=droggn-3] [data-deal="2"] [data-testid=daily-replay]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=replay]`))); err != nil {
		t.Fatalf("e2e: replaying deal 2 from the Daily page: %v", err)
	}
	if err := webtest.Within(ctx, chromedp.Navigate(base+"/daily?lang=en&challenge=droggn-3"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-board] tr[data-name=Ann]`))); err != nil {
		t.Fatal(err)
	}
	var refused map[string]any
	if code := getJSON(t, "POST", base+"/api/daily/droggn-3/"+c.Date+"/play", &refused, [2]string{who[0], who[1]}); code != http.StatusConflict || refused["code"] != "daily_done" {
		t.Fatalf("e2e: a second attempt: %d %v", code, refused)
	}
	if n := evaluate[int](t, ctx, `document.querySelectorAll('[data-challenge=droggn-3] [data-testid=daily-play]').length`); n != 0 {
		t.Fatal("e2e: the Daily page offers a finished challenge again")
	}
	webtest.Shot(t, ctx, "daily-desktop.png")

	// On a phone, in German, the same player through the move code.
	phone := webtest.Phone(t, exe)
	if err := webtest.Within(ctx,
		chromedp.Click(chromedp.CSS(`[data-testid=daily-who] button`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-code]`)),
	); err != nil {
		t.Fatal(err)
	}
	code := evaluate[string](t, ctx, `document.querySelector('[data-testid=daily-code]').value`)
	if err := webtest.Within(phone,
		chromedp.Navigate(base+"/?lang=de"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=nav-daily]`)),
	); err != nil {
		t.Fatal(err)
	}
	if w := evaluate[string](t, phone, `document.querySelector('[data-testid=nav-daily]').textContent`); w != "Täglich" {
		t.Fatalf("e2e: the German link to the Daily page says %q", w)
	}
	if err := webtest.Within(phone,
		chromedp.Click(chromedp.CSS(`[data-testid=nav-daily]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-code-input]`)),
	); err != nil {
		t.Fatal(err)
	}
	evaluate[bool](t, phone, fmt.Sprintf(`(() => { const el = document.querySelector('[data-testid=daily-code-input]');
  el.value = %q; el.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, code))
	if err := webtest.Within(phone,
		chromedp.Click(chromedp.CSS(`[data-testid=daily-use]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-name]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-challenge=droggn-3] [data-testid=daily-result]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=daily-board] tr[data-name=Ann]`)),
	); err != nil {
		t.Fatalf("e2e: the move code on the phone: %v", err)
	}
	// The day in the page's words, not the ISO form beside the browser's
	// own date field.
	if w := evaluate[string](t, phone, `document.querySelector('[data-testid=daily-today]').textContent`); !germanToday.MatchString(w) {
		t.Errorf("e2e: the German Daily page names today %q", w)
	}
	webtest.FitsWidth(t, phone, "the Daily page")
	webtest.Shot(t, phone, "daily-phone.png")
}

// germanToday is how the German Daily page names today.
var germanToday = regexp.MustCompile(`^Heute, \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$`)

// signed is the page's way of writing a duplicate score.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "0"
}

// buildTrull builds the trull command into the test's directory.
func buildTrull(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "trull")
	if out, err := exec.Command("go", "build", "-o", bin, "trull/cmd/trull").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// replayScore runs `trull replay` on a hand record and returns the scores
// it prints (docs/FORMAT.md).
func replayScore(t *testing.T, trull string, record []byte) []int {
	t.Helper()
	cmd := exec.Command(trull, "replay", "-")
	cmd.Stdin = bytes.NewReader(record)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("trull replay: %v\n%s", err, out)
	}
	var res struct {
		Complete bool  `json:"complete"`
		Score    []int `json:"score"`
	}
	if err := json.Unmarshal(out, &res); err != nil || !res.Complete {
		t.Fatalf("trull replay: %v: %s", err, out)
	}
	return res.Score
}

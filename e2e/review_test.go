package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
)

// logTrick is one finished trick as the side panel's trick log lists it.
type logTrick struct {
	N      int    `json:"n"`
	Winner int    `json:"winner"`
	Hidden bool   `json:"hidden"`
	Cards  bool   `json:"cards"` // its text names the cards played
	Text   string `json:"text"`
}

// reviewPage is the trick log and the trick area of a table page.
type reviewPage struct {
	Seat     int        `json:"seat"`
	Declarer int        `json:"declarer"`
	Tricks   []logTrick `json:"tricks"`
	// Table is the trick area: a finished trick (Done) or the one being
	// played, its number and the cards on it.
	Done       bool     `json:"done"`
	TableTrick int      `json:"tableTrick"`
	TableCards []string `json:"tableCards"`
}

const reviewJS = `(() => {
  const page = document.querySelector('main.table-page');
  const ol = document.querySelector('[data-testid=tricks-log]');
  const tv = document.querySelector('[data-testid=trick]');
  const lis = ol ? [...ol.querySelectorAll('li')] : [];
  return {
    seat: page ? Number(page.dataset.seat) : -1,
    declarer: ol ? Number(ol.dataset.declarer) : -1,
    tricks: lis.map((li) => ({
      n: Number(li.dataset.trick), winner: Number(li.dataset.winner), hidden: li.dataset.hidden === '1',
      cards: li.textContent.includes(','), text: li.textContent,
    })),
    done: !!tv && tv.classList.contains('done'),
    tableTrick: tv ? Number(tv.dataset.trick) : 0,
    tableCards: tv ? [...tv.querySelectorAll('.played')].map((e) => e.dataset.card) : [],
  };
})()`

func readReview(t *testing.T, ctx context.Context) reviewPage {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[reviewPage](reviewJS))
	if err != nil {
		t.Fatalf("e2e: reading the trick log: %v", err)
	}
	return p
}

// TestReviewRuleInBrowser: a seat sees in the trick log the earlier tricks
// the game's rules let it look back at, with their cards, and the others
// turned down without them — Droggn: its own side's, not the opponents';
// Strohmandeln: its own, and the one just taken by the opponent — and
// the trick just finished, on the table and in the log, also when an
// opponent took it. When the hand is over every trick is shown; at a table
// Created with "open review" (in the create form) every trick is shown
// all along. Bots wait a moment before they act, so that the page shows
// the trick just finished before the next lead. With -update the
// screenshots go to docs/screenshots/ (review-*.png).
func TestReviewRuleInBrowser(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.BotDelay = 400 * time.Millisecond })
	ctx := webtest.Browser(t, exe, 1280, 900)
	games := []struct {
		game    string
		players int
		// own reports whether a trick won by winner is the viewer's side's.
		own func(p reviewPage, winner int) bool
	}{
		{"droggn", 3, func(p reviewPage, w int) bool { return (w == p.Declarer) == (p.Seat == p.Declarer) }},
		{"strohmandeln", 2, func(p reviewPage, w int) bool { return w == p.Seat }},
	}
	for _, g := range games {
		t.Run(g.game, func(t *testing.T) {
			var sawHidden, sawOwn, sawJust, sawEnd, shotLog bool
			check := func(p reviewPage, over bool) {
				for i, tk := range p.Tricks {
					last := i == len(p.Tricks)-1
					switch {
					case tk.N != i+1:
						t.Fatalf("e2e: the trick log's line %d is trick %d", i+1, tk.N)
					case over && (tk.Hidden || !tk.Cards):
						t.Fatalf("e2e: the hand is over, trick %d is still turned down: %q", tk.N, tk.Text)
					case over:
					case !last && g.own(p, tk.Winner) && (tk.Hidden || !tk.Cards):
						t.Fatalf("e2e: seat %d may look back at its side's trick %d, the log turns it down: %q", p.Seat, tk.N, tk.Text)
					case !last && !g.own(p, tk.Winner) && (!tk.Hidden || tk.Cards):
						t.Fatalf("e2e: seat %d may not look back at trick %d of seat %d, the log shows %q", p.Seat, tk.N, tk.Winner, tk.Text)
					case !last && tk.Hidden:
						sawHidden = true
					case !last:
						sawOwn = true
					}
				}
			}
			for try := 0; try < 4 && !(sawHidden && sawOwn && sawJust && sawEnd); try++ {
				tb := webtest.CreateTable(t, base, g.game, g.players)
				webtest.SeatIn(t, ctx, base, tb, "en")
				webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
					p := readReview(t, ctx)
					check(p, s.Result)
					if s.Result {
						if len(p.Tricks) > 0 && !sawEnd {
							sawEnd = true
							webtest.Shot(t, ctx, "review-"+g.game+"-hand-over.png")
						}
						return true
					}
					n := len(p.Tricks)
					if n == 0 {
						return false
					}
					lastTk := p.Tricks[n-1]
					// The trick an opponent just took, before the next lead:
					// on the table and in the log, with its cards.
					if !sawJust && !g.own(p, lastTk.Winner) && p.Done && p.TableTrick == n && len(p.TableCards) == g.players {
						if lastTk.Hidden || !lastTk.Cards {
							t.Fatalf("e2e: the trick just finished is turned down in the log: %q", lastTk.Text)
						}
						sawJust = true
						webtest.Shot(t, ctx, "review-"+g.game+"-just-finished.png")
					}
					if sawHidden && sawOwn && n >= 4 && !p.Done && !shotLog {
						shotLog = true
						webtest.Shot(t, ctx, "review-"+g.game+"-log.png")
					}
					return shotLog && sawJust && sawEnd
				})
			}
			if !sawHidden || !sawOwn || !sawJust || !sawEnd {
				t.Fatalf("e2e: in four hands: an opponent's trick turned down %v, an own trick shown %v, the trick just taken by an opponent shown %v, the tricks of a finished hand %v",
					sawHidden, sawOwn, sawJust, sawEnd)
			}
		})
	}

	// A table created in the form with "open review": every trick shows.
	t.Run("open review", func(t *testing.T) {
		if err := chromedp.Do(ctx,
			chromedp.Navigate(base+"/?lang=en"),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid=create]`)),
		); err != nil {
			t.Fatalf("e2e: opening the lobby: %v", err)
		}
		if err := webtest.SetSelect(ctx, "game", "droggn"); err != nil {
			t.Fatal(err)
		}
		for _, seat := range []string{"bot1", "bot2"} {
			if err := webtest.SetSelect(ctx, seat, "rules"); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Ann"),
			chromedp.Click(chromedp.CSS(`[data-testid=open-review]`)),
		); err != nil {
			t.Fatalf("e2e: ticking open review: %v", err)
		}
		if on, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('[data-testid=open-review]').checked`)); err != nil || !on {
			t.Fatalf("e2e: the open review box is not ticked (%v)", err)
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=open-review]').scrollIntoView({block: 'center'})`)); err != nil {
			t.Fatal(err)
		}
		webtest.Shot(t, ctx, "review-create-form.png")
		if err := chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS(`[data-testid=create]`)),
			chromedp.WaitVisible(chromedp.CSS(`main.table-page`)),
		); err != nil {
			t.Fatalf("e2e: creating the table: %v", err)
		}
		opponents := false
		webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
			p := readReview(t, ctx)
			for _, tk := range p.Tricks {
				if tk.Hidden || !tk.Cards {
					t.Fatalf("e2e: at an open-review table trick %d is turned down: %q", tk.N, tk.Text)
				}
				opponents = opponents || (tk.Winner == p.Declarer) != (p.Seat == p.Declarer)
			}
			if !s.Result && opponents && len(p.Tricks) >= 4 && !p.Done {
				webtest.Shot(t, ctx, "review-open-droggn.png")
				return true
			}
			return s.Result
		})
		if !opponents {
			t.Skip("e2e: the opponents took no trick in this hand")
		}
	})
}

package ondevice

import (
	"io/fs"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"

	"trull/e2e/webtest"
	"trull/internal/server"
	"trull/web"
)

// deploys is the app as a server serves it, with a second build to deploy
// over the first: the second's service worker has another version
// (web/stamp.mjs writes a build's version into it) and its app marks the
// page, so that the test sees which build runs.
type deploys struct {
	app    fs.FS
	second atomic.Bool
	// files are the second build's changed files; it has no compressed
	// copies of them.
	files fstest.MapFS
}

var stamp = regexp.MustCompile(`const VERSION = "([0-9a-f]+)"`)

func newDeploys(t *testing.T) *deploys {
	t.Helper()
	app := web.FS()
	sw, err := fs.ReadFile(app, "sw.js")
	if err != nil {
		t.Fatalf("e2e: the app has no service worker: %v", err)
	}
	m := stamp.FindSubmatch(sw)
	if m == nil {
		t.Fatal("e2e: the service worker carries no build version (web/stamp.mjs)")
	}
	js, err := fs.ReadFile(app, "assets/app.js")
	if err != nil {
		t.Fatal(err)
	}
	return &deploys{app: app, files: fstest.MapFS{
		"sw.js":         {Data: stamp.ReplaceAll(sw, []byte(`const VERSION = "${1}b"`))},
		"assets/app.js": {Data: append(js, "\n;globalThis.trullBuild = \"second\";\n"...)},
	}}
}

// Open serves the first build, or the second once it is deployed.
func (d *deploys) Open(name string) (fs.File, error) {
	if d.second.Load() {
		if _, ok := d.files[name]; ok {
			return d.files.Open(name)
		}
		for _, ext := range []string{".br", ".gz"} {
			if _, ok := d.files[strings.TrimSuffix(name, ext)]; ok && strings.HasSuffix(name, ext) {
				return nil, fs.ErrNotExist
			}
		}
	}
	return d.app.Open(name)
}

// TestUpdatePrompt: a browser that has the app (its service worker keeps
// it) is shown the update banner once a new build is deployed, and keeps
// running the build it has until the banner's button is pressed; then the
// page reloads with the new build, whose worker has taken over and
// dropped the old build's cache.
func TestUpdatePrompt(t *testing.T) {
	exe := webtest.Chromium(t)
	d := newDeploys(t)
	base := webtest.StartServer(t, func(c *server.Config) { c.Static = d })
	ctx := webtest.Browser(t, exe, 1280, 900)
	if err := webtest.Within(ctx,
		chromedp.Navigate(base+"/?lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=create-offline]`)),
	); err != nil {
		t.Fatalf("e2e: opening the lobby: %v", err)
	}
	if err := webtest.WaitFor(ctx, `!!navigator.serviceWorker.controller`, 30*time.Second); err != nil {
		t.Fatalf("e2e: the service worker does not take the page: %v", err)
	}
	caches := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`caches.keys().then((k) => k.filter((n) => n !== 'trull-api').sort().join(' '))`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := caches()
	if !strings.HasPrefix(first, "trull-") || strings.Contains(first, " ") {
		t.Fatalf("e2e: the first build's cache is %q", first)
	}
	build := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(globalThis.trullBuild ?? 'first')`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if b := build(); b != "first" {
		t.Fatalf("e2e: before the deploy the page runs the %s build", b)
	}

	d.second.Store(true)
	// A navigation has the browser look for a new worker.
	if err := webtest.Within(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-testid=create-offline]`))); err != nil {
		t.Fatalf("e2e: reloading after the deploy: %v", err)
	}
	if err := webtest.WaitFor(ctx, `!!document.querySelector('[data-testid=update] button')`, 30*time.Second); err != nil {
		t.Fatalf("e2e: the update banner does not show after a deploy: %v", err)
	}
	if text := webtest.PageText(t, ctx); !strings.Contains(text, "A new version of trull is ready") {
		t.Errorf("e2e: the banner reads:\n%s", text)
	}
	// Until the player loads it, the page keeps the build it has.
	if b := build(); b != "first" {
		t.Errorf("e2e: before the new version is loaded the page runs the %s build", b)
	}
	webtest.Shot(t, ctx, "update-banner.png")

	if err := webtest.Within(ctx, chromedp.Click(chromedp.CSS(`[data-testid=update] button`))); err != nil {
		t.Fatal(err)
	}
	if err := webtest.WaitFor(ctx, `globalThis.trullBuild === 'second' && !!document.querySelector('[data-testid=create-offline]')`, 30*time.Second); err != nil {
		t.Fatalf("e2e: after \"Load it\" the page does not run the new build: %v", err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=update]').length`)); err != nil || n != 0 {
		t.Errorf("e2e: the new build still offers an update (%d, %v)", n, err)
	}
	// The second build's version is the first's with a "b".
	if now := caches(); now != first+"b" {
		t.Errorf("e2e: after the update the caches are %q, want the second build's alone, %q", now, first+"b")
	}
}

package server

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"trull/web"
)

// TestSecurityHeaders: every answer, pages and API alike, carries a strict
// Content-Security-Policy, nosniff and a Referrer-Policy.
func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, Config{Static: web.FS()})
	want := map[string][]string{
		"default-src": {"'self'"},
		// 'wasm-unsafe-eval' compiles the offline engine; no eval of
		// JavaScript.
		"script-src":      {"'self'", "'wasm-unsafe-eval'"},
		"style-src":       {"'self'"},
		"img-src":         {"'self'", "data:"},
		"font-src":        {"'self'"},
		"connect-src":     {"'self'"},
		"object-src":      {"'none'"},
		"base-uri":        {"'none'"},
		"form-action":     {"'self'"},
		"frame-ancestors": {"'none'"},
	}
	paths := []string{"/", "/t/abc?invite=x", "/assets/app.js", "/api/games", "/api/nothing", "/healthz", "/ws/abc"}
	for _, p := range paths {
		resp, err := http.Get(e.ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		got := map[string][]string{}
		for d := range strings.SplitSeq(h.Get("Content-Security-Policy"), ";") {
			f := strings.Fields(d)
			if len(f) > 0 {
				got[f[0]] = f[1:]
			}
		}
		for d, w := range want {
			if !slices.Equal(got[d], w) {
				t.Errorf("%s: CSP %s is %q, want %q", p, d, got[d], w)
			}
		}
		for d, v := range got {
			if want[d] == nil {
				t.Errorf("%s: CSP has %s %q, which nothing asked for", p, d, v)
			}
		}
		if v := h.Get("X-Content-Type-Options"); v != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", p, v)
		}
		if v := h.Get("Referrer-Policy"); v != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", p, v)
		}
	}
}

var (
	scriptTag = regexp.MustCompile(`(?is)<script\b([^>]*)>`)
	srcAttr   = regexp.MustCompile(`(?i)\ssrc\s*=`)
)

// TestBuiltAppFitsCSP: the built app's pages have no inline script, style
// or event handler, which the Content-Security-Policy would block.
func TestBuiltAppFitsCSP(t *testing.T) {
	inline := []struct {
		what string
		re   *regexp.Regexp
	}{
		{"a style element", regexp.MustCompile(`(?i)<style\b`)},
		{"a style attribute", regexp.MustCompile(`(?i)<[^>]*\sstyle\s*=`)},
		{"an event handler attribute", regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)},
		{"a javascript: URL", regexp.MustCompile(`(?i)javascript:`)},
	}
	n := 0
	err := fs.WalkDir(web.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".html") {
			return err
		}
		n++
		b, err := fs.ReadFile(web.FS(), p)
		if err != nil {
			return err
		}
		for _, m := range scriptTag.FindAllSubmatch(b, -1) {
			if !srcAttr.Match(m[1]) {
				t.Errorf("%s has a script without src, which the Content-Security-Policy blocks: %.80s", p, m[0])
			}
		}
		for _, c := range inline {
			if m := c.re.Find(b); m != nil {
				t.Errorf("%s has %s, which the Content-Security-Policy blocks: %.80s", p, c.what, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("the built app has no HTML page")
	}
}

// TestProtocolNamesCSP: docs/PROTOCOL.md quotes the policy the server
// sends, word for word, and names every header securityHeaders sets.
func TestProtocolNamesCSP(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "PROTOCOL.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	if !strings.Contains(doc, "`Content-Security-Policy: "+contentSecurityPolicy+"`") {
		t.Errorf("docs/PROTOCOL.md does not quote the policy sent: %s", contentSecurityPolicy)
	}
	for _, h := range []string{"X-Frame-Options: DENY", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer"} {
		if !strings.Contains(doc, h) {
			t.Errorf("docs/PROTOCOL.md does not name %s", h)
		}
	}
}

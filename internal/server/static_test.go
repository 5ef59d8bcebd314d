package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"trull/web"
)

// TestCompressedApp: the bundle is sent as its precompressed brotli or
// gzip copy when the browser accepts one, with Content-Encoding, Vary and
// the type of the file itself, and the strict Content-Security-Policy.
func TestCompressedApp(t *testing.T) {
	e := newEnv(t, Config{Static: web.FS()})
	plain, err := fs.ReadFile(web.FS(), "assets/app.js")
	if err != nil {
		t.Fatal(err)
	}
	br, err := fs.ReadFile(web.FS(), "assets/app.js.br")
	if err != nil {
		t.Fatalf("the build has no brotli copy: %v", err)
	}
	tests := []struct {
		name   string
		accept string
		enc    string
	}{
		{"brotli first", "gzip, deflate, br", "br"},
		{"gzip only", "gzip", "gzip"},
		{"brotli refused", "br;q=0, gzip;q=0.5", "gzip"},
		{"any", "*", "br"},
		{"nothing", "", ""},
		{"identity only", "identity", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/assets/app.js", nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			e.srv.Handler().ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			h := res.Header
			if got := h.Get("Content-Encoding"); got != tc.enc {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.enc)
			}
			if h.Get("Vary") != "Accept-Encoding" || h.Get("Content-Type") != "text/javascript; charset=utf-8" || h.Get("Content-Security-Policy") == "" || h.Get("ETag") == "" {
				t.Fatalf("headers %v", h)
			}
			body := rec.Body.Bytes()
			switch tc.enc {
			case "br":
				if !bytes.Equal(body, br) {
					t.Fatal("the brotli answer is not the build's brotli copy")
				}
			case "gzip":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
				fallthrough
			default:
				if !bytes.Equal(body, plain) {
					t.Fatal("the answer is not app.js")
				}
			}
		})
	}
	// An unchanged file is not sent again.
	req := httptest.NewRequest("GET", "/assets/app.js", nil)
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	req.Header.Set("If-None-Match", rec.Result().Header.Get("ETag"))
	rec = httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Fatalf("a known ETag got %d, want 304", rec.Code)
	}
}

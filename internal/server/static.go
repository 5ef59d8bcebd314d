// The browser app's files, with their precompressed copies.

package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// handleStatic serves the browser app; paths that are not files (the
// app's own routes such as /t/ID) get index.html.
func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if p == "" {
		p = "index.html"
	}
	if st, err := fs.Stat(s.static, p); err != nil || st.IsDir() {
		if path.Ext(p) != "" && p != "index.html" {
			http.NotFound(w, r)
			return
		}
		p = "index.html"
	}
	// The build keeps gzip and brotli copies beside the larger files
	// (web/compress.mjs): send the best one the browser accepts.
	name := p
	var enc string
	for _, e := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(r.Header.Get("Accept-Encoding"), e.enc) {
			continue
		}
		if st, err := fs.Stat(s.static, p+e.ext); err == nil && !st.IsDir() {
			name, enc = p+e.ext, e.enc
			break
		}
	}
	b, err := fs.ReadFile(s.static, name)
	if err != nil {
		writeError(w, http.StatusNotFound, "the browser app is not built into this binary (web/dist is missing)")
		return
	}
	h := w.Header()
	if _, err := fs.Stat(s.static, p+".gz"); err == nil {
		// A cache must keep the encodings apart.
		h.Add("Vary", "Accept-Encoding")
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	// The file names are fixed (the build is reproducible), so a browser
	// asks again each time and an ETag of the content saves the download.
	h.Set("Cache-Control", "no-cache")
	sum := sha256.Sum256(b)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	// The type of the file itself, not of its compressed copy.
	if path.Ext(p) == ".webmanifest" {
		h.Set("Content-Type", "application/manifest+json")
	} else if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
		h.Set("Content-Type", ct)
	}
	http.ServeContent(w, r, p, time.Time{}, bytes.NewReader(b))
}

// accepts reports whether an Accept-Encoding header accepts the encoding
// enc (named, or by "*", and without q=0).
func accepts(header, enc string) bool {
	ok := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != enc && name != "*" {
			continue
		}
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		if name == enc {
			return q > 0
		}
		ok = q > 0
	}
	return ok
}

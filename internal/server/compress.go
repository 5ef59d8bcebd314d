package server

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// JSON answers of the API are sent gzip-compressed to clients that accept
// it (the static app has its own precompressed copies, static.go). The
// lobby's table list, polled every few seconds, shrinks to about a fifth.

// gzipPool keeps gzip writers between answers: a writer holds about
// 800 KB of state.
var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// compressJSON compresses the JSON answers of /api/ for clients whose
// Accept-Encoding names gzip.
func compressJSON(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || !accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		h.ServeHTTP(gw, r)
	})
}

// gzipWriter compresses the answer when it turns out to be JSON.
type gzipWriter struct {
	http.ResponseWriter
	decided bool
	gz      *gzip.Writer
}

// decide chooses, at the header, whether to compress: JSON with a body
// and no encoding of its own.
func (g *gzipWriter) decide(status int) {
	if g.decided {
		return
	}
	g.decided = true
	hd := g.Header()
	ct := hd.Get("Content-Type")
	if !strings.HasPrefix(ct, "application/json") || hd.Get("Content-Encoding") != "" ||
		status == http.StatusNoContent || status == http.StatusNotModified || status < 200 {
		return
	}
	hd.Set("Content-Encoding", "gzip")
	hd.Del("Content-Length")
	g.gz = gzipPool.Get().(*gzip.Writer)
	g.gz.Reset(g.ResponseWriter)
}

func (g *gzipWriter) WriteHeader(status int) {
	g.decide(status)
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

// Flush sends what is written so far (server-sent events need it).
func (g *gzipWriter) Flush() {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		g.gz.Flush()
	}
	if f, ok := g.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

func (g *gzipWriter) close() {
	if g.gz == nil {
		return
	}
	g.gz.Close()
	g.gz.Reset(nil)
	gzipPool.Put(g.gz)
	g.gz = nil
}

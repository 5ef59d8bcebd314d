package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"os"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"trull/internal/store"
)

// Several servers on one PostgreSQL database share the tables: each table
// is owned by the server holding its lock, and only the owner runs it. Any
// server accepts any table's WebSocket and claim: a request that reaches a
// server that does not own the table is forwarded, WebSocket and all, to
// the owner's advertised address (the store records it with the lock). A
// table nobody owns is loaded where the request arrives, so when an owner
// dies its tables move to the first server a player reconnects to, as soon
// as PostgreSQL has ended the dead server's session.

// forwardedBy marks a forwarded request with the forwarding server's
// address; a forwarded request is never forwarded again.
const forwardedBy = "Trull-Forwarded-By"

// forwardFor is how long a request waits for a table's owner to become
// reachable or its lock to become free before it is answered as before
// (a WebSocket closed with 1013, a claim with 503).
const forwardFor = 10 * time.Second

// forwarder is the state of forwarding; owners is nil on a store that
// serves one server (SQLite).
type forwarder struct {
	owners    store.Owners
	addr      atomic.Pointer[string]
	transport *http.Transport
	count     *prometheus.CounterVec
}

// self returns the address this server advertised ("" before it did).
func (f *forwarder) self() string {
	if p := f.addr.Load(); p != nil {
		return *p
	}
	return ""
}

// forwarding wraps the routes so that the requests about one table (its
// WebSockets and claims) reach the table's owner.
func (s *Server) forwarding(next http.Handler) http.Handler {
	owners, ok := s.store.(store.Owners)
	if !ok {
		return next
	}
	s.fwd.owners = owners
	s.fwd.transport = &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second, KeepAlive: 15 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 32,
		IdleConnTimeout:     90 * time.Second,
	}
	s.fwd.count = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "trull_forwarded_total",
		Help: "Requests about a table another server owns, forwarded to the owner, by kind (ws, claim) and result (ok, unreachable)."},
		[]string{"kind", "result"})
	s.metrics.reg.MustRegister(s.fwd.count)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws/{id}", func(w http.ResponseWriter, r *http.Request) { s.forward(w, r, "ws", next) })
	mux.HandleFunc("POST /api/tables/{id}/claim", func(w http.ResponseWriter, r *http.Request) { s.forward(w, r, "claim", next) })
	mux.Handle("/", next)
	return mux
}

// advertise records addr with this server's table locks.
func (s *Server) advertise(ctx context.Context, addr string) error {
	if s.fwd.owners == nil || addr == "" {
		return nil
	}
	if err := s.fwd.owners.Advertise(ctx, addr); err != nil {
		return fmt.Errorf("server: advertising %s: %w", addr, err)
	}
	s.fwd.addr.Store(&addr)
	s.log.Info("advertised to the other servers", "addr", addr)
	return nil
}

// listenAdvertise is the address to advertise for a bound listener: an
// unspecified host (":8080", "0.0.0.0:8080") becomes the host name.
func listenAdvertise(bound string) string {
	host, port, err := net.SplitHostPort(bound)
	if err != nil {
		return bound
	}
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
		if h, err := os.Hostname(); err == nil && h != "" {
			host = h
		}
	}
	return net.JoinHostPort(host, port)
}

// forward serves a request about table {id}: here when this server owns
// the table or can take it, else at its owner. While the owner's lock is
// held, the request goes there; when the owner cannot be reached (it is
// dying) or its lock was just let go, the request waits a little and
// tries again, taking the table over once PostgreSQL has freed its lock.
func (s *Server) forward(w http.ResponseWriter, r *http.Request, kind string, next http.Handler) {
	if r.Header.Get(forwardedBy) != "" {
		next.ServeHTTP(w, r)
		return
	}
	var body []byte
	if r.Method == http.MethodPost {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			writeError(w, http.StatusBadRequest, "the request body did not arrive")
			return
		}
		body = b
	}
	rewind := func() {
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
		}
	}
	id := r.PathValue("id")
	deadline := time.Now().Add(forwardFor)
	for delay := 20 * time.Millisecond; ; delay = min(2*delay, 500*time.Millisecond) {
		_, err := s.table(r.Context(), id)
		if !errors.Is(err, store.ErrLocked) {
			break // loaded here, or an error the handler reports
		}
		addr, err := s.fwd.owners.Owner(r.Context(), id)
		if err == nil {
			if addr == "" || addr == s.fwd.self() {
				break // an owner that cannot be reached by address
			}
			rewind()
			if s.proxy(w, r, addr, kind) {
				return
			}
		} else if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("finding a table's owner failed", "table", id, "err", err)
			break
		}
		if time.Now().Add(delay).After(deadline) {
			break
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(delay):
		}
	}
	rewind()
	next.ServeHTTP(w, r)
}

// proxy forwards r to the server at addr. It returns false, having written
// nothing, when that server could not be reached. A request is counted
// once the owner has answered it, so a forwarded WebSocket is counted when
// it opens, not when it closes.
func (s *Server) proxy(w http.ResponseWriter, r *http.Request, addr, kind string) bool {
	var failed error
	answered := false
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(&url.URL{Scheme: "http", Host: addr})
			pr.Out.Host = pr.In.Host // the owner checks Origin against it
			pr.SetXForwarded()
			pr.Out.Header.Set(forwardedBy, s.fwd.self())
		},
		Transport: s.fwd.transport,
		// Called with the owner's answer, before any of it is written
		// to w (an upgrade's too).
		ModifyResponse: func(*http.Response) error {
			answered = true
			s.fwd.count.WithLabelValues(kind, "ok").Inc()
			return nil
		},
		ErrorHandler: func(_ http.ResponseWriter, _ *http.Request, err error) { failed = err },
		ErrorLog:     slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	rp.ServeHTTP(w, r)
	if failed != nil && !answered {
		s.fwd.count.WithLabelValues(kind, "unreachable").Inc()
		s.log.Info("the owner of a table cannot be reached", "table", r.PathValue("id"), "owner", addr, "err", failed)
		return false
	}
	return true
}

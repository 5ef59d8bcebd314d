package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"trull/internal/game"
	"trull/internal/loadgen"
	"trull/internal/sitting"
	"trull/internal/store"
	"trull/internal/store/postgres"
	"trull/internal/store/sqlite"
)

// placeholder is the static app of the tests (web/ is built elsewhere).
var placeholder = fstest.MapFS{
	"index.html":         {Data: []byte("<!doctype html><title>trull</title><p>placeholder</p>")},
	"assets/app-1a2b.js": {Data: []byte("console.log('trull')")},
}

// testEnv is a server on a loopback listener.
type testEnv struct {
	t   testing.TB
	srv *Server
	ts  *httptest.Server
	db  string
	cfg Config
	// mem, when set, is the in-memory listener of a server in a synctest
	// bubble (inBubble).
	mem *memListener
}

var seedCounter atomic.Int64

// newEnv starts a server on a fresh SQLite file.
func newEnv(t testing.TB, cfg Config) *testEnv {
	t.Helper()
	return newEnvOn(t, filepath.Join(t.TempDir(), "trull.db"), cfg)
}

// newEnvOn starts a server on db: an SQLite file or a postgres:// URL.
func newEnvOn(t testing.TB, db string, cfg Config) *testEnv {
	t.Helper()
	return newEnvWith(t, db, cfg, nil)
}

// newEnvWith starts a server on db, listening on mem when it is set and on
// a loopback port otherwise.
func newEnvWith(t testing.TB, db string, cfg Config, mem *memListener) *testEnv {
	t.Helper()
	if cfg.Static == nil {
		cfg.Static = placeholder
	}
	if cfg.Logger == nil {
		cfg.Logger = testLogger()
	}
	if cfg.seeds == nil {
		cfg.seeds = func() string { return fmt.Sprintf("test-seed-%d", seedCounter.Add(1)) }
	}
	if cfg.PostRate == 0 {
		cfg.PostRate = -1
	}
	if cfg.MaxConnsPerAddr == 0 {
		cfg.MaxConnsPerAddr = -1 // every test client comes from loopback
	}
	if cfg.MaxConnsPerNet == 0 {
		cfg.MaxConnsPerNet = -1
	}
	if cfg.MaxConns == 0 {
		cfg.MaxConns = -1
	}
	if cfg.MaxTables == 0 {
		cfg.MaxTables = -1
	}
	// Every test client comes from loopback and most create tables they
	// never sit at.
	if cfg.MaxEmptyPerAddr == 0 {
		cfg.MaxEmptyPerAddr = -1
	}
	if cfg.MaxEmptyPerNet == 0 {
		cfg.MaxEmptyPerNet = -1
	}
	if cfg.MaxEmpty == 0 {
		cfg.MaxEmpty = -1
	}
	if cfg.HintBot == "" {
		cfg.HintBot = "rules" // hints only help random test clients discard
	}
	if cfg.MsgRate == 0 {
		cfg.MsgRate = 10000 // test clients play faster than people
	}
	e := &testEnv{t: t, db: db, cfg: cfg, mem: mem}
	e.start()
	t.Cleanup(e.stop)
	return e
}

// runIn is a request that runs test code in the table's goroutine.
type runIn func(*table)

func (f runIn) serve(t *table) { f(t) }

// openTestStore opens db: a postgres:// URL or an SQLite file.
func openTestStore(db string) (store.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(context.Background(), db)
	}
	return sqlite.Open(context.Background(), db)
}

func testLogger() *slog.Logger {
	if os.Getenv("TRULL_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func (e *testEnv) start() {
	e.t.Helper()
	st, err := openTestStore(e.db)
	if err != nil {
		e.t.Fatal(err)
	}
	srv, err := New(context.Background(), e.cfg, st)
	if err != nil {
		e.t.Fatal(err)
	}
	e.srv = srv
	e.ts = httptest.NewUnstartedServer(srv.Handler())
	if e.mem != nil {
		e.mem = newMemListener() // the last server closed its own
		e.ts.Listener = e.mem
	}
	e.ts.Start()
}

func (e *testEnv) stop() {
	if e.srv == nil {
		return
	}
	e.ts.CloseClientConnections()
	e.srv.Close()
	e.ts.Close()
	e.srv = nil
}

// restart stops the server and starts a new one on the same database.
func (e *testEnv) restart() {
	e.t.Helper()
	e.stop()
	e.start()
}

// do sends a JSON request and decodes a JSON answer into out.
func (e *testEnv) do(method, path string, body any, out any) int {
	e.t.Helper()
	return e.request(method, path, body, out, nil)
}

// request is do with extra headers.
func (e *testEnv) request(method, path string, body any, out any, headers map[string]string) int {
	e.t.Helper()
	return requestWith(e.t, e.httpClient(), method, e.ts.URL+path, body, out, headers)
}

// requestAt sends a JSON request to url with headers and decodes a JSON
// answer into out.
func requestAt(t testing.TB, method, url string, body any, out any, headers map[string]string) int {
	t.Helper()
	return requestWith(t, http.DefaultClient, method, url, body, out, headers)
}

// requestWith is requestAt with the HTTP client hc.
func requestWith(t testing.TB, hc *http.Client, method, url string, body any, out any, headers map[string]string) int {
	t.Helper()
	var rd io.Reader
	if raw, ok := body.(json.RawMessage); ok {
		rd = bytes.NewReader(raw)
	} else if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

// create makes a table and fails the test on an error.
func (e *testEnv) create(req map[string]any) createResp {
	e.t.Helper()
	var out createResp
	if code := e.do("POST", "/api/tables", req, &out); code != http.StatusCreated {
		e.t.Fatalf("create %v: status %d", req, code)
	}
	return out
}

// claim takes an invite's seat.
func (e *testEnv) claim(id, inviteURL, name string) claimResp {
	e.t.Helper()
	u := inviteURL[strings.Index(inviteURL, "invite=")+len("invite="):]
	var out claimResp
	if code := e.do("POST", "/api/tables/"+id+"/claim", map[string]any{"invite": u, "name": name}, &out); code != http.StatusOK {
		e.t.Fatalf("claim: status %d", code)
	}
	return out
}

// tState is a state message as a client reads it.
type tState struct {
	Type  string `json:"type"`
	Seq   int64  `json:"seq"`
	Ack   *int64 `json:"ack"`
	You   int    `json:"you"`
	Host  bool   `json:"host"`
	Table struct {
		ID         string             `json:"id"`
		State      string             `json:"state"`
		Seats      []seatInfo         `json:"seats"`
		Played     int                `json:"played"`
		Sheet      []sitting.Row      `json:"sheet"`
		Totals     []int              `json:"totals"`
		Settlement sitting.Settlement `json:"settlement"`
		AutoBot    bool               `json:"auto_bot"`
		Hints      bool               `json:"hints"`
		OpenReview bool               `json:"open_review"`
		// VariantTitle names the variant for people.
		VariantTitle game.Words `json:"variant_title"`
		Started      bool       `json:"started"`
		TurnClockMs  int64      `json:"turn_clock_ms"`
		TurnLeftMs   *int64     `json:"turn_left_ms"`
	} `json:"table"`
	Hand  int               `json:"hand"`
	Step  int               `json:"step"`
	Done  bool              `json:"done"`
	View  json.RawMessage   `json:"view"`
	Model json.RawMessage   `json:"model"`
	Legal []json.RawMessage `json:"legal"`
}

// tMsg is any server message.
type tMsg struct {
	Type   string      `json:"type"`
	Error  string      `json:"error"`
	Code   string      `json:"code"`
	Params game.Params `json:"params"`
	Seq    *int64      `json:"seq"`
	Text   string      `json:"text"`
	Seat   int         `json:"seat"` // of a chat line or an "invite"
	Hints  []hint      `json:"hints"`
	URL    string      `json:"url"`  // "invite"
	Move   bool        `json:"move"` // "invite"
	raw    []byte      // the whole message
	state  *tState     // for "state"
}

// client is a WebSocket client of a table.
type client struct {
	t      testing.TB
	ws     *websocket.Conn
	in     chan tMsg
	wake   chan struct{} // a token when a message came (awaitAny)
	closed chan struct{}
	err    error
	last   *tState
	seq    int64
	// all, when set, receives every raw message (leak test).
	all func(raw []byte)
}

// dial connects to a table: query is "token=…" or "spectate=1".
func (e *testEnv) dial(id, query string, all func([]byte)) *client {
	e.t.Helper()
	return e.dialT(e.t, id, query, all)
}

// dialT is dial for a subtest t.
func (e *testEnv) dialT(t testing.TB, id, query string, all func([]byte)) *client {
	t.Helper()
	c, err := e.tryDial(t, id, query, all)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (e *testEnv) tryDial(t testing.TB, id, query string, all func([]byte)) (*client, error) {
	return dialWith(t, e.httpClient(), e.ts.URL, id, query, all)
}

// dialURL connects to table id of the server at base (http://host:port).
func dialURL(t testing.TB, base, id, query string, all func([]byte)) (*client, error) {
	return dialWith(t, http.DefaultClient, base, id, query, all)
}

// dialWith connects to table id of the server at base with the HTTP client hc.
func dialWith(t testing.TB, hc *http.Client, base, id, query string, all func([]byte)) (*client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(base, "http") + "/ws/" + id + "?" + query
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(4 << 20)
	c := &client{t: t, ws: ws, in: make(chan tMsg, 1024), wake: make(chan struct{}, 1), closed: make(chan struct{}), all: all}
	go c.reader()
	t.Cleanup(func() { ws.CloseNow() })
	return c, nil
}

func (c *client) reader() {
	defer close(c.closed)
	for {
		_, data, err := c.ws.Read(context.Background())
		if err != nil {
			c.err = err
			return
		}
		if c.all != nil {
			c.all(data)
		}
		var m tMsg
		if err := json.Unmarshal(data, &m); err != nil {
			c.err = err
			return
		}
		m.raw = data
		if m.Type == "state" {
			var st tState
			json.Unmarshal(data, &st)
			m.state = &st
		}
		c.in <- m
		select {
		case c.wake <- struct{}{}:
		default:
		}
	}
}

// awaitAny waits until a message has come to one of the clients since it
// last waited (it may have been read already), failing after 20 s: the
// pace of a loop that moves whichever player may move.
func awaitAny(t testing.TB, cs ...*client) {
	t.Helper()
	cases := make([]reflect.SelectCase, 0, len(cs)+1)
	for _, c := range cs {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.wake)})
	}
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(time.After(20 * time.Second))})
	if i, _, _ := reflect.Select(cases); i == len(cs) {
		t.Fatal("no message came to any player in 20 s")
	}
}

// inTable runs f in the goroutine of table id (loading it if need be) and
// waits for it.
func (e *testEnv) inTable(id string, f func(*table)) {
	e.t.Helper()
	err := e.srv.withTable(context.Background(), id, func(tt *table) error {
		done := make(chan struct{})
		tt.send(context.Background(), runIn(func(x *table) { f(x); close(done) }))
		<-done
		return nil
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

// loadedTables returns the number of tables the server holds in memory.
func (e *testEnv) loadedTables() int {
	e.srv.mu.Lock()
	defer e.srv.mu.Unlock()
	return len(e.srv.tables)
}

// send writes a message with the next seq and returns the seq.
func (c *client) send(m map[string]any) int64 {
	c.t.Helper()
	c.seq++
	m["seq"] = c.seq
	b, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
	return c.seq
}

// next returns the next message, failing after d.
func (c *client) next(d time.Duration) tMsg {
	c.t.Helper()
	select {
	case m := <-c.in:
		if m.state != nil {
			c.last = m.state
		}
		return m
	case <-c.closed:
		// Drain what came before the close.
		select {
		case m := <-c.in:
			if m.state != nil {
				c.last = m.state
			}
			return m
		default:
		}
		c.t.Fatalf("connection closed: %v", c.err)
	case <-time.After(d):
		c.t.Fatalf("no message within %v", d)
	}
	return tMsg{}
}

// waitFor reads messages until f accepts one.
func (c *client) waitFor(what string, f func(tMsg) bool) tMsg {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		m := c.next(time.Until(deadline))
		if f(m) {
			return m
		}
	}
	c.t.Fatalf("timed out waiting for %s", what)
	return tMsg{}
}

// state waits for a state message.
func (c *client) state() *tState {
	c.t.Helper()
	return c.waitFor("a state", func(m tMsg) bool { return m.state != nil }).state
}

// latest returns the newest state received so far, waiting only for the
// first one.
func (c *client) latest() *tState {
	c.t.Helper()
	if c.last == nil {
		return c.state()
	}
	for {
		select {
		case m := <-c.in:
			if m.state != nil {
				c.last = m.state
			}
		default:
			return c.last
		}
	}
}

// closeCode waits for the server to close the connection and returns the code.
func (c *client) closeCode() websocket.StatusCode {
	c.t.Helper()
	select {
	case <-c.closed:
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not close the connection")
	}
	return websocket.CloseStatus(c.err)
}

// pickAction picks a legal action at random, as the load generator does.
func pickAction(rng *rand.Rand, legal []json.RawMessage) map[string]any {
	return loadgen.PickAction(rng, legal)
}

// answer waits for the state that acknowledges seq, or the error about it.
func (c *client) answer(seq int64) tMsg {
	c.t.Helper()
	return c.waitFor("an answer", func(m tMsg) bool {
		return (m.state != nil && m.state.Ack != nil && *m.state.Ack == seq) ||
			((m.Type == "error" || m.Type == "hint") && m.Seq != nil && *m.Seq == seq)
	})
}

// playUntil plays the client's seat with random legal actions (a refused
// random discard is replaced by the hint bot's) until stop says so.
func (c *client) playUntil(rng *rand.Rand, stop func(*tState) bool) *tState {
	c.t.Helper()
	st := c.last
	if st == nil {
		st = c.state()
	}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		if stop(st) {
			return st
		}
		switch {
		case st.Done && st.Table.State != store.StatusOver:
			m := c.answer(c.send(map[string]any{"type": "next"}))
			if m.state == nil {
				st = c.state() // another player dealt first
				continue
			}
			st = m.state
		case len(st.Legal) > 0:
			a := pickAction(rng, st.Legal)
			m := c.answer(c.send(map[string]any{"type": "act", "action": a}))
			if m.Type == "error" {
				if a["act"] != "discard" {
					c.t.Fatalf("legal action %v refused: %s", a, m.Error)
				}
				h := c.answer(c.send(map[string]any{"type": "hint"}))
				if len(h.Hints) == 0 {
					c.t.Fatalf("no hint: %s", h.raw)
				}
				b, _ := json.Marshal(h.Hints[0].Action)
				var ha map[string]any
				json.Unmarshal(b, &ha)
				delete(ha, "seat")
				m = c.answer(c.send(map[string]any{"type": "act", "action": ha}))
				if m.state == nil {
					c.t.Fatalf("the hint %v was refused: %s", ha, m.Error)
				}
			}
			st = m.state
		default:
			st = c.state()
		}
	}
	c.t.Fatal("the sitting did not reach its goal in time")
	return nil
}

func contextTimeout() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// httptestGet runs one GET on a handler and returns the body.
func httptestGet(h http.Handler, path string) string {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Body.String()
}

// leave reads the first state, so that the table has the person joined,
// and closes the connection: the person has come and gone.
func (c *client) leave() {
	c.t.Helper()
	c.state()
	c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.closed
}

// Package loadgen is the load generator of `trull load` and of the
// server's load test: many Droggn tables, each with two simulated people
// and a rules bot, played over a server's public API and WebSockets
// (docs/PROTOCOL.md) from this process, so that it can run beside the
// server, in it (tests), or on another machine.
//
// Each person answers its turn after a thinking time; the report gives the
// tables that kept playing, the actions per second, and the latency from
// one person's action to the other person's update (p50, p99, max).
package loadgen

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// seaters is how many tables are seated at once.
const seaters = 16

// Config is one load run.
type Config struct {
	// URL is the server's base address, e.g. http://127.0.0.1:8080.
	URL string
	// Tables is the number of tables to play (each: two people, one bot).
	Tables int
	// Duration is how long the measurement lasts, after every table is
	// seated and a first thinking time has passed.
	Duration time.Duration
	// Think is a simulated person's mean thinking time (each answer takes
	// 0.5 to 1.5 times it).
	Think time.Duration
	// TurnClock is the tables' turn clock in seconds (0: none).
	TurnClock int
	// Sources spreads the connections over this many loopback source
	// addresses from 127.0.0.2 on (0 or 1: the system's choice), so that a
	// server's per-address limits see many clients; only for a server on
	// loopback.
	Sources int
	// Compress asks for permessage-deflate, as browsers do.
	Compress bool
	// Game is the game of the tables (default droggn; its first two seats
	// are people, the others bots).
	Game string
	// Seed makes the people's choices reproducible.
	Seed uint64
	// Bot plays the seats after the two people's (default rules): a
	// search level shows what its decisions cost the server.
	Bot string
}

// Report is what a load run measured.
type Report struct {
	Tables     int           `json:"tables"`
	Held       int           `json:"held"` // tables that kept playing to the end
	WebSockets int           `json:"websockets"`
	Setup      time.Duration `json:"setup_ns"`
	Elapsed    time.Duration `json:"elapsed_ns"`
	Actions    float64       `json:"actions_per_s"` // people's accepted actions
	States     float64       `json:"states_per_s"`  // state messages received
	BytesIn    float64       `json:"bytes_per_s"`   // received on the wire
	Samples    int           `json:"samples"`
	P50        time.Duration `json:"p50_ns"`
	P99        time.Duration `json:"p99_ns"`
	Max        time.Duration `json:"max_ns"`
	Errors     int64         `json:"errors"`
	FirstError string        `json:"first_error,omitempty"`
	// Seconds are the measurement's seconds one by one, by when the update
	// arrived: where a slow 99th percentile comes from, a few stalls or a
	// steady queue.
	Seconds []Second `json:"seconds"`
}

// Second is one second of a run's measurement.
type Second struct {
	Samples int           `json:"samples"`
	P50     time.Duration `json:"p50_ns"`
	P99     time.Duration `json:"p99_ns"`
	Max     time.Duration `json:"max_ns"`
}

// Worst returns the index of the second with the longest latency (-1
// when there is none).
func (r Report) Worst() int {
	w := -1
	for i, s := range r.Seconds {
		if s.Samples > 0 && (w < 0 || s.Max > r.Seconds[w].Max) {
			w = i
		}
	}
	return w
}

// Slow counts the seconds whose own 99th percentile is above d.
func (r Report) Slow(d time.Duration) int {
	n := 0
	for _, s := range r.Seconds {
		if s.P99 > d {
			n++
		}
	}
	return n
}

// String is the report in one line.
func (r Report) String() string {
	s := fmt.Sprintf("load: %d tables (%d held, %d WebSockets), setup %v; over %v: %.0f actions/s by people, %.0f state messages/s, %.1f MB/s received; "+
		"latency action → other seat's update: p50 %v, p99 %v, max %v (%d samples), %d errors",
		r.Tables, r.Held, r.WebSockets, r.Setup.Round(time.Millisecond), r.Elapsed.Round(time.Millisecond),
		r.Actions, r.States, r.BytesIn/1e6, r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond),
		r.Max.Round(10*time.Microsecond), r.Samples, r.Errors)
	if r.FirstError != "" {
		s += " (e.g. " + r.FirstError + ")"
	}
	if w := r.Worst(); w >= 0 {
		s += fmt.Sprintf("; %d of %d seconds with a p99 over 50ms, the worst second %d (p99 %v, max %v)",
			r.Slow(50*time.Millisecond), len(r.Seconds), w+1, r.Seconds[w].P99.Round(10*time.Microsecond), r.Seconds[w].Max.Round(10*time.Microsecond))
	}
	return s
}

// stats collects the measurements of a run.
type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	at        []time.Duration // when each latency was measured, from t0
	t0        time.Time
	actions   atomic.Int64
	states    atomic.Int64
	errors    atomic.Int64
	firstErr  atomic.Value
	measuring atomic.Bool
}

func (s *stats) fail(err string) {
	s.errors.Add(1)
	s.firstErr.CompareAndSwap(nil, err)
}

func (s *stats) latency(d time.Duration) {
	if !s.measuring.Load() {
		return
	}
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.at = append(s.at, time.Since(s.t0))
	s.mu.Unlock()
}

// tab is one table's shared measurement state.
type tab struct {
	mu      sync.Mutex
	sent    time.Time // when a person sent an action the other has not seen yet
	sentBy  int
	sentSeq int64        // the table's seq the sender had seen
	active  atomic.Int64 // unix ms of the last state seen
}

// Run plays cfg's tables against the server and reports. It stops when
// ctx ends or the measurement is over.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if cfg.Tables <= 0 || cfg.Duration <= 0 || cfg.Think <= 0 {
		return Report{}, errors.New("loadgen: tables, duration and think must be positive")
	}
	if cfg.Game == "" {
		cfg.Game = "droggn"
	}
	base := strings.TrimSuffix(cfg.URL, "/")
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
		return Report{}, fmt.Errorf("loadgen: the server's URL %q is not http:// or https://", cfg.URL)
	}
	clients, err := sourceClients(cfg.Sources)
	if err != nil {
		return Report{}, err
	}
	seats, err := minSeats(ctx, clients[0].http, base, cfg.Game)
	if err != nil {
		return Report{}, err
	}
	st := &stats{}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	tabs := make([]*tab, cfg.Tables)
	start := time.Now()
	// Tables are seated by several workers at once: one at a time, each
	// create waits for its durable write, and thousands take minutes.
	seat := func(i int) error {
		hc := clients[i%len(clients)]
		tokens, id, err := seatTable(ctx, hc.http, base, cfg, seats)
		if err != nil {
			return fmt.Errorf("loadgen: table %d: %w", i, err)
		}
		tabs[i] = &tab{}
		for seat, tok := range tokens {
			opts := &websocket.DialOptions{HTTPClient: hc.ws}
			if cfg.Compress {
				opts.CompressionMode = websocket.CompressionNoContextTakeover
			}
			ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+id, opts)
			if err != nil {
				return fmt.Errorf("loadgen: table %d seat %d: %w", i, seat, err)
			}
			ws.SetReadLimit(4 << 20)
			p := &person{seat: seat, ws: ws, tab: tabs[i], st: st, think: cfg.Think,
				rng: rand.New(rand.NewPCG(cfg.Seed+uint64(i), uint64(seat)))}
			if err := p.write(ctx, map[string]any{"type": "join", "token": tok, "view": false, "delta": true, "model_patch": true}); err != nil {
				ws.CloseNow()
				return fmt.Errorf("loadgen: table %d seat %d: %w", i, seat, err)
			}
			// The reads wait without a context, each of which would cost a
			// registration per message: the socket is closed when ctx ends.
			stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer ws.CloseNow()
				defer stop()
				p.run(ctx)
			}()
		}
		return nil
	}
	next := make(chan int)
	errs := make(chan error, seaters)
	var seating sync.WaitGroup
	for range seaters {
		seating.Go(func() {
			for i := range next {
				if err := seat(i); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	var seatErr error
feed:
	for i := range cfg.Tables {
		select {
		case next <- i:
		case seatErr = <-errs:
			break feed
		}
	}
	close(next)
	seating.Wait()
	if seatErr == nil {
		select {
		case seatErr = <-errs:
		default:
		}
	}
	if seatErr != nil {
		return Report{}, seatErr
	}
	setup := time.Since(start)
	// Measure only after every table is seated and has had a turn.
	select {
	case <-time.After(2 * cfg.Think):
	case <-ctx.Done():
		return Report{}, ctx.Err()
	}
	st.mu.Lock()
	st.t0 = time.Now()
	st.mu.Unlock()
	st.measuring.Store(true)
	a0, s0, b0 := st.actions.Load(), st.states.Load(), bytesIn(clients)
	t0 := time.Now()
	select {
	case <-time.After(cfg.Duration):
	case <-ctx.Done():
		return Report{}, ctx.Err()
	}
	elapsed := time.Since(t0)
	st.measuring.Store(false)
	r := Report{Tables: cfg.Tables, WebSockets: 2 * cfg.Tables, Setup: setup, Elapsed: elapsed,
		Actions: float64(st.actions.Load()-a0) / elapsed.Seconds(),
		States:  float64(st.states.Load()-s0) / elapsed.Seconds(),
		BytesIn: float64(bytesIn(clients)-b0) / elapsed.Seconds(),
		Errors:  st.errors.Load()}
	for _, tb := range tabs {
		if time.Since(time.UnixMilli(tb.active.Load())) < 5*cfg.Think+time.Second {
			r.Held++
		}
	}
	if e, ok := st.firstErr.Load().(string); ok {
		r.FirstError = e
	}
	st.mu.Lock()
	lat, at := slices.Clone(st.latencies), slices.Clone(st.at)
	st.mu.Unlock()
	secs := make([][]time.Duration, int(elapsed/time.Second)+1)
	for i, d := range lat {
		k := min(int(at[i]/time.Second), len(secs)-1)
		secs[k] = append(secs[k], d)
	}
	r.Samples, r.P50, r.P99, r.Max = quantiles(lat)
	for _, ds := range secs {
		var s Second
		s.Samples, s.P50, s.P99, s.Max = quantiles(ds)
		r.Seconds = append(r.Seconds, s)
	}
	return r, nil
}

// quantiles sorts ds and returns its count, median, 99th percentile and
// maximum.
func quantiles(ds []time.Duration) (n int, p50, p99, most time.Duration) {
	if len(ds) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(ds)
	return len(ds), ds[len(ds)/2], ds[int(0.99*float64(len(ds)-1))], ds[len(ds)-1]
}

// client is one source address's HTTP client for the API and for
// WebSockets (which need a transport of their own: they keep their
// connection).
type client struct {
	http, ws *http.Client
	read     *atomic.Int64
}

func bytesIn(cs []client) int64 {
	var n int64
	for _, c := range cs {
		n += c.read.Load()
	}
	return n
}

// sourceClients makes the clients of n loopback source addresses.
func sourceClients(n int) ([]client, error) {
	if n <= 1 {
		return []client{newClient(nil)}, nil
	}
	if n > 60000 {
		return nil, fmt.Errorf("loadgen: %d source addresses; at most 60000", n)
	}
	out := make([]client, n)
	a := netip.MustParseAddr("127.0.0.2")
	for i := range out {
		out[i] = newClient(net.TCPAddrFromAddrPort(netip.AddrPortFrom(a, 0)))
		a = a.Next()
	}
	return out, nil
}

func newClient(local *net.TCPAddr) client {
	var read atomic.Int64
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Timeout: 30 * time.Second}
		if local != nil {
			d.LocalAddr = local
		}
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{c, &read}, nil
	}
	api := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 4}}
	ws := &http.Client{Transport: &http.Transport{DialContext: dial}}
	return client{http: api, ws: ws, read: &read}
}

// countingConn counts the bytes read from the network.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// minSeats asks the server (GET /api/games) for the fewest seats of game.
func minSeats(ctx context.Context, hc *http.Client, base, game string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/games", nil)
	if err != nil {
		return 0, err
	}
	res, err := hc.Do(req)
	if err != nil {
		return 0, fmt.Errorf("loadgen: the server's games: %w", err)
	}
	defer res.Body.Close()
	var games []struct {
		Name     string `json:"name"`
		MinSeats int    `json:"min_seats"`
	}
	if err := json.NewDecoder(res.Body).Decode(&games); err != nil {
		return 0, fmt.Errorf("loadgen: the server's games: %w", err)
	}
	for _, g := range games {
		if g.Name == game {
			return max(g.MinSeats, 2), nil
		}
	}
	return 0, fmt.Errorf("loadgen: the server has no game %q", game)
}

// seatTable creates a table of seats seats whose first two are people
// and the others cfg.Bot's, and claims the second; it returns both seat
// tokens and the table's ID.
func seatTable(ctx context.Context, hc *http.Client, base string, cfg Config, seats int) ([]string, string, error) {
	bots := []string{"", ""}
	for len(bots) < seats {
		bots = append(bots, cmp.Or(cfg.Bot, "rules"))
	}
	var created struct {
		ID        string `json:"id"`
		SeatToken string `json:"seat_token"`
		Invites   []struct {
			URL string `json:"url"`
		} `json:"invites"`
	}
	req := map[string]any{"game": cfg.Game, "bots": bots, "name": "A", "turn_clock": cfg.TurnClock, "hints": false}
	if err := post(ctx, hc, base+"/api/tables", req, &created); err != nil {
		return nil, "", fmt.Errorf("creating: %w", err)
	}
	if len(created.Invites) == 0 {
		return nil, "", errors.New("creating: no invite in the answer")
	}
	inv := created.Invites[0].URL
	inv = inv[strings.Index(inv, "invite=")+len("invite="):]
	var claimed struct {
		SeatToken string `json:"seat_token"`
	}
	if err := post(ctx, hc, base+"/api/tables/"+created.ID+"/claim", map[string]any{"invite": inv, "name": "B"}, &claimed); err != nil {
		return nil, "", fmt.Errorf("claiming: %w", err)
	}
	return []string{created.SeatToken, claimed.SeatToken}, created.ID, nil
}

// post sends a JSON request and decodes the answer, retrying when the
// server asks to wait (429 with Retry-After).
func post(ctx context.Context, hc *http.Client, url string, body, out any) error {
	b, _ := json.Marshal(body)
	for {
		req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(b))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusTooManyRequests:
			select {
			case <-time.After(200 * time.Millisecond):
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		case res.StatusCode/100 != 2:
			return fmt.Errorf("%s: %s", res.Status, bytes.TrimSpace(raw))
		}
		return json.Unmarshal(raw, out)
	}
}

// person plays one seat: it answers its turn after a thinking time.
type person struct {
	seat  int
	ws    *websocket.Conn
	tab   *tab
	st    *stats
	rng   *rand.Rand
	think time.Duration
	wmu   sync.Mutex
	seq   int64
	// lastSeq is the newest table seq this seat has seen.
	lastSeq int64
}

func (p *person) write(ctx context.Context, m map[string]any) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.seq++
	m["seq"] = p.seq
	b, _ := json.Marshal(m)
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if m["type"] == "act" {
		p.tab.mu.Lock()
		p.tab.sent, p.tab.sentBy, p.tab.sentSeq = time.Now(), p.seat, p.lastSeq
		p.tab.mu.Unlock()
	}
	return p.ws.Write(wctx, websocket.MessageText, b)
}

// run reads the seat's messages until ctx ends.
func (p *person) run(ctx context.Context) {
	var pending *time.Timer
	var lastLegal []json.RawMessage
	defer func() {
		if pending != nil {
			pending.Stop()
		}
	}()
	later := func(d time.Duration, m map[string]any) {
		if pending != nil {
			pending.Stop()
		}
		pending = time.AfterFunc(d, func() {
			if err := p.write(ctx, m); err != nil && ctx.Err() == nil {
				p.st.fail(err.Error())
			}
		})
	}
	// One buffer for every message of the connection: only the legal
	// actions outlive a message, and they are copied.
	var buf bytes.Buffer
	var m header
	for {
		data, err := p.read(&buf)
		if err != nil {
			if ctx.Err() == nil {
				p.st.fail("reading: " + err.Error())
			}
			return
		}
		now := time.Now()
		if readHeader(data, &m) != nil {
			p.st.fail("a message that is not JSON")
			continue
		}
		switch m.Type {
		case "error":
			switch {
			case strings.HasPrefix(m.Error, "act:") && len(lastLegal) > 0:
				// A random discard that the rules refuse: pick again.
				later(p.think/10, map[string]any{"type": "act", "action": PickAction(p.rng, lastLegal)})
			case strings.Contains(m.Error, "still being played"):
			default:
				p.st.fail(m.Error)
			}
			continue
		case "state":
			var legal []json.RawMessage
			if len(m.Legal) > len("[]") {
				if legal, err = elements(bytes.Clone(m.Legal)); err != nil {
					p.st.fail("a state message whose legal actions are not a JSON array")
					continue
				}
			}
			lastLegal = legal
		default:
			continue
		}
		p.st.states.Add(1)
		p.tab.active.Store(now.UnixMilli())
		p.tab.mu.Lock()
		if !p.tab.sent.IsZero() && p.tab.sentBy != p.seat && m.Seq > p.tab.sentSeq {
			p.st.latency(now.Sub(p.tab.sent))
			p.tab.sent = time.Time{}
		}
		p.tab.mu.Unlock()
		p.wmu.Lock()
		p.lastSeq = max(p.lastSeq, m.Seq)
		p.wmu.Unlock()
		if m.Ack {
			p.st.actions.Add(1)
		}
		switch {
		case m.Done && p.seat == 0:
			later(time.Duration(float64(p.think)*(0.5+p.rng.Float64())), map[string]any{"type": "next"})
		case len(lastLegal) > 0:
			later(time.Duration(float64(p.think)*(0.5+p.rng.Float64())), map[string]any{"type": "act", "action": PickAction(p.rng, lastLegal)})
		}
	}
}

// read reads the next message into buf, which it reuses; closing the
// socket ends it.
func (p *person) read(buf *bytes.Buffer) ([]byte, error) {
	_, r, err := p.ws.Reader(context.Background())
	if err != nil {
		return nil, err
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PickAction picks a legal action (of a state message's "legal") at random; a discard of k among the
// listed cards takes k of them at random.
func PickAction(rng *rand.Rand, legal []json.RawMessage) map[string]any {
	var a map[string]any
	json.Unmarshal(legal[rng.IntN(len(legal))], &a)
	if a["act"] == "discard" {
		cards, _ := a["cards"].([]any)
		n, _ := a["count"].(float64)
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		a = map[string]any{"act": "discard", "cards": cards[:min(int(n), len(cards))]}
	}
	delete(a, "seat")
	return a
}

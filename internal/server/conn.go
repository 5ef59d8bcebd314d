package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"trull/internal/wire"
)

// Limits of the table protocol (docs/PROTOCOL.md).
const (
	// maxMessage is the largest client message in bytes.
	maxMessage = 16 << 10
	// maxViolations closes a connection that keeps exceeding the rate.
	maxViolations = 50
	// outQueue is how many messages may wait for a slow client.
	outQueue = 64
	// pingEvery checks that the client is still there.
	pingEvery = 30 * time.Second
)

// writeTimeout bounds one write to a client (a variable for the tests).
var writeTimeout = 10 * time.Second

// Close codes. Codes from 4000 are final: the browser does not reconnect.
const (
	statusNeedToken = websocket.StatusCode(4000) // neither token nor spectate
	statusBadToken  = websocket.StatusCode(4001) // the token is not a seat of this table
	statusNoTable   = websocket.StatusCode(4004) // no such table
	statusPolicy    = websocket.StatusCode(4008) // kept sending too fast
	statusReplaced  = websocket.StatusCode(4009) // the seat was opened elsewhere
	statusFreed     = websocket.StatusCode(4020) // the host gave the seat to somebody else
	statusMoved     = websocket.StatusCode(4021) // the seat moved to another device
	statusRestart   = websocket.StatusServiceRestart
	statusTryAgain  = websocket.StatusTryAgainLater
)

// Errors of joining and claiming.
var (
	errBadToken   = errors.New("server: this token is not a seat of this table")
	errInvite     = errors.New("server: the invite was already used or is not valid for this table")
	errNeedInvite = errors.New("server: this table is private; seats are taken with an invite link")
	errSeatTaken  = errors.New("server: the seat is taken")
	errOver       = errors.New("server: the sitting is over")
	errBadRequest = errors.New("server: bad request")
)

// conn is one WebSocket client of a table. Only the table goroutine reads
// and writes seat, host and hinting; the writer goroutine owns the socket's writes.
type conn struct {
	ws   *websocket.Conn
	seat int // -1: spectator
	host bool
	// noView leaves the game's view out of state messages: the client
	// draws the table model alone (the browser; "view": false in join).
	noView bool
	// delta leaves out a table part equal to lastTable, the one this
	// connection was sent last ("delta": true in join).
	delta     bool
	lastTable []byte
	// modelPatch sends the model as a patch of lastModel, the one this
	// connection was sent last, when that is shorter ("model_patch": true
	// in join).
	modelPatch bool
	lastModel  []byte
	lastFields wire.ModelFields // where lastModel's fields lie
	// hinting: a hint of this connection is being searched (hints.go).
	hinting bool

	out       chan outMsg
	closed    chan struct{}
	closeOnce sync.Once
	code      websocket.StatusCode
	reason    string
	wrote     chan struct{} // closed when the writer has finished
}

func newConn(ws *websocket.Conn) *conn {
	return &conn{ws: ws, seat: -1, out: make(chan outMsg, outQueue), closed: make(chan struct{}), wrote: make(chan struct{})}
}

// outMsg is a message queued for a connection's writer; own marks a buffer
// made for this connection alone (a state message), which the writer
// recycles once it is written.
type outMsg struct {
	b   []byte
	own bool
}

// msgBufs recycles the buffers of state messages (*[]byte): a table
// builds one for each connection at every change, the writer returns it.
var msgBufs sync.Pool

// maxPooled is the largest buffer kept for reuse.
const maxPooled = 64 << 10

// msgBuf returns an empty buffer with room for n bytes.
func msgBuf(n int) []byte {
	if p, ok := msgBufs.Get().(*[]byte); ok && cap(*p) >= n {
		return (*p)[:0]
	}
	return make([]byte, 0, max(n, 2048))
}

// recycle returns b to msgBufs.
func recycle(b []byte) {
	if cap(b) > maxPooled {
		return
	}
	b = b[:0]
	msgBufs.Put(&b)
}

func (c *conn) role() string {
	if c.seat >= 0 {
		return "seat"
	}
	return "spectator"
}

// queue hands a message to the writer; false when the client is too slow.
func (c *conn) queue(b []byte) bool { return c.enqueue(outMsg{b: b}) }

// enqueue hands m to the writer; false when the client is too slow.
func (c *conn) enqueue(m outMsg) bool {
	select {
	case <-c.closed:
		return true
	default:
	}
	select {
	case c.out <- m:
		return true
	default:
		return false
	}
}

// close ends the connection with a close code after the queued messages.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.code, c.reason = code, reason
		close(c.closed)
	})
}

// writer sends queued messages and pings until the connection closes.
func (c *conn) writer() {
	defer close(c.wrote)
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	// One timer bounds every write: a write that takes longer than
	// writeTimeout closes the socket, which ends the write. (A context
	// with a deadline for each write would cost a timer and a context of
	// its own at every message.)
	stuck := time.AfterFunc(time.Hour, func() { c.ws.CloseNow() })
	stuck.Stop()
	defer stuck.Stop()
	write := func(m outMsg) bool {
		stuck.Reset(writeTimeout)
		ok := c.ws.Write(context.Background(), websocket.MessageText, m.b) == nil
		stuck.Stop()
		if m.own {
			recycle(m.b)
		}
		return ok
	}
	for {
		select {
		case b := <-c.out:
			if !write(b) {
				c.close(websocket.StatusGoingAway, "write failed")
				c.ws.CloseNow()
				return
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "no answer to ping")
				c.ws.CloseNow()
				return
			}
		case <-c.closed:
			// Flush what is queued (an error message before a close).
		flush:
			for {
				select {
				case b := <-c.out:
					if !write(b) {
						c.ws.CloseNow()
						return
					}
				default:
					break flush
				}
			}
			c.ws.Close(c.code, c.reason)
			return
		}
	}
}

// sendError writes an error message from the reader (before the table
// sees the message).
func (c *conn) sendError(seq *int64, code, text string) {
	b, _ := json.Marshal(errorMsg{Type: "error", Error: text, Code: code, Seq: seq})
	c.queue(b)
}

// handleWS serves GET /ws/{id}?token=… (a seat) or ?spectate=1.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	q := r.URL.Query()
	token, spectate, host := q.Get("token"), q.Get("spectate") != "", q.Get("host")
	addr := s.clientAddr(r)
	capped := s.acquireWS(addr)
	if capped != wsOK {
		// A socket over a cap is accepted to be closed with a reason a
		// browser reads (below); while refusingMax of those are still
		// closing, one more is refused before the upgrade, so that a flood
		// holds no more.
		if s.refusing.Add(1) > refusingMax {
			s.refusing.Add(-1)
			s.metrics.refused.WithLabelValues("ws_flood").Inc()
			w.Header().Set("Retry-After", "10")
			writeCoded(w, http.StatusTooManyRequests, capCode(capped), "%s", capReason(capCode(capped), s.capOf(capped)))
			return
		}
		defer s.refusing.Add(-1)
	}
	// handedOff: the socket is served by a goroutine of its own, which
	// releases what the handler would have.
	handedOff := false
	if capped == wsOK {
		defer func() {
			if !handedOff {
				s.releaseWS(addr)
			}
		}()
	}
	// permessage-deflate without context takeover: each state message is
	// compressed alone with a pooled writer, so an idle connection holds
	// no compressor (docs/PROTOCOL.md gives the bytes it saves).
	mode := websocket.CompressionNoContextTakeover
	if s.cfg.CompressAbove < 0 {
		mode = websocket.CompressionDisabled
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins,
		CompressionMode: mode, CompressionThreshold: s.cfg.CompressAbove})
	if err != nil {
		// Accept has answered (403 for a foreign Origin).
		s.log.Info("websocket refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	// A socket over a cap is accepted only to be closed with 1013 and a
	// reason a browser can read (it cannot read a refused upgrade's
	// answer); the reason starts with its code (capReason).
	if capped != wsOK {
		switch capped {
		case wsAddr:
			s.metrics.refused.WithLabelValues("ws_cap").Inc()
			s.log.Info("websocket refused: too many from one address", "addr", addr)
		case wsNet:
			s.metrics.refused.WithLabelValues("ws_net_cap").Inc()
			s.log.Info("websocket refused: too many from one network", "net", netOf(addr))
		case wsTotal:
			s.metrics.refused.WithLabelValues("ws_total_cap").Inc()
			s.log.Warn("websocket refused: the server holds as many as it allows", "max", s.cfg.MaxConns)
		}
		ws.Close(statusTryAgain, capReason(capCode(capped), s.capOf(capped)))
		return
	}
	ws.SetReadLimit(maxMessage)
	ctx := r.Context()
	noView, delta, patch := false, false, false
	if token == "" && !spectate {
		// The browser keeps the seat token out of the address, where a
		// log or a console could show it: its first message names it.
		j, err := readJoin(ctx, ws)
		if err != nil {
			s.metrics.refused.WithLabelValues("bad_join").Inc()
			ws.Close(statusNeedToken, err.Error())
			return
		}
		token, host = j.Token, j.HostToken // or spectate: readJoin checked that it is one of them
		noView = j.View != nil && !*j.View
		delta, patch = j.Delta, j.ModelPatch
	}
	c := newConn(ws)
	c.noView, c.delta, c.modelPatch = noView, delta, patch
	go c.writer()
	defer func() {
		if !handedOff {
			<-c.wrote
		}
	}()
	var hostHash, tokHash string
	if host != "" {
		hostHash = hashToken(host)
	}
	if token != "" {
		tokHash = hashToken(token)
	}
	t, err := s.joinTable(ctx, id, c, tokHash, hostHash)
	if err != nil {
		switch {
		case errors.Is(err, errBadToken):
			c.close(statusBadToken, "this seat token does not belong to this table")
		case isNotFound(err):
			c.close(statusNoTable, "no such table")
		default:
			s.log.Warn("joining a table failed", "table", id, "err", err)
			c.close(statusTryAgain, "the table cannot be opened right now; retry")
		}
		return
	}
	// The handler returns and the reader goes on alone: the request and
	// the HTTP server's frames are not kept for the life of the socket,
	// and the collector has a shorter stack to scan for each. Its reads
	// need no context: closing the socket ends them.
	handedOff = true
	go func() {
		if capped == wsOK {
			defer s.releaseWS(addr)
		}
		defer func() { <-c.wrote }()
		s.read(context.Background(), t, c)
		// Tell the table, even when its inbox is full.
		t.send(context.Background(), leaveReq{c})
		c.close(websocket.StatusNormalClosure, "")
	}()
}

// joinWait bounds the wait for the "join" message of a connection opened
// without a token or spectate in its address.
var joinWait = 10 * time.Second

// readJoin reads the first message of a connection that named neither a
// token nor spectate in its address: {"type":"join","token":…} or
// {"type":"join","spectate":true}, each with an optional "host_token".
func readJoin(ctx context.Context, ws *websocket.Conn) (clientMsg, error) {
	type read struct {
		typ  websocket.MessageType
		data []byte
		err  error
	}
	// A read whose context ends closes the connection without a close
	// code; the timer leaves the connection open for one.
	got := make(chan read, 1)
	go func() {
		typ, data, err := ws.Read(ctx)
		got <- read{typ, data, err}
	}()
	timer := time.NewTimer(joinWait)
	defer timer.Stop()
	var r read
	select {
	case r = <-got:
	case <-timer.C:
		return clientMsg{}, errors.New(`no "join" message in time: send {"type":"join","token":…} or {"type":"join","spectate":true}`)
	}
	typ, data, err := r.typ, r.data, r.err
	if err != nil {
		return clientMsg{}, fmt.Errorf("no join message: %w", err)
	}
	var m clientMsg
	if typ != websocket.MessageText || strictJSON(data, &m) != nil || m.Type != "join" {
		return clientMsg{}, errors.New(`the first message must be {"type":"join","token":SEAT_TOKEN} or {"type":"join","spectate":true}`)
	}
	if (m.Token == "") == !m.Spectate {
		return clientMsg{}, errors.New(`join: give either "token" (to play) or "spectate": true (to watch)`)
	}
	return m, nil
}

// readMessage reads the next message into buf, which it reuses, and
// returns its bytes (valid until the next call).
func readMessage(ctx context.Context, ws *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	typ, r, err := ws.Reader(ctx)
	if err != nil {
		return 0, nil, err
	}
	if buf.Cap() > maxKeptBuffer {
		*buf = bytes.Buffer{}
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return 0, nil, err
	}
	return typ, buf.Bytes(), nil
}

// maxKeptBuffer is the largest read buffer a connection keeps between
// messages: a rare long one (a chat line) does not stay.
const maxKeptBuffer = 4 << 10

// read reads client messages until the connection ends, checking size,
// rate and form before the table sees them.
func (s *Server) read(ctx context.Context, t *table, c *conn) {
	rate := newBucket(s.cfg.MsgRate, s.cfg.MsgRate)
	violations := 0
	// One buffer for every message of the connection: what outlives a
	// message is decoded from it (copied).
	var buf bytes.Buffer
	for {
		typ, data, err := readMessage(ctx, c.ws, &buf)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) && ce.Code == websocket.StatusMessageTooBig {
				s.metrics.refused.WithLabelValues("too_big").Inc()
			}
			return
		}
		if typ == websocket.MessageText && !utf8.Valid(data) {
			// RFC 6455 §8.1: a text message that is not UTF-8 fails the
			// connection.
			s.metrics.refused.WithLabelValues("bad_utf8").Inc()
			c.close(websocket.StatusInvalidFramePayloadData, "a text message must be valid UTF-8")
			return
		}
		if !rate.allow(time.Now()) {
			s.metrics.refused.WithLabelValues("rate").Inc()
			violations++
			if violations > maxViolations {
				c.close(statusPolicy, "too many messages")
				return
			}
			c.sendError(seqOf(data), "too_fast", fmt.Sprintf("too many messages: at most %g per second; this one was dropped", s.cfg.MsgRate))
			continue
		}
		if typ != websocket.MessageText {
			s.metrics.refused.WithLabelValues("bad_message").Inc()
			c.sendError(nil, "bad_message", "binary messages are not understood; send JSON text")
			continue
		}
		var m clientMsg
		if err := strictObject(data, &m, clientMsgKeys); err != nil {
			s.metrics.refused.WithLabelValues("bad_message").Inc()
			c.sendError(seqOf(data), "bad_message", "bad message: not a JSON object of the protocol: "+err.Error())
			continue
		}
		if m.Type == "" {
			s.metrics.refused.WithLabelValues("bad_message").Inc()
			c.sendError(m.Seq, "bad_message", `bad message: no "type" (want act, chat, hint, next, end or takeover)`)
			continue
		}
		s.metrics.msgsIn.WithLabelValues(msgLabel(m.Type)).Inc()
		if !t.trySend(clientReq{c: c, m: m, at: time.Now()}) {
			s.metrics.refused.WithLabelValues("busy").Inc()
			c.sendError(m.Seq, "busy", "the table is busy; try again")
		}
	}
}

// seqOf digs the seq out of a message that does not decode as a whole.
func seqOf(data []byte) *int64 {
	var m struct {
		Seq *int64 `json:"seq"`
	}
	json.Unmarshal(data, &m)
	return m.Seq
}

// msgLabel keeps the metric's label set small.
func msgLabel(t string) string {
	switch t {
	case "act", "chat", "hint", "next", "end", "takeover":
		return t
	}
	return "other"
}

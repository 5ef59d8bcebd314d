package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trull/internal/game"
	"trull/internal/store/postgres"
)

func TestListenAdvertise(t *testing.T) {
	host, _ := os.Hostname()
	cases := []struct {
		bound, want string
	}{
		{"127.0.0.1:8080", "127.0.0.1:8080"}, // a specific address is kept
		{"10.1.2.3:80", "10.1.2.3:80"},
		{"[::1]:8080", "[::1]:8080"},
		{"0.0.0.0:8080", host + ":8080"}, // every interface: the host name
		{"[::]:9000", host + ":9000"},
		{":8080", host + ":8080"},
	}
	for _, c := range cases {
		if got := listenAdvertise(c.bound); got != c.want {
			t.Errorf("listenAdvertise(%q) = %q, want %q", c.bound, got, c.want)
		}
	}
}

// TestInstances runs three `trull serve` processes on one PostgreSQL
// database. Three people, each connected to another server, and a
// spectator play a Droggn hand: the servers that do not own the table
// forward the claims and WebSockets to the owner. Mid-hand the owner is
// killed with SIGKILL; the players reconnect to the two others, one of
// which takes the table over from the log: nothing acknowledged is lost
// and the hand is played to its end.
func TestInstances(t *testing.T) {
	dsn, ps := startInstances(t)
	a, b, c := ps[0], ps[1], ps[2]

	// The table is created on a, which owns it; the invites are claimed
	// on b and c.
	var tb createResp
	postJSON(t, a.url()+"/api/tables", map[string]any{"game": "droggn", "bots": []string{"", "", ""}, "name": "Ann"}, &tb)
	tokens := []string{tb.SeatToken}
	for i, p := range []*serverProcess{b, c} {
		inv := tb.Invites[i].URL[strings.Index(tb.Invites[i].URL, "invite=")+7:]
		var cr claimResp
		postJSON(t, p.url()+"/api/tables/"+tb.ID+"/claim", map[string]any{"invite": inv, "name": []string{"Bob", "Cleo"}[i]}, &cr)
		tokens = append(tokens, cr.SeatToken)
	}
	var specMsgs atomic.Int64
	dialAll := func(at []*serverProcess, spectateAt *serverProcess) ([]*client, *client) {
		var cs []*client
		for i, tok := range tokens {
			cl, err := dialURL(t, at[i].url(), tb.ID, "token="+tok, nil)
			if err != nil {
				t.Fatalf("seat %d at %s: %v", i, at[i].addr, err)
			}
			cs = append(cs, cl)
		}
		spec, err := dialURL(t, spectateAt.url(), tb.ID, "spectate=1", func([]byte) { specMsgs.Add(1) })
		if err != nil {
			t.Fatal(err)
		}
		return cs, spec
	}
	clients, spec := dialAll([]*serverProcess{a, b, c}, b)
	for i, cl := range clients {
		if st := cl.state(); st.You != i {
			t.Fatalf("seat %d was told it is seat %d", i, st.You)
		}
	}
	spec.state()
	// b forwarded a claim and two WebSockets, still open, to a; c a claim
	// and one WebSocket.
	for _, w := range []struct {
		p           *serverProcess
		claims, wss int
	}{{b, 1, 2}, {c, 1, 1}} {
		m := w.p.metrics()
		for _, line := range []string{
			fmt.Sprintf(`trull_forwarded_total{kind="claim",result="ok"} %d`, w.claims),
			fmt.Sprintf(`trull_forwarded_total{kind="ws",result="ok"} %d`, w.wss),
		} {
			if !strings.Contains(m, line+"\n") {
				t.Errorf("%s's metrics lack %s:\n%s", w.p.addr, line, grepLines(m, "trull_forwarded_total"))
			}
		}
	}

	rng := rand.New(rand.NewPCG(31, 32))
	var all []acked
	sent := 0
	// play acts for whoever may act until stop holds for every seat.
	play := func(cs []*client, stop func(*tState) bool) {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
			moved, stopped := false, 0
			for _, cl := range cs {
				st := cl.latest()
				if stop(st) {
					stopped++
					continue
				}
				if len(st.Legal) > 0 {
					a := pickAction(rng, st.Legal)
					sent++
					if m := cl.answer(cl.send(map[string]any{"type": "act", "action": a})); m.state != nil {
						all = append(all, acked{hand: st.Hand, step: st.Step, action: a, seq: m.state.Seq})
					}
					moved = true
				}
			}
			if stopped == len(cs) {
				return
			}
			if !moved {
				awaitAny(t, cs...)
			}
		}
		t.Fatal("the players did not reach their goal in time")
	}
	play(clients, func(st *tState) bool { return len(all) >= 12 })
	if st := clients[0].latest(); st.Done || st.Hand != 0 {
		t.Fatalf("the hand is over before the kill (hand %d, done %v)", st.Hand, st.Done)
	}
	owner := func() string {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		addr, err := st.Owner(context.Background(), tb.ID)
		if err != nil {
			t.Fatalf("the table has no owner: %v", err)
		}
		return addr
	}
	if o := owner(); o != a.addr {
		t.Fatalf("the table is owned by %s, not by %s where it was created", o, a.addr)
	}
	before := len(all)
	lastSeq := all[len(all)-1].seq
	specBefore := specMsgs.Load()

	// The owner dies with an action of whoever may act in flight.
	for _, cl := range clients {
		if st := cl.latest(); len(st.Legal) > 0 {
			cl.send(map[string]any{"type": "act", "action": pickAction(rng, st.Legal)})
			break
		}
	}
	killed := time.Now()
	a.kill()
	for i, cl := range append(clients, spec) {
		select {
		case <-cl.closed:
		case <-time.After(10 * time.Second):
			t.Fatalf("connection %d (through the living servers too) stayed open after its table's server died", i)
		}
	}
	closedAfter := time.Since(killed)

	// Everyone reconnects to b and c; one of them takes the table over.
	clients, spec = dialAll([]*serverProcess{b, b, c}, c)
	var takeover time.Duration
	for i, cl := range clients {
		st := cl.state()
		if i == 0 {
			takeover = time.Since(killed)
		}
		if st.Seq < lastSeq {
			t.Fatalf("seat %d: the table came back at seq %d, but seq %d was acknowledged", i, st.Seq, lastSeq)
		}
	}
	spec.state()
	newOwner := owner()
	if newOwner != b.addr && newOwner != c.addr {
		t.Fatalf("the table is owned by %q after the kill, not by a living server", newOwner)
	}
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	checkAcked(t, st, tb.ID, all)
	st.Close()

	// The hand is played to its end through the living servers.
	play(clients, func(st *tState) bool { return st.Done })
	resp, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/0", c.url(), tb.ID))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.DecodeRecord(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if gs, err := game.Replay(rec); err != nil || !gs.Done() {
		t.Fatalf("the finished hand does not replay to its end: %v", err)
	}
	if got := spec.waitFor("the spectator's last state", func(m tMsg) bool { return m.state != nil && m.state.Done }); got.state.Table.Played != 1 {
		t.Errorf("the spectator saw %d hands played", got.state.Table.Played)
	}
	// No connection was sent away to retry elsewhere.
	for _, cl := range append(clients, spec) {
		select {
		case <-cl.closed:
			if code := websocket.CloseStatus(cl.err); code == statusTryAgain {
				t.Errorf("a connection was closed with 1013")
			}
		default:
		}
	}
	t.Logf("owner %s killed after %d acknowledged actions (table seq %d, spectator %d messages); "+
		"every connection closed within %v; the first seat was back at %s within %v, owner now %s; "+
		"%d actions acknowledged after the takeover, %d sent in all, the spectator received %d messages, the hand's record has %d actions",
		a.addr, before, lastSeq, specBefore, closedAfter.Round(time.Millisecond), b.addr, takeover.Round(time.Millisecond),
		newOwner, len(all)-before, sent, specMsgs.Load(), len(rec.Actions))
}

// startInstances starts three trull servers as processes on a fresh
// schema of the test PostgreSQL database, or skips the test without one
// (or with -short). The servers are killed when the test ends.
func startInstances(t *testing.T) (string, []*serverProcess) {
	t.Helper()
	dsn := os.Getenv("TRULL_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("TRULL_TEST_POSTGRES is not set: no PostgreSQL to test against (.ci/services.sh starts one)")
	}
	if testing.Short() {
		t.Skip("builds and kills the trull binary; skipped with -short")
	}
	dsn = freshSchema(t, dsn)
	bin := buildTrull(t, t.TempDir())
	var ps []*serverProcess
	for range 3 {
		p := &serverProcess{t: t, bin: bin, addr: freeAddr(t), db: dsn, log: &lockedBuffer{}}
		p.admin = freeAddr(t)
		p.args = append(p.args, "--admin-addr", p.admin)
		p.start()
		ps = append(ps, p)
		t.Cleanup(func() {
			if p.cmd.ProcessState == nil {
				p.kill()
			}
		})
	}
	return dsn, ps
}

// metrics reads the server's /metrics from its admin address.
func (p *serverProcess) metrics() string {
	p.t.Helper()
	resp, err := http.Get("http://" + p.admin + "/metrics")
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return string(b)
}

// grepLines returns the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

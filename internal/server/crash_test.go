package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"trull/internal/game"
	"trull/internal/gametest"
	"trull/internal/store"
	"trull/internal/store/sqlite"
)

// lockedBuffer collects a process's output.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serverProcess is `trull serve` running as its own process.
type serverProcess struct {
	t     *testing.T
	bin   string
	addr  string
	db    string
	cmd   *exec.Cmd
	log   *lockedBuffer
	args  []string // more flags of trull serve
	admin string   // the --admin-addr, when set
}

func (p *serverProcess) url() string { return "http://" + p.addr }

func (p *serverProcess) start() {
	p.t.Helper()
	p.cmd = exec.Command(p.bin, "serve", "--addr", p.addr, "--db", p.db, "--bot-delay", "0", "--log-level", "warn")
	p.cmd.Args = append(p.cmd.Args, p.args...)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	gametest.Eventually(p.t, 20*time.Second, "the server up", func() bool {
		resp, err := http.Get(p.url() + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
}

// kill ends the server with SIGKILL: no shutdown code runs.
func (p *serverProcess) kill() {
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

// acked is an action the server acknowledged: its event must survive.
type acked struct {
	hand, step int
	action     map[string]any
	seq        int64 // the table's seq in the acknowledging state
}

// TestCrash kills the server process with SIGKILL in the middle of hands,
// again and again, restarts it and checks that every acknowledged action
// is in the log, the table comes back exactly where the players were, and
// play goes on across hands.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the trull binary; skipped with -short")
	}
	dir := t.TempDir()
	bin := buildTrull(t, dir)
	p := &serverProcess{t: t, bin: bin, addr: freeAddr(t), db: filepath.Join(dir, "data", "trull.db"), log: &lockedBuffer{}}
	p.start()
	defer func() {
		if p.cmd.ProcessState == nil {
			p.kill()
		}
	}()

	// A Droggn table: two people (driven here) and a bot.
	var tb createResp
	postJSON(t, p.url()+"/api/tables", map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"}, &tb)
	var bob claimResp
	inv := tb.Invites[0].URL[strings.Index(tb.Invites[0].URL, "invite=")+7:]
	postJSON(t, p.url()+"/api/tables/"+tb.ID+"/claim", map[string]any{"invite": inv, "name": "Bob"}, &bob)
	tokens := []string{tb.SeatToken, bob.SeatToken}

	rng := rand.New(rand.NewPCG(11, 12))
	var all []acked
	kills := 8
	hands := 0
	for round := 0; round <= kills; round++ {
		var clients []*client
		for _, tok := range tokens {
			c, err := dialURL(t, p.url(), tb.ID, "token="+tok, nil)
			if err != nil {
				t.Fatalf("round %d: %v\n%s", round, err, p.log)
			}
			clients = append(clients, c)
		}
		// The restored table is where the players left it.
		for _, c := range clients {
			st := c.state()
			if n := len(all); n > 0 && st.Seq < all[n-1].seq {
				t.Fatalf("round %d: the table is at seq %d, but seq %d was acknowledged", round, st.Seq, all[n-1].seq)
			}
			hands = len(st.Table.Sheet)
		}
		if round == kills {
			break
		}
		// Play a random number of actions, then kill the server with one
		// action in flight.
		target := 5 + rng.IntN(25)
		for done := 0; done < target; {
			moved := false
			for _, c := range clients {
				st := c.latest()
				switch {
				case st.Done:
					if m := c.answer(c.send(map[string]any{"type": "next"})); m.state != nil {
						moved = true
					}
				case len(st.Legal) > 0:
					a := pickAction(rng, st.Legal)
					m := c.answer(c.send(map[string]any{"type": "act", "action": a}))
					if m.state != nil {
						all = append(all, acked{hand: st.Hand, step: st.Step, action: a, seq: m.state.Seq})
						done++
					}
					moved = true
				}
			}
			if !moved {
				awaitAny(t, clients...)
			}
		}
		for _, c := range clients {
			if st := c.latest(); len(st.Legal) > 0 {
				c.send(map[string]any{"type": "act", "action": pickAction(rng, st.Legal)})
				break
			}
		}
		p.kill()
		db, err := sqlite.Open(context.Background(), p.db)
		if err != nil {
			t.Fatalf("opening the database after the kill: %v", err)
		}
		checkAcked(t, db, tb.ID, all)
		db.Close()
		p.start()
	}
	if len(all) < kills*5 {
		t.Fatalf("only %d actions acknowledged", len(all))
	}
	if hands == 0 {
		t.Logf("no hand finished in %d actions", len(all))
	}
	// Every finished hand's record replays to its sheet row.
	for n := 0; n < hands; n++ {
		resp, err := http.Get(fmt.Sprintf("%s/api/tables/%s/hands/%d", p.url(), tb.ID, n))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.DecodeRecord(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("hand %d: %v", n, err)
		}
		if st, err := game.Replay(rec); err != nil || !st.Done() {
			t.Fatalf("hand %d does not replay to its end: %v", n, err)
		}
	}
	t.Logf("%d kills, %d acknowledged actions, %d hands finished", kills, len(all), hands)
}

// buildTrull builds the trull binary into dir.
func buildTrull(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "trull")
	build := exec.Command("go", "build", "-o", bin, "trull/cmd/trull")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freeAddr returns a loopback address with a free port.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// checkAcked reads the table's log after a kill and finds every
// acknowledged action at its place in it.
func checkAcked(t *testing.T, st store.Store, id string, all []acked) {
	t.Helper()
	evs, err := st.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ hand, step int }
	acts := map[key]actData{}
	for i, ev := range evs {
		if ev.Seq != int64(i+1) {
			t.Fatalf("the log has a gap at %d", i+1)
		}
		if ev.Kind == evAct {
			var d actData
			json.Unmarshal(ev.Data, &d)
			acts[key{d.Hand, d.Step}] = d
		}
	}
	for _, a := range all {
		if int64(len(evs)) < a.seq {
			t.Fatalf("the log has %d events, but seq %d was acknowledged", len(evs), a.seq)
		}
		d, ok := acts[key{a.hand, a.step}]
		if !ok {
			t.Fatalf("acknowledged action %v (hand %d step %d) is not in the log", a.action, a.hand, a.step)
		}
		got, _ := json.Marshal(d.Action)
		var gm map[string]any
		json.Unmarshal(got, &gm)
		delete(gm, "seat")
		if !reflect.DeepEqual(normalize(gm), normalize(a.action)) {
			t.Fatalf("hand %d step %d: the log has %s, the player's acknowledged action was %v", a.hand, a.step, got, a.action)
		}
	}
}

// normalize makes decoded and built actions comparable.
func normalize(m map[string]any) string {
	b, _ := json.Marshal(m)
	var v any
	json.Unmarshal(b, &v)
	b, _ = json.Marshal(v)
	return string(b)
}

func postJSON(t *testing.T, url string, body, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		t.Fatalf("POST %s: %d", url, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

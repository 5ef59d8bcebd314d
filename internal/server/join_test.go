package server

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trull/internal/gametest"
)

// TestJoinMessage: a connection opened without a token in its address
// names it in its first message, so the token never rides in a URL; a
// missing or wrong first message closes it with 4000 and a reason.
func TestJoinMessage(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann"})

	seat := e.dial(tb.ID, "", nil)
	seat.send(map[string]any{"type": "join", "token": tb.SeatToken})
	if st := seat.state(); st.You != 0 || !st.Host {
		t.Fatalf("joined with the token: you %d host %v", st.You, st.Host)
	}
	if m := seat.answer(seat.send(map[string]any{"type": "join", "token": tb.SeatToken})); m.Type != "error" || m.Code != "bad_message" {
		t.Fatalf("a second join: %s", m.raw)
	}
	spec := e.dial(tb.ID, "", nil)
	spec.send(map[string]any{"type": "join", "spectate": true, "host_token": tb.HostToken})
	if st := spec.state(); st.You != -1 || !st.Host {
		t.Fatalf("joined as the spectating host: you %d host %v", st.You, st.Host)
	}

	for _, c := range []struct {
		name  string
		first map[string]any
		code  int
		says  string
	}{
		{"another type first", map[string]any{"type": "chat", "text": "hi"}, int(statusNeedToken), "first message"},
		{"neither token nor spectate", map[string]any{"type": "join"}, int(statusNeedToken), "either"},
		{"both", map[string]any{"type": "join", "token": tb.SeatToken, "spectate": true}, int(statusNeedToken), "either"},
		{"unknown field", map[string]any{"type": "join", "token": tb.SeatToken, "password": "x"}, int(statusNeedToken), "first message"},
		{"a foreign token", map[string]any{"type": "join", "token": "not-a-token"}, int(statusBadToken), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := e.dialT(t, tb.ID, "", nil)
			cl.send(c.first)
			if code := cl.closeCode(); int(code) != c.code {
				t.Fatalf("closed with %d, want %d (%v)", code, c.code, cl.err)
			}
			if !strings.Contains(cl.err.Error(), c.says) {
				t.Errorf("the reason %q does not say %q", cl.err, c.says)
			}
		})
	}

	old := joinWait
	joinWait = 100 * time.Millisecond
	t.Cleanup(func() { joinWait = old })
	silent := e.dial(tb.ID, "", nil)
	if code := silent.closeCode(); code != statusNeedToken || !strings.Contains(silent.err.Error(), "join") {
		t.Fatalf("a silent connection: %d %v", code, silent.err)
	}
}

// TestDebugLog: at the debug level the log has a line for each join (a
// refused token too), claim, refused request and leave, with the seat and
// the refusal's code, and never a token or a card of the seat's hand.
func TestDebugLog(t *testing.T) {
	var buf lockedBuffer
	e := newEnv(t, Config{Logger: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", ""}, "name": "Ann"})
	cl := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	ann := e.dial(tb.ID, "", nil)
	ann.send(map[string]any{"type": "join", "token": tb.SeatToken})
	st := ann.state()
	bad := e.dial(tb.ID, "", nil)
	bad.send(map[string]any{"type": "join", "token": "not-a-token"})
	bad.closeCode()
	// An action that is not Ann's to take.
	if m := ann.answer(ann.send(map[string]any{"type": "act", "action": map[string]any{"act": "bid", "call": "nonsense"}})); m.Type != "error" {
		t.Fatalf("a wrong action was not refused: %s", m.raw)
	}
	ann.ws.Close(websocket.StatusNormalClosure, "")
	gametest.Eventually(t, 5*time.Second, "the leave logged", func() bool { return strings.Contains(buf.String(), "msg=leave") })
	log := buf.String()
	for _, want := range []string{"msg=claim table=" + tb.ID + " seat=1", "msg=join table=" + tb.ID + " seat=0 role=seat",
		"msg=refused table=" + tb.ID + " seat=0 reason=", "code=", "msg=join table=" + tb.ID + " seat=-1 role=spectator err=",
		"msg=leave table=" + tb.ID + " seat=0"} {
		if !strings.Contains(log, want) {
			t.Errorf("the debug log has no %q:\n%s", want, log)
		}
	}
	secrets := []string{tb.SeatToken, tb.HostToken, cl.SeatToken}
	var model struct {
		Hand []string `json:"hand"`
	}
	if err := json.Unmarshal(st.Model, &model); err != nil || len(model.Hand) == 0 {
		t.Fatalf("Ann's hand: %v (%s)", err, st.Model)
	}
	for _, c := range model.Hand {
		secrets = append(secrets, "="+c+" ", "="+c+"\n", `"`+c+`"`)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(log, s) {
			t.Errorf("the debug log shows %q:\n%s", s, log)
		}
	}
}

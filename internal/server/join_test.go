package server

import (
	"strings"
	"testing"
	"time"
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

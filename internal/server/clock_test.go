package server

import (
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"trull/internal/gametest"
)

// TestTurnClock: a person who stays connected but does nothing is played by
// the stand-in when the clock runs out, the hand ends, and the person takes
// the seat back with "back"; the clock is in every state message while a
// person is to act.
func TestTurnClock(t *testing.T) {
	// The 5-second clock runs on the bubble's clock: at once.
	inBubble(t, Config{}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann", "turn_clock": 5, "hands": 2})
		bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
		bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		st := ann.state()
		if !st.Table.Started || st.Table.TurnClockMs != 5000 {
			t.Fatalf("started %v, turn clock %d ms", st.Table.Started, st.Table.TurnClockMs)
		}
		// Bob reads but never acts: his clock runs out and a bot plays for him.
		clocked := false
		rng := rand.New(rand.NewPCG(1, 2))
		st = ann.playUntil(rng, func(s *tState) bool {
			if s.Table.Seats[1].Reason == reasonClock {
				clocked = true
			}
			if !s.Done && s.Table.Seats[1].Takeover == "" && s.Table.Seats[0].Takeover == "" {
				if s.Table.TurnLeftMs == nil || *s.Table.TurnLeftMs > 5000 {
					t.Fatalf("a person is to act, the clock shows %v", s.Table.TurnLeftMs)
				}
			}
			return s.Done
		})
		if !clocked || st.Table.Seats[1].Takeover != autoBotName {
			t.Fatalf("Bob's seat after the hand: %+v (clock seen: %v)", st.Table.Seats[1], clocked)
		}
		if st.Table.TurnLeftMs != nil {
			t.Fatalf("a finished hand shows a clock: %d", *st.Table.TurnLeftMs)
		}
		// Bob is back; the bot leaves his seat.
		m := bc.answer(bc.send(map[string]any{"type": "back"}))
		if m.state == nil || m.state.Table.Seats[1].Takeover != "" || m.state.Table.Seats[1].Reason != "" {
			t.Fatalf("back: %s", m.raw)
		}
		// The next hand: Bob idles again and the stand-in comes again.
		clocked = false
		ann.playUntil(rng, func(s *tState) bool {
			clocked = clocked || s.Table.Seats[1].Reason == reasonClock
			return s.Hand == 1 && s.Done
		})
		if !clocked {
			t.Fatal("the clock did not run out for Bob in the second hand")
		}
		// The clock is kept with the table.
		e.restart()
		c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		if got := c.state().Table.TurnClockMs; got != 5000 {
			t.Fatalf("turn clock after a restart: %d ms", got)
		}
	})
}

// TestTurnClockCreate: the create request's turn_clock, the server's default
// (none for a person alone among bots, whom nobody waits for) and their
// bounds.
func TestTurnClockCreate(t *testing.T) {
	e := newEnv(t, Config{TurnClock: 90 * time.Second})
	for _, c := range []struct {
		clock  any
		status int
		ms     int64
		two    bool // two person seats instead of a person and a bot
	}{
		{nil, http.StatusCreated, 0, false},
		{nil, http.StatusCreated, 90_000, true},
		{0, http.StatusCreated, 0, false},
		{5, http.StatusCreated, 5_000, false},
		{3600, http.StatusCreated, 3_600_000, false},
		{4, http.StatusBadRequest, 0, false},
		{3601, http.StatusBadRequest, 0, false},
		{-1, http.StatusBadRequest, 0, false},
		{"60", http.StatusBadRequest, 0, false},
	} {
		var def defaultsJSON
		if code := e.do("GET", "/api/defaults", nil, &def); code != http.StatusOK || def.TurnClock != 90 {
			t.Fatalf("GET /api/defaults: %d %+v", code, def)
		}
		req := map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann"}
		if c.two {
			req["bots"] = []string{"", ""}
		}
		if c.clock != nil {
			req["turn_clock"] = c.clock
		}
		var out struct {
			createResp
			Error string `json:"error"`
		}
		if code := e.do("POST", "/api/tables", req, &out); code != c.status {
			t.Fatalf("turn_clock %v: status %d, want %d (%s)", c.clock, code, c.status, out.Error)
		}
		if c.status != http.StatusCreated {
			if c.clock != "60" && !strings.Contains(out.Error, "turn_clock") {
				t.Errorf("turn_clock %v: the refusal does not say why: %q", c.clock, out.Error)
			}
			continue
		}
		st := e.dial(out.ID, "token="+out.SeatToken, nil).state()
		if st.Table.TurnClockMs != c.ms {
			t.Errorf("turn_clock %v: the table has %d ms, want %d", c.clock, st.Table.TurnClockMs, c.ms)
		}
		// Two people: the hand waits for the second, and no clock runs yet.
		if (st.Table.TurnLeftMs != nil) != (c.ms > 0 && !c.two) {
			t.Errorf("turn_clock %v: time left %v", c.clock, st.Table.TurnLeftMs)
		}
	}
}

// TestWaitForPlayers: the first hand waits for every person; the host may
// start with bots in the empty seats, and a person who claims such a seat
// later plays it from when they connect.
func TestWaitForPlayers(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	st := ann.state()
	if st.Table.Started || st.Table.State != "open" {
		t.Fatalf("started %v, state %s before Bob came", st.Table.Started, st.Table.State)
	}
	// Nobody moves: not the bot, not Ann.
	if len(st.Legal) != 0 {
		t.Fatalf("Ann may act before the table started: %s", st.Legal)
	}
	m := ann.answer(ann.send(map[string]any{"type": "act", "action": map[string]any{"act": "bid", "call": "weiter"}}))
	if m.Type != "error" || m.Code != "not_started" {
		t.Fatalf("an act before the start: %s", m.raw)
	}
	spec := e.dial(tb.ID, "spectate=1", nil)
	m = spec.answer(spec.send(map[string]any{"type": "start"}))
	if m.Type != "error" || m.Code != "not_host" {
		t.Fatalf("start by a spectator: %s", m.raw)
	}
	if st := spec.latest(); st.Step != 0 {
		t.Fatalf("the hand moved while waiting: step %d", st.Step)
	}
	// The host starts: a bot plays Bob's seat until Bob is there.
	m = ann.answer(ann.send(map[string]any{"type": "start"}))
	if m.state == nil || !m.state.Table.Started || m.state.Table.Seats[1].Takeover == "" || m.state.Table.Seats[1].Reason != reasonStart {
		t.Fatalf("start: %s", m.raw)
	}
	m = ann.answer(ann.send(map[string]any{"type": "start"}))
	if m.Type != "error" || m.Code != "started" {
		t.Fatalf("a second start: %s", m.raw)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	ann.playUntil(rng, func(s *tState) bool { return s.Step >= 8 || s.Done })
	bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	bs := bc.state()
	if bs.Table.Seats[1].Takeover != "" || bs.Table.Seats[1].Name != "Bob" {
		t.Fatalf("Bob's seat after he came: %+v", bs.Table.Seats[1])
	}
}

// TestWaitThenClaim: a table whose seats are all claimed starts by itself.
func TestWaitThenClaim(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", ""}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	if ann.state().Table.Started {
		t.Fatal("started with a free seat")
	}
	e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	ann.waitFor("the start", func(m tMsg) bool { return m.state != nil && m.state.Table.Started })
	// A restart keeps it started.
	e.restart()
	if !e.dial(tb.ID, "token="+tb.SeatToken, nil).state().Table.Started {
		t.Fatal("not started after a restart")
	}
}

// TestFreeSeat: the host gives a person's seat to somebody else; the old
// token stops working and a fresh invite takes the seat.
func TestFreeSeat(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", ""}, "name": "Ann"})
	bob := e.claim(tb.ID, tb.Invites[0].URL, "Bob")
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	bc := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	ann.state()
	bc.state()
	for _, c := range []struct {
		who  *client
		msg  map[string]any
		code string
	}{
		{bc, map[string]any{"type": "free", "seat": 0}, "not_host"},
		{ann, map[string]any{"type": "free", "seat": 0}, "own_seat"},
		{ann, map[string]any{"type": "free"}, "bad_message"},
		{ann, map[string]any{"type": "free", "seat": 5}, "bad_message"},
		{ann, map[string]any{"type": "free", "seat": 1, "bot": "nobot"}, "bad_message"},
	} {
		if m := c.who.answer(c.who.send(c.msg)); m.Type != "error" || m.Code != c.code {
			t.Fatalf("%v: %s, want %s", c.msg, m.raw, c.code)
		}
	}
	seq := ann.send(map[string]any{"type": "free", "seat": 1})
	inv := ann.waitFor("the new invite", func(m tMsg) bool { return m.Type == "invite" })
	if inv.Seq == nil || *inv.Seq != seq || inv.Move || !strings.Contains(inv.URL, "invite=") {
		t.Fatalf("invite: %s", inv.raw)
	}
	if code := bc.closeCode(); code != statusFreed {
		t.Fatalf("Bob's connection closed with %d, want %d", code, statusFreed)
	}
	st := ann.waitFor("the freed seat", func(m tMsg) bool { return m.state != nil && !m.state.Table.Seats[1].Taken }).state
	if st.Table.Seats[1].Takeover == "" || st.Table.Seats[1].Reason != reasonFree || st.Table.State != "open" {
		t.Fatalf("the freed seat: %+v, table %s", st.Table.Seats[1], st.Table.State)
	}
	old := e.dial(tb.ID, "token="+bob.SeatToken, nil)
	if code := old.closeCode(); code != statusBadToken {
		t.Fatalf("Bob's old token: close %d", code)
	}
	carol := e.claim(tb.ID, inv.URL, "Carol")
	cc := e.dial(tb.ID, "token="+carol.SeatToken, nil)
	cs := cc.state()
	if cs.You != 1 || cs.Table.Seats[1].Name != "Carol" || cs.Table.Seats[1].Takeover != "" {
		t.Fatalf("Carol at the seat: you %d, %+v", cs.You, cs.Table.Seats[1])
	}
}

// TestMoveSeat: a seated person moves to another device with a fresh link;
// the old device's token stops working, the seat keeps its name.
func TestMoveSeat(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann"})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	ann.state()
	spec := e.dial(tb.ID, "spectate=1", nil)
	if m := spec.answer(spec.send(map[string]any{"type": "move"})); m.Type != "error" || m.Code != "spectator" {
		t.Fatalf("a spectator's move: %s", m.raw)
	}
	ann.send(map[string]any{"type": "move"})
	inv := ann.waitFor("the move link", func(m tMsg) bool { return m.Type == "invite" })
	if !inv.Move || inv.Seat != 0 {
		t.Fatalf("move link: %s", inv.raw)
	}
	code := inv.URL[strings.Index(inv.URL, "invite=")+len("invite="):]
	var info map[string]any
	e.do("GET", "/api/tables/"+tb.ID+"?invite="+code, nil, &info)
	if info["invite"] != inviteMove {
		t.Fatalf("the move link's invite state: %v", info["invite"])
	}
	// The old device plays on until the link is used.
	if st := ann.latest(); len(st.Legal) == 0 && !st.Done {
		t.Fatalf("Ann cannot act after asking for the link: %+v", st)
	}
	moved := e.claim(tb.ID, inv.URL, "someone else")
	if moved.Seat != 0 {
		t.Fatalf("moved to seat %d", moved.Seat)
	}
	if c := ann.closeCode(); c != statusMoved {
		t.Fatalf("the old device closed with %d, want %d", c, statusMoved)
	}
	if c := e.dial(tb.ID, "token="+tb.SeatToken, nil).closeCode(); c != statusBadToken {
		t.Fatalf("the old token: close %d", c)
	}
	st := e.dial(tb.ID, "token="+moved.SeatToken, nil).state()
	if st.You != 0 || st.Table.Seats[0].Name != "Ann" || !st.Host {
		t.Fatalf("the new device: you %d host %v, %+v", st.You, st.Host, st.Table.Seats[0])
	}
	e.do("GET", "/api/tables/"+tb.ID+"?invite="+code, nil, &info)
	if info["invite"] != inviteUsed {
		t.Fatalf("a used move link: %v", info["invite"])
	}
}

// TestWaitsForItsFirstPerson: a table made through the API with its
// creator's seat and bots is not played in the creator's name before
// anybody opened it: no bot acts, no stand-in takes the seat. Once the
// person has come (and gone), the table goes on as any other: the bots
// act and a stand-in plays the absent person's seat after the grace period.
func TestWaitsForItsFirstPerson(t *testing.T) {
	e := newEnv(t, Config{BotDelay: time.Millisecond, Grace: 50 * time.Millisecond, TurnClock: 5 * time.Second})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"rules", "", "rules"}, "name": "Ann"})
	time.Sleep(300 * time.Millisecond)
	e.inTable(tb.ID, func(tt *table) {
		if tt.step != 0 || tt.seats[1].takeover != "" {
			t.Errorf("before anybody came: step %d, the creator's seat taken over by %q", tt.step, tt.seats[1].takeover)
		}
	})
	e.dial(tb.ID, "token="+tb.SeatToken, nil).leave()
	gametest.Eventually(t, 10*time.Second, "the table played on once its person had come and gone", func() bool {
		moved := false
		e.inTable(tb.ID, func(tt *table) { moved = tt.step > 1 && tt.seats[1].takeover != "" })
		return moved
	})
}

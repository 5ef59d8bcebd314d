package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"trull/internal/gametest"
	"trull/internal/store"
)

// chatStored counts a table's chat events and the bytes of their data.
func chatStored(t *testing.T, e *testEnv, id string) (events, bytes int) {
	t.Helper()
	evs, err := e.srv.store.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		if ev.Kind == evChat {
			events++
			bytes += len(ev.Data)
		}
	}
	return events, bytes
}

// seatAll creates a table of n people and connects every seat.
func seatAll(t *testing.T, e *testEnv, game string, n int) (createResp, []*client) {
	t.Helper()
	tb := e.create(map[string]any{"game": game, "players": n, "bots": make([]string, n), "name": "P0"})
	cs := []*client{e.dial(tb.ID, "token="+tb.SeatToken, nil)}
	for i, inv := range tb.Invites {
		cl := e.claim(tb.ID, inv.URL, fmt.Sprintf("P%d", i+1))
		cs = append(cs, e.dial(tb.ID, "token="+cl.SeatToken, nil))
	}
	for _, c := range cs {
		c.state()
	}
	return tb, cs
}

// TestChatLimits: a seat says at most ChatPerHand lines in a hand (the
// next hand it may again), a table takes at most ChatLines lines, and the
// refusals say which bound and change nothing; a restart keeps the counts.
func TestChatLimits(t *testing.T) {
	e := newEnv(t, Config{ChatPerHand: 3, ChatLines: 7})
	tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann", "hands": 5})
	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	ann.state()
	say := func(c *client, text string) tMsg {
		t.Helper()
		seq := c.send(map[string]any{"type": "chat", "text": text})
		return c.waitFor("the line or its refusal", func(m tMsg) bool {
			return m.Type == "chat" && m.Text == text || m.Type == "error" && m.Seq != nil && *m.Seq == seq
		})
	}
	cases := []struct {
		name, text, code string
	}{
		{"first line of the hand", "a1", ""},
		{"second", "a2", ""},
		{"third", "a3", ""},
		{"over the lines per hand", "a4", "chat_hand"},
	}
	for _, c := range cases {
		m := say(ann, c.text)
		if (c.code == "") != (m.Type == "chat") || m.Code != c.code {
			t.Fatalf("%s: %s, want code %q", c.name, m.raw, c.code)
		}
	}
	if n, _ := chatStored(t, e, tb.ID); n != 3 {
		t.Fatalf("%d chat events stored, want 3", n)
	}
	// The next hand: the seat may speak again, until the table's lines
	// run out; a restart in between keeps the count.
	ann.playUntil(rand.New(rand.NewPCG(9, 9)), func(s *tState) bool { return s.Table.Played >= 1 })
	ann.answer(ann.send(map[string]any{"type": "next"}))
	e.restart()
	ann = e.dial(tb.ID, "token="+tb.SeatToken, nil)
	ann.state()
	for i, code := range []string{"", "", "", "chat_hand"} {
		m := say(ann, fmt.Sprintf("b%d", i))
		if m.Code != code {
			t.Fatalf("line %d of the second hand: %s, want code %q", i, m.raw, code)
		}
	}
	ann.playUntil(rand.New(rand.NewPCG(9, 10)), func(s *tState) bool { return s.Table.Played >= 2 })
	ann.answer(ann.send(map[string]any{"type": "next"}))
	for i, code := range []string{"", "chat_full", "chat_full"} {
		m := say(ann, fmt.Sprintf("c%d", i))
		if m.Code != code {
			t.Fatalf("line %d of the third hand: %s, want code %q", i, m.raw, code)
		}
	}
	if n, _ := chatStored(t, e, tb.ID); n != 7 {
		t.Fatalf("%d chat events stored, want 7", n)
	}
}

// TestChatFlood: eight seats flood a table with long chat lines, far more
// than it takes: the table's log keeps at most ChatBytes bytes of chat and
// every refusal says why. It reports what the database holds.
func TestChatFlood(t *testing.T) {
	e := newEnv(t, Config{})
	tb, cs := seatAll(t, e, "troggu", 8)
	line := strings.Repeat("Grüß Gott, wer kommt heut noch? ", 12) // 384 characters
	const perSeat = 200
	// Each seat sends its lines as fast as the answers come: its own line
	// broadcast, or a refusal (the protocol drops the refusals of a
	// client that does not wait for them when its queue is full).
	var wg sync.WaitGroup
	codes := make([]map[string]int, len(cs))
	for i, c := range cs {
		codes[i] = map[string]int{}
		wg.Go(func() {
			for range perSeat {
				seq := c.send(map[string]any{"type": "chat", "text": line})
				m := c.waitFor("the line or its refusal", func(m tMsg) bool {
					return m.Type == "chat" && m.Seat == i || m.Type == "error" && m.Seq != nil && *m.Seq == seq
				})
				if m.Type == "chat" {
					codes[i]["ok"]++
				} else {
					codes[i][m.Code]++
				}
			}
		})
	}
	wg.Wait()
	events, bytes := chatStored(t, e, tb.ID)
	accepted, full, hand := 0, 0, 0
	for _, m := range codes {
		accepted, full, hand = accepted+m["ok"], full+m["chat_full"], hand+m["chat_hand"]
	}
	cfg := e.srv.cfg
	if events != accepted || bytes > cfg.ChatBytes || events > cfg.ChatLines {
		t.Fatalf("%d chat events (%d bytes) stored, %d accepted; the bounds are %d lines, %d bytes", events, bytes, accepted, cfg.ChatLines, cfg.ChatBytes)
	}
	if full == 0 || accepted+full+hand != len(cs)*perSeat {
		t.Fatalf("accepted %d, refused %d as full and %d for the hand, of %d", accepted, full, hand, len(cs)*perSeat)
	}
	size := int64(0)
	for _, f := range []string{e.db, e.db + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			size += st.Size()
		}
	}
	t.Logf("chat flood: %d lines of %d characters sent from %d seats; %d stored (%d bytes of chat events), %d refused as full, %d for the hand; database and WAL %d KiB",
		len(cs)*perSeat, len([]rune(line)), len(cs), events, bytes, full, hand, size>>10)
}

// TestChatDroppedAfterTheEnd: when a sitting is over, its chat leaves the
// log as the table leaves memory; the events keep their numbers and kind,
// the table loads again, and the dropped lines still count.
func TestChatDroppedAfterTheEnd(t *testing.T) {
	inBubble(t, Config{IdleUnload: 50 * time.Millisecond}, func(t *testing.T, e *testEnv) {
		tb := e.create(map[string]any{"game": "strohmandeln", "bots": []string{"", "rules"}, "name": "Ann", "hands": 1})
		ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
		ann.state()
		for _, text := range []string{"servus", "viel Glück"} {
			ann.send(map[string]any{"type": "chat", "text": text})
			ann.waitFor("the line", func(m tMsg) bool { return m.Type == "chat" && m.Text == text })
		}
		ann.playUntil(rand.New(rand.NewPCG(3, 4)), func(s *tState) bool { return s.Table.State == store.StatusOver })
		ann.send(map[string]any{"type": "chat", "text": "gg"})
		ann.waitFor("the line", func(m tMsg) bool { return m.Type == "chat" && m.Text == "gg" })
		if n, b := chatStored(t, e, tb.ID); n != 3 || b < 3*len(`{"text":"gg"}`) {
			t.Fatalf("before the table left memory: %d chat events, %d bytes", n, b)
		}
		ann.ws.CloseNow()
		gametest.Eventually(t, 20*time.Second, "the 3 chat lines dropped", func() bool {
			evs, err := e.srv.store.Events(context.Background(), tb.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			dropped := 0
			for _, ev := range evs {
				if ev.Kind == evChat && string(ev.Data) == "{}" {
					dropped++
				}
			}
			return dropped == 3
		})
		// The table loads again and plays back no chat; the lines still count.
		spec := e.dial(tb.ID, "spectate=1", nil)
		st := spec.state()
		if st.Table.State != store.StatusOver {
			t.Fatalf("the table after its chat was dropped: %q", st.Table.State)
		}
		var lines, kept int
		e.inTable(tb.ID, func(x *table) { lines, kept = x.chatLines, len(x.chat) })
		if lines != 3 || kept != 0 {
			t.Fatalf("after loading: %d chat lines counted and %d kept for newcomers, want 3 and 0", lines, kept)
		}
	})
}

package server

import (
	"context"
	"testing"
	"time"

	"trull/internal/gametest"
)

// TestBotPool: a bot decision waits for a slot of the server's bot pool,
// while its table goes on answering; once a slot is free the bot acts.
func TestBotPool(t *testing.T) {
	e := newEnv(t, Config{PostRate: -1, BotDelay: time.Millisecond, BotWorkers: 1, Grace: -1})
	// The pool's one slot, taken before any bot can ask for it; the
	// person's seat, opened and left, is played by a bot at once (Grace).
	e.srv.botSlots <- struct{}{}
	// A search level: its bot is of a type that cannot be compared.
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "ismcts-fast", "ismcts-fast"}, "name": "Bots", "hands": 1})
	e.dial(tb.ID, "token="+tb.SeatToken, nil).leave()
	tab, err := e.srv.table(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	var step int
	waiting := false
	gametest.Eventually(t, time.Minute, "a bot waiting for the pool", func() bool {
		inTable(tab, func(t *table) { step, waiting = t.step, t.botJob != nil })
		return waiting
	})
	// The table answers while its bot waits, and the bot has not acted.
	time.Sleep(100 * time.Millisecond)
	inTable(tab, func(tt *table) {
		if tt.step != step || tt.botJob == nil {
			t.Errorf("a bot acted without a slot of the pool: step %d → %d", step, tt.step)
		}
	})
	<-e.srv.botSlots
	gametest.Eventually(t, time.Minute, "the bots acting once the pool is free", func() bool {
		var now int
		inTable(tab, func(t *table) { now = t.step })
		return now > step
	})
}

// TestBotJobStale: a decision searched for a position the table has left
// (here, another step) is dropped, and the bot asked again.
func TestBotJobStale(t *testing.T) {
	e := newEnv(t, Config{PostRate: -1, BotDelay: time.Hour, BotWorkers: 1, Grace: -1})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "ismcts-fast", "ismcts-fast"}, "name": "Bots", "hands": 1})
	e.dial(tb.ID, "token="+tb.SeatToken, nil).leave()
	tab, err := e.srv.table(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	gametest.Eventually(t, time.Minute, "a bot to act", func() bool {
		turn := -1
		inTable(tab, func(t *table) { turn = t.botTurn() })
		return turn >= 0
	})
	inTable(tab, func(tt *table) {
		j := &botJob{hand: tt.hand, step: tt.step - 1, takebacks: tt.takebacks, seat: tt.botTurn(), b: tt.botFor(tt.botTurn())}
		tt.botJob = j
		if tt.botTimer != nil {
			tt.botTimer.Stop()
			tt.botTimer = nil
		}
		before := tt.step
		tt.botDone(j, tt.st.Legal(nil)[:1])
		if tt.step != before || tt.botJob != nil {
			t.Errorf("a stale decision was applied: step %d → %d", before, tt.step)
		}
		if tt.botTimer == nil {
			t.Error("the bot was not asked again")
		}
	})
}

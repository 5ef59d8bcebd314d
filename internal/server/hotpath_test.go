package server

import (
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
	"time"
)

// loadLikeTable makes a table as `trull load` plays it (Droggn, two people
// and a rules bot, the turn clock running) with both people claimed, and
// returns it once the hand is dealt.
func loadLikeTable(b testing.TB) *table {
	e := newEnv(b, Config{PostRate: -1, BotDelay: time.Hour})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "", "rules"}, "name": "A", "turn_clock": 90, "hints": false})
	e.claim(tb.ID, tb.Invites[0].URL, "B")
	tab, err := e.srv.table(context.Background(), tb.ID)
	if err != nil {
		b.Fatal(err)
	}
	return tab
}

// inTable runs f in the table's goroutine and waits for it; a table that
// has stopped (a panic stops one) fails the calling test at once instead
// of leaving it waiting.
func inTable(tab *table, f func(*table)) {
	done := make(chan struct{})
	if err := tab.send(context.Background(), runIn(func(t *table) { defer close(done); f(t) })); err != nil {
		panic(fmt.Sprintf("the table has stopped: %v", err))
	}
	select {
	case <-done:
	case <-tab.done:
		panic("the table stopped before it ran the test's code")
	}
}

// BenchmarkBroadcast is the server's cost of one change at a table of the
// load test: a state message for each of the two people's connections
// (no view, the table part only when changed, as the browser joins),
// before anything is written to a socket; at the deal and in the middle
// of the card play (40 actions into the hand).
func BenchmarkBroadcast(b *testing.B) {
	tab := loadLikeTable(b)
	for _, pos := range []struct {
		name    string
		actions int
	}{{"deal", 0}, {"play", 40}} {
		b.Run(pos.name, func(b *testing.B) {
			var size int
			var err error
			inTable(tab, func(t *table) {
				dealt := t.st
				defer func() { t.st = dealt }()
				// Random legal actions, from the first seed whose hand
				// lasts long enough.
				for seed := uint64(0); ; seed++ {
					if seed == 100 {
						err = errors.New("no hand lasts long enough")
						return
					}
					rng := rand.New(rand.NewPCG(seed, 1))
					t.st = dealt.Clone()
					for i := 0; i < pos.actions && !t.st.Done(); i++ {
						legal := t.st.Legal(nil)
						if err = t.st.Apply(legal[rng.IntN(len(legal))]); err != nil {
							return
						}
					}
					if !t.st.Done() {
						break
					}
				}
				var cs []*conn
				for seat := range 2 {
					c := newConn(nil)
					c.seat, c.noView, c.delta = seat, true, true
					cs = append(cs, c)
					t.conns[c] = struct{}{}
				}
				defer func() {
					for _, c := range cs {
						delete(t.conns, c)
					}
				}()
				b.ReportAllocs()
				for b.Loop() {
					t.broadcast(nil, nil)
					for _, c := range cs {
						// As the connection's writer does.
						m := <-c.out
						size = len(m.b)
						if m.own {
							recycle(m.b)
						}
					}
				}
			})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(size), "bytes/msg")
		})
	}
}

// BenchmarkLoadStateDeflate is the cost of compressing one state message
// of the load test's tables as permessage-deflate does (a pooled writer at
// BestSpeed, each message alone), with the table part and without it.
func BenchmarkLoadStateDeflate(b *testing.B) {
	tab := loadLikeTable(b)
	var full, delta []byte
	inTable(tab, func(t *table) {
		c := newConn(nil)
		c.seat, c.noView, c.delta = 0, true, true
		tp := t.tableJSON()
		full = t.stateFor(c, &tp, map[int]*seatView{}, nil)
		delta = t.stateFor(c, &tp, map[int]*seatView{}, nil)
	})
	for _, m := range []struct {
		name string
		raw  []byte
	}{{"table", full}, {"delta", delta}} {
		b.Run(m.name, func(b *testing.B) {
			fw, _ := flate.NewWriter(io.Discard, flate.BestSpeed)
			var out countWriter
			b.SetBytes(int64(len(m.raw)))
			b.ReportAllocs()
			for b.Loop() {
				out = 0
				fw.Reset(&out)
				fw.Write(m.raw)
				fw.Flush()
			}
			b.ReportMetric(float64(out), "wire-bytes/op")
		})
	}
}

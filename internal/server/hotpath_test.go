package server

import (
	"compress/flate"
	"context"
	"io"
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

// inTable runs f in the table's goroutine and waits for it.
func inTable(tab *table, f func(*table)) {
	done := make(chan struct{})
	tab.send(context.Background(), runIn(func(t *table) { f(t); close(done) }))
	<-done
}

// BenchmarkBroadcast is the server's cost of one change at a table of the
// load test: a state message for each of the two people's connections
// (no view, the table part only when changed, as the browser joins),
// before anything is written to a socket.
func BenchmarkBroadcast(b *testing.B) {
	tab := loadLikeTable(b)
	var size int
	inTable(tab, func(t *table) {
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
			for _, c := range cs {
				c.lastTable = nil // a change of the table part each time
			}
			t.broadcast(nil, nil)
			for _, c := range cs {
				size = len(<-c.out)
			}
		}
	})
	b.ReportMetric(float64(size), "bytes/msg")
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

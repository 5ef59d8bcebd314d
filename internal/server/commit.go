package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"trull/internal/store"
)

// commit appends events durably and then applies them. Nothing is applied
// when the append fails.
func (t *table) commit(evs ...event) error {
	if len(evs) == 0 {
		return nil
	}
	now := time.Now()
	out := make([]store.Event, len(evs))
	for i, e := range evs {
		var b []byte
		if d, ok := e.data.(actData); ok {
			t.evBuf = d.appendJSON(t.evBuf[:0])
			b = bytes.Clone(t.evBuf)
		} else {
			var err error
			if b, err = json.Marshal(e.data); err != nil {
				return fmt.Errorf("server: encoding %s event: %w", e.kind, err)
			}
		}
		out[i] = store.Event{Seq: t.seq + int64(i) + 1, Kind: e.kind, Data: b, At: now}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	err := t.srv.store.Append(ctx, t.id, out...)
	t.srv.metrics.appendTime.Observe(time.Since(start).Seconds())
	if err != nil {
		t.log.Error("append failed", "err", err)
		if errors.Is(err, store.ErrConflict) {
			// Another server wrote to this table: it is not ours.
			t.halt()
		}
		return err
	}
	for i, ev := range out {
		if err := t.applyAs(ev, decoded(evs[i].data)); err != nil {
			// Validated before the append: this is a bug, and the log now
			// holds an event the table cannot apply. Stop serving it.
			t.log.Error("applying a committed event failed", "err", err)
			t.halt()
			return err
		}
	}
	t.flushHands()
	t.flushDaily()
	return nil
}

// decoded returns an event's data as the log gives it back when that is
// the data itself: an act event's, once an empty list of cards is taken
// for none (both are left out of the JSON). Others are decoded from the
// log's bytes (nil).
func decoded(data any) any {
	d, ok := data.(actData)
	if !ok {
		return nil
	}
	if d.Action.Cards != nil && len(d.Action.Cards) == 0 {
		d.Action.Cards = nil
	}
	return d
}

// flushHands stores the records of finished hands.
func (t *table) flushHands() {
	for _, h := range t.finished {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := t.srv.store.PutHand(ctx, h); err != nil {
			t.log.Error("storing a hand record failed (it is rebuilt on the next load)", "hand", h.N, "err", err)
		}
		cancel()
		t.srv.metrics.hands.WithLabelValues(t.rules.Game()).Inc()
	}
	t.finished = t.finished[:0]
}

func (t *table) count(evs []event) {
	for _, e := range evs {
		if d, ok := e.data.(actData); ok {
			by := "human"
			if d.Bot != "" {
				by = "bot"
			}
			t.srv.metrics.actions.WithLabelValues(t.rules.Game(), by).Inc()
		}
	}
}

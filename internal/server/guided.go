package server

import (
	"encoding/json"

	"trull/internal/guide"
)

// guideFor returns the guide of a learning table for the person's seat
// as JSON, nil for other tables and seats. It is made from what the seat
// may know (guide.For); the rules limiting the seat's cards are asked of
// the checked engine, which is why only guided tables compute it.
func (t *table) guideFor(seat int) json.RawMessage {
	if t.lesson == nil || seat != t.lesson.Seat || t.st == nil || !t.started {
		return nil
	}
	g, err := guide.For(*t.lesson, t.st, seat)
	if err != nil {
		t.log.Error("making the guide failed", "err", err)
		return nil
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.log.Error("encoding the guide failed", "err", err)
		return nil
	}
	return b
}

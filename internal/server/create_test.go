package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
)

// complete says what a table summary lacks ("" when nothing): a summary
// is read by the lobby page, which needs every field.
func complete(li lobbyInfo, seats int) string {
	switch {
	case li.ID == "" || li.Game == "" || li.Variant == "" || li.State == "":
		return "no id, game, variant or state"
	case li.Name == "":
		return "no name"
	case li.Created == 0:
		return "no created_ms"
	case li.VariantTitle.EN == "" || li.VariantTitle.DE == "":
		return "no variant_title"
	case li.Seats == nil:
		return "seats null"
	case seats > 0 && len(li.Seats) != seats:
		return fmt.Sprintf("%d seats, want %d", len(li.Seats), seats)
	}
	return ""
}

// TestCreatedTableIsWhole: a table is listed and described only whole,
// from the first moment: a create followed at once by GET /api/tables/{id}
// and by the lobby list, thousands of times from several clients, while
// another client polls the lobby, never sees a table without its name,
// time or seats.
func TestCreatedTableIsWhole(t *testing.T) {
	creates := 2000
	if testing.Short() {
		creates = 200
	}
	e := newEnv(t, Config{})
	var bad atomic.Value
	fail := func(format string, args ...any) { bad.CompareAndSwap(nil, fmt.Sprintf(format, args...)) }
	lobby := func() {
		var list []lobbyInfo
		if code := e.do("GET", "/api/tables", nil, &list); code != http.StatusOK {
			fail("lobby: %d", code)
		}
		for _, li := range list {
			if what := complete(li, 0); what != "" {
				fail("the lobby lists table %s with %s: %+v", li.ID, what, li)
			}
		}
	}
	stop := make(chan struct{})
	polled := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				polled <- n
				return
			default:
			}
			lobby()
			n++
		}
	}()
	var wg sync.WaitGroup
	const workers = 4
	for w := range workers {
		wg.Go(func() {
			for i := w; i < creates; i += workers {
				tb := e.create(map[string]any{"game": "troggu", "players": 4, "bots": []string{"", "", "rules", "rules"}, "name": "Ann"})
				var li lobbyInfo
				if code := e.do("GET", "/api/tables/"+tb.ID, nil, &li); code != http.StatusOK {
					fail("GET %s right after creating it: %d", tb.ID, code)
				}
				if what := complete(li, 4); what != "" {
					fail("GET %s right after creating it: %s: %+v", tb.ID, what, li)
				}
				if i%10 == 0 {
					lobby()
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	n := <-polled
	if v := bad.Load(); v != nil {
		t.Fatal(v)
	}
	if n == 0 {
		t.Fatal("the lobby was not polled during the creations")
	}
	// The raw JSON too: seats is a list, never null.
	var raw []map[string]json.RawMessage
	e.do("GET", "/api/tables", nil, &raw)
	for _, m := range raw {
		if string(m["seats"]) == "null" || m["seats"] == nil {
			t.Fatalf("a lobby entry without seats: %v", m)
		}
	}
}

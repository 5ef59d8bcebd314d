//go:build !(js && wasm)

// The table tests use the load generator, which needs a network stack:
// they run natively only (speed_test.go also runs in WebAssembly).

package offline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/gametest/knowledge"
	"trull/internal/loadgen"
	"trull/internal/wire"
)

// msg is a server message as a client reads it.
type msg struct {
	Type  string            `json:"type"`
	Seq   int64             `json:"seq"`
	Ack   *int64            `json:"ack"`
	Code  string            `json:"code"`
	Error string            `json:"error"`
	Done  bool              `json:"done"`
	Hand  int               `json:"hand"`
	Legal []json.RawMessage `json:"legal"`
	Table struct {
		State  string `json:"state"`
		Played int    `json:"played"`
		Totals []int  `json:"totals"`
	} `json:"table"`
	Hints []struct {
		Action json.RawMessage `json:"action"`
		Value  *float64        `json:"value"`
		Why    *struct {
			Text struct{ EN, DE string } `json:"text"`
		} `json:"why"`
	} `json:"hints"`
}

func read(t *testing.T, b []byte) msg {
	t.Helper()
	var m msg
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}

// pick chooses a legal action of a state message at random, as the load
// generator's people do.
func pick(rng *rand.Rand, legal []json.RawMessage) []byte {
	b, _ := json.Marshal(map[string]any{"type": "act", "action": loadgen.PickAction(rng, legal)})
	return b
}

// sit plays a whole sitting of c with a person choosing at random from
// seed and returns every message the person received.
func sit(t *testing.T, c Config, seed uint64, each func(tb *Table, m []byte)) [][]byte {
	t.Helper()
	tb, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var all [][]byte
	got := func(ms ...[]byte) msg {
		var last msg
		for _, m := range ms {
			all = append(all, m)
			if each != nil {
				each(tb, m)
			}
			last = read(t, m)
		}
		return last
	}
	m := got(tb.Receive([]byte(`{"type":"join"}`))...)
	for range 100000 {
		switch {
		case tb.BotToAct():
			m = got(tb.Step())
		case m.Type == "error":
			// A random discard the rules refuse: pick again.
			m = got(tb.State(nil))
		case m.Done && m.Table.State == "over":
			return all
		case m.Done:
			m = got(tb.Receive([]byte(`{"type":"next"}`))...)
		case len(m.Legal) > 0:
			m = got(tb.Receive(pick(rng, m.Legal))...)
		default:
			t.Fatalf("the person is to act with no legal action: %+v", m)
		}
	}
	t.Fatal("the sitting did not end")
	return nil
}

// TestSittings plays a sitting of each game and set-up with rules bots:
// every hand's record replays to the result the score sheet holds.
func TestSittings(t *testing.T) {
	for _, v := range []struct {
		game    string
		players int
	}{{"droggn", 3}, {"droggn", 4}, {"troggu", 3}, {"troggu", 5}, {"strohmandeln", 2}} {
		t.Run(fmt.Sprint(v.game, v.players), func(t *testing.T) {
			c := Config{Game: v.game, Players: v.players, Seat: 1, Bot: "rules", Seed: fmt.Sprint("offline-test/", v), Hands: 4}
			var table *Table
			msgs := sit(t, c, 7, func(x *Table, _ []byte) { table = x })
			last := read(t, msgs[len(msgs)-1])
			if last.Table.State != "over" || last.Table.Played != 4 {
				t.Fatalf("the sitting ended %q after %d hands", last.Table.State, last.Table.Played)
			}
			if len(table.Records()) < 4 {
				t.Fatalf("%d records for 4 played hands", len(table.Records()))
			}
			totals := make([]int, table.players)
			for i, rec := range table.Records() {
				st, err := game.Replay(rec)
				if err != nil {
					t.Fatalf("hand %d: %v", i, err)
				}
				if !st.Done() {
					t.Fatalf("hand %d does not end", i)
				}
				for s, p := range st.Result().Score {
					totals[s] += p * table.sit.Sheet()[i].Multiplier
				}
			}
			for s := range totals {
				if totals[s] != last.Table.Totals[s] {
					t.Fatalf("the records' scores add up to %v, the sheet's totals are %v", totals, last.Table.Totals)
				}
			}
		})
	}
}

// TestDeterminism: the same configuration and messages give the same
// messages, byte for byte.
func TestDeterminism(t *testing.T) {
	c := Config{Game: "troggu", Players: 4, Seat: 2, Bot: "rules", Seed: "same", Hands: 2}
	a := sit(t, c, 3, nil)
	b := sit(t, c, 3, nil)
	if len(a) != len(b) {
		t.Fatalf("%d messages, then %d", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("message %d differs:\n%s\n%s", i, a[i], b[i])
		}
	}
}

// TestHiddenCards: no state message names a card the person may not know
// (the knowledge tracker's rule, as for the server's messages).
func TestHiddenCards(t *testing.T) {
	for _, v := range []struct {
		game    string
		players int
	}{{"droggn", 3}, {"troggu", 4}, {"strohmandeln", 2}} {
		t.Run(v.game, func(t *testing.T) {
			checked := 0
			for s := range uint64(5) {
				c := Config{Game: v.game, Players: v.players, Seat: int(s) % 2, Bot: "rules", Seed: fmt.Sprint("hidden/", s), Hands: 3}
				sit(t, c, s, func(tb *Table, m []byte) {
					if !bytes.HasPrefix(m, []byte(`{"type":"state"`)) {
						return
					}
					st0, err := tb.rules.NewState(tb.sit.Deck(tb.hand), tb.st.Dealer())
					if err != nil {
						t.Fatal(err)
					}
					tr := knowledge.New(st0)
					for _, a := range tb.st.History() {
						if err := tr.Apply(a); err != nil {
							t.Fatal(err)
						}
					}
					leak, err := knowledge.JSONLeaks(tb.rules, m, tr.Visible(game.ViewerOf(tb.cfg.Seat)))
					if err != nil {
						t.Fatal(err)
					}
					if !leak.Empty() {
						t.Fatalf("the person is told %s: %s", leak, m)
					}
					checked++
				})
			}
			if checked < 100 {
				t.Fatalf("only %d state messages checked", checked)
			}
		})
	}
}

// TestRefusals: a bad message is answered with an error that says what
// and why, and the table does not change.
func TestRefusals(t *testing.T) {
	tb, err := New(Config{Game: "droggn", Seat: 0, Bot: "rules", Seed: "refusals"})
	if err != nil {
		t.Fatal(err)
	}
	for tb.BotToAct() {
		tb.Step()
	}
	before := tb.State(nil)
	cases := []struct {
		msg, code, says string
	}{
		{`nonsense`, "bad_message", "not JSON"},
		{`{"type":"act"}`, "bad_message", `no "action"`},
		{`{"type":"act","action":{"act":"play","card":"XX"}}`, "", "act:"},
		{`{"type":"act","seat":1,"action":{"seat":1,"act":"bid","call":"pass"}}`, "bad_message", "names seat 1"},
		{`{"type":"next","seq":4}`, "bad_message", "still being played"},
		{`{"type":"chat","text":"hi"}`, "bad_message", "not a message of an offline table"},
	}
	for _, c := range cases {
		out := tb.Receive([]byte(c.msg))
		if len(out) != 1 {
			t.Fatalf("%s: %d answers", c.msg, len(out))
		}
		m := read(t, out[0])
		if m.Type != "error" || (c.code != "" && m.Code != c.code) || !strings.Contains(m.Error, c.says) {
			t.Errorf("%s: %s; want code %q saying %q", c.msg, out[0], c.code, c.says)
		}
		if after := tb.State(nil); !bytes.Equal(after, before) {
			t.Errorf("%s changed the table", c.msg)
		}
	}
	for _, c := range []struct {
		cfg  Config
		says string
	}{
		{Config{Game: "droggn", Seat: 3}, "seats 0 to 2"},
		{Config{Game: "schnapsen"}, `unknown game "schnapsen"`},
		{Config{Game: "troggu", Players: 9}, "3 to 8 players, not 9"},
		{Config{Game: "droggn", Options: map[string]json.RawMessage{"winRule": json.RawMessage(`"99"`)}}, "winRule"},
		{Config{Game: "droggn", Bot: "nobody"}, "nobody"},
	} {
		if _, err := New(c.cfg); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%+v: %v; want an error saying %q", c.cfg, err, c.says)
		}
	}
}

// TestHint: the person's hint names legal whole decisions.
func TestHint(t *testing.T) {
	tb, err := New(Config{Game: "droggn", Seat: 0, Bot: "rules", HintBot: "ismcts-fast", Seed: "hint"})
	if err != nil {
		t.Fatal(err)
	}
	for tb.BotToAct() {
		tb.Step()
	}
	st := read(t, tb.State(nil))
	m := read(t, tb.Receive([]byte(`{"type":"hint","seq":9}`))[0])
	if m.Type != "hint" || len(m.Hints) == 0 {
		t.Fatalf("hint answer %+v", m)
	}
	whys := 0
	for _, h := range m.Hints {
		if h.Value != nil && h.Why != nil {
			if h.Why.Text.EN == "" || h.Why.Text.DE == "" {
				t.Errorf("hint %s: a why without words in both languages", h.Action)
			}
			whys++
		}
		var a map[string]any
		json.Unmarshal(h.Action, &a)
		delete(a, "seat")
		found := false
		for _, l := range st.Legal {
			var b map[string]any
			json.Unmarshal(l, &b)
			delete(b, "seat")
			if fmt.Sprint(a) == fmt.Sprint(b) {
				found = true
			}
		}
		if !found {
			t.Errorf("hint %s is not among the legal actions", h.Action)
		}
	}
	if len(m.Hints) < 2 || whys == 0 {
		t.Error("fewer than two hints, or no valued hint says why")
	}
}

// TestSeatBots: each seat is played by the bot the create form shows for
// it; a seat it leaves out by Bot, and a bot name no bot has is refused
// with its seat.
func TestSeatBots(t *testing.T) {
	tb, err := New(Config{Game: "troggu", Players: 4, Seat: 1, Bot: "rules", Bots: []string{"random", "", "ismcts-fast"}, Seed: "seat-bots"})
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Table wire.Table `json:"table"`
	}
	if err := json.Unmarshal(tb.State(nil), &m); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range m.Table.Seats {
		got = append(got, s.Bot)
	}
	if want := []string{"random", "", "ismcts-fast", "rules"}; !slices.Equal(got, want) {
		t.Errorf("the seats' bots are %q, want %q", got, want)
	}
	for tb.BotToAct() {
		tb.Step()
	}
	if _, err := New(Config{Game: "troggu", Players: 3, Bots: []string{"", "rules", "nobody"}}); err == nil || !strings.Contains(err.Error(), "seat 2") {
		t.Errorf("an unknown bot of seat 2: %v", err)
	}
	if _, err := New(Config{Game: "troggu", Players: 3, Bots: []string{"", "rules", "rules", "rules"}}); err == nil {
		t.Error("four bots for three seats are taken")
	}
}

package game_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/games/droggn"
)

// TestDeckFromSeed pins the seed → deck derivation: it must never change,
// or every record that gives a seed would change its deal.
func TestDeckFromSeed(t *testing.T) {
	cases := []struct {
		p    *card.Pack
		want []string
	}{
		{card.Droggn66, []string{"FOOL", "C-9", "C-4", "T18", "T3", "S-6", "S-4", "D-2", "C-8", "T10", "C-J", "H-7"}},
		{card.Troggu62, []string{"T8", "FOOL", "Ba-Q", "T7", "Sw-7", "Co-Q", "Co-4", "T17"}},
	}
	for _, c := range cases {
		d := game.DeckFromSeed(c.p, "trull")
		for i, id := range c.want {
			if got := c.p.ID(d[i]); got != id {
				t.Errorf("%s deck[%d] = %s, want %s", c.p.Name, i, got, id)
			}
		}
		if len(d) != c.p.Size() || card.Of(d...) != c.p.Cards {
			t.Errorf("%s: deck is not a permutation", c.p.Name)
		}
	}
}

// TestOptions covers option parsing, defaults and the canonical string.
func TestOptions(t *testing.T) {
	cases := []struct {
		opts    string
		players int
		want    string
		err     string
	}{
		{`{}`, 3, "droggn()", ""},
		{`{"winRule":"38","players":4}`, 4, "droggn(players=4,winRule=38)", ""},
		{`{"winRule":38}`, 3, "droggn(winRule=38)", ""},
		{`{"winRule":"37"}`, 3, "droggn()", ""},
		{`{"maxDoublings":null}`, 3, "droggn()", ""},
		{`{"maxDoublings":2,"exposeTalonInAnsager":true}`, 3, "droggn(exposeTalonInAnsager=true,maxDoublings=2)", ""},
		{`{"noSuchOption":1}`, 3, "", `unknown option "noSuchOption"`},
		{`{"players":3}`, 4, "", "does not match"},
		{`{"winRule":"39"}`, 3, "", "bad value"},
		{`{"exposeTalonInAnsager":"yes"}`, 3, "", "bad value"},
		{`{"pack":78,"dealPattern":"5-5-5-3-3"}`, 3, "", "cannot be used"},
	}
	for _, c := range cases {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.opts), &raw); err != nil {
			t.Fatal(err)
		}
		r, err := droggn.New(raw, c.players)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.opts, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.opts, err)
			continue
		}
		if r.String() != c.want {
			t.Errorf("%s: %s, want %s", c.opts, r.String(), c.want)
		}
	}
}

// TestDecodeRecord covers record-level errors.
func TestDecodeRecord(t *testing.T) {
	cases := []struct{ in, err string }{
		{`{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"seed":"x","actions":[],"extra":1}`, "unknown field"},
		{`{"format":"trull-hand/1"} {}`, "unexpected data"},
		{`[]`, "not valid JSON"},
	}
	for _, c := range cases {
		_, err := game.DecodeRecord(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, game.ErrRecord) {
			t.Errorf("%s: %v, want %q", c.in, err, c.err)
		}
	}
}

// TestReplayRecordErrors covers deck and dealer checks.
func TestReplayRecordErrors(t *testing.T) {
	base := func(mod string) string {
		return `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],` + mod + `,"actions":[]}`
	}
	cases := []struct{ in, err string }{
		{base(`"dealer":3,"seed":"x"`), "not a seat"},
		{base(`"dealer":0`), "neither deck nor seed"},
		{base(`"dealer":0,"deck":["T1","T1"]`), "appears twice"},
		{base(`"dealer":0,"deck":["T1"]`), "missing"},
		{base(`"dealer":0,"deck":["Cu-K"]`), "unknown card ID"},
		{`{"format":"trull-hand/1","game":"droggn","players":["a","b"],"dealer":0,"seed":"x","actions":[]}`, "needs 3 to 4 players"},
	}
	for _, c := range cases {
		rec, err := game.DecodeRecord(strings.NewReader(c.in))
		if err == nil {
			_, err = game.Replay(rec)
		}
		if err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, game.ErrRecord) {
			t.Errorf("%s: %v, want %q", c.in, err, c.err)
		}
	}
}

// TestTitle checks the people's names of variants.
func TestTitle(t *testing.T) {
	cases := []struct {
		game    string
		players int
		opts    string
		lang    card.Lang
		want    string
	}{
		{"droggn", 3, "", card.English, "Droggn, 3 players"},
		{"droggn", 4, "winRule=38", card.English, "Droggn, 4 players, Declarer wins with: 38 points"},
		{"troggu", 7, "", card.German, "Troggu, 7 Spieler"},
		{"strohmandeln", 2, "pack=40", card.English, "Strohmandeln (Strohmann-Tarock), 2 players, Pack: 40 cards"},
		{"strohmandeln", 2, "pack=40", card.German, "Strohmandeln (Strohmann-Tarock), 2 Spieler, Blatt: 40 Karten"},
		{"droggn", 3, "pack=78,maxDoublings=2,exposeTalonInAnsager=true", card.German, "Droggn, 3 Spieler, Talon beim Ansager offen, Doppelungen höchstens: 2, Blatt: 78 Karten"},
	}
	for _, c := range cases {
		info, ok := game.Lookup(c.game)
		if !ok {
			t.Fatalf("%s is not registered", c.game)
		}
		r, err := info.Parse(c.opts, c.players)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.Title(r, c.lang); got != c.want {
			t.Errorf("Title(%s) = %q, want %q", r, got, c.want)
		}
	}
}

// TestFinish plays hands of every game to the end with game.Finish,
// deciding from each seat's view by one of its legal actions, and checks
// that each decision saw the view View makes for the seat to act (Finish
// makes them in the last view's memory where it can), and that an error
// of the decider stops the hand there.
func TestFinish(t *testing.T) {
	for _, name := range []string{"droggn(players=3)", "troggu(players=5)", "strohmandeln()"} {
		r, err := game.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.NewState(game.DeckFromSeed(r.Pack(), "finish"), 0)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		err = game.Finish(st, func(v game.View) (game.Action, error) {
			want, _ := json.Marshal(st.View(game.Seat(st.ToAct())))
			have, _ := json.Marshal(v)
			if string(want) != string(have) || v.ViewSeat() != st.ToAct() {
				t.Fatalf("%s step %d: decided from\n%s\nwant\n%s", name, steps, have, want)
			}
			steps++
			legal := v.LegalActions()
			return legal[len(legal)-1], nil
		})
		if err != nil || !st.Done() || steps < 20 {
			t.Fatalf("%s: %v after %d steps, done %v", name, err, steps, st.Done())
		}
		st, _ = r.NewState(game.DeckFromSeed(r.Pack(), "finish"), 0)
		stop := errors.New("stop")
		n := 0
		err = game.Finish(st, func(v game.View) (game.Action, error) {
			if n++; n == 2 {
				return game.Action{}, stop
			}
			return v.LegalActions()[0], nil
		})
		if !errors.Is(err, stop) || len(st.History()) != 1 {
			t.Errorf("%s: %v with %d actions applied, want stop after 1", name, err, len(st.History()))
		}
	}
}

// TestKindContract lists the kinds that set what a hand is played for.
func TestKindContract(t *testing.T) {
	for k := game.KindNone; k <= game.KindPlay; k++ {
		want := k == game.KindBid || k == game.KindLayout || k == game.KindDouble || k == game.KindFold || k == game.KindAnnounce
		if k.Contract() != want {
			t.Errorf("%s: contract %v, want %v", k, k.Contract(), want)
		}
	}
}

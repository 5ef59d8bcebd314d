package server

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
	"trull/internal/tactics"
)

// puzzleCall runs one request on the server's routes and returns the
// status and the body.
func puzzleCall(t *testing.T, h http.Handler, method, path, acceptLang, body string) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if acceptLang != "" {
		req.Header.Set("Accept-Language", acceptLang)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// TestPuzzleList: every game has at least 30 puzzles, each of a tactics
// theme, with IDs that GET /api/puzzles/{id} serves; a theme narrows the
// list; a game or theme that is none is refused in the request's language.
func TestPuzzleList(t *testing.T) {
	h := newEnv(t, Config{}).srv.routes()
	seen := map[string]bool{}
	for _, g := range []string{"droggn", "troggu", "strohmandeln"} {
		code, body := puzzleCall(t, h, "GET", "/api/puzzles?game="+g, "", "")
		var list []puzzleEntry
		if err := json.Unmarshal(body, &list); code != 200 || err != nil {
			t.Fatalf("%s: %d %s", g, code, body)
		}
		if len(list) < 30 {
			t.Errorf("%s has %d puzzles, want at least 30", g, len(list))
		}
		themes := map[string]int{}
		for _, p := range list {
			if p.Game != g || !slices.Contains(tactics.Themes, p.Theme) || seen[p.ID] {
				t.Errorf("%s lists %+v", g, p)
			}
			seen[p.ID] = true
			themes[p.Theme]++
		}
		for th, n := range themes {
			var some []puzzleEntry
			_, body := puzzleCall(t, h, "GET", "/api/puzzles?game="+g+"&theme="+th, "", "")
			json.Unmarshal(body, &some)
			if len(some) != n || slices.ContainsFunc(some, func(p puzzleEntry) bool { return p.Theme != th }) {
				t.Errorf("%s, theme %s: %d puzzles, want %d", g, th, len(some), n)
			}
		}
	}
	code, body := puzzleCall(t, h, "GET", "/api/puzzles", "", "")
	var all []puzzleEntry
	json.Unmarshal(body, &all)
	if code != 200 || len(all) != len(seen) {
		t.Errorf("all games: %d, %d puzzles, want %d", code, len(all), len(seen))
	}
	code, body = puzzleCall(t, h, "GET", "/api/puzzles?game=droggn&theme=fool", "", "")
	if code != 200 || string(body) != "[]\n" {
		t.Errorf("a theme the game has no puzzle of: %d %s, want an empty list", code, body)
	}

	for _, c := range []struct {
		name, path, lang string
		status           int
		code, says       string
	}{
		{"unknown game", "/api/puzzles?game=skat", "", 400, "puzzle_game", `not of "skat"`},
		{"empty game", "/api/puzzles?game=", "", 400, "puzzle_game", "There are puzzles of Droggn"},
		{"unknown game in German", "/api/puzzles?game=skat", "de-AT,de;q=0.9", 400, "puzzle_game", "nicht zu „skat“"},
		{"unknown theme", "/api/puzzles?game=troggu&theme=pagat", "", 400, "puzzle_theme", `"pagat" is not a puzzle theme; the themes are misere, fool`},
		{"unknown theme by lang", "/api/puzzles?game=troggu&theme=pagat&lang=de", "en", 400, "puzzle_theme", "„pagat“ ist kein Thema"},
		{"unknown language", "/api/puzzles?lang=fr", "", 400, "puzzle_lang", `not "fr"`},
		{"German second", "/api/puzzles?game=skat", "fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7", 400, "puzzle_game", "nicht zu „skat“"},
		{"no language known", "/api/puzzles?game=skat", "\u212a, fr, *", 400, "puzzle_game", `not of "skat"`},
		{"a language like German", "/api/puzzles?game=skat", "dex, DE-ch", 400, "puzzle_game", "nicht zu „skat“"},
	} {
		code, body := puzzleCall(t, h, "GET", c.path, c.lang, "")
		var e struct{ Error, Code string }
		json.Unmarshal(body, &e)
		if code != c.status || e.Code != c.code || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s: %d %s, want %d %s saying %q", c.name, code, body, c.status, c.code, c.says)
		}
	}
}

// TestPuzzleIDs: each position has its own URL-safe ID, named for its
// game.
func TestPuzzleIDs(t *testing.T) {
	for _, c := range []struct{ game, tactics, want string }{
		{"droggn", "tactics-droggn/0@49", "droggn-0-49"},
		{"troggu", "tactics-troggu-misere/32@45", "troggu-misere-32-45"},
		{"strohmandeln", "tactics-strohmann/123@40", "strohmandeln-strohmann-123-40"},
	} {
		if got := puzzleID(c.game, c.tactics); got != c.want {
			t.Errorf("puzzleID(%s, %s) = %s, want %s", c.game, c.tactics, got, c.want)
		}
	}
	b, err := puzzles()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range b.list {
		if !strings.HasPrefix(p.id, p.game+"-") || strings.Trim(p.id, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			t.Errorf("puzzle %s of %s", p.id, p.game)
		}
	}
}

// TestPuzzleGet: a puzzle is the seat's table model with its legal card
// plays, the contract and the trick so far; an unknown ID is a 404 in the
// request's language.
func TestPuzzleGet(t *testing.T) {
	h := newEnv(t, Config{}).srv.routes()
	code, body := puzzleCall(t, h, "GET", "/api/puzzles/droggn-0-49", "", "")
	var pj puzzleJSON
	if err := json.Unmarshal(body, &pj); code != 200 || err != nil {
		t.Fatalf("%d %s", code, body)
	}
	var m tablemodel.Model
	json.Unmarshal(pj.Model, &m)
	if pj.Game != "droggn" || pj.Theme != "other" || pj.Seat != 0 || m.Seat != 0 || m.ToAct != 0 ||
		pj.Contract == "" || pj.Contract != m.Contract || pj.Trick == nil || len(pj.Trick.Plays) == 0 || pj.VariantTitle.DE == "" {
		t.Errorf("the puzzle is %s", body)
	}
	var legal []string
	for _, a := range pj.Legal {
		var ra game.RecordAction
		json.Unmarshal(a, &ra)
		if ra.Act != "play" || ra.SeatOf() != 0 || !slices.Contains(m.Hand, ra.Card) {
			t.Errorf("legal action %s", a)
		}
		legal = append(legal, ra.Card)
	}
	// The trick was led in hearts: the hearts of the hand are legal, the
	// trumps are not.
	if !slices.Contains(legal, "H-3") || slices.Contains(legal, "T1") {
		t.Errorf("legal cards %v", legal)
	}
	for _, c := range []struct{ path, lang, says string }{
		{"/api/puzzles/droggn-0-1", "", `There is no puzzle "droggn-0-1".`},
		{"/api/puzzles/droggn-0-1", "de", "Es gibt kein Rätsel „droggn-0-1“."},
		{"/api/puzzles/tactics-droggn%2F0@49", "", "There is no puzzle"},
		{"/api/puzzles/droggn-0-1/answer", "", "There is no puzzle"},
	} {
		method := "GET"
		if strings.HasSuffix(c.path, "/answer") {
			method = "POST"
		}
		code, body := puzzleCall(t, h, method, c.path, c.lang, `{"action":{"act":"play","card":"H-3"}}`)
		var e struct{ Error, Code string }
		json.Unmarshal(body, &e)
		if code != 404 || e.Code != "no_puzzle" || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s %s (%s): %d %s, want 404 saying %q", method, c.path, c.lang, code, body, c.says)
		}
	}
}

// TestPuzzleAnswer: a good card is correct, a bad one is not; either way
// the answer gives the best card and every legal card with its loss. An
// action that is not a legal card play is refused, with the rule, in the
// request's language.
func TestPuzzleAnswer(t *testing.T) {
	h := newEnv(t, Config{}).srv.routes()
	const url = "/api/puzzles/droggn-0-49/answer"
	for _, c := range []struct {
		name, body string
		correct    bool
	}{
		{"good card", `{"action":{"act":"play","card":"H-3"}}`, true},
		{"good card with its seat", `{"action":{"seat":0,"act":"play","card":"H-3"}}`, true},
		{"bad card", `{"action":{"act":"play","card":"FOOL"}}`, false},
	} {
		code, body := puzzleCall(t, h, "POST", url, "", c.body)
		var a answerJSON
		if err := json.Unmarshal(body, &a); code != 200 || err != nil {
			t.Errorf("%s: %d %s", c.name, code, body)
			continue
		}
		if a.Correct != c.correct || a.Best.Card != "H-3" || a.Best.Act != "play" || a.Action.SeatOf() != 0 || a.Worlds <= 0 {
			t.Errorf("%s: %s", c.name, body)
		}
		if len(a.Candidates) != 2 || a.Candidates[0].Action.Card != "H-3" || !a.Candidates[0].Good || a.Candidates[0].Loss != 0 ||
			a.Candidates[1].Action.Card != "FOOL" || a.Candidates[1].Good || math.Abs(a.Candidates[1].Loss-7.67) > 0.01 {
			t.Errorf("%s: candidates %+v", c.name, a.Candidates)
		}
	}

	for _, c := range []struct {
		name, body, lang string
		status           int
		code, says       string
	}{
		{"must follow", `{"action":{"act":"play","card":"T1"}}`, "", 400, "must_follow", "You must follow hearts."},
		{"must follow in German", `{"action":{"act":"play","card":"T1"}}`, "de", 400, "must_follow", "Du musst Herz bedienen."},
		{"a card not held", `{"action":{"act":"play","card":"T21"}}`, "", 400, "not_held", "You do not hold"},
		{"a card of no pack", `{"action":{"act":"play","card":"X-9"}}`, "", 400, "", ""},
		{"another seat", `{"action":{"seat":1,"act":"play","card":"H-3"}}`, "de", 400, "out_of_turn", "Du bist nicht am Zug."},
		{"a seat that is none", `{"action":{"seat":7,"act":"play","card":"H-3"}}`, "", 400, "malformed", ""},
		{"not a play", `{"action":{"act":"bid","call":"solo"}}`, "", 400, "wrong_action", "it is time to play a card"},
		{"an unknown act", `{"action":{"act":"think"}}`, "", 400, "malformed", ""},
		{"no action", `{}`, "", 400, "bad_request", `"action" is missing`},
		{"no action in German", `{}`, "de", 400, "bad_request", "Die Antwort ist nicht das erwartete JSON"},
		{"not JSON", `play H-3`, "", 400, "bad_request", "not the expected JSON"},
		{"an unknown field", `{"action":{"act":"play","card":"H-3"},"cheat":1}`, "", 400, "bad_request", "cheat"},
		{"unknown language", `{"action":{"act":"play","card":"H-3"}}`, "xx", 400, "puzzle_lang", ""},
	} {
		path := url
		if c.lang != "" {
			path += "?lang=" + c.lang
		}
		code, body := puzzleCall(t, h, "POST", path, "", c.body)
		var e struct{ Error, Code string }
		json.Unmarshal(body, &e)
		if code != c.status || (c.code != "" && e.Code != c.code) || e.Error == "" || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s: %d %s, want %d %s saying %q", c.name, code, body, c.status, c.code, c.says)
		}
	}
}

// TestPuzzleSeesOnlyItsSeat: over every position, no puzzle and no answer
// holds a card hidden from the deciding seat (one its view does not show:
// the other hands, a face-down talon or Strohmann, a trick it may not look
// back at), and every world the seat cannot tell from the real one gives
// the same puzzle, byte for byte.
func TestPuzzleSeesOnlyItsSeat(t *testing.T) {
	b, err := puzzles()
	if err != nil {
		t.Fatal(err)
	}
	h := newEnv(t, Config{}).srv.routes()
	for _, p := range b.list {
		st, err := p.pos.State()
		if err != nil {
			t.Fatal(err)
		}
		r := st.Rules()
		pack := r.Pack()
		v := st.View(game.Seat(p.pos.Seat))
		vj, _ := json.Marshal(v)
		shown := map[string]bool{}
		strs(vj, func(s string) { shown[s] = true })
		var hidden []string
		for _, id := range pack.IDs(pack.Cards) {
			if !shown[id] {
				hidden = append(hidden, id)
			}
		}
		if len(hidden) == 0 {
			t.Fatalf("%s: the seat sees every card", p.id)
		}
		var names []string
		for _, id := range hidden {
			c, _ := pack.Parse(id)
			for _, l := range []card.Lang{card.English, card.German} {
				names = append(names, regexp.QuoteMeta(pack.CardName(c, l)))
			}
		}
		named := regexp.MustCompile(`(^|[^\pL\pN])(` + strings.Join(names, "|") + `)($|[^\pL\pN])`)
		check := func(what string, body []byte) {
			strs(body, func(s string) {
				if slices.Contains(hidden, s) {
					t.Errorf("%s: %s shows %s, a card hidden from seat %d", p.id, what, s, p.pos.Seat)
				}
			})
			// Nor by its name in a text (the why).
			if m := named.Find(body); m != nil {
				t.Errorf("%s: %s names %s, a card hidden from seat %d", p.id, what, m, p.pos.Seat)
			}
		}
		code, body := puzzleCall(t, h, "GET", "/api/puzzles/"+p.id, "", "")
		if code != 200 {
			t.Fatalf("%s: %d %s", p.id, code, body)
		}
		check("the puzzle", body)
		var pj puzzleJSON
		json.Unmarshal(body, &pj)
		// A card said with a word (Strohmandeln's Ross!) is one candidate.
		cards := map[string]bool{}
		for _, a := range pj.Legal {
			var ra game.RecordAction
			json.Unmarshal(a, &ra)
			cards[ra.Card] = true
		}
		for _, a := range pj.Legal {
			for _, lang := range []string{"en", "de"} {
				code, ans := puzzleCall(t, h, "POST", "/api/puzzles/"+p.id+"/answer?lang="+lang, "", `{"action":`+string(a)+`}`)
				if code != 200 {
					t.Fatalf("%s: answering %s: %d %s", p.id, a, code, ans)
				}
				check("the answer to "+string(a), ans)
				var v answerJSON
				if json.Unmarshal(ans, &v); v.Why.Text == "" || len(v.Candidates) != len(cards) {
					t.Errorf("%s: the answer to %s says no why or lacks candidates: %s", p.id, a, ans)
				}
			}
		}
		want, _ := json.Marshal(must(puzzleView(p, st)))
		rng := game.NewRand("puzzle-worlds/"+p.id, 0)
		for range 5 {
			world, err := r.Resample(v, rng)
			if err != nil {
				t.Fatalf("%s: %v", p.id, err)
			}
			got, _ := json.Marshal(must(puzzleView(p, world)))
			if !bytes.Equal(got, want) {
				t.Errorf("%s: a world the seat cannot tell from the real one gives another puzzle:\n%s\n%s", p.id, got, want)
				break
			}
		}
	}
}

// strs calls f with every string of a JSON document, keys and values.
func strs(doc []byte, f func(string)) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		if s, ok := tok.(string); ok {
			f(s)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestPuzzleWhy: the answer to every legal card says why, in English and
// German whatever the request's language, and so does each candidate; the verdict agrees with
// the position's good cards, and the same answer gets the same words.
func TestPuzzleWhy(t *testing.T) {
	h := newEnv(t, Config{}).srv.routes()
	b, err := puzzles()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"droggn-42-66", "troggu-misere-32-45", "strohmandeln-strohmann-123-40"} {
		p := b.byID[id]
		_, body := puzzleCall(t, h, "GET", "/api/puzzles/"+id, "", "")
		var pj puzzleJSON
		json.Unmarshal(body, &pj)
		words := map[string]string{}
		for _, a := range pj.Legal {
			var ra game.RecordAction
			json.Unmarshal(a, &ra)
			for _, lang := range []string{"en", "de"} {
				code, body := puzzleCall(t, h, "POST", "/api/puzzles/"+id+"/answer?lang="+lang, "", `{"action":`+string(a)+`}`)
				var ans answerJSON
				if err := json.Unmarshal(body, &ans); code != 200 || err != nil {
					t.Fatalf("%s %s: %d %s", id, a, code, body)
				}
				if ans.Correct != slices.Contains(p.pos.Good, ra.Card) || !slices.Contains(p.pos.Good, ans.Best.Card) {
					t.Errorf("%s %s: correct %v, best %s; the good cards are %v", id, ra.Card, ans.Correct, ans.Best.Card, p.pos.Good)
				}
				if ans.Why.Text == "" || ans.Why.TextDE == "" || ans.Why.Action.Card != ra.Card || ans.Why.Worlds != p.pos.Worlds {
					t.Errorf("%s %s (%s): the why is %s", id, ra.Card, lang, body)
				}
				if len(ans.Candidates) != len(pj.Legal) {
					t.Errorf("%s: %d candidates for %d legal cards", id, len(ans.Candidates), len(pj.Legal))
				}
				for _, c := range ans.Candidates {
					if c.Why.Text == "" || c.Why.TextDE == "" || c.Good != slices.Contains(p.pos.Good, c.Action.Card) || (c.Good && c.Loss != 0) {
						t.Errorf("%s (%s): candidate %+v", id, lang, c)
					}
				}
				// Both languages, whichever the request names: a page
				// switched to the other one shows the why at once.
				if ans.Why.Text == ans.Why.TextDE {
					t.Errorf("%s %s (%s): the why is the same in English and German: %q", id, ra.Card, lang, ans.Why.Text)
				}
				words[ra.Card+"/"+lang] = ans.Why.Text + "\n" + ans.Why.TextDE
				_, again := puzzleCall(t, h, "POST", "/api/puzzles/"+id+"/answer?lang="+lang, "", `{"action":`+string(a)+`}`)
				if !bytes.Equal(again, body) {
					t.Errorf("%s %s (%s): the same answer gets another verdict:\n%s\n%s", id, ra.Card, lang, body, again)
				}
			}
			if words[ra.Card+"/en"] != words[ra.Card+"/de"] {
				t.Errorf("%s %s: the request's language changes the why's words:\n%s\n%s", id, ra.Card, words[ra.Card+"/en"], words[ra.Card+"/de"])
			}
		}
	}
}

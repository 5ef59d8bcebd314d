package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"

	"trull/internal/bot/why"
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
	"trull/internal/tactics"
)

// Puzzles are the tactics positions (internal/tactics) served one decision
// at a time: the position as the deciding seat sees it, and after its
// answer the verdict with the good cards and every card's loss
// (docs/PROTOCOL.md, "Puzzles").

// puzzle is one tactics position served as a puzzle.
type puzzle struct {
	id   string
	game string
	pos  *tactics.Position
}

// puzzleBook holds every game's puzzles, in the order of the suite.
type puzzleBook struct {
	list []*puzzle
	byID map[string]*puzzle
}

// puzzles reads the suite once; its positions are embedded, so a failure
// is a defect of the build and every puzzle request reports it.
var puzzles = sync.OnceValues(func() (*puzzleBook, error) {
	b := &puzzleBook{byID: map[string]*puzzle{}}
	for _, g := range game.Games() {
		ps, err := tactics.Load(g.Name)
		if err != nil {
			return nil, fmt.Errorf("server: puzzles of %s: %w", g.Name, err)
		}
		for i := range ps {
			p := &puzzle{id: puzzleID(g.Name, ps[i].ID), game: g.Name, pos: &ps[i]}
			if _, dup := b.byID[p.id]; dup {
				return nil, fmt.Errorf("server: two puzzles are called %s", p.id)
			}
			b.list = append(b.list, p)
			b.byID[p.id] = p
		}
	}
	return b, nil
})

// puzzleID names a position in a URL path: its tactics ID ("tactics-
// troggu-misere/32@45") without the prefix, with dashes for the other
// signs and the game's name in front where it is not ("troggu-misere-32-45",
// "strohmandeln-strohmann-123-40").
func puzzleID(gameName, tacticsID string) string {
	s := strings.TrimPrefix(tacticsID, "tactics-")
	s = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, strings.ToLower(s))
	if !strings.HasPrefix(s, gameName+"-") {
		s = gameName + "-" + s
	}
	return s
}

// puzzleWords are the puzzle API's refusals in English and German, by
// code; %s is filled in with the request's detail.
var puzzleWords = map[string][2]string{
	"no_puzzle":    {"There is no puzzle %q.", "Es gibt kein Rätsel „%s“."},
	"puzzle_game":  {"There are puzzles of Droggn, Troggu and Strohmandeln (droggn, troggu, strohmandeln), not of %q.", "Rätsel gibt es zu Droggn, Troggu und Strohmandeln (droggn, troggu, strohmandeln), nicht zu „%s“."},
	"puzzle_theme": {"%q is not a puzzle theme; the themes are %s.", "„%s“ ist kein Thema der Rätsel; die Themen sind %s."},
	"puzzle_lang":  {"The language is en or de, not %q.", "Die Sprache ist en oder de, nicht „%s“."},
	"puzzle_card":  {"This puzzle asks for a card to play.", "Bei diesem Rätsel ist eine Karte zu spielen."},
	"bad_request":  {"The answer is not the expected JSON {\"action\": …}: %s", "Die Antwort ist nicht das erwartete JSON {\"action\": …}: %s"},
}

// refusePuzzle answers a bad puzzle request in the request's language,
// with the code a client may word itself.
func refusePuzzle(w http.ResponseWriter, l card.Lang, status int, code string, params game.Params, args ...any) {
	writeRefusal(w, status, code, params, puzzleWords[code][langIndex(l)], args...)
}

// langIndex is 0 for English, 1 for German.
func langIndex(l card.Lang) int {
	if l == card.German {
		return 1
	}
	return 0
}

// puzzleLang is the language of a puzzle request: its lang parameter (en
// or de), else the first of its Accept-Language that is one of them,
// else English. ok is false for a lang parameter of another language.
func puzzleLang(r *http.Request) (l card.Lang, bad string, ok bool) {
	if q := r.URL.Query(); q.Has("lang") {
		switch q.Get("lang") {
		case "en":
			return card.English, "", true
		case "de":
			return card.German, "", true
		}
		return card.English, q.Get("lang"), false
	}
	for part := range strings.SplitSeq(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		primary, _, _ := strings.Cut(tag, "-")
		switch {
		case strings.EqualFold(primary, "de"):
			return card.German, "", true
		case strings.EqualFold(primary, "en"):
			return card.English, "", true
		}
	}
	return card.English, "", true
}

// puzzleRequest starts a puzzle request: the language, and the book. It
// answers the request itself and returns ok false when it cannot go on.
func puzzleRequest(w http.ResponseWriter, r *http.Request) (card.Lang, *puzzleBook, bool) {
	l, bad, ok := puzzleLang(r)
	if !ok {
		refusePuzzle(w, l, http.StatusBadRequest, "puzzle_lang", nil, bad)
		return l, nil, false
	}
	b, err := puzzles()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return l, nil, false
	}
	return l, b, true
}

// puzzleEntry is one puzzle of GET /api/puzzles.
type puzzleEntry struct {
	ID    string `json:"id"`
	Game  string `json:"game"`
	Theme string `json:"theme"`
}

// handlePuzzles answers GET /api/puzzles?game=G[&theme=T]: the puzzles of
// a game (of every game without one), of one theme when asked.
func (s *Server) handlePuzzles(w http.ResponseWriter, r *http.Request) {
	l, b, ok := puzzleRequest(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	g, theme := q.Get("game"), q.Get("theme")
	if _, known := game.Lookup(g); q.Has("game") && !known {
		refusePuzzle(w, l, http.StatusBadRequest, "puzzle_game", game.Params{"game": g}, g)
		return
	}
	if q.Has("theme") && !slices.Contains(tactics.Themes, theme) {
		refusePuzzle(w, l, http.StatusBadRequest, "puzzle_theme", game.Params{"theme": theme}, theme, strings.Join(tactics.Themes, ", "))
		return
	}
	out := []puzzleEntry{}
	for _, p := range b.list {
		if (g == "" || p.game == g) && (theme == "" || p.pos.Theme == theme) {
			out = append(out, puzzleEntry{ID: p.id, Game: p.game, Theme: p.pos.Theme})
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// puzzleJSON is GET /api/puzzles/{id}: the position as the deciding seat
// sees it. Model is the table model of the seat's view, the same the
// table sends (statemsg.go); Contract and Trick repeat its contract and
// the trick so far; Legal are the seat's legal card plays.
type puzzleJSON struct {
	ID           string            `json:"id"`
	Game         string            `json:"game"`
	Variant      string            `json:"variant"`
	VariantTitle game.Words        `json:"variant_title"`
	Theme        string            `json:"theme"`
	Seat         int               `json:"seat"`
	Contract     string            `json:"contract"`
	Trick        *tablemodel.Trick `json:"trick"`
	Model        json.RawMessage   `json:"model"`
	Legal        []json.RawMessage `json:"legal"`
}

// puzzleView makes the puzzle of p in st, a state of its position: built
// from the seat's view alone, so that every world the seat cannot tell
// from st gives the same bytes.
func puzzleView(p *puzzle, st game.State) (puzzleJSON, error) {
	seat := p.pos.Seat
	sv, err := viewsOf(st, seat, false)
	if err != nil {
		return puzzleJSON{}, err
	}
	var m tablemodel.Model
	if err := json.Unmarshal(sv.model, &m); err != nil {
		return puzzleJSON{}, err
	}
	r := st.Rules()
	return puzzleJSON{ID: p.id, Game: r.Game(), Variant: r.String(), VariantTitle: variantTitle(r), Theme: p.pos.Theme,
		Seat: seat, Contract: m.Contract, Trick: m.Trick, Model: sv.model, Legal: cardPlays(st)}, nil
}

// cardPlays lists the legal card plays of the seat to act in record form
// (with a word said where the game has one).
func cardPlays(st game.State) []json.RawMessage {
	out := []json.RawMessage{}
	for _, a := range game.LegalRecordActions(st) {
		var ra game.RecordAction
		if json.Unmarshal(a, &ra) == nil && ra.Act == "play" {
			out = append(out, a)
		}
	}
	return out
}

// openPuzzle starts a request for the puzzle of its path: the language,
// the puzzle and its state. It answers the request itself and returns ok
// false when it cannot go on.
func openPuzzle(w http.ResponseWriter, r *http.Request) (l card.Lang, p *puzzle, st game.State, ok bool) {
	l, b, ok := puzzleRequest(w, r)
	if !ok {
		return l, nil, nil, false
	}
	id := r.PathValue("id")
	p = b.byID[id]
	if p == nil {
		refusePuzzle(w, l, http.StatusNotFound, "no_puzzle", game.Params{"id": id}, id)
		return l, nil, nil, false
	}
	st, err := p.pos.State()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: puzzle %s: %v", p.id, err)
		return l, nil, nil, false
	}
	return l, p, st, true
}

// handlePuzzle answers GET /api/puzzles/{id}.
func (s *Server) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	_, p, st, ok := openPuzzle(w, r)
	if !ok {
		return
	}
	pj, err := puzzleView(p, st)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: puzzle %s: %v", p.id, err)
		return
	}
	writeJSON(w, http.StatusOK, pj)
}

// candidateJSON is one legal card of an answer: its loss against the best
// card, averaged over the worlds the position was examined in (0 for a
// good card), the seat's mean score after it, and why it is worse than the
// best card (a good card: better than the best of the others).
type candidateJSON struct {
	Action game.RecordAction `json:"action"`
	Good   bool              `json:"good"`
	Loss   float64           `json:"loss"`
	Value  float64           `json:"value"`
	Why    why.Words         `json:"why"`
}

// answerJSON is the answer to POST /api/puzzles/{id}/answer.
type answerJSON struct {
	Correct bool              `json:"correct"`
	Action  game.RecordAction `json:"action"`
	Best    game.RecordAction `json:"best"`
	// Good are every good card's plays (Best is the first).
	Good []game.RecordAction `json:"good"`
	// Why compares the answer with the best card (a good answer with the
	// best of the others), in English and German.
	Why why.Words `json:"why"`
	// Candidates are the legal cards, the good ones first, then by loss.
	Candidates []candidateJSON `json:"candidates"`
	// Worlds is how many worlds the values are averaged over.
	Worlds int `json:"worlds"`
}

// handlePuzzleAnswer answers POST /api/puzzles/{id}/answer {"action": …}:
// the verdict on a legal card play of the seat. An action that is not a
// legal play of the seat is refused (400) with the rule that forbids it,
// in the request's language.
func (s *Server) handlePuzzleAnswer(w http.ResponseWriter, r *http.Request) {
	l, p, st, ok := openPuzzle(w, r)
	if !ok {
		return
	}
	var req struct {
		Action *game.RecordAction `json:"action"`
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		refusePuzzle(w, l, http.StatusBadRequest, "bad_request", nil, err.Error())
		return
	}
	if err := strictJSON(body, &req); err != nil {
		refusePuzzle(w, l, http.StatusBadRequest, "bad_request", nil, err.Error())
		return
	}
	if req.Action == nil {
		refusePuzzle(w, l, http.StatusBadRequest, "bad_request", nil, `"action" is missing`)
		return
	}
	ra := *req.Action
	if ra.Seat == nil {
		seat := p.pos.Seat
		ra.Seat = &seat
	}
	err = game.ApplyRecordAction(st.Clone(), ra)
	var acts []game.Action
	if err == nil {
		acts, err = st.Rules().DecodeAction(st, ra)
	}
	if err != nil {
		refuseAction(w, l, err, st.Rules().Pack())
		return
	}
	if len(acts) != 1 || acts[0].Kind != game.KindPlay {
		refusePuzzle(w, l, http.StatusBadRequest, "puzzle_card", nil)
		return
	}
	v, err := verdict(p, acts[0], ra)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "server: puzzle %s: %v", p.id, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// refuseAction answers an action the rules do not allow: 400, worded by
// the engine's refusal (game.Explain) in l, with its code and parameters.
func refuseAction(w http.ResponseWriter, l card.Lang, err error, pack *card.Pack) {
	err = game.WithPack(err, pack)
	code, params := string(game.CodeMalformed), game.Params(nil)
	if ie, ok := errors.AsType[*game.IllegalError](err); ok {
		code, params = string(ie.Code), ie.Params
	}
	writeRefusal(w, http.StatusBadRequest, code, params, "%s", game.Explain(err, l))
}

// verdict judges the legal play a (ra in record form) of the puzzle's
// seat by the position's candidates, as the tactics suite compared them in
// the position's worlds. Each why is worded in English and German, so
// that a page switched to the other language shows it without asking
// again (as the table's hints do).
func verdict(p *puzzle, a game.Action, ra game.RecordAction) (answerJSON, error) {
	ans, err := p.pos.Answer(a, "en")
	if err != nil {
		return answerJSON{}, err
	}
	de, err := p.pos.Answer(a, "de")
	if err != nil {
		return answerJSON{}, err
	}
	out := answerJSON{Correct: ans.Correct, Action: ra, Good: ans.Best, Why: bilingual(ans.Why, de.Why), Worlds: p.pos.Worlds}
	for i, c := range ans.Candidates {
		w := c.Why
		if i < len(de.Candidates) {
			w = bilingual(c.Why, de.Candidates[i].Why)
		}
		out.Candidates = append(out.Candidates, candidateJSON{Action: c.Action, Good: c.Good, Loss: c.Loss, Value: c.Value, Why: w})
	}
	if len(out.Good) > 0 {
		out.Best = out.Good[0]
	}
	return out, nil
}

// bilingual is the why en with the German words of de beside its English
// ones.
func bilingual(en, de why.Words) why.Words {
	en.TextDE = de.Text
	return en
}

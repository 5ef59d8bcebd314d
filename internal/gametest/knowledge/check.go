package knowledge

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// Viewers returns every viewer of a hand of r: each seat, then a spectator.
func Viewers(r game.Rules) []game.Viewer {
	out := make([]game.Viewer, 0, r.Seats()+1)
	for s := 0; s < r.Seats(); s++ {
		out = append(out, game.Seat(s))
	}
	return append(out, game.Spectator)
}

// Check holds the hand's engine surfaces against the tracker for every
// viewer: the view (its cards and its JSON, legal actions aside, against
// what the viewer may see now), the finished tricks it shows and hides
// (exactly those the viewer may look back at, also at an open-review
// table), the newest action as SeenAction gives it (every action once the
// hand is over), and its description in both languages. Called after every
// step, it sees each surface at each moment. It returns the number of
// surfaces checked.
func (t *Tracker) Check() (int, error) {
	st := t.st
	r := st.Rules()
	n := 0
	for _, v := range Viewers(r) {
		k := t.Known(v)
		view := st.View(v)
		if leak := view.Cards().Minus(k); !leak.Empty() {
			return n, fmt.Errorf("the view of %s mentions %s", v, leak)
		}
		for _, rv := range []game.Viewer{v, v.OpenReview()} {
			if rv.ReviewsAll() {
				view = st.View(rv)
			}
			b, err := json.Marshal(view)
			if err != nil {
				return n, err
			}
			if leak, err := JSONLeaks(r, b, t.Visible(rv)); err != nil || !leak.Empty() {
				return n, fmt.Errorf("the JSON view of %s names %s, which it may not see now (%v): %s", rv, leak, err, b)
			}
			if err := t.CheckReview(rv, view); err != nil {
				return n, err
			}
			n += 2
		}
		// The view's log already shows every action as v sees it; the
		// newest one is checked on its own here, and all of them again
		// when the hand is over.
		from := len(st.History()) - 1
		if st.Done() {
			from = 0
		}
		for i := max(from, 0); i < len(st.History()); i++ {
			a := st.SeenAction(v, i)
			if a.Seat != st.History()[i].Seat || a.Kind != st.History()[i].Kind || a.Call != st.History()[i].Call {
				return n, fmt.Errorf("%s sees action %d as %+v, which is another action than %+v", v, i, a, st.History()[i])
			}
			for _, c := range []card.Card{a.Card, a.Card2} {
				if c != card.None && c != card.Hidden && !k.Has(c) {
					return n, fmt.Errorf("%s sees action %d (%s) with %s, which it may not know", v, i, a.Kind, r.Pack().ID(c))
				}
			}
			for _, l := range []card.Lang{card.English, card.German} {
				text := r.Describe(a, l)
				if leak := TextLeaks(r.Pack(), text, k); !leak.Empty() {
					return n, fmt.Errorf("%s is told action %d as %q, which names %s", v, i, text, leak)
				}
			}
			n++
		}
	}
	m, err := t.checkRefusals()
	return n + m, err
}

// CheckReview holds the finished tricks of a view (through its table
// model) against the rules: each is shown with its cards exactly when v may
// look back at it, and hidden with its winner otherwise.
func (t *Tracker) CheckReview(v game.Viewer, view game.View) error {
	m, err := tablemodel.Of(view)
	if err != nil {
		return err
	}
	return t.CheckModel(v, m)
}

// CheckModel is CheckReview for a table model (one a server sent, say).
func (t *Tracker) CheckModel(v game.Viewer, m *tablemodel.Model) error {
	if len(m.Tricks) != len(t.tricks) {
		return fmt.Errorf("the view of %s lists %d finished tricks, %d were played", v, len(m.Tricks), len(t.tricks))
	}
	for i, tk := range m.Tricks {
		may := t.MayReview(v, i)
		switch {
		case may && (tk.Hidden || len(tk.Plays) != len(t.tricks[i].cards)):
			return fmt.Errorf("%s may look back at trick %d, the view hides it: %+v", v, i+1, tk)
		case !may && (!tk.Hidden || len(tk.Plays) > 0):
			return fmt.Errorf("%s may not look back at trick %d, the view shows it: %+v", v, i+1, tk)
		case tk.Winner < 0 || tk.Winner >= t.seats:
			return fmt.Errorf("the view of %s has trick %d won by %d", v, i+1, tk.Winner)
		}
	}
	return nil
}

// checkRefusals holds the refusals of the seat to act to what it may know:
// a refusal is a message to the seat like any other. It tries actions of
// the kind the seat must take with cards of the pack (a seventh of them,
// another seventh at each step) and requires each reason to read the same
// in worlds the seat cannot tell from the real one (resampled from its
// view): a reason that depended on a hidden card would differ.
func (t *Tracker) checkRefusals() (int, error) {
	st := t.st
	seat := st.ToAct()
	if seat < 0 {
		return 0, nil
	}
	legal := st.Legal(nil)
	if len(legal) == 0 {
		return 0, nil
	}
	r := st.Rules()
	rng := rand.New(rand.NewPCG(uint64(len(st.History())), 13))
	var worlds []game.State
	for w := 0; w < 2; w++ {
		ws, err := r.Resample(st.View(game.Seat(seat)), rng)
		if err != nil {
			return 0, fmt.Errorf("knowledge: resample for seat %d: %v", seat, err)
		}
		worlds = append(worlds, ws)
	}
	n := 0
	order := r.Pack().Order
	for i := len(st.History()) % 7; i < len(order); i += 7 {
		a := legal[0]
		a.Card = order[i]
		err := st.Clone().Apply(a)
		if err == nil {
			continue
		}
		for _, w := range worlds {
			if werr := w.Clone().Apply(a); werr == nil || werr.Error() != err.Error() {
				return n, fmt.Errorf("seat %d trying %s is told %q, but in a world it cannot tell apart %v: the refusal depends on hidden cards", seat, r.Pack().ID(a.Card), err, werr)
			}
		}
		n++
	}
	return n, nil
}

// JSONLeaks returns the cards named in a JSON message (a view, a server
// message) that are not in known: every JSON string that is a card ID. The
// values of "legal" keys are left out: legal actions may name cards as
// questions (Droggn's asked card, Troggu's called trump), and they are the
// seat's own choices, which depend only on what it sees (the conformance
// suite checks that every resampled world offers the same).
func JSONLeaks(r game.Rules, msg []byte, known card.Set) (card.Set, error) {
	if !json.Valid(msg) {
		return card.Set{}, fmt.Errorf("knowledge: not JSON: %.80s", msg)
	}
	var leak card.Set
	st := r.Pack().Style
	for i := 0; i < len(msg); i++ {
		if msg[i] != '"' {
			continue
		}
		j := stringEnd(msg, i)
		str := msg[i+1 : j]
		k := j + 1
		for k < len(msg) && (msg[k] == ' ' || msg[k] == '\n') {
			k++
		}
		switch {
		case k < len(msg) && msg[k] == ':' && string(str) == "legal":
			j = valueEnd(msg, k+1)
		case len(str) <= 5:
			if c, err := st.ParseID(string(str)); err == nil && !known.Has(c) {
				leak.Add(c)
			}
		}
		i = j
	}
	return leak, nil
}

// stringEnd returns the index of the quote that closes the JSON string
// opened at i.
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(b) - 1
}

// valueEnd returns the index of the last byte of the JSON value that
// starts at or after i.
func valueEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = stringEnd(b, i)
			if depth == 0 {
				return i
			}
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth <= 0 {
				return i
			}
		case ',':
			if depth == 0 {
				return i - 1
			}
		}
	}
	return len(b) - 1
}

// A name is one way a card is written for people or in records.
type name struct {
	text string
	c    card.Card
}

var (
	namesMu sync.Mutex
	names   = map[*card.Pack][]name{}
)

// namesOf lists every written form of every card of p (record ID, short
// label, names in both languages), longest first.
func namesOf(p *card.Pack) []name {
	namesMu.Lock()
	defer namesMu.Unlock()
	if ns, ok := names[p]; ok {
		return ns
	}
	var ns []name
	for _, c := range p.Order {
		forms := map[string]bool{p.ID(c): true, p.Short(c, card.English): true, p.Short(c, card.German): true,
			p.CardName(c, card.English): true, p.CardName(c, card.German): true}
		for f := range forms {
			ns = append(ns, name{f, c})
		}
	}
	sort.Slice(ns, func(i, j int) bool {
		if len(ns[i].text) != len(ns[j].text) {
			return len(ns[i].text) > len(ns[j].text)
		}
		return ns[i].text < ns[j].text
	})
	names[p] = ns
	return ns
}

// TextNames returns every card of p that text names, in any of its forms.
// Longer names are matched first and their letters are used up, so "V of
// swords" is not also read as trump V; a name must stand as a word of its
// own ("♠1" is not read in "♠10").
func TextNames(p *card.Pack, text string) card.Set {
	var out card.Set
	used := make([]bool, len(text))
	for _, n := range namesOf(p) {
		for from := 0; ; {
			i := strings.Index(text[from:], n.text)
			if i < 0 {
				break
			}
			i += from
			j := i + len(n.text)
			from = i + 1
			if !free(used[i:j]) || !edge(text, i, j) {
				continue
			}
			for k := i; k < j; k++ {
				used[k] = true
			}
			out.Add(n.c)
		}
	}
	return out
}

// TextLeaks returns the cards text names that are not in known.
func TextLeaks(p *card.Pack, text string, known card.Set) card.Set {
	return TextNames(p, text).Minus(known)
}

func free(used []bool) bool {
	for _, u := range used {
		if u {
			return false
		}
	}
	return true
}

// edge reports whether text[i:j] stands as a word: a letter or digit at
// either end of it is not joined to another one.
func edge(text string, i, j int) bool {
	first, _ := utf8.DecodeRuneInString(text[i:])
	last, _ := utf8.DecodeLastRuneInString(text[:j])
	if alnum(first) && i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); alnum(r) {
			return false
		}
	}
	if alnum(last) && j < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[j:]); alnum(r) {
			return false
		}
	}
	return true
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

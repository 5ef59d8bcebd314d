// Package gametest is the conformance suite every trull game runs: seeded
// random hands checking conservation of cards, zero-sum scores, replay of
// the produced record, hidden information in views, resampling, and that a
// refused action changes nothing.
package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// Places is implemented by states that can list every place a card may be
// (hands, piles, talon, discards, trick, face-down packets, …). The suite
// checks that the places are disjoint and together hold the whole pack.
type Places interface {
	Places() []card.Set
}

// Config configures Run.
type Config struct {
	// Rules is the variant under test.
	Rules game.Rules
	// Hands is the number of random hands.
	Hands int
	// Seed makes the run reproducible.
	Seed uint64
	// CheckEvery checks views, resampling and refusals every CheckEvery
	// actions (1: every action). 0 means 1.
	CheckEvery int
	// Final, if set, checks game-specific invariants of a finished hand
	// (card point totals, …).
	Final func(st game.State) error
}

// Run plays cfg.Hands random hands and checks the invariants.
func Run(t *testing.T, cfg Config) {
	t.Helper()
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7472756c6c))
	every := cfg.CheckEvery
	if every <= 0 {
		every = 1
	}
	var spent []game.View // views of earlier hands too, for ViewInto
	for h := 0; h < cfg.Hands; h++ {
		if err := playRandomHand(cfg.Rules, rng, every, cfg.Final, &spent); err != nil {
			t.Fatalf("%s hand %d: %v", cfg.Rules, h, err)
		}
	}
}

// PlayRandomHand deals a random hand and plays random legal actions to the
// end, checking the invariants on the way.
func PlayRandomHand(r game.Rules, rng *rand.Rand, every int, final func(game.State) error) error {
	var spent []game.View
	return playRandomHand(r, rng, every, final, &spent)
}

// playRandomHand is PlayRandomHand with spent, the views nobody uses any
// more that ViewInto is given (kept from earlier hands by Run).
func playRandomHand(r game.Rules, rng *rand.Rand, every int, final func(game.State) error, spent *[]game.View) error {
	deck := game.ShuffledDeck(r.Pack(), rng)
	dealer := rng.IntN(r.Seats())
	st, err := r.NewState(deck, dealer)
	if err != nil {
		return fmt.Errorf("NewState: %v", err)
	}
	fast, _ := r.NewState(deck, dealer)
	var buf []game.Action
	var trial game.State // a copy made at an earlier step, for CloneInto
	for step := 0; !st.Done(); step++ {
		if step > 2000 {
			return fmt.Errorf("hand does not end after %d actions", step)
		}
		if err := checkPlaces(st); err != nil {
			return fmt.Errorf("step %d: %v", step, err)
		}
		buf = st.Legal(buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("step %d: phase %s, seat %d to act has no legal action", step, st.Phase(), st.ToAct())
		}
		for _, a := range buf {
			if int(a.Seat) != st.ToAct() {
				return fmt.Errorf("step %d: legal action %+v is not by seat %d to act", step, a, st.ToAct())
			}
		}
		if step%every == 0 {
			if err := checkViews(st, rng); err != nil {
				return fmt.Errorf("step %d (%s): %v", step, st.Phase(), err)
			}
			if err := checkViewInto(st, rng, spent); err != nil {
				return fmt.Errorf("step %d (%s): %v", step, st.Phase(), err)
			}
			if err := checkRefusal(st, buf, rng); err != nil {
				return fmt.Errorf("step %d (%s): %v", step, st.Phase(), err)
			}
			if trial, err = checkCloneInto(st, trial); err != nil {
				return fmt.Errorf("step %d (%s): %v", step, st.Phase(), err)
			}
		}
		if err := checkLegalJSON(st); err != nil {
			return fmt.Errorf("step %d (%s): %v", step, st.Phase(), err)
		}
		a := game.Pick(rng, buf)
		if err := st.Apply(a); err != nil {
			return fmt.Errorf("step %d: legal action %+v refused: %v", step, a, err)
		}
		fast.ApplyUnchecked(a)
	}
	if err := checkPlaces(st); err != nil {
		return fmt.Errorf("end: %v", err)
	}
	res := st.Result()
	sum := 0
	for _, s := range res.Score {
		sum += s
	}
	if sum != 0 {
		return fmt.Errorf("scores %v do not sum to 0", res.Score)
	}
	if len(res.Score) != r.Seats() || len(res.CardPoints) != r.Seats() {
		return fmt.Errorf("result has %d scores and %d card points for %d seats", len(res.Score), len(res.CardPoints), r.Seats())
	}
	if !reflect.DeepEqual(fast.Result(), res) {
		return fmt.Errorf("unchecked path result %+v differs from checked %+v", fast.Result(), res)
	}
	if final != nil {
		if err := final(st); err != nil {
			return fmt.Errorf("final: %v (result %+v)", err, res)
		}
	}
	return checkReplay(st, deck, dealer)
}

func checkPlaces(st game.State) error {
	pl, ok := st.(Places)
	if !ok {
		return nil
	}
	var all card.Set
	n := 0
	for _, s := range pl.Places() {
		if all.Overlaps(s) {
			return fmt.Errorf("card(s) %s in two places", all.Intersect(s))
		}
		all = all.Union(s)
		n += s.Len()
	}
	if p := st.Rules().Pack(); all != p.Cards {
		return fmt.Errorf("cards not conserved: missing %s, extra %s", p.Cards.Minus(all), all.Minus(p.Cards))
	}
	return nil
}

// ViewLeaks returns the cards that the JSON form of v names although seat may
// not know them. It is used by this suite and by the server's tests.
func ViewLeaks(r game.Rules, v any, may card.Set) (card.Set, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return card.Set{}, err
	}
	var leak card.Set
	st := r.Pack().Style
	// Every JSON string of at most 5 bytes is tried as a card ID.
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' {
				j++
			}
			j++
		}
		if j-i-1 <= 5 && j <= len(b) {
			if c, err := st.ParseID(string(b[i+1 : min(j, len(b))])); err == nil && !may.Has(c) {
				leak.Add(c)
			}
		}
		i = j
	}
	return leak, nil
}

// checkCloneInto checks a copy of st made in old's memory (a copy of an
// earlier step, played on) against a new copy, and that playing on either
// leaves st as it was; it returns the copy for the next check.
func checkCloneInto(st, old game.State) (game.State, error) {
	if _, ok := st.(game.CloneReuser); !ok {
		return nil, nil
	}
	before := snapshot(st)
	made := game.CloneInto(st, old)
	if made == st {
		return nil, fmt.Errorf("CloneInto returned the state itself")
	}
	fresh := st.Clone()
	if !reflect.DeepEqual(made, fresh) {
		return nil, fmt.Errorf("a copy made in an earlier copy's memory differs from Clone's:\n have %s\n want %s", snapshot(made), snapshot(fresh))
	}
	if legal := made.Legal(nil); len(legal) > 0 {
		made.ApplyUnchecked(legal[0])
	}
	if after := snapshot(st); after != before {
		return nil, fmt.Errorf("playing on a copy made by CloneInto changed the state:\n was %s\n now %s", before, after)
	}
	return made, nil
}

// checkLegalJSON checks AppendLegalRecordActions, and LegalRecordActions
// made from it, against json.Marshal of the record actions: every legal
// action encoded, the discards as one entry of their cards and count.
func checkLegalJSON(st game.State) error {
	r := st.Rules()
	var list []any
	var discard []string
	for _, a := range st.Legal(nil) {
		if a.Kind == game.KindDiscard {
			discard = append(discard, r.Pack().ID(a.Card))
			continue
		}
		list = append(list, r.EncodeAction(a))
	}
	if len(discard) > 0 {
		n := 0
		for trial := st.Clone(); !trial.Done() && trial.ToAct() == st.ToAct(); n++ {
			l := trial.Legal(nil)
			if len(l) == 0 || l[0].Kind != game.KindDiscard {
				break
			}
			trial.ApplyUnchecked(l[0])
		}
		list = append(list, struct {
			Seat  int      `json:"seat"`
			Act   string   `json:"act"`
			Count int      `json:"count"`
			Cards []string `json:"cards"`
		}{st.ToAct(), "discard", n, discard})
	}
	want, err := json.Marshal(list)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		want = []byte("[]")
	}
	if got := game.AppendLegalRecordActions([]byte("x"), st); !bytes.Equal(got[1:], want) || got[0] != 'x' {
		return fmt.Errorf("AppendLegalRecordActions appended %s, json.Marshal of the record actions makes %s", got, want)
	}
	if got, _ := json.Marshal(game.LegalRecordActions(st)); len(list) > 0 && !bytes.Equal(got, want) {
		return fmt.Errorf("LegalRecordActions makes %s, json.Marshal of the record actions %s", got, want)
	}
	return nil
}

// checkViewInto: a state that makes views in old views' memory
// (game.ViewReuser) makes each viewer's view, for drawing or not, at an
// open-review table or not, as View does, whatever hand, seat and step the
// old view it is given showed; those it makes go back into spent.
func checkViewInto(st game.State, rng *rand.Rand, spent *[]game.View) error {
	re, ok := st.(game.ViewReuser)
	if !ok {
		return nil
	}
	r := st.Rules()
	for seat := -1; seat < r.Seats(); seat++ {
		for _, v := range []game.Viewer{game.ViewerOf(seat), game.ViewerOf(seat).ForDrawing(), game.ViewerOf(seat).OpenReview().ForDrawing()} {
			var prev game.View
			if n := len(*spent); n > 0 && rng.IntN(5) > 0 {
				i := rng.IntN(n)
				prev = (*spent)[i]
				(*spent)[i] = (*spent)[n-1]
				*spent = (*spent)[:n-1]
			}
			made := re.ViewInto(v, prev)
			fresh := st.View(v)
			a, err := json.Marshal(fresh)
			if err != nil {
				return err
			}
			b, err := json.Marshal(made)
			if err != nil {
				return err
			}
			if !bytes.Equal(a, b) {
				return fmt.Errorf("the view of %s made in an old view's memory differs:\n have %s\n want %s", v, b, a)
			}
			if made.Cards() != fresh.Cards() {
				return fmt.Errorf("the view of %s made in an old view's memory names %s, the view %s", v, made.Cards(), fresh.Cards())
			}
			if !slices.Equal(made.LegalActions(), fresh.LegalActions()) {
				return fmt.Errorf("the view of %s made in an old view's memory offers %v, the view %v", v, made.LegalActions(), fresh.LegalActions())
			}
			if t, ok := made.(interface{ Table() *tablemodel.Model }); ok {
				ma, _ := json.Marshal(fresh.(interface{ Table() *tablemodel.Model }).Table())
				mb, _ := json.Marshal(t.Table())
				if !bytes.Equal(ma, mb) {
					return fmt.Errorf("the table model of %s made in an old view's memory differs:\n have %s\n want %s", v, mb, ma)
				}
			}
			if len(*spent) < 8 {
				*spent = append(*spent, made)
			}
		}
	}
	return nil
}

func checkViews(st game.State, rng *rand.Rand) error {
	r := st.Rules()
	for seat := 0; seat < r.Seats(); seat++ {
		v := st.View(game.Seat(seat))
		may := st.MayKnow(game.Seat(seat))
		if leak := v.Cards().Minus(may); !leak.Empty() {
			return fmt.Errorf("view of seat %d mentions %s", seat, leak)
		}
		leak, err := ViewLeaks(r, v, may)
		if err != nil {
			return fmt.Errorf("view of seat %d does not marshal: %v", seat, err)
		}
		if !leak.Empty() {
			return fmt.Errorf("JSON view of seat %d names %s", seat, leak)
		}
		if v.ViewSeat() != seat || v.Turn() != st.ToAct() {
			return fmt.Errorf("view of seat %d says seat %d, turn %d", seat, v.ViewSeat(), v.Turn())
		}
		if vr := v.Rules(); vr == nil || vr.String() != r.String() {
			return fmt.Errorf("view of seat %d has the rules %v, the hand %s", seat, vr, r)
		}
		// A view made only to be drawn shows the same.
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(st.View(game.Seat(seat).ForDrawing()))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("the view of seat %d for drawing differs:\n have %s\n want %s", seat, b, a)
		}
	}
	// Resample for the seat to act and one other seat: the sampled world must
	// look the same from that seat, and offer the same legal actions.
	for _, seat := range []int{st.ToAct(), rng.IntN(r.Seats())} {
		if seat < 0 {
			continue
		}
		v := st.View(game.Seat(seat))
		w, err := r.Resample(v, rng)
		if err != nil {
			return fmt.Errorf("resample for seat %d: %v", seat, err)
		}
		if err := checkPlaces(w); err != nil {
			return fmt.Errorf("resampled world for seat %d: %v", seat, err)
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w.View(game.Seat(seat)))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("resampled world looks different to seat %d:\n have %s\n want %s", seat, b, a)
		}
		if seat == st.ToAct() {
			l1, l2 := st.Legal(nil), w.Legal(nil)
			if !reflect.DeepEqual(l1, l2) {
				return fmt.Errorf("resampled world offers %v, the real one %v", l2, l1)
			}
		}
	}
	return nil
}

// checkRefusal tries actions that are not legal and checks that each is
// refused with a reason and changes nothing.
func checkRefusal(st game.State, legal []game.Action, rng *rand.Rand) error {
	r := st.Rules()
	isLegal := func(a game.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	before := st.Clone()
	tries := []game.Action{}
	a := legal[rng.IntN(len(legal))]
	// The same action by another seat.
	other := a
	other.Seat = int8((int(a.Seat) + 1 + rng.IntN(r.Seats()-1)) % r.Seats())
	tries = append(tries, other)
	// A random card in a card-carrying action.
	if a.Card != card.None {
		b := a
		b.Card = r.Pack().Order[rng.IntN(r.Pack().Size())]
		tries = append(tries, b)
	}
	// Every card of the actor's hand in a card play: the refusals of the
	// rules of play (follow suit, trump, …).
	if a.Kind == game.KindPlay {
		for _, c := range st.MayKnow(game.Seat(int(a.Seat))).Intersect(r.Pack().Cards).Cards(nil) {
			b := a
			b.Card = c
			tries = append(tries, b)
		}
	}
	// A random call code.
	c := a
	c.Call = uint8(rng.IntN(12))
	tries = append(tries, c)
	// A different kind.
	k := a
	k.Kind = game.Kind(1 + rng.IntN(9))
	tries = append(tries, k)
	for _, x := range tries {
		if isLegal(x) {
			continue
		}
		err := st.Apply(x)
		if err == nil {
			return fmt.Errorf("illegal action %+v accepted (legal: %v)", x, legal)
		}
		ie, ok := err.(*game.IllegalError)
		if !ok {
			return fmt.Errorf("refusal of %+v is %T, want *game.IllegalError: %v", x, err, err)
		}
		if err := checkExplained(ie); err != nil {
			return fmt.Errorf("refusal of %+v (%v): %v", x, ie, err)
		}
		if !reflect.DeepEqual(before, st) {
			return fmt.Errorf("refused action %+v (%v) changed the state", x, err)
		}
	}
	return nil
}

func checkReplay(st game.State, deck []card.Card, dealer int) error {
	r := st.Rules()
	names := make([]string, r.Seats())
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i)
	}
	rec := game.NewRecord(r, names, dealer, deck, st.History())
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("record does not marshal: %v", err)
	}
	back, err := game.DecodeRecord(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("record does not decode: %v\n%s", err, data)
	}
	rs, err := game.Replay(back)
	if err != nil {
		return fmt.Errorf("replay of the produced record fails: %v\n%s", err, data)
	}
	if !rs.Done() {
		return fmt.Errorf("replay of the produced record does not finish\n%s", data)
	}
	if !reflect.DeepEqual(game.Summarize(rs), game.Summarize(st)) {
		return fmt.Errorf("replay gives %+v, play gave %+v", game.Summarize(rs), game.Summarize(st))
	}
	return nil
}

// checkExplained checks that a refusal has a code that Explain words in
// both languages, with every parameter filled in and every card named.
func checkExplained(ie *game.IllegalError) error {
	if ie.Code == "" {
		return fmt.Errorf("no refusal code")
	}
	if !ie.Worded() {
		return fmt.Errorf("code %q (params %v) has no wording", ie.Code, ie.Params)
	}
	if _, ok := ie.Params["card"]; ok && ie.Pack == nil {
		return fmt.Errorf("code %q names a card but the error has no pack", ie.Code)
	}
	for _, l := range []card.Lang{card.English, card.German} {
		text := ie.Explain(l)
		if strings.ContainsAny(text, "{}") {
			return fmt.Errorf("explanation %q has a parameter left", text)
		}
		if id := ie.Params["card"]; id != "" && strings.Contains(text, id) && !strings.HasPrefix(id, "T") {
			return fmt.Errorf("explanation %q names card %s by its ID", text, id)
		}
	}
	return nil
}

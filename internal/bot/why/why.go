// Package why says in words why one action is worse than another: what
// differs between them in the same sampled worlds. Each world is a complete
// deal the deciding seat cannot tell from the real one; both actions are
// played in it and the hand is finished the same way after each, and the
// finished hands are compared: the trick the action was played to (taken by
// the seat's side or not), the card points of the seat's side, every item
// the engine scores (game.Result.Items: the game itself, Pagat, Uhu,
// Kakadu, Trull, kings, Mond, Valat, …) and the seat's score.
//
// The package does not draw worlds nor value actions itself: its callers
// (the hints of package bot, the analysis, the tactics suite) record the
// finished hands of their own paired samples in a Sample, whose means are
// the values they report, and ask it for the differences (Sample.Why) and
// their words (Text). The differences are counts and means over those
// worlds, never a heuristic's guess.
package why

import (
	"cmp"
	"encoding/json"
	"slices"

	"trull/internal/card"
	"trull/internal/game"
)

// Item is one scored item of a finished hand as it counts for the deciding
// seat: Points is the engine's item points, positive when the seat's side
// scores them and negative when the other side does.
type Item struct {
	Item   string
	Points int
}

// Outcome is one world's finished hand after one action, as the deciding
// seat counts it.
type Outcome struct {
	// Trick is 1 when the seat's side took the trick the action's card was
	// played to, 0 when another side did, -1 when it is not known (the
	// action is no card, or a Fool that led the trick).
	Trick int8
	// CardPoints are the card points the seat's side counts at the end,
	// in points (thirds for the 54-card Strohmandeln are divided by 3).
	CardPoints float64
	// Score is the seat's score of the hand (game.Result.Score).
	Score int
	// Items are the result's items as they count for the seat.
	Items []Item
}

// TrickCard returns the card of the trick a card play a belongs to whose
// captor tells who took the trick, read from st after a was applied: the
// played card itself, or for a Fool (which each side keeps for itself)
// another card of the trick. It returns card.Hidden when there is none
// (a Fool leading the trick) or a is no card play.
func TrickCard(st game.State, a game.Action) card.Card {
	if a.Kind != game.KindPlay {
		return card.Hidden
	}
	if a.Card != card.Fool {
		return a.Card
	}
	var trick card.Set
	if tt, ok := st.(game.Tricks); ok {
		trick = tt.TrickCards()
	}
	for _, c := range trick.Cards(nil) {
		if c != card.Fool {
			return c
		}
	}
	return card.Hidden
}

// Observe reads the outcome of the finished hand end for seat; trickCard
// is TrickCard of the action, read when it was played.
func Observe(end game.State, seat int, trickCard card.Card) Outcome {
	res := end.Result()
	o := Outcome{Trick: -1}
	if seat < len(res.Score) {
		o.Score = res.Score[seat]
		o.CardPoints = float64(res.CardPoints[seat])
	}
	same := sides(end, res)
	if trickCard != card.Hidden {
		if captor := captorOf(end, trickCard); captor >= 0 {
			o.Trick = 0
			if same(seat, captor) {
				o.Trick = 1
			}
		}
	}
	if end.Rules().Traits().Scale.Thirds() {
		o.CardPoints /= 3
	}
	o.Items = make([]Item, 0, len(res.Items))
	for _, it := range res.Items {
		if it.Points == 0 {
			continue
		}
		o.Items = append(o.Items, Item{Item: it.Item, Points: signed(it, res, seat, same)})
	}
	return o
}

// signed returns an item's points as they count for seat.
func signed(it game.Item, res game.Result, seat int, same func(a, b int) bool) int {
	if len(it.Seats) > 0 {
		in := slices.Contains(it.Seats, seat)
		if it.Item == "misere_most_points" { // the seats named pay
			in = !in
		}
		if in {
			return it.Points
		}
		return -it.Points
	}
	decl := res.Declarer >= 0 && same(seat, res.Declarer)
	switch it.Side {
	case "declarer":
		if decl {
			return it.Points
		}
		return -it.Points
	case "defenders":
		if decl {
			return -it.Points
		}
		return it.Points
	}
	return 0
}

// sides returns whether two seats played on the same side of the finished
// hand: the declarer with the called partner against the others, each seat
// alone in a contract the Traits name so (Troggu's Misère), in a hand
// without a declarer, and in a game of two (Strohmandeln), where the
// declarer's side is the declarer's seat.
func sides(end game.State, res game.Result) func(a, b int) bool {
	if end.Rules().Traits().AllAlone(res.Contract) || res.Declarer < 0 {
		return func(a, b int) bool { return a == b }
	}
	inDecl := func(s int) bool { return s == res.Declarer || (res.Partner >= 0 && s == res.Partner) }
	return func(a, b int) bool { return inDecl(a) == inDecl(b) }
}

// captorOf returns the seat whose side's pile holds c at the end of the
// hand (-1 when none does): in Droggn the declarer or the first defender
// (game.Tricks).
func captorOf(end game.State, c card.Card) int {
	if tt, ok := end.(game.Tricks); ok {
		return tt.Captor(c)
	}
	return -1
}

// Sample is the finished hands of candidate actions in the same worlds:
// Outcomes[i][w] is action i's outcome in world w, every action having the
// same worlds in the same order.
type Sample struct {
	Seat     int
	Actions  []game.RecordAction
	Outcomes [][]Outcome
	// Opponents names the other side of the seat for the words
	// (Opponents of the seat's role).
	Opponents string
}

// Value returns action i's mean score over the worlds.
func (s *Sample) Value(i int) float64 {
	var sum float64
	for _, o := range s.Outcomes[i] {
		sum += float64(o.Score)
	}
	return sum / float64(max(len(s.Outcomes[i]), 1))
}

// Index returns the index of the record action a among the sample's
// actions, -1 when it is not one of them.
func (s *Sample) Index(a game.RecordAction) int {
	return slices.IndexFunc(s.Actions, func(b game.RecordAction) bool { return sameAction(a, b) })
}

// sameAction reports whether two record actions are the same.
func sameAction(a, b game.RecordAction) bool {
	return a.SeatOf() == b.SeatOf() && a.Act == b.Act && a.Call == b.Call && a.Card == b.Card && a.Say == b.Say &&
		slices.Equal(a.Cards, b.Cards)
}

// Opponents returns the word for the other side of seat in the state of
// a decision (declarer known): "defenders" for the declarer's side,
// "declarer" for a defender ("tappist" or "soloist" where the game names
// the declarer's role so, as Troggu does), "opponent" in a game of two
// (Strohmandeln), "alone" where every seat plays for itself (Troggu's
// Misère, which has no declarer), "others" where the sides are not known
// yet (the bidding).
func Opponents(st game.State, seat int) string {
	if st.Rules().Seats() == 2 {
		return "opponent"
	}
	if a, ok := st.(interface{ EverySeatAlone() bool }); ok && a.EverySeatAlone() {
		return "alone"
	}
	d, ok := st.(interface{ Declarer() int })
	switch {
	case !ok:
	case d.Declarer() == seat:
		return "defenders"
	case d.Declarer() >= 0:
		if r, ok := st.(interface{ DeclarerRole() string }); ok && r.DeclarerRole() != "" {
			return r.DeclarerRole()
		}
		return "declarer"
	}
	return "others"
}

// Count is a number of worlds for the action explained and for the best.
type Count struct {
	Action int `json:"action"`
	Best   int `json:"best"`
}

// ItemDiff is how one scored item differs between the action and the best.
type ItemDiff struct {
	// Item is the engine's item name (docs/FORMAT.md "items").
	Item string `json:"item"`
	// Points is the mean difference of the item's points for the seat's
	// side, the action's minus the best's, over all worlds.
	Points float64 `json:"points"`
	// Worlds is the number of worlds in which the item differs; Worse of
	// them count less for the seat's side with the action.
	Worlds int `json:"worlds"`
	Worse  int `json:"worse"`
	// Typical is the item's points in a world where it differs and is
	// scored (its largest magnitude), as the engine scores it.
	Typical int `json:"typical"`
}

// Why is what differs between an action and the best one in the same
// worlds, every field the action's minus the best's.
type Why struct {
	Action game.RecordAction `json:"action"`
	Best   game.RecordAction `json:"best"`
	// Worlds is the number of worlds compared.
	Worlds int `json:"worlds"`
	// Value and BestValue are the two actions' mean scores for the seat
	// over these worlds; Score is Value − BestValue.
	Value     float64 `json:"value"`
	BestValue float64 `json:"best_value"`
	Score     float64 `json:"score"`
	// Trick counts the worlds in which the seat's side takes the trick
	// the card is played to (absent for an action that is no card).
	Trick *Count `json:"trick,omitempty"`
	// CardPoints is the mean difference of the seat's side's card points.
	CardPoints float64 `json:"card_points"`
	// Game counts the worlds in which the seat's side wins the game (its
	// "game" or "match" item counts for it): the contract made or the
	// win threshold reached.
	Game *Count `json:"game,omitempty"`
	// Items are the scored items that differ, the largest mean difference
	// first.
	Items []ItemDiff `json:"items,omitempty"`
	// Opponents names the seat's other side (Opponents).
	Opponents string `json:"opponents"`
}

// Why compares action i with action best over the sample's worlds.
func (s *Sample) Why(i, best int) Why {
	a, b := s.Outcomes[i], s.Outcomes[best]
	n := min(len(a), len(b))
	w := Why{Action: s.Actions[i], Best: s.Actions[best], Worlds: n, Value: round(s.Value(i)), BestValue: round(s.Value(best)), Opponents: s.Opponents}
	w.Score = round(w.Value - w.BestValue)
	if n == 0 {
		return w
	}
	var trick Count
	trickKnown := true
	var game Count
	gameSeen := false
	var points float64
	diffs := map[string]*ItemDiff{}
	var names []string
	for k := 0; k < n; k++ {
		x, y := a[k], b[k]
		if x.Trick < 0 || y.Trick < 0 {
			trickKnown = false
		}
		trick.Action += int(max(x.Trick, 0))
		trick.Best += int(max(y.Trick, 0))
		points += x.CardPoints - y.CardPoints
		gx, okx := gameOf(x)
		gy, oky := gameOf(y)
		gameSeen = gameSeen || okx || oky
		if gx > 0 {
			game.Action++
		}
		if gy > 0 {
			game.Best++
		}
		for _, name := range itemNames(x, y) {
			px, py := pointsOf(x, name), pointsOf(y, name)
			if px == py {
				continue
			}
			d := diffs[name]
			if d == nil {
				d = &ItemDiff{Item: name}
				diffs[name] = d
				names = append(names, name)
			}
			d.Points += float64(px - py)
			d.Worlds++
			if px < py {
				d.Worse++
			}
			for _, p := range []int{px, py} {
				if abs(p) > abs(d.Typical) {
					d.Typical = abs(p)
				}
			}
		}
	}
	if trickKnown {
		w.Trick = &trick
	}
	if gameSeen {
		w.Game = &game
	}
	w.CardPoints = round(points / float64(n))
	for _, name := range names {
		d := diffs[name]
		d.Points = round(d.Points / float64(n))
		w.Items = append(w.Items, *d)
	}
	slices.SortStableFunc(w.Items, func(x, y ItemDiff) int {
		if c := cmp.Compare(abs64(y.Points), abs64(x.Points)); c != 0 {
			return c
		}
		return cmp.Compare(x.Item, y.Item)
	})
	return w
}

// gameOf returns the seat's points of the game itself (the "game" or
// "match" item), and whether the hand has one.
func gameOf(o Outcome) (int, bool) {
	for _, it := range o.Items {
		if it.Item == "game" || it.Item == "match" {
			return it.Points, true
		}
	}
	return 0, false
}

// itemNames returns the item names of two outcomes, each once, in order.
func itemNames(x, y Outcome) []string {
	out := make([]string, 0, len(x.Items)+len(y.Items))
	for _, o := range [2]Outcome{x, y} {
		for _, it := range o.Items {
			if !slices.Contains(out, it.Item) {
				out = append(out, it.Item)
			}
		}
	}
	return out
}

// pointsOf returns the seat's points of a named item in an outcome.
func pointsOf(o Outcome, name string) int {
	sum := 0
	for _, it := range o.Items {
		if it.Item == name {
			sum += it.Points
		}
	}
	return sum
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// round keeps three decimals.
func round(x float64) float64 {
	const k = 1000
	if x < 0 {
		return -float64(int64(-x*k+0.5)) / k
	}
	return float64(int64(x*k+0.5)) / k
}

// Words is a Why with its words: Text in one language, or, with TextDE
// set, Text in English and TextDE in German, written as "text":
// {"en", "de"} (as the server's hint message words a why).
type Words struct {
	Why
	Text   string `json:"text,omitempty"`
	TextDE string `json:"-"`
}

// MarshalJSON writes w's words as one string, or both languages as
// {"en", "de"} when TextDE is set.
func (w Words) MarshalJSON() ([]byte, error) {
	type one Words
	if w.TextDE == "" {
		return json.Marshal(one(w))
	}
	return json.Marshal(struct {
		Why
		Text game.Words `json:"text"`
	}{w.Why, game.Words{EN: w.Text, DE: w.TextDE}})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (w *Words) UnmarshalJSON(b []byte) error {
	var x struct {
		Why
		Text json.RawMessage `json:"text"`
	}
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	*w = Words{Why: x.Why}
	switch {
	case len(x.Text) == 0 || string(x.Text) == "null":
		return nil
	case x.Text[0] == '"':
		return json.Unmarshal(x.Text, &w.Text)
	}
	var both game.Words
	if err := json.Unmarshal(x.Text, &both); err != nil {
		return err
	}
	w.Text, w.TextDE = both.EN, both.DE
	return nil
}

package why

import (
	"math/rand/v2"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/troggu"
)

// TestText words hand-made differences: the biggest difference first, the
// trick and the card points second, in both languages.
func TestText(t *testing.T) {
	pagat := playOf("T1")
	mond := playOf("T21")
	names := map[string]string{"T1": "Pagat (I)", "T21": "Mond (XXI)"}
	name := func(ra game.RecordAction) string { return names[ra.Card] }
	item := func(pts ...int) []Item {
		var out []Item
		for _, p := range pts {
			out = append(out, Item{Item: "pagat_ultimo", Points: p})
		}
		return out
	}
	s := Sample{Seat: 0, Actions: []game.RecordAction{pagat, mond}, Opponents: "defenders",
		Outcomes: [][]Outcome{
			{{Trick: 0, CardPoints: 30, Score: -10}, {Trick: 0, CardPoints: 31, Score: -10}, {Trick: 1, CardPoints: 35, Score: 0}},
			{{Trick: 1, CardPoints: 35, Score: 0, Items: item(10)}, {Trick: 1, CardPoints: 35, Score: 0, Items: item(10)}, {Trick: 1, CardPoints: 35, Score: 10, Items: item(10)}},
		}}
	w := s.Why(0, 1)
	if w.Worlds != 3 || w.Trick.Action != 1 || w.Trick.Best != 3 || len(w.Items) != 1 || w.Items[0].Worse != 3 || w.Items[0].Points != -10 {
		t.Fatalf("why %+v", w)
	}
	for _, c := range []struct {
		l    card.Lang
		want string
	}{
		{card.English, "With Pagat (I) rather than Mond (XXI), your side does worse on the Pagat ultimo (worth 10 points) in every world. Mond (XXI) takes this trick for your side in every world; with Pagat (I) the defenders take it in 2 of 3 worlds and 3 card points more."},
		{card.German, "Mit Pagat (I) statt mit Mond (XXI) steht deine Seite bei der Wertung „Pagat ultimo“ (sie zählt 10 Punkte) in jeder Welt schlechter da. Mond (XXI) gewinnt diesen Stich für deine Seite in jeder Welt; mit Pagat (I) nehmen die Gegenspieler ihn in 2 von 3 Welten und 3 Kartenpunkte mehr."},
	} {
		if got := Text(w, name, c.l); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.l, got, c.want)
		}
	}
	// Read by another than the deciding seat, the side is named.
	if got, want := TextOf(w, name, card.English, "Bot 2"), "With Pagat (I) rather than Mond (XXI), Bot 2's side does worse on the Pagat ultimo (worth 10 points) in every world. Mond (XXI) takes this trick for Bot 2's side"; !strings.HasPrefix(got, want) {
		t.Errorf("named:\n got %q\nwant %q…", got, want)
	}
	if got, want := TextOf(w, name, card.German, "Bot 2"), "Mit Pagat (I) statt mit Mond (XXI) steht die Seite von Bot 2 bei der Wertung"; !strings.HasPrefix(got, want) {
		t.Errorf("named:\n got %q\nwant %q…", got, want)
	}
}

// TestTextScoreBeforeItem: the better action, which does worse on an item
// in some worlds, is explained by its score first; the item's sentence
// compares the two actions rather than saying how often the item is won.
func TestTextScoreBeforeItem(t *testing.T) {
	skus, d2 := playOf("FOOL"), playOf("D-2")
	names := map[card.Lang]map[string]string{
		card.English: {"FOOL": "the Sküs", "D-2": "2 of diamonds"},
		card.German:  {"FOOL": "der Sküs", "D-2": "Karo-2"},
	}
	grammel := []Item{{Item: "grammel", Points: 1}}
	s := Sample{Seat: 0, Actions: []game.RecordAction{skus, d2}, Opponents: "opponent",
		Outcomes: [][]Outcome{
			{{Trick: -1, CardPoints: 40, Score: 6}, {Trick: -1, CardPoints: 40, Score: 3}, {Trick: -1, CardPoints: 40, Score: 3}},
			{{Trick: -1, CardPoints: 40, Score: 3, Items: grammel}, {Trick: -1, CardPoints: 40, Score: -4}, {Trick: -1, CardPoints: 40, Score: -4}},
		}}
	w := s.Why(0, 1)
	// Card points against the score as well: the score is said once.
	s.Outcomes[1][0].CardPoints = 43
	if got := Text(s.Why(0, 1), func(ra game.RecordAction) string { return names[card.English][ra.Card] }, card.English); strings.Count(got, "your score") != 1 {
		t.Errorf("the score said other than once: %q", got)
	}
	for _, c := range []struct {
		l    card.Lang
		want string
	}{
		{card.English, "With the Sküs, your score is 5⅔ points higher on average than with 2 of diamonds. With the Sküs rather than 2 of diamonds, your side does worse on the Grammel (worth 1 point) in 1 of 3 worlds."},
		{card.German, "Mit dem Sküs ist dein Ergebnis im Mittel 5⅔ Punkte höher als mit Karo-2. Mit dem Sküs statt mit Karo-2 steht deine Seite bei der Wertung „Grammel“ (sie zählt 1 Punkt) in 1 von 3 Welten schlechter da."},
	} {
		name := func(ra game.RecordAction) string { return names[c.l][ra.Card] }
		if got := Text(w, name, c.l); !strings.HasPrefix(got, c.want) {
			t.Errorf("%v:\n got %q\nwant %q…", c.l, got, c.want)
		}
	}
}

// TestNumber writes means in thirds where they are thirds.
func TestNumber(t *testing.T) {
	for _, c := range []struct {
		x    float64
		de   bool
		want string
	}{{4.6667, false, "4⅔"}, {0.3333, false, "⅓"}, {2, false, "2"}, {-1.5, true, "−1,5"}, {2.58, false, "2.6"}} {
		if got := Number(c.x, c.de); got != c.want {
			t.Errorf("Number(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

// TestTextDative: a German card name with its article takes the dative
// after "mit" ("mit dem Gstieß"), and the nominative elsewhere.
func TestTextDative(t *testing.T) {
	fool := playOf("FOOL")
	h3 := playOf("H-3")
	names := map[string]string{"FOOL": "der Gstieß", "H-3": "Herz-3"}
	name := func(ra game.RecordAction) string { return names[ra.Card] }
	s := Sample{Seat: 0, Actions: []game.RecordAction{fool, h3}, Opponents: "defenders",
		Outcomes: [][]Outcome{
			{{Trick: 0, CardPoints: 30, Score: -10}, {Trick: 0, CardPoints: 31, Score: 10}},
			{{Trick: 0, CardPoints: 32, Score: 10}, {Trick: 0, CardPoints: 32, Score: 10}},
		}}
	for _, c := range []struct {
		a, b int
		want string
	}{
		{0, 1, "Mit dem Gstieß zählt deine Seite im Mittel 1,5 Kartenpunkte weniger als mit Herz-3."},
		{1, 0, "Mit Herz-3 zählt deine Seite im Mittel 1,5 Kartenpunkte mehr als mit dem Gstieß."},
	} {
		if got := Text(s.Why(c.a, c.b), name, card.German); got != c.want {
			t.Errorf("\n got %q\nwant %q", got, c.want)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"Herz-König", "Herz-König"},
		{"der Gstieß", "dem Gstieß"},
		{"einen Schwachen geben", "einem Schwachen"},
		{"Retour", "Retour"},
		{"gut", "„gut“"},
		{"drückt Herz-König", "„drückt Herz-König“"},
		{"Mond auslegen", "„Mond auslegen“"},
		{"Solo", "Solo"},
	} {
		if got := dative(c.name); got != c.want {
			t.Errorf("dative(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTextBidScoreFirst: a bid that scores more while its side counts
// fewer card points is explained by its score, the card points after, and
// one point is a point.
func TestTextBidScoreFirst(t *testing.T) {
	solo := game.NewRecordAction(0, "bid")
	solo.Call = "solo"
	ansager := game.NewRecordAction(0, "bid")
	ansager.Call = "ansager"
	name := func(ra game.RecordAction) string {
		return map[string]string{"solo": "Solo", "ansager": "Ansager"}[ra.Call]
	}
	for _, c := range []struct {
		soloScores [2]int
		l          card.Lang
		want       string
	}{
		{[2]int{40, 44}, card.English, "With Solo, your score is 3 points higher on average than with Ansager, though your side counts 4 card points fewer."},
		{[2]int{40, 44}, card.German, "Mit Solo ist dein Ergebnis im Mittel 3 Punkte höher als mit Ansager, auch wenn deine Seite im Mittel 4 Kartenpunkte weniger zählt."},
		{[2]int{40, 40}, card.English, "With Solo, your score is 1 point higher on average than with Ansager, though your side counts 4 card points fewer."},
		{[2]int{40, 40}, card.German, "Mit Solo ist dein Ergebnis im Mittel 1 Punkt höher als mit Ansager, auch wenn deine Seite im Mittel 4 Kartenpunkte weniger zählt."},
	} {
		s := Sample{Seat: 0, Actions: []game.RecordAction{solo, ansager}, Opponents: "defenders",
			Outcomes: [][]Outcome{
				{{Trick: -1, CardPoints: 40, Score: c.soloScores[0]}, {Trick: -1, CardPoints: 42, Score: c.soloScores[1]}},
				{{Trick: -1, CardPoints: 45, Score: 38}, {Trick: -1, CardPoints: 45, Score: 40}},
			}}
		if got := Text(s.Why(0, 1), name, c.l); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.l, got, c.want)
		}
	}
	// A card that takes the same tricks: the score comes first too.
	fool := playOf("FOOL")
	h3 := playOf("H-3")
	cards := func(ra game.RecordAction) string {
		return map[string]string{"FOOL": "Fool", "H-3": "3 of hearts"}[ra.Card]
	}
	s := Sample{Seat: 0, Actions: []game.RecordAction{fool, h3}, Opponents: "defenders",
		Outcomes: [][]Outcome{
			{{Trick: 0, CardPoints: 32, Score: 10}, {Trick: 0, CardPoints: 32, Score: 10}},
			{{Trick: 0, CardPoints: 30, Score: 12}, {Trick: 0, CardPoints: 30, Score: 12}},
		}}
	want := "With Fool, your score is 2 points lower on average than with 3 of hearts, though your side counts 2 card points more."
	if got := Text(s.Why(0, 1), cards, card.English); got != want {
		t.Errorf("a card:\n got %q\nwant %q", got, want)
	}
}

// TestTextMisere: where every seat plays for itself (a Misère) more card
// points lose, so a card that counts more and scores less is not worded
// as a contradiction ("though") but explained by the points.
func TestTextMisere(t *testing.T) {
	fool := playOf("FOOL")
	h3 := playOf("H-3")
	cards := func(ra game.RecordAction) string {
		return map[string]string{"FOOL": "Fool", "H-3": "3 of hearts"}[ra.Card]
	}
	outcomes := [][]Outcome{
		{{Trick: 0, CardPoints: 32, Score: -3}, {Trick: 0, CardPoints: 32, Score: -3}},
		{{Trick: 0, CardPoints: 30, Score: 1}, {Trick: 0, CardPoints: 30, Score: 1}},
	}
	for _, tc := range []struct {
		opponents string
		want      map[card.Lang]string
	}{
		{"alone", map[card.Lang]string{
			card.English: "With Fool, your score is 4 points lower on average than with 3 of hearts, because you count 2 card points more: in a Misère the most card points lose.",
			card.German:  "Mit Fool ist dein Ergebnis im Mittel 4 Punkte niedriger als mit 3 of hearts, weil du im Mittel 2 Kartenpunkte mehr zählst: In der Misère verliert, wer die meisten Kartenpunkte hat.",
		}},
		// The bidding, sides not known yet: no Misère.
		{"others", map[card.Lang]string{
			card.English: "With Fool, your score is 4 points lower on average than with 3 of hearts, though your side counts 2 card points more.",
		}},
	} {
		s := Sample{Seat: 0, Actions: []game.RecordAction{fool, h3}, Opponents: tc.opponents, Outcomes: outcomes}
		for l, want := range tc.want {
			if got := Text(s.Why(0, 1), cards, l); got != want {
				t.Errorf("%s, %v:\n got %q\nwant %q", tc.opponents, l, got, want)
			}
		}
	}
}

// playOf is seat 0's play of the card with the record ID id.
func playOf(id string) game.RecordAction {
	a := game.NewRecordAction(0, "play")
	a.Card = id
	return a
}

// TestTextNamedOpponent: read by another than the deciding seat, the
// seat's opponent is the named seat's, not the reader's.
func TestTextNamedOpponent(t *testing.T) {
	hi, lo := playOf("T20"), playOf("C-N")
	name := func(ra game.RecordAction) string {
		return map[string]string{"T20": "trump XX", "C-N": "rider of clubs"}[ra.Card]
	}
	s := Sample{Seat: 0, Actions: []game.RecordAction{lo, hi}, Opponents: "opponent",
		Outcomes: [][]Outcome{
			{{Trick: 0, CardPoints: 30, Score: -3}, {Trick: 0, CardPoints: 30, Score: -3}},
			{{Trick: 1, CardPoints: 30, Score: -3}, {Trick: 1, CardPoints: 30, Score: -3}},
		}}
	w := s.Why(0, 1)
	if got := TextOf(w, name, card.English, "South"); !strings.Contains(got, "South's opponent takes") || strings.Contains(got, "your") {
		t.Errorf("named: %q", got)
	}
	if got := TextOf(w, name, card.German, "South"); !strings.Contains(got, "nimmt der Gegner von South") || strings.Contains(got, "dein") {
		t.Errorf("named: %q", got)
	}
	if got := Text(w, name, card.English); !strings.Contains(got, "your opponent takes") {
		t.Errorf("spoken to: %q", got)
	}
}

// TestOpponents: in Troggu the sides are not known while bidding
// ("others"), and in a Misère every seat plays alone ("alone").
func TestOpponents(t *testing.T) {
	r := troggu.MustParse(3, "allPassRule=alwaysMisere")
	st, err := r.NewState(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(1, 2))), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := Opponents(st, st.ToAct()); got != "others" {
		t.Errorf("while bidding: %q, want others", got)
	}
	for st.Phase() == "bidding" {
		pass := game.NewRecordAction(st.ToAct(), "bid")
		pass.Call = "pass"
		if err := game.ApplyRecordAction(st, pass); err != nil {
			t.Fatal(err)
		}
	}
	if got := Opponents(st, st.ToAct()); got != "alone" {
		t.Errorf("in the Misère after three passes (phase %s): %q, want alone", st.Phase(), got)
	}
}

// TestOpponentsByRole: a Troggu defender's other side is named by the
// declarer's role, as the table names it: the Tappist's side in a Normal
// game, the Soloist in a Solo; the declarer's own other side is the
// defenders.
func TestOpponentsByRole(t *testing.T) {
	for _, c := range []struct{ call, want string }{{"normal", "tappist"}, {"solo", "soloist"}} {
		r := troggu.MustParse(3, "")
		st, err := r.NewState(game.ShuffledDeck(r.Pack(), rand.New(rand.NewPCG(3, 4))), 0)
		if err != nil {
			t.Fatal(err)
		}
		declarer := st.ToAct()
		bid := game.NewRecordAction(declarer, "bid")
		bid.Call = c.call
		if err := game.ApplyRecordAction(st, bid); err != nil {
			t.Fatalf("%s: %v", c.call, err)
		}
		for st.Phase() == "bidding" {
			pass := game.NewRecordAction(st.ToAct(), "bid")
			pass.Call = "pass"
			if err := game.ApplyRecordAction(st, pass); err != nil {
				t.Fatal(err)
			}
		}
		for s := range r.Seats() {
			want := c.want
			if s == declarer {
				want = "defenders"
			}
			if got := Opponents(st, s); got != want {
				t.Errorf("%s: seat %d (declarer %d) is told its other side is %q, want %q", c.call, s, declarer, got, want)
			}
		}
	}
}

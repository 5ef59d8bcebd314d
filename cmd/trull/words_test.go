package main

import (
	"bytes"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// TestGameWords checks the words a table says for the actions whose words
// depend on the game and the moment: a pass before and after a bid, a
// declined lay-out by the declarer or a defender, the doubling words, and
// the declarer's side in a result.
func TestGameWords(t *testing.T) {
	stroh, err := strohmandeln.New(nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	dr, tg := droggn.Default(3), troggu.Default(5)
	pass := game.Action{Seat: 1, Kind: game.KindBid, Call: droggn.CallPass}
	noLayout := game.Action{Seat: 1, Kind: game.KindLayout, Card: card.None}
	double := func(call uint8) game.Action { return game.Action{Seat: 1, Kind: game.KindDouble, Call: call} }
	trogguPass := game.Action{Seat: 1, Kind: game.KindBid, Call: troggu.BidPass}
	strohPass := game.Action{Seat: 1, Kind: game.KindBid, Call: strohmandeln.CallPass}
	cases := []struct {
		name     string
		rules    game.Rules
		lang     card.Lang
		bidMade  bool
		declarer int
		say      func(p *player) string
		want     string
	}{
		{"Droggn pass to choose before a bid", dr, card.English, false, -1, func(p *player) string { return p.choice(pass) }, "pass (weiter)"},
		{"Droggn pass to choose after a bid", dr, card.German, true, -1, func(p *player) string { return p.choice(pass) }, "gut"},
		{"Droggn pass made before a bid", dr, card.German, false, -1, func(p *player) string { return p.deed(pass) }, "weiter"},
		{"Droggn pass made after a bid", dr, card.English, true, -1, func(p *player) string { return p.deed(pass) }, "gut"},
		{"Droggn declarer's lay-out to choose", dr, card.English, false, 1, func(p *player) string { return p.choice(noLayout) }, "ich liege (no lay-out)"},
		{"Droggn defender's lay-out to choose", dr, card.German, false, 0, func(p *player) string { return p.choice(noLayout) }, "nicht auslegen"},
		{"Droggn declarer lays nothing out", dr, card.English, false, 1, func(p *player) string { return p.deed(noLayout) }, "ich liege"},
		{"Droggn defender lays nothing out", dr, card.German, false, 0, func(p *player) string { return p.deed(noLayout) }, "legt nicht aus"},
		{"Droggn Schwacher", dr, card.English, false, 0, func(p *player) string { return p.deed(double(droggn.CallSchwacher)) }, "gives a Schwacher (doubles)"},
		{"Droggn Retour", dr, card.German, false, 0, func(p *player) string { return p.deed(double(droggn.CallRetour)) }, "Retour"},
		{"Droggn declarer's side", dr, card.English, false, 0, func(p *player) string { return p.sideName("declarer") }, "the declarer"},
		{"Troggu pass made", tg, card.English, true, -1, func(p *player) string { return p.deed(trogguPass) }, "passes"},
		{"Troggu pass in the bidding", tg, card.German, false, -1, func(p *player) string { return p.bidWord("pass") }, "passe"},
		{"Troggu pass to choose", tg, card.English, false, -1, func(p *player) string { return p.choice(trogguPass) }, tg.Describe(trogguPass, card.English)},
		{"Troggu declarer's side", tg, card.German, false, 0, func(p *player) string { return p.sideName("declarer") }, "Tappist-Seite"},
		{"Strohmandeln pass made", stroh, card.German, false, -1, func(p *player) string { return p.deed(strohPass) }, stroh.Describe(strohPass, card.German)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &player{rules: c.rules, lang: c.lang, names: []string{"P0", "P1", "P2", "P3", "P4"}, out: &bytes.Buffer{},
				human: 1, declarer: c.declarer, bidMade: c.bidMade}
			if got := c.say(p); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

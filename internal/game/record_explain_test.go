package game_test

import (
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestExplainRecord: a record that cannot be read or replayed is worded
// in English and German from its fault and details, saying what is wrong
// and why, and its parameters name the fault for the browser.
func TestExplainRecord(t *testing.T) {
	deck66 := `"seed":"x"`
	tests := []struct {
		name    string
		record  string
		record2 string // the "record" parameter
		en, de  string
	}{
		{"not JSON", `{not json`, "json",
			"The file is not a hand record: it is not JSON of the record's shape (trull-hand/1).",
			"Die Datei ist kein Spielprotokoll: Sie ist kein JSON in der Form eines Protokolls (trull-hand/1)."},
		{"format", `{"format":"trull-hand/9","game":"droggn","players":["a","b","c"],"dealer":0,` + deck66 + `,"actions":[]}`, "format",
			"The record's format is “trull-hand/9”; a hand record is of the format trull-hand/1.",
			"Das Protokoll hat das Format „trull-hand/9“; ein Spielprotokoll hat das Format trull-hand/1."},
		{"no players", `{"format":"trull-hand/1","game":"droggn","players":[],"dealer":0,` + deck66 + `,"actions":[]}`, "players",
			"Droggn is played by 3 to 4 players, but the record names 0.",
			"Droggn spielen 3 bis 4 Spieler, das Protokoll nennt aber 0."},
		{"unknown game", `{"format":"trull-hand/1","game":"skat","players":["a","b","c"],"dealer":0,` + deck66 + `,"actions":[]}`, "game",
			"The record names the game “skat”; trull plays Droggn, Troggu and Strohmandeln.",
			"Das Protokoll nennt das Spiel „skat“; trull kennt Droggn, Troggu und Strohmandeln."},
		{"no deck", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,"actions":[]}`, "no_deck",
			"The record gives neither a deck nor a seed, so the deal is not known.",
			"Das Protokoll gibt weder ein Blatt noch einen Startwert an, also ist nicht bekannt, wie gegeben wurde."},
		{"dealer", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":5,` + deck66 + `,"actions":[]}`, "dealer_seat",
			"The record's dealer, seat 5, is none of its 3 seats (counted from 0).",
			"Der Geber des Protokolls, Platz 5, ist keiner seiner 3 Plätze (ab 0 gezählt)."},
		// An action: the refusal of the action itself, with the card's name.
		{"action", `{"format":"trull-hand/1","game":"droggn","players":["a","b","c"],"dealer":0,` + deck66 + `,"actions":[{"seat":1,"act":"play","card":"S-K"}]}`, "action",
			"Action 1 of the record cannot be played: Not now: it is time to bid.",
			"Aktion 1 des Protokolls geht nicht: Jetzt nicht: jetzt heißt es reizen."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := game.DecodeRecord(strings.NewReader(tc.record))
			if err == nil {
				_, err = game.Replay(rec)
			}
			if err == nil {
				t.Fatal("the record is accepted")
			}
			if got := game.Explain(err, card.English); got != tc.en {
				t.Errorf("English: %q, want %q", got, tc.en)
			}
			if got := game.Explain(err, card.German); got != tc.de {
				t.Errorf("German: %q, want %q", got, tc.de)
			}
			if p := game.RecordParams(err); p["record"] != tc.record2 {
				t.Errorf("parameters %v, want record %q", p, tc.record2)
			}
		})
	}
}

// TestExplainRecordEveryFault: every fault of a record has words in both
// languages, all of its parameters filled in.
func TestExplainRecordEveryFault(t *testing.T) {
	params := game.Params{"got": "x", "game": "droggn", "min": "3", "max": "4", "count": "2", "index": "7", "card": "S-K", "size": "66", "dealer": "4", "seats": "3"}
	for _, why := range []string{game.RecordJSON, game.RecordFormat, game.RecordGame, game.RecordPlayers, game.RecordBadOptions, game.RecordDeckSeed,
		game.RecordNoDeck, game.RecordDeckCard, game.RecordDeckTwice, game.RecordDeckSize, game.RecordNoDealer, game.RecordDealerSeat, game.RecordDeal} {
		err := &game.RecordError{Msg: "english", Why: why, Params: params}
		en, de := game.Explain(err, card.English), game.Explain(err, card.German)
		if en == "english" || strings.ContainsAny(en+de, "{}") || en == de || de == "Das geht so nicht." {
			t.Errorf("%s: %q / %q", why, en, de)
		}
	}
}

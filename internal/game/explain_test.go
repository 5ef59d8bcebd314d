package game

import (
	"errors"
	"testing"

	"trull/internal/card"
)

// TestExplain: refusals worded from their codes in both languages.
func TestExplain(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		en, de string
	}{
		// A suit named in the pack's style and language.
		{"follow clubs", &IllegalError{Code: CodeMustFollow, Params: Params{"suit": "C", "card": "C-K"}, Pack: card.Droggn66},
			"You must follow clubs.", "Du musst Kreuz bedienen."},
		// Trumps have their own sentence.
		{"follow trumps", &IllegalError{Code: CodeMustFollow, Params: Params{"suit": "T"}, Pack: card.Stroh54},
			"You must follow trumps.", "Du musst Tarock zugeben."},
		// Italian suits.
		{"trump on cups", &IllegalError{Code: CodeMustTrump, Params: Params{"suit": "Cu"}, Pack: card.Troggu62},
			"You cannot follow cups and must play a trump.", "Du kannst Kelche nicht bedienen und musst Tarock spielen."},
		// Cards by their names in the game's words.
		{"keep the Gstieß", &IllegalError{Code: CodeKeepCard, Params: Params{"card": "FOOL"}, Pack: card.Droggn66},
			"You must keep the Gstieß (Fool) for the last trick.", "Du musst den Gstieß für den letzten Stich behalten."},
		{"not held", &IllegalError{Code: CodeNotHeld, Params: Params{"card": "H-K"}, Pack: card.Droggn66},
			"You do not hold king of hearts.", "Du hast Herz-König nicht."},
		// A "why" picks the sentence.
		{"king needs a trump", &IllegalError{Code: CodeNoDiscard, Params: Params{"card": "H-K", "why": "king_trump"}, Pack: card.Droggn66},
			"A discarded king needs a discarded trump with it.", "Ein abgelegter König braucht einen abgelegten Tarock dazu."},
		// Words of the game.
		{"bid too low", &IllegalError{Code: CodeBidTooLow, Params: Params{"contract": "supermord"}},
			"Super Mord is already bid: bid higher or pass.", "Super Mord ist schon geboten: biete höher oder sag gut."},
		{"wrong action", &IllegalError{Code: CodeWrongAction, Params: Params{"want": "discard"}},
			"Not now: it is time to discard.", "Jetzt nicht: jetzt heißt es ablegen."},
		// Made by the constructors.
		{"out of turn", OutOfTurn(1, 2, "play"), "It is not your turn.", "Du bist nicht am Zug."},
		{"malformed", Malformed("bid: call code %d", 9), "This action is not possible here.", "Diese Aktion ist hier nicht möglich."},
		// An unknown code keeps the English reason and says nothing wrong in German.
		{"unknown code", &IllegalError{Code: "no_such_rule", Reason: "seat 1 did something"}, "seat 1 did something", "Das geht so nicht."},
		// Not a refusal at all.
		{"other error", errors.New("game: the store is gone"), "game: the store is gone", "Das geht so nicht."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Explain(tc.err, card.English); got != tc.en {
				t.Errorf("English: %q, want %q", got, tc.en)
			}
			if got := Explain(tc.err, card.German); got != tc.de {
				t.Errorf("German: %q, want %q", got, tc.de)
			}
		})
	}
}

// TestWithPack: the pack is set on refusals only and never replaced.
func TestWithPack(t *testing.T) {
	err := Illegal(CodeNotHeld, Params{"card": "T21"}, "seat 0 does not hold T21")
	if got := WithPack(err, card.Troggu62).(*IllegalError).Pack; got != card.Troggu62 {
		t.Errorf("pack %v, want Troggu62", got)
	}
	if got := WithPack(err, card.Droggn66).(*IllegalError).Pack; got != card.Troggu62 {
		t.Errorf("the pack was replaced by %v", got)
	}
	other := errors.New("x")
	if WithPack(other, card.Droggn66) != other || WithPack(nil, card.Droggn66) != nil {
		t.Error("WithPack changed an error that is not a refusal")
	}
}

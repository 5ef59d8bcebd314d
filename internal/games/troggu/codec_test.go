package troggu

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"trull/internal/card"
	"trull/internal/game"
)

// TestCodecRoundTrip encodes and decodes every kind of action.
func TestCodecRoundTrip(t *testing.T) {
	r := Default(7)
	for _, a := range []game.Action{
		{Seat: 1, Kind: game.KindBid, Call: BidPass},
		{Seat: 2, Kind: game.KindBid, Call: BidNormal},
		{Seat: 3, Kind: game.KindBid, Call: BidSolo},
		{Seat: 2, Kind: game.KindCall, Card: c("T20")},
		{Seat: 2, Kind: game.KindDiscard, Card: c("Co-5")},
		{Seat: 4, Kind: game.KindPlay, Card: c("FOOL")},
	} {
		ra := r.EncodeAction(a)
		back, err := r.DecodeAction(nil, ra)
		if err != nil || len(back) != 1 || back[0] != a {
			t.Errorf("%+v → %+v → %+v, %v", a, ra, back, err)
		}
	}
}

// TestDecodeErrors checks the form errors of DecodeAction and replays of
// broken records (each fails at the broken action).
func TestDecodeErrors(t *testing.T) {
	r := Default(4)
	seat := 1
	for _, tc := range []struct {
		ra   game.RecordAction
		want string
	}{
		{game.RecordAction{Seat: &seat, Act: "bid", Call: "tapp"}, `bid: call must be pass, normal or solo, got "tapp"`},
		{game.RecordAction{Seat: &seat, Act: "bid", Call: "pass", Card: "T1"}, "bid: a bid names no card"},
		{game.RecordAction{Seat: &seat, Act: "play", Card: "X"}, "unknown card ID 'X'"},
		{game.RecordAction{Seat: &seat, Act: "play", Card: "S-K"}, "unknown card ID 'S-K'"},
		{game.RecordAction{Seat: &seat, Act: "play", Card: "Sw-1"}, "card Sw-1 is not in the 62-card Troggu pack"},
		{game.RecordAction{Seat: &seat, Act: "play"}, `play: give exactly one card in "card"`},
		{game.RecordAction{Seat: &seat, Act: "discard", Cards: []string{"T2", "T2"}}, "discard: card T2 is listed twice"},
		{game.RecordAction{Seat: &seat, Act: "discard"}, `discard: give the discarded cards in "cards"`},
		{game.RecordAction{Seat: &seat, Act: "double", Call: "gut"}, "troggu has no double action"},
		{game.RecordAction{Seat: &seat, Act: "play", Card: "T2", Say: "ross"}, `play: troggu has no say (got "ross")`},
	} {
		_, err := r.DecodeAction(nil, tc.ra)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.ra, err, tc.want)
		}
	}
	broken := []struct {
		file  string
		index int
		edit  func(rec *game.Record)
		want  string
	}{
		{"troggu4-0000", 4, func(rec *game.Record) { rec.Actions[4].Cards = rec.Actions[4].Cards[:9] },
			"action 4: discard: seat 2 must discard 10 cards (as many as the Tapp has), the record gives 9"},
		{"troggu7-0000", 7, func(rec *game.Record) { rec.Actions[7].Card = "T21" },
			"action 7: seat 1 may not call T21: the called card must be a trump from T1 to T20"},
		{"troggu7-0000", 8, func(rec *game.Record) { *rec.Actions[8].Seat = 2 },
			"action 8: out of turn: seat 2 acted, seat 1 is to discard"},
		{"troggu3-0000", 3, func(rec *game.Record) { rec.Actions = append(rec.Actions[:3], rec.Actions[4:]...) },
			"action 3: seat 0 cannot play now: seat 0 is to discard"},
		{"troggu5-0000", 1, func(rec *game.Record) { rec.Actions[1].Call = "normal"; rec.Actions[2].Call = "normal" },
			"action 2: seat 2 cannot bid normal: seat 1 already plays normal; only pass or solo"},
		{"troggu8-0000", 100, func(rec *game.Record) { rec.Actions = append(rec.Actions, rec.Actions[len(rec.Actions)-1]) },
			"the hand is over; no more actions are taken"},
	}
	for _, tc := range broken {
		data, err := os.ReadFile("testdata/examples/legal/" + tc.file + ".json")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.DecodeRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		tc.edit(rec)
		_, err = game.Replay(rec)
		var ae *game.ActionError
		if !errors.As(err, &ae) || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.file, err, tc.want)
		}
	}
}

// TestDescribe checks the game's words in both languages.
func TestDescribe(t *testing.T) {
	r := Default(5)
	for _, tc := range []struct {
		a      game.Action
		en, de string
	}{
		{game.Action{Kind: game.KindBid, Call: BidPass}, "pass", "passe"},
		{game.Action{Kind: game.KindBid, Call: BidNormal}, "ich nehm's (normal game)", "ich nehm's"},
		{game.Action{Kind: game.KindBid, Call: BidSolo}, "Solo", "Solo"},
		{game.Action{Kind: game.KindCall, Card: c("T20")}, "calls trump XX", "ruft Tarock XX"},
		{game.Action{Kind: game.KindDiscard, Card: c("Cu-K")}, "discards king of cups", "legt Kelche-König weg"},
		{game.Action{Kind: game.KindPlay, Card: c("FOOL")}, "plays the Bättler (Fool)", "spielt den Bättler"},
		{game.Action{Kind: game.KindPlay, Card: c("Ba-N")}, "plays cavalier of batons", "spielt Stäbe-Cavall"},
	} {
		if got := r.Describe(tc.a, card.English); got != tc.en {
			t.Errorf("English %q, want %q", got, tc.en)
		}
		if got := r.Describe(tc.a, card.German); got != tc.de {
			t.Errorf("German %q, want %q", got, tc.de)
		}
	}
}

// TestNextDealer: the deal passes to next(dealer) after every hand.
func TestNextDealer(t *testing.T) {
	r := Default(6)
	if r.NextDealer(5, game.Result{Contract: "misere"}) != 0 || r.NextDealer(2, game.Result{}) != 3 {
		t.Error("the deal does not pass to next(dealer)")
	}
}

// TestNewStateChecks rejects bad decks and dealers.
func TestNewStateChecks(t *testing.T) {
	r := Default(3)
	deck := append([]card.Card(nil), r.Pack().Order...)
	if _, err := r.NewState(deck[:61], 0); err == nil {
		t.Error("short deck accepted")
	}
	deck[5] = deck[6]
	if _, err := r.NewState(deck, 0); err == nil {
		t.Error("deck with a duplicate accepted")
	}
	if _, err := r.NewState(r.Pack().Order, 3); err == nil {
		t.Error("dealer 3 accepted for 3 players")
	}
}

// TestPending: an incomplete record summarizes as pending with the discard
// entry of game.LegalRecordActions.
func TestPending(t *testing.T) {
	data, _ := os.ReadFile("testdata/examples/legal/troggu3-0000.json")
	rec, _ := game.DecodeRecord(bytes.NewReader(data))
	rec.Actions = rec.Actions[:3]
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := game.Summarize(st).(game.Pending)
	if !ok || p.Phase != "exchange" || p.ToAct != 0 || len(p.Legal) != 1 {
		t.Fatalf("pending %+v", p)
	}
	var d struct {
		Count int      `json:"count"`
		Cards []string `json:"cards"`
	}
	if err := json.Unmarshal(p.Legal[0], &d); err != nil || d.Count != 8 || len(d.Cards) < 8 {
		t.Fatalf("discard entry %s", p.Legal[0])
	}
}

package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"trull/internal/card"
	"trull/internal/jsonscan"
)

// Format is the record format tag of docs/FORMAT.md.
const Format = "trull-hand/1"

// Record is one hand record (docs/FORMAT.md).
type Record struct {
	Format  string                     `json:"format"`
	Game    string                     `json:"game"`
	Options map[string]json.RawMessage `json:"options"`
	Players []string                   `json:"players"`
	Dealer  *int                       `json:"dealer"`
	Deck    []string                   `json:"deck,omitempty"`
	Seed    *string                    `json:"seed,omitempty"`
	Actions []RecordAction             `json:"actions"`
}

// RecordAction is one action of a record.
type RecordAction struct {
	Seat  *int     `json:"seat"`
	Act   string   `json:"act"`
	Call  string   `json:"call,omitempty"`
	Card  string   `json:"card,omitempty"`
	Cards []string `json:"cards,omitempty"`
	Say   string   `json:"say,omitempty"`
}

// AppendJSON appends ra as json.Marshal writes it, without reflection.
func (ra RecordAction) AppendJSON(b []byte) []byte {
	b = append(b, `{"seat":`...)
	if ra.Seat == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*ra.Seat), 10)
	}
	b = jsonscan.AppendString(append(b, `,"act":`...), ra.Act)
	if ra.Call != "" {
		b = jsonscan.AppendString(append(b, `,"call":`...), ra.Call)
	}
	if ra.Card != "" {
		b = jsonscan.AppendString(append(b, `,"card":`...), ra.Card)
	}
	if len(ra.Cards) > 0 {
		b = append(b, `,"cards":[`...)
		for i, c := range ra.Cards {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonscan.AppendString(b, c)
		}
		b = append(b, ']')
	}
	if ra.Say != "" {
		b = jsonscan.AppendString(append(b, `,"say":`...), ra.Say)
	}
	return append(b, '}')
}

// SeatOf returns the action's seat (-1 when missing).
func (ra RecordAction) SeatOf() int {
	if ra.Seat == nil {
		return -1
	}
	return *ra.Seat
}

// NewRecordAction returns a record action of the given seat and act.
func NewRecordAction(seat int, act string) RecordAction {
	return RecordAction{Seat: &seat, Act: act}
}

// ErrRecord is wrapped by errors about the record as a whole (not about one
// action).
var ErrRecord = errors.New("game: bad record")

// RecordError is an error about the record itself. Msg is the English
// sentence for logs and `trull replay`; Why names the fault for programs
// and Params its details, which Explain words for people in English or
// German (the server sends them as a "bad_record" refusal's parameters,
// Why as "record").
type RecordError struct {
	Msg    string
	Why    string
	Params Params
}

// Record faults (RecordError.Why), with the parameters each one sets.
const (
	RecordJSON       = "json"        // not JSON of the record's shape
	RecordFormat     = "format"      // got: the format named
	RecordGame       = "game"        // game: the game named
	RecordPlayers    = "players"     // game, min, max, count
	RecordBadOptions = "options"     // game
	RecordDeckSeed   = "deck_seed"   // both a deck and a seed
	RecordNoDeck     = "no_deck"     // neither a deck nor a seed
	RecordDeckCard   = "deck_card"   // index (from 1), card: not a card of the pack
	RecordDeckTwice  = "deck_twice"  // index (from 1), card
	RecordDeckSize   = "deck_size"   // count, size
	RecordNoDealer   = "no_dealer"   //
	RecordDealerSeat = "dealer_seat" // dealer, seats
	RecordDeal       = "deal"        // the engine refused the deal
)

func (e *RecordError) Error() string { return e.Msg }

// Unwrap lets errors.Is(err, ErrRecord) hold.
func (e *RecordError) Unwrap() error { return ErrRecord }

// recErr returns a RecordError of fault why with its parameters and
// English sentence.
func recErr(why string, params Params, format string, args ...any) error {
	return &RecordError{Msg: fmt.Sprintf(format, args...), Why: why, Params: params}
}

// ActionError is an error about the action at Index of a record.
type ActionError struct {
	Index int
	Err   error
}

func (e *ActionError) Error() string { return fmt.Sprintf("action %d: %v", e.Index, e.Err) }

// Unwrap returns the reason.
func (e *ActionError) Unwrap() error { return e.Err }

// DecodeRecord reads one record strictly: unknown fields and trailing data
// are errors.
func DecodeRecord(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return nil, recErr(RecordJSON, nil, "reading record: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, recErr(RecordJSON, nil, "record is not valid JSON of the hand-record shape: %v", err)
	}
	if dec.More() {
		return nil, recErr(RecordJSON, nil, "record: unexpected data after the JSON object")
	}
	if rec.Format != Format {
		return nil, recErr(RecordFormat, Params{"got": rec.Format}, "record: format must be %q, got %q", Format, rec.Format)
	}
	return &rec, nil
}

// RulesOf builds the Rules a record names.
func (rec *Record) RulesOf() (Rules, error) {
	g, ok := Lookup(rec.Game)
	if !ok {
		return nil, recErr(RecordGame, Params{"game": rec.Game}, "unknown game %q (want droggn, troggu or strohmandeln)", rec.Game)
	}
	if len(rec.Players) < g.MinSeats || len(rec.Players) > g.MaxSeats {
		return nil, recErr(RecordPlayers, Params{"game": rec.Game, "min": strconv.Itoa(g.MinSeats), "max": strconv.Itoa(g.MaxSeats), "count": strconv.Itoa(len(rec.Players))},
			"%s needs %d to %d players, the record names %d", rec.Game, g.MinSeats, g.MaxSeats, len(rec.Players))
	}
	r, err := g.New(rec.Options, len(rec.Players))
	if err != nil {
		return nil, recErr(RecordBadOptions, Params{"game": rec.Game}, "%v", err)
	}
	return r, nil
}

// DeckOf returns the record's deck (from "deck" or derived from "seed"),
// checked to be a permutation of the rules' pack.
func (rec *Record) DeckOf(r Rules) ([]card.Card, error) {
	p := r.Pack()
	switch {
	case rec.Deck != nil && rec.Seed != nil:
		return nil, recErr(RecordDeckSeed, nil, "record has both deck and seed; give one")
	case rec.Seed != nil:
		return DeckFromSeed(p, *rec.Seed), nil
	case rec.Deck == nil:
		return nil, recErr(RecordNoDeck, nil, "record has neither deck nor seed")
	}
	deck := make([]card.Card, len(rec.Deck))
	var seen card.Set
	for i, id := range rec.Deck {
		c, err := p.Parse(id)
		if err != nil {
			return nil, recErr(RecordDeckCard, Params{"index": strconv.Itoa(i + 1), "card": id}, "deck[%d]: %v", i, err)
		}
		if seen.Has(c) {
			return nil, recErr(RecordDeckTwice, Params{"index": strconv.Itoa(i + 1), "card": id}, "deck[%d]: card %s appears twice", i, id)
		}
		seen.Add(c)
		deck[i] = c
	}
	if len(deck) != p.Size() {
		missing := p.Cards.Minus(seen)
		return nil, recErr(RecordDeckSize, Params{"count": strconv.Itoa(len(deck)), "size": strconv.Itoa(p.Size())},
			"deck has %d cards, the %s pack has %d (missing %s)", len(deck), p.Name, p.Size(), missing.Format(p.Style))
	}
	return deck, nil
}

// EncodeHistory turns engine actions into record actions, merging
// consecutive single-card discards of one seat into one record action (a
// discard is a single decision of one seat).
func EncodeHistory(r Rules, hist []Action) []RecordAction {
	out := make([]RecordAction, 0, len(hist))
	for _, a := range hist {
		ra := r.EncodeAction(a)
		if a.Kind == KindDiscard && len(out) > 0 {
			last := &out[len(out)-1]
			if last.Act == "discard" && last.SeatOf() == int(a.Seat) {
				last.Cards = append(last.Cards, ra.Cards...)
				continue
			}
		}
		out = append(out, ra)
	}
	return out
}

// NewRecord builds the record of a hand.
func NewRecord(r Rules, players []string, dealer int, deck []card.Card, hist []Action) *Record {
	p := r.Pack()
	rec := &Record{
		Format:  Format,
		Game:    r.Game(),
		Options: map[string]json.RawMessage{},
		Players: players,
		Dealer:  &dealer,
		Actions: EncodeHistory(r, hist),
	}
	for k, v := range r.Options() {
		b, _ := json.Marshal(v)
		rec.Options[k] = b
	}
	for _, c := range deck {
		rec.Deck = append(rec.Deck, p.ID(c))
	}
	return rec
}

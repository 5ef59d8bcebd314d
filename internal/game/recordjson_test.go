package game

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestRecordActionAppendJSON(t *testing.T) {
	seat := 2
	tests := []struct {
		name string
		ra   RecordAction
	}{
		{"no seat", RecordAction{Act: "next"}},
		{"card", RecordAction{Seat: &seat, Act: "play", Card: "T21"}},
		{"call", RecordAction{Seat: &seat, Act: "bid", Call: "solo"}},
		{"cards", RecordAction{Seat: &seat, Act: "discard", Cards: []string{"H-K", "S-7"}}},
		{"empty cards", RecordAction{Seat: &seat, Act: "discard", Cards: []string{}}},
		{"say", RecordAction{Seat: &seat, Act: "announce", Say: "ich liege"}},
		{"escapes", RecordAction{Seat: &seat, Act: "a\"b\\c", Call: "<&>", Card: "\u00e4\n", Cards: []string{"\t", "Mond"}, Say: "Sküs"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.ra)
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.ra.AppendJSON([]byte("x")); !bytes.Equal(got[1:], want) || got[0] != 'x' {
				t.Errorf("AppendJSON appended %s, json.Marshal writes %s", got, want)
			}
		})
	}
}

package contract

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"trull/internal/wire"
)

// TestGenerated: the committed web/src/contract.gen.ts and
// refusals.gen.ts are what the Go types and catalogue give now (`go
// generate ./web/...` writes them again).
func TestGenerated(t *testing.T) {
	model, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]byte{File: model, RefusalsFile: GenerateRefusals()} {
		got, err := os.ReadFile(filepath.Join(Root(), file))
		if err != nil {
			t.Fatalf("%v (go generate ./web/... writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the Go code gives: run go generate ./web/...", file)
		}
	}
}

// ownJSON writes its own JSON, which byHand does not describe.
type ownJSON struct{ N int }

func (ownJSON) MarshalJSON() ([]byte, error) { return []byte(`"n"`), nil }

// holdsOwn holds a type with its own JSON.
type holdsOwn struct {
	O ownJSON `json:"o"`
}

// holdsRaw holds JSON encoded before that encoded does not name.
type holdsRaw struct {
	R json.RawMessage `json:"r"`
}

// pingMsg is a message with its type.
type pingMsg struct {
	Type string `json:"type"`
	At   int64  `json:"at_ms,omitempty"`
}

// TestGenerateRefuses: a type whose JSON reflection does not see is
// described by hand or refused, never written from its Go fields.
func TestGenerateRefuses(t *testing.T) {
	for _, tc := range []struct {
		name     string
		roots    []reflect.Type
		messages []message
		want     string
	}{
		{"own JSON", []reflect.Type{reflect.TypeFor[holdsOwn]()}, nil, "contract.ownJSON writes its own JSON"},
		{"encoded", []reflect.Type{reflect.TypeFor[holdsRaw]()}, nil, "holdsRaw.R is JSON encoded before"},
		{"no type", nil, []message{{"raw", reflect.TypeFor[holdsOwn]()}}, "has no field Type"},
		{"held", []reflect.Type{reflect.TypeFor[wire.HintMsg]()}, []message{{"hint", reflect.TypeFor[wire.HintMsg]()}}, "is held by another type"},
	} {
		_, err := generate(tc.roots, tc.messages)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

// TestMessageUnion: each message's type is its literal, and the union
// lists every message.
func TestMessageUnion(t *testing.T) {
	b, err := generate(nil, []message{{"ping", reflect.TypeFor[pingMsg]()}, {"hint", reflect.TypeFor[wire.HintMsg]()}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export interface pingMsg {\n  type: \"ping\";\n  at_ms?: number;\n}",
		"export interface HintMessage {\n  type: \"hint\";",
		"export type WhyWords = WhyMeasured & { text?: string | Words };",
		"export type ServerMessage = pingMsg | HintMessage;",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the generated TypeScript has no %q:\n%s", want, b)
		}
	}
}

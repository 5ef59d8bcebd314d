// Package contract writes the TypeScript types of what the server sends
// the browser app, from the Go types themselves: the table model
// (internal/tablemodel) with the pieces of views and results it holds, the
// table part of a state message (internal/wire) with its seats and score
// sheet, and the messages of a table's WebSocket (wire.StateMsg, …) as one
// union on their "type", ServerMessage. The app imports them from
// web/src/contract.gen.ts, which `go generate ./web/...` writes
// (gencontract) and TestGenerated holds in step, so that a field added,
// renamed or made optional in Go is one the app sees.
//
// A type is written from its fields and their json tags. The JSON of a
// type with its own MarshalJSON, and of a json.RawMessage field, is not
// what reflection sees: such a type is described in byHand, such a field
// in encoded, and Generate refuses one that is in neither.
package contract

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"trull/internal/bot/why"
	"trull/internal/game"
	"trull/internal/guide"
	"trull/internal/tablemodel"
	"trull/internal/wire"
)

// File is the generated file's path below the repository's root.
const File = "web/src/contract.gen.ts"

// roots are the types the app receives; the types they hold follow.
var roots = []reflect.Type{reflect.TypeFor[tablemodel.Model](), reflect.TypeFor[wire.Table]()}

// message is a message the server sends on a table's WebSocket: its Go
// type, whose field Type is always Type.
type message struct {
	Type string
	T    reflect.Type
}

// messages are the messages of a table's WebSocket to a client
// (docs/PROTOCOL.md), in the order of the union ServerMessage.
var messages = []message{
	{"state", reflect.TypeFor[wire.StateMsg]()},
	{"error", reflect.TypeFor[wire.ErrorMsg]()},
	{"chat", reflect.TypeFor[wire.ChatMsg]()},
	{"hint", reflect.TypeFor[wire.HintMsg]()},
	{"invite", reflect.TypeFor[wire.InviteMsg]()},
}

// names are the TypeScript names of Go types whose Go names the app uses
// for something else, or that would be alike in TypeScript (why.Words
// and game.Words).
var names = map[string]string{
	"trull/internal/wire.Table":     "TableState",
	"trull/internal/wire.Seat":      "SeatInfo",
	"trull/internal/wire.StateMsg":  "StateMessage",
	"trull/internal/wire.ErrorMsg":  "ErrorMessage",
	"trull/internal/wire.ChatMsg":   "ChatMessage",
	"trull/internal/wire.HintMsg":   "HintMessage",
	"trull/internal/wire.InviteMsg": "InviteMessage",
	"trull/internal/wire.Hint":      "HintCandidate",
	"trull/internal/bot/why.Why":    "WhyMeasured",
	"trull/internal/bot/why.Words":  "WhyWords",
}

// handType is the TypeScript of a type whose JSON its own MarshalJSON
// writes, and the types it names, written from their fields.
type handType struct {
	TS   string
	Uses []reflect.Type
}

// byHand describes the JSON of the types with their own MarshalJSON,
// which reflection does not see. They are described here, in one place,
// rather than by methods of their own packages, which would have to
// import this one's view of TypeScript.
var byHand = map[string]handType{
	// why.Words writes its Why's fields and "text": one string, or
	// {"en", "de"} with both languages (why.Words.MarshalJSON).
	"trull/internal/bot/why.Words": {"WhyMeasured & { text?: string | Words }",
		[]reflect.Type{reflect.TypeFor[why.Why](), reflect.TypeFor[game.Words]()}},
}

// encoded are the json.RawMessage fields, JSON encoded before it is
// sent: the Go type of what each holds (nil: the app does not read it,
// unknown), or the TypeScript of a field whose entries are of more than
// one Go type, with the types it names.
var encoded = map[string]handType{
	"trull/internal/wire.StateMsg.Table": {Uses: []reflect.Type{reflect.TypeFor[wire.Table]()}},
	"trull/internal/wire.StateMsg.View":  {},
	"trull/internal/wire.StateMsg.Model": {Uses: []reflect.Type{reflect.TypeFor[*tablemodel.Model]()}},
	// wire.AppendModelPatch: the model's changed fields by name, "+name"
	// with a list's new elements, "-name" for a field that is gone.
	"trull/internal/wire.StateMsg.ModelPatch": {"Record<string, unknown>", nil},
	// game.LegalRecordActions: record actions, and for a discard phase
	// one entry with the number of cards to discard.
	"trull/internal/wire.StateMsg.Legal": {"(RecordAction & { count?: number })[]", []reflect.Type{reflect.TypeFor[game.RecordAction]()}},
	"trull/internal/wire.StateMsg.Guide": {Uses: []reflect.Type{reflect.TypeFor[guide.Guide]()}},
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
)

// fieldTypes are fields whose TypeScript type is narrower than their Go
// type, with the module that declares it.
var fieldTypes = map[string]struct{ ts, from string }{
	"trull/internal/tablemodel.Model.Game": {"GameName", "./cards"},
	"trull/internal/wire.Table.Game":       {"GameName", "./cards"},
}

// Generate returns the TypeScript declarations of the root types and of
// every struct type they hold, each with its Go doc comments.
func Generate() ([]byte, error) {
	return generate(roots, messages)
}

// generate writes the declarations of the root types and the types they
// hold, then those of the messages and the types they hold, and the
// messages' union.
func generate(roots []reflect.Type, messages []message) ([]byte, error) {
	g := &gen{docs: map[string]string{}, seen: map[reflect.Type]bool{}, parsed: map[string]bool{}, msgs: map[reflect.Type]string{}}
	for _, t := range roots {
		g.queue = append(g.queue, t)
		g.seen[t] = true
	}
	if err := g.drain(); err != nil {
		return nil, err
	}
	union := make([]string, 0, len(messages))
	for _, m := range messages {
		if g.seen[m.T] {
			return nil, fmt.Errorf("contract: the message %s is held by another type", m.T)
		}
		g.queue = append(g.queue, m.T)
		g.seen[m.T] = true
		g.msgs[m.T] = m.Type
		union = append(union, g.name(m.T))
	}
	if err := g.drain(); err != nil {
		return nil, err
	}
	if len(union) > 0 {
		g.body.WriteString("/** ServerMessage is a message of a table's WebSocket to the app, told apart by its type. */\n")
		fmt.Fprintf(&g.body, "export type ServerMessage = %s;\n\n", strings.Join(union, " | "))
	}
	var out bytes.Buffer
	out.WriteString("// Code generated by web/contract/gencontract from the Go types; DO NOT EDIT.\n")
	out.WriteString("// The types of what the server sends the app (docs/PROTOCOL.md).\n\n")
	slices.Sort(g.imports)
	for _, imp := range slices.Compact(g.imports) {
		out.WriteString(imp + "\n")
	}
	if len(g.imports) > 0 {
		out.WriteString("\n")
	}
	out.Write(g.body.Bytes())
	return out.Bytes(), nil
}

// gen is one run of Generate.
type gen struct {
	queue   []reflect.Type
	seen    map[reflect.Type]bool
	msgs    map[reflect.Type]string // message type → its "type"
	docs    map[string]string       // "pkg.Type" and "pkg.Type.Field" → doc text
	parsed  map[string]bool         // packages whose comments are read
	imports []string
	body    bytes.Buffer
	err     error // the first type typeOf could not write
}

// drain declares the queued types and those they hold.
func (g *gen) drain() error {
	for len(g.queue) > 0 {
		t := g.queue[0]
		g.queue = g.queue[1:]
		if err := g.declare(t); err != nil {
			return err
		}
	}
	return g.err
}

// declare writes the interface of struct type t, or the type byHand
// describes.
func (g *gen) declare(t reflect.Type) error {
	if err := g.readDocs(t.PkgPath()); err != nil {
		return err
	}
	key := t.PkgPath() + "." + t.Name()
	g.writeDoc("", g.docs[key])
	if h, ok := byHand[key]; ok {
		for _, u := range h.Uses {
			g.typeOf(u, false)
		}
		fmt.Fprintf(&g.body, "export type %s = %s;\n\n", g.name(t), h.TS)
		return g.err
	}
	if t.Kind() != reflect.Struct {
		return fmt.Errorf("contract: %s is no struct", key)
	}
	if _, isMsg := g.msgs[t]; isMsg {
		if f, ok := t.FieldByName("Type"); !ok || f.Tag.Get("json") != "type" {
			return fmt.Errorf("contract: the message %s has no field Type with the json name type", key)
		}
	}
	fmt.Fprintf(&g.body, "export interface %s {\n", g.name(t))
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		if !ok || !f.IsExported() {
			return fmt.Errorf("contract: %s.%s has no json name", key, f.Name)
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		optional := strings.Contains(opts, "omitempty")
		var ts string
		switch typ, isMsg := g.msgs[t]; {
		case isMsg && f.Name == "Type":
			if f.Type.Kind() != reflect.String {
				return fmt.Errorf("contract: %s.Type is no string", key)
			}
			ts = strconv.Quote(typ)
		case f.Type == rawMessageType || f.Type == reflect.SliceOf(rawMessageType):
			e, ok := encoded[key+"."+f.Name]
			if !ok {
				return fmt.Errorf("contract: %s.%s is JSON encoded before: name what it holds in encoded", key, f.Name)
			}
			ts = "unknown"
			for _, u := range e.Uses {
				ts = g.typeOf(u, optional)
				if f.Type != rawMessageType {
					ts += "[]"
				}
			}
			if e.TS != "" {
				ts = e.TS
			}
		default:
			ts = g.typeOf(f.Type, optional)
		}
		if g.err != nil {
			return g.err
		}
		if o, ok := fieldTypes[key+"."+f.Name]; ok {
			ts = o.ts
			g.imports = append(g.imports, fmt.Sprintf("import type { %s } from %q;", o.ts, o.from))
		}
		g.writeDoc("  ", g.docs[key+"."+f.Name])
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&g.body, "  %s%s: %s;\n", name, q, ts)
	}
	g.body.WriteString("}\n\n")
	return nil
}

// typeOf returns the TypeScript type of a field of Go type t; a pointer
// is null when absent unless the field is left out then (optional). A
// slice or map is never null: the writers of these types make them
// non-nil (tablemodel's nonNil, the sitting's copies).
func (g *gen) typeOf(t reflect.Type, optional bool) string {
	if t.Kind() != reflect.Pointer && (t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)) {
		key := t.PkgPath() + "." + t.Name()
		if _, ok := byHand[key]; !ok {
			if g.err == nil {
				g.err = fmt.Errorf("contract: %s writes its own JSON: describe it in byHand", key)
			}
			return "unknown"
		}
		if !g.seen[t] {
			g.seen[t] = true
			g.queue = append(g.queue, t)
		}
		return g.name(t)
	}
	switch t.Kind() {
	case reflect.Pointer:
		if optional {
			return g.typeOf(t.Elem(), false)
		}
		return g.typeOf(t.Elem(), false) + " | null"
	case reflect.Slice, reflect.Array:
		elem := g.typeOf(t.Elem(), false)
		if strings.Contains(elem, " ") {
			elem = "(" + elem + ")"
		}
		return elem + "[]"
	case reflect.Map:
		return "Record<" + g.typeOf(t.Key(), false) + ", " + g.typeOf(t.Elem(), false) + ">"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Struct:
		if !g.seen[t] {
			g.seen[t] = true
			g.queue = append(g.queue, t)
		}
		return g.name(t)
	}
	return "unknown"
}

// name returns the TypeScript name of struct type t.
func (g *gen) name(t reflect.Type) string {
	if n, ok := names[t.PkgPath()+"."+t.Name()]; ok {
		return n
	}
	return t.Name()
}

// writeDoc writes a Go doc comment as a TypeScript one.
func (g *gen) writeDoc(indent, text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	lines := strings.Split(text, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(&g.body, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(&g.body, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(&g.body, "%s * %s\n", indent, strings.TrimRight(l, " "))
	}
	fmt.Fprintf(&g.body, "%s */\n", indent)
}

// readDocs reads the doc comments of a package of this module's types and
// fields, from its source.
func (g *gen) readDocs(pkg string) error {
	if g.parsed[pkg] {
		return nil
	}
	g.parsed[pkg] = true
	rel, ok := strings.CutPrefix(pkg, "trull/")
	if !ok {
		return fmt.Errorf("contract: %s is not a package of this module", pkg)
	}
	dir := filepath.Join(Root(), filepath.FromSlash(rel))
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	var pr comment.Printer
	pr.TextWidth = 100
	text := func(cg *ast.CommentGroup) string {
		if cg == nil {
			return ""
		}
		var p comment.Parser
		return string(pr.Text(p.Parse(cg.Text())))
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return fmt.Errorf("contract: %w", err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				key := pkg + "." + ts.Name.Name
				g.docs[key] = text(doc)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					d := fl.Doc
					if d == nil {
						d = fl.Comment
					}
					for _, n := range fl.Names {
						g.docs[key+"."+n.Name] = text(d)
					}
				}
			}
		}
	}
	return nil
}

// Root returns the repository's root directory (this file's, two up).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var sizes = flag.Bool("sizes", false, "build the engine with its function names and report its bytes by Go package and by part of its data")

// shipped is the engine as web/build.sh builds it into the app.
const shipped = "../dist/engine/trull.wasm"

// budget is the most the engine may weigh as a browser downloads it,
// compressed (issue: at most 4 MB transferred).
const budget = 4 << 20

// TestSize reads the engine built into the app: its sections account for
// every byte, and gzip-compressed it stays within the 4 MB budget of a
// download (brotli, which browsers take over HTTPS, is smaller still).
// With -sizes it builds the engine again as web/build.sh does but keeping
// the function names, checks that its code and data are the shipped ones,
// and reports where the bytes go: the code by Go package, the data by
// part (docs/OFFLINE.md keeps the tables).
func TestSize(t *testing.T) {
	b, err := os.ReadFile(shipped)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("wasm: %s is not built (web/build.sh builds it)", shipped)
	}
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseModule(b)
	if err != nil {
		t.Fatalf("wasm: %s: %v", shipped, err)
	}
	total := 8
	for _, s := range m.sections {
		total += s.head + len(s.body)
	}
	if total != len(b) {
		t.Fatalf("wasm: the sections hold %d of the file's %d bytes", total, len(b))
	}
	z := gzipSize(b)
	if z > budget {
		t.Errorf("wasm: the engine is %d bytes gzip-compressed, more than the budget of %d", z, budget)
	}
	t.Logf("wasm: %s: %d bytes, %d with gzip", shipped, len(b), z)
	for _, s := range m.sections {
		t.Logf("  section %-10s %9d bytes, %8d with gzip", s.title(), len(s.body), gzipSize(s.body))
	}
	if !*sizes {
		return
	}
	named := filepath.Join(t.TempDir(), "trull.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-w", "-o", named, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("wasm: building with names: %v\n%s", err, out)
	}
	nb, err := os.ReadFile(named)
	if err != nil {
		t.Fatal(err)
	}
	nm, err := parseModule(nb)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []byte{secCode, secData} {
		if !bytes.Equal(m.section(id), nm.section(id)) {
			t.Fatalf("wasm: section %d of the build with names differs from the shipped one; build the app again (web/build.sh)", id)
		}
	}
	reportCode(t, nm)
	reportData(t, nm)
}

// Section ids of the WebAssembly binary format.
const (
	secCustom = 0
	secImport = 2
	secCode   = 10
	secData   = 11
)

// section is one section of a module: its id, a custom section's name, its
// body, and the bytes of its id and size.
type section struct {
	id   byte
	name string
	body []byte
	head int
}

func (s section) title() string {
	if s.id == secCustom {
		return fmt.Sprintf("%q", s.name)
	}
	if n, ok := map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}[s.id]; ok {
		return n
	}
	return fmt.Sprint(s.id)
}

type module struct{ sections []section }

func (m module) section(id byte) []byte {
	for _, s := range m.sections {
		if s.id == id {
			return s.body
		}
	}
	return nil
}

// reader reads the binary format's numbers and names, keeping the first
// error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("wasm: %s is cut short", what)
	}
	r.b = nil
}

func (r *reader) u(what string) uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n uint64, what string) []byte {
	if n > uint64(len(r.b)) {
		r.fail(what)
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// i32const reads a constant expression of the form i32.const N; end.
func (r *reader) i32const(what string) int64 {
	if len(r.b) < 2 || r.b[0] != 0x41 {
		r.fail(what)
		return 0
	}
	r.b = r.b[1:]
	var v int64
	var shift uint
	for {
		if len(r.b) == 0 {
			r.fail(what)
			return 0
		}
		c := r.b[0]
		r.b = r.b[1:]
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			break
		}
	}
	if len(r.b) == 0 || r.b[0] != 0x0b {
		r.fail(what)
		return 0
	}
	r.b = r.b[1:]
	return v
}

func parseModule(b []byte) (module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" || binary.LittleEndian.Uint32(b[4:]) != 1 {
		return module{}, errors.New("wasm: not a WebAssembly module of version 1")
	}
	r := &reader{b: b[8:]}
	var m module
	for len(r.b) > 0 && r.err == nil {
		before := len(r.b)
		id := r.b[0]
		r.b = r.b[1:]
		size := r.u("a section's size")
		head := before - len(r.b)
		body := r.bytes(size, "a section")
		s := section{id: id, body: body, head: head}
		if id == secCustom {
			c := &reader{b: body}
			s.name = string(c.bytes(c.u("a custom section's name"), "a custom section's name"))
			if c.err != nil {
				return module{}, c.err
			}
		}
		m.sections = append(m.sections, s)
	}
	return m, r.err
}

// functions returns the module's defined functions: their names (from the
// name section) and their bodies' sizes with their size prefixes.
func functions(m module) (names []string, sizes []int, err error) {
	imports := 0
	r := &reader{b: m.section(secImport)}
	for n := r.u("the imports"); n > 0 && r.err == nil; n-- {
		r.bytes(r.u("an import"), "an import's module")
		r.bytes(r.u("an import"), "an import's name")
		if len(r.b) == 0 || r.b[0] != 0 {
			return nil, nil, errors.New("wasm: an import that is not a function")
		}
		r.b = r.b[1:]
		r.u("an import's type")
		imports++
	}
	byIndex := map[uint64]string{}
	for _, s := range m.sections {
		if s.id != secCustom || s.name != "name" {
			continue
		}
		c := &reader{b: s.body}
		c.bytes(c.u("the name section"), "the name section")
		for len(c.b) > 0 && c.err == nil {
			sub := c.b[0]
			c.b = c.b[1:]
			body := &reader{b: c.bytes(c.u("a name subsection"), "a name subsection")}
			if sub != 1 {
				continue
			}
			for n := body.u("the function names"); n > 0 && body.err == nil; n-- {
				i := body.u("a function name")
				byIndex[i] = string(body.bytes(body.u("a function name"), "a function name"))
			}
			if body.err != nil {
				return nil, nil, body.err
			}
		}
		if c.err != nil {
			return nil, nil, c.err
		}
	}
	if len(byIndex) == 0 {
		return nil, nil, errors.New("wasm: the module has no function names (built with -ldflags=-s)")
	}
	code := &reader{b: m.section(secCode)}
	for i, n := uint64(0), code.u("the code section"); i < n && code.err == nil; i++ {
		before := len(code.b)
		code.bytes(code.u("a function body"), "a function body")
		names = append(names, byIndex[uint64(imports)+i])
		sizes = append(sizes, before-len(code.b))
	}
	return names, sizes, code.err
}

// packageOf names the Go package of a function as the linker names it in
// the name section, where "/" and other signs are written "_".
func packageOf(fn string) string {
	if strings.HasPrefix(fn, "type_.") {
		return "(generated: type equality and hashing)"
	}
	p, _, ok := strings.Cut(fn, ".")
	if !ok {
		return "(no package: " + fn + ")"
	}
	return strings.ReplaceAll(p, "_", "/")
}

// row is one line of a report: its name, bytes and bytes compressed alone.
type row struct {
	name  string
	bytes int
	gzip  int
}

func logRows(t *testing.T, title string, rows []row, top int) {
	t.Helper()
	slices.SortFunc(rows, func(a, b row) int { return b.bytes - a.bytes })
	all := row{name: "all"}
	for _, r := range rows {
		all.bytes += r.bytes
		all.gzip += r.gzip
	}
	t.Logf("%s (bytes, and gzip of each alone):", title)
	rest := row{name: fmt.Sprintf("the other %d", max(len(rows)-top, 0))}
	for i, r := range rows {
		if i < top {
			t.Logf("  | %s | %d | %d |", r.name, r.bytes, r.gzip)
		} else {
			rest.bytes += r.bytes
			rest.gzip += r.gzip
		}
	}
	if rest.bytes > 0 {
		t.Logf("  | %s | %d | %d |", rest.name, rest.bytes, rest.gzip)
	}
	t.Logf("  | %s | %d | %d |", all.name, all.bytes, all.gzip)
}

// reportCode logs the code section by Go package, and the code of
// trull's own packages, of the standard library and of the runtime.
func reportCode(t *testing.T, m module) {
	names, sizes, err := functions(m)
	if err != nil {
		t.Fatal(err)
	}
	body := map[string][]byte{}
	code := m.section(secCode)
	_, off := binary.Uvarint(code)
	for i, fn := range names {
		p := packageOf(fn)
		body[p] = append(body[p], code[off:off+sizes[i]]...)
		off += sizes[i]
	}
	if off != len(code) {
		t.Fatalf("wasm: the functions hold %d of the code section's %d bytes", off, len(code))
	}
	var rows []row
	groups := map[string]*row{}
	for p, b := range body {
		rows = append(rows, row{name: "`" + p + "`", bytes: len(b), gzip: gzipSize(b)})
		g := "the standard library"
		switch {
		case strings.HasPrefix(p, "trull/"):
			g = "trull"
		case p == "runtime" || strings.HasPrefix(p, "internal/runtime/") || strings.HasPrefix(p, "("):
			g = "the runtime and generated code"
		}
		if groups[g] == nil {
			groups[g] = &row{name: g}
		}
		groups[g].bytes += len(b)
		groups[g].gzip += rows[len(rows)-1].gzip
	}
	logRows(t, "wasm: the code by Go package", rows, 30)
	var gs []row
	for _, g := range groups {
		gs = append(gs, *g)
	}
	logRows(t, "wasm: the code by origin", gs, len(gs))
}

// reportData logs the data section by part: the runtime's tables of the
// functions (names, pc tables, records), the types and constants, the
// variables, and what the section's many segments cost in headers. The
// parts are found from the runtime's module data (Go 1.26's layout), which
// points at each of them.
func reportData(t *testing.T, m module) {
	data := m.section(secData)
	r := &reader{b: data}
	var mem []byte
	type seg struct{ addr, n int }
	var segs []seg
	stored := 0
	// The segments' headers: their count, and each one's kind, address and size.
	n := r.u("the data section")
	heads := append([]byte(nil), data[:len(data)-len(r.b)]...)
	for ; n > 0 && r.err == nil; n-- {
		start := r.b
		if r.u("a data segment") != 0 {
			t.Fatal("wasm: a data segment that is not active in memory 0")
		}
		addr := int(r.i32const("a data segment's address"))
		size := r.u("a data segment")
		heads = append(heads, start[:len(start)-len(r.b)]...)
		b := r.bytes(size, "a data segment")
		if end := addr + len(b); end > len(mem) {
			mem = append(mem, make([]byte, end-len(mem))...)
		}
		copy(mem[addr:], b)
		segs = append(segs, seg{addr, len(b)})
		stored += len(b)
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	// The pc table's header, and the module data that points at it.
	hdr := bytes.Index(mem, []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8})
	if hdr < 0 {
		t.Fatal("wasm: no Go 1.20+ pc table header in the data")
	}
	var md []int
	for i := 0; i+51*8 <= len(mem); i += 8 {
		if binary.LittleEndian.Uint64(mem[i:]) == uint64(hdr) && binary.LittleEndian.Uint64(mem[i+8:]) == uint64(hdr)+0x48 {
			for k := range 51 {
				md = append(md, int(binary.LittleEndian.Uint64(mem[i+8*k:])))
			}
			break
		}
	}
	if md == nil {
		t.Fatal("wasm: the runtime's module data is not found")
	}
	// Word offsets in runtime.moduledata (Go 1.26).
	const (
		funcnametab, cutab, filetab, pctab, pclntable = 1, 4, 7, 10, 13
		noptrdata, edata                              = 24, 27
		rodata, gofunc, epclntab                      = 39, 40, 41
	)
	parts := []struct {
		name   string
		lo, hi int
	}{
		{"types, strings and constant tables (rodata)", md[rodata], hdr},
		{"the pc table's header", hdr, md[funcnametab]},
		{"function names (funcnametab)", md[funcnametab], md[funcnametab] + md[funcnametab+1]},
		{"compilation units and file names (cutab, filetab)", md[cutab], md[filetab] + md[filetab+1]},
		{"pc-value tables: stack sizes, lines, safe points (pctab)", md[pctab], md[pctab] + md[pctab+1]},
		{"function records (functab, _func)", md[pclntable], md[pclntable] + md[pclntable+1]},
		{"function data: stack and argument maps (go:func.*)", md[gofunc], md[epclntab]},
		{"type and interface links", md[epclntab], md[noptrdata]},
		{"initialized variables (noptrdata, data)", md[noptrdata], md[edata]},
	}
	var rows []row
	covered := 0
	last := 0
	for _, p := range parts {
		// The memory ends with the last byte stored: zeros after it are not.
		if p.lo < last || p.hi < p.lo || p.lo > len(mem) {
			t.Fatalf("wasm: the module data does not lay the data out as Go 1.26 does (%s at %#x…%#x)", p.name, p.lo, p.hi)
		}
		last = p.hi
		var b []byte
		for _, s := range segs {
			if lo, hi := max(s.addr, p.lo), min(s.addr+s.n, p.hi, len(mem)); hi > lo {
				b = append(b, mem[lo:hi]...)
			}
		}
		covered += len(b)
		rows = append(rows, row{name: p.name, bytes: len(b), gzip: gzipSize(b)})
	}
	if covered != stored || stored+len(heads) != len(data) {
		t.Fatalf("wasm: the parts hold %d of the %d bytes stored in data segments, the headers %d of the rest", covered, stored, len(heads))
	}
	rows = append(rows, row{name: fmt.Sprintf("the headers of %d segments (a run of zeros ends a segment)", len(segs)), bytes: len(heads), gzip: gzipSize(heads)})
	logRows(t, "wasm: the data by part (bytes stored, zeros between segments left out)", rows, len(rows))
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

package guide

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"trull/internal/game"
)

// catalogue reads the GUIDE table of the browser's i18n.ts: key → [en, de].
func catalogue(t *testing.T) map[string][2]string {
	t.Helper()
	b, err := os.ReadFile("../../web/src/i18n.ts")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "export const GUIDE")
	if i < 0 {
		t.Fatal("i18n.ts has no GUIDE table")
	}
	src = src[i:]
	src = src[:strings.Index(src, "\n};")]
	re := regexp.MustCompile(`(?m)^\s*"?([\w./]+)"?:\s*\[\s*("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),?\s*\]`)
	out := map[string][2]string{}
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		en, err1 := strconv.Unquote(m[2])
		de, err2 := strconv.Unquote(m[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: cannot read %s, %s", m[1], m[2], m[3])
		}
		out[m[1]] = [2]string{en, de}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{(\w+)(?::(?:acc|dat|bare))?\}`)

func names(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// keys are the catalogue keys the browser tries for a step, as guide.tsx
// chooses them, the variants first.
func keys(s Step, seat int) []string {
	var out []string
	p := s.Params
	if w, ok := p["winner"]; ok && w == itoa(seat) {
		out = append(out, s.Code+"/me")
	}
	if r := p["role"]; r != "" {
		out = append(out, s.Code+"/"+r)
	}
	if s.Code == "partner.troggu" {
		if p["partner"] != "" && p["partner"] == itoa(seat) {
			out = append([]string{s.Code + "/known-you"}, out...)
		}
		switch {
		case p["role"] == "declarer" && p["partner"] != "":
			out = append([]string{s.Code + "/known-declarer"}, out...)
		case p["role"] == "declarer" && p["alone"] != "":
			out = append([]string{s.Code + "/alone-declarer"}, out...)
		}
		switch {
		case p["partner"] != "":
			out = append(out, s.Code+"/known")
		case p["alone"] != "":
			out = append(out, s.Code+"/alone")
		case p["mine"] != "":
			out = append(out, s.Code+"/mine")
		case p["role"] == "declarer":
			out = append(out, s.Code+"/secret")
		}
	}
	return append(out, s.Code)
}

// TestEveryStepWorded: every step the guide gives any seat in the
// lessons' hands has words in English and German in the browser's
// catalogue, with the same parameters in both, and every parameter the
// words use is given; so does the reason of each piece of advice.
func TestEveryStepWorded(t *testing.T) {
	cat := catalogue(t)
	for k, v := range cat {
		if !slices.Equal(names(v[0]), names(v[1])) {
			t.Errorf("%s: English uses %v, German %v", k, names(v[0]), names(v[1]))
		}
	}
	seen := map[string]bool{}
	for _, l := range Lessons() {
		visit(t, l, func(st game.State) {
			for seat := 0; seat < l.Players; seat++ {
				g, err := For(l, st, seat)
				if err != nil {
					t.Fatal(err)
				}
				steps := append(append([]Step{}, g.Intro...), g.Trick...)
				if a := g.Advice; a != nil {
					steps = append(steps, *a)
					if why := a.Params["why"]; why != "" {
						steps = append(steps, Step{Code: "why." + strings.Split(a.Code, ".")[1] + "." + why, Params: a.Params})
					}
				}
				for _, s := range steps {
					ks := keys(s, seat)
					i := slices.IndexFunc(ks, func(k string) bool { _, ok := cat[k]; return ok })
					if i < 0 {
						t.Fatalf("%s, seat %d: no words for %s (tried %v)", l.Name, seat, s.Code, ks)
					}
					seen[ks[i]] = true
					for _, n := range names(cat[ks[i]][0]) {
						// A name inside [brackets] may be missing.
						if _, ok := s.Params[n]; !ok && !optional(cat[ks[i]][0], n) {
							t.Fatalf("%s, seat %d: %s uses {%s}, which the step does not give: %v", l.Name, seat, ks[i], n, s.Params)
						}
					}
				}
			}
		})
	}
	if len(seen) < 30 {
		t.Fatalf("only %d catalogue entries were used: %v", len(seen), seen)
	}
}

// optional reports whether every use of {name} in tpl is inside a
// [bracketed] part, which is left out when a parameter is missing.
func optional(tpl, name string) bool {
	depth := 0
	for i := 0; i < len(tpl); i++ {
		switch tpl[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '{':
			if strings.HasPrefix(tpl[i:], "{"+name+"}") && depth == 0 {
				return false
			}
		}
	}
	return true
}

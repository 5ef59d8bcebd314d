package web

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"trull/internal/game"
	_ "trull/internal/games"
)

// TestGameFormulaValues: the Droggn game item the result works out in the
// browser (result.tsx gameFormula) uses the contracts' values and the half
// of the pack's card points that the engine scores by.
func TestGameFormulaValues(t *testing.T) {
	src := readSrc(t, "result.tsx")
	m := regexp.MustCompile(`DROGGN_VALUES: Record<string, number> = \{([^}]*)\}`).FindStringSubmatch(src)
	if m == nil {
		t.Fatal("result.tsx has no DROGGN_VALUES")
	}
	got := map[string]int{}
	for _, kv := range regexp.MustCompile(`(\w+): (\d+)`).FindAllStringSubmatch(m[1], -1) {
		n, _ := strconv.Atoi(kv[2])
		got[kv[1]] = n
	}
	info, ok := game.Lookup("droggn")
	if !ok {
		t.Fatal("no droggn")
	}
	for _, tc := range []struct {
		opts map[string]json.RawMessage
		half int
	}{
		{nil, 37},
		{map[string]json.RawMessage{"pack": json.RawMessage(`78`)}, 39},
	} {
		r, err := info.New(tc.opts, 3)
		if err != nil {
			t.Fatal(err)
		}
		tr := r.Traits()
		if len(got) != len(tr.GameValues) {
			t.Errorf("DROGGN_VALUES %v, the engine's %v", got, tr.GameValues)
		}
		for k, v := range tr.GameValues {
			if got[k] != v {
				t.Errorf("DROGGN_VALUES[%s] = %d, the engine's %d", k, got[k], v)
			}
		}
		// result.tsx takes 39 where the variant names the 78-card pack.
		if !strings.Contains(src, "/pack=78/.test(m.variant) ? 39 : 37") {
			t.Fatal("result.tsx no longer picks the half by the pack")
		}
		if tr.Scale.Total/2 != tc.half || (tc.half == 39) != strings.Contains(r.String(), "pack=78") {
			t.Errorf("%s: the engine's half is %d, result.tsx takes %d", r, tr.Scale.Total/2, tc.half)
		}
	}
}

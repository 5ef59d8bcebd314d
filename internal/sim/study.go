package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"trull/internal/game"
)

// Study is what a simulation plays, recorded in summary.json: enough to
// play it again, and to tell the shards of one study from another's.
type Study struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	// Options are variant A's options as given (k=v,…); Compare the
	// options variant B applies on top of them.
	Options string `json:"options,omitempty"`
	Compare string `json:"compare,omitempty"`
	// Variants are the canonical variant strings of A (and B).
	Variants []string `json:"variants"`
	// Bots are the players, one for every seat or one per seat.
	Bots  []string `json:"bots"`
	Hands int      `json:"hands"`
	Seed  string   `json:"seed"`
	// Version is the trull build that played it.
	Version string `json:"trull_version"`
	// Points describes the card points of each variant.
	Points []PointScale `json:"points"`
}

// PointScale is how a variant counts card points (game.PointScale).
type PointScale = game.PointScale

// Scale returns the point scale of a variant, as its rules describe it.
func Scale(r game.Rules) PointScale { return r.Traits().Scale }

// Title names the study for people: "Droggn, 3 players".
func (s Study) Title() string {
	name := s.Game
	if name != "" {
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	return fmt.Sprintf("%s, %d players", name, s.Players)
}

// Label names variant v for people: its options, or "default rules".
func (s Study) Label(v int) string {
	if v == 1 {
		return s.Compare
	}
	if s.Options == "" {
		return "default rules"
	}
	return s.Options
}

// Command returns the command line that plays the study.
func (s Study) Command() string {
	args := []string{"trull", "sim", "--game", s.Game, "--players", strconv.Itoa(s.Players)}
	if s.Options != "" {
		args = append(args, "--options", s.Options)
	}
	if s.Compare != "" {
		args = append(args, "--compare", s.Compare)
	}
	args = append(args, "--bots", strings.Join(s.Bots, ","), "--hands", strconv.Itoa(s.Hands), "--seed", quoteArg(s.Seed))
	return strings.Join(args, " ")
}

// quoteArg quotes a shell word that needs it.
func quoteArg(a string) string {
	if a != "" && strings.IndexFunc(a, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '=' || r == ',' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'))
	}) < 0 {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}

// Build computes the output of a study from its hands: a summary per
// variant and, for two, the paired differences. Timings are the caller's.
func Build(st Study, shard *Shard, hands [][]Hand) Output {
	o := Output{Command: st.Command(), Study: st, Shard: shard}
	for v, h := range hands {
		o.Summaries = append(o.Summaries, Summarize(st.Variants[v], h))
	}
	if len(hands) == 2 {
		o.Diffs = Compare(hands[0], hands[1])
	}
	return o
}

// Rates returns each variant's speed in hands per second on workers
// parallel workers, from the time its hands took.
func Rates(hands [][]Hand, workers int) []float64 {
	out := make([]float64, len(hands))
	for v, hs := range hands {
		var busy time.Duration
		for _, h := range hs {
			busy += h.Elapsed
		}
		if busy > 0 {
			out[v] = float64(len(hs)) * float64(workers) / busy.Seconds()
		}
	}
	return out
}

// ReadDir reads the output of a shard (or of a whole study) back: its
// summary.json and hand records, each record replayed for its result.
func ReadDir(dir string) (Output, [][]Hand, error) {
	var o Output
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return o, nil, fmt.Errorf("sim: %w", err)
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return o, nil, fmt.Errorf("sim: %s: %w", filepath.Join(dir, "summary.json"), err)
	}
	if len(o.Study.Variants) == 0 || o.Study.Hands <= 0 {
		return o, nil, fmt.Errorf("sim: %s: no study recorded (written by an older trull?)", dir)
	}
	var shard Shard
	if o.Shard != nil {
		shard = *o.Shard
	}
	lo, hi := shard.Range(o.Study.Hands)
	hands := make([][]Hand, len(o.Study.Variants))
	for v := range hands {
		path := filepath.Join(dir, fmt.Sprintf("hands-%c.jsonl", 'A'+v))
		hs, err := readRecords(path, lo)
		if err != nil {
			return o, nil, err
		}
		if len(hs) != hi-lo {
			return o, nil, fmt.Errorf("sim: %s has %d records; shard %s holds deals %d to %d", path, len(hs), shard, lo, hi-1)
		}
		hands[v] = hs
	}
	return o, hands, nil
}

// readRecords reads a JSON-lines file of records, the first of deal lo.
func readRecords(path string, lo int) ([]Hand, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	defer f.Close()
	var out []Hand
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		rec, err := game.DecodeRecord(bytes.NewReader(sc.Bytes()))
		if err != nil {
			return nil, fmt.Errorf("sim: %s:%d: %w", path, line, err)
		}
		st, err := game.Replay(rec)
		if err != nil {
			return nil, fmt.Errorf("sim: %s:%d: %w", path, line, err)
		}
		if !st.Done() {
			return nil, fmt.Errorf("sim: %s:%d: the hand is not finished", path, line)
		}
		out = append(out, Hand{Index: lo + len(out), Result: st.Result(), Record: rec})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sim: %s: %w", path, err)
	}
	return out, nil
}

// Merge reads the outputs of every shard of one study and returns the
// study's output and hands, as the unsharded study gives them. The speed
// of each variant is the shards' hands over their summed playing time.
func Merge(dirs []string) (Output, [][]Hand, error) {
	type part struct {
		dir   string
		out   Output
		hands [][]Hand
	}
	var parts []part
	for _, d := range dirs {
		o, hs, err := ReadDir(d)
		if err != nil {
			return Output{}, nil, err
		}
		if o.Shard == nil {
			return Output{}, nil, fmt.Errorf("sim: %s is not a shard (no --shard)", d)
		}
		parts = append(parts, part{d, o, hs})
	}
	if len(parts) == 0 {
		return Output{}, nil, fmt.Errorf("sim: no shard directories to merge")
	}
	first := parts[0]
	of := first.out.Shard.Of
	seen := make([]string, of)
	for _, p := range parts {
		if !reflect.DeepEqual(p.out.Study, first.out.Study) {
			return Output{}, nil, fmt.Errorf("sim: %s and %s are shards of different studies (%s; %s)",
				first.dir, p.dir, first.out.Study.Command()+" "+first.out.Study.Version, p.out.Study.Command()+" "+p.out.Study.Version)
		}
		sh := p.out.Shard
		if sh.Of != of {
			return Output{}, nil, fmt.Errorf("sim: %s is shard %s, %s shard %s: not one split", first.dir, first.out.Shard, p.dir, sh)
		}
		if seen[sh.Index] != "" {
			return Output{}, nil, fmt.Errorf("sim: %s and %s are both shard %s", seen[sh.Index], p.dir, sh)
		}
		seen[sh.Index] = p.dir
	}
	var missing []string
	for i, d := range seen {
		if d == "" {
			missing = append(missing, Shard{i, of}.String())
		}
	}
	if len(missing) > 0 {
		return Output{}, nil, fmt.Errorf("sim: shards %s are missing", strings.Join(missing, ", "))
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].out.Shard.Index < parts[j].out.Shard.Index })
	st := first.out.Study
	hands := make([][]Hand, len(st.Variants))
	busy := make([]float64, len(st.Variants))
	var seconds float64
	for _, p := range parts {
		for v := range hands {
			hands[v] = append(hands[v], p.hands[v]...)
			if v < len(p.out.Summaries) && p.out.Summaries[v].HandsPerSecond > 0 {
				busy[v] += float64(len(p.hands[v])) / p.out.Summaries[v].HandsPerSecond
			}
		}
		seconds += p.out.Seconds
	}
	o := Build(st, nil, hands)
	o.Seconds = seconds
	for v := range o.Summaries {
		if busy[v] > 0 {
			o.Summaries[v].HandsPerSecond = float64(len(hands[v])) / busy[v]
		}
	}
	return o, hands, nil
}

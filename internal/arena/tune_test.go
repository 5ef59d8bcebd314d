package arena

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/bot/ismcts"
	"trull/internal/game"
	"trull/internal/games/droggn"
	"trull/internal/games/strohmandeln"
	"trull/internal/games/troggu"
)

// The tuning duels measure switches of the search bots against the level
// they would change. They take tens of minutes and run only when asked:
//
//	go test ./internal/arena -run Tune -tune -v -timeout 0
var tune = flag.Bool("tune", false, "run the search bots' tuning duels")

// Flags of the tuning duels: the variants to play (by name, all when
// empty), the number of deals and of seats.
var (
	tuneOnly    = flag.String("tune-only", "", "comma-separated variants of the tuning duels to play (default all)")
	tuneDeals   = flag.Int("tune-deals", 400, "deals of each tuning duel")
	tunePlayers = flag.Int("tune-players", 6, "seats of the Troggu tuning duels")
	tuneSeed    = flag.String("tune-seed", "", "seed of the tuning duels (default the ladder's)")
	tuneVs      = flag.String("tune-vs", "pimc@8", "opponent of TestTuneTroggu's variants: a bot name, or base for the search unchanged")
	tuneWorkers = flag.Int("tune-workers", 1, "deals of a tuning duel played at once (the result does not depend on it)")
	tuneTable   = flag.String("tune-table", "", "comma-separated bots seated with each duel's pair (e.g. cheater@600), the pair played in both orders around the table")
	tuneShard   = flag.String("tune-shard", "", "I/N: play only shard I (from 0) of N of the duels' deals, each duel's hands written to -tune-out")
	tuneOut     = flag.String("tune-out", "", "file of a sharded duel's hands (-tune-shard, one duel: -tune-only with one variant), read by -tune-merge")
	tuneMerge   = flag.String("tune-merge", "", "comma-separated -tune-out files of one duel's shards: the duel's result from them (TestTuneMerge)")
)

// TestTuneTroggu plays the Troggu search of the ismcts levels for
// -tune-players seats (at the ladder's budget), with one switch changed, against the
// rung below it (pimc@8) or, with -tune-vs base, against itself
// unchanged: the card play read (ReadPlay), a larger budget for the
// decisions before the card play (PrePlay), the margin by which the
// search overrules the rules bot's card (Overrule), the number of tricks
// left from which the worlds are solved exactly (SolveTricks), more worlds
// for close decisions (CloseRounds), one card of each run of
// equivalent cards (Equivalent) and the decisions before the card play
// valued by the rules bot's play of the whole hand (Contracts, with the
// margin ContractOverrule).
func TestTuneTroggu(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	base := bot.TrogguSearch(ismcts.Options{Iterations: 600, Name: "ismcts@600"}, *tunePlayers)
	seed := cmp.Or(*tuneSeed, "ladder-troggu-"+strconv.Itoa(*tunePlayers))
	var below bot.Bot = ismcts.New(base)
	if *tuneVs != "base" {
		var err error
		if below, err = bot.New(*tuneVs); err != nil {
			t.Fatal(err)
		}
	}
	variants := []variant{
		{"base", func(*ismcts.Options) {}},
		{"read-play", func(o *ismcts.Options) { o.ReadPlay = true }},
		{"pre-play-x4", func(o *ismcts.Options) { o.PrePlay = 4 }},
		{"overrule-1", func(o *ismcts.Options) { o.Overrule = 1 }},
		{"overrule-0.5", func(o *ismcts.Options) { o.Overrule = 0.5 }},
		{"overrule-1-pre-play-x4", func(o *ismcts.Options) { o.Overrule, o.PrePlay = 1, 4 }},
		{"iterations-x4", func(o *ismcts.Options) { o.Iterations *= 4 }},
		{"overrule-0.5-pre-play-x4", func(o *ismcts.Options) { o.Overrule, o.PrePlay = 0.5, 4 }},
		{"solve-7", func(o *ismcts.Options) { o.SolveTricks = 7 }},
		{"solve-8", func(o *ismcts.Options) { o.SolveTricks = 8 }},
		{"close-2", func(o *ismcts.Options) { o.CloseRounds = 2 }},
		{"equiv", func(o *ismcts.Options) { o.Equivalent = true }},
		{"contracts-96", func(o *ismcts.Options) { o.Contracts = 96 }},
		{"contracts-96-k1", func(o *ismcts.Options) { o.Contracts, o.ContractOverrule = 96, 1 }},
		{"contracts-192-k1", func(o *ismcts.Options) { o.Contracts, o.ContractOverrule = 192, 1 }},
	}
	duels(t, troggu.Default(*tunePlayers), seed, base, newSearch, below, variants)
}

// TestTuneStrohmandeln plays the Strohmandeln search of the ismcts levels
// (at the ladder's budget) with one switch changed against itself
// unchanged: the number of tricks left from which each determinization is
// solved exactly (SolveTricks) and more worlds for close decisions
// (CloseRounds).
func TestTuneStrohmandeln(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	base := bot.PairedSearch(ismcts.Options{Iterations: 600, Name: "ismcts@600"})
	seed := cmp.Or(*tuneSeed, "ladder-strohmandeln-2")
	variants := []variant{
		{"no-solver", func(o *ismcts.Options) { o.NoSolver = true }},
		{"solve-8", func(o *ismcts.Options) { o.SolveTricks = 8 }},
		{"solve-10", func(o *ismcts.Options) { o.SolveTricks = 10 }},
		{"solve-12", func(o *ismcts.Options) { o.SolveTricks = 12 }},
		{"iterations-x5", func(o *ismcts.Options) { o.Iterations *= 5 }},
		{"close-2", func(o *ismcts.Options) { o.CloseRounds = 2 }},
		{"solve-10-close-2", func(o *ismcts.Options) { o.SolveTricks, o.CloseRounds = 10, 2 }},
	}
	duels(t, strohmandeln.NewRules(strohmandeln.Options{}), seed, base, newSearch, ismcts.New(base), variants)
}

// TestTuneDroggn plays the Droggn ismcts level (at the ladder's budget)
// with one switch changed against itself unchanged: more worlds for the
// bidder's decisions before the card play (PrePlay); the card play of the
// other games' searches, the rules bot's card checked on paired
// determinizations with a tree below each candidate (PairedSearch) or
// played out by policy (TrogguSearch); the other seats played by policy
// in one tree (PolicyOthers); less or more exploration; one tree for the
// whole budget instead of two (Trees); one card of each run of equivalent
// cards (Equivalent); the bidder's contract decisions played out by the
// rules bot (Contracts).
func TestTuneDroggn(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	base := ismcts.Options{Iterations: 600, Name: "ismcts@600"}
	seed := cmp.Or(*tuneSeed, "ladder-droggn-3")
	variants := []variant{
		{"pre-play-x3", func(o *ismcts.Options) { o.PrePlay = 3 }},
		{"pre-play-x5", func(o *ismcts.Options) { o.PrePlay = 5 }},
		{"paired", func(o *ismcts.Options) { *o = bot.PairedSearch(*o) }},
		{"shallow", func(o *ismcts.Options) { *o = bot.TrogguSearch(*o, 3) }},
		{"policy-others", func(o *ismcts.Options) { o.PolicyOthers = true }},
		{"explore-0.7", func(o *ismcts.Options) { o.Exploration = 0.7 }},
		{"explore-2.8", func(o *ismcts.Options) { o.Exploration = 2.8 }},
		{"explore-4", func(o *ismcts.Options) { o.Exploration = 4 }},
		{"trees-1", func(o *ismcts.Options) { o.Trees = 1 }},
		{"equiv", func(o *ismcts.Options) { o.Equivalent = true }},
		{"contracts-24", func(o *ismcts.Options) { o.Contracts = 24 }},
		{"contracts-48", func(o *ismcts.Options) { o.Contracts = 48 }},
	}
	duels(t, droggn.Default(3), seed, base, func(o ismcts.Options) bot.Bot { return bot.Search(o) }, bot.Search(base), variants)
}

// newSearch is the search of the options alone, as the Troggu and
// Strohmandeln ismcts levels play it.
func newSearch(o ismcts.Options) bot.Bot { return ismcts.New(o) }

// variant is one switch of a tuning duel.
type variant struct {
	name string
	set  func(*ismcts.Options)
}

// duels plays each variant asked for (-tune-only) of the search options
// base, made a player by mk, against opp on the rules' deals of the seed,
// and logs the pair and the decision times. With -tune-table the pair
// shares each table with those bots, in both orders around it.
func duels(t *testing.T, r game.Rules, seed string, base ismcts.Options, mk func(ismcts.Options) bot.Bot, opp bot.Bot, variants []variant) {
	t.Helper()
	var only []string
	if *tuneOnly != "" {
		only = strings.Split(*tuneOnly, ",")
	}
	var table []bot.Bot
	if *tuneTable != "" {
		for _, name := range strings.Split(*tuneTable, ",") {
			b, err := bot.New(name)
			if err != nil {
				t.Fatal(err)
			}
			table = append(table, b)
		}
	}
	from, to := 0, 0
	if *tuneShard != "" {
		var i, n int
		if _, err := fmt.Sscanf(*tuneShard, "%d/%d", &i, &n); err != nil || i < 0 || i >= n || n > *tuneDeals {
			t.Fatalf("-tune-shard %q: want I/N with 0 ≤ I < N ≤ -tune-deals", *tuneShard)
		}
		if *tuneOut == "" {
			t.Fatal("-tune-shard needs -tune-out")
		}
		from, to = *tuneDeals*i/n, *tuneDeals*(i+1)/n
	}
	if *tuneOut != "" && (len(only) != 1 || !slices.ContainsFunc(variants, func(v variant) bool { return v.name == only[0] })) {
		t.Fatalf("-tune-out holds one duel: give -tune-only one variant of %s", t.Name())
	}
	for _, v := range variants {
		if only != nil && !slices.Contains(only, v.name) {
			continue
		}
		o := base
		v.set(&o)
		o.Name = v.name
		a := mk(o)
		c := Config{Rules: r, Bots: append([]bot.Bot{a, opp}, table...), Deals: *tuneDeals, Seed: seed,
			Workers: *tuneWorkers, From: from, To: to}
		rep, err := Run(c)
		if err != nil {
			t.Fatal(err)
		}
		names := make([]string, len(c.Bots))
		for i, b := range c.Bots {
			names[i] = b.Name()
		}
		hands := byDeal(rep.Results)
		if len(table) > 0 {
			// The same deals with the pair's seats exchanged: with the
			// rotations of the first run, each bot sits in every order
			// around the table.
			c.Bots[0], c.Bots[1] = opp, a
			swapped, err := Run(c)
			if err != nil {
				t.Fatal(err)
			}
			for d, hs := range byDeal(swapped.Results) {
				for _, h := range hs {
					h.SeatBot = slices.Clone(h.SeatBot)
					for s, b := range h.SeatBot {
						if b < 2 {
							h.SeatBot[s] = 1 - b
						}
					}
					h.Think = slices.Clone(h.Think)
					h.Think[0], h.Think[1] = h.Think[1], h.Think[0]
					h.Rotation += len(hs)
					hands[d] = append(hands[d], h)
				}
			}
		}
		if *tuneOut != "" {
			b, err := json.Marshal(tuneFile{Variant: r.String(), Bots: names, Seed: seed, Deals: *tuneDeals, From: from, To: cmp.Or(to, *tuneDeals), Hands: hands})
			if err == nil {
				err = os.WriteFile(*tuneOut, b, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		logDuel(t, Summarize(r.String(), names, hands))
	}
}

// byDeal groups a report's hands by deal, in the order of the deals.
func byDeal(hs []HandResult) [][]HandResult {
	var out [][]HandResult
	for i, h := range hs {
		if i == 0 || h.Deal != hs[i-1].Deal {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], h)
	}
	return out
}

// tuneFile is what -tune-out writes: the hands of one duel's shard.
type tuneFile struct {
	Variant  string
	Bots     []string
	Seed     string
	Deals    int
	From, To int // the shard's deals From ≤ d < To
	Hands    [][]HandResult
}

// logDuel logs a duel's pairs and each bot's decision times and contracts.
func logDuel(t *testing.T, rep *Report) {
	t.Helper()
	for _, p := range rep.Pairs {
		t.Logf("%s − %s: %+.3f ± %.3f per hand over %d deals", p.A, p.B, p.Diff, p.CI95, p.Deals)
	}
	for _, b := range rep.Bots {
		var cs []string
		for _, k := range slices.Sorted(maps.Keys(b.Contracts)) {
			c := b.Contracts[k]
			cs = append(cs, fmt.Sprintf("%s %d/%d", k, c.Won, c.Played))
		}
		t.Logf("    %-14s %d decisions, median %.1f ms, p99 %.1f ms; won/declared %s", b.Name, b.Decisions, b.ThinkMedian, b.ThinkP99, strings.Join(cs, ", "))
	}
}

// TestTuneMerge logs the duel of the shards' files named by -tune-merge:
// the shards of one duel (its variant, bots, seed and deals), together
// every deal of it once.
func TestTuneMerge(t *testing.T) {
	if *tuneMerge == "" {
		t.Skip("run with -tune-merge FILE,…")
	}
	var all []tuneFile
	for _, p := range strings.Split(*tuneMerge, ",") {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f tuneFile
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(all) > 0 {
			a := all[0]
			if !slices.Equal(f.Bots, a.Bots) || f.Variant != a.Variant || f.Seed != a.Seed || f.Deals != a.Deals {
				t.Fatalf("%s: %v of %s, seed %q, %d deals; want %v of %s, seed %q, %d deals", p, f.Bots, f.Variant, f.Seed, f.Deals, a.Bots, a.Variant, a.Seed, a.Deals)
			}
		}
		all = append(all, f)
	}
	slices.SortFunc(all, func(a, b tuneFile) int { return a.From - b.From })
	var hands [][]HandResult
	next := 0
	for _, f := range all {
		if f.From != next || f.To-f.From != len(f.Hands) {
			t.Fatalf("the shards do not cover the duel's deals: deals %d to %d where deal %d is next", f.From, f.To-1, next)
		}
		hands = append(hands, f.Hands...)
		next = f.To
	}
	if next != all[0].Deals {
		t.Fatalf("the shards end at deal %d of %d", next, all[0].Deals)
	}
	logDuel(t, Summarize(all[0].Variant, all[0].Bots, hands))
}

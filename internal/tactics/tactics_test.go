package tactics

import (
	"bytes"
	"flag"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"trull/internal/bot"
	"trull/internal/card"
	"trull/internal/game"
	_ "trull/internal/games"
)

var (
	update  = flag.Bool("update", false, "search the positions again and rewrite positions/*.json")
	whyFlag = flag.Bool("why", false, "value the stored positions' candidates again (Explain) and rewrite positions/*.json")
)

// suite is where each game's positions are searched: the variant, how
// many cards the deciding seat may hold, and the worlds drawn.
var suite = []struct {
	game    string
	players int
	maxLeft int
	themes  []string // the themes the game's positions must cover
}{
	{"droggn", 3, 8, []string{"bird", "threshold", "smear"}},
	{"troggu", 3, 6, []string{"misere", "fool", "threshold", "smear"}},
	{"strohmandeln", 2, 10, []string{"strohmann", "bird", "threshold"}},
}

// TestPositions searches the positions again with -update; otherwise it
// checks each stored position: its record replays to the seat's card,
// its theme is known, and examined again it has the same good answers.
func TestPositions(t *testing.T) {
	for _, g := range suite {
		t.Run(g.game, func(t *testing.T) {
			info, _ := game.Lookup(g.game)
			r, err := info.New(nil, g.players)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("positions", g.game+".json")
			if *update {
				rules, _ := bot.New("rules")
				ps, err := Find(Search{Rules: r, Seed: "tactics-" + g.game, Deals: 3000, Player: rules, Worlds: 48, PerTheme: 10, Want: 36, MaxLeft: g.maxLeft})
				if err != nil {
					t.Fatal(err)
				}
				if g.game == "troggu" {
					// Misère comes when every seat passes.
					mis, err := Find(Search{Rules: r, Seed: "tactics-troggu-misere", Deals: 300, Player: passer{rules, r}, Worlds: 48, PerTheme: 6, Want: 6, MaxLeft: 4})
					if err != nil {
						t.Fatal(err)
					}
					ps = append(ps, mis...)
				}
				if g.game == "strohmandeln" {
					// A Strohmann turned for nothing is rarer: looked for alone.
					more, err := Find(Search{Rules: r, Seed: "tactics-strohmann", Deals: 1500, Player: rules, Worlds: 48, PerTheme: 8, Want: 8, MaxLeft: g.maxLeft, Only: []string{"strohmann"}})
					if err != nil {
						t.Fatal(err)
					}
					ps = append(ps, more...)
				}
				var buf bytes.Buffer
				if err := Write(&buf, ps); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := Read(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if *whyFlag && !*update {
				if err := ExplainAll(ps, 0); err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := Write(&buf, ps); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			themes := map[string]int{}
			for _, p := range ps {
				themes[p.Theme]++
			}
			t.Logf("%d positions: %v", len(ps), themes)
			if len(ps) < 30 {
				t.Errorf("%d positions, want at least 30", len(ps))
			}
			for _, th := range g.themes {
				if themes[th] == 0 {
					t.Errorf("no position of theme %q", th)
				}
			}
			// Examined again, the first positions keep their answers.
			for _, p := range ps[:2] {
				st, err := p.State()
				if err != nil {
					t.Fatal(err)
				}
				deal, step, _ := strings.Cut(p.ID, "@")
				n, _ := strconv.Atoi(step)
				e, ok := Examine(st, p.Worlds, LookRand(deal, n))
				if !ok {
					t.Fatalf("%s: no longer a clear position", p.ID)
				}
				q, _ := examine(st, Search{Worlds: p.Worlds}, nil, deal, n)
				if !slices.Equal(q.Good, p.Good) || !maps.Equal(q.Loss, p.Loss) || len(e.Good) != len(p.Good) || len(e.Mean) != len(p.Loss) {
					t.Errorf("%s: good %v loss %v, stored %v %v", p.ID, q.Good, q.Loss, p.Good, p.Loss)
				}
			}
		})
	}
}

// passer passes every bid and plays as its bot does.
type passer struct {
	bot.Bot
	r game.Rules
}

func (p passer) Act(v game.View, rng *rand.Rand) (game.Action, error) {
	for _, a := range v.LegalActions() {
		if a.Kind == game.KindBid && p.r.EncodeAction(a).Call == "pass" {
			return a, nil
		}
	}
	return p.Bot.Act(v, rng)
}

// TestDefaultSolves: the default bot, the one a player meets, answers at
// least 90% of each game's positions well.
func TestDefaultSolves(t *testing.T) {
	for _, g := range suite {
		ps, err := Load(g.game)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bot.New("ismcts")
		if err != nil {
			t.Fatal(err)
		}
		res, err := Score(ps, "ismcts", b, "tactics")
		if err != nil {
			t.Fatal(err)
		}
		if res.All.Share() < 0.9 {
			t.Errorf("%s: the default bot solves %d of %d, missing %v", g.game, res.All.Solved, res.All.Total, res.Missed)
		}
	}
}

// fixed plays one card.
type fixed struct {
	seat int
	c    card.Card
}

func (f fixed) Act(game.View, *rand.Rand) (game.Action, error) {
	return game.Action{Seat: int8(f.seat), Kind: game.KindPlay, Card: f.c}, nil
}

// TestScore: a stored good card solves its position and the card that
// loses most does not, and the tallies count them by theme.
func TestScore(t *testing.T) {
	for _, g := range suite {
		ps, err := Load(g.game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ps {
			p := ps[i : i+1]
			st, err := p[0].State()
			if err != nil {
				t.Fatal(err)
			}
			pack := st.Rules().Pack()
			good, _ := pack.Parse(p[0].Good[0])
			worst, most := card.Card(0), -1.0
			for id, l := range p[0].Loss {
				if c, _ := pack.Parse(id); l > most || (l == most && c < worst) {
					worst, most = c, l
				}
			}
			for _, tc := range []struct {
				c      card.Card
				solved int
			}{{good, 1}, {worst, 0}} {
				res, err := Score(p, "fixed", fixed{p[0].Seat, tc.c}, "tactics")
				if err != nil {
					t.Fatal(err)
				}
				if res.All.Solved != tc.solved || res.Themes[p[0].Theme].Solved != tc.solved || res.All.Total != 1 || (tc.solved == 0) != (len(res.Missed) == 1) {
					t.Errorf("%s: %s scored %+v", p[0].ID, pack.ID(tc.c), res)
				}
			}
		}
	}
}

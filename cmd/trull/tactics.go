package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"trull/internal/bot"
	"trull/internal/game"
	"trull/internal/tactics"
)

// tacticsCmd is `trull tactics`: the share of the tactics suite's
// positions each bot answers well, as a Markdown table or JSON.
type tacticsCmd struct {
	Bots botsFlag   `default:"rules,pimc@8,ismcts@600,ismcts" help:"The bots to measure, comma-separated (${bots}; cheater sees every hand and is not measured)."`
	Game []gameFlag `help:"The games to measure (default all three); repeat for several."`
	Seed string     `default:"tactics" help:"Seed of the bots' sampling: the same seed gives the same table."`
	JSON bool       `name:"json" help:"Print each bot's results, with the positions it missed, as JSON."`
}

// Run measures the bots.
func (c *tacticsCmd) Run(e *env) error {
	games := c.Game
	if len(games) == 0 {
		for _, info := range game.Games() {
			games = append(games, gameFlag(info.Name))
		}
	}
	var all []tactics.Result
	for _, g := range games {
		ps, err := tactics.Load(string(g))
		if err != nil {
			return err
		}
		for _, name := range c.Bots {
			b, err := bot.New(name)
			if err != nil {
				return usageError{err}
			}
			if _, cheats := b.(interface{ Cheats() }); cheats {
				return usagef("%s sees every hand: the suite measures players that see their own", name)
			}
			res, err := tactics.Score(ps, name, b, c.Seed)
			if err != nil {
				return err
			}
			all = append(all, res)
		}
	}
	if c.JSON {
		b, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	_, err := fmt.Fprint(e.stdout, tacticsTable(all))
	return err
}

// tacticsTable writes one Markdown table a game: a row a bot, the share
// solved in all and by theme.
func tacticsTable(all []tactics.Result) string {
	var sb strings.Builder
	for start := 0; start < len(all); {
		end := start
		for end < len(all) && all[end].Game == all[start].Game {
			end++
		}
		rows := all[start:end]
		var themes []string
		for _, th := range tactics.Themes {
			if rows[0].Themes[th] != nil {
				themes = append(themes, th)
			}
		}
		if start > 0 {
			sb.WriteString("\n")
		}
		fmt.Fprintf(&sb, "%s: %d positions\n\n| bot | solved |", rows[0].Game, rows[0].All.Total)
		for _, th := range themes {
			fmt.Fprintf(&sb, " %s (%d) |", th, rows[0].Themes[th].Total)
		}
		sb.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(themes)) + "\n")
		for _, res := range rows {
			fmt.Fprintf(&sb, "| %s | %d/%d (%.0f%%) |", res.Bot, res.All.Solved, res.All.Total, 100*res.All.Share())
			for _, th := range themes {
				fmt.Fprintf(&sb, " %d/%d |", res.Themes[th].Solved, res.Themes[th].Total)
			}
			sb.WriteString("\n")
		}
		start = end
	}
	return sb.String()
}

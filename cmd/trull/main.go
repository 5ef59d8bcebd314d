// Command trull plays and analyses three Alpine Tarock games: Droggn,
// Troggu and Strohmandeln.
//
//	trull serve                 the web app: lobby, tables, the browser game
//	trull backup FILE           a copy of the server's SQLite database
//	trull play GAME [flags]     play a sitting in the terminal against bots
//	trull replay FILE|-         check a hand record and print its result
//	trull hint FILE|-           the bot's ranked candidates at a record's decision
//	trull analyze FILE|-        every decision of a hand valued, mistakes marked
//	trull arena [flags]         duplicate matches between computer players
//	trull sim [flags]           the research simulator for rule variants
//	trull load [flags]          load a running server with simulated tables
//	trull help [COMMAND]        the commands, or one command's flags
//
// "trull --help" and "trull COMMAND --help" (or "trull help COMMAND") list
// the flags. Flags may be
// written with one dash or two (-seed or --seed). Exit status: 0 done, 1 a
// failure while running, 2 a usage error or bad input.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/alecthomas/kong"

	"trull/internal/bot"
	"trull/internal/game"
	_ "trull/internal/games" // registers every game
)

// cli is the command line: one struct per command.
type cli struct {
	Version kong.VersionFlag `help:"Print the version and exit."`

	Serve   serveCmd   `cmd:"" help:"Serve the web app: lobby, tables and the browser game, on an embedded database or PostgreSQL."`
	Backup  backupCmd  `cmd:"" help:"Copy a server's SQLite database to a new file, whole and consistent, while the server runs."`
	Play    playCmd    `cmd:"" help:"Play a sitting in the terminal against computer players."`
	Replay  replayCmd  `cmd:"" help:"Check a hand record (a file, or - for standard input) and print its result as JSON."`
	Hint    hintCmd    `cmd:"" help:"For a record that stops at a decision: the candidates, best first by expected score (a discard whole), as JSON."`
	Analyze analyzeCmd `cmd:"" help:"Value every decision of a hand from the deciding seat's information: losses, mistakes, the best alternatives."`
	Tactics tacticsCmd `cmd:"" help:"The share of the tactics suite's positions (card play with a clear best answer) each bot solves."`
	Arena   arenaCmd   `cmd:"" help:"Duplicate matches between computer players, with 95% confidence intervals."`
	Sim     simCmd     `cmd:"" help:"Simulate many hands of a variant (or compare two) and write statistics, plots and a report."`
	Load    loadCmd    `cmd:"" help:"Play many tables of simulated people against a running server and report its latency."`
	Help    helpCmd    `cmd:"" help:"Show the commands, or one command's flags: trull help play."`
}

// helpCmd is `trull help [COMMAND]`: the same as trull --help and trull
// COMMAND --help.
type helpCmd struct {
	Command string `arg:"" optional:"" help:"The command to explain."`
}

// Run prints the help asked for.
func (h *helpCmd) Run(e *env) error {
	if h.Command == "" {
		_, err := e.parser.Parse([]string{"--help"})
		return err
	}
	var names []string
	for _, n := range e.parser.Model.Children {
		if n.Name == h.Command {
			_, err := e.parser.Parse([]string{h.Command, "--help"})
			return err
		}
		names = append(names, n.Name)
	}
	return usagef("no command %q (the commands: %s)", h.Command, strings.Join(names, ", "))
}

// env is what a command runs with: its streams and its own arguments as
// typed.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	args           []string
	parser         *kong.Kong
}

// usageError is bad input: the command exits with status 2.
type usageError struct{ error }

// usagef returns a usageError.
func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// exitCode is how kong asks to end the program (after --help, --version).
type exitCode int

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run parses a command line, runs the command and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	args = dashes(args)
	var c cli
	parser, err := kong.New(&c, kong.Name("trull"),
		kong.Description("Droggn, Troggu and Strohmandeln: three Alpine Tarock games, with computer players."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(n int) { panic(exitCode(n)) }),
		kong.Vars{"version": version(), "bots": strings.Join(bot.Names(), ", "), "games": gameList(" or "),
			"gameEnum": strings.Join(gameNames(), ","), "defaultGame": defaultGame},
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	)
	if err != nil {
		fmt.Fprintf(stderr, "trull: %v\n", err)
		return 1
	}
	if len(args) == 0 {
		// No command: the help, on standard error, as a usage error.
		parser.Stdout = stderr
		func() {
			defer func() { _ = recover() }()
			_, _ = parser.Parse([]string{"--help"})
		}()
		return 2
	}
	defer func() {
		if r := recover(); r != nil {
			n, ok := r.(exitCode)
			if !ok {
				panic(r)
			}
			code = int(n)
		}
	}()
	ctx, err := parser.Parse(filesFirst(parser, args))
	if err != nil {
		name := "trull"
		if cmd := commandOf(parser, args); cmd != "" {
			name += " " + cmd
		}
		fmt.Fprintf(stderr, "%s: %v (see %s --help)\n", name, err, name)
		return 2
	}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, args: args[1:], parser: parser}
	if err := ctx.Run(e); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "trull %s: %v\n", commandOf(parser, args), ue.error)
			return 2
		}
		var q quiet
		if errors.As(err, &q) {
			return q.code
		}
		fmt.Fprintf(stderr, "trull %s: %v\n", commandOf(parser, args), err)
		return 1
	}
	return 0
}

// filesFirst lets the files of "trull arena merge" and "trull sim merge"
// come after flags as well as before them: it moves every argument after
// "merge" that is neither a flag nor a flag's value in front of the flags,
// since the command line's parser takes the files only as one run. A line
// with "--" is left as it is.
func filesFirst(parser *kong.Kong, args []string) []string {
	if len(args) < 3 || args[1] != "merge" {
		return args
	}
	var cmd *kong.Node
	for _, n := range parser.Model.Children {
		if n.Name == args[0] {
			cmd = n
		}
	}
	if cmd == nil {
		return args
	}
	valued := map[string]bool{}
	for _, f := range cmd.Flags {
		valued["--"+f.Name] = !f.IsBool()
	}
	var files, flags []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			// Files that look like flags: the line is read as written.
			return args
		case strings.HasPrefix(a, "--"):
			flags = append(flags, a)
			if valued[a] && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			files = append(files, a)
		}
	}
	out := append([]string{args[0], "merge"}, files...)
	return append(out, flags...)
}

// quiet is a failure the command has already reported in its own words.
type quiet struct{ code int }

func (q quiet) Error() string { return fmt.Sprintf("exit %d", q.code) }

// commandOf returns the command named by a command line, or "".
func commandOf(parser *kong.Kong, args []string) string {
	for _, a := range args {
		for _, n := range parser.Model.Children {
			if n.Name == a {
				return a
			}
		}
	}
	return ""
}

var longFlag = regexp.MustCompile(`^-[a-zA-Z][a-zA-Z0-9-]+(=.*)?$`)

// dashes lets long flags be written with one dash, as Go's flag package
// does: -seed s becomes --seed s. A lone "-" (standard input) and negative
// numbers are left alone.
func dashes(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "--" {
			copy(out[i:], args[i:])
			return out
		}
		if longFlag.MatchString(a) {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

// version returns the module version and commit the binary was built from.
func version() string {
	v := "trull (devel)"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = "trull " + bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v += " " + s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				v += " (modified)"
			}
		}
	}
	return v + " " + bi.GoVersion
}

// defaultGame is the game the commands play when none is named.
const defaultGame = "droggn"

// gameNames returns the names of the registered games.
func gameNames() []string {
	var out []string
	for _, g := range game.Games() {
		out = append(out, g.Name)
	}
	return out
}

// gameList names the registered games in a sentence: "a, b or c" with last
// " or ", "a, b, c" with last ", ".
func gameList(last string) string {
	names := gameNames()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}

// gameFlag is a game name, case-insensitive: Droggn, troggu, STROHMANDELN.
type gameFlag string

// Decode reads and checks a game name.
func (g *gameFlag) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("game", &s); err != nil {
		return err
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if _, ok := game.Lookup(s); !ok {
		return fmt.Errorf("unknown game %q (%s)", s, gameList(", "))
	}
	*g = gameFlag(s)
	return nil
}

// botFlag is a computer player's name, checked when the line is read.
type botFlag string

// Decode reads and checks a bot name ("ismcts", "pimc@8", …).
func (b *botFlag) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("bot", &s); err != nil {
		return err
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if _, err := bot.New(s); err != nil {
		return err
	}
	*b = botFlag(s)
	return nil
}

// botsFlag is a comma-separated list of computer players.
type botsFlag []string

// Decode reads and checks every name of the list.
func (b *botsFlag) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("bots", &s); err != nil {
		return err
	}
	*b = nil
	for _, name := range strings.Split(s, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if _, err := bot.New(name); err != nil {
			return err
		}
		*b = append(*b, name)
	}
	return nil
}

// newBots makes the listed computer players.
func newBots(names []string) ([]bot.Bot, error) {
	var out []bot.Bot
	for _, n := range names {
		b, err := bot.New(n)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// Command trull plays and analyses three Alpine Tarock games: Droggn,
// Troggu and Strohmandeln.
//
//	trull play GAME [flags]     play a sitting in the terminal against bots
//	trull replay FILE|-         check a hand record and print its result
//	trull arena [flags]         duplicate matches between computer players
//	trull sim [flags]           the research simulator for rule variants
//	trull help                  show this help
package main

import (
	"fmt"
	"io"
	"os"

	_ "trull/internal/games" // registers every game
)

const usage = `trull — Droggn, Troggu and Strohmandeln

usage:
  trull play GAME [flags]   play a sitting in the terminal (GAME: droggn, troggu, strohmandeln)
  trull replay FILE         check a hand record (FILE or - for standard input) and print the result
  trull arena [flags]       duplicate matches between computer players
  trull sim [flags]         simulate many hands of a variant (or compare two) and write a report
  trull help                show this help

Run "trull COMMAND -h" for the flags of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "replay":
		return cmdReplay(rest, stdin, stdout, stderr)
	case "play":
		return cmdPlay(rest, stdin, stdout, stderr)
	case "serve":
		return cmdServe(rest, stdout, stderr)
	case "arena":
		return cmdArena(rest, stdout, stderr)
	case "sim":
		return cmdSim(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "trull: unknown command %q\n\n%s", cmd, usage)
	return 2
}

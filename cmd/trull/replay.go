package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"trull/internal/game"
)

// cmdReplay implements `trull replay FILE`: FORMAT.md's contract. A good
// record prints one JSON object and exits 0; bad input prints nothing on
// standard output, one line on standard error, and exits 2.
func cmdReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: trull replay FILE   (FILE may be - for standard input)")
		return 2
	}
	in := stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "trull replay: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	out, err := replay(in)
	if err != nil {
		fmt.Fprintln(stderr, oneLine(err))
		return 2
	}
	stdout.Write(out)
	return 0
}

// replay decodes a record, replays it and returns the indented result.
func replay(in io.Reader) ([]byte, error) {
	rec, err := game.DecodeRecord(in)
	if err != nil {
		return nil, err
	}
	st, err := game.Replay(rec)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(game.Summarize(st), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// oneLine formats an error on a single line, naming the action index when
// the error is about an action.
func oneLine(err error) string {
	var ae *game.ActionError
	msg := err.Error()
	if errors.As(err, &ae) {
		msg = ae.Error()
	}
	b := []byte(msg)
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

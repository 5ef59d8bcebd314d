package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"trull/internal/game"
)

// replayCmd is `trull replay FILE`: docs/FORMAT.md's contract. A good record
// prints one JSON object and exits 0; bad input prints nothing on standard
// output, one line on standard error, and exits 2.
type replayCmd struct {
	File string `arg:"" help:"The hand record, or - for standard input."`
}

// Run replays the record.
func (c *replayCmd) Run(e *env) error {
	in := e.stdin
	if c.File != "-" {
		f, err := os.Open(c.File)
		if err != nil {
			return usageError{err}
		}
		defer f.Close()
		in = f
	}
	out, err := replay(in)
	if err != nil {
		// The contract's one line, in the record's own words.
		fmt.Fprintln(e.stderr, oneLine(err))
		return quiet{2}
	}
	_, err = e.stdout.Write(out)
	return err
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

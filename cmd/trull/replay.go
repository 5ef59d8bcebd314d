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
	in, err := e.open(c.File)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := replay(in)
	if err != nil {
		return e.badRecord(err)
	}
	_, err = e.stdout.Write(out)
	return err
}

// open opens a command's input file, or standard input for "-".
func (e *env) open(file string) (io.ReadCloser, error) {
	if file == "-" {
		return io.NopCloser(e.stdin), nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, usageError{err}
	}
	return f, nil
}

// badRecord answers bad input as docs/FORMAT.md's contract says: one line on
// standard error, in the record's own words, and exit status 2.
func (e *env) badRecord(err error) error {
	fmt.Fprintln(e.stderr, oneLine(err))
	return quiet{2}
}

// loadRecord reads a record and replays it; bad input is answered as
// `trull replay` answers it.
func (e *env) loadRecord(file string) (*game.Record, game.State, error) {
	in, err := e.open(file)
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	rec, err := game.DecodeRecord(in)
	if err != nil {
		return nil, nil, e.badRecord(err)
	}
	st, err := game.Replay(rec)
	if err != nil {
		return nil, nil, e.badRecord(err)
	}
	return rec, st, nil
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

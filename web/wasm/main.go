//go:build js && wasm

// Command wasm is trull's engine, bots and table model for the browser
// (GOOS=js GOARCH=wasm, built by web/build.sh into web/dist/trull.wasm):
// an offline table (internal/offline) run in a Web Worker
// (web/src/offline.worker.ts), which speaks the table's WebSocket
// protocol so that the page draws it as an online table.
//
// It sets one global object, trull, with:
//
//	trull.open(config)  config: the JSON of offline.Config; returns "" or an error
//	trull.send(message) a client message; returns the answers as a JSON array of messages
//	trull.botToAct()    whether a bot makes the next decision
//	trull.step()        one bot decision; returns its state message ("" if none)
//	trull.records()     the finished hands' records (docs/FORMAT.md) as a JSON array
//	trull.replay(record) a record's replay as POST /api/replay gives it:
//	                    {"ok": RESULT} or {"error", "code", "params"}
package main

import (
	"encoding/json"
	"errors"
	"syscall/js"

	"trull/internal/game"
	_ "trull/internal/games"
	"trull/internal/offline"
	"trull/internal/replayview"
)

var table *offline.Table

func main() {
	api := js.Global().Get("Object").New()
	api.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var c offline.Config
		if len(args) != 1 {
			return "offline: open takes one configuration"
		}
		if err := json.Unmarshal([]byte(args[0].String()), &c); err != nil {
			return "offline: the configuration is not JSON: " + err.Error()
		}
		t, err := offline.New(c)
		if err != nil {
			return err.Error()
		}
		table = t
		return ""
	}))
	api.Set("send", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if table == nil || len(args) != 1 {
			return "[]"
		}
		return joined(table.Receive([]byte(args[0].String())))
	}))
	api.Set("botToAct", js.FuncOf(func(js.Value, []js.Value) any {
		return table != nil && table.BotToAct()
	}))
	api.Set("step", js.FuncOf(func(js.Value, []js.Value) any {
		if table == nil {
			return ""
		}
		return string(table.Step())
	}))
	api.Set("records", js.FuncOf(func(js.Value, []js.Value) any {
		if table == nil {
			return "[]"
		}
		b, _ := json.Marshal(table.Records())
		return string(b)
	}))
	api.Set("replay", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 {
			return `{"error":"replay takes one record","code":"bad_record"}`
		}
		out, err := replayview.Steps([]byte(args[0].String()))
		var b []byte
		if err != nil {
			msg := err.Error()
			var ae *game.ActionError
			if errors.As(err, &ae) {
				msg = ae.Error()
			}
			b, _ = json.Marshal(map[string]any{"error": msg, "code": "bad_record", "params": game.RecordParams(err)})
		} else {
			b, _ = json.Marshal(map[string]any{"ok": out})
		}
		return string(b)
	}))
	js.Global().Set("trull", api)
	select {}
}

// joined returns messages as one JSON array.
func joined(ms [][]byte) string {
	raw := make([]json.RawMessage, len(ms))
	for i, m := range ms {
		raw[i] = m
	}
	b, _ := json.Marshal(raw)
	return string(b)
}

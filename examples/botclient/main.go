// Command botclient is a small outside bot for `trull serve`: it takes a
// seat through an invite link and plays it over the table WebSocket, the
// same protocol the browser uses (docs/PROTOCOL.md).
//
// Start a server, create a table in the browser with a person's seat left
// for the bot, copy that seat's invite link and run:
//
//	go run ./examples/botclient -invite 'http://127.0.0.1:8080/t/ID?invite=CODE'
//
// An invite can be used once; the client prints the seat token it got, so
// it can come back to the seat later:
//
//	go run ./examples/botclient -server http://127.0.0.1:8080 -table ID -token TOKEN
//
// How it decides: with -strategy hint (the default) it asks the server's
// `rules` bot for a hint on every turn and plays it, so it plays exactly as
// the rules bot would; with -strategy random it picks among the legal
// actions the server lists. A real bot would decide from the "view" of each
// state message instead; the loop around the decision stays the same:
//
//  1. POST /api/tables/{id}/claim {"invite","name"} → {"seat","seat_token"}
//  2. GET /ws/{id} (WebSocket), first message {"type":"join","token":SEAT_TOKEN}
//     (the token stays out of the address, where logs would show it)
//  3. on every "state": if "legal" is not empty, send {"type":"act","action":…};
//     if "done" (the hand is over), send {"type":"next"}; stop when table.state is "over".
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// config is what the flags give.
type config struct {
	invite   string // the invite link
	server   string // base URL, with -table and -token
	table    string
	token    string
	name     string
	strategy string // "hint" or "random"
	delay    time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.invite, "invite", "", "invite link of a seat (http://host:port/t/ID?invite=CODE)")
	flag.StringVar(&c.server, "server", "http://127.0.0.1:8080", "server URL, with -table and -token")
	flag.StringVar(&c.table, "table", "", "table id, to come back to a seat with -token")
	flag.StringVar(&c.token, "token", "", "seat token from an earlier claim")
	flag.StringVar(&c.name, "name", "Botclient", "the name shown at the table")
	flag.StringVar(&c.strategy, "strategy", "hint", "hint: play the server's rules-bot hint; random: a random legal action")
	flag.DurationVar(&c.delay, "delay", 300*time.Millisecond, "pause before each action, so people can follow")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c, log); err != nil {
		log.Error("botclient", "err", err)
		os.Exit(1)
	}
}

// run claims the seat (unless a token is given) and plays until the
// sitting is over.
func run(ctx context.Context, c config, log *slog.Logger) error {
	if c.strategy != "hint" && c.strategy != "random" {
		return fmt.Errorf("botclient: unknown strategy %q (hint, random)", c.strategy)
	}
	if c.invite != "" {
		u, err := url.Parse(c.invite)
		if err != nil || !strings.HasPrefix(u.Path, "/t/") || u.Query().Get("invite") == "" {
			return fmt.Errorf("botclient: %q is not an invite link (http://host:port/t/ID?invite=CODE)", c.invite)
		}
		c.server = u.Scheme + "://" + u.Host
		c.table = strings.TrimPrefix(u.Path, "/t/")
		seat, token, err := claim(ctx, c.server, c.table, u.Query().Get("invite"), c.name)
		if err != nil {
			return err
		}
		c.token = token
		log.Info("took a seat", "table", c.table, "seat", seat, "token", token)
	}
	if c.table == "" || c.token == "" {
		return errors.New("botclient: give -invite, or -table and -token")
	}
	return play(ctx, c, log)
}

// claim takes the invite's seat.
func claim(ctx context.Context, server, table, invite, name string) (int, string, error) {
	body, _ := json.Marshal(map[string]string{"invite": invite, "name": name})
	req, err := http.NewRequestWithContext(ctx, "POST", server+"/api/tables/"+url.PathEscape(table)+"/claim", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("botclient: claim: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out struct {
		Seat      int    `json:"seat"`
		SeatToken string `json:"seat_token"`
		Error     string `json:"error"`
	}
	json.Unmarshal(data, &out)
	if resp.StatusCode != http.StatusOK {
		return 0, "", fmt.Errorf("botclient: claim: %s (%d)", out.Error, resp.StatusCode)
	}
	return out.Seat, out.SeatToken, nil
}

// state is the part of a "state" message the bot reads.
type state struct {
	Seq   int64             `json:"seq"`
	You   int               `json:"you"`
	Done  bool              `json:"done"`
	Legal []json.RawMessage `json:"legal"`
	Table struct {
		State  string `json:"state"`
		Totals []int  `json:"totals"`
	} `json:"table"`
}

// message is any server message.
type message struct {
	Type  string `json:"type"`
	Error string `json:"error"`
	Hints []struct {
		Action map[string]any `json:"action"`
	} `json:"hints"`
	state
}

// play runs the table loop.
func play(ctx context.Context, c config, log *slog.Logger) error {
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.server, "http")+"/ws/"+url.PathEscape(c.table), nil)
	if err != nil {
		return fmt.Errorf("botclient: connecting: %w", err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	send := func(m map[string]any) error {
		b, _ := json.Marshal(m)
		return ws.Write(ctx, websocket.MessageText, b)
	}
	if err := send(map[string]any{"type": "join", "token": c.token}); err != nil {
		return fmt.Errorf("botclient: joining: %w", err)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	var last state
	acted := int64(-1) // the seq of the state last answered
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			if s := websocket.CloseStatus(err); s >= 4000 {
				return fmt.Errorf("botclient: the server closed the table connection: %v", err)
			}
			return fmt.Errorf("botclient: %w", err)
		}
		var m message
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("botclient: a message that is not JSON: %w", err)
		}
		switch m.Type {
		case "error":
			log.Warn("the server refused", "error", m.Error)
			if len(last.Legal) > 0 && strings.HasPrefix(m.Error, "act:") {
				// Ask again with the hint, whichever strategy refused.
				if err := send(map[string]any{"type": "hint"}); err != nil {
					return err
				}
			}
			continue
		case "hint":
			if len(m.Hints) > 0 {
				a := m.Hints[0].Action
				delete(a, "seat")
				if err := send(map[string]any{"type": "act", "action": a}); err != nil {
					return err
				}
			}
			continue
		case "state":
		default:
			continue
		}
		if m.Seq < last.Seq {
			continue // an older state than one already seen
		}
		last = m.state
		if last.Seq == acted {
			continue // the same table again (someone came or went)
		}
		switch {
		case last.Table.State == "over":
			log.Info("the sitting is over", "totals", last.Table.Totals)
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		case last.Done:
			acted = last.Seq
			time.Sleep(c.delay)
			if err := send(map[string]any{"type": "next"}); err != nil {
				return err
			}
		case len(last.Legal) > 0:
			acted = last.Seq
			time.Sleep(c.delay)
			var err error
			if c.strategy == "hint" {
				err = send(map[string]any{"type": "hint"})
			} else {
				err = send(map[string]any{"type": "act", "action": randomAction(rng, last.Legal)})
			}
			if err != nil {
				return err
			}
		}
	}
}

// randomAction picks a legal action; a discard of k cards picks k of the
// listed ones.
func randomAction(rng *rand.Rand, legal []json.RawMessage) map[string]any {
	var a map[string]any
	json.Unmarshal(legal[rng.IntN(len(legal))], &a)
	delete(a, "seat")
	if a["act"] == "discard" {
		cards, _ := a["cards"].([]any)
		k, _ := a["count"].(float64)
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		a = map[string]any{"act": "discard", "cards": cards[:int(k)]}
	}
	return a
}

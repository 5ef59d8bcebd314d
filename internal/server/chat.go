package server

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"trull/internal/game"
)

// Chat is bounded so that no table's log grows without end
// (docs/PROTOCOL.md): a seat says at most Config.ChatPerHand lines in a
// hand, a table keeps at most Config.ChatLines lines and Config.ChatBytes
// bytes of chat events, and the chat of a sitting that has ended is
// dropped from the log when its table leaves memory. The counts are
// replayed from the log (applyChat), so a restart keeps them.

// say sends a chat line to everybody at the table, or refuses it.
func (t *table) say(c *conn, m clientMsg) {
	text := strings.TrimSpace(cleanText(m.Text))
	cfg := t.srv.cfg
	switch {
	case c.seat < 0 && !c.host:
		t.refuse(c, m.Seq, "chat", "chat_spectator", nil, "spectators cannot chat")
		return
	case (text != "" || strings.TrimSpace(m.Text) != "") && !visible(text):
		t.refuse(c, m.Seq, "chat", "chat_invisible", nil, "chat: the text has no visible characters (blanks, fillers and combining marks alone show nothing; control, zero-width and direction characters are dropped)")
		return
	case text == "":
		t.refuse(c, m.Seq, "chat", "chat_empty", nil, "chat: the text is empty")
		return
	case utf8.RuneCountInString(text) > maxChat:
		t.refuse(c, m.Seq, "chat", "chat_long", game.Params{"max": strconv.Itoa(maxChat)}, "chat: the text has %d characters; at most %d are allowed", utf8.RuneCountInString(text), maxChat)
		return
	case markRun(text) > maxMarks:
		t.refuse(c, m.Seq, "chat", "chat_marks", game.Params{"max": strconv.Itoa(maxMarks)}, "chat: the text stacks %d combining marks on one character; at most %d are allowed", markRun(text), maxMarks)
		return
	case t.chatHand[c.seat] >= cfg.ChatPerHand:
		t.refuse(c, m.Seq, "chat_limit", "chat_hand", game.Params{"max": strconv.Itoa(cfg.ChatPerHand)}, "chat: at most %d lines per seat in a hand; say more in the next hand", cfg.ChatPerHand)
		return
	}
	name := "Host"
	if c.seat >= 0 {
		name = t.seats[c.seat].name
	}
	d := chatData{Seat: c.seat, Name: name, Text: text, At: time.Now().UnixMilli()}
	b, _ := json.Marshal(d)
	if t.chatLines >= cfg.ChatLines || t.chatBytes+len(b) > cfg.ChatBytes {
		t.refuse(c, m.Seq, "chat_limit", "chat_full", game.Params{"lines": strconv.Itoa(cfg.ChatLines), "bytes": strconv.Itoa(cfg.ChatBytes)},
			"chat: this table has had as much chat as it keeps (%d lines, %d bytes)", cfg.ChatLines, cfg.ChatBytes)
		return
	}
	if err := t.commit(event{evChat, d}); err != nil {
		t.refuse(c, m.Seq, "store", "store", nil, "chat: could not save the message; try again")
		return
	}
	out, _ := json.Marshal(chatMsg{Type: "chat", Seat: d.Seat, Name: d.Name, Text: d.Text, At: d.At})
	for cc := range t.conns {
		t.sendTo(cc, out)
	}
}

// dropChat drops the chat of a sitting that has ended from the log, as
// the table leaves memory: the events keep their numbers and kind (the
// log still replays, and the lines still count against ChatLines), their
// text is gone.
func (t *table) dropChat() {
	if t.sit == nil || !(t.sit.Over() || t.abandoned) || t.chatBytes == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n, err := t.srv.store.Redact(ctx, t.id, evChat)
	if err != nil {
		t.log.Warn("dropping the chat of an ended sitting failed (tried again when it is next unloaded)", "err", err)
		return
	}
	t.log.Info("dropped the chat of an ended sitting", "lines", n)
}

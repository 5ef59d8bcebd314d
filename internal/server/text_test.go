package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestCleanText(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"plain", "Ann", "Ann"},
		{"umlauts and emoji", "Grüß Gott 🂡", "Grüß Gott 🂡"},
		{"NUL", "A\x00nn", "Ann"},
		{"C0 controls", "\x01A\x07n\x1bn\x1f", "Ann"},
		{"DEL and C1", "A\x7fn\u0080n\u009f", "Ann"},
		{"tab and newlines become spaces", "A\tn\nn\r\u2028x", "A n n  x"},
		{"no-break space becomes a space", "A\u00a0nn", "A nn"},
		{"LRE RLE PDF LRO RLO", "\u202aA\u202bn\u202cn\u202d\u202e", "Ann"},
		{"LRI RLI FSI PDI", "\u2066A\u2067n\u2068n\u2069", "Ann"},
		{"LRM RLM ALM", "\u200eA\u200fn\u061cn", "Ann"},
		{"zero-width space, non-joiner, joiner", "\u200bA\u200cn\u200dn", "Ann"},
		{"word joiner and BOM", "\u2060Ann\ufeff", "Ann"},
		{"other format characters", "A\u00adn\u2061n\U000e0041", "Ann"},
		{"an override hiding a file name", "invoice\u202egnp.exe", "invoicegnp.exe"},
		{"only invisible", "\u200b\u202e\u2066\x00", ""},
		{"right-to-left letters stay", "שלום", "שלום"},
		{"combining marks stay", "Ame\u0301lie", "Ame\u0301lie"},
	}
	for _, c := range cases {
		if got := cleanText(c.in); got != c.want {
			t.Errorf("%s: cleanText(%+q) = %+q, want %+q", c.name, c.in, got, c.want)
		}
	}
}

// TestNamesAndChat: names (creating a table, claiming a seat) and chat
// lines reach others without control and invisible characters; what has
// nothing visible left is refused with a clear error.
func TestNamesAndChat(t *testing.T) {
	e := newEnv(t, Config{})
	names := []struct {
		name, in, want, err string
	}{
		{"plain", "Ann", "Ann", ""},
		{"override and zero-width", "\u202eAnn\u200b", "Ann", ""},
		{"NUL and controls inside", "B\x00e\x1bn", "Ben", ""},
		{"spaces squeezed", " Cleo \t\n Dee ", "Cleo Dee", ""},
		{"only invisible", "\u200b\u202e\u2066\ufeff\x00", "", "no visible characters"},
		{"empty", "  ", "", "give a name"},
		{"Hangul filler", "\u3164", "", "no visible characters"},
		{"braille blank", "\u2800\u2800", "", "no visible characters"},
		{"Hangul choseong and jungseong fillers", "\u115f\u1160", "", "no visible characters"},
		{"halfwidth Hangul filler and ideographic space", "\uffa0\u3000\uffa0", "", "no visible characters"},
		{"fillers, blanks and zero-width mixed", "\u3164 \u2800\u200b\u3164", "", "no visible characters"},
		{"combining marks alone", strings.Repeat("\u0301", 30), "", "no visible characters"},
		{"variation selectors and a grapheme joiner", "\ufe0f\u034f\ufe0e", "", "no visible characters"},
		{"too many stacked marks", "Zo" + strings.Repeat("\u0336", 6) + "e", "", "combining marks"},
		{"stacked marks within the limit", "Nguye\u0302\u0303n", "Nguye\u0302\u0303n", ""},
		{"a filler beside letters", "Ann\u3164", "Ann\u3164", ""},
	}
	for _, c := range names {
		t.Run("create/"+c.name, func(t *testing.T) {
			var out struct {
				createResp
				Error string `json:"error"`
				Code  string `json:"code"`
			}
			code := e.do("POST", "/api/tables", map[string]any{"game": "droggn", "bots": []string{"", "rules", ""}, "name": c.in}, &out)
			if c.err != "" {
				if code != http.StatusBadRequest || !strings.Contains(out.Error, c.err) || out.Code != nameCode(c.err) {
					t.Fatalf("create with name %+q: %d %q (%s), want 400 with %q (%s)", c.in, code, out.Error, out.Code, c.err, nameCode(c.err))
				}
				return
			}
			if code != http.StatusCreated {
				t.Fatalf("create with name %+q: %d %q", c.in, code, out.Error)
			}
			ws := e.dial(out.ID, "token="+out.SeatToken, nil)
			if got := ws.state().Table.Seats[0].Name; got != c.want {
				t.Fatalf("seat name %+q, want %+q", got, c.want)
			}
		})
	}
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", ""}, "name": "Ann", "public": true})
	for _, c := range names {
		t.Run("claim/"+c.name, func(t *testing.T) {
			var out struct {
				claimResp
				Error string `json:"error"`
				Code  string `json:"code"`
			}
			code := e.do("POST", "/api/tables/"+tb.ID+"/claim", map[string]any{"seat": 2, "name": c.in}, &out)
			if c.err != "" {
				if code != http.StatusBadRequest || !strings.Contains(out.Error, c.err) || out.Code != nameCode(c.err) {
					t.Fatalf("claim with name %+q: %d %q (%s), want 400 with %q (%s)", c.in, code, out.Error, out.Code, c.err, nameCode(c.err))
				}
				return
			}
			// The first valid claim takes the seat; the name checks come
			// before the seat is looked at.
			if code != http.StatusOK && code != http.StatusConflict {
				t.Fatalf("claim with name %+q: %d %q", c.in, code, out.Error)
			}
		})
	}

	ann := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	ann.state()
	chats := []struct {
		name, in, want, err string
	}{
		{"plain", "Servus!", "Servus!", ""},
		{"isolates and marks", "\u2067gut\u2069 \u200egespielt\u200f", "gut gespielt", ""},
		{"newline", "zwei\nZeilen", "zwei Zeilen", ""},
		{"only invisible", "\u200d\u2060\u061c", "", "no visible characters"},
		{"empty", " ", "", "empty"},
		{"Hangul fillers", "\u3164\u3164 \u3164", "", "no visible characters"},
		{"braille blanks", strings.Repeat("\u2800", 40), "", "no visible characters"},
		{"500 combining marks", strings.Repeat("\u0301", 500), "", "no visible characters"},
		{"marks stacked on letters", strings.Repeat("a"+strings.Repeat("\u0489", 8), 10), "", "combining marks"},
		{"accents", "Grüße aus Hà Nội", "Grüße aus Hà Nội", ""},
	}
	for _, c := range chats {
		t.Run("chat/"+c.name, func(t *testing.T) {
			seq := ann.send(map[string]any{"type": "chat", "text": c.in})
			m := ann.waitFor("the chat line or its refusal", func(m tMsg) bool {
				return m.Type == "chat" || (m.Type == "error" && m.Seq != nil && *m.Seq == seq)
			})
			if c.err != "" {
				if m.Type != "error" || !strings.Contains(m.Error, c.err) || m.Code != chatCode(c.err) {
					t.Fatalf("chat %+q: %s, want an error with %q (%s)", c.in, m.raw, c.err, chatCode(c.err))
				}
				return
			}
			if m.Type != "chat" || m.Text != c.want {
				t.Fatalf("chat %+q: %s, want the text %+q", c.in, m.raw, c.want)
			}
		})
	}
}

// nameCode is the code of a refused name whose error says what.
func nameCode(what string) string {
	switch what {
	case "no visible characters":
		return "name_invisible"
	case "combining marks":
		return "name_marks"
	}
	return "name_missing"
}

// chatCode is the code of a refused chat line whose error says what.
func chatCode(what string) string {
	switch what {
	case "no visible characters":
		return "chat_invisible"
	case "combining marks":
		return "chat_marks"
	}
	return "chat_empty"
}

// TestInvalidUTF8: a text message that is not UTF-8 closes the
// connection with 1007 (RFC 6455); a binary one is only refused.
func TestInvalidUTF8(t *testing.T) {
	e := newEnv(t, Config{})
	tb := e.create(map[string]any{"game": "droggn", "bots": []string{"", "rules", "rules"}, "name": "Ann"})
	c := e.dial(tb.ID, "token="+tb.SeatToken, nil)
	c.state()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageBinary, []byte{0xff, 0xfe}); err != nil {
		t.Fatal(err)
	}
	if m := c.waitFor("an error", func(m tMsg) bool { return m.Type == "error" }); !strings.Contains(m.Error, "binary") {
		t.Fatalf("a binary message: %s", m.raw)
	}
	if err := c.ws.Write(ctx, websocket.MessageText, []byte("{\"type\":\"chat\",\"text\":\"\xff\xfe\"}")); err != nil {
		t.Fatal(err)
	}
	if code := c.closeCode(); code != websocket.StatusInvalidFramePayloadData {
		t.Fatalf("closed with %v, want 1007", code)
	}
}

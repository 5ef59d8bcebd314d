package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"trull/e2e/webtest"
)

// a11yView is what a keyboard and screen-reader user meets on the table
// page, read by a11yJS.
type a11yView struct {
	// Focus is the focused element: "body", "card", "act", "next", "discard", "hand" or its tag.
	Focus string `json:"focus"`
	// Card is the focused card's id, Call the focused prompt button's call.
	Card string `json:"card"`
	Call string `json:"call"`
	// Legal and Pressed tell the focused card: one that may be chosen, one chosen for a discard.
	Legal   bool `json:"legal"`
	Pressed bool `json:"pressed"`
	// Hand lists the hand's cards; Disabled those that are aria-disabled,
	// Tabbable those in the Tab order, Dim those drawn as not playable.
	Hand     []string `json:"hand"`
	Disabled []string `json:"disabled"`
	Tabbable []string `json:"tabbable"`
	Dim      []string `json:"dim"`
	// HiddenTabStops are the elements of visually hidden parts in the Tab
	// order; HiddenWords the glossary words in them.
	HiddenTabStops []string `json:"hiddenTabStops"`
	HiddenWords    int      `json:"hiddenWords"`
	// Headings: the page's h1 and h2 texts.
	H1 []string `json:"h1"`
	H2 []string `json:"h2"`
}

const a11yJS = `(() => {
  const ae = document.activeElement;
  const all = (s, r) => [...(r || document).querySelectorAll(s)];
  const hand = all('.mine .hand button.card');
  const kind = !ae || ae === document.body ? 'body'
    : ae.matches('button.card') ? 'card'
    : ae.matches('.prompt .actions button[data-act]') ? 'act'
    : ae.matches('[data-testid=next]') ? 'next'
    : ae.matches('[data-testid=discard]') ? 'discard'
    : ae.matches('section[aria-labelledby=hand-heading]') ? 'hand'
    : ae.tagName.toLowerCase();
  const hidden = all('.sr-only');
  return {
    focus: kind,
    card: kind === 'card' ? ae.dataset.card : '',
    call: kind === 'act' ? ae.dataset.call : '',
    legal: kind === 'card' && ae.classList.contains('legal'),
    pressed: kind === 'card' && ae.getAttribute('aria-pressed') === 'true',
    hand: hand.map((b) => b.dataset.card),
    disabled: hand.filter((b) => b.getAttribute('aria-disabled') === 'true').map((b) => b.dataset.card),
    tabbable: hand.filter((b) => b.tabIndex >= 0).map((b) => b.dataset.card),
    dim: hand.filter((b) => b.classList.contains('dim')).map((b) => b.dataset.card),
    hiddenTabStops: hidden.flatMap((h) => all('a[href], button, input, select, textarea, [tabindex]', h))
      .filter((e) => e.tabIndex >= 0 && !e.disabled).map((e) => e.outerHTML.slice(0, 80)),
    hiddenWords: hidden.flatMap((h) => all('.gloss-word', h)).length,
    h1: all('h1').map((h) => h.textContent),
    h2: all('h2').map((h) => h.textContent),
  };
})()`

// saidJS keeps every text of the live region in window.__said.
const saidJS = `(() => {
  const r = document.querySelector('[data-testid=announce]');
  if (!r) return false;
  window.__said = [];
  new MutationObserver(() => { const s = r.textContent.trim(); if (s) window.__said.push(s); })
    .observe(r, {childList: true, characterData: true, subtree: true});
  return true;
})()`

// TestKeyboardOnly plays a practice table against rules bots with the
// keyboard alone (Tab, the arrows, Home, End, Enter) and holds the table
// page to what a screen-reader user needs: the live region says the turn
// and the other seats' cards; a card that cannot be played is
// aria-disabled (in the accessibility tree too) and out of the Tab order,
// in the play and throughout the bidding; the focus lands on the first
// choice of each decision, stays on a card that is refused, and is never
// left on the body after a card is played; the arrows move between the
// cards of the hand; nothing visually hidden is a Tab stop; the page has
// an h1 and the hand's h2.
func TestKeyboardOnly(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "en")
	if err := webtest.WaitFor(ctx, saidJS, 10*time.Second); err != nil {
		t.Fatalf("e2e: no live region on the table page: %v", err)
	}
	key := func(k string, mods ...chromedp.Modifier) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...))); err != nil {
			t.Fatalf("e2e: pressing %q: %v", k, err)
		}
	}
	read := func() a11yView {
		t.Helper()
		var v a11yView
		if _, err := webtest.Read(ctx, a11yJS, &v); err != nil {
			t.Fatalf("e2e: reading the page: %v", err)
		}
		return v
	}
	// until presses k until ok says the focus is where it should be.
	until := func(k string, ok func(a11yView) bool, mods ...chromedp.Modifier) (a11yView, bool) {
		for i := 0; i < 30; i++ {
			if v := read(); ok(v) {
				return v, true
			}
			key(k, mods...)
		}
		v := read()
		return v, ok(v)
	}
	// checkCards holds the hand's cards to the dimmed ones: aria-disabled and out of the Tab order.
	checkCards := func(v a11yView, where string) {
		t.Helper()
		if strings.Join(v.Disabled, ",") != strings.Join(v.Dim, ",") {
			t.Errorf("e2e: %s the aria-disabled cards are %v, the dimmed ones %v", where, v.Disabled, v.Dim)
		}
		for _, c := range v.Tabbable {
			if webtest.Contains(v.Dim, c) {
				t.Errorf("e2e: %s the card %s that cannot be played is a Tab stop", where, c)
			}
		}
	}
	defend := []string{"pass", "weiter", "gut", "none", "stay"}
	played, bids, arrows, refused, axChecked, glossChecked := 0, 0, false, false, false, false
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) && !(played >= 3 && arrows && refused && axChecked) {
		s, err := webtest.Snap(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s.Ready && (s.MyTurn || s.Result) {
			// A decision takes the focus to its first choice as the page is drawn.
			webtest.WaitFor(ctx, `document.activeElement && document.activeElement !== document.body`, 2*time.Second)
		}
		v := read()
		if len(v.HiddenTabStops) > 0 {
			t.Fatalf("e2e: visually hidden Tab stops: %v", v.HiddenTabStops)
		}
		prev, _ := webtest.Read(ctx, webtest.SnapshotJS, &webtest.Snapshot{})
		switch {
		case !s.Ready:
		case s.Result:
			// The result's "next hand" has the focus: Enter deals again.
			if v.Focus != "next" {
				t.Fatalf("e2e: at the hand's result the focus is on %s, want the next-hand button", v.Focus)
			}
			key(kb.Enter)
		case !s.MyTurn:
		case s.Discard:
			// Cards to lay away: Enter on each candidate, the arrows between them, then Shift+Tab to the button.
			if s.CanSend {
				if v, ok := until(kb.Tab, func(v a11yView) bool { return v.Focus == "discard" }, chromedp.ModifierShift); !ok {
					t.Fatalf("e2e: Shift+Tab does not reach the discard button (focus on %s)", v.Focus)
				}
				key(kb.Enter)
				break
			}
			checkCards(v, "in the discard")
			if v.Focus != "card" {
				t.Fatalf("e2e: in the discard the focus is on %s, want a card", v.Focus)
			}
			if _, ok := until(kb.ArrowRight, func(v a11yView) bool { return v.Legal && !v.Pressed }); !ok {
				until(kb.ArrowLeft, func(v a11yView) bool { return v.Legal && !v.Pressed })
			}
			key(kb.Enter)
		case len(s.Buttons) > 0:
			// A bid: every card is aria-disabled and no Tab stop; the prompt's first button has the focus.
			if len(v.Disabled) != len(v.Hand) || len(v.Tabbable) != 0 {
				t.Errorf("e2e: in the bidding %d of %d cards are aria-disabled and %d are Tab stops", len(v.Disabled), len(v.Hand), len(v.Tabbable))
			}
			if v.Focus != "act" && bids == 0 {
				t.Fatalf("e2e: at the first bid the focus is on %s, want the prompt's first button", v.Focus)
			}
			if v.HiddenWords > 0 {
				glossChecked = true
			}
			if _, ok := until(kb.Tab, func(v a11yView) bool { return v.Focus == "act" && webtest.Contains(defend, v.Call) }); !ok {
				// No quiet answer: back to the first button and take it.
				until(kb.Tab, func(v a11yView) bool { return v.Focus == "act" }, chromedp.ModifierShift)
			}
			key(kb.Enter)
			bids++
		case s.Phase == "play" && len(s.Legal) > 0:
			// A card: the focus is on the first playable one.
			if !v.Legal {
				t.Fatalf("e2e: at the turn to play the focus is on %s %s, want the first playable card", v.Focus, v.Card)
			}
			checkCards(v, "in the play")
			if !arrows && len(v.Hand) >= 3 {
				checkArrows(t, ctx, key, read, v)
				arrows = true
			}
			if len(v.Dim) > 0 && !axChecked {
				checkTree(t, ctx, v.Dim[0])
				axChecked = true
			}
			if len(v.Dim) > 0 && !refused {
				// Enter on a card that cannot be played: refused, the focus stays on it.
				dim := v.Dim[0]
				key(kb.Home)
				if w, ok := until(kb.ArrowRight, func(v a11yView) bool { return v.Card == dim }); !ok {
					t.Fatalf("e2e: the arrows do not reach the card %s that cannot be played (focus on %s %s)", dim, w.Focus, w.Card)
				}
				key(kb.Enter)
				if err := webtest.WaitFor(ctx, `!!document.querySelector('.toast')`, 10*time.Second); err != nil {
					t.Fatalf("e2e: Enter on %s, which cannot be played, shows no refusal: %v", dim, err)
				}
				if w := read(); w.Card != dim {
					t.Errorf("e2e: after the refusal of %s the focus is on %s %s", dim, w.Focus, w.Card)
				}
				refused = true
			}
			// Back to a playable card and play it.
			if w, ok := until(kb.ArrowLeft, func(v a11yView) bool { return v.Legal }); !ok {
				if w, ok = until(kb.ArrowRight, func(v a11yView) bool { return v.Legal }); !ok {
					t.Fatalf("e2e: the arrows reach no playable card (focus on %s %s)", w.Focus, w.Card)
				}
			}
			c := read().Card
			key(kb.Enter)
			gone := fmt.Sprintf(`!document.querySelector('.mine .hand button.card[data-card=%q]')`, c)
			if err := webtest.WaitFor(ctx, gone, 10*time.Second); err != nil {
				t.Fatalf("e2e: Enter on the playable %s did not play it: %v", c, err)
			}
			if err := webtest.WaitFor(ctx, `document.activeElement && document.activeElement !== document.body`, 3*time.Second); err != nil {
				t.Errorf("e2e: after playing %s the focus is left on the body", c)
			}
			played++
		}
		webtest.Changed(ctx, webtest.SnapshotJS, prev, 2*time.Second)
	}
	if played < 3 || !arrows || !refused || !axChecked {
		t.Fatalf("e2e: in 3 minutes %d cards were played by keyboard (arrows checked %v, a refusal %v, the accessibility tree %v)", played, arrows, refused, axChecked)
	}
	if bids > 0 && !glossChecked {
		t.Errorf("e2e: the bidding's hidden help held no glossary word to check")
	}

	var said []string
	if _, err := webtest.Read(ctx, `window.__said`, &said); err != nil {
		t.Fatal(err)
	}
	turn, other := false, false
	for _, s := range said {
		turn = turn || strings.Contains(s, "Your turn — ")
		other = other || strings.Contains(s, "Bot") && strings.Contains(s, " plays ")
	}
	if !turn || !other {
		t.Errorf("e2e: the live region said %q: want the turn (%v) and another seat's card (%v)", said, turn, other)
	}

	v := read()
	if len(v.H1) != 1 || !webtest.Contains(v.H2, fmt.Sprintf("Your hand (%d)", len(v.Hand))) {
		t.Errorf("e2e: the page's headings are h1 %q, h2 %q; want the table's name and the hand", v.H1, v.H2)
	}

	// The side column's tabs: one Tab stop, the arrows choose and focus,
	// and the panel is named by its tab.
	const tabJS = `(() => {
  const a = document.activeElement;
  const panel = document.querySelector('[role=tabpanel]');
  return [a && a.getAttribute('role') === 'tab' ? a.dataset.tab : '', document.querySelector('[role=tab][aria-selected=true]').dataset.tab,
    String(document.querySelectorAll('[role=tab][tabindex="0"]').length), panel ? panel.getAttribute('aria-labelledby') : ''].join(' ');
})()`
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`[role=tab][aria-selected=true]`))); err != nil {
		t.Fatal(err)
	}
	for _, st := range []struct{ key, want string }{
		{kb.ArrowRight, "sheet sheet 1 tab-sheet"},
		{kb.End, "chat chat 1 tab-chat"},
		{kb.ArrowRight, "log log 1 tab-log"},
		{kb.ArrowLeft, "chat chat 1 tab-chat"},
		{kb.Home, "log log 1 tab-log"},
	} {
		key(st.key)
		var got string
		if _, err := webtest.Read(ctx, tabJS, &got); err != nil {
			t.Fatal(err)
		}
		if got != st.want {
			t.Errorf("e2e: the side tabs after %q: focus, chosen, Tab stops, panel %q; want %q", st.key, got, st.want)
		}
	}
}

// checkArrows moves through the hand with the arrows, Home and End from
// the focused card v, which is left on the first card.
func checkArrows(t *testing.T, ctx context.Context, key func(string, ...chromedp.Modifier), read func() a11yView, v a11yView) {
	t.Helper()
	at := func() int {
		w := read()
		for i, c := range w.Hand {
			if c == w.Card {
				return i
			}
		}
		return -1
	}
	n := len(v.Hand)
	key(kb.Home)
	if i := at(); i != 0 {
		t.Fatalf("e2e: Home takes the focus to the card at %d, want the first", i)
	}
	key(kb.ArrowRight)
	key(kb.ArrowRight)
	if i := at(); i != 2 {
		t.Errorf("e2e: two right arrows from the first card focus the card at %d, want 2", i)
	}
	key(kb.ArrowLeft)
	if i := at(); i != 1 {
		t.Errorf("e2e: the left arrow focuses the card at %d, want 1", i)
	}
	key(kb.End)
	if i := at(); i != n-1 {
		t.Errorf("e2e: End focuses the card at %d, want the last (%d)", i, n-1)
	}
	key(kb.ArrowRight)
	if i := at(); i != n-1 {
		t.Errorf("e2e: the right arrow on the last card moves the focus to %d", i)
	}
	key(kb.Home)
}

// checkTree reads the accessibility tree: the card dim (a card that cannot
// be played) is a disabled button, and the page has one polite live
// region.
func checkTree(t *testing.T, ctx context.Context, dim string) {
	t.Helper()
	var name string
	if _, err := webtest.Read(ctx, fmt.Sprintf(`document.querySelector('.mine .hand button.card[data-card=%q]').getAttribute('aria-label')`, dim), &name); err != nil {
		t.Fatal(err)
	}
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatalf("e2e: reading the accessibility tree: %v", err)
	}
	prop := func(n *accessibility.Node, p accessibility.PropertyName) string {
		for _, x := range n.Properties {
			if x.Name == p && x.Value != nil {
				return strings.Trim(string(x.Value.Value), `"`)
			}
		}
		return ""
	}
	str := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		return strings.Trim(string(v.Value), `"`)
	}
	card, polite := false, 0
	for _, n := range tree.Nodes {
		if n.Ignored {
			continue
		}
		if str(n.Role) == "button" && str(n.Name) == name {
			card = true
			if prop(n, accessibility.PropertyNameDisabled) != "true" {
				t.Errorf("e2e: in the accessibility tree the card %q that cannot be played is not disabled", name)
			}
		}
		if prop(n, accessibility.PropertyNameLive) == "polite" && str(n.Role) == "status" {
			polite++
		}
	}
	if !card {
		t.Errorf("e2e: the accessibility tree has no button %q", name)
	}
	if polite != 1 {
		t.Errorf("e2e: the accessibility tree has %d polite status regions, want 1", polite)
	}
}

// TestPointerKeepsFocus: a person playing with the mouse (or a finger) is
// not moved: the page takes the focus to a new decision's first card only
// for a person using the keyboard, and never scrolls a pointer's user.
func TestPointerKeepsFocus(t *testing.T) {
	exe := webtest.Chromium(t)
	base := webtest.StartServer(t)
	ctx := webtest.Browser(t, exe, 1280, 900)
	tb := webtest.CreateTable(t, base, "droggn", 3)
	webtest.SeatIn(t, ctx, base, tb, "en")
	checked := 0
	webtest.PlayUntil(t, ctx, webtest.Quiet, func(s webtest.Snapshot) bool {
		if s.Result {
			return true
		}
		if s.Phase != "play" || !s.MyTurn || len(s.Legal) == 0 || s.Tricks == 0 {
			return false
		}
		webtest.Settle(ctx)
		on, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const a = document.activeElement; return a && a.matches('button.card') ? a.dataset.card : ''; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if on != "" {
			t.Errorf("e2e: after mouse clicks, trick %d: the page put the focus on %s", s.Tricks+1, on)
		}
		checked++
		return checked >= 3 || t.Failed()
	})
	if checked == 0 {
		t.Fatal("e2e: no card play after the first trick came")
	}
}

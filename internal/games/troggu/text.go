package troggu

import (
	"fmt"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// words holds the fixed phrases of Text, English and German.
var words = [2]struct {
	you, seat, dealer, phase, toAct, bidding, game, tappist, soloist, forced     string
	called, partner, alone, secret, tapp, faceDown, discarded, took, hand, empty string
	powerless, trick, ledBy, lastTrick, wonBy, tricksWon, yourTurn, result       string
	noPower                                                                      string
	phases                                                                       [5]string
}{
	card.English: {
		you: "you are", seat: "seat", dealer: "dealer", phase: "phase", toAct: "to act",
		bidding: "bidding", game: "game", tappist: "Tappist", soloist: "Soloist", forced: "forced",
		called: "called", partner: "partner", alone: "the Tappist plays alone", secret: "secret",
		tapp: "Tapp", faceDown: "cards face down", discarded: "discarded", took: "you took from the Tapp",
		hand: "your hand", empty: "(empty)",
		powerless: "your Bättler has lost its power (renege): keep it for the last trick",
		trick:     "trick", ledBy: "led by", lastTrick: "last trick", wonBy: "won by", tricksWon: "tricks won",
		yourTurn: "your turn", result: "result", noPower: "powerless",
		phases: [5]string{"bidding", "calling a partner", "exchange", "play", "done"},
	},
	card.German: {
		you: "du bist", seat: "Platz", dealer: "Geber", phase: "Phase", toAct: "am Zug",
		bidding: "Reizen", game: "Spiel", tappist: "Tappist", soloist: "Solospieler", forced: "Pflichtspiel",
		called: "gerufen", partner: "Partner", alone: "der Tappist spielt allein", secret: "geheim",
		tapp: "Tapp", faceDown: "Karten verdeckt", discarded: "gedrückt", took: "du hast aus dem Tapp genommen",
		hand: "deine Hand", empty: "(leer)",
		powerless: "dein Bättler hat seine Kraft verloren: bis zum letzten Stich behalten",
		trick:     "Stich", ledBy: "ausgespielt von", lastTrick: "letzter Stich", wonBy: "gewonnen von", tricksWon: "Stiche",
		yourTurn: "du bist am Zug", result: "Ergebnis", noPower: "machtlos",
		phases: [5]string{"Reizen", "Partner rufen", "Tapp-Tausch", "Spiel", "Ende"},
	},
}

// Text renders the table as the seat sees it, as plain text lines, in the
// game's English or German words.
func (v *View) Text(l card.Lang) string {
	w := &words[l]
	p := card.Troggu62
	var b strings.Builder
	line := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	names := func(cards []string) string {
		if len(cards) == 0 {
			return w.empty
		}
		out := make([]string, 0, len(cards))
		for _, id := range cards {
			if c, err := p.Parse(id); err == nil {
				out = append(out, p.CardName(c, l))
			} else {
				out = append(out, id)
			}
		}
		return strings.Join(out, ", ")
	}
	seat := func(s int) string {
		if s == v.Seat {
			return fmt.Sprintf("%s %d (*)", w.seat, s)
		}
		return fmt.Sprintf("%s %d", w.seat, s)
	}
	phase := v.Phase
	for i, n := range phaseNames {
		if n == v.Phase {
			phase = w.phases[i]
		}
	}
	line("Troggu, %s: %s %s %d; %s %d", v.Variant, w.you, w.seat, v.Seat, w.dealer, v.Dealer)
	if v.ToAct >= 0 {
		line("%s: %s; %s %s", w.phase, phase, seat(v.ToAct), w.toAct)
	} else {
		line("%s: %s", w.phase, phase)
	}
	var bids, rest []string
	for _, e := range v.Log {
		switch e.Act {
		case "bid":
			bids = append(bids, seat(e.Seat)+" "+bidWords[l][bidCode(e.Call)])
		case "discard":
			s := fmt.Sprintf("%s %s %d", seat(e.Seat), w.discarded, e.Count)
			if len(e.Cards) > 0 {
				s += ": " + names(e.Cards)
			}
			rest = append(rest, s)
		}
	}
	if len(bids) > 0 {
		line("%s: %s", w.bidding, strings.Join(bids, ", "))
	}
	if v.Contract != "" {
		c := ContractNone
		for i, n := range contractNames {
			if n == v.Contract {
				c = Contract(i)
			}
		}
		g := contractWords[l][c]
		switch c {
		case ContractNormal:
			g += ", " + w.tappist + " " + seat(v.Declarer)
		case ContractSolo:
			g += ", " + w.soloist + " " + seat(v.Declarer)
		}
		if v.Forced {
			g += " (" + w.forced + ")"
		}
		line("%s: %s", w.game, g)
	}
	if v.CalledTrump > 0 {
		who := w.secret
		switch {
		case v.Partner != nil:
			who = seat(*v.Partner)
		case v.Alone:
			who = w.alone
		}
		line("%s: %s; %s: %s", w.called, p.CardName(card.Trump(v.CalledTrump), l), w.partner, who)
	}
	if v.TappSize > 0 {
		line("%s: %d %s", w.tapp, v.TappSize, w.faceDown)
	}
	if len(v.Tapp) > 0 {
		line("%s: %s", w.tapp, names(v.Tapp))
	}
	if len(v.TappTaken) > 0 {
		line("%s: %s", w.took, names(v.TappTaken))
	}
	for _, r := range rest {
		line("%s", r)
	}
	line("%s: %s", w.hand, names(v.Hand))
	if v.FoolPowerless && len(v.Hand) > 0 {
		line("%s", w.powerless)
	}
	trickLine := func(label string, t ViewTrick) {
		plays := make([]string, 0, len(t.Plays))
		for _, pl := range t.Plays {
			s := seat(pl.Seat) + " " + names([]string{pl.Card})
			if pl.Powerless {
				s += " (" + w.noPower + ")"
			}
			plays = append(plays, s)
		}
		s := fmt.Sprintf("%s, %s %s: %s", label, w.ledBy, seat(t.Leader), strings.Join(plays, ", "))
		if t.Winner >= 0 {
			s += "; " + w.wonBy + " " + seat(t.Winner)
		}
		line("%s", s)
	}
	if k := len(v.Tricks); k > 0 {
		trickLine(fmt.Sprintf("%s (%d)", w.lastTrick, k), v.Tricks[k-1])
		won := make([]int, v.Players)
		for _, t := range v.Tricks {
			if t.Winner >= 0 && t.Winner < v.Players {
				won[t.Winner]++
			}
		}
		parts := make([]string, v.Players)
		for i, n := range won {
			parts[i] = fmt.Sprintf("%s: %d", seat(i), n)
		}
		line("%s: %s", w.tricksWon, strings.Join(parts, ", "))
	}
	if v.Trick != nil {
		trickLine(fmt.Sprintf("%s %d", w.trick, len(v.Tricks)+1), *v.Trick)
	}
	if len(v.Legal) > 0 {
		// The choices themselves are the terminal's menu, listed once.
		line("%s", w.yourTurn)
	}
	if v.Result != nil {
		line("%s: %s", w.result, resultText(v.Result, v.Players, seat))
	}
	return b.String()
}

func resultText(r *ViewResult, n int, seat func(int) string) string {
	parts := make([]string, 0, n)
	for i := 0; i < n && i < len(r.Score); i++ {
		parts = append(parts, fmt.Sprintf("%s %d (%+d)", seat(i), r.CardPoints[i], r.Score[i]))
	}
	items := make([]string, 0, len(r.Items))
	for _, it := range r.Items {
		items = append(items, itemText(it))
	}
	return strings.Join(parts, ", ") + " [" + strings.Join(items, ", ") + "]"
}

func itemText(it game.Item) string {
	if it.Side != "" {
		return fmt.Sprintf("%s %s %d", it.Item, it.Side, it.Points)
	}
	return fmt.Sprintf("%s %v %d", it.Item, it.Seats, it.Points)
}

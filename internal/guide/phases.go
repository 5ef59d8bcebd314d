package guide

import (
	"slices"
	"strings"

	"trull/internal/card"
	"trull/internal/tablemodel"
)

// dealStep introduces the deal: the seat's cards with their trumps,
// five-point cards and kings, and what lies face down.
func (h *hand) dealStep() Step {
	m := h.m
	trumps := h.trumps(h.cards)
	kings := 0
	for _, c := range h.m.Hand {
		if cc, _ := h.pack.Parse(c); cc.IsKing() {
			kings++
		}
	}
	p := map[string]string{
		"cards":   itoa(len(m.Hand)),
		"trumps":  itoa(len(trumps)),
		"kings":   itoa(kings),
		"players": itoa(m.Seats),
	}
	if hs := h.honours(h.cards); len(hs) > 0 {
		p["honours"] = h.ids(hs)
	}
	if len(trumps) > 0 {
		p["top"] = h.id(trumps[0])
	}
	// The cards face down on the table, as the game calls them: Droggn's
	// talon, Troggu's Tapp.
	if m.TalonSize > 0 {
		p["talon"] = itoa(m.TalonSize)
	}
	if m.TappSize > 0 {
		p["tapp"] = itoa(m.TappSize)
	}
	return Step{Code: "deal." + m.Game, Params: p}
}

// intro introduces the phase the hand is in.
func (h *hand) intro() []Step {
	m := h.m
	g := m.Game
	p := func(kv ...string) map[string]string {
		out := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	role := "defender"
	switch {
	case m.Declarer == h.seat:
		role = "declarer"
	case m.Declarer < 0:
		role = "none"
	}
	switch m.Phase {
	case "bidding", "fold", "bid":
		return []Step{h.dealStep(), {Code: "bidding." + g, Params: p("players", itoa(m.Seats))}}
	case "discard", "exchange":
		// The talon shown to all (Droggn), or the Tapp as its Tappist
		// took it up (Troggu).
		taken := m.TappTaken
		if len(m.TalonShown) > 0 {
			taken = m.TalonShown
		}
		s := Step{Code: "talon." + g, Params: p("contract", m.Contract, "role", role)}
		if len(taken) > 0 {
			s.Params["taken"] = strings.Join(taken, ",")
		}
		if h.seat == m.Declarer {
			s.Params["count"] = itoa(h.discardCount())
		}
		return []Step{s}
	case "call":
		return []Step{{Code: "call." + g, Params: p("players", itoa(m.Seats))}}
	case "buy":
		return []Step{{Code: "buy." + g, Params: p("role", role)}}
	case "layout":
		s := Step{Code: "layout." + g, Params: p("role", role, "contract", m.Contract)}
		if h.cards.Has(card.Pagat) {
			s.Params["pagat"] = h.id(card.Pagat)
		}
		return []Step{s}
	case "doubling", "double":
		return []Step{{Code: "doubling." + g, Params: p("role", role, "contract", m.Contract)}}
	case "play":
		return h.playIntro(role)
	case "done":
		return h.end()
	}
	return nil
}

// discardCount is the number of cards the declarer lays away: as many as
// he took up.
func (h *hand) discardCount() int {
	return h.traits.Talon
}

// playIntro introduces the play: at the first trick the contract, the
// seat's trumps and the rules of the play (and the Strohmänner turned
// up); from the second on, which trick it is and what the seat's side
// has so far, so that nothing said at the first trick stands as if it
// were still so.
func (h *hand) playIntro(role string) []Step {
	m := h.m
	g := m.Game
	need := itoa(h.traits.Scale.WinFrom)
	var s Step
	if len(m.Tricks) == 0 {
		trumps := h.trumps(h.cards)
		s = Step{Code: "play." + g, Params: map[string]string{
			"role": role, "contract": m.Contract, "need": need, "trumps": itoa(len(trumps)),
		}}
	} else {
		// The side the seat plays for: a Troggu partner who holds the
		// called trump plays for the declarer, secret or not; a Droggn
		// dealer who sits the hand out plays for nobody.
		side := role
		switch {
		case h.seat == m.SitsOut:
			side = "none"
		case role == "defender" && (m.Partner == h.seat || m.CalledTrump > 0 && h.holdsCalled()):
			side = "declarer"
		}
		s = Step{Code: "progress", Params: map[string]string{
			"role": side, "contract": m.Contract, "need": need, "n": itoa(len(m.Tricks) + 1),
		}}
		// The side's card points so far, as the engine counts them
		// where the table shows them (Droggn).
		if m.TrickPoints != nil {
			s.Params["points"] = itoa(*m.TrickPoints)
		}
	}
	if m.Declarer >= 0 {
		s.Params["declarer"] = itoa(m.Declarer)
	}
	out := []Step{s}
	if len(m.Tricks) == 0 {
		// How the cards of a suit rank, with the letters the cards show.
		out = append(out, Step{Code: "ranks." + g, Params: map[string]string{}})
	}
	// The called trump that makes the declarer's partner (Troggu).
	if m.CalledTrump > 0 {
		ps := Step{Code: "partner." + g, Params: map[string]string{"called": h.id(card.Trump(m.CalledTrump)), "role": role}}
		switch {
		case m.Partner >= 0:
			ps.Params["partner"] = itoa(m.Partner)
		case m.Alone:
			ps.Params["alone"] = "1"
		case h.cards.Has(card.Trump(m.CalledTrump)):
			ps.Params["mine"] = "1"
		}
		out = append(out, ps)
	}
	// The cards the seat plays from the table (Strohmandeln's Strohmänner),
	// as they were turned up.
	if h.traits.PlaysFromTable && len(m.Tricks) == 0 {
		var tops []string
		if m.Seat < len(m.Players) {
			for _, pile := range m.Players[m.Seat].Strohmaenner {
				if pile.Top != "" {
					tops = append(tops, pile.Top)
				}
			}
		}
		ss := Step{Code: "men." + g, Params: map[string]string{"tops": strings.Join(tops, ","), "count": itoa(len(tops))}}
		out = append(out, ss)
	}
	return out
}

// lastTrick explains the last finished trick, while the next one is
// played too: its winner and why, and the Gstieß or the powerless
// Bättler that went its own way.
func (h *hand) lastTrick() []Step {
	m := h.m
	if len(m.Tricks) == 0 {
		return nil
	}
	t := m.Tricks[len(m.Tricks)-1]
	n := itoa(len(m.Tricks))
	if t.Hidden || len(t.Plays) == 0 {
		return []Step{{Code: "trick.hidden", Params: map[string]string{"winner": itoa(t.Winner), "n": n}}}
	}
	var cs []card.Card
	var powerless []bool
	pts := 0
	for _, p := range t.Plays {
		c, err := h.pack.Parse(p.Card)
		if err != nil {
			return nil
		}
		cs = append(cs, c)
		powerless = append(powerless, p.Powerless)
		pts += h.pack.Points(c)
	}
	out := []Step{}
	wi := slices.IndexFunc(t.Plays, func(p tablemodel.Play) bool { return p.Seat == t.Winner })
	if wi < 0 {
		return nil
	}
	w := cs[wi]
	params := map[string]string{"winner": itoa(t.Winner), "card": h.id(w), "points": itoa(pts), "n": n}
	switch {
	case h.isTrump(w) && !powerless[wi]:
		trumps := 0
		for i, c := range cs {
			if h.isTrump(c) && !powerless[i] {
				trumps++
			}
		}
		if trumps == 1 {
			params["only"] = "1"
		}
		out = append(out, Step{Code: "trick.trump", Params: params})
	default:
		params["suit"] = h.pack.Style.SuitLetter(w.Suit())
		code := "trick.suit"
		if slices.Contains(powerless, true) {
			// A trump lies in it, without its power: the text says so
			// rather than that no trump was played.
			code = "trick.powerless"
		}
		out = append(out, Step{Code: code, Params: params})
	}
	if h.traits.CountPile != nil {
		// The tally counts the cards in threes (Droggn) or thirds
		// (Strohmandeln): the trick's cards as it counts them, in its unit,
		// and after the first trick how that count goes.
		params["counted"] = itoa(h.traits.CountPile(pts, len(cs)))
	}
	for i, c := range cs {
		if c == card.Fool && (h.traits.FoolExcuse || powerless[i]) {
			out = append(out, Step{Code: "trick.fool." + m.Game, Params: map[string]string{"seat": itoa(t.Plays[i].Seat), "card": h.id(c)}})
		}
	}
	if h.side()[t.Winner] {
		out[0].Params["ours"] = "1"
	}
	// A Droggn Pagat that is not laid out, taken by the other side before
	// the last trick, scores that side 5 at the end: said when it happens.
	if pi := slices.Index(cs, card.Pagat); m.Game == "droggn" && pi >= 0 && m.PagatLaid < 0 && slices.ContainsFunc(m.HandSizes, func(n int) bool { return n > 0 }) {
		by := t.Plays[pi].Seat
		if (by == m.Declarer) != (t.Winner == m.Declarer) {
			ps := map[string]string{"winner": itoa(t.Winner), "seat": itoa(by)}
			if by == h.seat {
				ps["role"] = "mine"
			}
			out = append(out, Step{Code: "trick.pagat.droggn", Params: ps})
		}
	}
	if h.traits.CountPile != nil && len(m.Tricks) == 1 {
		out = append(out, Step{Code: "counting." + m.Game, Params: map[string]string{}})
	}
	return out
}

// end explains the count and the score of a finished hand with its
// figures.
func (h *hand) end() []Step {
	m := h.m
	r := m.Result
	if r == nil {
		return nil
	}
	g := m.Game
	if len(r.CardPoints) <= h.seat || len(r.Score) <= h.seat {
		return nil
	}
	mine := r.CardPoints[h.seat]
	// The sides as the result shows them (a secret partner is known now).
	other := 0
	side := map[int]bool{h.seat: true}
	if m.Declarer >= 0 {
		side = map[int]bool{r.Declarer: true}
		if r.Partner >= 0 {
			side[r.Partner] = true
		}
		if !side[h.seat] {
			side = map[int]bool{}
			for s := range r.CardPoints {
				if s != r.Declarer && s != r.Partner {
					side[s] = true
				}
			}
		}
	}
	for s, v := range r.CardPoints {
		if !side[s] {
			other = v
		}
	}
	count := Step{Code: "count." + g, Params: map[string]string{
		"points": itoa(mine), "other": itoa(other), "need": itoa(h.traits.Scale.WinFrom), "contract": r.Contract,
		"tricks": itoa(h.sideTricks(side)),
	}}
	if side[r.Declarer] {
		count.Params["role"] = "declarer"
	}
	h.pileFigures(count.Params, side, mine)
	score := Step{Code: "score." + g, Params: map[string]string{
		"score": itoa(r.Score[h.seat]), "contract": r.Contract,
	}}
	if m.Declarer >= 0 {
		score.Params["declarer"] = itoa(m.Declarer)
	}
	score.Params["role"] = "lost"
	if r.Score[h.seat] > 0 {
		score.Params["role"] = "won"
	}
	total, gameItem := 0, 0
	for _, it := range r.Items {
		total += it.Points
		if it.Item == "game" {
			gameItem = it.Points
			score.Params["game"] = itoa(it.Points)
		}
	}
	// The game item as its parts: the contract's value and the points
	// over or short of the half, where no doubling changed it.
	if side[r.Declarer] {
		if base, diff, mult, ok := h.traits.GameParts(r.Contract, mine, 0, gameItem); ok && mult == 1 {
			score.Params["base"], score.Params["diff"] = itoa(base), itoa(max(diff, -diff))
		}
	}
	// What each of the other side pays, where the score is that.
	if r.Declarer == h.seat && !h.traits.ItemsBySeat {
		others := 0
		for s := range r.CardPoints {
			if !side[s] {
				others++
			}
		}
		if total < 0 {
			total = -total
		}
		if others > 0 && (r.Score[h.seat] == total*others || r.Score[h.seat] == -total*others) {
			score.Params["total"], score.Params["others"] = itoa(total), itoa(others)
		}
	}
	return []Step{count, score}
}

// sideTricks counts the tricks won by the seats of side.
func (h *hand) sideTricks(side map[int]bool) int {
	n := 0
	for _, t := range h.m.Tricks {
		if side[t.Winner] {
			n++
		}
	}
	return n
}

// pileFigures adds the figures of the count in threes of the side's pile
// (Droggn, Strohmandeln) — its cards, their raw points and what the count
// takes off them — when they give the result's card points: the side's won tricks,
// the Fool that went back to its side, and the declarer's own discards.
func (h *hand) pileFigures(p map[string]string, side map[int]bool, points int) {
	m := h.m
	if h.traits.CountPile == nil {
		return
	}
	n, raw := 0, 0
	add := func(id string) bool {
		c, err := h.pack.Parse(id)
		if err != nil {
			return false
		}
		n++
		raw += h.pack.Points(c)
		return true
	}
	for _, t := range m.Tricks {
		if t.Hidden {
			return
		}
		for _, pl := range t.Plays {
			fool := pl.Card == h.id(card.Fool) && h.traits.FoolExcuse
			// The Gstieß goes to the pile of the side that played it.
			if fool && side[pl.Seat] || !fool && side[t.Winner] {
				if !add(pl.Card) {
					return
				}
			}
		}
	}
	if side[m.Declarer] {
		for _, id := range m.Discards {
			if !add(id) {
				return
			}
		}
		for _, id := range m.TalonShown {
			if m.Contract == "super" || m.Contract == "supermord" {
				add(id)
			}
		}
	}
	// What the count in threes takes off the raw points, in the unit of
	// the result (thirds in Strohmandeln).
	counted := h.traits.CountPile(raw, n)
	unit := 1
	if h.traits.Scale.Thirds() {
		unit = 3
	}
	less := unit*raw - counted
	if n == 0 || less < 0 || counted != points {
		return
	}
	p["pile"], p["raw"], p["less"] = itoa(n), itoa(raw), itoa(less)
}

// holdsCalled reports whether the seat holds, or has played, the trump the
// Tappist called: it is then the Tappist's partner.
func (h *hand) holdsCalled() bool {
	c := card.Trump(h.m.CalledTrump)
	if h.cards.Has(c) {
		return true
	}
	for _, t := range h.m.Tricks {
		for _, p := range t.Plays {
			if p.Seat == h.seat && p.Card == h.id(c) {
				return true
			}
		}
	}
	return false
}

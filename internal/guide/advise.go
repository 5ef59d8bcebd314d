package guide

import (
	"slices"
	"sort"
	"strings"

	"trull/internal/card"
	"trull/internal/game"
)

// advise chooses the action the guide points at among the seat's legal
// ones, with the reason in this hand's cards. It reads only the seat's
// hand, the tricks it has seen and its legal actions.
func (h *hand) advise(r game.Rules, legal []game.Action) (*Step, *game.RecordAction) {
	if len(legal) == 0 {
		return nil, nil
	}
	enc := func(a game.Action) *game.RecordAction {
		ra := r.EncodeAction(a)
		ra.Seat = nil
		return &ra
	}
	byCall := func(kind game.Kind, call string) (game.Action, bool) {
		for _, a := range legal {
			if a.Kind == kind && r.EncodeAction(a).Call == call {
				return a, true
			}
		}
		return game.Action{}, false
	}
	kind := legal[0].Kind
	trumps := h.trumps(h.cards)
	p := map[string]string{"trumps": itoa(len(trumps)), "cards": itoa(h.cards.Len())}
	if hs := h.honours(h.cards); len(hs) > 0 {
		p["honours"] = h.ids(hs)
	}
	switch kind {
	case game.KindBid:
		want, why := h.bid()
		a, ok := byCall(game.KindBid, want)
		if !ok {
			want, why = "pass", "taken"
			a, ok = byCall(game.KindBid, "pass")
		}
		if !ok {
			a = legal[0]
		}
		ra := enc(a)
		p["call"], p["why"] = ra.Call, why
		return &Step{Code: "advice.bid." + h.m.Game, Params: p}, ra
	case game.KindDiscard:
		cs := h.discards(legal)
		ra := &game.RecordAction{Act: "discard", Cards: make([]string, len(cs))}
		for i, c := range cs {
			ra.Cards[i] = h.id(c)
		}
		p["discard"] = h.ids(cs)
		p["count"] = itoa(len(cs))
		if !slices.ContainsFunc(cs, func(c card.Card) bool { return !c.IsSuit() }) {
			// Only suit cards: the reason may say the trumps stay.
			p["role"] = "suits"
		}
		if v := h.voids(cs); v != "" {
			p["voids"] = v
		}
		return &Step{Code: "advice.discard." + h.m.Game, Params: p}, ra
	case game.KindCall:
		// The highest trump from XX down that the seat does not hold: its
		// holder is likely strong.
		for n := 20; n >= 1; n-- {
			for _, a := range legal {
				if a.Card == card.Trump(n) && !h.cards.Has(a.Card) {
					p["card"] = h.id(a.Card)
					return &Step{Code: "advice.call", Params: p}, enc(a)
				}
			}
		}
		return &Step{Code: "advice.call", Params: p}, enc(legal[0])
	case game.KindPlay, game.KindAnnounce:
		var plays []game.Action
		for _, a := range legal {
			if a.Kind == game.KindPlay && a.Call == 0 {
				plays = append(plays, a)
			}
		}
		if len(plays) == 0 {
			return nil, enc(legal[0])
		}
		c, why := h.choosePlay(plays)
		p["card"], p["why"] = h.id(c), why
		if why == "winround" || why == "beatround" {
			p["suit"] = h.pack.Style.SuitLetter(c.Suit())
		}
		for _, a := range plays {
			if a.Card == c {
				return &Step{Code: "advice.play", Params: p}, enc(a)
			}
		}
	}
	// Lay-out, doubling, buying, folding: the safe answer, the first
	// of pass, gut, none, stay.
	for _, call := range []string{"none", "gut", "pass", "stay"} {
		if a, ok := byCall(kind, call); ok {
			p["call"] = call
			return &Step{Code: "advice." + kind.String() + "." + h.m.Game, Params: p}, enc(a)
		}
	}
	return &Step{Code: "advice." + kind.String() + "." + h.m.Game, Params: p}, enc(legal[0])
}

// bid returns the call the hand is worth and why: the first of the
// lesson's bids the hand holds the trumps for, with the reason's code
// ("solo", "ansager", "tsolo", "normal", "undertake"), or a pass for
// "weak".
func (h *hand) bid() (string, string) {
	t := len(h.trumps(h.cards))
	n := h.cards.Len()
	big := h.cards.Has(card.Mond) || h.cards.Has(card.Fool)
	for _, b := range h.l.bids {
		if t >= b.min && b.share[1]*t >= b.share[0]*n && (big || !b.big) {
			return b.call, b.why
		}
	}
	return "pass", "weak"
}

// discards chooses the cards to lay away: the low cards of the shortest
// suits, so that a suit is cleared and the seat can trump it, never a
// trump or a card worth five points while another card will do.
func (h *hand) discards(legal []game.Action) []card.Card {
	allowed := card.Set{}
	count := 0
	for _, a := range legal {
		if a.Kind == game.KindDiscard {
			allowed.Add(a.Card)
		}
	}
	// The declarer sees his own discards, or their number (Troggu's
	// DiscardCount).
	count = h.discardCount() - max(len(h.m.Discards), h.m.DiscardCount)
	suitLen := map[card.Suit]int{}
	for _, c := range h.pack.Order {
		if h.cards.Has(c) && c.IsSuit() {
			suitLen[c.Suit()]++
		}
	}
	var cs []card.Card
	for _, c := range h.pack.Order {
		if allowed.Has(c) && h.cards.Has(c) {
			cs = append(cs, c)
		}
	}
	rank := func(c card.Card) int {
		switch {
		case h.pack.Points(c) == 5:
			return 3
		case h.isTrump(c) || c == card.Fool:
			return 2
		}
		return 0
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		if a.IsSuit() && b.IsSuit() && suitLen[a.Suit()] != suitLen[b.Suit()] {
			return suitLen[a.Suit()] < suitLen[b.Suit()]
		}
		if a.IsSuit() && b.IsSuit() && a.Suit() != b.Suit() {
			return a.Suit() < b.Suit()
		}
		// Within a suit, the highest first: its points count for the
		// seat now instead of falling to a higher card later.
		return a > b
	})
	if count > len(cs) {
		count = len(cs)
	}
	return cs[:max(count, 0)]
}

// voids names the suits (their letters, comma-separated) of which the
// seat holds no card once cs are laid away, though it held some before.
func (h *hand) voids(cs []card.Card) string {
	var out []string
	seen := map[card.Suit]bool{}
	for _, c := range cs {
		if !c.IsSuit() || seen[c.Suit()] {
			continue
		}
		seen[c.Suit()] = true
		left := false
		for _, k := range h.cards.Cards(nil) {
			if k.IsSuit() && k.Suit() == c.Suit() && !slices.Contains(cs, k) {
				left = true
				break
			}
		}
		if !left {
			out = append(out, h.pack.Style.SuitLetter(c.Suit()))
		}
	}
	return strings.Join(out, ",")
}

// played returns every card the seat has seen played.
func (h *hand) played() card.Set {
	var s card.Set
	for _, t := range h.m.Tricks {
		for _, p := range t.Plays {
			if c, err := h.pack.Parse(p.Card); err == nil {
				s.Add(c)
			}
		}
	}
	for _, c := range h.trick {
		s.Add(c)
	}
	return s
}

// choosePlay picks a card among the legal plays, with the reason:
// "only", "master" (the highest trump still out), "trumps" (drawing the
// opponents' trumps), "king", "low" (a lead of a one-point card), "fewest"
// (the lead that gives the fewest points away, a court card),
// "win" (the last card of the trick: the lowest that takes it; "beat"
// while others are still to play: the lowest that beats the cards on the
// table, not the Pagat while another does, "beatkeep" when the Pagat
// would have beaten it too; "winround" and "beatround"
// when it is a number card of a suit whose numbers rank the other way
// round), "smear" (points into the
// side's own trick), "fool" (a Fool that is an excuse, the Droggn
// Gstieß, into a lost trick) or
// "cheap" (nothing wins: the cheapest card).
func (h *hand) choosePlay(plays []game.Action) (card.Card, string) {
	var cs []card.Card
	for _, a := range plays {
		if !slices.Contains(cs, a.Card) {
			cs = append(cs, a.Card)
		}
	}
	if len(cs) == 1 {
		return cs[0], "only"
	}
	// The Pagat is kept back; so are, where the Fool is an excuse, the
	// Fool, which saves a lost trick's points, and the Mond, the trump
	// nothing takes.
	precious := func(c card.Card) bool {
		return c == card.Pagat || c == card.Mond && h.traits.FoolExcuse || c == card.Fool && h.traits.FoolExcuse
	}
	cheapest := func(list []card.Card) card.Card {
		best := list[0]
		key := func(c card.Card) [3]int {
			pr := 0
			if precious(c) {
				pr = 1
			}
			return [3]int{pr, h.pack.Points(c), h.power(c)}
		}
		for _, c := range list[1:] {
			k, b := key(c), key(best)
			if k[0] < b[0] || k[0] == b[0] && (k[1] < b[1] || k[1] == b[1] && k[2] < b[2]) {
				best = c
			}
		}
		return best
	}
	if len(h.trick) == 0 {
		var mine []card.Card // the seat's trumps, highest first
		for _, c := range h.trumps(h.cards) {
			if slices.Contains(cs, c) {
				mine = append(mine, c)
			}
		}
		// The trumps others may still hold: neither played, nor the seat's,
		// nor among its discards. Trumps are led to draw them, so only
		// while there are any.
		unseen := h.pack.Cards.Minus(h.played()).Minus(h.cards)
		for _, id := range h.m.Discards {
			if c, err := h.pack.Parse(id); err == nil {
				unseen.Remove(c)
			}
		}
		all := h.trumps(h.pack.Cards)
		if len(mine) > 0 && slices.ContainsFunc(all, unseen.Has) {
			top := true
			for _, c := range all {
				if c == mine[0] {
					break
				}
				if unseen.Has(c) {
					top = false
					break
				}
			}
			if top && mine[0] != card.Pagat {
				return mine[0], "master"
			}
			if h.m.Declarer == h.seat && len(mine) >= 3 {
				low := mine[len(mine)-1]
				if low == card.Pagat {
					low = mine[len(mine)-2]
				}
				return low, "trumps"
			}
		}
		for _, c := range cs {
			if c.IsKing() {
				return c, "king"
			}
		}
		var suits []card.Card
		for _, c := range cs {
			if c.IsSuit() {
				suits = append(suits, c)
			}
		}
		pick := cs
		if len(suits) > 0 {
			pick = suits
		}
		// "low" only for a suit card of one point while fewer tricks are
		// played than are left (the others' hands are still to learn); a
		// court card that is the cheapest left, a trump, or a card late in
		// the hand is "fewest".
		c := cheapest(pick)
		if h.pack.Points(c) <= 1 && c.IsSuit() && len(h.m.Tricks) < h.cards.Len() {
			return c, "low"
		}
		return c, "fewest"
	}
	wi := h.winning(h.trick, h.powerless)
	ours := wi >= 0 && h.from[wi] != h.seat && h.side()[h.from[wi]] && len(h.side()) > 1
	if ours {
		var smear []card.Card
		for _, c := range cs {
			if !h.isTrump(c) && c != card.Fool {
				smear = append(smear, c)
			}
		}
		if len(smear) > 0 {
			best := smear[0]
			for _, c := range smear[1:] {
				if h.pack.Points(c) > h.pack.Points(best) {
					best = c
				}
			}
			return best, "smear"
		}
		return cheapest(cs), "cheap"
	}
	var winners []card.Card
	for _, c := range cs {
		if c == card.Fool && h.traits.FoolExcuse {
			continue
		}
		if wi < 0 || h.beats(c, h.trick[wi], h.trick[h.leadIndex()]) {
			winners = append(winners, c)
		}
	}
	// Others still to play after the seat may take the trick yet: the
	// Pagat is not risked then while another card beats the table.
	playing := h.m.Seats
	if h.m.SitsOut >= 0 {
		playing--
	}
	last := len(h.trick) == playing-1
	kept := false // the Pagat, the lowest trump, also beats the table and is kept back
	if !last {
		if rest := slices.DeleteFunc(slices.Clone(winners), precious); len(rest) > 0 {
			kept = slices.Contains(winners, card.Pagat)
			winners = rest
		}
	}
	if len(winners) > 0 {
		best := winners[0]
		for _, c := range winners[1:] {
			if h.power(c) < h.power(best) {
				best = c
			}
		}
		why := "win"
		switch {
		case !last && kept:
			why = "beatkeep"
		case !last:
			why = "beat"
		}
		// A number card of a round suit (hearts, diamonds, cups, coins)
		// ranks the other way round: the reason says so.
		if best.IsSuit() && best.Numeral() > 0 && best.Suit().Round() {
			why += "round"
		}
		return best, why
	}
	if h.traits.FoolExcuse && slices.Contains(cs, card.Fool) {
		return card.Fool, "fool"
	}
	return cheapest(cs), "cheap"
}

// leadIndex is the index of the card that set the suit of the trick.
func (h *hand) leadIndex() int {
	for i, c := range h.trick {
		if c != card.Fool || !h.traits.FoolExcuse {
			return i
		}
	}
	return 0
}

package troggu

import (
	"sync/atomic"

	"trull/internal/card"
	"trull/internal/game"
)

// View is what one seat may know of a Troggu hand: its own hand, everything
// public (bids, the contract, the called trump by number, the number of
// discards, every trick with who played what), its own secrets (as Tappist:
// the Tapp it took up and its discards; its FOOL having lost its power) and
// its legal actions. It never names a card the seat may not know, and it
// holds no partner until the called trump has been played. When the hand
// is over the piles are counted openly: the view then shows the discards,
// the Tapp and the result.
//
// Every finished trick may be looked back at, by every seat and a
// spectator: §2.2 "Information" names Troggu's secrets (the discards, a
// Solo's Tapp, the partner until the called trump is played) and the
// played tricks are not among them, and a rule by sides, as in Droggn,
// would tell a player with seven or eight seats who his secret partner
// is (docs/PROTOCOL.md, "Looking back at tricks").
type View struct {
	GameName string `json:"game"`
	Variant  string `json:"variant"`
	Seat     int    `json:"seat"`
	Players  int    `json:"players"`
	Dealer   int    `json:"dealer"`
	Phase    string `json:"phase"`
	ToAct    int    `json:"to_act"`
	// Hand is the seat's own hand (card IDs, ascending).
	Hand []string `json:"hand"`
	// HandSizes is the number of cards in each seat's hand.
	HandSizes []int `json:"hand_sizes"`
	// TappSize is the number of cards lying face down in the Tapp.
	TappSize int `json:"tapp_size"`
	// Contract is "normal", "solo" or "misere" once the bidding is over.
	Contract string `json:"contract,omitempty"`
	// Declarer is the Tappist or Soloist, -1 for none.
	Declarer int `json:"declarer"`
	// Forced is set when an all-pass forced the Tappist to play.
	Forced bool `json:"forced,omitempty"`
	// CalledTrump is n when the Tappist called Tn (7–8 players), else 0. It
	// is a number, not a card ID: the call names a card whose place the
	// seat does not know.
	CalledTrump int `json:"called_trump,omitempty"`
	// Partner is the called partner, known once the called trump is played
	// by a player other than the Tappist.
	Partner *int `json:"partner,omitempty"`
	// Alone is set once it is known that the Tappist plays alone.
	Alone bool `json:"alone,omitempty"`
	// TappTaken is the Tapp as the Tappist took it up (the Tappist only).
	TappTaken []string `json:"tapp_taken,omitempty"`
	// Discards are the Tappist's discards (his own view, or at the end).
	Discards []string `json:"discards,omitempty"`
	// DiscardCount is the number of cards discarded so far.
	DiscardCount int `json:"discard_count"`
	// Tapp is the unused Tapp of a Solo or Misère, shown at the end.
	Tapp []string `json:"tapp,omitempty"`
	// FoolPowerless is set when the seat reneged with FOOL (its own secret).
	FoolPowerless bool `json:"fool_powerless,omitempty"`
	// Log lists the bids, the call and the discards (masked for others).
	Log []ViewEntry `json:"log"`
	// Tricks are the completed tricks; Trick is the one in progress.
	Tricks []ViewTrick `json:"tricks"`
	Trick  *ViewTrick  `json:"trick,omitempty"`
	// Won is each seat's pile so far: the tricks it won and their card
	// points, counted singly (§2.4), a powerless FOOL in its holder's pile.
	// Every trick is played face up, so this is public.
	Won []Count `json:"won"`
	// Side is the viewing seat's own side's pile as far as the seat may know
	// it (see State.sideCount), nil while it may not (a seat that does not
	// know its partner yet) and for a spectator.
	Side *Count `json:"side,omitempty"`
	// Legal lists the seat's legal actions when it is to act.
	Legal []ViewAction `json:"legal,omitempty"`
	// Result is the outcome, when the hand is over.
	Result *ViewResult `json:"result,omitempty"`

	r       *Rules // nil for a view decoded from JSON
	legal   []game.Action
	sampler atomic.Pointer[sampler]
}

// ViewEntry is one bid, call or discard group of the public log. Another
// seat's discards show only their count.
type ViewEntry struct {
	Seat  int      `json:"seat"`
	Act   string   `json:"act"`
	Call  string   `json:"call,omitempty"`
	Trump int      `json:"trump,omitempty"`
	Count int      `json:"count,omitempty"`
	Cards []string `json:"cards,omitempty"`
}

// Count is a pile: the tricks won and their card points.
type Count struct {
	Tricks int `json:"tricks"`
	Points int `json:"points"`
}

// ViewPlay is one card played to a trick. Powerless marks a FOOL that had
// lost its power by a renege.
type ViewPlay struct {
	Seat      int    `json:"seat"`
	Card      string `json:"card"`
	Powerless bool   `json:"powerless,omitempty"`
}

// ViewTrick is one trick: its leader, the cards in order and its winner
// (-1 while in progress).
type ViewTrick struct {
	Leader int        `json:"leader"`
	Plays  []ViewPlay `json:"plays"`
	Winner int        `json:"winner"`
}

// ViewAction is a legal action in view form. A call names the trump by
// number.
type ViewAction struct {
	Seat  int    `json:"seat"`
	Act   string `json:"act"`
	Call  string `json:"call,omitempty"`
	Trump int    `json:"trump,omitempty"`
	Card  string `json:"card,omitempty"`
}

// ViewResult is the outcome shown when the hand is over (docs/FORMAT.md fields;
// -1 for no declarer or partner).
type ViewResult struct {
	Contract   string      `json:"contract"`
	Declarer   int         `json:"declarer"`
	Partner    int         `json:"partner"`
	CardPoints []int       `json:"card_points"`
	Score      []int       `json:"score"`
	Items      []game.Item `json:"items"`
}

// ViewSeat returns the seat whose view this is, -1 for a spectator.
func (v *View) ViewSeat() int { return v.Seat }

// Viewer returns whose view this is.
func (v *View) Viewer() game.Viewer { return game.ViewerOf(v.Seat) }

// Game returns "troggu".
func (v *View) Game() string { return "troggu" }

// Rules returns the rules of the hand (see game.View): those the view was
// made with, or for a view decoded from JSON those Variant names; nil when
// it names no Troggu rules.
func (v *View) Rules() game.Rules {
	if v.r != nil {
		return v.r
	}
	return game.RulesNamed("troggu", v.Variant)
}

// Turn returns the seat to act, -1 when the hand is over.
func (v *View) Turn() int { return v.ToAct }

// LegalActions returns the seat's legal actions when it is to act.
func (v *View) LegalActions() []game.Action {
	if v.legal != nil || len(v.Legal) == 0 {
		return v.legal
	}
	out := make([]game.Action, 0, len(v.Legal))
	for _, la := range v.Legal {
		kind, _ := game.ParseKind(la.Act)
		a := game.Action{Seat: int8(la.Seat), Kind: kind, Call: bidCode(la.Call)}
		switch {
		case la.Trump > 0:
			a.Card = card.Trump(la.Trump)
		case la.Card != "":
			a.Card, _ = parseID(la.Card)
		}
		out = append(out, a)
	}
	return out
}

// Cards returns every card the view names.
func (v *View) Cards() card.Set {
	var s card.Set
	add := func(ids []string) {
		for _, id := range ids {
			if c, err := parseID(id); err == nil {
				s.Add(c)
			}
		}
	}
	add(v.Hand)
	add(v.TappTaken)
	add(v.Discards)
	add(v.Tapp)
	for _, e := range v.Log {
		add(e.Cards)
	}
	for _, t := range v.allTricks() {
		for _, pl := range t.Plays {
			add([]string{pl.Card})
		}
	}
	for _, la := range v.Legal {
		if la.Card != "" {
			add([]string{la.Card})
		}
	}
	return s
}

// allTricks returns the completed tricks and the one in progress.
func (v *View) allTricks() []ViewTrick {
	if v.Trick == nil {
		return v.Tricks
	}
	return append(v.Tricks[:len(v.Tricks):len(v.Tricks)], *v.Trick)
}

// View returns what seat may know (see View).
func (s *State) View(v game.Viewer) game.View { return s.view(v) }

// id returns the ID of c (the pack keeps them).
func id(c card.Card) string { return card.Troggu62.ID(c) }

// parseID parses the ID of a card of the pack.
func parseID(s string) (card.Card, error) { return card.Troggu62.Parse(s) }

// ViewInto implements game.ViewReuser: View made in the memory of prev, a
// Troggu view of any hand and viewer that nobody uses any more.
func (s *State) ViewInto(viewer game.Viewer, prev game.View) game.View {
	old, _ := prev.(*View)
	return s.viewInto(viewer, old)
}

// view builds the view of viewer (a spectator sees only what is public).
func (s *State) view(viewer game.Viewer) *View { return s.viewInto(viewer, nil) }

// viewSpare is what a view's lists leave to be filled again: their
// arrays, emptied, and the tricks' and log entries' own arrays.
type viewSpare struct {
	hand, tappTaken, discards, tapp []string
	handSizes                       []int
	log                             []ViewEntry
	tricks                          []ViewTrick
	trick                           *ViewTrick
	partner                         *int
	won                             []Count
	side                            *Count
	legalV                          []ViewAction
	legal                           []game.Action
}

// viewInto makes the view of viewer, in v's memory when v is not nil:
// every field is set anew and the lists grow in v's arrays, so nothing of
// what v showed stays.
func (s *State) viewInto(viewer game.Viewer, v *View) *View {
	n := int(s.n)
	done := s.phase == phaseDone
	seat, mine := viewer.Seat()
	mine = mine && seat < n
	var sp viewSpare
	if v == nil {
		v = &View{}
	} else {
		sp = viewSpare{hand: v.Hand[:0], tappTaken: v.TappTaken[:0], discards: v.Discards[:0], tapp: v.Tapp[:0],
			handSizes: v.HandSizes[:0], log: v.Log[:cap(v.Log)], tricks: v.Tricks[:cap(v.Tricks)], trick: v.Trick,
			partner: v.Partner, won: v.Won[:0], side: v.Side, legalV: v.Legal[:0], legal: v.legal[:0]}
		v.sampler.Store(nil)
	}
	v.r, v.GameName, v.Variant, v.Seat, v.Players, v.Dealer = s.r, "troggu", s.r.name, viewer.Number(), n, int(s.dealer)
	v.Phase, v.ToAct, v.Hand, v.HandSizes = s.Phase(), int(s.toAct), nonNil(sp.hand), sp.handSizes
	v.TappSize, v.Contract, v.Declarer = s.tapp.Len(), s.contract.String(), int(s.declarer)
	v.Forced, v.CalledTrump, v.Partner, v.Alone = s.forced != card.None, s.called.TrumpNumber(), nil, false
	v.TappTaken, v.Discards, v.DiscardCount, v.Tapp, v.FoolPowerless = nil, nil, s.discards.Len(), nil, false
	v.Log, v.Tricks, v.Trick, v.Won, v.Side, v.Legal, v.legal, v.Result = sp.log[:0], sp.tricks[:0], nil, sp.won, nil, nil, nil, nil
	if v.Log == nil {
		v.Log = []ViewEntry{}
	}
	if v.Tricks == nil {
		v.Tricks = []ViewTrick{}
	}
	if mine {
		v.Hand = card.Troggu62.AppendIDs(v.Hand, s.hands[seat])
		v.FoolPowerless = s.isPowerless(int8(seat))
	}
	for i := range n {
		v.HandSizes = append(v.HandSizes, s.hands[i].Len())
	}
	own := s.ownsTapp(viewer)
	if own {
		v.TappTaken = card.Troggu62.AppendIDs(nonNil(sp.tappTaken), s.tappTaken)
	}
	if own || done {
		v.Discards = card.Troggu62.AppendIDs(nonNil(sp.discards), s.discards)
	}
	if done {
		v.Tapp = card.Troggu62.AppendIDs(nonNil(sp.tapp), s.tapp)
	}
	s.viewLog(v, viewer, &sp)
	if s.called != card.None && (s.calledOut || done) {
		if s.partner >= 0 {
			pt := sp.partner
			if pt == nil {
				pt = new(int)
			}
			*pt = int(s.partner)
			v.Partner = pt
		} else {
			v.Alone = true
		}
	}
	for p := range n {
		v.Won = append(v.Won, Count{Tricks: int(s.tricks[p]), Points: Points(s.won[p])})
	}
	if mine {
		v.Side = s.sideCount(seat, sp.side)
	}
	if mine && seat == int(s.toAct) {
		v.legal = s.Legal(sp.legal)
		v.Legal = sp.legalV
		if v.Legal == nil {
			v.Legal = make([]ViewAction, 0, len(v.legal))
		}
		for _, a := range v.legal {
			la := ViewAction{Seat: int(a.Seat), Act: a.Kind.String()}
			switch a.Kind {
			case game.KindBid:
				la.Call = bidNames[a.Call]
			case game.KindCall:
				la.Trump = a.Card.TrumpNumber()
			default:
				la.Card = id(a.Card)
			}
			v.Legal = append(v.Legal, la)
		}
	}
	if done {
		res := s.Result()
		v.Result = &ViewResult{Contract: res.Contract, Declarer: res.Declarer, Partner: res.Partner,
			CardPoints: res.CardPoints, Score: res.Score, Items: res.Items}
	}
	return v
}

// viewLog fills the log and the tricks from the history as viewer sees it
// (SeenAction): another seat's discards show only their count.
// The lists grow in the arrays of sp, a spent view's (see viewInto).
func (s *State) viewLog(v *View, viewer game.Viewer, sp *viewSpare) {
	n := int(s.n)
	plays := 0
	// entry appends a log entry, in the memory of the spent view's entry
	// at its place.
	entry := func(e ViewEntry) {
		if i := len(v.Log); i < len(sp.log) {
			e.Cards = sp.log[i].Cards[:0]
		}
		v.Log = append(v.Log, e)
	}
	for i := range s.History() {
		a := s.SeenAction(viewer, i)
		switch a.Kind {
		case game.KindBid:
			entry(ViewEntry{Seat: int(a.Seat), Act: "bid", Call: bidNames[a.Call]})
		case game.KindCall:
			entry(ViewEntry{Seat: int(a.Seat), Act: "call", Trump: a.Card.TrumpNumber()})
		case game.KindDiscard:
			last := len(v.Log) - 1
			if last < 0 || v.Log[last].Act != "discard" {
				entry(ViewEntry{Seat: int(a.Seat), Act: "discard"})
				last++
			}
			v.Log[last].Count++
			if a.Card != card.Hidden {
				v.Log[last].Cards = append(v.Log[last].Cards, id(a.Card))
			}
		case game.KindPlay:
			t := plays / n
			if plays%n == 0 {
				leader, winner := int(s.leader), -1
				if t < int(s.trickNo) {
					leader, winner = int(s.leaders[t]), int(s.winners[t])
				}
				var ps []ViewPlay
				if k := len(v.Tricks); k < len(sp.tricks) {
					ps = sp.tricks[k].Plays[:0]
				}
				if ps == nil {
					ps = make([]ViewPlay, 0, n)
				}
				v.Tricks = append(v.Tricks, ViewTrick{Leader: leader, Plays: ps, Winner: winner})
			}
			tr := &v.Tricks[len(v.Tricks)-1]
			tr.Plays = append(tr.Plays, ViewPlay{Seat: int(a.Seat), Card: id(a.Card),
				Powerless: a.Card == card.Fool && s.isPowerless(a.Seat)})
			plays++
		}
	}
	// The discards' cards shown only in a spent view's entry must not
	// linger: an entry without cards has none.
	for i := range v.Log {
		if len(v.Log[i].Cards) == 0 {
			v.Log[i].Cards = nil
		}
	}
	if s.phase == phasePlay {
		cur := sp.trick
		if cur == nil {
			cur = new(ViewTrick)
		}
		if int(s.played) == 0 {
			// Not the spent trick's array: it may be a finished trick's.
			*cur = ViewTrick{Leader: int(s.leader), Plays: []ViewPlay{}, Winner: -1}
		} else {
			*cur = v.Tricks[len(v.Tricks)-1]
			v.Tricks = v.Tricks[:len(v.Tricks)-1]
		}
		v.Trick = cur
	}
}

// sideCount returns seat's side's pile as far as seat may know it (§2.4
// sides, §2.2 "Information"), nil when it may not know it yet. In Misère a
// seat is its own side. Otherwise the declarer side is the Tappist (with
// his partner) or the Soloist: its pile holds the Tappist's discards, which
// only the Tappist knows before the end, and the Soloist's Tapp, unseen
// until the end. With a called partner a seat knows its side once the
// called trump is played, or when it is the partner (it holds the called
// trump), or when it is the Tappist playing alone (the trump was in his
// hand or in the Tapp he took up). At the end of the hand Points is the
// side's card points of the result.
//
// The count is made in into's memory when into is not nil.
func (s *State) sideCount(seat int, into *Count) *Count {
	done := s.phase == phaseDone
	switch {
	case s.contract == ContractMisere:
		return countInto(into, Count{Tricks: int(s.tricks[seat]), Points: Points(s.won[seat])})
	case s.declarer < 0:
		return nil
	}
	decl := s.side()
	if s.called != card.None && !s.calledOut && !done {
		switch {
		case int(s.partner) == seat:
		case seat == int(s.declarer) && s.partner < 0 && s.tookTapp():
			decl = 1 << uint(seat)
		default:
			return nil
		}
	}
	mine := decl>>uint(seat)&1 != 0
	var c Count
	var pile card.Set
	for p := 0; p < int(s.n); p++ {
		if decl>>uint(p)&1 != 0 == mine {
			pile = pile.Union(s.won[p])
			c.Tricks += int(s.tricks[p])
		}
	}
	if mine && (done || seat == int(s.declarer)) {
		if s.contract == ContractSolo {
			if done {
				pile = pile.Union(s.tapp)
			}
		} else {
			pile = pile.Union(s.discards)
		}
	}
	c.Points = Points(pile)
	return countInto(into, c)
}

// countInto returns c in into's memory, or in new memory when into is nil.
func countInto(into *Count, c Count) *Count {
	if into == nil {
		into = new(Count)
	}
	*into = c
	return into
}

// nonNil returns s, or an empty slice for nil (a list the JSON shows as
// [] rather than null).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

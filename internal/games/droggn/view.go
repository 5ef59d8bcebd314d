package droggn

import (
	"sync/atomic"

	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/tablemodel"
)

// View is what one seat may know of a Droggn hand (§1.3 "Information
// rules"): its own hand, every public action and card, its own secrets (the
// declarer's discards and talon, the offered card for its giver and
// receiver) and nothing else. Spectators (seat -1) see only public facts.
//
// Its finished tricks are those the seat may look back at (MayReview): its
// own side's, and the trick just finished until the next lead; the
// opponents' are listed with their leader and winner, face down (Hidden).
// State, the seat's memory for bots, still holds every card it saw played.
type View struct {
	Variant    string   `json:"variant"`
	Seat       int      `json:"seat"`
	Seats      int      `json:"seats"`
	Dealer     int      `json:"dealer"`
	SitsOut    int      `json:"sits_out"`
	Phase      string   `json:"phase"`
	ToAct      int      `json:"to_act"`
	Hand       []string `json:"hand"`
	HandSizes  []int    `json:"hand_sizes"`
	Contract   string   `json:"contract,omitempty"`
	Declarer   int      `json:"declarer"`
	TalonShown []string `json:"talon_shown,omitempty"`
	TalonSize  int      `json:"talon_size"`
	// Talon is the untouched talon of a Super or Super Mord, shown when
	// the hand is over.
	Talon      []string `json:"talon,omitempty"`
	Discards   []string `json:"discards,omitempty"`
	Bought     string   `json:"bought,omitempty"`
	BoughtFrom int      `json:"bought_from"`
	Asked      string   `json:"asked,omitempty"`
	BuyLost    bool     `json:"buy_lost,omitempty"`
	Offered    string   `json:"offered,omitempty"`
	PagatLaid  int      `json:"pagat_laid_out"`
	FoolLaid   bool     `json:"gstiess_laid_out,omitempty"`
	Doublings  int      `json:"doublings"`
	// Count is the viewing seat's own side's tricks and card points so
	// far, once there is a declarer (see SideCount). Nil for a spectator.
	Count  *SideCount    `json:"count,omitempty"`
	Log    []LogEntry    `json:"log"`
	Tricks []TrickView   `json:"tricks"`
	Trick  []PlayView    `json:"trick"`
	Legal  []game.Action `json:"legal,omitempty"`
	Result *game.Result  `json:"result,omitempty"`

	pub   *State // the hand with everything this seat may not know removed
	known card.Set
	// played holds the cards of Tricks, one array for all (seatView).
	played []PlayView
	// model is the last table model made of the view (Table); spareModel
	// the old view's, in whose memory Table makes the next.
	model, spareModel *tablemodel.Model
	// sampling is the plan every world sampled for the view shares,
	// made on first use (plan).
	sampling atomic.Pointer[samplePlan]
}

// LogEntry is one public action; hidden cards are counted, not named.
//
// It is the table model's entry, whose other fields Droggn leaves empty,
// so that the model shares the view's log (Table).
type LogEntry = tablemodel.LogEntry

// SideCount is what a seat may count of its own side's pile (§1.2; §1.3
// "Information rules": a player may look back at its own side's tricks):
// the tricks the side won and its card points, counted in threes as the
// result counts them. The declarer's pile holds its discards (its own
// secret) and, once the hand is over, the untouched talon of a Super; the
// defenders' pile holds the Gstieß whenever their side played it, whoever
// won its trick. A sitting-out dealer counts with the defenders. At the end
// of the hand Points is the side's card points of the result.
type SideCount struct {
	Tricks int `json:"tricks"`
	Points int `json:"points"`
}

// PlayView is one card played to a trick.
//
// It is the table model's play, whose other fields Droggn leaves empty, so
// that the model shares the view's plays (Table).
type PlayView = tablemodel.Play

// TrickView is a completed trick. A trick the seat may not look back at
// is Hidden: its cards are left out, its leader and winner stay (everyone
// saw who took it).
type TrickView struct {
	Cards  []PlayView `json:"cards"`
	Leader int        `json:"leader"`
	Winner int        `json:"winner"`
	Hidden bool       `json:"hidden,omitempty"`
}

// ViewSeat returns the viewing seat, -1 for a spectator.
func (v *View) ViewSeat() int { return v.Seat }

// Viewer returns whose view this is.
func (v *View) Viewer() game.Viewer { return game.ViewerOf(v.Seat) }

// Game returns "droggn".
func (v *View) Game() string { return "droggn" }

// Rules returns the rules of the hand (see game.View): those of State, or
// for a view decoded from JSON those Variant names; nil when it names no
// Droggn rules.
func (v *View) Rules() game.Rules {
	if v.pub != nil {
		return v.pub.r
	}
	return game.RulesNamed(Name, v.Variant)
}

// Turn returns the seat to act.
func (v *View) Turn() int { return v.ToAct }

// LegalActions returns the seat's legal actions when it is to act.
func (v *View) LegalActions() []game.Action { return v.Legal }

// Cards returns every card the view names.
func (v *View) Cards() card.Set { return v.known }

// State returns the public skeleton of the hand: the state with every card
// this seat may not know removed (other hands hold only known cards). It
// is the seat's memory: every card it saw played stays in it, the tricks
// it may no longer look back at included, as a player at the table
// remembers them. Bots read it; Resample fills it; it is never sent.
func (v *View) State() *State { return v.pub }

// knowsOffer reports whether v knows the offered card: the declarer who
// offered it and the defender who received it (§1.3 BUY), nobody else. A
// lost buy has no receiver, and a spectator is never one.
func (s *State) knowsOffer(v game.Viewer) bool {
	return s.offered != card.None && (s.Done() || v.Is(int(s.declarer)) || v.Is(int(s.buyFrom)))
}

// counted returns what the count at the end of the hand shows everyone:
// the discards, the talon and the offered card. Cards still in a hand (a
// Super Mord stopped early) stay hidden.
func (s *State) counted() card.Set {
	if !s.Done() || s.contract == NoContract {
		// A thrown-in hand is not counted: its talon stays face down.
		return card.Set{}
	}
	out := s.discards.Union(s.talon)
	if s.offered != card.None {
		out.Add(s.offered)
	}
	return out
}

// pinned returns the cards of owner's hand whose place v knows: laid-out
// cards and the bought card, and the offered card for those who know it.
func (s *State) pinned(v game.Viewer, owner int) card.Set {
	var out card.Set
	if int(s.pagatLaid) == owner {
		out.Add(card.Pagat)
	}
	if s.foolLaid && owner == int(s.declarer) {
		out.Add(card.Fool)
	}
	if s.bought != card.None && owner == int(s.declarer) {
		out.Add(s.bought)
	}
	if s.knowsOffer(v) && owner == int(s.buyFrom) {
		out.Add(s.offered)
	}
	return out.Intersect(s.hands[owner])
}

// MayKnow returns every card whose identity v may know.
func (s *State) MayKnow(v game.Viewer) card.Set {
	var out card.Set
	if seat, ok := v.Seat(); ok && seat < s.r.seats {
		out = s.hands[seat]
	}
	out = out.Union(s.piles[0]).Union(s.piles[1]).Union(s.shown)
	for i := int8(0); i < s.trickLen; i++ {
		out.Add(s.trick[i])
	}
	for o := 0; o < s.r.seats; o++ {
		out = out.Union(s.pinned(v, o))
	}
	if s.buyAsked != card.None {
		out.Add(s.buyAsked)
	}
	if v.Is(int(s.declarer)) {
		out = out.Union(s.discards)
	}
	if s.knowsOffer(v) {
		out.Add(s.offered)
	}
	return out.Union(s.counted())
}

// SeenAction returns action i as v may learn it (§1.3 "Information
// rules"): the declarer's discards are secret, and the offered card is seen
// only by the declarer and its receiver, until the piles are counted at
// the end of the hand; everything else is public.
func (s *State) SeenAction(v game.Viewer, i int) game.Action {
	a := s.hist[i]
	switch {
	case s.Done():
		// The piles are counted: the discards and the offered card are
		// shown.
	case a.Kind == game.KindDiscard && !v.Is(int(s.declarer)):
		a.Card = card.Hidden
	case a.Kind == game.KindBuy && a.Card2 != card.None && !s.knowsOffer(v):
		a.Card = card.Hidden
	}
	return a
}

// sanitize returns a copy of s holding only what v may know. Its history is
// the history as v sees it (SeenAction), with card.None where a card is
// hidden: Resample fills those places.
func (s *State) sanitize(v game.Viewer) *State {
	p := s.Copy()
	for o := 0; o < s.r.seats; o++ {
		if !v.Is(o) {
			p.hands[o] = s.pinned(v, o)
		}
	}
	if !s.Done() || s.contract == NoContract {
		p.talon = card.Set{}
	}
	if !v.Is(int(s.declarer)) && !s.Done() {
		p.discards = card.Set{}
	}
	if !s.knowsOffer(v) {
		p.offered = card.None
	}
	for i := range p.hist {
		if a := s.SeenAction(v, i); a.Card == card.Hidden {
			p.hist[i].Card = card.None
		}
	}
	return p
}

// View returns what v may know.
func (s *State) View(v game.Viewer) game.View { return s.SeatView(v) }

// SeatView is View with the concrete type.
func (s *State) SeatView(viewer game.Viewer) *View { return s.seatView(viewer, nil) }

// ViewInto implements game.ViewReuser: View made in the memory of prev, a
// Droggn view of any hand and viewer that nobody uses any more.
func (s *State) ViewInto(viewer game.Viewer, prev game.View) game.View {
	old, _ := prev.(*View)
	return s.seatView(viewer, old)
}

// seatView makes the view of viewer, in v's memory when v is not nil:
// every field is set anew, and the lists grow in v's arrays (emptied
// first), so nothing of what v showed stays.
func (s *State) seatView(viewer game.Viewer, v *View) *View {
	r := s.r
	p := r.pack
	seat := viewer.Number()
	var spare View // v's lists, emptied, to be filled again
	if v == nil {
		v = &View{}
	} else {
		spare = View{Hand: v.Hand[:0], HandSizes: v.HandSizes[:0], TalonShown: v.TalonShown[:0], Talon: v.Talon[:0],
			Discards: v.Discards[:0], Log: v.Log, Tricks: v.Tricks[:0], Trick: v.Trick[:0], Legal: v.Legal[:0], played: v.played[:0], model: v.model}
	}
	*v = View{Variant: r.String(), Seat: seat, Seats: r.seats, Dealer: int(s.dealer), SitsOut: -1,
		Phase: s.Phase(), ToAct: s.ToAct(), Declarer: int(s.declarer), BoughtFrom: int(s.buyFrom),
		PagatLaid: int(s.pagatLaid), FoolLaid: s.foolLaid, Doublings: int(s.k),
		Trick: nonNil(spare.Trick), Hand: nonNil(spare.Hand), spareModel: spare.model}
	if !viewer.DrawOnly() {
		v.pub = s.sanitize(viewer)
	}
	v.known = s.MayKnow(viewer)
	if r.seats == 4 {
		v.SitsOut = int(s.dealer)
	}
	if own, ok := viewer.Seat(); ok && own < r.seats {
		v.Hand = p.AppendIDs(v.Hand, s.hands[own])
	}
	v.HandSizes = spare.HandSizes
	for o := range r.seats {
		v.HandSizes = append(v.HandSizes, s.hands[o].Len())
	}
	if s.declarer >= 0 {
		v.Contract = s.contract.String()
	}
	if !s.shown.Empty() {
		v.TalonShown = p.AppendIDs(spare.TalonShown, s.shown)
	}
	v.TalonSize = s.talon.Len()
	if (viewer.Is(int(s.declarer)) || s.Done()) && !s.discards.Empty() {
		v.Discards = p.AppendIDs(spare.Discards, s.discards)
	}
	if s.Done() && s.contract != NoContract && !s.talon.Empty() {
		v.Talon = p.AppendIDs(spare.Talon, s.talon)
	}
	if s.bought != card.None {
		v.Bought = p.ID(s.bought)
	}
	if s.buyAsked != card.None {
		v.Asked = p.ID(s.buyAsked)
	}
	v.BuyLost = s.buyLost
	if s.knowsOffer(viewer) {
		v.Offered = p.ID(s.offered)
	}
	nPlays := 0
	for _, a := range s.hist {
		if a.Kind == game.KindPlay {
			nPlays++
		}
	}
	v.Log = spare.Log[:0]
	if v.Log == nil {
		v.Log = make([]LogEntry, 0, len(s.hist)-nPlays)
	}
	for i, a := range s.hist {
		if a.Kind == game.KindPlay {
			continue
		}
		a = s.SeenAction(viewer, i)
		// The cards of the entry go where the old view's entry here kept
		// its own, which nothing else holds.
		var cards []string
		if n := len(v.Log); n < len(spare.Log) {
			cards = spare.Log[n].Cards[:0]
		}
		var e LogEntry
		switch {
		case a.Kind == game.KindDiscard && a.Card == card.Hidden:
			e = LogEntry{Seat: int(a.Seat), Act: "discard", Hidden: 1}
		case a.Kind == game.KindBuy && a.Card == card.Hidden:
			e = LogEntry{Seat: int(a.Seat), Act: "buy", Call: "asked", Cards: append(cards, p.ID(a.Card2)), Hidden: 1}
		default:
			ra := r.EncodeAction(a)
			e = LogEntry{Seat: int(a.Seat), Act: ra.Act, Call: ra.Call}
			switch {
			case ra.Card != "":
				e.Cards = append(cards, ra.Card)
			case len(ra.Cards) > 0:
				e.Cards = append(cards, ra.Cards...)
			}
		}
		if n := len(v.Log); a.Kind == game.KindDiscard && n > 0 && v.Log[n-1].Act == "discard" {
			v.Log[n-1].Cards = append(v.Log[n-1].Cards, e.Cards...)
			v.Log[n-1].Hidden += e.Hidden
			continue
		}
		v.Log = append(v.Log, e)
	}
	// Completed tricks and the current one, from the play history: the
	// cards of every trick in one array.
	played := spare.played
	if played == nil {
		played = make([]PlayView, 0, nPlays)
	}
	v.Tricks = spare.Tricks
	if v.Tricks == nil {
		v.Tricks = make([]TrickView, 0, nPlays/3)
	}
	start := 0
	for _, a := range s.hist {
		if a.Kind != game.KindPlay {
			continue
		}
		played = append(played, PlayView{Seat: int(a.Seat), Card: p.ID(a.Card)})
		if n := len(played); n-start == 3 {
			v.Tricks = append(v.Tricks, TrickView{Cards: played[start:n:n]})
			start = n
		}
	}
	v.Trick = append(v.Trick, played[start:]...)
	v.played = played
	s.fillWinners(v)
	for t := range v.Tricks {
		tv := &v.Tricks[t]
		tv.Leader = tv.Cards[0].Seat
		if !s.MayReview(viewer, t) {
			tv.Cards, tv.Hidden = []PlayView{}, true
		}
	}
	if own, ok := viewer.Seat(); ok && own < r.seats && s.declarer >= 0 {
		v.Count = s.sideCount(own)
	}
	if viewer.Is(s.ToAct()) {
		v.Legal = s.Legal(spare.Legal)
	}
	if s.Done() {
		res := s.Result()
		v.Result = &res
	}
	return v
}

// nonNil returns s, or an empty slice for nil, so that it marshals as [].
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// MayReview reports whether v may look back at finished trick t (from 0)
// now (§1.3 "Information rules"): a player at his own side's tricks (the
// declarer's, or the defenders' together), not at the opponents'; everyone
// at the trick just finished until the next card is led; every trick once
// the hand is over, or for a viewer at an open-review table. A spectator
// and the dealer who sits out a four-player hand have no side: they see
// the trick on the table and the one just finished.
func (s *State) MayReview(v game.Viewer, t int) bool {
	done := int(s.trickNo)
	switch {
	case t < 0 || t >= done:
		return false
	case s.Done() || v.ReviewsAll():
		return true
	case t == done-1 && s.trickLen == 0:
		return true
	}
	seat, ok := v.Seat()
	if !ok || seat >= s.r.seats || (s.r.seats == 4 && seat == int(s.dealer)) {
		return false
	}
	w := s.trickWinner(t)
	return (w == int(s.declarer)) == (seat == int(s.declarer))
}

// trickWinner returns the winner of finished trick t: the leader of the
// next trick, or the seat to lead now after the last finished one.
func (s *State) trickWinner(t int) int {
	n := 0
	for _, a := range s.hist {
		if a.Kind != game.KindPlay {
			continue
		}
		if n == (t+1)*3 {
			return int(a.Seat)
		}
		n++
	}
	return int(s.leader)
}

// fillWinners sets the winner of each completed trick: the leader of the
// next trick.
func (s *State) fillWinners(v *View) {
	for t := range v.Tricks {
		switch {
		case t+1 < len(v.Tricks):
			v.Tricks[t].Winner = v.Tricks[t+1].Cards[0].Seat
		case len(v.Trick) > 0:
			v.Tricks[t].Winner = v.Trick[0].Seat
		default:
			v.Tricks[t].Winner = int(s.leader)
		}
	}
}

// sideCount returns what seat may count of its own side's pile (SideCount).
func (s *State) sideCount(seat int) *SideCount {
	side := s.side(seat)
	pile := s.piles[side]
	if side == sideDecl {
		pile = pile.Union(s.discards)
		if s.Done() {
			pile = pile.Union(s.talon)
		}
	}
	return &SideCount{Tricks: int(s.wonTricks[side]), Points: card.Threes(s.r.pack.Raw(pile), pile.Len())}
}

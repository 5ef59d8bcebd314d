package strohmandeln

import (
	"strings"
	"trull/internal/tablemodel"

	"trull/internal/card"
	"trull/internal/game"
)

// View is what one seat may know of a hand (it implements game.View). All
// actions of Strohmandeln are public; the hidden cards are the opponent's
// dealt hand cards and every face-down Strohmann card, the seat's own
// included. Cards are given as IDs (docs/RULES.md §0.2).
//
// A player may look back at his own tricks and inspect the trick just
// taken by the opponent (§3.3 "Information", MayReview): the opponent's
// earlier tricks are listed face down (Hidden), their cards left out of
// Tricks and Actions, and the opponent's card points are not given while
// the hand is played. Seen, the seat's memory for bots, keeps every trick
// as it was played.
type View struct {
	// Seat is the viewing seat.
	Seat int `json:"seat"`
	// GameName is "strohmandeln".
	GameName string `json:"game"`
	// Variant is the canonical variant string.
	Variant string `json:"variant"`
	// Dealer and Elder (Vorhand, who leads trick 1) are seats.
	Dealer int `json:"dealer"`
	Elder  int `json:"elder"`
	// Phase is "fold", "bid", "double", "play" or "done".
	Phase string `json:"phase"`
	// ToAct is the seat to decide, -1 when the hand is over.
	ToAct int `json:"to_act"`
	// Contract is "", "simple", "undertaken", "folded" or "thrown_in".
	Contract string `json:"contract,omitempty"`
	// Undertaker is the seat that undertook the game, -1 when none.
	Undertaker int `json:"undertaker"`
	// Doubled is set when the opponent doubled the undertaken game.
	Doubled bool `json:"doubled,omitempty"`
	// Hand is the viewing seat's own hand.
	Hand []string `json:"hand"`
	// Players holds the public state of both seats.
	Players [2]PlayerView `json:"players"`
	// Trick is the trick in progress (the lead, when one was played).
	Trick []PlayView `json:"trick"`
	// Tricks are the completed tricks, in order; those the seat may not
	// look back at are Hidden.
	Tricks []TrickView `json:"tricks"`
	// Actions are all actions so far in record form (all are public); a
	// card played to a hidden trick is left out.
	Actions []ActionView `json:"actions"`
	// Legal lists the viewing seat's legal actions when it is to act.
	Legal []ActionView `json:"legal,omitempty"`
	// Result is the outcome once the hand is over.
	Result *game.Result `json:"result,omitempty"`

	r     *Rules // nil for a view decoded from JSON
	pack  *card.Pack
	legal []game.Action
	data  *viewData
	seen  []TrickView // every completed trick as it was played
}

// PlayerView is the public state of one seat: the table model's
// (tablemodel.StrohPlayer), which the view fills as the table draws it.
type PlayerView = tablemodel.StrohPlayer

// PileView is one Strohmann as both players see it (tablemodel.Pile).
type PileView = tablemodel.Pile

// PlayView is one card played to a trick.
type PlayView struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
	// From is 0 for the hand, k for the exposed top of Strohmann k.
	From int `json:"from"`
	// Say is "ross" or "topschin" when that was said.
	Say string `json:"say,omitempty"`
}

// TrickView is one completed trick. A trick the seat may not look back
// at is Hidden: no plays, its leader and winner kept.
type TrickView struct {
	Leader int        `json:"leader"`
	Winner int        `json:"winner"`
	Plays  []PlayView `json:"plays"`
	Hidden bool       `json:"hidden,omitempty"`
}

// ActionView is one action in record form.
type ActionView struct {
	Seat int    `json:"seat"`
	Act  string `json:"act"`
	Call string `json:"call,omitempty"`
	Card string `json:"card,omitempty"`
	Say  string `json:"say,omitempty"`
}

// viewData is the typed form of what Resample needs from a view.
type viewData struct {
	hist    []game.Action
	hand    card.Set
	known   [2]card.Set
	turned  [2][3][4]card.Card
	nturned [2][3]uint8
	trusted bool // made by State.View (not parsed from JSON)
}

func actionView(r *Rules, a game.Action) ActionView {
	av := ActionView{Seat: int(a.Seat), Act: a.Kind.String()}
	switch a.Kind {
	case game.KindFold:
		av.Call = word(foldWords[:], a.Call)
	case game.KindBid:
		av.Call = word(bidWords[:], a.Call)
	case game.KindDouble:
		av.Call = word(doubleWords[:], a.Call)
	case game.KindAnnounce:
		av.Call = word(announceWords[:], a.Call)
	case game.KindPlay:
		av.Card = r.id(a.Card)
		if a.Call != SayNone {
			av.Say = word(sayWords[:], a.Call)
		}
	}
	return av
}

func (s *State) playView(t *trick, seat int) PlayView {
	pv := PlayView{Seat: seat, Card: s.r.id(t.cards[seat]), From: int(t.from[seat])}
	if t.say[seat] != SayNone {
		pv.Say = sayWords[t.say[seat]]
	}
	return pv
}

// View returns what v may know (a spectator's view has no hand).
func (s *State) View(v game.Viewer) game.View { return s.view(v) }

func (s *State) view(viewer game.Viewer) *View {
	r := s.r
	p := r.pack
	seat := viewer.Number()
	v := &View{
		Seat: seat, GameName: Name, Variant: r.canon, Dealer: int(s.dealer), Elder: int(s.elder),
		Phase: s.Phase(), ToAct: s.ToAct(), Contract: contractNames[s.contract],
		Undertaker: int(s.undertaker), Doubled: s.doubled,
		Hand: []string{}, Trick: []PlayView{}, Tricks: make([]TrickView, 0, s.ntricks),
		Actions: make([]ActionView, 0, s.nhist),
		r:       r,
		pack:    p,
		data:    &viewData{trusted: true},
	}
	d := v.data
	if viewer.Is(0) || viewer.Is(1) {
		v.Hand = r.idList(s.hand[seat])
		d.hand = s.hand[seat]
	}
	for who := 0; who < 2; who++ {
		pv := &v.Players[who]
		pv.HandSize = s.hand[who].Len()
		pv.Known = r.idList(s.shown[who])
		if !viewer.Is(who) {
			pv.Unknown = pv.HandSize - len(pv.Known)
		}
		d.known[who] = s.shown[who]
		pv.Tricks = int(s.nwon[who])
		if s.phase == phDone || viewer.ReviewsAll() || viewer.Is(who) {
			pts := 0
			if s.contract != cFolded && s.contract != cThrownIn {
				pts = s.count(who)
			}
			pv.CardPoints = &pts
		}
		for _, call := range [2]uint8{CallTrull, CallFourKings} {
			if s.announced[who]&call != 0 {
				pv.Announced = append(pv.Announced, announceWords[call])
			}
		}
		for k := range s.piles[who] {
			pl := &s.piles[who][k]
			pile := PileView{Turned: make([]string, 0, pl.next), FaceDown: int(pl.n - pl.next)}
			for j := 0; j < int(pl.next); j++ {
				pile.Turned = append(pile.Turned, r.id(pl.cards[j]))
				d.turned[who][k][j] = pl.cards[j]
			}
			d.nturned[who][k] = pl.next
			if pl.top != card.None {
				pile.Top = r.id(pl.top)
			}
			pv.Strohmaenner[k] = pile
		}
	}
	v.seen = make([]TrickView, 0, s.ntricks)
	for i := 0; i < int(s.ntricks); i++ {
		t := &s.tricks[i]
		l := int(t.leader)
		tv := TrickView{Leader: l, Winner: int(t.winner), Plays: []PlayView{s.playView(t, l), s.playView(t, 1-l)}}
		v.seen = append(v.seen, tv)
		if !s.MayReview(viewer, i) {
			tv.Plays, tv.Hidden = []PlayView{}, true
		}
		v.Tricks = append(v.Tricks, tv)
	}
	if s.ncur > 0 {
		t := &s.tricks[s.ntricks]
		v.Trick = append(v.Trick, s.playView(t, int(t.leader)))
	}
	d.hist = append([]game.Action(nil), s.hist[:s.nhist]...)
	plays := 0
	for i := range d.hist {
		av := actionView(r, s.SeenAction(viewer, i))
		if d.hist[i].Kind == game.KindPlay {
			if t := plays / 2; t < int(s.ntricks) && !s.MayReview(viewer, t) {
				av.Card = ""
			}
			plays++
		}
		v.Actions = append(v.Actions, av)
	}
	if s.phase != phDone && viewer.Is(int(s.toAct)) {
		v.legal = s.Legal(nil)
		for _, a := range v.legal {
			v.Legal = append(v.Legal, actionView(r, a))
		}
	}
	if s.phase == phDone {
		res := s.Result()
		v.Result = &res
	}
	return v
}

// MayReview reports whether v may look back at completed trick t (from
// 0) now (§3.3 "Information"): a player at his own tricks and at the trick
// just taken, whoever took it, until the next trick is taken; a spectator
// at the trick just taken; everyone at every trick once the hand is over,
// or at an open-review table.
func (s *State) MayReview(v game.Viewer, t int) bool {
	switch {
	case t < 0 || t >= int(s.ntricks):
		return false
	case s.phase == phDone || v.ReviewsAll() || t == int(s.ntricks)-1:
		return true
	}
	return v.Is(int(s.tricks[t].winner))
}

// Seen returns every completed trick as the seat saw it played, those it
// may no longer look back at included: the seat's memory, for bots that
// decide from the view in this process. It is never sent (a view read
// from JSON has only Tricks, which it returns).
func (v *View) Seen() []TrickView {
	if v.seen == nil {
		return v.Tricks
	}
	return v.seen
}

// ViewSeat returns the viewing seat, -1 for a spectator.
func (v *View) ViewSeat() int { return v.Seat }

// Viewer returns whose view this is.
func (v *View) Viewer() game.Viewer { return game.ViewerOf(v.Seat) }

// Game returns "strohmandeln".
func (v *View) Game() string { return v.GameName }

// Rules returns the rules of the hand (see game.View): those the view was
// made with, or for a view decoded from JSON those Variant names; nil when
// it names no Strohmandeln rules.
func (v *View) Rules() game.Rules {
	if v.r != nil {
		return v.r
	}
	return game.RulesNamed(Name, v.Variant)
}

// Turn returns the seat to act, -1 when the hand is over.
func (v *View) Turn() int { return v.ToAct }

// LegalActions returns the viewing seat's legal actions when it is to act.
func (v *View) LegalActions() []game.Action {
	if v.legal == nil && len(v.Legal) > 0 {
		for _, la := range v.Legal {
			a, err := decodeView(la, v.packOrDefault())
			if err == nil {
				v.legal = append(v.legal, a)
			}
		}
	}
	return v.legal
}

func (v *View) packOrDefault() *card.Pack {
	if v.pack != nil {
		return v.pack
	}
	if strings.Contains(v.Variant, "pack=40") {
		return card.Stroh40
	}
	return card.Stroh54
}

// decodeView parses an ActionView back into an engine action.
func decodeView(av ActionView, p *card.Pack) (game.Action, error) {
	seat := av.Seat
	ra := game.RecordAction{Seat: &seat, Act: av.Act, Call: av.Call, Card: av.Card, Say: av.Say}
	r := &Rules{pack: p}
	as, err := r.DecodeAction(nil, ra)
	if err != nil {
		return game.Action{}, err
	}
	return as[0], nil
}

// Cards returns every card the view mentions.
func (v *View) Cards() card.Set {
	var s card.Set
	add := func(id string) {
		if c, err := card.French.ParseID(id); err == nil {
			s.Add(c)
		}
	}
	for _, id := range v.Hand {
		add(id)
	}
	for _, pv := range v.Players {
		for _, id := range pv.Known {
			add(id)
		}
		for _, pile := range pv.Strohmaenner {
			for _, id := range pile.Turned {
				add(id)
			}
			add(pile.Top)
		}
	}
	for _, pl := range v.Trick {
		add(pl.Card)
	}
	for _, t := range v.Tricks {
		for _, pl := range t.Plays {
			add(pl.Card)
		}
	}
	for _, a := range v.Actions {
		add(a.Card)
	}
	for _, a := range v.Legal {
		add(a.Card)
	}
	return s
}

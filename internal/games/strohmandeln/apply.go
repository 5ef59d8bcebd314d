package strohmandeln

import (
	"fmt"

	"trull/internal/card"
	"trull/internal/game"
)

// Apply checks a and applies it. A refused action leaves the state unchanged
// and returns a *game.IllegalError. The reasons never reveal a card the
// actor may not know (a face-down card is only called "neither in hand nor
// an exposed Strohmann top"); see ApplyKnowingDeal.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a, false); err != nil {
		return game.WithPack(err, s.r.pack)
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyKnowingDeal is Apply for a caller that knows the whole deal, such as
// the replay of a hand record, whose author holds the deck: a refused card
// play then also says where the card lies, e.g. "(it lies face down in seat
// 1's Strohmann 3)". Live play must use Apply.
func (s *State) ApplyKnowingDeal(a game.Action) error {
	if err := s.check(a, true); err != nil {
		return game.WithPack(err, s.r.pack)
	}
	s.ApplyUnchecked(a)
	return nil
}

var kindVerbs = [...]string{"act", "bid", "discard", "buy", "lay out", "double", "call", "fold", "announce", "play"}

func kindVerb(k game.Kind) string {
	if int(k) < len(kindVerbs) {
		return kindVerbs[k]
	}
	return "act"
}

// check explains why a is not legal, or returns nil.
func (s *State) check(a game.Action, knowDeal bool) error {
	seat := int(a.Seat)
	if s.phase == phDone {
		return game.OutOfTurn(seat, -1, "")
	}
	if seat < 0 || seat > 1 {
		return game.Malformed("seat %d does not exist (0…1)", seat)
	}
	var what, expects, step string
	var kind game.Kind
	switch s.phase {
	case phFold:
		what, kind, step, expects = "say fold or stay", game.KindFold, "fold check", "fold"
	case phBid:
		what, kind, step, expects = "bid", game.KindBid, "auction", "bid"
	case phDouble:
		what, kind, step, expects = "double or say gut", game.KindDouble, "doubling", "double"
	default:
		what, kind, step, expects = "play", game.KindPlay, "play", "play"
		if s.r.o.Scoring == Classic {
			expects = "play or announce"
		}
	}
	want := kind.String()
	if expects == "play or announce" {
		want = "announce"
	}
	if seat != int(s.toAct) {
		return game.OutOfTurn(seat, int(s.toAct), what)
	}
	if a.Kind != kind && !(s.phase == phPlay && a.Kind == game.KindAnnounce && s.r.o.Scoring == Classic) {
		return game.Illegal(game.CodeWrongAction, game.Params{"want": want}, "seat %d cannot %s now: the %s expects %s", seat, kindVerb(a.Kind), step, expects)
	}
	if a.Card2 != card.None {
		return game.Malformed("seat %d: %s takes no second card", seat, kindVerb(a.Kind))
	}
	if a.Kind != game.KindPlay && a.Card != card.None {
		return game.Malformed("seat %d: %s takes a call, not a card", seat, kindVerb(a.Kind))
	}
	switch a.Kind {
	case game.KindFold:
		switch a.Call {
		case CallStay:
			return nil
		case CallFold:
			if t := s.hand[seat].Intersect(tarocks); !t.Empty() {
				return game.Illegal(game.CodeNoFold, game.Params{"card": s.r.pack.ID(t.Lowest())}, "seat %d cannot fold: %s is a Tarock in hand (only a hand without Tarock may fold)", seat, s.r.pack.ID(t.Lowest()))
			}
			return nil
		}
		return game.Malformed("fold: call code %d is neither fold nor stay", a.Call)
	case game.KindBid:
		if a.Call != CallPass && a.Call != CallUndertake {
			return game.Malformed("bid: call code %d is neither undertake nor pass", a.Call)
		}
		return nil
	case game.KindDouble:
		if a.Call != CallGut && a.Call != CallDouble {
			return game.Malformed("double: call code %d is neither double nor gut", a.Call)
		}
		return nil
	case game.KindAnnounce:
		return s.checkAnnounce(seat, a.Call)
	}
	return s.checkPlay(seat, a.Card, a.Call, knowDeal)
}

func (s *State) checkAnnounce(seat int, call uint8) error {
	if call != CallTrull && call != CallFourKings {
		return game.Malformed("announce: call code %d is neither trull nor fourkings", call)
	}
	name := announceNames[call][card.English]
	if s.announced[seat]&call != 0 {
		return game.Illegal(game.CodeAnnounced, game.Params{"what": announceWord(call)}, "seat %d has already announced %s", seat, name)
	}
	if miss := setOf(call).Minus(s.Playable(seat)); !miss.Empty() {
		return game.Illegal(game.CodeNoAnnounce, game.Params{"what": announceWord(call), "card": s.r.pack.ID(miss.Lowest())}, "seat %d cannot announce %s in hand: %s is not in hand", seat, name, s.r.pack.ID(miss.Lowest()))
	}
	return nil
}

func (s *State) checkPlay(seat int, c card.Card, say uint8, knowDeal bool) error {
	p := s.r.pack
	if !p.Has(c) {
		if c.Valid() {
			return game.Illegal(game.CodeNotInPack, game.Params{"card": p.ID(c)}, "card %s is not in the %s pack", p.ID(c), p.Name)
		}
		return game.Malformed("seat %d: play needs a card", seat)
	}
	id := p.ID(c)
	if !s.Playable(seat).Has(c) {
		return game.Illegal(game.CodeNotPlayable, game.Params{"card": id}, "seat %d cannot play %s: it is neither in hand nor an exposed Strohmann top%s", seat, id, s.whereIs(seat, c, knowDeal))
	}
	if legal := s.legalFor(seat); !legal.Has(c) {
		t := &s.tricks[s.ntricks]
		led := t.cards[t.leader]
		exc, where := s.example(seat, legal)
		ex := p.ID(exc)
		switch {
		case isTarock(led):
			return game.Illegal(game.CodeMustFollow, game.Params{"suit": "T", "card": ex}, "seat %d must follow Tarock; %s %s, %s is not allowed", seat, ex, where, id)
		case legal.HasSuit(led.Suit()):
			return game.Illegal(game.CodeMustFollow, game.Params{"suit": p.Style.SuitLetter(led.Suit()), "card": ex}, "seat %d must follow %s; %s %s, %s is not allowed", seat, p.SuitName(led.Suit(), card.English), ex, where, id)
		default:
			return game.Illegal(game.CodeMustTrump, game.Params{"suit": p.Style.SuitLetter(led.Suit()), "card": ex}, "seat %d cannot follow %s and must play a Tarock (%s %s); %s is not allowed", seat, p.SuitName(led.Suit(), card.English), ex, shortWhere(where), id)
		}
	}
	switch say {
	case SayNone:
		return nil
	case SayRoss:
		switch {
		case s.r.o.Scoring != Extended:
			return game.Illegal(game.CodeNoSay, game.Params{"say": "ross", "why": "classic"}, "seat %d cannot say Ross!: classic scoring has no Rostopschin", seat)
		case c != t17:
			return game.Illegal(game.CodeNoSay, game.Params{"say": "ross", "why": "card", "card": "T17"}, "seat %d cannot say Ross! with %s: it goes with T17", seat, id)
		case !s.Playable(seat).Has(t18):
			return game.Illegal(game.CodeNoSay, game.Params{"say": "ross", "why": "needs", "card": "T18"}, "seat %d cannot say Ross!: it must also hold T18", seat)
		}
		return nil
	case SayTopschin:
		switch {
		case s.r.o.Scoring != Extended:
			return game.Illegal(game.CodeNoSay, game.Params{"say": "topschin", "why": "classic"}, "seat %d cannot say Topschin!: classic scoring has no Rostopschin", seat)
		case c != t18:
			return game.Illegal(game.CodeNoSay, game.Params{"say": "topschin", "why": "card", "card": "T18"}, "seat %d cannot say Topschin! with %s: it goes with T18", seat, id)
		case !s.mayTopschin(seat):
			return game.Illegal(game.CodeNoSay, game.Params{"say": "topschin", "why": "lead", "card": "T18"}, "seat %d cannot say Topschin!: it must lead T18 right after winning a trick with Ross!", seat)
		}
		return nil
	}
	return game.Malformed("play: say code %d is neither ross nor topschin", say)
}

// example returns a legal card of seat to cite in a refusal, preferring the
// hand, and where it is.
func (s *State) example(seat int, legal card.Set) (card.Card, string) {
	if h := legal.Intersect(s.hand[seat]); !h.Empty() {
		return h.Lowest(), "is in hand"
	}
	return legal.Lowest(), "is an exposed Strohmann top"
}

func shortWhere(w string) string {
	if w == "is in hand" {
		return "in hand"
	}
	return "on a Strohmann top"
}

// whereIs says where a card that seat cannot play lies, as far as seat may
// know it (or everything when knowDeal).
func (s *State) whereIs(seat int, c card.Card, knowDeal bool) string {
	o := 1 - seat
	switch {
	case s.won[0].Has(c) || s.won[1].Has(c) || s.currentCards().Has(c):
		return " (it has been played)"
	case s.tops[o].Has(c):
		return fmt.Sprintf(" (it is an exposed Strohmann top of seat %d)", o)
	case s.shown[o].Has(c):
		return fmt.Sprintf(" (seat %d holds it)", o)
	case !knowDeal:
		return ""
	case s.hand[o].Has(c):
		return fmt.Sprintf(" (seat %d holds it)", o)
	}
	for who := 0; who < 2; who++ {
		for k := range s.piles[who] {
			if s.piles[who][k].faceDown().Has(c) {
				return fmt.Sprintf(" (it lies face down in seat %d's Strohmann %d)", who, k+1)
			}
		}
	}
	return ""
}

// announceWord is the refusal parameter of an announcement (game.CodeAnnounced).
func announceWord(call uint8) string {
	if call == CallFourKings {
		return "fourkings"
	}
	return "trull"
}

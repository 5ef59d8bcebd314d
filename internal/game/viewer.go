package game

import "fmt"

// Viewer is who looks at a hand: one of its seats, or a spectator. A
// spectator holds no seat and learns only what is public. It is a value of
// its own, not a seat number, so no seat number (not even −1, "nobody")
// ever equals it: Is(seat) is false for a spectator whatever seat is.
//
// The zero Viewer is a spectator, so a viewer left unset sees the least.
//
// A viewer also says how finished tricks may be looked back at: by the
// game's rules (the default), or all of them, at a table with the "open
// review" option for practice and learning (OpenReview). What a seat
// remembers of the play is the same either way; the rules limit which
// finished tricks its view shows (see each game's View).
type Viewer struct {
	seat1 int16 // the seat + 1; 0 for a spectator
	open  bool  // every finished trick may be looked back at
	draw  bool  // the view is only drawn (ForDrawing)
}

// Spectator is the viewer who holds no seat.
var Spectator = Viewer{}

// Seat returns the viewer sitting at seat. A negative seat is no seat: it
// panics, since a caller that means a spectator says Spectator.
func Seat(seat int) Viewer {
	if seat < 0 || seat > 1000 {
		panic(fmt.Sprintf("game: seat %d is no seat", seat))
	}
	return Viewer{seat1: int16(seat + 1)}
}

// ViewerOf returns Seat(seat) for a seat, and Spectator for −1, the number
// the protocol and the JSON views give a spectator.
func ViewerOf(seat int) Viewer {
	if seat < 0 {
		return Spectator
	}
	return Seat(seat)
}

// Seat returns the viewer's seat; ok is false for a spectator.
func (v Viewer) Seat() (seat int, ok bool) {
	if v.seat1 == 0 {
		return 0, false
	}
	return int(v.seat1) - 1, true
}

// Is reports whether the viewer sits at seat. It is false for a spectator,
// and for every viewer when seat is negative.
func (v Viewer) Is(seat int) bool { return v.seat1 != 0 && int(v.seat1)-1 == seat }

// IsSpectator reports whether the viewer holds no seat.
func (v Viewer) IsSpectator() bool { return v.seat1 == 0 }

// Number returns the seat, or −1 for a spectator, as the JSON views and the
// protocol write it. It is for output only: decisions use Is and Seat.
func (v Viewer) Number() int { return int(v.seat1) - 1 }

// OpenReview returns the same viewer at a table where every finished trick
// may be looked back at.
func (v Viewer) OpenReview() Viewer {
	v.open = true
	return v
}

// WithReview returns v at a table with open review when open is set, and v
// itself otherwise.
func (v Viewer) WithReview(open bool) Viewer {
	if open {
		return v.OpenReview()
	}
	return v
}

// ForDrawing returns the same viewer for a view that is only drawn or
// sent (a state message, a table model): the game may leave out of it what
// only a search reads, such as Droggn's public skeleton, so such a view
// cannot be sampled (Rules.Resample refuses it). What it shows is the same.
func (v Viewer) ForDrawing() Viewer {
	v.draw = true
	return v
}

// DrawOnly reports whether the view is only drawn (ForDrawing).
func (v Viewer) DrawOnly() bool { return v.draw }

// ReviewsAll reports whether the viewer may look back at every finished
// trick (OpenReview), whatever the game's rules say.
func (v Viewer) ReviewsAll() bool { return v.open }

// String returns "seat N" or "spectator", with " (open review)" at such a
// table.
func (v Viewer) String() string {
	out := "spectator"
	if s, ok := v.Seat(); ok {
		out = fmt.Sprintf("seat %d", s)
	}
	if v.open {
		out += " (open review)"
	}
	return out
}

// ViewReuser is a State that can make a view in the memory of an earlier
// view of its game: a server that sends every seat its view after every
// action makes each seat's view in the last one's memory instead of
// allocating it anew. The conformance suite (internal/gametest) checks
// that what it makes is View's view, whatever prev showed.
type ViewReuser interface {
	// ViewInto returns what View(v) returns. prev, a view this game made
	// earlier (nil: none), is the caller's no more: it may be overwritten
	// and returned.
	ViewInto(v Viewer, prev View) View
}

// CloneReuser is a State that can copy itself into the memory of an
// earlier copy: a server that tries every action on a copy of its state
// copies into the last trial's memory instead of allocating it anew. The
// conformance suite (internal/gametest) checks that what it makes is
// Clone's copy, whatever dst held.
type CloneReuser interface {
	// CloneInto returns what Clone returns. dst, a state of this game
	// made earlier (nil: none), is the caller's no more: it may be
	// overwritten and returned.
	CloneInto(dst State) State
}

// CloneInto returns a copy of st, made in dst's memory when st's game can
// (CloneReuser).
func CloneInto(st, dst State) State {
	if re, ok := st.(CloneReuser); ok && dst != nil {
		return re.CloneInto(dst)
	}
	return st.Clone()
}

// SeenHistory returns the history of st as v may learn it: each action as
// State.SeenAction gives it, a card v may not know replaced by card.Hidden.
func SeenHistory(st State, v Viewer) []Action {
	n := len(st.History())
	out := make([]Action, n)
	for i := range out {
		out[i] = st.SeenAction(v, i)
	}
	return out
}

// Finish plays st to the end of the hand, every decision made by decide
// from the view of the seat to act (made in the memory of the last view
// where st is a ViewReuser: decide must not keep it). It stops at the
// first error of decide, or of st refusing what decide returned, and
// returns it; st then holds the actions applied so far.
func Finish(st State, decide func(View) (Action, error)) error {
	reuse, _ := st.(ViewReuser)
	var v View
	for !st.Done() {
		seat := st.ToAct()
		if reuse != nil {
			v = reuse.ViewInto(Seat(seat), v)
		} else {
			v = st.View(Seat(seat))
		}
		a, err := decide(v)
		if err != nil {
			return err
		}
		if err := st.Apply(a); err != nil {
			return err
		}
	}
	return nil
}

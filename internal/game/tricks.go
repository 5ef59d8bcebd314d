package game

import "trull/internal/card"

// Tricks is what a hand of a trick-taking game tells about the tricks its
// cards went to, for the reasons of a choice (package why): the states of
// the three engines implement it.
type Tricks interface {
	// TrickCards returns the cards of the trick being played, as the
	// table shows them right after a card was played.
	TrickCards() card.Set
	// Captor returns the seat whose won pile holds c: for a pile a side
	// shares, the seat that stands for it (the declarer, or the first
	// defender). It returns -1 when no pile holds c.
	Captor(c card.Card) int
}

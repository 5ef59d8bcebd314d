// Package ssolver solves open-card Strohmandeln play positions exactly:
// every card of the world known — both hands, the exposed Strohmann tops
// and the face-down Strohmann cards in the order they turn up — from any
// point of the play phase (docs/RULES.md §3.3–§3.4, both packs, both
// scorings and every option that touches the play).
//
// The value of a position is seat 0's final Score as State.Result gives
// it (the game is zero-sum): the game result at its threshold (107 thirds
// or 45 points, the draw of a simple game, the Grammel, the doubling), the
// Pagat ultimo and in extended scoring the Uhu, the Kakadu, Trull and Four
// Kings in tricks and the Rostopschin, in classic scoring the announced
// Trull and Four Kings in hand, and the Valat, replacing the rest or added
// to it. Seat 0 maximizes it, seat 1 minimizes it.
//
// What was said before the position is fixed by its history: the
// contract, the doubling, the announcements, a "Ross!" and its tricks.
// From the position on the search treats the sayings as moves where they
// are a choice: T17 is played with or without "Ross!"; the sayings that
// cannot lose are made when due: "Topschin!" with T18 led after a won
// "Ross!" trick, and a classic announcement as soon as a seat holds its
// set (at its next turn, before any card of the set is played). Evaluate
// still values the actions of State.Legal as they are, a card of a set
// played without its announcement or T18 without "Topschin!" included.
//
// The search works on a compact position (pos: the playable sets, the
// exposed tops, the trick in progress, seat 0's card points and tricks,
// the settled bonuses) copied move by move, never on strohmandeln.State.
// A card played from a Strohmann top turns up the cards behind it after
// the trick, as tables built from the world's Strohmänner say (Tarocks
// and Kings into the playable set, the next lower card as the new top, the
// last card taken up or left on the table). It is a fail-soft null-window
// alpha-beta search driven by MTD(f), with
//
//   - bounds on the score that stop it early: the game results at the
//     fewest and the most card points seat 0 can end with (a seat's
//     Tarocks above all of the other's win their tricks), each bonus still
//     open either way (the Trull in tricks only for the Sküs's holder, a
//     "Ross!" only with T17 and T18 in one seat's cards), a Valat while one
//     side has won every trick and the other has no sure trick;
//   - a transposition table at the start of each trick, keyed exactly by
//     both playable sets and the tops (each folded into one word; the
//     face-down cards follow from the tops) and the leader, seat 0's raw
//     points and tricks, the settled bonuses, who won Trull cards and
//     kings, the announcements and the Rostopschin; it holds the bounds
//     proved so far and the move that decided, and a generation counter
//     empties it between calls;
//   - equivalent cards: a card no bonus looks at, played from the hand,
//     with the same points as the next lower live card of its group (the
//     Tarocks, or its suit), which the seat may also play from its hand,
//     is the same move;
//   - move ordering: the table's move, then winning cards worth most when
//     following, masters when leading, cheap cards otherwise;
//   - the last trick played out directly.
//
// Evaluate finds the value of each legal action, starting each MTD(f) at
// the previous action's value (actions of one position most often share
// it), and converts it to the acting seat's score. A node budget makes it
// give up (ok false) on positions too big for the caller's time.
package ssolver

// Package tsolver solves open-card Troggu play positions exactly: every
// hand known, from any point of the play phase of a Normal game or a Solo
// (docs/RULES.md §2.3–§2.4, with or without mustOvertrump). Misère, where every
// player plays for himself, is not solved.
//
// The value of a position is the declarer side's outcome, which takes only
// seven values: lose ×3, ×2 or ×1, no payment (57:57), win ×1, ×2 or ×3
// (the class 0 … 6). The declarer side (the Tappist and his partner, or the
// Soloist) maximizes it, the other seats minimize it; the payment of each
// seat follows from the class, the side's size and the Solo multiplier as
// troggu.Settle computes it.
//
// The sides come from the exported state: the declarer is State.Declarer;
// in a Normal game with a call (7–8 players) the partner is the seat other
// than the Tappist that holds the called trump (the KindCall action of the
// history) or played it. The Tappist plays alone when he holds, played or
// discarded it, or took it up with the Tapp. The points the side already
// has (its won piles, the discards or the Solo Tapp), the tricks each side
// won, the reneged seats and the trick in progress come from replaying the
// card plays of the history from the hands at the start of play, with the
// same rules as the engine; a replay that disagrees with the state's hands
// is refused.
//
// The search works on a compact position (pos: hands as card sets, the
// trick in progress, the side's points and whether each side won a trick)
// copied move by move, never on troggu.State. It is a boolean search "can
// the declarer side reach at least class k?" with
//
//   - bounds that stop it early: the worst class (every remaining point
//     and trick to the defenders) and the best (all to the declarer side),
//     less what the other side surely gets: FOOL always ends with its
//     holder's side (it wins its trick, or goes to his pile powerless), and
//     a side's trumps above every powered trump of the other side in hand
//     or in the trick bring their points and, but FOOL, a trick won;
//   - a transposition table at the start of each trick, keyed exactly by
//     the cards in play (62 cards folded into one word), three bit planes
//     of their holders' seats, the leader, the side's points, the tricks
//     won and the reneged seats, holding the class bounds proved so far;
//     a generation counter empties it between calls;
//   - equivalent cards: a card of the same group (T1–T21, or one suit) and
//     value as the next lower card still in play, which the seat may play
//     too, is the same move;
//   - move ordering: the table's move, then cheap winning cards against
//     an opponent, points to a winning partner, masters when leading,
//     cheap cards otherwise;
//   - the last trick played out directly (every hand holds one card).
//
// Evaluate finds the class of each legal card by null-window tests over the
// seven classes, sharing the table: first at the previous card's class
// (cards of one position most often share it), then by bisection; it
// converts the class to the seat's score. A node budget makes it give up (ok false) on positions too
// big for the caller's time.
package tsolver

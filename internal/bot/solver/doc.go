// Package solver solves open-card Droggn play positions exactly: all hands
// known, from any point of the play phase (docs/RULES.md §1.4–§1.5, every
// droggn option). The value of a position is the declarer's hand result X
// (the engine's FastScore at the end: card points counted in threes with
// the Gstieß rules, Match, Pagat scores, Super Mord, the multiplier); the
// declarer maximizes it, the two defenders minimize it together.
//
// The search works on a compact copy of the position (pos, rules) rather
// than on droggn.State; the tests check that copy against the engine card
// by card and against plain minimax over the engine. It is a fail-soft
// alpha-beta search with
//
//   - a transposition table at the start of each trick (two-slot buckets,
//     16-byte entries, a generation counter instead of clearing), probed
//     before the bounds are computed;
//   - relative ranks in the table keys: only the order of the cards still
//     in play matters, so the hands are keyed compressed onto the cards in
//     play (kept up to date trick by trick), with the number of cards in
//     play of each group and those not worth 1 point; positions that
//     differ only in which cards already left the game share entries, and
//     the table's card is stored as a relative rank;
//   - null-window searches at the root that come down on the value from
//     above (proving a lower bound needs both defenders' moves refuted, an
//     upper bound only the declarer's, so the former are kept to two: if
//     the first test, just above the greedy playout's value, fails high,
//     the next starts from the upper bound);
//   - a points search: once X depends only on the declarer's final card
//     points (Pagat settled, no Match possible, no tie rule, not Super
//     Mord), X is a nondecreasing function of them, so the X window is
//     turned into a window on points (in thirds) and the table stores
//     points won from the position on, shared by positions that differ in
//     the points already won; X-search entries carry the points won so far
//     and are reused for more (lower bound) or fewer (upper bound) points;
//   - equivalent cards: 1-point cards of one group (trumps T2–T20, or the
//     pips of one suit) in one hand with no other player's card between
//     them are one move;
//   - bounds on X from sure card points (trumps above all of the other
//     side's, the Gstieß, the leader's quick tricks) that cut the search;
//     the k tricks a side surely wins hold k different cards of each other
//     hand, so they bring at least the k cheapest of them (the Gstieß
//     none): when one side holds every trump, the other side's discards
//     to them soon cost it more than a third each; a declarer who holds
//     every trump wins all his quick tricks even when a defender leads
//     (he follows suit or trumps, and from his first trick on he leads);
//   - move ordering: the table's card, then win cheaply / give points to
//     a winning partner / lead masters, then a history table; below the
//     root the search adds to these heuristics (which the playouts use as
//     they are) that d1, second to the declarer's lead, gives points when
//     d2 can beat it, and that a master card is led last when it may be
//     trumped or when the other side has no trumps (a master trump then
//     wins whenever it is played);
//   - helpers on the other processors (Options.Workers) for positions
//     with 8 or more tricks left: each null-window search at the root is
//     run at the same time by helpers with the root's cards in another
//     order; they only fill the table, which all share (16-byte slots
//     holding an entry and its key xor the entry, so that torn reads fail
//     the key test). The root's cards are searched in the order of the
//     heuristics alone, so the card found, the first that cuts off, and
//     the value do not depend on the helpers or on how they run; when the
//     process gets much less CPU time than its goroutines would on free
//     processors (other programs keep them busy), searches go without
//     helpers for a second;
//   - a node budget: when it runs out, the open positions are scored by a
//     greedy playout of the heuristic policy and the result is not exact.
//
// Solve and Evaluate are the entry points; Playout, Rollouts and
// PolicyCard expose the heuristic policy for Monte Carlo players.
package solver

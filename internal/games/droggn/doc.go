// Package droggn implements Droggn, the Tyrolean Tarock game of docs/RULES.md
// §1 with Clarifications 1–8 and 18: 3 players, or 4 with the dealer sitting
// out, the 66-card pack (or 78), one bid each, exchange, buying, lay-outs,
// Schwacher and Retours, the Gstieß as an excuse, and the Pagat scores; the
// hand record of docs/FORMAT.md and the game.Rules / game.State contract.
//
// # Where each rule lives
//
//	§1.1 the pack, §1.7 options        options.go (Options, Specs), rules.go (Rules)
//	§1.3 DEAL                          deal.go (the runs of the deck, Deal, Reset)
//	§1.3 BIDDING                       bidding.go
//	§1.3 TALON, BUY                    exchange.go (the discard and the king rule, buying)
//	§1.3 DECLARER_ and DEFENDER_LAYOUT layout.go
//	§1.3 DOUBLING                      doubling.go (Schwacher, Retour, maxDoublings)
//	§1.3 PLAY, §1.4                    play.go (following, the Gstieß, the laid-out
//	                                   Pagat, the trick winner, refusals of a card)
//	§1.2, §1.5, §1.3 NEXT_DEALER       score.go (counting in threes through card.Threes,
//	                                   the game and Pagat scores, zero-sum settlement)
//	§1.3 Information rules             view.go (View, MayKnow, SeenAction), resample.go
//
// apply.go holds the phase-independent part of the action path: Legal,
// Apply (check, then ApplyUnchecked) and the dispatch of a check to its
// phase; codec.go turns record acts into engine actions and back; fast.go
// holds the allocation-free helpers the bots use.
//
// # Flow
//
// Seats are numbered in the direction of play (clockwise); with 4 players
// the dealer sits out and "next" skips it. A hand runs through the phases
//
//	bidding → [discard (Ansager, Solo) → buy (Ansager)] → layout ⇄ doubling → play → done
//
// Each active player bids once from next(dealer); a hand nobody bids is
// thrown in and the same dealer deals again. A discard is one engine
// action per card (the record groups them).
//
// # Fast path
//
// *State is built on fixed arrays and card sets; Reset, LegalCards,
// PlayCard, RandomAction, FastScore and CopyInto never allocate. Apply
// checks an action and explains a refusal; ApplyUnchecked trusts it.
package droggn

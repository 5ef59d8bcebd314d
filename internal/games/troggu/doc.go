// Package troggu implements Troggu, the Tarock game of the Valais for 3 to 8
// players with the 62-card pack: docs/RULES.md §0 and §2 with Clarifications
// 14–17, the hand record of docs/FORMAT.md, and the game.Rules / game.State
// contract.
//
// # Where each rule lives
//
//	§2.1 the pack, the deal table        rules.go (Rules, dealTable)
//	§2.2 DEAL                            deal.go
//	§2.2 BIDDING, ALL_PASS, CALL,        bidding.go (the forced game, Misère,
//	     EXCHANGE                        the called trump, the Tappist's discard)
//	§2.2 PLAY, §2.3                      play.go (following, the renege, the
//	                                     powerless FOOL, the trick winner)
//	§2.4, §0.4                           score.go
//	§2.5, §2.6 options                   options.go (Options, Specs)
//	§2.2 Information                     state.go (MayKnow, SeenAction), view.go,
//	                                     resample.go
//
// apply.go holds the action path (Legal, Apply, the checks and their
// refusals), codec.go the record acts, fast.go the random playout.
//
// # Flow
//
// Seats are numbered in the direction of play, counter-clockwise:
// next(p) = p+1. The Tapp is deck[0 … T−1], then the packets of the deal
// table go round from next(dealer). A hand runs through the phases
//
//	bidding → [call, 7–8 players] → exchange (Normal) → play → done
//
// Each player bids once from next(dealer): pass, normal ("ich nehm's") or
// solo; after a Normal only pass or solo; a Solo ends the bidding. On an
// all-pass the option allPassRule decides between Misère and the forced
// game (the holder of FOOL, else of T1, else Misère). Forced steps — the
// forced game and taking up the Tapp — happen inside Apply; they are not
// actions. A discard is one engine action per card (the record groups
// them).
//
// # Records
//
// Record acts: bid (call pass, normal, solo), call (card T1 … T20),
// discard (cards, as many as the Tapp has) and play (card). The Result
// items name the per-pair payment of a Normal game or Solo — "game" 1,
// "no_trick" 2 or "under_30" 1, "solo_multiplier" for the extra Solo
// stakes, their sum paid by each loser to each winner, "tie_57_57" for
// 57:57 — or in Misère "misere_most_points" (the players who pay one stake
// to each player not tied) or "misere_tie_no_payment".
//
// # Hidden information
//
// A View shows a seat its hand, everything public and its own secrets (the
// Tapp it took up and its discards as Tappist; its FOOL having lost its
// power by a renege, which others learn only when FOOL appears in the last
// trick). The called trump is shown as a number (called_trump: 20), not as
// a card ID, because its place is unknown; the partner appears only once
// the called trump is played (or, if it was discarded, at the end).
// Result names no partner before the hand is over. When the hand is over
// the piles are counted openly: the view shows the discards, the unused
// Tapp and the result, and MayKnow is the whole pack.
//
// Resample deals the hidden cards into the hidden places (hands, the
// face-down Tapp, the Tappist's discards) at random, respecting the voids
// and missing trumps shown in play (a player who did not trump may still
// hold FOOL), mustOvertrump, the discard rule and the forced game, then
// replays the public actions on the fast path. A discarded king (four-kings
// rule) is sampled only when the view leaves no other place for it.
//
// # Fast path
//
// *State is built on fixed arrays and card sets, its history included.
// Reset, LegalBids/Bid, CallTrump, LegalDiscards/Discard, LegalCards/PlayCard,
// Score, CopyFrom and RandomPlayout never allocate.
//
// # Messages
//
// A refused card play names one legal card of the kind required, the
// highest: "seat 0 must follow trumps; T17 is in hand, Sw-5 is not allowed".
package troggu

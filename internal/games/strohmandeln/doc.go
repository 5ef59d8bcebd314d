// Package strohmandeln implements Strohmandeln (Strohmann-Tarock), the
// two-player Tarock game of docs/RULES.md §3 with the clarifications 9–13: the
// deal of hands and face-down Strohmänner, the fold check, the auction, the
// optional doubling, the engine-driven Strohmann reveals, trick play with
// exposed Strohmann tops, and the classic and extended scoring.
//
// Seats are 0 and 1; the dealer's opponent is Elder (Vorhand), who is asked
// first and leads trick 1. The 54-card pack (card.Stroh54) is counted in
// thirds of a point: card_points are thirds, 3·raw − 2·n, and the two piles
// always make 210; the 40-card pack (option pack=40, card.Stroh40) is
// counted singly (88 in all).
//
// # Where each rule lives
//
//	§3.1 the packs, §3.3 DEAL, NEXT_DEALER rules.go (Rules, Deal)
//	§3.3 the Strohmänner and reveals       deal.go (Reset, reveal)
//	§3.3 FOLD_CHECK, AUCTION, doubling     bidding.go
//	§3.3 PLAY, Legality, §3.4 Rostopschin  play.go
//	§3.2, §3.4, Nullrunde                  score.go
//	§3.6 options                           options.go (Options, Specs)
//	hidden information                     view.go, resample.go
//
// apply.go holds the action path (Apply, ApplyKnowingDeal, the checks and
// their refusals), codec.go the record acts.
//
// # Flow
//
// Phases are "fold" (both players, Elder first: stay, or fold without a
// Tarock, which ends the hand as "folded"), "bid" (Elder undertakes or
// passes, then the dealer; both passing make a simple game, or with
// simpleGame=fold a "thrown_in" hand), "double" (allowDoubling only: the
// undertaker's opponent doubles or says gut), "play" and "done". The
// initial reveal and the reveal after each trick that used an exposed top
// are engine steps inside Apply, not actions.
//
// # State
//
// A State is a fixed-size value (hands, exposed tops, piles and the
// playable sets as card.Set bitsets; Strohmänner, tricks and the action
// history as arrays), so Clone is one copy and the fast path (Rules.NewHand,
// State.Reset, State.LegalCards, State.PlayCard, State.Scores) plays a
// whole hand without allocating. In the Strohmandeln packs word 0 of a
// card.Set holds exactly the Tarocks, so "has a Tarock" is one word test.
//
// # Hidden information
//
// Every action is public. Hidden are the opponent's dealt hand cards and
// all face-down Strohmann cards, the owner's included: no View and no
// MayKnow set contains a face-down card. Cards turned up from a Strohmann
// are public, also after they went into the hand; so are the cards of a
// classic announcement and T18 after "Ross!" (it may only be said while
// holding T18). Resample deals the hidden cards anew, keeping the
// opponent's shown voids, and replays the public history on that deal.
//
// Refusals from Apply never name where a hidden card lies; ApplyKnowingDeal
// (game.Replay uses it), for the author of a hand record.
package strohmandeln

package game

import (
	"errors"
	"strings"

	"trull/internal/card"
)

// Code names the rule behind a refusal (IllegalError.Code). The codes and
// their parameters are part of the server's protocol (docs/PROTOCOL.md).
type Code string

// Refusal codes, with the parameters each one sets.
const (
	CodeHandOver    Code = "hand_over"    // the hand is over
	CodeOutOfTurn   Code = "out_of_turn"  // seat, to_act
	CodeWrongAction Code = "wrong_action" // want: the act the hand waits for (bid, discard, buy, layout, double, call, fold, play)
	CodeMalformed   Code = "malformed"    // the action's form is wrong: a program's mistake
	CodeNotHeld     Code = "not_held"     // card
	CodeNotInPack   Code = "not_in_pack"  // card
	CodeMustFollow  Code = "must_follow"  // suit (ID letter, "T" for trumps), card: a card that follows
	CodeMustTrump   Code = "must_trump"   // suit led, card: a trump to play
	CodeMustBeat    Code = "must_beat"    // card to beat (Troggu's mustOvertrump)
	CodeKeepCard    Code = "keep_card"    // card kept for the last trick (a laid-out Gstieß, a powerless Bättler)
	CodeKeepPagat   Code = "keep_pagat"   // card: a laid-out Pagat is kept while another card is legal
	CodeFoolNow     Code = "fool_now"     // card: the Gstieß goes to the second-to-last trick
	CodeBidTooLow   Code = "bid_too_low"  // contract already bid
	CodeBidTaken    Code = "bid_taken"    // Troggu: somebody already plays the normal game
	CodeNoDiscard   Code = "no_discard"   // card, why: never, king_trump, king_trump_each, five_points, kings_only
	CodeNoOffer     Code = "no_offer"     // card
	CodeNoLayout    Code = "no_layout"    // card, why: fool, only_pagat
	CodeDoubleOrder Code = "double_order" // why: retour (a Schwacher was given), schwacher (none was)
	CodeNoCall      Code = "no_call"      // card
	CodeNoFold      Code = "no_fold"      // card: a Tarock in hand
	CodeAnnounced   Code = "announced"    // what: trull, fourkings
	CodeNoAnnounce  Code = "no_announce"  // what, card missing
	CodeNotPlayable Code = "not_playable" // card: Strohmandeln, neither in hand nor on top of a Strohmann
	CodeNoSay       Code = "no_say"       // say (ross, topschin), why: classic, card, needs, lead; card
)

// explanations words each code (or code/why, code/suit) in English and
// German; {name} is replaced by the parameter, cards and suits by their
// names ({card_acc}: the card as the object of a German sentence).
var explanations = map[string][2]string{
	"hand_over":                  {"The hand is over.", "Das Spiel ist aus."},
	"out_of_turn":                {"It is not your turn.", "Du bist nicht am Zug."},
	"wrong_action":               {"Not now: it is time to {want}.", "Jetzt nicht: jetzt heißt es {want}."},
	"malformed":                  {"This action is not possible here.", "Diese Aktion ist hier nicht möglich."},
	"not_held":                   {"You do not hold {card}.", "Du hast {card_acc} nicht."},
	"not_in_pack":                {"{card} is not in this pack.", "{card} gehört nicht zu diesem Blatt."},
	"must_follow":                {"You must follow {suit}.", "Du musst {suit} bedienen."},
	"must_follow/T":              {"You must follow trumps.", "Du musst Tarock zugeben."},
	"must_trump":                 {"You cannot follow {suit} and must play a trump.", "Du kannst {suit} nicht bedienen und musst Tarock spielen."},
	"must_beat":                  {"You must beat {card}.", "Du musst {card_acc} überstechen."},
	"keep_card":                  {"You must keep {card} for the last trick.", "Du musst {card_acc} für den letzten Stich behalten."},
	"keep_pagat":                 {"You laid out {card}: keep it while you can play another card.", "Du hast {card_acc} ausgelegt: behalte ihn, solange du eine andere Karte spielen kannst."},
	"fool_now":                   {"You must play {card} to the second-to-last trick.", "Du musst {card_acc} in den vorletzten Stich spielen."},
	"bid_too_low":                {"{contract} is already bid: bid higher or pass.", "{contract} ist schon geboten: biete höher oder sag gut."},
	"bid_taken":                  {"Somebody already plays the normal game: pass or play a Solo.", "Jemand spielt schon das Normalspiel: passe oder spiel ein Solo."},
	"no_discard/never":           {"{card} may never be discarded.", "{card} darf nie abgelegt werden."},
	"no_discard/king_trump":      {"A discarded king needs a discarded trump with it.", "Ein abgelegter König braucht einen abgelegten Tarock dazu."},
	"no_discard/king_trump_each": {"Each discarded king needs a discarded trump.", "Jeder abgelegte König braucht einen abgelegten Tarock."},
	"no_discard/five_points":     {"Cards worth 5 points may not be discarded.", "Karten mit 5 Punkten dürfen nicht abgelegt werden."},
	"no_discard/kings_only":      {"With four kings, only kings may be discarded among the 5-point cards.", "Mit vier Königen dürfen von den 5-Punkte-Karten nur Könige abgelegt werden."},
	"no_offer":                   {"{card} cannot be offered: the Gstieß, Mond, Pagat and kings never are.", "{card} darf nicht geboten werden: Gstieß, Mond, Pagat und Könige nie."},
	"no_layout/fool":             {"Only the declarer of a Super Mord may lay out the Gstieß.", "Nur der Spieler eines Super Mord darf den Gstieß auslegen."},
	"no_layout/only_pagat":       {"Only the Pagat (and the Gstieß in a Super Mord) is laid out.", "Ausgelegt wird nur der Pagat (im Super Mord auch der Gstieß)."},
	"double_order/retour":        {"A Schwacher was given already: say Retour or gut.", "Ein Schwacher wurde schon gegeben: sag Retour oder gut."},
	"double_order/schwacher":     {"The first doubling is a Schwacher; Retour answers one.", "Zuerst kommt ein Schwacher; Retour antwortet darauf."},
	"no_call":                    {"You may call only a trump from I to XX.", "Rufen kannst du nur einen Tarock von I bis XX."},
	"no_fold":                    {"You hold a Tarock ({card}) and cannot fold.", "Du hast einen Tarock ({card}) und kannst nicht zusammenwerfen."},
	"announced":                  {"You have already announced {what}.", "Du hast {what} schon angesagt."},
	"no_announce":                {"You cannot announce {what}: {card} is not in your hand.", "Du kannst {what} nicht ansagen: {card} fehlt dir."},
	"not_playable":               {"{card} is neither in your hand nor on top of a Strohmann.", "{card} ist weder in deiner Hand noch oben auf einem Strohmann."},
	"no_say/classic":             {"Classic scoring has no Rostopschin.", "Die klassische Wertung kennt keinen Rostopschin."},
	"no_say/card":                {"{say} goes with {card}.", "{say} gehört zu {card}."},
	"no_say/needs":               {"{say} needs {card} as well.", "Für {say} brauchst du auch {card_acc}."},
	"no_say/lead":                {"{say}: lead {card} right after winning a trick with Ross!", "{say}: spiel {card_acc} aus, gleich nachdem du einen Stich mit Ross! gemacht hast."},
}

// words names the values of the word parameters (want, contract, what,
// say) in English and German.
var words = map[string]map[string][2]string{
	"want": {
		"bid": {"bid", "reizen"}, "discard": {"discard", "ablegen"}, "buy": {"buy", "kaufen"},
		"layout": {"decide on a lay-out", "übers Auslegen entscheiden"}, "double": {"double or say gut", "doppeln oder gut sagen"},
		"call": {"call a trump", "einen Tarock rufen"}, "fold": {"fold or stay", "zusammenwerfen oder bleiben"},
		"play": {"play a card", "eine Karte spielen"}, "announce": {"play a card or announce", "eine Karte spielen oder ansagen"},
	},
	"contract": {"ansager": {"Ansager", "Ansager"}, "solo": {"Solo", "Solo"}, "super": {"Super", "Super"}, "supermord": {"Super Mord", "Super Mord"}},
	"what":     {"trull": {"the Trull", "den Trull"}, "fourkings": {"Four Kings", "Vier Könige"}},
	"say":      {"ross": {"Ross!", "Ross!"}, "topschin": {"Topschin!", "Topschin!"}},
}

// Wordings returns the sentences Explain uses, by code (or code/why,
// code/suit), in English and German, for a client that words refusals
// itself: the browser app's copy in web/src/i18n.ts is checked against it.
func Wordings() map[string][2]string {
	out := make(map[string][2]string, len(explanations))
	for k, v := range explanations {
		out[k] = v
	}
	return out
}

// Explain words a refusal for the player who made it, in English or
// German, from its code and parameters ("You must follow clubs.", "Du
// musst Kreuz bedienen."). An error that is not an *IllegalError (or has
// no known code) gives its own text in English and a general sentence in
// German.
func Explain(err error, l card.Lang) string {
	if err == nil {
		return ""
	}
	var ie *IllegalError
	if !errors.As(err, &ie) {
		if l == card.German {
			return "Das geht so nicht."
		}
		return err.Error()
	}
	return ie.Explain(l)
}

// Explain words the refusal in language l (see the function Explain).
func (e *IllegalError) Explain(l card.Lang) string {
	tpl, ok := e.template()
	if !ok {
		if l == card.German {
			return "Das geht so nicht."
		}
		return e.Reason
	}
	i := 0
	if l == card.German {
		i = 1
	}
	out := tpl[i]
	for {
		a := strings.IndexByte(out, '{')
		b := strings.IndexByte(out, '}')
		if a < 0 || b < a {
			return out
		}
		name := out[a+1 : b]
		out = out[:a] + e.param(name, l, i) + out[b+1:]
	}
}

// Worded reports whether Explain has words for the refusal's code (and
// its "why" or "suit", where the wording depends on them).
func (e *IllegalError) Worded() bool {
	_, ok := e.template()
	return ok
}

func (e *IllegalError) template() ([2]string, bool) {
	for _, k := range []string{string(e.Code) + "/" + e.Params["why"], string(e.Code) + "/" + e.Params["suit"], string(e.Code)} {
		if tpl, ok := explanations[k]; ok {
			return tpl, true
		}
	}
	return [2]string{}, false
}

// param words one parameter: a card or suit by its name, a word by its
// translation, anything else as it is.
func (e *IllegalError) param(name string, l card.Lang, i int) string {
	if name == "card_acc" {
		// The object of a German sentence: "den Gstieß".
		n := e.param("card", l, i)
		if rest, ok := strings.CutPrefix(n, "der "); ok && l == card.German {
			return "den " + rest
		}
		return n
	}
	v := e.Params[name]
	switch name {
	case "card":
		if e.Pack != nil {
			if c, err := e.Pack.Parse(v); err == nil {
				return e.Pack.CardName(c, l)
			}
		}
		return v
	case "suit":
		for _, st := range []card.Style{card.French, card.Italian} {
			for s := card.Suit(0); s < 4; s++ {
				if st.SuitLetter(s) == v {
					p := card.Droggn66
					if st == card.Italian {
						p = card.Troggu62
					}
					return p.SuitName(s, l)
				}
			}
		}
		return v
	}
	if w, ok := words[name][v]; ok {
		return w[i]
	}
	return v
}

package game

import (
	"errors"
	"strconv"
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
	// A hand record that cannot be read or replayed (RecordError,
	// ActionError), by its fault: "bad_record/" + RecordError.Why.
	"bad_record/json":        {"The file is not a hand record: it is not JSON of the record's shape (trull-hand/1).", "Die Datei ist kein Spielprotokoll: Sie ist kein JSON in der Form eines Protokolls (trull-hand/1)."},
	"bad_record/format":      {"The record's format is “{got}”; a hand record is of the format trull-hand/1.", "Das Protokoll hat das Format „{got}“; ein Spielprotokoll hat das Format trull-hand/1."},
	"bad_record/game":        {"The record names the game “{game}”; trull plays Droggn, Troggu and Strohmandeln.", "Das Protokoll nennt das Spiel „{game}“; trull kennt Droggn, Troggu und Strohmandeln."},
	"bad_record/players":     {"{game} is played by {min} to {max} players, but the record names {count}.", "{game} spielen {min} bis {max} Spieler, das Protokoll nennt aber {count}."},
	"bad_record/options":     {"The record's rule options are not options of {game}.", "Die Regeloptionen des Protokolls passen nicht zu {game}."},
	"bad_record/deck_seed":   {"The record gives both a deck and a seed: it may give only one of them.", "Das Protokoll gibt ein Blatt und einen Startwert an: Es darf nur eines davon angeben."},
	"bad_record/no_deck":     {"The record gives neither a deck nor a seed, so the deal is not known.", "Das Protokoll gibt weder ein Blatt noch einen Startwert an, also ist nicht bekannt, wie gegeben wurde."},
	"bad_record/deck_card":   {"Card {index} of the record's deck, “{card}”, is not a card of this pack.", "Karte {index} im Blatt des Protokolls, „{card}“, gehört nicht zu diesem Blatt."},
	"bad_record/deck_twice":  {"Card {index} of the record's deck, {card}, is in it twice.", "Karte {index} im Blatt des Protokolls, {card}, kommt darin zweimal vor."},
	"bad_record/deck_size":   {"The record's deck has {count} cards, but the pack has {size}.", "Das Blatt des Protokolls hat {count} Karten, das Spiel hat aber {size}."},
	"bad_record/no_dealer":   {"The record names no dealer.", "Das Protokoll nennt keinen Geber."},
	"bad_record/dealer_seat": {"The record's dealer, seat {dealer}, is none of its {seats} seats (counted from 0).", "Der Geber des Protokolls, Platz {dealer}, ist keiner seiner {seats} Plätze (ab 0 gezählt)."},
	"bad_record/deal":        {"The game cannot deal the record's deck.", "Das Spiel kann das Blatt des Protokolls nicht geben."},
	"bad_record/action":      {"Action {action} of the record cannot be played: {reason}", "Aktion {action} des Protokolls geht nicht: {reason}"},
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
// itself: the browser app's web/src/refusals.gen.ts is written from it.
func Wordings() map[string][2]string {
	out := make(map[string][2]string, len(explanations))
	for k, v := range explanations {
		out[k] = v
	}
	return out
}

// WordParams returns the names Explain gives the values of the word
// parameters (want, contract, what, say), by parameter and value, in
// English and German.
func WordParams() map[string]map[string][2]string {
	out := make(map[string]map[string][2]string, len(words))
	for k, v := range words {
		out[k] = make(map[string][2]string, len(v))
		for kk, vv := range v {
			out[k][kk] = vv
		}
	}
	return out
}

// Explain words a refusal for the player who made it, in English or
// German, from its code and parameters ("You must follow clubs.", "Du
// musst Kreuz bedienen."), and a record that cannot be read or replayed
// (a *RecordError, or an *ActionError with the refusal of its action). An
// error of another kind (or with no known code) gives its own text in
// English and a general sentence in German.
func Explain(err error, l card.Lang) string {
	if err == nil {
		return ""
	}
	var ae *ActionError
	if errors.As(err, &ae) {
		return fill(explanations["bad_record/action"][langIndex(l)], RecordParams(err), nil, l, func(name string) (string, bool) {
			if name == "reason" {
				return Explain(ae.Err, l), true
			}
			return "", false
		})
	}
	var re *RecordError
	if errors.As(err, &re) {
		if tpl, ok := explanations["bad_record/"+re.Why]; ok {
			return fill(tpl[langIndex(l)], re.Params, nil, l, nil)
		}
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

// RecordParams returns the parameters of a "bad_record" refusal for err
// (a *RecordError or an *ActionError; nil for another error): "record"
// names the fault (RecordError.Why, or "action"), the others its details;
// an action's are "action" (counted from 1), "refusal" (its
// IllegalError's code) and that refusal's parameters.
func RecordParams(err error) Params {
	var ae *ActionError
	if errors.As(err, &ae) {
		p := Params{}
		var ie *IllegalError
		if errors.As(ae.Err, &ie) {
			for k, v := range ie.Params {
				p[k] = v
			}
			p["refusal"] = string(ie.Code)
		}
		p["record"], p["action"] = "action", strconv.Itoa(ae.Index+1)
		return p
	}
	var re *RecordError
	if errors.As(err, &re) && re.Why != "" {
		p := Params{"record": re.Why}
		for k, v := range re.Params {
			p[k] = v
		}
		return p
	}
	return nil
}

// langIndex is the index of l's words in the explanations: 0 English, 1
// German.
func langIndex(l card.Lang) int {
	if l == card.German {
		return 1
	}
	return 0
}

// fill replaces each {name} of tpl by its word: own(name) when it has one,
// else the parameter worded (a card or suit by its name, a game by its
// title, a word by its translation).
func fill(tpl string, params Params, pack *card.Pack, l card.Lang, own func(string) (string, bool)) string {
	out := tpl
	for {
		a := strings.IndexByte(out, '{')
		b := strings.IndexByte(out, '}')
		if a < 0 || b < a {
			return out
		}
		name := out[a+1 : b]
		w, ok := "", false
		if own != nil {
			w, ok = own(name)
		}
		if !ok {
			w = param(params, pack, name, l)
		}
		out = out[:a] + w + out[b+1:]
	}
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
	return fill(tpl[langIndex(l)], e.Params, e.Pack, l, nil)
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

// param words one parameter: a card or suit by its name (cards need the
// pack), a game by its title, a word by its translation, anything else as
// it is.
func param(params Params, pack *card.Pack, name string, l card.Lang) string {
	i := langIndex(l)
	if name == "card_acc" {
		// The object of a German sentence: "den Gstieß".
		n := param(params, pack, "card", l)
		if rest, ok := strings.CutPrefix(n, "der "); ok && l == card.German {
			return "den " + rest
		}
		return n
	}
	v := params[name]
	switch name {
	case "game":
		if info, ok := Lookup(v); ok && info.Title != "" {
			return info.Title
		}
		return v
	case "card":
		if pack != nil {
			if c, err := pack.Parse(v); err == nil {
				return pack.CardName(c, l)
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

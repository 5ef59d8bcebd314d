package main

import (
	"fmt"
	"strings"
	"trull/internal/bot/why"

	"trull/internal/card"
	"trull/internal/game"
)

// The terminal's own words: contracts, result items and sides, bids, and
// the sentences that name a seat. Record names ("pagat_capture") never
// reach the screen.

// pair is a word in English and German.
type pair [2]string

// contractWords name contracts by record name, in full and short (for the
// score sheet's narrow label column).
var contractWords = map[string][2]pair{
	"ansager":    {{"Ansager", "Ansager"}, {"Ansager", "Ansager"}},
	"solo":       {{"Solo", "Solo"}, {"Solo", "Solo"}},
	"super":      {{"Super", "Super"}, {"Super", "Super"}},
	"supermord":  {{"Super Mord", "Super Mord"}, {"Super Mord", "Super Mord"}},
	"thrown_in":  {{"thrown in", "eingeworfen"}, {"thrown in", "eingeworfen"}},
	"normal":     {{"normal game (Tapp)", "Normalspiel (Tapp)"}, {"Tapp", "Tapp"}},
	"misere":     {{"Misère", "Misère"}, {"Misère", "Misère"}},
	"simple":     {{"simple game", "einfaches Spiel"}, {"simple", "einfach"}},
	"undertaken": {{"undertaken game", "aufgenommenes Spiel"}, {"undertaken", "aufgenommen"}},
	"folded":     {{"folded", "zusammengeworfen"}, {"folded", "zusammengew."}},
}

// bidWords name the bids of Droggn and Troggu by record word.
var bidWords = map[string]pair{
	"pass": {"pass", "weiter"}, "ansager": {"Ansager", "ich sage an"},
	"solo": {"Solo", "Solo"}, "super": {"Super", "Super"}, "supermord": {"Super Mord", "Super Mord"},
	"normal": {"ich nehm's (normal game)", "ich nehm's"}, "misere": {"Misère", "Misère"},
}

// word returns w in the player's language.
func (p *player) word(w pair) string { return w[p.lang] }

// contractWord names a contract by its record name, in the game's words.
func (p *player) contractWord(name string) string {
	if w, ok := contractWords[name]; ok {
		return p.word(w[0])
	}
	return strings.ReplaceAll(name, "_", " ")
}

// contractShort names a contract briefly, for the score sheet.
func (p *player) contractShort(name string) string {
	if w, ok := contractWords[name]; ok {
		return p.word(w[1])
	}
	return strings.ReplaceAll(name, "_", " ")
}

// itemName names a scored item of a result.
func (p *player) itemName(item string) string { return why.ItemName(item, p.lang) }

// sideName names a side of a result item in the game's words.
func (p *player) sideName(side string) string {
	switch side {
	case "declarer":
		if w := p.rules.Traits().DeclarerSide; w != (game.Words{}) {
			return w.In(p.lang)
		}
		return p.t("the declarer", "Spieler")
	case "defenders":
		return p.t("the defenders", "Gegenspieler")
	case "undertaker":
		return p.t("the undertaker", "Aufnehmer")
	case "opponent":
		return p.t("the opponent", "Gegner")
	case "elder":
		return p.t("Elder (Vorhand)", "Vorhand")
	case "dealer":
		return p.t("the dealer", "Geber")
	}
	return strings.ReplaceAll(side, "_", " ")
}

// bidWord names a bid by its record word.
func (p *player) bidWord(w string) string {
	if s, ok := p.rules.Traits().Say(game.RecordAction{Act: game.KindBid.String(), Call: w}, game.Telling{Voice: game.VoiceListed}, p.lang); ok {
		return s
	}
	if x, ok := bidWords[w]; ok {
		return p.word(x)
	}
	return w
}

// tricks counts tricks with the right number: "1 trick", "2 Stiche".
func (p *player) tricks(n int) string {
	if n == 1 {
		return p.t("1 trick", "1 Stich")
	}
	return fmt.Sprintf(p.t("%d tricks", "%d Stiche"), n)
}

// cardPoints counts card points with the right number: "1 card point",
// "2 Kartenpunkte".
func (p *player) cardPoints(n int) string {
	if n == 1 {
		return p.t("1 card point", "1 Kartenpunkt")
	}
	return fmt.Sprintf(p.t("%d card points", "%d Kartenpunkte"), n)
}

// cardName names a card in the player's language, as the game calls it.
// The Troggu Fool is "the Bättler" in English too.
func (p *player) cardName(c card.Card) string {
	pk := p.rules.Pack()
	if c == card.Fool && pk.Family == card.Troggu && p.lang == card.English {
		return "the Bättler (Fool)"
	}
	return pk.CardName(c, p.lang)
}

// cardObject names a card as the object of a sentence: "den Bättler",
// "the 6 of diamonds", "the Mond (XXI)" ("trump XX" as it is).
func (p *player) cardObject(c card.Card) string {
	n := p.cardName(c)
	switch {
	case p.lang == card.German && strings.HasPrefix(n, "der "):
		return "den " + n[4:]
	case p.lang == card.English && !strings.HasPrefix(n, "the ") && !strings.HasPrefix(n, "trump ") && c != card.Hidden:
		return "the " + n
	}
	return n
}

// short is the card's label on screen ("♥K", "XXI", "★").
func (p *player) short(c card.Card) string { return p.rules.Pack().Short(c, p.lang) }

// choice names one of the person's own legal actions in the list of
// choices: a card to play or to discard by its name, a call by what is
// called, anything else in the game's words.
func (p *player) choice(a game.Action) string {
	switch {
	case a.Kind == game.KindPlay && a.Call == 0:
		return p.cardName(a.Card)
	case a.Kind == game.KindDiscard && a.Card != card.None:
		return p.cardName(a.Card) // the question says "Discard a card"
	case a.Kind == game.KindCall:
		return fmt.Sprintf(p.t("call %s", "%s rufen"), p.cardObject(a.Card))
	case a.Kind == game.KindLayout && a.Card != card.None:
		return fmt.Sprintf(p.t("lay out %s", "%s auslegen"), p.cardObject(a.Card))
	}
	if s, ok := p.tell(a, game.VoiceChoice); ok {
		return s
	}
	return p.rules.Describe(a, p.lang)
}

// deed names another seat's action for the move log, in the third person
// ("calls trump XX", "legt den Pagat (I) aus").
func (p *player) deed(a game.Action) string {
	if s, ok := p.tell(a, game.VoiceDeed); ok {
		return s
	}
	switch {
	case a.Kind == game.KindDiscard && a.Card != card.None && a.Card != card.Hidden:
		return fmt.Sprintf(p.t("discards %s", "drückt %s"), p.cardObject(a.Card))
	case a.Kind == game.KindCall:
		return fmt.Sprintf(p.t("calls %s", "ruft %s"), p.cardObject(a.Card))
	case a.Kind == game.KindLayout && a.Card != card.None:
		return fmt.Sprintf(p.t("lays out %s", "legt %s aus"), p.cardObject(a.Card))
	case a.Kind == game.KindBuy && a.Card == card.None:
		return p.t("does not buy", "kauft nicht")
	case a.Kind == game.KindBuy:
		return fmt.Sprintf(p.t("offers %s, asks for %s", "bietet %s, verlangt %s"), p.cardObject(a.Card), p.cardObject(a.Card2))
	case a.Kind == game.KindPlay:
		return fmt.Sprintf(p.t("plays %s", "spielt %s"), p.cardObject(a.Card))
	case a.Kind == game.KindBid:
		if w := p.rules.EncodeAction(a).Call; bidWords[w] != (pair{}) && p.rules.Traits().Auction {
			return p.bidWord(w)
		}
	}
	return p.rules.Describe(a, p.lang)
}

// tell words a in the game's own words for its voice, where the game has
// them (game.Traits.Tell).
func (p *player) tell(a game.Action, voice game.Voice) (string, bool) {
	t := game.Telling{Voice: voice, BidMade: p.bidMade, ByDeclarer: p.declarer == int(a.Seat)}
	return p.rules.Traits().Say(p.rules.EncodeAction(a), t, p.lang)
}

// standingOf formats the seats' totals: "you +12 · Bot 1 −4 · …".
func (p *player) standingOf(totals []int) string {
	parts := make([]string, len(totals))
	for seat, tot := range totals {
		parts[seat] = fmt.Sprintf("%s %+d", p.names[seat], tot)
	}
	return strings.Join(parts, " · ")
}

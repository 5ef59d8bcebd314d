// A rules page per game, in German and English: a summary of docs/RULES.md
// (the project's rules specification) with the defaults the engine uses.

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { GameSpec, OptionSpec } from "./api";
import type { GameName } from "./cards";
import { Card } from "./face";
import { t, TITLE, tr, type Lang } from "./i18n";
import { optionHelp, optionLabel, valueLabel } from "./names";
import { linkClick } from "./router";
import { SECTIONS } from "./glossary";

// A section is a heading and paragraphs; a paragraph starting with "- " is
// a list item.
type Section = [string, ...string[]];
type Text = Record<Lang, Section[]>;

const DROGGN: Text = {
  en: [
    [
      "Players and pack",
      "Droggn is the Tarock game of the Stubai valley in Tyrol. Three play; with four, the dealer sits out each hand (“er feiert”), takes no part in bidding, doubling or play, but scores with the defenders. Play goes clockwise.",
      "The 66-card pack: 21 trumps (Tarock I–XXI; I is the Pagat, XXI the Mond), the Gstieß (the Fool), and four suits of 11 cards. Spades and clubs run K Q R (rider) J 10 9 8 7 6 5 4, hearts and diamonds K Q R J A 2 3 4 5 6 7 (the ace is the highest pip, the 7 the lowest). A variant uses all 78 cards.",
    ],
    [
      "Card points",
      "Kings, Mond, Pagat and Gstieß count 5, queens 4, riders 3, jacks 2, all others 1. Cards are counted in threes: each group of three counts its sum less 2; a leftover pair counts its sum less 1, a single card its value less 1. The pack holds 74; the declarer needs 37 (variant: 38, or a 37:37 tie decided by the last trick).",
    ],
    [
      "Deal and bidding",
      "Each active player gets 21 cards in batches of 7; the last 3 cards are the talon, face down.",
      "Starting left of the dealer, each player speaks once: “weiter” (pass, while nobody has bid) or “gut” (pass after a bid), or a higher contract. Nobody may raise his own bid. If all pass, the hand is thrown in and the same dealer deals again.",
      "- Ansager (20): the declarer takes the talon, discards 3 and may buy a card.",
      "- Solo (40): takes the talon and discards 3, no buying.",
      "- Super (80): no exchange; the unseen talon counts for the declarer at the end.",
      "- Super Mord (167): a Super in which the declarer must win every trick; play stops at the first lost trick.",
      "Discards never include the Gstieß, the Mond or the Pagat; a discarded king needs a discarded trump with it.",
    ],
    [
      "Buying, laying out, doubling",
      "In an Ansager the declarer offers one hand card face down and asks for any card: its holder hands it over face up and takes the offered card. Asking for a card of one's own hand or discards loses the right to buy (the game stays an Ansager).",
      "The declarer may lay out the Pagat (in Super Mord the Gstieß instead), undertaking to win the last trick with it; then says “ich liege”. A defender holding the Pagat may lay it out as well.",
      "Doubling: the defender on the declarer's left, then the other, may give “einen Schwachen” (×2); the declarer may answer “Retour” (×2 again), the defenders may answer Retour in turn, and so on; “gut” ends it.",
    ],
    [
      "Play",
      "The declarer leads to the first trick. Follow suit; if you cannot, play a trump; otherwise any card. There is no duty to win the trick. The Gstieß may always be played, whatever was led; it never wins a trick but returns to the pile of its side. If the Gstieß is led, the second card sets the suit. A laid-out Pagat may be played only when nothing else is legal.",
      "The highest trump wins the trick, otherwise the highest card of the suit led.",
    ],
    [
      "Scoring",
      "If the declarer reaches 37, he wins the contract's value plus the points above 37; otherwise he loses the value plus the points he is short. Winning every trick (a Match) scores value + 37. Doublings multiply the game.",
      "Pagat: a laid-out Pagat that wins the last trick scores ±20 (doubled with the game); an unannounced Pagat winning the last trick +10, beaten there −10; a Pagat captured before the last trick gives the capturing side 5.",
      "The declarer wins or loses the hand's amount against each other player. The declarer deals the next hand. Anyone may ask to end the sitting; four more played hands follow.",
    ],
  ],
  de: [
    [
      "Spieler und Karten",
      "Droggn ist das Tarock des Stubaitals in Tirol. Es spielen drei; zu viert „feiert“ der Geber jedes Spiel: er reizt, doppelt und spielt nicht mit, zählt aber mit den Gegenspielern. Gespielt wird im Uhrzeigersinn.",
      "Das 66-Blatt: 21 Tarock (I–XXI; I ist der Pagat, XXI der Mond), der Gstieß und vier Farben zu 11 Karten. Pik und Kreuz: K D R B 10 9 8 7 6 5 4, Herz und Karo: K D R B A 2 3 4 5 6 7 (das Ass ist die höchste, die 7 die niedrigste Zahlkarte). Eine Variante spielt mit allen 78 Karten.",
    ],
    [
      "Kartenpunkte",
      "Könige, Mond, Pagat und Gstieß zählen 5, Damen 4, Reiter 3, Buben 2, alle anderen 1. Gezählt wird in Dreiern: jede Dreiergruppe zählt ihre Summe weniger 2, ein übriges Paar seine Summe weniger 1, eine einzelne Karte ihren Wert weniger 1. Im Blatt sind 74 Punkte; der Spieler braucht 37 (Variante: 38, oder bei 37:37 entscheidet der letzte Stich).",
    ],
    [
      "Geben und Reizen",
      "Jeder aktive Spieler bekommt 21 Karten in Siebenerpaketen; die letzten 3 Karten sind der Talon, verdeckt.",
      "Links vom Geber beginnend spricht jeder genau einmal: „weiter“ (solange niemand angesagt hat) oder „gut“ (nach einer Ansage), oder ein höheres Spiel. Niemand kann sich selbst überbieten. Passen alle, wird eingeworfen und derselbe Geber gibt neu.",
      "- Ansager (20): der Spieler nimmt den Talon, drückt 3 Karten und darf eine Karte kaufen.",
      "- Solo (40): Talon nehmen und 3 drücken, ohne Kauf.",
      "- Super (80): kein Tausch; der ungesehene Talon zählt am Ende für den Spieler.",
      "- Super Mord (167): ein Super, in dem der Spieler alle Stiche machen muss; beim ersten verlorenen Stich ist Schluss.",
      "Nie gedrückt werden Gstieß, Mond und Pagat; zu einem gedrückten König gehört ein gedrückter Tarock.",
    ],
    [
      "Kaufen, Auslegen, Doppeln",
      "Beim Ansager bietet der Spieler verdeckt eine Handkarte und verlangt eine beliebige Karte: wer sie hat, gibt sie offen her und bekommt die gebotene. Wer eine eigene oder gedrückte Karte verlangt, verliert das Kaufrecht (es bleibt ein Ansager).",
      "Der Spieler darf den Pagat auslegen (im Super Mord stattdessen den Gstieß) und verspricht damit, den letzten Stich mit ihm zu machen; dann sagt er „ich liege“. Auch ein Gegenspieler mit dem Pagat darf ihn auslegen.",
      "Doppeln: der Gegenspieler links vom Spieler, dann der andere, kann „einen Schwachen geben“ (×2); der Spieler kann „Retour“ sagen (nochmals ×2), die Gegenspieler wieder Retour und so fort; „gut“ beendet es.",
    ],
    [
      "Spiel",
      "Der Spieler spielt zum ersten Stich aus. Farbe muss bedient werden; wer nicht kann, muss Tarock geben; sonst eine beliebige Karte. Stechen muss man nicht. Der Gstieß darf immer gespielt werden; er macht nie einen Stich, geht aber auf den Haufen seiner Partei. Wird der Gstieß ausgespielt, bestimmt die zweite Karte die Farbe. Ein ausgelegter Pagat darf nur gespielt werden, wenn nichts anderes erlaubt ist.",
      "Der höchste Tarock sticht, sonst die höchste Karte der ausgespielten Farbe.",
    ],
    [
      "Abrechnung",
      "Erreicht der Spieler 37, gewinnt er den Wert des Spiels plus die Punkte über 37; sonst verliert er den Wert plus die fehlenden Punkte. Alle Stiche (Match) zählen Wert + 37. Schwacher und Retour verdoppeln das Spiel.",
      "Pagat: ein ausgelegter Pagat, der den letzten Stich macht, zählt ±20 (mit verdoppelt); ein nicht ausgelegter Pagat im letzten Stich +10, gestochen −10; ein vor dem letzten Stich gefangener Pagat bringt der fangenden Partei 5.",
      "Der Spieler gewinnt oder verliert den Betrag gegen jeden anderen. Der Spieler gibt das nächste Spiel. Jeder kann das Ende der Sitzung verlangen; dann folgen noch vier gespielte Spiele.",
    ],
  ],
};

const TROGGU: Text = {
  en: [
    [
      "Players and pack",
      "Troggu is played in the Valais (Switzerland) by 3 to 8 players, counter-clockwise, with the 62-card Italian-suited Swiss pack: 21 trumps, der Bättler (the Fool, the highest trump), and four suits of 10 cards: swords and batons K Q C (Cavall) J X IX VIII VII VI V, cups and coins K Q C J I II III IV V VI (I is the highest pip).",
      "Points, counted singly: Bättler, XXI, I and kings 5, queens 4, cavaliers 3, jacks 2, all others 1; 114 in the pack.",
    ],
    [
      "Deal",
      "The dealer first lays out the Tapp face down, then deals the rest in packets. Tapp and hand sizes by players: 3 — Tapp 8, 18 cards; 4 — 10, 13; 5 — 7, 11; 6 — 8, 9; 7 — 6, 8; 8 — 6, 7.",
    ],
    [
      "Bidding",
      "Starting right of the dealer, each speaks once: pass, Normal (“ich nehm's”: take the Tapp) or Solo. After a Normal, later players may only pass or say Solo; a Solo ends the bidding.",
      "If all pass: with up to 6 players a Misère is played, everyone for himself, and the most points lose. With 7 or 8 the holder of the Bättler must play a Normal game (if it lies in the Tapp, the holder of the I; if both lie there, Misère).",
    ],
    [
      "Tapp and partner",
      "In a Normal game the Tappist takes the Tapp and discards as many cards; no 5-point cards, unless he holds all four kings (then kings may go). The discards count for him. With 7 or 8 players he first calls a trump (I–XX, usually XX): its holder is his secret partner, revealed when the card is played. If the called trump lies in the Tapp or his own hand, he plays alone.",
      "In a Solo the Tapp is not used; it counts for the Soloist at the end.",
    ],
    [
      "Play",
      "The Tappist or Soloist leads (in Misère the player right of the dealer). Follow suit; if you cannot, play a trump; otherwise any card. No duty to overtrump (variant: must overtrump).",
      "If the Bättler is your only trump and a trump would be required, you may play another card instead: the Bättler then loses its power, must be kept for the last trick and wins nothing there, but still counts for your side.",
    ],
    [
      "Scoring",
      "The side with 58 or more wins; 57:57 is a tie with no payment. Each loser pays each winner one stake, twice if the losers have under 30 points, three times if they took no trick. In Misère the player with the most points pays each other player one stake.",
      "The deal passes to the right after every hand.",
    ],
  ],
  de: [
    [
      "Spieler und Karten",
      "Troggu wird im Wallis von 3 bis 8 Personen gespielt, gegen den Uhrzeigersinn, mit dem italienisch-farbigen Schweizer 62-Blatt: 21 Trümpfe, der Bättler (der höchste Trumpf) und vier Farben zu 10 Karten: Schwerter und Stäbe K D C (Cavall) B X IX VIII VII VI V, Kelche und Münzen K D C B I II III IV V VI (die I ist die höchste Zahlkarte).",
      "Punkte, einzeln gezählt: Bättler, XXI, I und Könige 5, Damen 4, Cavall 3, Buben 2, alle anderen 1; im Blatt sind 114.",
    ],
    [
      "Geben",
      "Der Geber legt zuerst den Tapp verdeckt hin und gibt dann den Rest in Paketen. Tapp und Handgröße nach Spielerzahl: 3 — Tapp 8, 18 Karten; 4 — 10, 13; 5 — 7, 11; 6 — 8, 9; 7 — 6, 8; 8 — 6, 7.",
    ],
    [
      "Reizen",
      "Rechts vom Geber beginnend spricht jeder einmal: Passe, Normal („ich nehm's“: den Tapp nehmen) oder Solo. Nach einem Normal darf man nur noch passen oder Solo sagen; ein Solo beendet das Reizen.",
      "Passen alle: bis 6 Spieler wird Misère gespielt, jeder für sich, die meisten Punkte verlieren. Zu 7 oder 8 muss der Besitzer des Bättlers ein Normalspiel machen (liegt er im Tapp, der Besitzer der I; liegen beide dort, Misère).",
    ],
    [
      "Tapp und Partner",
      "Im Normalspiel nimmt der Tappist den Tapp und legt gleich viele Karten ab; keine 5-Punkte-Karten, außer er hat alle vier Könige (dann dürfen Könige weg). Die abgelegten Karten zählen für ihn. Zu 7 oder 8 ruft er vorher einen Trumpf (I–XX, meist XX): wer ihn hat, ist sein geheimer Partner, erkannt, sobald die Karte fällt. Liegt der gerufene Trumpf im Tapp oder in seiner Hand, spielt er allein.",
      "Im Solo wird der Tapp nicht benutzt; er zählt am Ende für den Solisten.",
    ],
    [
      "Spiel",
      "Der Tappist oder Solist spielt aus (im Misère der Spieler rechts vom Geber). Farbe bedienen; wer nicht kann, gibt Trumpf; sonst beliebig. Überstechen muss man nicht (Variante: man muss).",
      "Ist der Bättler dein einziger Trumpf und wäre Trumpf Pflicht, darfst du stattdessen eine andere Karte spielen: dann verliert der Bättler seine Kraft, muss bis zum letzten Stich behalten werden und gewinnt dort nichts, zählt aber für deine Partei.",
    ],
    [
      "Abrechnung",
      "Die Partei mit 58 oder mehr gewinnt; 57:57 ist unentschieden, ohne Zahlung. Jeder Verlierer zahlt jedem Gewinner einen Einsatz, doppelt wenn die Verlierer unter 30 Punkte haben, dreifach wenn sie keinen Stich gemacht haben. Im Misère zahlt der mit den meisten Punkten jedem anderen einen Einsatz.",
      "Nach jedem Spiel gibt der rechte Nachbar.",
    ],
  ],
};

const STROH: Text = {
  en: [
    [
      "Players and pack",
      "Strohmandeln (Strohmann-Tarock) is the Austrian Tarock for two. The 54-card pack: 22 Tarocks (the Sküs, the highest; the Mond XXI; … the Uhu II, the Kakadu III, the Pagat I) and four suits of 8: spades and clubs K Q R (rider) J 10 9 8 7, hearts and diamonds K Q R J A 2 3 4.",
      "Sküs, Mond, Pagat and kings count 5, queens 4, riders 3, jacks 2, others 1, counted in thirds: a player's pile is worth its sum less ⅔ per card. The pack holds 70; to win you need 35⅔ (35 points and two cards).",
    ],
    [
      "Deal and the Strohmänner",
      "Each player gets 15 cards in fives, Elder (Vorhand, the non-dealer) first, and three face-down packets of four, the Strohmänner. When a Strohmann's top card is a Tarock or a king it goes into its owner's hand, shown to both; the first other card stays face up as the pile's exposed top. The last card of a pile goes into the hand.",
      "A player without any Tarock may fold before the auction (the same dealer deals again).",
    ],
    [
      "Auction",
      "Elder says “Ich nehme auf!” (undertake) or “Weiter!”; if Elder passes, the dealer may undertake. If both pass, a simple game is played (variant: the cards are thrown in). With the variant allowDoubling, the opponent may double an undertaken game.",
    ],
    [
      "Play",
      "Elder leads. You play from your hand or from the exposed tops of your Strohmänner; after each trick the next card of a used Strohmann is turned up. Follow suit (also from the tops); if you cannot, play a Tarock; otherwise any card. No duty to win. Highest Tarock wins, else the highest card of the suit led.",
    ],
    [
      "Scoring",
      "Undertaken game: the undertaker wins 3 with 35⅔ or more, otherwise the opponent wins 4; in the extended scoring the winner's Grammel (45 points or more) adds 1. Simple game: the winner gets 2 in the classic scoring; in the extended scoring 1, or 2 with a Grammel. A drawn simple game, or a hand whose net is 0, starts a Nullrunde: the next two games count double.",
      "Bonuses of 1 each: Pagat ultimo (the I wins the last trick; captured there, the captor scores), and in the extended scoring Trull and Four Kings in one's tricks, Uhu (II wins trick 26), Kakadu (III wins trick 25) and Rostopschin: win a trick with XVII saying “Ross!”, then the next with XVIII saying “Topschin!”. In the classic scoring the Trull and the Four Kings in hand are announced instead. Winning all tricks (Valat) scores 12 and replaces everything else.",
      "The deal alternates.",
    ],
  ],
  de: [
    [
      "Spieler und Karten",
      "Strohmandeln (Strohmann-Tarock) ist das österreichische Tarock zu zweit. Das 54-Blatt: 22 Tarock (der Sküs als höchster; der Mond XXI; … der Uhu II, der Kakadu III, der Pagat I) und vier Farben zu 8: Pik und Kreuz K D R B 10 9 8 7, Herz und Karo K D R B A 2 3 4.",
      "Sküs, Mond, Pagat und Könige zählen 5, Damen 4, Reiter 3, Buben 2, sonst 1, gezählt in Dritteln: der Haufen eines Spielers ist seine Summe weniger ⅔ je Karte wert. Im Blatt sind 70; zum Gewinn braucht man 35⅔ (35 Punkte und zwei Blatt).",
    ],
    [
      "Geben und die Strohmänner",
      "Jeder bekommt 15 Karten in Fünfern, die Vorhand (der Nichtgeber) zuerst, und drei verdeckte Viererpakete, die Strohmänner. Ist die oberste Karte eines Strohmanns ein Tarock oder König, kommt sie (beiden gezeigt) in die Hand; die erste andere Karte bleibt offen oben liegen. Die letzte Karte eines Strohmanns kommt in die Hand.",
      "Wer keinen Tarock hat, darf vor dem Reizen zusammenwerfen (derselbe Geber gibt neu).",
    ],
    [
      "Reizen",
      "Die Vorhand sagt „Ich nehme auf!“ oder „Weiter!“; passt sie, darf der Geber aufnehmen. Passen beide, wird ein einfaches Spiel gespielt (Variante: eingeworfen). Mit der Variante allowDoubling darf der Gegner ein aufgenommenes Spiel doppeln.",
    ],
    [
      "Spiel",
      "Die Vorhand spielt aus. Gespielt wird aus der Hand oder von den offenen Karten der eigenen Strohmänner; nach jedem Stich wird beim benutzten Strohmann die nächste Karte aufgedeckt. Farbe bedienen (auch von den Strohmännern); wer nicht kann, gibt Tarock; sonst beliebig. Stechen muss man nicht. Der höchste Tarock sticht, sonst die höchste Karte der ausgespielten Farbe.",
    ],
    [
      "Abrechnung",
      "Aufgenommenes Spiel: der Aufnehmer gewinnt 3 mit 35⅔ oder mehr, sonst gewinnt der Gegner 4; in der erweiterten Wertung bringt der Grammel des Gewinners (45 Punkte oder mehr) 1 dazu. Einfaches Spiel: der Gewinner bekommt 2 in der klassischen Wertung; in der erweiterten 1, mit Grammel 2. Ein unentschiedenes einfaches Spiel oder ein Spiel mit Saldo 0 beginnt eine Nullrunde: die nächsten zwei Spiele zählen doppelt.",
      "Prämien zu je 1: Pagat ultimo (die I macht den letzten Stich; dort gefangen, zählt der Fänger), und in der erweiterten Wertung Trull und vier Könige in den eigenen Stichen, Uhu (II macht Stich 26), Kakadu (III macht Stich 25) und Rostopschin: einen Stich mit XVII und „Ross!“ machen, dann den nächsten mit XVIII und „Topschin!“. In der klassischen Wertung werden stattdessen Trull und vier Könige in der Hand angesagt. Alle Stiche (Valat) zählen 12 und ersetzen alles andere.",
      "Es wird abwechselnd gegeben.",
    ],
  ],
};

const TEXTS: Record<GameName, Text> = { droggn: DROGGN, troggu: TROGGU, strohmandeln: STROH };

const SAMPLE: Record<GameName, string[]> = {
  droggn: ["FOOL", "T21", "T1", "S-K", "H-Q", "C-N", "D-J", "H-1"],
  troggu: ["FOOL", "T21", "T1", "Sw-K", "Cu-Q", "Ba-N", "Co-J", "Cu-1"],
  strohmandeln: ["FOOL", "T21", "T2", "T3", "T1", "C-K", "D-Q", "S-7"],
};

/** RulesPage summarizes the rules of a game. */
export function RulesPage(p: { game: GameName; lang: Lang }) {
  const { game, lang } = p;
  const secs = TEXTS[game]?.[lang];
  // A link to a section (a glossary tip's) scrolls to it once it is shown.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [game]);
  if (!secs) return <main class="box">{t(lang, "notFound")}</main>;
  return (
    <main class="rules box" data-testid="rules">
      <nav class="rules-nav">
        {(["droggn", "troggu", "strohmandeln"] as GameName[]).map((g) => (
          <a href={`/rules/${g}`} class={"pill" + (g === game ? " on" : "")} onClick={(e) => linkClick(e, `/rules/${g}`)}>
            {TITLE[g]}
          </a>
        ))}
      </nav>
      <h2>{t(lang, "rulesOf", TITLE[game])}</h2>
      <p class="muted">{t(lang, "fullRules")}</p>
      <div class="sample">
        {SAMPLE[game].map((c) => (
          <Card id={c} game={game} lang={lang} small />
        ))}
      </div>
      {secs.map(([title, ...paras], i) => (
        <section id={SECTIONS[game][i]}>
          <h3>{title}</h3>
          {render(paras)}
        </section>
      ))}
      <Variants game={game} lang={lang} />
    </main>
  );
}

/** Variants lists the game's options in words, from the server's option tables, with their defaults. */
function Variants(p: { game: GameName; lang: Lang }) {
  const { lang } = p;
  const [specs, setSpecs] = useState<GameSpec[] | null>(null);
  useEffect(() => {
    api.games().then(setSpecs, () => setSpecs([]));
  }, []);
  const g = specs?.find((s) => s.name === p.game);
  if (!g || !g.options.length) return null;
  return (
    <section data-testid="variants">
      <h3>{tr(lang, "Variants", "Varianten")}</h3>
      <p class="muted">
        {tr(
          lang,
          "Chosen for each table when it is created; the first value is the default.",
          "Werden beim Anlegen eines Tisches gewählt; der erste Wert ist der Standard.",
        )}
      </p>
      <dl class="variants">
        {g.options.map((o) => (
          <>
            <dt data-option={o.name}>{optionLabel(o, lang)}</dt>
            <dd>
              <span class="values">{choices(o, lang)}</span>
              <br />
              <small class="help">{optionHelp(o, lang)}</small>
            </dd>
          </>
        ))}
      </dl>
    </section>
  );
}

/** choices words the values an option may take, the default first. */
function choices(o: OptionSpec, lang: Lang): string {
  const def = ` (${t(lang, "defaultMark")})`;
  if (o.kind === "enum") return (o.values ?? []).map((v, i) => valueLabel(o, v, lang) + (i === 0 ? def : "")).join(" · ");
  if (o.kind === "bool") return valueLabel(o, o.default, lang) + def + " · " + valueLabel(o, !o.default, lang);
  if (o.choices?.length) return o.choices.map((v) => valueLabel(o, v, lang) + (v === o.default ? def : "")).join(" · ");
  const range = `${o.min ?? ""}–${valueLabel(o, o.max, lang)}`;
  return `${valueLabel(o, o.default, lang)}${def} · ${range}`;
}

function render(paras: string[]) {
  const out = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) {
      out.push(
        <ul>
          {list.map((x) => (
            <li>{x}</li>
          ))}
        </ul>,
      );
      list = [];
    }
  };
  for (const p of paras) {
    if (p.startsWith("- ")) list.push(p.slice(2));
    else {
      flush();
      out.push(<p>{p}</p>);
    }
  }
  flush();
  return out;
}

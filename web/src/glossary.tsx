// The games' words explained where they appear: every contract, result
// item and game term the table shows has a short explanation in English
// and German, opened by hovering, focusing or tapping the word, with a
// link to the section of the rules page that tells the whole rule.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameName } from "./cards";
import { tr, type Lang } from "./i18n";
import { linkClick } from "./router";

/** Entry explains one term of a game: its text in both languages and its section of the rules page (1 is the first). */
export interface Entry {
  en: string;
  de: string;
  section: number;
}

type Book = Record<string, Entry>;

// The keys: "contract.CODE" and "item.CODE" as the engines name them
// (docs/FORMAT.md), "term.NAME" for the words of the table.
const DROGGN: Book = {
  "contract.ansager": {
    section: 3,
    en: "Ansager (20), the ordinary game: the declarer takes the three talon cards, discards three and may buy one card from a defender; he needs 37 of the 74 card points.",
    de: "Ansager (20), das gewöhnliche Spiel: der Spieler nimmt die drei Talonkarten, drückt drei und darf einem Gegenspieler eine Karte abkaufen; er braucht 37 der 74 Punkte.",
  },
  "contract.solo": {
    section: 3,
    en: "Solo (40): the declarer takes the talon and discards three, but may not buy; he needs 37 card points.",
    de: "Solo (40): der Spieler nimmt den Talon und drückt drei, darf aber nicht kaufen; er braucht 37 Punkte.",
  },
  "contract.super": {
    section: 3,
    en: "Super (80): no exchange and no buying; the unseen talon counts for the declarer at the end; he needs 37 card points.",
    de: "Super (80): kein Tausch und kein Kauf; der verdeckte Talon zählt am Ende für den Spieler; er braucht 37 Punkte.",
  },
  "contract.supermord": {
    section: 3,
    en: "Super Mord (167): a Super in which the declarer must win every trick; play stops at the first trick he loses.",
    de: "Super Mord (167): ein Super, bei dem der Spieler jeden Stich machen muss; das Spiel endet beim ersten verlorenen Stich.",
  },
  "contract.thrown_in": {
    section: 3,
    en: "Thrown in: all passed (“weiter”), so nobody plays; the same dealer deals again.",
    de: "Eingeworfen: alle sagten „weiter“, niemand spielt; derselbe Geber gibt neu.",
  },
  "item.game": {
    section: 6,
    en: "The game: the contract's value plus the card points above 37, or minus the points short of it; doublings multiply it.",
    de: "Das Spiel: der Wert des Spiels plus die Punkte über 37, oder minus die fehlenden; Doppelungen vervielfachen es.",
  },
  "item.match": {
    section: 6,
    en: "Match: the declarer won every trick; the game scores its value plus 37.",
    de: "Match: der Spieler machte alle Stiche; das Spiel zählt seinen Wert plus 37.",
  },
  "item.pagat_ultimo": {
    section: 6,
    en: "Pagat ultimo: the Pagat (I) won the last trick, +10 for its side unannounced; beaten in the last trick, −10.",
    de: "Pagat ultimo: der Pagat (I) machte den letzten Stich, +10 für seine Seite ohne Ansage; im letzten Stich geschlagen, −10.",
  },
  "item.pagat_capture": {
    section: 6,
    en: "Pagat captured: a side won the other side's Pagat in a trick before the last and scores 5.",
    de: "Pagat gefangen: eine Seite stach den Pagat der anderen vor dem letzten Stich und bekommt 5.",
  },
  "item.pagat_captured": {
    section: 6,
    en: "Pagat captured: a side won the other side's Pagat in a trick before the last and scores 5.",
    de: "Pagat gefangen: eine Seite stach den Pagat der anderen vor dem letzten Stich und bekommt 5.",
  },
  "item.kleine_und_gstiess_ultimo": {
    section: 6,
    en: "Kleine und Gstieß Ultimo (a variant): holding only the Pagat and the Gstieß for the last two tricks, the declarer announced it and brought the Pagat home: +20 instead of the +10 ultimo.",
    de: "Kleine und Gstieß Ultimo (eine Variante): mit nur Pagat und Gstieß für die letzten zwei Stiche sagte der Spieler es an und brachte den Pagat heim: +20 statt der 10 für das Ultimo.",
  },
  "item.pagat_laid_out": {
    section: 4,
    en: "A laid-out Pagat undertook to win the last trick: ±20, doubled with the game.",
    de: "Ein ausgelegter Pagat verpflichtete sich zum letzten Stich: ±20, mit dem Spiel gedoppelt.",
  },
  "item.gstiess_laid_out": {
    section: 4,
    en: "In Super Mord the declarer may lay out the Gstieß instead of the Pagat; played to the last trick it wins it, and the game counts 20 more.",
    de: "Im Super Mord darf der Spieler statt des Pagat den Gstieß auslegen; in den letzten Stich gespielt gewinnt er ihn, und das Spiel zählt 20 mehr.",
  },
  "term.talon": {
    section: 3,
    en: "Talon: the three cards left face down after the deal; the declarer of an Ansager or Solo takes them and discards three.",
    de: "Talon: die drei verdeckten Karten nach dem Geben; der Spieler eines Ansagers oder Solos nimmt sie und drückt drei.",
  },
  "term.fool": {
    section: 5,
    en: "Gstieß (the Fool): worth 5, may always be played, never wins a trick and goes back to its own side's pile.",
    de: "Gstieß (der Sküs der anderen Spiele): zählt 5, darf immer gespielt werden, macht nie einen Stich und geht auf den Haufen der eigenen Seite.",
  },
  "term.declarer": {
    section: 3,
    en: "The declarer won the bidding and plays alone against the others (with four, the dealer sits out and scores with the defenders).",
    de: "Der Spieler hat das Reizen gewonnen und spielt allein gegen die anderen (zu viert feiert der Geber und zählt mit den Gegenspielern).",
  },
};

const TROGGU: Book = {
  "contract.normal": {
    section: 4,
    en: "Normal game (Tapp): the Tappist takes the Tapp and discards as many cards; with 7 or 8 players he calls a trump whose holder is his secret partner. A side needs 58 of the 114 points.",
    de: "Normalspiel (Tapp): der Tappist nimmt den Tapp und legt ebenso viele Karten ab; mit 7 oder 8 Spielern ruft er einen Trumpf, dessen Besitzer sein geheimer Partner ist. Eine Seite braucht 58 der 114 Punkte.",
  },
  "contract.solo": {
    section: 3,
    en: "Solo: the Soloist plays alone without the Tapp, which counts for him at the end; he needs 58 of the 114 points.",
    de: "Solo: der Solist spielt allein ohne den Tapp, der am Ende für ihn zählt; er braucht 58 der 114 Punkte.",
  },
  "contract.misere": {
    section: 3,
    en: "Misère: everybody passed, so each plays for himself; the player with the most card points pays everyone.",
    de: "Misère: alle passten, jeder spielt für sich; wer die meisten Punkte hat, zahlt allen.",
  },
  "item.game": {
    section: 6,
    en: "The game: the side with 58 or more card points wins; each loser pays each winner one stake.",
    de: "Das Spiel: die Seite mit 58 oder mehr Punkten gewinnt; jeder Verlierer zahlt jedem Gewinner einen Einsatz.",
  },
  "item.under_30": {
    section: 6,
    en: "Under 30: the losers took fewer than 30 card points, so they pay twice.",
    de: "Unter 30: die Verlierer haben weniger als 30 Punkte und zahlen doppelt.",
  },
  "item.no_trick": {
    section: 6,
    en: "No trick: the losers took no trick, so they pay three times.",
    de: "Kein Stich: die Verlierer machten keinen Stich und zahlen dreifach.",
  },
  "item.solo_multiplier": {
    section: 6,
    en: "Solo stake (a variant): a Solo's payments are multiplied; this is the extra.",
    de: "Solo-Faktor (eine Variante): die Zahlungen eines Solos werden vervielfacht; das ist der Zuschlag.",
  },
  "item.tie_57_57": {
    section: 6,
    en: "57:57, a tie: nobody pays.",
    de: "57:57, Gleichstand: niemand zahlt.",
  },
  "item.misere_most_points": {
    section: 6,
    en: "In a Misère the player with the most card points pays each other player one stake.",
    de: "Im Misère zahlt der Spieler mit den meisten Punkten jedem anderen einen Einsatz.",
  },
  "item.misere_tie_no_payment": {
    section: 6,
    en: "In a Misère two or more share the most card points: nobody pays.",
    de: "Im Misère teilen sich mehrere die meisten Punkte: niemand zahlt.",
  },
  "term.talon": {
    section: 2,
    en: "Tapp: the cards the dealer lays out face down first; the Tappist of a Normal game takes them, in a Solo they count for the Soloist.",
    de: "Tapp: die Karten, die der Geber zuerst verdeckt auslegt; der Tappist eines Normalspiels nimmt sie, im Solo zählen sie für den Solisten.",
  },
  "term.fool": {
    section: 1,
    en: "Der Bättler (the Fool) is the highest trump and worth 5; as a player's only trump it may be kept back, and then wins nothing in the last trick.",
    de: "Der Bättler (der Narr) ist der höchste Trumpf und zählt 5; als einziger Trumpf darf er zurückgehalten werden und gewinnt dann im letzten Stich nichts.",
  },
  "term.declarer": {
    section: 4,
    en: "The Tappist took the Tapp in a Normal game (the Soloist plays a Solo); his side needs 58 card points.",
    de: "Der Tappist nahm im Normalspiel den Tapp (der Solist spielt ein Solo); seine Seite braucht 58 Punkte.",
  },
};

const STROH: Book = {
  "contract.undertaken": {
    section: 3,
    en: "Undertaken (“Ich nehme auf!”): the undertaker needs 35⅔ of the 70 card points; he wins 3, or the opponent wins 4.",
    de: "Aufgenommen („Ich nehme auf!“): der Aufnehmer braucht 35⅔ der 70 Punkte; er gewinnt 3, sonst gewinnt der Gegner 4.",
  },
  "contract.simple": {
    section: 3,
    en: "Simple game: both passed; whoever takes 35⅔ card points wins.",
    de: "Einfaches Spiel: beide sagten „Weiter!“; wer 35⅔ Punkte macht, gewinnt.",
  },
  "contract.folded": {
    section: 2,
    en: "Folded: a player without a Tarock gave up before the auction; the same dealer deals again.",
    de: "Zusammengeworfen: ein Spieler ohne Tarock gab vor dem Aufnehmen auf; derselbe Geber gibt neu.",
  },
  "item.game": {
    section: 5,
    en: "The game: 3 to the undertaker who reaches 35⅔, else 4 to the opponent; a simple game 2 (extended scoring: 1, or 2 with a Grammel).",
    de: "Das Spiel: 3 für den Aufnehmer mit 35⅔, sonst 4 für den Gegner; ein einfaches Spiel 2 (erweiterte Wertung: 1, mit Grammel 2).",
  },
  "item.grammel": {
    section: 5,
    en: "Grammel: the winner took 45 card points or more: 1 more.",
    de: "Grammel: der Gewinner hat 45 Punkte oder mehr: 1 dazu.",
  },
  "item.trull": {
    section: 5,
    en: "Trull: Sküs, Mond and Pagat together in one's tricks: 1.",
    de: "Trull: Sküs, Mond und Pagat zusammen in den eigenen Stichen: 1.",
  },
  "item.four_kings": {
    section: 5,
    en: "Four Kings: all four kings in one's tricks: 1.",
    de: "Vier Könige: alle vier Könige in den eigenen Stichen: 1.",
  },
  "item.pagat_ultimo": {
    section: 5,
    en: "Pagat ultimo: the Pagat (I) won the last trick: 1; captured there, the captor scores it.",
    de: "Pagat ultimo: der Pagat (I) machte den letzten Stich: 1; dort gefangen, zählt es für den Fänger.",
  },
  "item.pagat_captured": {
    section: 5,
    en: "Pagat captured: the Pagat was beaten in the last trick; the captor scores 1.",
    de: "Pagat gefangen: der Pagat wurde im letzten Stich geschlagen; der Fänger bekommt 1.",
  },
  "item.uhu": {
    section: 5,
    en: "Uhu: the II won the second-to-last trick: 1.",
    de: "Uhu: der II machte den vorletzten Stich: 1.",
  },
  "item.uhu_captured": {
    section: 5,
    en: "Uhu captured: the II was beaten in the second-to-last trick; the captor scores 1.",
    de: "Uhu gefangen: der II wurde im vorletzten Stich geschlagen; der Fänger bekommt 1.",
  },
  "item.kakadu": {
    section: 5,
    en: "Kakadu: the III won the third-to-last trick: 1.",
    de: "Kakadu: der III machte den drittletzten Stich: 1.",
  },
  "item.kakadu_captured": {
    section: 5,
    en: "Kakadu captured: the III was beaten in the third-to-last trick; the captor scores 1.",
    de: "Kakadu gefangen: der III wurde im drittletzten Stich geschlagen; der Fänger bekommt 1.",
  },
  "item.rostopschin": {
    section: 5,
    en: "Rostopschin: a trick won with the XVII saying “Ross!”, then the next with the XVIII saying “Topschin!”: 1.",
    de: "Rostopschin: ein Stich mit dem XVII und „Ross!“, dann der nächste mit dem XVIII und „Topschin!“: 1.",
  },
  "item.rostopschin_lost": {
    section: 5,
    en: "Rostopschin lost: “Ross!” was said, but the “Topschin!” trick was not won; the opponent scores 1.",
    de: "Rostopschin verloren: „Ross!“ wurde gesagt, aber der „Topschin!“-Stich nicht gemacht; der Gegner bekommt 1.",
  },
  "item.valat": {
    section: 5,
    en: "Valat: one player won every trick: 12, instead of everything else.",
    de: "Valat: ein Spieler machte alle Stiche: 12, statt allem anderen.",
  },
  "item.double": {
    section: 3,
    en: "Doubled: the opponent doubled the undertaken game; it counts twice.",
    de: "Gedoppelt: der Gegner doppelte das aufgenommene Spiel; es zählt doppelt.",
  },
  "item.draw": {
    section: 5,
    en: "Nullrunde: a drawn simple game or a hand whose net is 0; the next two games count double.",
    de: "Nullrunde: ein unentschiedenes einfaches Spiel oder ein Spiel mit Saldo 0; die nächsten zwei Spiele zählen doppelt.",
  },
  "term.talon": {
    section: 2,
    en: "Strohmänner: each player's three face-down packets of four; their exposed top cards are played like hand cards, and the next card is turned up after each trick.",
    de: "Strohmänner: die drei verdeckten Viererpäckchen jedes Spielers; ihre offenen obersten Karten werden wie Handkarten gespielt, nach jedem Stich wird die nächste aufgedeckt.",
  },
  "term.fool": {
    section: 1,
    en: "Sküs: the highest Tarock, worth 5.",
    de: "Sküs: der höchste Tarock, zählt 5.",
  },
  "term.declarer": {
    section: 3,
    en: "The undertaker said “Ich nehme auf!” and needs 35⅔ of the 70 card points.",
    de: "Der Aufnehmer sagte „Ich nehme auf!“ und braucht 35⅔ der 70 Punkte.",
  },
};

/** GLOSSARY is every game's book of terms. */
export const GLOSSARY: Record<GameName, Book> = { droggn: DROGGN, troggu: TROGGU, strohmandeln: STROH };

/** SECTIONS is the number of sections of each game's rules page (rules.tsx), which a term's link must lie within. */
export const SECTIONS: Record<GameName, number> = { droggn: 6, troggu: 6, strohmandeln: 5 };

/** entryOf returns the explanation of a term of a game, if the glossary has one. */
export function entryOf(game: GameName, key: string): Entry | undefined {
  return GLOSSARY[game]?.[key];
}

let opened: ((open: boolean) => void) | null = null;

/**
 * Term shows a game word; when the glossary explains it, hovering,
 * focusing or tapping it opens the explanation with a link to the rules.
 */
export function Term(p: { game: GameName; k: string; lang: Lang; children: ComponentChildren }) {
  const e = entryOf(p.game, p.k);
  const [open, setOpen] = useState(false);
  // Opened by a tap or a click, the explanation stays until the next tap
  // or click on the word, a tap elsewhere or Escape; opened by a mouse
  // hovering, it closes when the mouse leaves.
  const pinned = useRef(false);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    // One explanation at a time; a tap elsewhere or Escape closes it.
    if (opened && opened !== setOpen) opened(false);
    opened = setOpen;
    const away = (ev: Event) => {
      if (box.current && !box.current.contains(ev.target as Node)) setOpen(false);
    };
    const esc = (ev: KeyboardEvent) => ev.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", esc);
      if (opened === setOpen) opened = null;
      pinned.current = false;
    };
  }, [open]);
  if (!e) return <>{p.children}</>;
  const href = `/rules/${p.game}#s${e.section}`;
  return (
    <span
      class="term-wrap"
      ref={box}
      onPointerEnter={(ev) => ev.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(ev) => ev.pointerType === "mouse" && !pinned.current && setOpen(false)}
    >
      <button
        type="button"
        class="term"
        aria-expanded={open}
        data-term={p.k}
        onClick={() => {
          if (open && pinned.current) {
            setOpen(false);
            return;
          }
          pinned.current = true;
          setOpen(true);
        }}
      >
        {p.children}
      </button>
      {open && (
        <span class="term-tip" role="tooltip" data-testid="term-tip">
          {p.lang === "de" ? e.de : e.en}{" "}
          <a href={href} onClick={(ev) => linkClick(ev, href)}>
            {tr(p.lang, "The rule", "Die Regel")} →
          </a>
        </span>
      )}
    </span>
  );
}

// German and English text of the app, with each game's own words.

import { ApiError, type Action } from "./api";
import { cardName, FOOL_NAME, parse, roman, suitName, type GameName } from "./cards";

/** Lang is a display language. */
export type Lang = "en" | "de";

const S = {
  tagline: ["Droggn, Troggu and Strohmandeln in the browser", "Droggn, Troggu und Strohmandeln im Browser"],
  lobby: ["Lobby", "Lobby"],
  openTables: ["Tables", "Tische"],
  noTables: ["No tables yet. Create one below.", "Noch keine Tische. Lege unten einen an."],
  refresh: ["Refresh", "Aktualisieren"],
  newTable: ["New table", "Neuer Tisch"],
  game: ["Game", "Spiel"],
  players: ["Players", "Spieler"],
  seat: ["Seat", "Platz"],
  seatN: ["Seat {0}", "Platz {0}"],
  you: ["you", "du"],
  human: ["Person (invite link)", "Mensch (Einladungslink)"],
  bot: ["Bot", "Bot"],
  botLevel: ["Bot: {0}", "Bot: {0}"],
  yourName: ["Your name", "Dein Name"],
  tableName: ["Table name (optional)", "Tischname (optional)"],
  hands: ["Hands in the sitting", "Spiele in der Sitzung"],
  handsHelp: ["empty: the game's usual end", "leer: das übliche Ende des Spiels"],
  options: ["Rules and variants", "Regeln und Varianten"],
  defaultMark: ["default", "Standard"],
  unlimited: ["unlimited", "unbegrenzt"],
  create: ["Create table", "Tisch anlegen"],
  creating: ["Creating…", "Lege an…"],
  watch: ["Watch", "Zuschauen"],
  enter: ["Back to my seat", "Zurück an meinen Platz"],
  rules: ["Rules", "Regeln"],
  importRecord: ["Import a hand record", "Spielprotokoll importieren"],
  language: ["Deutsch", "English"],
  free: ["free", "frei"],
  running: ["running", "läuft"],
  open: ["waiting for players", "wartet auf Spieler"],
  over: ["over", "beendet"],
  invites: ["Invite links", "Einladungslinks"],
  invitesHelp: [
    "Send each link to one person: the first to open it takes that seat.",
    "Schicke jeden Link an eine Person: wer ihn zuerst öffnet, bekommt den Platz.",
  ],
  spectateLink: ["Link for spectators", "Link für Zuschauer"],
  copy: ["Copy", "Kopieren"],
  copied: ["Copied", "Kopiert"],
  close: ["Close", "Schließen"],
  claimTitle: ["You are invited to seat {0}", "Du bist an Platz {0} eingeladen"],
  claimBtn: ["Take the seat", "Platz nehmen"],
  inviteUsed: [
    "This invite has been used already: somebody took the seat. Ask the host for a new link, or watch.",
    "Diese Einladung wurde schon verwendet: jemand hat den Platz genommen. Bitte den Gastgeber um einen neuen Link, oder schau zu.",
  ],
  inviteOver: ["This table is closed: its invites take no seat any more.", "Dieser Tisch ist geschlossen: seine Einladungen vergeben keine Plätze mehr."],
  seatTaken: ["This seat has been taken already.", "Dieser Platz ist schon vergeben."],
  nameNeeded: ["Please give a name.", "Bitte gib einen Namen an."],
  connecting: ["Connecting…", "Verbinde…"],
  reconnecting: ["Connection lost; trying again in {0} s…", "Verbindung verloren; neuer Versuch in {0} s…"],
  spectating: ["You are watching", "Du schaust zu"],
  yourTurn: ["Your turn", "Du bist dran"],
  waitingFor: ["Waiting for {0}", "Warte auf {0}"],
  playCard: ["Play a card", "Spiel eine Karte aus"],
  handOver: ["The hand is over", "Das Spiel ist aus"],
  sittingOver: ["The sitting is over", "Die Sitzung ist beendet"],
  trick: ["Trick", "Stich"],
  trickN: ["Trick {0}", "Stich {0}"],
  lastTrick: ["Last trick", "Letzter Stich"],
  lastTrickYou: ["Last trick — you took it", "Letzter Stich — du hast ihn"],
  lastTrickBy: ["Last trick — {0} took it", "Letzter Stich — {0} hat ihn"],
  log: ["Bidding and tricks", "Reizen und Stiche"],
  led: ["{0} led", "{0} spielt aus"],
  wonBy: ["{0} won it", "an {0}"],
  sheet: ["Score sheet", "Schreibblock"],
  chat: ["Chat", "Chat"],
  table: ["Table", "Tisch"],
  hint: ["Hint", "Tipp"],
  hintIs: ["Hint: {0}", "Tipp: {0}"],
  hintElse: ["else {0}", "sonst {0}"],
  send: ["Send", "Senden"],
  chatEmpty: ["No messages yet.", "Noch keine Nachrichten."],
  handN: ["Hand {0}", "Spiel {0}"],
  dealer: ["dealer", "Geber"],
  cards: ["cards", "Karten"],
  tricks: ["tricks", "Stiche"],
  points: ["points", "Punkte"],
  cardPoints: ["Card points", "Kartenpunkte"],
  score: ["Score", "Punkte"],
  total: ["Total", "Summe"],
  redeal: ["dealt again", "neu gegeben"],
  settlement: ["Settlement", "Abrechnung"],
  pays: ["{0} pays {1}: {2}", "{0} zahlt {1}: {2}"],
  noPayments: ["Nobody pays anybody.", "Niemand zahlt."],
  select: ["Choose {0} cards to discard ({1} chosen)", "Wähle {0} Karten zum Ablegen ({1} gewählt)"],
  selectDroggn: ["Choose {0} cards to discard ({1} chosen)", "Wähle {0} Karten zum Drücken ({1} gewählt)"],
  confirmDiscard: ["Discard", "Ablegen"],
  confirmDroggn: ["Discard", "Drücken"],
  confirm: ["Confirm", "Bestätigen"],
  result: ["Result", "Ergebnis"],
  replay: ["Replay", "Wiedergabe"],
  export: ["Download record", "Protokoll herunterladen"],
  hand: ["Your hand", "Deine Karten"],
  noHand: ["No cards", "Keine Karten"],
  botTakeover: ["Let a bot play", "Bot spielen lassen"],
  absent: ["away", "abwesend"],
  botFor: ["bot playing for {0}", "Bot spielt für {0}"],
  publicTable: ["Public table", "Öffentlicher Tisch"],
  publicHelp: ["listed in the lobby; anyone may take a free seat", "in der Lobby sichtbar; jeder darf einen freien Platz nehmen"],
  privateTable: ["Private table", "Privater Tisch"],
  privateHelp: ["only the invite links lead here", "nur die Einladungslinks führen hierher"],
  autoBot: ["A bot plays for a player who leaves", "Ein Bot spielt für jemanden, der geht"],
  soundOn: ["Sound: on", "Ton: an"],
  soundOff: ["Sound: off", "Ton: aus"],
  tricksWon: ["{0} tricks won", "{0} Stiche gemacht"],
  trickWon: ["1 trick won", "1 Stich gemacht"],
  point1: ["point", "Punkt"],
  trick1: ["trick", "Stich"],
  ownTrump: ["in your hand", "in deiner Hand"],
  ownTrumpHelp: [
    "You hold this trump yourself: calling it means you play alone.",
    "Diesen Tarock hast du selbst: wer ihn ruft, spielt allein.",
  ],
  soundHelp: ["a short tone when it is your turn", "ein kurzer Ton, wenn du dran bist"],
  hintsOn: ["Hints allowed", "Tipps erlaubt"],
  hintsOnHelp: ["a player may ask a bot for the best move", "man darf einen Bot nach dem besten Zug fragen"],
  openReview: ["Open review (practice)", "Offene Stiche (zum Üben)"],
  openReviewHelp: [
    "everyone may look back at every trick; otherwise the game's rules say which (Droggn: your side's, Strohmandeln: your own and the last one)",
    "alle dürfen jeden Stich nachsehen; sonst sagen es die Regeln (Droggn: die der eigenen Seite, Strohmandeln: die eigenen und den letzten)",
  ],
  trickHidden: ["turned down: not yours to look at", "verdeckt: nicht zum Nachsehen"],
  join: ["Join", "Mitspielen"],
  autoBotHelp: [
    "after a short absence; whoever comes back gets the seat back at once",
    "nach kurzer Abwesenheit; wer zurückkommt, bekommt den Platz sofort wieder",
  ],
  error: ["Error", "Fehler"],
  back: ["Back", "Zurück"],
  toLobby: ["Lobby", "Lobby"],
  step: ["Step {0} of {1}", "Schritt {0} von {1}"],
  first: ["|◀", "|◀"],
  prev: ["◀", "◀"],
  next: ["▶", "▶"],
  last: ["▶|", "▶|"],
  importHelp: [
    "Choose a hand record (trull-hand/1 JSON) or paste it here.",
    "Wähle ein Spielprotokoll (trull-hand/1 JSON) oder füge es hier ein.",
  ],
  check: ["Show the replay", "Wiedergabe zeigen"],
  incomplete: ["Incomplete record: seat {0} is to act.", "Unvollständiges Protokoll: Platz {0} ist am Zug."],
  lastResult: ["Last hand", "Letztes Spiel"],
  dismiss: ["OK", "OK"],
  multiplier: ["×{0}", "×{0}"],
  doubled: ["doubled", "gedoppelt"],
  alone: ["plays alone", "spielt allein"],
  partnerIs: ["partner: {0}", "Partner: {0}"],
  called: ["called {0}", "gerufen: {0}"],
  powerless: ["your {0} has lost its power", "dein {0} hat seine Kraft verloren"],
  discards: ["Discards", "Gedrückt"],
  yourDiscards: ["Your discards", "Deine gedrückten Karten"],
  tappTaken: ["Tapp taken up", "Aufgenommener Tapp"],
  bought: ["bought {0} from {1}", "kauft {0} von {1}"],
  buyLost: ["asked for {0}: the right to buy is lost", "verlangt {0}: Kaufrecht verloren"],
  offered: ["offered card: {0}", "gebotene Karte: {0}"],
  laidOut: ["laid out", "ausgelegt"],
  known: ["known", "bekannt"],
  faceDown: ["face down", "verdeckt"],
  offerCard: ["Offer a card: click it in your hand", "Biete eine Karte: klicke sie in deiner Hand an"],
  askFor: ["Ask for", "Verlange"],
  buyBtn: ["Offer {0}, ask for {1}", "{0} bieten, {1} verlangen"],
  gameOf: ["{0} of {1}", "{0} von {1}"],
  host: ["host", "Gastgeber"],
  newerHand: ["Hand {0} — result", "Spiel {0} — Ergebnis"],
  variant: ["Variant", "Variante"],
  replayOf: ["Replay of hand {0}", "Wiedergabe von Spiel {0}"],
  replayTitle: ["Replay", "Wiedergabe"],
  seatsAll: ["All hands", "Alle Karten"],
  notFound: ["Page not found.", "Seite nicht gefunden."],
  rulesOf: ["Rules of {0}", "Regeln von {0}"],
  fullRules: [
    "A summary of the project's rules specification (docs/RULES.md), which the engine implements with every documented variant.",
    "Eine Zusammenfassung der Regelspezifikation des Projekts (docs/RULES.md), die das Programm mit allen beschriebenen Varianten umsetzt.",
  ],
  elder: ["Elder", "Vorhand"],
  gone: ["The table does not exist (any more).", "Diesen Tisch gibt es nicht (mehr)."],
  badToken: ["Your seat token was refused.", "Dein Platz-Schlüssel wurde abgelehnt."],
  watchInstead: ["Watch instead", "Stattdessen zuschauen"],
  nextHand: ["Deal the next hand", "Nächstes Spiel geben"],
  askEnd: ["Ask to end the sitting", "Ende der Sitzung verlangen"],
  endAsked: ["{0} asked to end the sitting.", "{0} hat das Ende der Sitzung verlangt."],
  handsLeft: ["Hands left: {0}.", "Noch {0} Spiele."],
} as const;

/** Key is a UI string key. */
export type Key = keyof typeof S;

/** t returns the text of key in lang, with {0}, {1}, … replaced by args. */
export function t(lang: Lang, key: Key, ...args: (string | number)[]): string {
  const s: string = S[key][lang === "de" ? 1 : 0];
  return args.length ? s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? "")) : s;
}

/** tr picks the English or German text. */
export function tr(lang: Lang, en: string, de: string): string {
  return lang === "de" ? de : en;
}

/** Game titles. */
export const TITLE: Record<GameName, string> = { droggn: "Droggn", troggu: "Troggu", strohmandeln: "Strohmandeln" };

/** contractName names a contract ("ansager", "misere", …) in the game's words. */
export function contractName(game: GameName, c: string, lang: Lang): string {
  const names: Record<string, [string, string]> = {
    ansager: ["Ansager", "Ansager"],
    solo: ["Solo", "Solo"],
    super: ["Super", "Super"],
    supermord: ["Super Mord", "Super Mord"],
    thrown_in: ["thrown in", "eingeworfen"],
    normal: ["Normal game (Tapp)", "Normalspiel (Tapp)"],
    misere: ["Misère", "Misère"],
    undertaken: ["undertaken (Ich nehme auf!)", "aufgenommen (Ich nehme auf!)"],
    simple: ["simple game", "einfaches Spiel"],
    folded: ["folded", "zusammengeworfen"],
  };
  void game;
  const n = names[c];
  return n ? n[lang === "de" ? 1 : 0] : c;
}

/** declarerWord names the declarer's role in the game's words. */
export function declarerWord(game: GameName, contract: string, lang: Lang): string {
  if (game === "troggu") {
    if (contract === "solo") return "Soloist";
    return "Tappist";
  }
  if (game === "strohmandeln") return tr(lang, "undertaker", "Aufnehmer");
  return tr(lang, "declarer", "Spieler");
}

/** talonWord names the talon in the game's words. */
export function talonWord(game: GameName): string {
  return game === "troggu" ? "Tapp" : game === "strohmandeln" ? "Strohmänner" : "Talon";
}

/** LabelCtx says what an action label needs to know about the hand. */
export interface LabelCtx {
  game: GameName;
  lang: Lang;
  /** a contract was bid before (Droggn: "gut" instead of "weiter") */
  bidBefore?: boolean;
  /** the acting seat is the declarer */
  isDeclarer?: boolean;
}

/** actionLabel names a legal action for a button, in the game's words. */
export function actionLabel(a: Action, x: LabelCtx): string {
  const { game, lang } = x;
  const de = lang === "de";
  const card = (id?: string) => (id ? cardName(id, game, lang) : "");
  switch (game) {
    case "droggn":
      switch (a.act) {
        case "bid":
          switch (a.call) {
            case "pass":
            case "weiter":
            case "gut":
              return x.bidBefore ? tr(lang, "gut (pass)", "gut") : tr(lang, "weiter (pass)", "weiter");
            case "ansager":
              return tr(lang, "Ansager (ich sage an)", "Ansager (ich sage an)");
          }
          return contractName(game, a.call ?? "", lang);
        case "buy":
          if (a.call === "none" || !a.cards) return tr(lang, "buy nothing", "nicht kaufen");
          return t(lang, "buyBtn", card(a.cards[0]), card(a.cards[1]));
        case "layout":
          if (a.card === "T1") return tr(lang, "lay out the Pagat", "Pagat auslegen");
          if (a.card === "FOOL") return tr(lang, "lay out the Gstieß", "Gstieß auslegen");
          return x.isDeclarer ? tr(lang, "ich liege (no lay-out)", "ich liege") : tr(lang, "no lay-out", "nicht auslegen");
        case "double":
          if (a.call === "schwacher") return tr(lang, "Schwacher (double)", "einen Schwachen geben");
          if (a.call === "retour") return tr(lang, "Retour (redouble)", "Retour");
          return tr(lang, "gut (no double)", "gut");
      }
      break;
    case "troggu":
      switch (a.act) {
        case "bid":
          if (a.call === "normal") return tr(lang, "Normal (ich nehm's: take the Tapp)", "Ich nehm's (Tapp)");
          if (a.call === "solo") return "Solo";
          return tr(lang, "pass", "Passe");
        case "call": {
          const p = parse(a.card ?? "");
          const n = p.kind === "trump" ? roman(p.n) : a.card;
          return tr(lang, `call ${n}`, `${n} rufen`);
        }
      }
      break;
    case "strohmandeln":
      switch (a.act) {
        case "fold":
          return a.call === "fold" ? tr(lang, "fold (no Tarock)", "zusammenwerfen") : tr(lang, "stay", "bleiben");
        case "bid":
          return a.call === "undertake" ? tr(lang, "undertake: Ich nehme auf!", "Ich nehme auf!") : tr(lang, "pass: Weiter!", "Weiter!");
        case "double":
          return a.call === "double" ? tr(lang, "double", "doppeln") : tr(lang, "gut (no double)", "gut");
        case "announce":
          return a.call === "trull" ? tr(lang, "announce the Trull", "Trull ansagen") : tr(lang, "announce Four Kings", "Vier Könige ansagen");
        case "play":
          if (a.say) return `${card(a.card)} ${de ? "mit" : "with"} „${a.say === "ross" ? "Ross!" : "Topschin!"}“`;
      }
      break;
  }
  if (a.act === "play") return card(a.card);
  if (a.act === "discard" && a.cards?.length) {
    const cs = a.cards.map((c) => card(c)).join(", ");
    return tr(lang, `discard ${cs}`, `${cs} ${game === "droggn" ? "drücken" : "ablegen"}`);
  }
  return [a.act, a.call, a.card, ...(a.cards ?? [])].filter(Boolean).join(" ");
}

/** logText describes a public action of the log (third person). */
export function logText(e: { act: string; call?: string; card?: string; cards?: string[]; hidden?: number; count?: number; trump?: number; say?: string }, x: LabelCtx): string {
  const { game, lang } = x;
  const card = (id?: string) => (id ? cardName(id, game, lang) : "?");
  switch (e.act) {
    case "discard": {
      const n = e.count ?? (e.cards?.length ?? 0) + (e.hidden ?? 0);
      const de = game === "droggn" ? "drückt" : "legt ab:";
      if (e.cards && e.cards.length && !e.hidden) return tr(lang, "discards ", de + " ") + e.cards.map((c) => card(c)).join(", ");
      return tr(lang, `discards ${n} cards`, game === "droggn" ? `drückt ${n} Karten` : `legt ${n} Karten ab`);
    }
    case "buy":
      if (e.call === "none") return tr(lang, "does not buy", "kauft nicht");
      if (e.call === "asked" || e.hidden) return tr(lang, `offers a card, asks for ${card(e.cards?.[0])}`, `bietet eine Karte, verlangt ${card(e.cards?.[0])}`);
      if (e.cards?.length === 2) return tr(lang, `offers ${card(e.cards[0])}, asks for ${card(e.cards[1])}`, `bietet ${card(e.cards[0])}, verlangt ${card(e.cards[1])}`);
      break;
    case "layout":
      if (e.call === "none" || (!e.card && !e.cards?.length)) return x.isDeclarer ? "ich liege" : tr(lang, "no lay-out", "legt nicht aus");
      return tr(lang, `lays out ${card(e.card ?? e.cards?.[0])}`, `legt ${card(e.card ?? e.cards?.[0])} aus`);
    case "call": {
      const n = e.trump ?? (e.card ? (parse(e.card) as { n?: number }).n : 0) ?? 0;
      return tr(lang, `calls ${card("T" + n)}`, `ruft ${card("T" + n)}`);
    }
    case "play":
      return card(e.card) + (e.say ? ` „${e.say === "ross" ? "Ross!" : "Topschin!"}“` : "");
  }
  return actionLabel({ act: e.act, call: e.call, card: e.card, cards: e.cards }, x);
}

/** itemName names a scored item of a result. */
export function itemName(item: string, game: GameName, lang: Lang): string {
  const m: Record<string, [string, string]> = {
    game: ["game", "Spiel"],
    match: ["all tricks (Match)", "alle Stiche (Match)"],
    pagat_ultimo: ["Pagat ultimo", "Pagat ultimo"],
    pagat_capture: ["Pagat captured", "Pagat gefangen"],
    pagat_captured: ["Pagat captured", "Pagat gefangen"],
    pagat_laid_out: ["laid-out Pagat", "ausgelegter Pagat"],
    gstiess_laid_out: ["laid-out Gstieß", "ausgelegter Gstieß"],
    kleine_und_gstiess_ultimo: ["Kleine und Gstieß Ultimo", "Kleine und Gstieß Ultimo"],
    no_trick: ["no trick (×3)", "kein Stich (×3)"],
    under_30: ["under 30 (×2)", "unter 30 (×2)"],
    solo_multiplier: ["Solo multiplier", "Solo-Faktor"],
    tie_57_57: ["57:57, no payment", "57:57, keine Zahlung"],
    misere_most_points: ["most points in Misère", "meiste Punkte im Misère"],
    misere_tie_no_payment: ["tie, no payment", "Gleichstand, keine Zahlung"],
    double: ["doubled", "gedoppelt"],
    draw: ["draw (Nullrunde)", "unentschieden (Nullrunde)"],
    grammel: ["Grammel", "Grammel"],
    trull: ["Trull", "Trull"],
    four_kings: ["Four Kings", "Vier Könige"],
    uhu: ["Uhu", "Uhu"],
    uhu_captured: ["Uhu captured", "Uhu gefangen"],
    kakadu: ["Kakadu", "Kakadu"],
    kakadu_captured: ["Kakadu captured", "Kakadu gefangen"],
    rostopschin: ["Rostopschin", "Rostopschin"],
    rostopschin_lost: ["Rostopschin lost", "Rostopschin verloren"],
    valat: ["Valat", "Valat"],
  };
  void game;
  const n = m[item];
  return n ? n[lang === "de" ? 1 : 0] : item.replace(/_/g, " ");
}

/** sideName names a side of a result item. */
export function sideName(side: string, game: GameName, lang: Lang): string {
  const m: Record<string, [string, string]> = {
    declarer: [game === "troggu" ? "Tappist's side" : "declarer", game === "troggu" ? "Tappist-Seite" : "Spieler"],
    defenders: ["defenders", "Gegenspieler"],
    undertaker: ["undertaker", "Aufnehmer"],
    opponent: ["opponent", "Gegner"],
    elder: ["Elder (Vorhand)", "Vorhand"],
    dealer: ["dealer", "Geber"],
  };
  const n = m[side];
  return n ? n[lang === "de" ? 1 : 0] : side;
}

/** foolWord returns the game's name of the Fool. */
export function foolWord(game: GameName): string {
  return FOOL_NAME[game];
}

/** botLabel names a bot kind for people. */
export function botLabel(b: string, lang: Lang): string {
  const m: Record<string, [string, string]> = {
    rules: ["rules bot (good)", "Regel-Bot (gut)"],
    random: ["random bot (beginner)", "Zufalls-Bot (Anfänger)"],
    pimc: ["PIMC bot (strong)", "PIMC-Bot (stark)"],
    ismcts: ["ISMCTS bot (strong)", "ISMCTS-Bot (stark)"],
  };
  const n = m[b.split("@")[0]];
  return n ? n[lang === "de" ? 1 : 0] : tr(lang, "bot", "Bot");
}

/**
 * REFUSALS words the refusal codes of the server's error messages
 * (docs/PROTOCOL.md; the engines' codes are worded the same way by
 * game.Explain in Go). A key "code/why" or "code/suit" is more specific
 * than "code". {card}, {suit} and the word parameters are filled in.
 */
const REFUSALS: Record<string, [string, string]> = {
  hand_over: ["The hand is over.", "Das Spiel ist aus."],
  out_of_turn: ["It is not your turn.", "Du bist nicht am Zug."],
  wrong_action: ["Not now: it is time to {want}.", "Jetzt nicht: jetzt heißt es {want}."],
  malformed: ["This action is not possible here.", "Diese Aktion ist hier nicht möglich."],
  not_held: ["You do not hold {card}.", "Du hast {card_acc} nicht."],
  not_in_pack: ["{card} is not in this pack.", "{card} gehört nicht zu diesem Blatt."],
  must_follow: ["You must follow {suit}.", "Du musst {suit} bedienen."],
  "must_follow/T": ["You must follow trumps.", "Du musst Tarock zugeben."],
  must_trump: ["You cannot follow {suit} and must play a trump.", "Du kannst {suit} nicht bedienen und musst Tarock spielen."],
  must_beat: ["You must beat {card}.", "Du musst {card_acc} überstechen."],
  keep_card: ["You must keep {card} for the last trick.", "Du musst {card_acc} für den letzten Stich behalten."],
  keep_pagat: ["You laid out {card}: keep it while you can play another card.", "Du hast {card_acc} ausgelegt: behalte ihn, solange du eine andere Karte spielen kannst."],
  fool_now: ["You must play {card} to the second-to-last trick.", "Du musst {card_acc} in den vorletzten Stich spielen."],
  bid_too_low: ["{contract} is already bid: bid higher or pass.", "{contract} ist schon geboten: biete höher oder sag gut."],
  bid_taken: ["Somebody already plays the normal game: pass or play a Solo.", "Jemand spielt schon das Normalspiel: passe oder spiel ein Solo."],
  "no_discard/never": ["{card} may never be discarded.", "{card} darf nie abgelegt werden."],
  "no_discard/king_trump": ["A discarded king needs a discarded trump with it.", "Ein abgelegter König braucht einen abgelegten Tarock dazu."],
  "no_discard/king_trump_each": ["Each discarded king needs a discarded trump.", "Jeder abgelegte König braucht einen abgelegten Tarock."],
  "no_discard/five_points": ["Cards worth 5 points may not be discarded.", "Karten mit 5 Punkten dürfen nicht abgelegt werden."],
  "no_discard/kings_only": ["With four kings, only kings may be discarded among the 5-point cards.", "Mit vier Königen dürfen von den 5-Punkte-Karten nur Könige abgelegt werden."],
  no_offer: ["{card} cannot be offered: the Gstieß, Mond, Pagat and kings never are.", "{card} darf nicht geboten werden: Gstieß, Mond, Pagat und Könige nie."],
  "no_layout/fool": ["Only the declarer of a Super Mord may lay out the Gstieß.", "Nur der Spieler eines Super Mord darf den Gstieß auslegen."],
  "no_layout/only_pagat": ["Only the Pagat (and the Gstieß in a Super Mord) is laid out.", "Ausgelegt wird nur der Pagat (im Super Mord auch der Gstieß)."],
  "double_order/retour": ["A Schwacher was given already: say Retour or gut.", "Ein Schwacher wurde schon gegeben: sag Retour oder gut."],
  "double_order/schwacher": ["The first doubling is a Schwacher; Retour answers one.", "Zuerst kommt ein Schwacher; Retour antwortet darauf."],
  no_call: ["You may call only a trump from I to XX.", "Rufen kannst du nur einen Tarock von I bis XX."],
  no_fold: ["You hold a Tarock ({card}) and cannot fold.", "Du hast einen Tarock ({card}) und kannst nicht zusammenwerfen."],
  announced: ["You have already announced {what}.", "Du hast {what} schon angesagt."],
  no_announce: ["You cannot announce {what}: {card} is not in your hand.", "Du kannst {what} nicht ansagen: {card} fehlt dir."],
  not_playable: ["{card} is neither in your hand nor on top of a Strohmann.", "{card} ist weder in deiner Hand noch oben auf einem Strohmann."],
  "no_say/classic": ["Classic scoring has no Rostopschin.", "Die klassische Wertung kennt keinen Rostopschin."],
  "no_say/card": ["{say} goes with {card}.", "{say} gehört zu {card}."],
  "no_say/needs": ["{say} needs {card} as well.", "Für {say} brauchst du auch {card_acc}."],
  "no_say/lead": ["{say}: lead {card} right after winning a trick with Ross!", "{say}: spiel {card_acc} aus, gleich nachdem du einen Stich mit Ross! gemacht hast."],
  // The server's own refusals.
  bad_message: ["The server did not understand that.", "Der Server hat das nicht verstanden."],
  too_fast: ["Too many clicks at once; wait a moment.", "Zu viele Klicks auf einmal; warte kurz."],
  busy: ["The table is busy; try again.", "Der Tisch ist beschäftigt; versuch es noch einmal."],
  abandoned: ["This table was closed because nobody was at it for a long time.", "Dieser Tisch wurde geschlossen, weil lange niemand da war."],
  store: ["That could not be saved; try again.", "Das konnte nicht gespeichert werden; versuch es noch einmal."],
  spectator: ["Spectators cannot do that.", "Zuschauer können das nicht."],
  chat_spectator: ["Spectators cannot chat.", "Zuschauer können nicht chatten."],
  chat_invisible: ["The message has no visible characters.", "Die Nachricht hat keine sichtbaren Zeichen."],
  chat_empty: ["The message is empty.", "Die Nachricht ist leer."],
  chat_long: ["The message is too long: at most {max} characters.", "Die Nachricht ist zu lang: höchstens {max} Zeichen."],
  hand_going: ["The hand is still being played.", "Das Spiel läuft noch."],
  sitting_over: ["The sitting is over.", "Die Sitzung ist beendet."],
  end_asked: ["Ending the sitting was asked for already.", "Das Ende der Sitzung wurde schon verlangt."],
  bot_plays: ["A bot plays your seat now; reload the page to take it back.", "Ein Bot spielt gerade deinen Platz; lade die Seite neu, um ihn zurückzubekommen."],
  no_hint: ["No hint is available.", "Kein Tipp verfügbar."],
  hints_off: ["Hints are off at this table.", "An diesem Tisch gibt es keine Tipps."],
  not_host: ["Only the host may let a bot take a seat.", "Nur der Gastgeber darf einen Bot einen Platz übernehmen lassen."],
  taken: ["A bot plays that seat already.", "Diesen Platz spielt schon ein Bot."],
  connected: ["That player is here.", "Diese Person ist da."],
  grace: ["Wait {seconds} s more before a bot may take the seat.", "Warte noch {seconds} s, bevor ein Bot den Platz übernehmen darf."],
  // Answers of the HTTP API.
  name_missing: ["Please give a name.", "Bitte gib einen Namen an."],
  name_invisible: ["The name has no visible characters.", "Der Name hat keine sichtbaren Zeichen."],
  name_long: ["The name is too long.", "Der Name ist zu lang."],
  seat_taken: ["This seat has been taken already.", "Dieser Platz ist schon vergeben."],
  invite_used: ["This invite has been used already.", "Diese Einladung wurde schon verwendet."],
  private: ["This table is private: seats are taken with an invite link.", "Dieser Tisch ist privat: Plätze gibt es nur mit Einladungslink."],
  tables_full: ["The server has as many tables as it allows; try again later.", "Der Server hat so viele Tische, wie er erlaubt; versuch es später."],
  bad_request: ["The server refused the request.", "Der Server hat die Anfrage abgelehnt."],
  bad_record: ["The hand record is not valid.", "Das Spielprotokoll ist nicht gültig."],
};

const REFUSAL_WORDS: Record<string, Record<string, [string, string]>> = {
  want: {
    bid: ["bid", "reizen"],
    discard: ["discard", "ablegen"],
    buy: ["buy", "kaufen"],
    layout: ["decide on a lay-out", "übers Auslegen entscheiden"],
    double: ["double or say gut", "doppeln oder gut sagen"],
    call: ["call a trump", "einen Tarock rufen"],
    fold: ["fold or stay", "zusammenwerfen oder bleiben"],
    play: ["play a card", "eine Karte spielen"],
    announce: ["play a card or announce", "eine Karte spielen oder ansagen"],
  },
  contract: { ansager: ["Ansager", "Ansager"], solo: ["Solo", "Solo"], super: ["Super", "Super"], supermord: ["Super Mord", "Super Mord"] },
  what: { trull: ["the Trull", "den Trull"], fourkings: ["Four Kings", "Vier Könige"] },
  say: { ross: ["Ross!", "Ross!"], topschin: ["Topschin!", "Topschin!"] },
};

/** Refusal is an error message of the server: English text, code and parameters. */
export interface Refusal {
  error?: string;
  code?: string;
  params?: Record<string, string> | null;
}

/**
 * explain words a refusal for the player in lang. A refusal without a
 * known code shows the server's English text on an English page and a
 * general sentence on a German one.
 */
export function explain(r: Refusal, game: GameName | null, lang: Lang): string {
  const ps = r.params ?? {};
  const code = r.code ?? "";
  const tpl = REFUSALS[`${code}/${ps.why ?? ""}`] ?? REFUSALS[`${code}/${ps.suit ?? ""}`] ?? REFUSALS[code];
  const de = lang === "de";
  if (!tpl) return de ? "Das ging nicht." : r.error || "That did not work.";
  // The English text says more than the code where the request itself was wrong.
  if (!de && r.error && (code === "bad_request" || code === "bad_record" || code === "bad_message")) return r.error;
  return tpl[de ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "card" || name === "card_acc") {
      const id = ps.card ?? "";
      const n = id && game ? cardName(id, game, lang) : id;
      return name === "card_acc" && de ? n.replace(/^der /, "den ") : n;
    }
    if (name === "suit") return suitName(ps.suit ?? "", lang);
    const w = REFUSAL_WORDS[name]?.[ps[name] ?? ""];
    return w ? w[de ? 1 : 0] : ps[name] ?? "";
  });
}

/** errorText words an error of the HTTP API (or of the network) for the page's language. */
export function errorText(e: unknown, lang: Lang): string {
  if (e instanceof ApiError) {
    if (!e.code && e.status === 404) return tr(lang, "Not found.", "Nicht gefunden.");
    return explain({ error: e.message, code: e.code || (e.status === 429 ? "too_fast" : "") }, null, lang);
  }
  return tr(lang, "The server cannot be reached.", "Der Server ist nicht erreichbar.");
}

/** closeText words why the server closed the table's connection for good (docs/PROTOCOL.md). */
export function closeText(code: number | undefined, lang: Lang): string {
  switch (code) {
    case 4001:
      return t(lang, "badToken");
    case 4004:
      return t(lang, "gone");
    case 4008:
      return tr(lang, "Too many messages; reload the page.", "Zu viele Nachrichten; lade die Seite neu.");
    case 4009:
      return tr(lang, "This seat was opened in another window.", "Dieser Platz wurde in einem anderen Fenster geöffnet.");
  }
  return tr(lang, "The connection was closed.", "Die Verbindung wurde geschlossen.");
}

// German and English text of the app, with each game's own words.

import { ApiError, type Action } from "./api";
import { cardName, FOOL_NAME, parse, roman, suitName, type GameName } from "./cards";
import type { Lang } from "./lang";
import { ENGINE_REFUSALS, REFUSAL_WORDS } from "./refusals.gen";

export type { Lang } from "./lang";

const S = {
  tagline: ["Droggn, Troggu and Strohmandeln in the browser", "Droggn, Troggu und Strohmandeln im Browser"],
  lobby: ["Lobby", "Lobby"],
  openTables: ["Tables", "Tische"],
  noTables: ["No tables yet. Create one below.", "Noch keine Tische. Lege unten einen an."],
  joinStill: ["You can still join a table above.", "Einem Tisch oben beitreten kannst du trotzdem."],
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
  // Play on this device (offline.tsx).
  createOffline: ["Play on this device", "Auf diesem Gerät spielen"],
  createOfflineHelp: [
    "Against the bots, without a server or network: the hand runs in this browser and stays here.",
    "Gegen die Bots, ohne Server und Netz: das Spiel läuft in diesem Browser und bleibt hier.",
  ],
  offlineHere: ["Playing on this device: no server, no network needed.", "Gespielt auf diesem Gerät: kein Server, kein Netz nötig."],
  offlineHereShort: ["On this device.", "Auf diesem Gerät."],
  offlineLeave: ["End this sitting", "Diese Runde beenden"],
  offlinePace: ["Bots play", "Bots spielen"],
  updateReady: ["A new version of trull is ready.", "Eine neue Version von trull ist bereit."],
  updateLoad: ["Load it", "Laden"],
  paceFast: ["fast", "schnell"],
  paceNormal: ["at a table's pace", "im Tempo eines Tisches"],
  paceSlow: ["slowly", "langsam"],
  offlineLeaveAsk: [
    "End the sitting on this device? Its finished hands stay in “Hands played here”.",
    "Die Runde auf diesem Gerät beenden? Ihre fertigen Spiele bleiben unter „Hier gespielte Spiele“.",
  ],
  handsHere: ["Hands played here", "Hier gespielte Spiele"],
  handsHereHelp: [
    "The finished hands of your sittings on this device, kept in this browser: replay them, have the server analyse them when this device is online (they enter no score list there), or download their records for trull replay.",
    "Die fertigen Spiele deiner Runden auf diesem Gerät, aufbewahrt in diesem Browser: spiele sie nach, lass sie vom Server analysieren, wenn dieses Gerät online ist (sie kommen dort in keine Rangliste), oder lade ihre Protokolle für trull replay.",
  ],
  analysisOffline: [
    "Replayed on this device. The analysis is made by the server: it is offered here when this device is online.",
    "Auf diesem Gerät nachgespielt. Die Analyse macht der Server: Sie wird hier angeboten, wenn dieses Gerät online ist.",
  ],
  handsHereNone: ["No hand has been played on this device yet.", "Auf diesem Gerät wurde noch kein Spiel gespielt."],
  handForget: ["Forget", "Löschen"],
  offlineNone: [
    "No sitting is being played on this device. Start one from the lobby with “Play on this device”.",
    "Auf diesem Gerät läuft keine Runde. Beginne eine in der Lobby mit „Auf diesem Gerät spielen“.",
  ],
  offlineNoRecord: ["That hand is not finished.", "Dieses Spiel ist nicht fertig."],
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
  ledYou: ["you led", "du spielst aus"],
  wonBy: ["{0} won it", "an {0}"],
  wonByYou: ["you won it", "an dich"],
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
  analyse: ["Analyse", "Analysieren"],
  handAnalyseHelp: [
    "The replay with the server's analysis of every decision (needs the network)",
    "Die Wiedergabe mit der Analyse jeder Entscheidung durch den Server (braucht das Netz)",
  ],
  export: ["Download record", "Protokoll herunterladen"],
  hand: ["Your hand", "Deine Karten"],
  noHand: ["No cards", "Keine Karten"],
  botTakeover: ["Let a bot play", "Bot spielen lassen"],
  absent: ["away", "abwesend"],
  botFor: ["bot playing for {0}", "Bot spielt für {0}"],
  turnClock: ["Turn clock", "Zugzeit"],
  turnClockHelp: [
    "a person's time for each decision; then a bot plays for them until they are back",
    "Zeit für jede Entscheidung; danach spielt ein Bot, bis die Person wieder da ist",
  ],
  noClock: ["no clock", "keine Uhr"],
  seconds: ["{0} s", "{0} s"],
  minutes: ["{0} min", "{0} Min."],
  clockLeft: ["{0} s left", "noch {0} s"],
  clockMine: ["{0} s left, then a bot plays for you", "noch {0} s, dann spielt ein Bot für dich"],
  standInClock: ["Your time ran out: a bot is playing for you.", "Deine Zeit ist abgelaufen: ein Bot spielt für dich."],
  standInOther: ["A bot is playing for you.", "Ein Bot spielt für dich."],
  iAmBack: ["I'm back", "Ich bin wieder da"],
  waitPlayers: ["Waiting for players: {0}", "Warte auf Spieler: {0}"],
  waitPlayersHost: [
    "The first hand starts when every seat is taken. Send the invite links, or start now with bots in the empty seats.",
    "Das erste Spiel beginnt, wenn alle Plätze besetzt sind. Schick die Einladungslinks oder beginne jetzt mit Bots auf den freien Plätzen.",
  ],
  startWithBots: ["Start with bots", "Mit Bots beginnen"],
  notStarted: ["The first hand starts when every seat is taken.", "Das erste Spiel beginnt, wenn alle Plätze besetzt sind."],
  freeSeat: ["Free the seat", "Platz freigeben"],
  freeSeatHelp: [
    "{0} leaves the seat; a bot plays it until somebody takes it with the new invite link",
    "{0} verlässt den Platz; ein Bot spielt ihn, bis jemand ihn mit dem neuen Einladungslink nimmt",
  ],
  botTakeoverHelp: ["a bot plays the seat until its player says they are back", "ein Bot spielt den Platz, bis die Person wieder da ist"],
  moveDevice: ["Move to another device", "Auf ein anderes Gerät wechseln"],
  moveHelp: [
    "Open this link on the other device. Once it is opened there, this window stops playing.",
    "Öffne diesen Link auf dem anderen Gerät. Sobald er dort geöffnet ist, spielt dieses Fenster nicht mehr.",
  ],
  moveTitle: ["Move your seat to this device", "Deinen Platz auf dieses Gerät holen"],
  moveBtn: ["Play here", "Hier weiterspielen"],
  moveText: [
    "This link moves your seat at this table to this device; the other device stops playing it.",
    "Dieser Link holt deinen Platz an diesem Tisch auf dieses Gerät; das andere Gerät spielt ihn dann nicht mehr.",
  ],
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
  discardHelpDroggn: [
    "The three cards go face down to your pile and count for you. Never the Gstieß, the Mond or the Pagat; a king only with a trump beside it.",
    "Die drei Karten kommen verdeckt auf deinen Haufen und zählen für dich. Nie den Gstieß, den Mond oder den Pagat; einen König nur mit einem Tarock dazu.",
  ],
  discardHelp: [
    "The cards go face down to your pile and count for you. No 5-point card, unless you hold all four kings (then kings may go).",
    "Die Karten kommen verdeckt auf deinen Haufen und zählen für dich. Keine 5-Punkte-Karte, außer du hast alle vier Könige (dann dürfen Könige weg).",
  ],
  buyHelp: [
    "Offer a card of your hand face down and ask for a card you lack: the defender who holds it hands it over and takes yours; if nobody holds it, the right to buy is lost (the game still counts as Ansager).",
    "Biete eine Karte deiner Hand verdeckt und verlange eine, die dir fehlt: der Gegenspieler, der sie hat, gibt sie dir und nimmt deine; hat sie niemand, ist das Kaufrecht verloren (das Spiel zählt weiter als Ansager).",
  ],
  yourDiscards: ["Your discards", "Deine gedrückten Karten"],
  declDiscards: ["{0}'s discards", "Von {0} gedrückt"],
  sitsOutNoPoints: ["{0} sat out", "{0} hat gefeiert"],
  autoTaken: ["the only choice, taken for you", "die einzige Wahl, für dich genommen"],
  autoNote: ["{0}: the only choice, taken for you", "{0}: die einzige Wahl, für dich genommen"],
  offline: ["Connection lost: reconnecting…", "Verbindung verloren: verbinde neu…"],
  stale: ["Updating the table…", "Aktualisiere den Tisch…"],
  explain: ["What do these mean?", "Was heißt das?"],
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
  // The daily challenges (daily.tsx).
  daily: ["Daily", "Täglich"],
  dailyTitle: ["Daily challenges", "Tägliche Herausforderungen"],
  dailyIntro: [
    "Every day the same six deals for everyone, against the same bots. Your score on each deal is compared with the bot's in your seat: the difference is your duplicate score. One attempt per day and game.",
    "Jeden Tag für alle dieselben sechs Spiele gegen dieselben Bots. Dein Ergebnis in jedem Spiel wird mit dem des Bots auf deinem Platz verglichen: der Unterschied ist deine Duplicate-Wertung. Ein Versuch pro Tag und Spiel.",
  ],
  dailyWho: ["Play as", "Spiele als"],
  dailySetUp: ["{0}, {1} players", "{0}, {1} Spieler"],
  dailyNameHelp: [
    "Choose a name for the leaderboard. It is kept in this browser with a secret; no account, no e-mail.",
    "Wähle einen Namen für die Rangliste. Er wird mit einem Geheimnis in diesem Browser aufbewahrt; kein Konto, keine E-Mail.",
  ],
  dailyRegister: ["Take this name", "Diesen Namen nehmen"],
  dailyMoveCode: ["Move code", "Umzugscode"],
  dailyMoveHelp: [
    "To play under this name on another device, copy this code there. Keep it to yourself: it is your name's key.",
    "Um auf einem anderen Gerät unter diesem Namen zu spielen, kopiere diesen Code dorthin. Behalte ihn für dich: Er ist der Schlüssel zu deinem Namen.",
  ],
  dailyShowCode: ["Show the move code", "Umzugscode zeigen"],
  dailyUseCode: ["Have a move code? Paste it here", "Hast du einen Umzugscode? Füge ihn hier ein"],
  dailyUse: ["Use it", "Verwenden"],
  dailyBadCode: ["This is not a move code.", "Das ist kein Umzugscode."],
  dailyForget: ["Forget on this device", "Auf diesem Gerät vergessen"],
  dailyToday: ["Today, {0}", "Heute, {0}"],
  dailyDay: ["Day", "Tag"],
  dailyStart: ["Start", "Beginnen"],
  dailyResume: ["Resume (deal {0} of {1})", "Weiterspielen (Spiel {0} von {1})"],
  dailyDone: ["Finished: {0}, place {1}", "Fertig: {0}, Platz {1}"],
  dailyNotPlayed: ["Not played", "Nicht gespielt"],
  dailyPast: ["Only today's challenges can be played.", "Spielen kann man nur die Herausforderungen von heute."],
  dailyBoard: ["Leaderboard", "Rangliste"],
  dailyDays1: ["This day", "Dieser Tag"],
  dailyDays7: ["7 days", "7 Tage"],
  dailyDays30: ["30 days", "30 Tage"],
  dailyNobody: ["Nobody has finished yet.", "Noch niemand ist fertig."],
  dailyRank: ["#", "#"],
  dailyName: ["Name", "Name"],
  dailyTotal: ["Duplicate", "Duplicate"],
  dailyDaysPlayed: ["Days", "Tage"],
  dailyBest: ["Best day", "Bester Tag"],
  dailyDealN: ["Deal {0}", "Spiel {0}"],
  dailyDealCell: ["you {0}, bot {1}: {2}; {3} did better", "du {0}, Bot {1}: {2}; {3} besser"],
  dailyPending: ["the bot's score is still being computed", "das Ergebnis des Bots wird noch berechnet"],
  dailyAt: ["Daily challenge {0} · deal {1} of {2}", "Tägliche Herausforderung {0} · Spiel {1} von {2}"],
  dailyOver: ["Challenge finished: see where you stand.", "Herausforderung beendet: sieh nach, wo du stehst."],
  dailyBack: ["To the daily page", "Zur Tagesseite"],
  dailyChoices: ["How the others decided ({0} players so far)", "Wie die anderen entschieden (bisher {0} Spieler)"],
  dailyChoicesNone: ["Nobody else has reached your positions yet.", "Noch niemand sonst kam in deine Lagen."],
  dailyChoiceMine: ["{0}: {1}% of the {2} players in this position chose it", "{0}: {1} % der {2} Spieler in dieser Lage wählten das"],
  dailyChoiceOther: ["{0}% {1}", "{0} % {1}"],
  // Puzzles (puzzles.tsx).
  puzzles: ["Puzzles", "Rätsel"],
  puzzlesOf: ["Puzzles: {0}", "Rätsel: {0}"],
  puzzlesIntro: [
    "Positions from real hands where one card is clearly best. Find it: then you see whether you were right, the best card, what each card costs and why.",
    "Stellungen aus echten Spielen, in denen eine Karte klar die beste ist. Finde sie: Dann siehst du, ob du richtig lagst, die beste Karte, was jede Karte kostet und warum.",
  ],
  puzzleAll: ["All themes", "Alle Themen"],
  puzzleSolved: ["{0} of {1} solved", "{0} von {1} gelöst"],
  puzzleStreak: ["Streak: {0}", "Serie: {0}"],
  puzzleBestStreak: ["best {0}", "beste {0}"],
  puzzleN: ["Puzzle {0} of {1}", "Rätsel {0} von {1}"],
  puzzleAsk: ["Which card is best? Play it.", "Welche Karte ist die beste? Spiel sie aus."],
  puzzleRight: ["Right! That is the best card.", "Richtig! Das ist die beste Karte."],
  puzzleWrong: ["Not the best card.", "Nicht die beste Karte."],
  puzzleYours: ["You played {0}.", "Du hast {0} gespielt."],
  puzzleBest: ["Best: {0}", "Am besten: {0}"],
  puzzleOr: [" or ", " oder "],
  puzzleGood: ["best in every world", "in jeder Welt am besten"],
  puzzleLoss: ["{0} points a hand less on average", "im Schnitt {0} Punkte pro Spiel weniger"],
  puzzleCards: ["Every card", "Alle Karten"],
  puzzleWorlds: [
    "Valued in {0} worlds: deals of the cards you cannot see, each fitting everything you see, played to the end with every hand open.",
    "Bewertet in {0} Welten: Verteilungen der Karten, die du nicht siehst, jede passend zu allem, was du siehst, zu Ende gespielt mit allen Karten offen.",
  ],
  puzzleWhy: ["Why", "Warum"],
  puzzleNext: ["Next puzzle", "Nächstes Rätsel"],
  puzzleRepeat: ["You answered this puzzle before: the streak stays as it was.", "Dieses Rätsel hast du schon beantwortet: Die Serie bleibt, wie sie war."],
  puzzleAllDone: ["You have answered every puzzle here: they start again from the first.", "Du hast alle Rätsel hier beantwortet: Sie beginnen wieder beim ersten."],
  puzzleNone: ["This game has no puzzle of this theme.", "Zu diesem Thema hat dieses Spiel kein Rätsel."],
  puzzleYou: ["You", "Du"],
  themeMisere: ["Misère", "Misère"],
  themeMisereHelp: ["Play in a Misère, where the declarer must take no trick.", "Spiel in einer Misère, in der der Spieler keinen Stich machen darf."],
  themeFool: ["The {0}", "Der {0}"],
  themeFoolHelp: ["When to play the {0} and when to keep it.", "Wann der {0} kommt und wann du ihn behältst."],
  themeStrohmann: ["Strohmänner", "Strohmänner"],
  themeStrohmannHelp: ["Play from a Strohmann without turning a card over for nothing.", "Spiel vom Strohmann, ohne umsonst eine Karte aufzudecken."],
  themeBird: ["Birds", "Vögel"],
  themeBirdHelp: ["Keep the Pagat (the Uhu, the Kakadu) for the last tricks, where it scores.", "Behalte den Pagat (den Uhu, den Kakadu) für die letzten Stiche, wo er zählt."],
  themeThreshold: ["At the threshold", "An der Grenze"],
  themeThresholdHelp: ["A few points win or lose the hand: count them.", "Wenige Punkte entscheiden das Spiel: Zähl mit."],
  themeSmear: ["Smearing", "Schmieren"],
  themeSmearHelp: ["Give points to a trick your side takes.", "Gib Punkte in einen Stich, den deine Seite macht."],
  themeOther: ["Mixed", "Gemischt"],
  themeOtherHelp: ["Other clear decisions of the card play.", "Andere klare Entscheidungen im Kartenspiel."],
  // Practice at a table of bots (practice.tsx).
  takeback: ["Take back", "Zurücknehmen"],
  takebackHelp: [
    "Take back your last decision and the bots' replies to it, and decide again.",
    "Deine letzte Entscheidung und die Antworten der Bots darauf zurücknehmen und neu entscheiden.",
  ],
  again: ["Play this deal again", "Dieses Blatt noch einmal spielen"],
  againHelp: ["The same cards and the same dealer as the next hand; everyone decides afresh.", "Dieselben Karten und derselbe Geber als nächstes Spiel; alle entscheiden neu."],
  allHands: ["Show every hand", "Alle Blätter zeigen"],
  allHandsHide: ["Hide the hands", "Blätter ausblenden"],
  allHandsOf: ["Every hand of hand {0}, as dealt", "Alle Blätter von Spiel {0}, wie gegeben"],
  loadingHands: ["Loading…", "Lade…"],
  practiceNote: [
    "Practice table: only bots play with you, so you may take back decisions; the table's log keeps what was taken back.",
    "Übungstisch: nur Bots spielen mit dir, darum darfst du Entscheidungen zurücknehmen; das Protokoll des Tisches behält, was zurückgenommen wurde.",
  ],
  takebacksTitle: ["Taken back during the hand", "Während des Spiels zurückgenommen"],
  takebackAt: ["Back to step {0}:", "Zurück zu Schritt {0}:"],
  // The glossary's tips (glossary.tsx).
  glossRules: ["In the rules →", "In den Regeln →"],
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
    if (contract === "solo") return tr(lang, "Soloist", "Solist");
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

/**
 * actionHelp explains what a bid, call or other choice of the prompt means
 * (docs/RULES.md), for the button's tooltip and the list under the
 * buttons; "" for a plain card play.
 */
export function actionHelp(a: Action, x: LabelCtx): string {
  const { game, lang } = x;
  const card = (id?: string) => (id ? cardName(id, game, lang) : "");
  const e = (en: string, de: string) => tr(lang, en, de);
  switch (game) {
    case "droggn":
      switch (a.act) {
        case "bid":
          switch (a.call) {
            case "pass":
            case "weiter":
            case "gut":
              return x.bidBefore
                ? e("gut: you pass and let the higher bid stand; if it wins the bidding you defend.", "gut: du passt und lässt das höhere Gebot stehen; gewinnt es, spielst du gegen den Spieler.")
                : e("weiter: you pass. If all three pass, the same dealer deals again.", "weiter: du passt. Passen alle drei, gibt derselbe Geber neu.")
            case "ansager":
              return e(
                "Ansager, the ordinary game (20): you take the three talon cards, discard three and may buy one card from a defender; you need 37 card points.",
                "Ansager, das gewöhnliche Spiel (20): du nimmst die drei Talonkarten, drückst drei und darfst einem Gegenspieler eine Karte abkaufen; du brauchst 37 Punkte.",
              );
            case "solo":
              return e(
                "Solo (40): you take the talon and discard three, but may not buy; you need 37 card points.",
                "Solo (40): du nimmst den Talon und drückst drei, darfst aber nicht kaufen; du brauchst 37 Punkte.",
              );
            case "super":
              return e(
                "Super (80): no exchange and no buying; the talon stays face down and counts for you at the end; you need 37 card points.",
                "Super (80): kein Tausch und kein Kauf; der Talon bleibt verdeckt und zählt am Ende für dich; du brauchst 37 Punkte.",
              );
            case "supermord":
              return e(
                "Super Mord (167): a Super in which you must win every trick; play stops at the first trick you lose.",
                "Super Mord (167): ein Super, bei dem du jeden Stich machen musst; das Spiel endet beim ersten verlorenen Stich.",
              );
          }
          break;
        case "buy":
          if (a.call === "none" || !a.cards)
            return e("Buy nothing: you keep your hand; the game still counts as Ansager.", "Nicht kaufen: du behältst deine Karten; das Spiel zählt weiter als Ansager.");
          return e(
            `Buy: you offer ${card(a.cards[0])} face down and ask for ${card(a.cards[1])}. The defender who holds it hands it over and takes your card; if nobody holds it, the right to buy is lost.`,
            `Kaufen: du bietest ${card(a.cards[0])} verdeckt und verlangst ${card(a.cards[1])}. Der Gegenspieler, der sie hat, gibt sie dir und nimmt deine Karte; hat sie niemand, ist das Kaufrecht verloren.`,
          );
        case "layout":
          if (a.card === "T1")
            return e(
              "Lay out the Pagat face up: you undertake to win the last trick with it. It scores 20 (times the doubling) won or lost, instead of 10 unannounced.",
              "Pagat auslegen (offen): du verpflichtest dich, mit ihm den letzten Stich zu machen. Er zählt 20 (mal der Doppelung) gewonnen oder verloren, statt 10 unangesagt.",
            );
          if (a.card === "FOOL")
            return e(
              "Super Mord only: lay out the Gstieß face up; played to the last trick it wins it, and the game counts 20 more.",
              "Nur im Super Mord: den Gstieß offen auslegen; im letzten Stich gewinnt er, und das Spiel zählt 20 mehr.",
            );
          return x.isDeclarer
            ? e("ich liege: you lay nothing out; then a defender may lay out the Pagat, and the doubling follows.", "ich liege: du legst nichts aus; dann darf ein Gegenspieler den Pagat auslegen, danach wird gedoppelt.")
            : e("No lay-out: you keep the Pagat hidden (if you hold it) and play on.", "Nicht auslegen: du zeigst keinen Pagat und spielst weiter.");
        case "double":
          if (a.call === "schwacher")
            return e("Schwacher: you double the game (×2): you think the declarer will lose. The declarer may answer Retour.", "Einen Schwachen geben: du doppelst das Spiel (×2), weil du glaubst, dass der Spieler verliert. Der Spieler darf mit Retour antworten.");
          if (a.call === "retour")
            return e("Retour: you double once more (×2 again) in answer to the other side's doubling.", "Retour: du doppelst noch einmal (nochmals ×2) als Antwort auf die Doppelung der anderen Seite.");
          return e("gut: no (further) doubling; the play begins.", "gut: keine (weitere) Doppelung; das Spiel beginnt.");
      }
      break;
    case "troggu":
      switch (a.act) {
        case "bid":
          if (a.call === "normal")
            return e(
              "Tapp (ich nehm's), the normal game: you take the Tapp and discard as many cards; with 7 or 8 players you call a partner first. Your side needs 58 of the 114 points.",
              "Tapp (ich nehm's), das Normalspiel: du nimmst den Tapp und legst gleich viele Karten ab; zu 7 oder 8 rufst du vorher einen Partner. Deine Seite braucht 58 der 114 Punkte.",
            );
          if (a.call === "solo")
            return e(
              "Solo: you play alone against all the others without taking the Tapp, which counts for you at the end; 58 points win. A Solo ends the bidding.",
              "Solo: du spielst allein gegen alle, ohne den Tapp zu nehmen; er zählt am Ende für dich; 58 Punkte gewinnen. Ein Solo beendet das Reizen.",
            );
          return e(
            "Pass: you do not play the game. If everybody passes, a Misère is played (with 7 or 8 players the holder of the Bättler must play the Tapp): everyone for himself, and the one with the most points pays each other player.",
            "Passe: du spielst nicht. Passen alle, wird Misère gespielt (zu 7 oder 8 muss, wer den Bättler hat, den Tapp spielen): jeder für sich, und wer die meisten Punkte hat, zahlt jedem anderen.",
          );
        case "call": {
          const p = parse(a.card ?? "");
          const n = p.kind === "trump" ? roman(p.n) : a.card ?? "";
          return e(
            `Call trump ${n}: whoever holds it is your secret partner, known when the card is played. If it lies in the Tapp or in your own hand, you play alone.`,
            `Tarock ${n} rufen: wer ihn hat, ist dein geheimer Partner, erkannt, sobald die Karte fällt. Liegt er im Tapp oder in deiner Hand, spielst du allein.`,
          );
        }
      }
      break;
    case "strohmandeln":
      switch (a.act) {
        case "fold":
          return a.call === "fold"
            ? e("Fold: you hold no Tarock; the cards are thrown in and the same dealer deals again.", "Zusammenwerfen: du hast keinen Tarock; die Karten werden eingeworfen, und derselbe Geber gibt neu.")
            : e("Stay: you keep this hand and go on to the bidding.", "Bleiben: du behältst die Karten, und es wird gereizt.");
        case "bid":
          return a.call === "undertake"
            ? e(
                "Ich nehme auf (undertake): you play against your opponent and need 35⅔ card points; you win 3 (more with 45), you lose 4.",
                "Ich nehme auf: du spielst gegen den anderen und brauchst 35⅔ Punkte; du gewinnst 3 (mit 45 mehr) und verlierst 4.",
              )
            : e(
                "Weiter (pass): you do not undertake. If both pass, a simple game is played: whoever takes 35⅔ card points wins.",
                "Weiter: du nimmst nicht auf. Passen beide, wird ein einfaches Spiel gespielt: wer 35⅔ Punkte macht, gewinnt.",
              );
        case "double":
          return a.call === "double"
            ? e("Double: the undertaken game counts double (6 won, 8 lost); bonuses stay as they are.", "Doppeln: das aufgenommene Spiel zählt doppelt (6 gewonnen, 8 verloren); die Prämien bleiben gleich.")
            : e("gut: you do not double.", "gut: du doppelst nicht.");
        case "announce":
          return a.call === "trull"
            ? e("Announce the Trull: you hold the Sküs, the Mond and the Pagat; +1, without risk.", "Trull ansagen: du hast Sküs, Mond und Pagat; +1, ohne Risiko.")
            : e("Announce Four Kings: you hold all four kings; +1, without risk.", "Vier Könige ansagen: du hast alle vier Könige; +1, ohne Risiko.");
        case "play":
          if (a.say === "ross")
            return e(
              "Ross!: play trump XVII with the word. If you win this trick and then lead XVIII with Topschin! and win that too, +1 (Rostopschin); if either fails, your opponent gets 1.",
              "Ross!: Tarock XVII mit dem Wort spielen. Machst du den Stich und danach mit XVIII und Topschin! den nächsten, +1 (Rostopschin); misslingt es, bekommt der andere 1.",
            );
          if (a.say === "topschin")
            return e("Topschin!: lead trump XVIII right after your Ross! trick; win it for +1 (Rostopschin).", "Topschin!: spiel Tarock XVIII gleich nach deinem Ross!-Stich aus; machst du den Stich, +1 (Rostopschin).");
          break;
      }
      break;
  }
  return "";
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

/**
 * sideName names a side of a result item in the words the table uses for
 * it: the declarer's side by the declarer's role in the contract (Troggu's
 * Tappist or Soloist), the others as defenders.
 */
export function sideName(side: string, game: GameName, lang: Lang, contract = ""): string {
  if (side === "declarer" && game !== "strohmandeln") return declarerWord(game, contract, lang);
  const m: Record<string, [string, string]> = {
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

/**
 * BOT_LEVELS names the bot levels for people, weakest first: the strength
 * first, how it plays in brackets (the registry of internal/bot).
 */
export const BOT_LEVELS: Record<string, [string, string]> = {
  random: ["Random (for testing)", "Zufall (zum Testen)"],
  rules: ["Good (plays by rules)", "Gut (spielt nach Regeln)"],
  pimc: ["Stronger (tries possible deals)", "Stärker (probiert mögliche Verteilungen)"],
  "ismcts-fast": ["Strong, quick (searches briefly)", "Stark, schnell (rechnet kurz voraus)"],
  ismcts: ["Strongest (searches)", "Am stärksten (rechnet voraus)"],
};

/** botLabel names a bot level for people ("Strongest (searches)"), a budget after it. */
export function botLabel(b: string, lang: Lang): string {
  const [base, budget] = b.split("@");
  const n = BOT_LEVELS[base];
  const name = n ? n[lang === "de" ? 1 : 0] : tr(lang, `Bot “${base}”`, `Bot „${base}“`);
  return budget ? `${name} · ${budget}` : name;
}

/**
 * REFUSALS words the refusal codes of the server's error messages
 * (docs/PROTOCOL.md): the engines' codes from their own catalogue
 * (refusals.gen.ts, written from game.Explain's), then the server's. A key
 * "code/why" or "code/suit" is more specific than "code". {card}, {suit}
 * and the word parameters are filled in.
 */
const REFUSALS: Record<string, readonly [string, string]> = {
  ...ENGINE_REFUSALS,
  not_practice: [
    "Only at a table where everyone else is a bot: another person plays here.",
    "Nur an einem Tisch, an dem alle anderen Bots sind: hier spielt noch ein Mensch.",
  ],
  nothing_to_take_back: ["You have made no decision in this hand yet.", "Du hast in diesem Spiel noch nichts entschieden."],
  lesson: ["A guided hand starts again from the lobby.", "Ein angeleitetes Spiel beginnt man in der Lobby neu."],
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
  chat_hand: ["You have said as much as you may in this hand ({max} lines); say more in the next one.", "Du hast in diesem Spiel so viel gesagt, wie du darfst ({max} Zeilen); sag mehr im nächsten."],
  chat_full: ["This table has had as much chat as it keeps.", "An diesem Tisch wurde so viel gechattet, wie er aufhebt."],
  chat_marks: ["Too many accents on one letter: at most {max}.", "Zu viele Akzente auf einem Buchstaben: höchstens {max}."],
  hand_going: ["The hand is still being played.", "Das Spiel läuft noch."],
  sitting_over: ["The sitting is over.", "Die Sitzung ist beendet."],
  end_asked: ["Ending the sitting was asked for already.", "Das Ende der Sitzung wurde schon verlangt."],
  bot_plays: ["A bot plays your seat now; reload the page to take it back.", "Ein Bot spielt gerade deinen Platz; lade die Seite neu, um ihn zurückzubekommen."],
  no_hint: ["No hint is available.", "Kein Tipp verfügbar."],
  hint_busy: ["A hint is being worked out; wait a moment.", "Ein Tipp wird gerade gesucht; warte kurz."],
  hint_stale: ["The game moved on before the hint was ready; ask again.", "Das Spiel ging weiter, bevor der Tipp fertig war; frag noch einmal."],
  hints_off: ["Hints are off at this table.", "An diesem Tisch gibt es keine Tipps."],
  not_host: ["Only the host may let a bot take a seat.", "Nur der Gastgeber darf einen Bot einen Platz übernehmen lassen."],
  taken: ["A bot plays that seat already.", "Diesen Platz spielt schon ein Bot."],
  not_taken: ["No bot plays your seat.", "Kein Bot spielt deinen Platz."],
  not_started: ["The table is waiting for its players.", "Der Tisch wartet auf seine Spieler."],
  started: ["The table has started already.", "Der Tisch hat schon begonnen."],
  own_seat: ["The host's own seat cannot be freed.", "Den eigenen Platz kann der Gastgeber nicht freigeben."],
  daily_off: [
    "Not in a daily challenge: {message}. Everyone plays its deals alone, once, without help.",
    "Nicht in einer täglichen Herausforderung: {message}. Jeder spielt ihre Spiele allein, einmal, ohne Hilfe.",
  ],
  daily_done: ["You have played this challenge today already: one attempt per day and game.", "Diese Herausforderung hast du heute schon gespielt: ein Versuch pro Tag und Spiel."],
  daily_day: ["Only today's challenges can be started.", "Beginnen kann man nur die Herausforderungen von heute."],
  daily_table: ["This table is not your daily challenge.", "Dieser Tisch ist nicht deine tägliche Herausforderung."],
  daily_not_played: ["The others' choices are shown once you have played this deal.", "Die Entscheidungen der anderen siehst du, sobald du dieses Spiel gespielt hast."],
  daily_unknown: ["There is no such daily challenge.", "Diese tägliche Herausforderung gibt es nicht."],
  daily_who: ["Choose a name first.", "Wähle zuerst einen Namen."],
  daily_secret: ["This name belongs to someone else, or its move code is wrong.", "Dieser Name gehört jemand anderem, oder sein Umzugscode ist falsch."],
  daily_unavailable: ["This server keeps no daily challenges.", "Dieser Server führt keine täglichen Herausforderungen."],
  name_taken: ["This name is taken; choose another, or bring yours here with its move code.", "Dieser Name ist vergeben; wähle einen anderen oder hol deinen mit seinem Umzugscode hierher."],
  // Answers of the HTTP API.
  name_missing: ["Please give a name.", "Bitte gib einen Namen an."],
  name_invisible: ["The name has no visible characters.", "Der Name hat keine sichtbaren Zeichen."],
  name_long: ["The name is too long.", "Der Name ist zu lang."],
  name_marks: ["The name has too many accents on one letter.", "Der Name hat zu viele Akzente auf einem Buchstaben."],
  seat_taken: ["This seat has been taken already.", "Dieser Platz ist schon vergeben."],
  invite_used: ["This invite has been used already.", "Diese Einladung wurde schon verwendet."],
  private: ["This table is private: seats are taken with an invite link.", "Dieser Tisch ist privat: Plätze gibt es nur mit Einladungslink."],
  tables_full: ["The server has as many tables as it allows; new tables can be created later.", "Der Server hat so viele Tische, wie er erlaubt; neue Tische gibt es später wieder."],
  too_many_empty: [
    "You have created as many tables as you may that nobody is at: sit down at one of them, or wait until they close.",
    "Du hast so viele Tische angelegt, wie du darfst, an denen niemand sitzt: setz dich an einen davon oder warte, bis sie schließen.",
  ],
  bad_request: ["The server refused the request.", "Der Server hat die Anfrage abgelehnt."],
  bad_record: ["The hand record is not valid.", "Das Spielprotokoll ist nicht gültig."],
  // A record that cannot be read or replayed, by its fault ("record"; game.RecordParams).
};

/** SERVER_WORDS names the values of the server's own word parameters: the message a daily challenge refuses (daily_off). */
const SERVER_WORDS: Record<string, Record<string, readonly [string, string]>> = {
  message: {
    hint: ["hints", "Tipps"],
    takeback: ["taking back", "Zurücknehmen"],
    again: ["a deal again", "ein Spiel noch einmal"],
    takeover: ["a bot for your seat", "ein Bot für deinen Platz"],
    free: ["freeing a seat", "einen Platz freigeben"],
    start: ["starting with bots", "mit Bots beginnen"],
    end: ["ending early", "vorzeitig beenden"],
    move: ["a move link (use the daily page's move code)", "ein Umzugslink (nimm den Umzugscode der Tagesseite)"],
  },
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
  const record = code === "bad_record" && ps.record ? REFUSALS[`bad_record/${ps.record}`] : undefined;
  const tpl = record ?? REFUSALS[`${code}/${ps.why ?? ""}`] ?? REFUSALS[`${code}/${ps.suit ?? ""}`] ?? REFUSALS[code];
  const de = lang === "de";
  if (!tpl) return de ? "Das ging nicht." : r.error || "That did not work.";
  // The English text says more than the code where the request itself was wrong.
  if (!de && !record && r.error && (code === "bad_request" || code === "bad_record" || code === "bad_message")) return r.error;
  return tpl[de ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => {
    // A record's action: the refusal of the action itself, worded in turn.
    if (name === "reason") return explain({ code: ps.refusal ?? "malformed", params: ps }, game, lang);
    if (name === "game") return TITLE[ps.game as GameName] ?? ps.game ?? "";
    if (name === "card" || name === "card_acc") {
      const id = ps.card ?? "";
      const n = id && game ? cardName(id, game, lang) : id;
      return name === "card_acc" && de ? n.replace(/^der /, "den ") : n;
    }
    if (name === "suit") return suitName(ps.suit ?? "", lang);
    const w = REFUSAL_WORDS[name]?.[ps[name] ?? ""] ?? SERVER_WORDS[name]?.[ps[name] ?? ""];
    return w ? w[de ? 1 : 0] : ps[name] ?? "";
  });
}

/** errorText words an error of the HTTP API (or of the network) for the page's language; game names the cards of its parameters. */
export function errorText(e: unknown, lang: Lang, game: GameName | null = null): string {
  if (e instanceof ApiError) {
    if (!e.code && e.status === 404) return tr(lang, "Not found.", "Nicht gefunden.");
    return explain({ error: e.message, code: e.code || (e.status === 429 ? "too_fast" : ""), params: e.params }, game, lang);
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
    case 4020:
      return tr(lang, "The host gave your seat to somebody else.", "Der Gastgeber hat deinen Platz jemand anderem gegeben.");
    case 4021:
      return tr(lang, "Your seat moved to another device.", "Dein Platz ist auf ein anderes Gerät gewechselt.");
  }
  return tr(lang, "The connection was closed.", "Die Verbindung wurde geschlossen.");
}

/**
 * GUIDE words the guided first hand (internal/guide): each code with its
 * parameters in {braces}; a part in [brackets] is left out when one of its
 * parameters is missing. A code may have variants by the seat's role or by
 * who won ("/me", "/declarer", "/defender", …), tried before the plain code.
 */
export const GUIDE: Record<string, [string, string]> = {
  learn: ["Learn", "Lernen"],
  learnHelp: [
    "Play a first hand with a guide: each phase explained with your own cards, the cards you may play lit, every trick and the score told in words.",
    "Spiel ein erstes Spiel mit Anleitung: jede Phase mit deinen eigenen Karten erklärt, die spielbaren Karten hervorgehoben, jeder Stich und die Abrechnung in Worten.",
  ],
  "lesson.droggn": ["Droggn, 3 players", "Droggn, 3 Spieler"],
  "lesson.troggu": ["Troggu, 3 players", "Troggu, 3 Spieler"],
  "lesson.troggu7": ["Troggu, 7 players: a secret partner", "Troggu, 7 Spieler: ein geheimer Partner"],
  "lesson.strohmandeln": ["Strohmandeln, 2 players", "Strohmandeln, 2 Spieler"],
  learnDone: ["done", "erledigt"],
  learnAgain: ["Play it again", "Nochmal spielen"],
  learnRestart: ["Start again", "Neu beginnen"],
  guideTitle: ["Guide", "Anleitung"],
  guideTrick: ["The last trick", "Der letzte Stich"],
  guideNow: ["Your move", "Dein Zug"],
  guideDone: ["Well played: this lesson is done.", "Gut gespielt: diese Lektion ist erledigt."],
  guideWait: ["The others are deciding; watch their moves in the log.", "Die anderen entscheiden; ihre Züge stehen im Protokoll."],
  "deal.droggn": [
    "The deal: you hold {cards} cards, {trumps} of them trumps[, the highest being {top}][, and the five-point cards {honours}]. {talon} cards lie face down as the talon. Trumps beat every suit card; the pack holds 74 card points, and the declarer needs 37 of them.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][, dazu die Fünfer {honours}]. {talon} Karten liegen verdeckt als Talon. Tarock sticht jede Farbkarte; im Blatt sind 74 Kartenpunkte, der Spieler braucht 37 davon.",
  ],
  "deal.troggu": [
    "The deal: you hold {cards} cards, {trumps} of them trumps[, the highest being {top}][, and the five-point cards {honours}]. {tapp} cards lie face down as the Tapp. The Bättler is the highest trump; the pack holds 114 card points, and a side needs 58.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][, dazu die Fünfer {honours}]. {tapp} Karten liegen verdeckt als Tapp. Der Bättler ist der höchste Tarock; im Blatt sind 114 Kartenpunkte, eine Partei braucht 58.",
  ],
  "deal.strohmandeln": [
    "The deal: you hold {cards} cards, {trumps} of them Tarocks[, the highest being {top}][, and the five-point cards {honours}]. Beside each player lie three Strohmänner, small piles whose top cards can be played like hand cards. The undertaker needs 35⅔ of the 70 card points.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][, dazu die Fünfer {honours}]. Neben jedem Spieler liegen drei Strohmänner, kleine Stapel, deren oberste Karten wie Handkarten gespielt werden. Der Aufnehmer braucht 35⅔ der 70 Kartenpunkte.",
  ],
  "bidding.droggn": [
    "Bidding: each of the {players} players speaks once. Ansager lets the declarer take the talon and buy a card, Solo takes the talon without buying, Super leaves the talon alone; the other two defend together.",
    "Reizen: jeder der {players} Spieler spricht einmal. Beim Ansager nimmt der Spieler den Talon und kauft eine Karte, beim Solo nimmt er den Talon ohne Kauf, beim Super bleibt der Talon liegen; die anderen zwei spielen zusammen gegen ihn.",
  ],
  "bidding.troggu": [
    "Bidding: each of the {players} players speaks once. A Normal game takes the Tapp and lays away as many cards; a Solo plays without it and ends the bidding. If all pass, everyone plays alone in a Misère.",
    "Reizen: jeder der {players} Spieler spricht einmal. Beim Normalspiel nimmt man den Tapp und legt ebenso viele Karten weg; ein Solo spielt ohne ihn und beendet das Reizen. Passen alle, spielt jeder allein eine Misère.",
  ],
  "bidding.strohmandeln": [
    "Bidding: the elder speaks first. \u201cIch nehme auf!\u201d undertakes the game: 3 points if you take 35⅔ card points, 4 for the opponent if not. If both pass, a simple game is played.",
    "Reizen: die Vorhand spricht zuerst. „Ich nehme auf!“ übernimmt das Spiel: 3 Punkte, wenn du 35⅔ Kartenpunkte holst, sonst 4 für den Gegner. Passen beide, wird ein einfaches Spiel gespielt.",
  ],
  "talon.droggn/declarer": [
    "The talon: you play {contract} and take the three talon cards[ ({taken})]. Now lay away {count} cards face down: they count for you at the end. The Mond, the Pagat and the Gstieß may never be laid away, and a king only with a trump.",
    "Der Talon: du spielst {contract} und nimmst die drei Talonkarten[ ({taken})]. Jetzt legst du {count} Karten verdeckt weg: sie zählen am Ende für dich. Mond, Pagat und Gstieß dürfen nie weggelegt werden, ein König nur mit einem Tarock.",
  ],
  "talon.droggn": ["The declarer takes the talon and lays away three cards that count for the declarer.", "Der Spieler nimmt den Talon und legt drei Karten weg, die für ihn zählen."],
  "talon.troggu/declarer": [
    "The Tapp: you play the Normal game and take the Tapp[ ({taken})]. Now lay away {count} cards face down: they count for you. Cards worth five points (kings, Bättler, XXI, I) may not be laid away.",
    "Der Tapp: du spielst das Normalspiel und nimmst den Tapp[ ({taken})]. Jetzt legst du {count} Karten verdeckt weg: sie zählen für dich. Fünfer (Könige, Bättler, XXI, I) darfst du nicht weglegen.",
  ],
  "talon.troggu": ["The Tappist takes the Tapp and lays away as many cards; they count for the Tappist.", "Der Tappist nimmt den Tapp und legt ebenso viele Karten weg; sie zählen für ihn."],
  "call.troggu": [
    "Calling: with {players} players the Tappist names a trump; whoever holds it is the secret partner. Nobody says it: the partner shows only when the called trump is played.",
    "Rufen: bei {players} Spielern nennt der Tappist einen Tarock; wer ihn hat, ist der geheime Partner. Keiner sagt es: der Partner zeigt sich erst, wenn der gerufene Tarock gespielt wird.",
  ],
  "buy.droggn": ["Buying: the Ansager declarer gives a card face down and names a card; its holder must hand it over.", "Kaufen: der Spieler eines Ansagers gibt eine Karte verdeckt und nennt eine Karte; wer sie hat, muss sie hergeben."],
  "layout.droggn": [
    "Laying out: before the first lead the Pagat may be laid out face up[ (you hold {pagat})]: it then wins +20 if it takes the last trick and loses 20 otherwise. On a first hand it is wiser not to.",
    "Auslegen: vor dem ersten Ausspiel darf der Pagat offen ausgelegt werden[ (du hast {pagat})]: er gewinnt dann +20, wenn er den letzten Stich macht, sonst kostet er 20. Beim ersten Spiel lieber nicht.",
  ],
  "doubling.droggn": [
    "Doubling: a defender may give a Schwacher, which doubles the game; the declarer may answer Retour and double again.",
    "Doppeln: ein Gegenspieler kann einen Schwachen geben, das verdoppelt das Spiel; der Spieler kann mit Retour nochmals doppeln.",
  ],
  "doubling.strohmandeln": ["Doubling: the opponent of the undertaker may double the game.", "Doppeln: der Gegner des Aufnehmers darf das Spiel doppeln."],
  "play.droggn/declarer": [
    "The play: you are the declarer of the {contract} with {trumps} trumps and lead the first trick. Follow the suit led if you can; if you cannot, you must play a trump. Take tricks with your trumps and bring home at least {need} card points.",
    "Das Spiel: du bist Spieler des {contract} mit {trumps} Tarock und spielst zum ersten Stich aus. Bediene die ausgespielte Farbe, wenn du kannst; sonst musst du Tarock spielen. Mach Stiche mit deinen Tarock und hol mindestens {need} Kartenpunkte.",
  ],
  "play.droggn": [
    "The play: follow the suit led if you can; if you cannot, you must play a trump. The two defenders play together against the declarer, who needs {need} card points.",
    "Das Spiel: bediene die ausgespielte Farbe, wenn du kannst; sonst musst du Tarock spielen. Die zwei Gegenspieler spielen zusammen gegen den Spieler, der {need} Kartenpunkte braucht.",
  ],
  "play.troggu/declarer": [
    "The play: you are the Tappist with {trumps} trumps and lead the first trick. Follow suit if you can, else play a trump; the Bättler is the highest trump. Your side needs {need} of the 114 card points.",
    "Das Spiel: du bist Tappist mit {trumps} Tarock und spielst zum ersten Stich aus. Bediene, wenn du kannst, sonst spiel Tarock; der Bättler ist der höchste Tarock. Deine Partei braucht {need} der 114 Kartenpunkte.",
  ],
  "play.troggu": [
    "The play: follow suit if you can, else play a trump; the Bättler is the highest trump. A side needs {need} of the 114 card points.",
    "Das Spiel: bediene, wenn du kannst, sonst spiel Tarock; der Bättler ist der höchste Tarock. Eine Partei braucht {need} der 114 Kartenpunkte.",
  ],
  "play.strohmandeln/declarer": [
    "The play: you undertook the game with {trumps} Tarocks and lead the first trick. Follow suit if you can, else play a Tarock (the Sküs is the highest); the top cards of your Strohmänner count as hand cards, and the card under one turns up after the trick.",
    "Das Spiel: du hast mit {trumps} Tarock aufgenommen und spielst zum ersten Stich aus. Bediene, wenn du kannst, sonst spiel Tarock (der Sküs ist der höchste); die obersten Karten deiner Strohmänner zählen wie Handkarten, und die Karte darunter wird nach dem Stich aufgedeckt.",
  ],
  "play.strohmandeln": [
    "The play: follow suit if you can, else play a Tarock; the top cards of your Strohmänner count as hand cards.",
    "Das Spiel: bediene, wenn du kannst, sonst spiel Tarock; die obersten Karten deiner Strohmänner zählen wie Handkarten.",
  ],
  "partner.troggu/secret": [
    "You called {called}: its holder plays with you, but neither you nor the others know who it is until {called} is played.",
    "Du hast {called} gerufen: wer ihn hat, spielt mit dir, aber weder du noch die anderen wissen wer, bis {called} gespielt wird.",
  ],
  "partner.troggu/known": ["{called} has been played: {partner} is the Tappist's partner.", "{called} ist gespielt: {partner} ist der Partner des Tappisten."],
  "partner.troggu/alone": ["{called} lay in the Tapp or the Tappist's hand: the Tappist plays alone.", "{called} lag im Tapp oder in der Hand des Tappisten: der Tappist spielt allein."],
  "partner.troggu/mine": ["The Tappist called {called}, which you hold: you are the secret partner.", "Der Tappist hat {called} gerufen, und du hast ihn: du bist der geheime Partner."],
  "partner.troggu": ["The Tappist called {called}; its holder is the secret partner.", "Der Tappist hat {called} gerufen; wer ihn hat, ist der geheime Partner."],
  "men.strohmandeln": [
    "The Strohmänner are turned up: every Tarock or king on top went into the hand. Your {count} top cards now playable: {tops}.",
    "Die Strohmänner sind aufgedeckt: jeder Tarock und König obenauf kam in die Hand. Deine {count} spielbaren Strohmann-Karten: {tops}.",
  ],
  "trick.hidden": ["Trick {n} went to {winner}.", "Stich {n} ging an {winner}."],
  "trick.trump/me": [
    "You won trick {n} with {card}: the highest trump in it takes the trick. It holds cards worth {points} points.",
    "Du hast Stich {n} mit {card} gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von {points} Punkten.",
  ],
  "trick.trump": [
    "{winner} won trick {n} with {card}: the highest trump in it takes the trick. It holds cards worth {points} points.",
    "{winner} hat Stich {n} mit {card} gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von {points} Punkten.",
  ],
  "trick.suit/me": [
    "You won trick {n} with {card}: no trump was played, so the highest card in {suit} takes it. It holds cards worth {points} points.",
    "Du hast Stich {n} mit {card} gewonnen: kein Tarock lag darin, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten.",
  ],
  "trick.suit": [
    "{winner} won trick {n} with {card}: no trump was played, so the highest card in {suit} takes it. It holds cards worth {points} points.",
    "{winner} hat Stich {n} mit {card} gewonnen: kein Tarock lag darin, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten.",
  ],
  "trick.fool.droggn": [
    "{card} never takes a trick: it goes back to the pile of {seat}'s side whoever wins.",
    "{card} macht nie einen Stich: er geht zurück auf den Stapel der Partei von {seat}, wer auch gewinnt.",
  ],
  "trick.fool.troggu": ["{card} had lost its power and takes no trick.", "{card} hatte seine Kraft verloren und macht keinen Stich."],
  "count.droggn/declarer": [
    "Counting in threes: the cards of a pile are counted in groups of three, each group worth its points less 2 (a group left short, 1 less). You won {tricks} tricks; with the cards laid away they count {points} card points against {other}.[ Your pile: {pile} cards worth {raw} points, counted in threes {raw} − {less} = {points}.] The declarer needed {need}.",
    "Zählen in Dreiern: die Karten eines Stapels werden zu dritt gezählt, jede Gruppe ist ihre Punkte weniger 2 wert (eine unvollständige Gruppe 1 weniger). Du hast {tricks} Stiche gemacht; mit den weggelegten Karten zählen sie {points} Kartenpunkte gegen {other}.[ Dein Stapel: {pile} Karten mit {raw} Punkten, in Dreiern gezählt {raw} − {less} = {points}.] Der Spieler brauchte {need}.",
  ],
  "count.droggn": [
    "Counting in threes: the cards of a pile are counted in groups of three, each group worth its points less 2. Your side won {tricks} tricks and counts {points} card points against {other}.[ Your side's pile: {pile} cards worth {raw} points, counted in threes {raw} − {less} = {points}.] The declarer needed {need}.",
    "Zählen in Dreiern: die Karten eines Stapels werden zu dritt gezählt, jede Gruppe ist ihre Punkte weniger 2 wert. Deine Partei hat {tricks} Stiche gemacht und zählt {points} Kartenpunkte gegen {other}.[ Euer Stapel: {pile} Karten mit {raw} Punkten, in Dreiern gezählt {raw} − {less} = {points}.] Der Spieler brauchte {need}.",
  ],
  "count.troggu": [
    "Counting: in Troggu every card counts its own points. Your side won {tricks} tricks and counts {points} card points against {other}; 58 of the 114 win, and a side under 30 pays double.",
    "Zählen: im Troggu zählt jede Karte ihre eigenen Punkte. Deine Partei hat {tricks} Stiche gemacht und zählt {points} Kartenpunkte gegen {other}; 58 von 114 gewinnen, eine Partei unter 30 zahlt doppelt.",
  ],
  "count.strohmandeln": [
    "Counting in threes: the cards are counted in groups of three, each group worth its points less 2 (exactly: ⅔ of a point less for every card). You won {tricks} tricks and count {points} card points against {other}[ (your pile: {pile} cards worth {raw} points, counted in threes {raw} − {less} = {points})]; the undertaker needs {need}.",
    "Zählen in Dreiern: die Karten werden zu dritt gezählt, jede Gruppe ist ihre Punkte weniger 2 wert (genau: ⅔ Punkt weniger für jede Karte). Du hast {tricks} Stiche gemacht und zählst {points} Kartenpunkte gegen {other}[ (dein Stapel: {pile} Karten mit {raw} Punkten, in Dreiern gezählt {raw} − {less} = {points})]; der Aufnehmer braucht {need}.",
  ],
  "score.droggn/won": [
    "The score: [the {contract} is worth {base}, plus the {diff} points over 37: {game} for the game. ][Together with the items below that is {total}, and each of the {others} others pays it to you. ]Your score for this hand is {score}.",
    "Die Abrechnung: [der {contract} ist {base} wert, dazu die {diff} Punkte über 37: {game} für das Spiel. ][Mit den Posten unten sind das {total}, und jeder der {others} anderen zahlt es dir. ]Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "score.droggn/lost": [
    "The score: [the {contract} is worth {base}, and the declarer was {diff} points short of 37: {game} for the game. ][Together with the items below that is {total}, and you pay it to each of the {others} others. ]Your score for this hand is {score}.",
    "Die Abrechnung: [der {contract} ist {base} wert, und dem Spieler fehlten {diff} Punkte auf 37: {game} für das Spiel. ][Mit den Posten unten sind das {total}, und du zahlst es jedem der {others} anderen. ]Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "score.troggu/won": [
    "The score: your side has 58 or more, so each player of the losing side pays each of yours the stake, doubled when the losers have under 30 points[ — here {total} from each of the {others} players against you]. Your score for this hand is {score}.",
    "Die Abrechnung: deine Partei hat 58 oder mehr, also zahlt jeder Spieler der Verlierer jedem von euch den Einsatz, doppelt, wenn die Verlierer unter 30 Punkte haben[ — hier {total} von jedem der {others} Gegenspieler]. Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "score.troggu/lost": [
    "The score: your side stayed under 58, so each of you pays each player of the winning side the stake, doubled under 30 points[ — here {total} to each of the {others} players against you]. Your score for this hand is {score}.",
    "Die Abrechnung: deine Partei blieb unter 58, also zahlt jeder von euch jedem Spieler der Gewinner den Einsatz, doppelt unter 30 Punkten[ — hier {total} an jeden der {others} Gegenspieler]. Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "score.troggu": [
    "The score: each player of the losing side pays each player of the winning side the stake, doubled when the losers have under 30 points. Your score for this hand is {score}.",
    "Die Abrechnung: jeder Spieler der Verlierer zahlt jedem Gewinner den Einsatz, doppelt, wenn die Verlierer unter 30 Punkte haben. Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "score.strohmandeln": [
    "The score: an undertaken game is worth 3 to the undertaker or 4 to the opponent[ (the game item: {game})], and each bonus listed below 1 more. Your score for this hand is {score}.",
    "Die Abrechnung: ein aufgenommenes Spiel bringt dem Aufnehmer 3 oder dem Gegner 4[ (Posten Spiel: {game})], jeder Bonus unten 1 mehr. Dein Ergebnis in diesem Spiel ist {score}.",
  ],
  "advice.bid.droggn": ["Say: {call}.", "Sag: {call}."],
  "advice.bid.troggu": ["Say: {call}.", "Sag: {call}."],
  "advice.bid.strohmandeln": ["Say: {call}.", "Sag: {call}."],
  "why.bid.solo": [
    "You hold {trumps} trumps[ and {honours}]: that is a Solo hand — you take the talon and need not buy a card.",
    "Du hast {trumps} Tarock[ und {honours}]: das ist ein Solo-Blatt — du nimmst den Talon und musst keine Karte kaufen.",
  ],
  "why.bid.ansager": [
    "You hold {trumps} trumps[ and {honours}]: enough for an Ansager, where the talon and a bought card help you.",
    "Du hast {trumps} Tarock[ und {honours}]: genug für einen Ansager, bei dem dir der Talon und eine gekaufte Karte helfen.",
  ],
  "why.bid.tsolo": [
    "You hold {trumps} of your {cards} cards in trumps[ and {honours}]: strong enough to play a Solo without the Tapp.",
    "Du hast {trumps} Tarock unter deinen {cards} Karten[ und {honours}]: stark genug für ein Solo ohne Tapp.",
  ],
  "why.bid.normal": [
    "You hold {trumps} of your {cards} cards in trumps[ and {honours}]: with the Tapp to improve it, that is a Normal game.",
    "Du hast {trumps} Tarock unter deinen {cards} Karten[ und {honours}]: mit dem Tapp dazu ist das ein Normalspiel.",
  ],
  "why.bid.undertake": [
    "You hold {trumps} Tarocks of {cards} cards[ and {honours}]: enough to take the game on.",
    "Du hast {trumps} Tarock unter {cards} Karten[ und {honours}]: genug, um das Spiel aufzunehmen.",
  ],
  "why.bid.weak": ["With {trumps} trumps the hand is too weak to play alone: let another declare.", "Mit {trumps} Tarock ist das Blatt zu schwach: lass einen anderen spielen."],
  "why.bid.taken": ["A higher game is already bid: pass.", "Ein höheres Spiel ist schon geboten: sag gut."],
  "advice.discard.droggn": [
    "Lay away {discard}: low cards of your shortest suits, so that you can trump those suits later; their points count for you.",
    "Leg {discard} weg: niedrige Karten deiner kürzesten Farben, damit du diese Farben später stechen kannst; ihre Punkte zählen für dich.",
  ],
  "advice.discard.troggu": [
    "Lay away {discard}: cards of your shortest suits, so that you can trump those suits later; their points count for you.",
    "Leg {discard} weg: Karten deiner kürzesten Farben, damit du diese Farben später stechen kannst; ihre Punkte zählen für dich.",
  ],
  "advice.call": ["Call {card}: the highest trump you do not hold, so its holder is likely strong.", "Ruf {card}: der höchste Tarock, den du nicht hast, also ist sein Besitzer wohl stark."],
  "advice.play": ["Play {card}.", "Spiel {card}."],
  "why.play.only": ["It is the only card you may play.", "Es ist die einzige Karte, die du spielen darfst."],
  "why.play.master": ["It is the highest trump still out: it wins the trick and draws the others' trumps.", "Es ist der höchste Tarock, der noch draußen ist: er gewinnt den Stich und zieht den anderen Tarock."],
  "why.play.trumps": ["Leading trumps draws the others' trumps, so your suit cards are safe later.", "Tarock auszuspielen zieht den anderen Tarock, damit deine Farbkarten später sicher sind."],
  "why.play.king": ["A king is the highest card of its suit: it wins if nobody trumps.", "Ein König ist die höchste Karte seiner Farbe: er gewinnt, wenn keiner sticht."],
  "why.play.low": ["A low card gives little away while you learn the others' hands.", "Eine niedrige Karte gibt wenig her, während du die Blätter der anderen kennenlernst."],
  "why.play.win": ["It is the lowest card that takes this trick.", "Es ist die niedrigste Karte, die diesen Stich macht."],
  "why.play.smear": ["Your side wins this trick already: add points to it.", "Deine Partei gewinnt diesen Stich schon: gib Punkte dazu."],
  "why.play.fool": ["You cannot win this trick, and the Gstieß goes back to your own pile: play it now.", "Du kannst diesen Stich nicht gewinnen, und der Gstieß kommt auf deinen eigenen Stapel zurück: spiel ihn jetzt."],
  "why.play.cheap": ["You cannot win this trick: give the cheapest card.", "Du kannst diesen Stich nicht gewinnen: gib die billigste Karte."],
  "advice.layout.droggn": ["Do not lay out: keep it simple on a first hand.", "Nicht auslegen: beim ersten Spiel einfach bleiben."],
  "advice.double.droggn": ["Say gut: no doubling on a first hand.", "Sag gut: beim ersten Spiel kein Doppeln."],
  "advice.double.strohmandeln": ["Do not double on a first hand.", "Beim ersten Spiel nicht doppeln."],
  "advice.buy.droggn": ["Do not buy: the game still counts as Ansager.", "Nicht kaufen: das Spiel zählt trotzdem als Ansager."],
  "advice.fold.strohmandeln": ["Stay in: you hold Tarocks.", "Bleib drin: du hast Tarock."],
  guideLead: ["You lead: you may play any card.", "Du spielst aus: jede Karte ist erlaubt."],
  guideFree: ["You cannot follow and hold no trump: any card is allowed.", "Du kannst nicht bedienen und hast keinen Tarock: jede Karte ist erlaubt."],
  guideAll: ["Every card you hold follows the rules here: any of them may be played.", "Jede deiner Karten ist hier regelgerecht: du darfst jede spielen."],
  guideLit: ["The cards you may play are lit; the guide's choice is marked.", "Die spielbaren Karten sind hervorgehoben; der Vorschlag der Anleitung ist markiert."],
  "call.pass": ["pass", "weiter"],
  "call.stay": ["stay", "bleiben"],
  "call.undertake": ["Ich nehme auf!", "Ich nehme auf!"],
  "call.normal": ["Normal game (ich nehm's)", "Normalspiel (ich nehm's)"],
};

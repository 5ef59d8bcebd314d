// The catalogue of every text the app shows, in English and German: the
// app's own words (t, by key; a pair missing either language fails to
// compile), the cards' names, the guide's and the rules pages' texts, and
// the lookups of the texts the server sends — its Words (say), its texts in
// two fields (saySplit) and its refusals (explain, from refusals.gen.ts).
// No other module holds words for people (words.test.ts).

import { ApiError, type Action, type Words } from "./api";
import { FOOL_NAME, parse, roman, type GameName } from "./cards";
import type { Lang } from "./lang";
import type { Status } from "./ws";
import { ENGINE_REFUSALS, REFUSAL_WORDS } from "./refusals.gen";

export { isLang, type Lang } from "./lang";

const S = {
  tagline: ["Droggn, Troggu and Strohmandeln in the browser", "Droggn, Troggu und Strohmandeln im Browser"],
  lobby: ["Lobby", "Lobby"],
  openTables: ["Tables", "Tische"],
  noTables: ["No tables yet: create one under “New table”.", "Noch keine Tische: lege einen unter „Neuer Tisch“ an."],
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
  offlineNoPerson: [
    "On this device only you play: choose a bot for {0}.",
    "Auf diesem Gerät spielst nur du: Wähle einen Bot für {0}.",
  ],
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
  handForgetAsk: [
    "Forget this hand? Its record is deleted from this device and cannot be brought back.",
    "Dieses Spiel löschen? Seine Aufzeichnung wird von diesem Gerät entfernt und lässt sich nicht zurückholen.",
  ],
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
  cap_ws_addr_cap: [
    "The server takes no more connections from your address: every device behind one router shares it, as in a club's room. Close other windows of this site, or ask the server's operator to allow more. Trying again in {0} s…",
    "Der Server nimmt von deiner Adresse keine Verbindung mehr an: Alle Geräte hinter einem Router teilen sie, wie in einem Vereinslokal. Schließe andere Fenster dieser Seite oder bitte den Betreiber des Servers, mehr zu erlauben. Neuer Versuch in {0} s…",
  ],
  cap_ws_net_cap: [
    "The server takes no more connections from your network just now. Trying again in {0} s…",
    "Der Server nimmt aus deinem Netz gerade keine Verbindung mehr an. Neuer Versuch in {0} s…",
  ],
  needsServer: [
    "This table is played on the server: it opens by itself as soon as the connection is back. Against bots you can also play on this device, from the lobby (“Play on this device”).",
    "Dieser Tisch wird auf dem Server gespielt: Er öffnet sich von selbst, sobald die Verbindung wieder da ist. Gegen Bots kannst du in der Lobby auch auf diesem Gerät spielen („Auf diesem Gerät spielen“).",
  ],
  capShort: ["Refused by the server; trying again in {0} s…", "Vom Server abgewiesen; neuer Versuch in {0} s…"],
  cap_server_full: ["The server is full just now. Trying again in {0} s…", "Der Server ist gerade voll. Neuer Versuch in {0} s…"],
  spectating: ["You are watching", "Du schaust zu"],
  yourTurn: ["Your turn", "Du bist dran"],
  waitingFor: ["Waiting for {0}", "Warte auf {0}"],
  playCard: ["Play a card", "Spiel eine Karte aus"],
  // What the table page says to a screen reader (announce.ts).
  playsCard: ["{0} plays {1}", "{0} spielt {1}"],
  chooseOf: ["Choose: {0}", "Wähle: {0}"],
  suggested: ["suggested", "empfohlen"],
  guideChoice: ["the guide's choice", "der Vorschlag der Anleitung"],
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
  hintNote: [
    "The number after a choice is the score the bot expects for you in this hand with it. It tries many worlds — ways the cards you cannot see may lie, as far as the play so far allows — and plays each to the end.",
    "Die Zahl nach einer Wahl ist die Wertung, die der Bot damit für dich in diesem Spiel erwartet. Er probiert viele Welten — Verteilungen der Karten, die du nicht siehst, soweit das bisherige Spiel sie zulässt — und spielt jede zu Ende.",
  ],
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
  paysYou: ["{0} pays you: {1}", "{0} zahlt dir: {1}"],
  youPay: ["You pay {0}: {1}", "Du zahlst {0}: {1}"],
  noPayments: ["Nobody pays anybody.", "Niemand zahlt."],
  select: ["Choose {0} cards to discard ({1} chosen)", "Wähle {0} Karten zum Ablegen ({1} gewählt)"],
  selectDroggn: ["Choose {0} cards to discard ({1} chosen)", "Wähle {0} Karten zum Drücken ({1} gewählt)"],
  confirmDiscard: ["Discard", "Ablegen"],
  confirmDroggn: ["Discard", "Drücken"],
  confirm: ["Confirm", "Bestätigen"],
  result: ["Result", "Ergebnis"],
  replay: ["Replay", "Wiedergabe"],
  replayHandN: ["Replay hand {0}", "Spiel {0} wiedergeben"],
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
  trickHidden: ["turned down: not yours to look back at", "verdeckt: nicht zum Nachsehen"],
  "trickHidden.droggn": ["turned down: you may look back only at your side's tricks", "verdeckt: nachsehen darf man nur die Stiche der eigenen Partei"],
  "trickHidden.strohmandeln": [
    "turned down: you may look back only at your own tricks and the one just taken",
    "verdeckt: nachsehen darf man nur die eigenen Stiche und den zuletzt gemachten",
  ],
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
  incomplete: ["Incomplete record: {0} is to act.", "Unvollständiges Protokoll: {0} ist am Zug."],
  lastResult: ["Last hand", "Letztes Spiel"],
  dismiss: ["Hide this result", "Ergebnis ausblenden"],
  multiplier: ["×{0}", "×{0}"],
  doubled: ["doubled", "gedoppelt"],
  alone: ["plays alone", "spielt allein"],
  partnerIs: ["partner: {0}", "Partner: {0}"],
  called: ["called {0}", "gerufen: {0}"],
  powerless: ["your {0} has lost its power", "dein {0} hat seine Kraft verloren"],
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
  yourLaidAway: ["Your discards", "Deine abgelegten Karten"],
  laidAway: ["{0}'s discards", "Von {0} abgelegt"],
  sitsOutNoPoints: ["{0} sat out", "{0} hat gefeiert"],
  autoTaken: ["the only choice, taken for you", "die einzige Wahl, für dich genommen"],
  autoNote: ["{0}: the only choice, taken for you", "{0}: die einzige Wahl, für dich genommen"],
  offline: ["Connection lost: reconnecting…", "Verbindung verloren: verbinde neu…"],
  stale: ["Updating the table…", "Aktualisiere den Tisch…"],
  explain: ["What do these mean?", "Was heißt das?"],
  tappTaken: ["Tapp taken up", "Aufgenommener Tapp"],
  bought: ["bought {0} from {1}", "kauft {0} von {1}"],
  settleWins: [
    "Added up, the items make {0}: each of the {2} defenders pays it to the {1}, who scores {3}.",
    "Zusammen machen die Posten {0}: Jeder der {2} Gegenspieler zahlt das dem {1}, der so {3} bekommt.",
  ],
  settleLoses: [
    "Added up, the items make -{0}: the {1} pays {0} to each of the {2} defenders and scores {3}.",
    "Zusammen machen die Posten -{0}: Der {1} zahlt jedem der {2} Gegenspieler {0} und bekommt so {3}.",
  ],
  boughtFromYou: ["bought {0} from you", "kauft {0} von dir"],
  buyLost: ["asked for {0}: the right to buy is lost", "verlangt {0}: Kaufrecht verloren"],
  offered: ["offered card: {0}", "gebotene Karte: {0}"],
  laidOut: ["laid out", "ausgelegt"],
  known: ["known in hand", "bekannt in der Hand"],
  knownHelp: [
    "Cards in this hand that both players have seen: turned up from a Strohmann into the hand, or announced.",
    "Karten dieser Hand, die beide gesehen haben: aus einem Strohmann in die Hand genommen oder angesagt.",
  ],
  faceDownN: ["{0} cards face down", "{0} Karten verdeckt"],
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
    "A summary of the rules trull plays by, with every variant a table can choose.",
    "Eine Zusammenfassung der Regeln, nach denen trull spielt, mit jeder Variante, die ein Tisch wählen kann.",
  ],
  elder: ["Elder", "Vorhand"],
  gone: ["The table does not exist (any more).", "Diesen Tisch gibt es nicht (mehr)."],
  badToken: ["Your seat token was refused.", "Dein Platz-Schlüssel wurde abgelehnt."],
  watchInstead: ["Watch instead", "Stattdessen zuschauen"],
  nextHand: ["Deal the next hand", "Nächstes Spiel geben"],
  askEnd: ["Ask to end the sitting", "Ende der Sitzung verlangen"],
  allRecords: ["Download every hand", "Alle Spiele herunterladen"],
  allRecordsHelp: [
    "The records of every finished hand of this table, one a line (JSON Lines): to keep the sitting, or to replay and analyse it elsewhere",
    "Die Aufzeichnungen aller fertigen Spiele dieses Tisches, eine pro Zeile (JSON Lines): um die Sitzung aufzuheben oder anderswo nachzuspielen und zu analysieren",
  ],
  endAsked: ["{0} asked to end the sitting.", "{0} hat das Ende der Sitzung verlangt."],
  handsLeft: ["Hands left: {0}.", "Noch {0} Spiele."],
  // The daily challenges (daily.tsx).
  daily: ["Daily", "Täglich"],
  dailyTitle: ["Daily challenges", "Tägliche Herausforderungen"],
  dailyIntro: [
    "Every day the same six deals for everyone, against the same bots. Your score on each deal is compared with the bot's in your seat: the difference is your duplicate score. One attempt per day and game.",
    "Jeden Tag für alle dieselben sechs Runden je Spiel gegen dieselben Bots. Dein Ergebnis in jeder Runde wird mit dem des Bots auf deinem Platz verglichen: der Unterschied ist deine Duplicate-Wertung. Ein Versuch pro Tag und Spiel.",
  ],
  dailyWho: ["Play as", "Spiele als"],
  dailySetUp: ["{0}, {1} players", "{0}, {1} Spieler"],
  dailyNeedName: ["To start, first choose your name above (“{0}”).", "Zum Beginnen wähle zuerst oben deinen Namen („{0}“)."],
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
  dailyDone: ["Finished: {0}, place {1} of {2}", "Fertig: {0}, Platz {1} von {2}"],
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
  dailyDealCell: ["you {0}, bot {1}: {2}; {3} of {4} others did better", "du {0}, Bot {1}: {2}; {3} von {4} anderen besser"],
  dailyDealAlone: ["you {0}, bot {1}: {2}; nobody else has finished it yet", "du {0}, Bot {1}: {2}; sonst hat es noch niemand beendet"],
  dailyPending: ["the bot's score is still being computed", "das Ergebnis des Bots wird noch berechnet"],
  dailyAt: ["Daily challenge of {0} · deal {1} of {2}", "Tägliche Herausforderung vom {0} · Spiel {1} von {2}"],
  dailyOver: ["Challenge finished: see where you stand.", "Herausforderung beendet: sieh nach, wo du stehst."],
  dailyBack: ["To the daily page", "Zur Tagesseite"],
  offlineStill: ["“{0}” (under {1}) works without it.", "„{0}“ (unter {1}) geht auch ohne ihn."],
  downDaily: [
    "The daily challenge needs it: this page tries again as soon as the network is back.",
    "Die tägliche Herausforderung braucht ihn: Diese Seite versucht es wieder, sobald das Netz zurück ist.",
  ],
  downPuzzles: [
    "The puzzles need it: this page tries again as soon as the network is back.",
    "Die Rätsel brauchen ihn: Diese Seite versucht es wieder, sobald das Netz zurück ist.",
  ],
  downLobby: ["This page tries again by itself.", "Diese Seite versucht es von selbst wieder."],
  downAnswer: ["The answer needs it: play your card again when the network is back.", "Die Antwort braucht ihn: Spiel deine Karte noch einmal, sobald das Netz zurück ist."],
  offlineKept: ["A sitting is kept on this device; a new one takes its place.", "Auf diesem Gerät ist eine Runde gespeichert; eine neue tritt an ihre Stelle."],
  offlineKeptOpen: ["Open it", "Öffnen"],
  dailyChoicesTitle: ["How the others decided", "Wie die anderen entschieden"],
  dailyChoices: ["How the others decided ({0} other players so far)", "Wie die anderen entschieden (bisher {0} andere Spieler)"],
  dailyChoicesNone: ["Nobody else has reached your positions yet.", "Noch niemand sonst kam in deine Lagen."],
  dailyChoicesAlone: ["Nobody else has played this deal yet.", "Noch niemand sonst hat dieses Spiel gespielt."],
  dailyChoiceMine: ["{0}: {1}% of the {2} players in this position chose it", "{0}: {1} % der {2} Spieler in dieser Lage wählten das"],
  dailyChoiceOther: ["{0}% {1}", "{0} % {1}"],
  // Puzzles (puzzles.tsx).
  puzzles: ["Puzzles", "Rätsel"],
  puzzlesOf: ["Puzzles: {0}", "Rätsel: {0}"],
  puzzlesIntro: [
    "Positions from real hands where one card, or a few worth the same, is clearly better than every other. Find one: then you see whether you were right, the best cards, what each card costs and why.",
    "Stellungen aus echten Spielen, in denen eine Karte, oder einige gleich gute, klar besser ist als jede andere. Finde eine: Dann siehst du, ob du richtig lagst, die besten Karten, was jede Karte kostet und warum.",
  ],
  puzzleAll: ["All themes", "Alle Themen"],
  puzzleSolved: ["{0} of {1} solved", "{0} von {1} gelöst"],
  puzzleStreak: ["Streak: {0}", "Serie: {0}"],
  puzzleBestStreak: ["best {0}", "beste {0}"],
  puzzleN: ["Puzzle {0} of {1}", "Rätsel {0} von {1}"],
  puzzleDeclarer: ["You are the declarer: {0}.", "Du bist der Spieler: {0}."],
  puzzleDefender: ["{1} is the declarer ({0}); you play against.", "{1} ist der Spieler ({0}); du spielst dagegen."],
  puzzleNobody: ["{0}: nobody declares; each side plays for itself.", "{0}: keiner ist Spieler; jede Seite spielt für sich."],
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
    "A “world” is one way the cards you cannot see could lie, fitting everything you see. These figures come from {0} such ways, each played to the end with every hand open.",
    "Eine „Welt“ ist eine mögliche Verteilung der Karten, die du nicht siehst, passend zu allem, was du siehst. Diese Zahlen stammen aus {0} solchen Welten, jede mit allen Karten offen zu Ende gespielt.",
  ],
  puzzleWhy: ["Why", "Warum"],
  puzzleNext: ["Next puzzle", "Nächstes Rätsel"],
  puzzleRetry: ["Try again", "Nochmal versuchen"],
  puzzleRetryHelp: ["Only your first answer counts for the streak.", "Für die Serie zählt nur deine erste Antwort."],
  puzzleRetried: ["A second try: the streak counts only first answers, so it stays as it was.", "Ein zweiter Versuch: Die Serie zählt nur erste Antworten, sie bleibt also, wie sie war."],
  puzzleRepeat: ["You answered this puzzle before: the streak stays as it was.", "Dieses Rätsel hast du schon beantwortet: Die Serie bleibt, wie sie war."],
  puzzleAllDone: ["You have answered every puzzle here: they start again from the first.", "Du hast alle Rätsel hier beantwortet: Sie beginnen wieder beim ersten."],
  puzzleNone: ["This game has no puzzle of this theme.", "Zu diesem Thema hat dieses Spiel kein Rätsel."],
  puzzleYou: ["You", "Du"],
  themeMisere: ["Misère", "Misère"],
  themeMisereHelp: [
    "Play in a Misère: nobody is declarer, everyone plays alone, and the one with the most card points loses.",
    "Spiel in einer Misère: Keiner ist Spieler, jeder spielt für sich, und wer die meisten Kartenpunkte hat, verliert.",
  ],
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
  // The analysis (analysis.tsx).
  trickNth: ["trick {0}, {1} card", "Stich {0}, {1} Karte"],
  phaseNth: ["{0}, {1} card", "{0}, {1} Karte"],
  decision: ["decision", "Entscheidung"],
  noneValued: ["no decision valued", "keine Entscheidung bewertet"],
  goodOfValued: ["{0} of {1} valued decisions good ({2}%)", "{0} von {1} bewerteten Entscheidungen gut ({2} %)"],
  analysisFailed: ["The analysis could not be loaded.", "Die Analyse konnte nicht geladen werden."],
  quickLook: ["Quick look", "Schneller Blick"],
  valuing: ["Valuing the decisions", "Die Entscheidungen werden bewertet"],
  formulaOver: ["{0} {1} + {2} card points over {3}", "{0} {1} + {2} Kartenpunkte über {3}"],
  formulaShort: ["{0} {1} + {2} card points short of {3}", "{0} {1} + {2} Kartenpunkte unter {3}"],
  formulaExact: ["{0} {1}, with exactly {3} card points", "{0} {1}, mit genau {3} Kartenpunkten"],
  formulaOver1: ["{0} {1} + 1 card point over {3}", "{0} {1} + 1 Kartenpunkt über {3}"],
  formulaShort1: ["{0} {1} + 1 card point short of {3}", "{0} {1} + 1 Kartenpunkt unter {3}"],
  formulaGame: ["The game: {0} = {1}.", "Das Spiel: {0} = {1}."],
  formulaDoubled: ["The game: {0} = {1} (× 2 for each doubling).", "Das Spiel: {0} = {1} (× 2 für jedes Doppeln)."],
  analysisTitle: ["Analysis", "Analyse"],
  analysisBy: ["by the bot: {0}", "vom Bot: {0}"],
  graphNote: [
    "Each line is a seat's expected score for this hand after each of its decisions, as the bot values it from what that seat could see; a yellow, orange or red dot marks an inaccuracy, a mistake or a blunder.",
    "Jede Linie ist die erwartete Wertung eines Platzes für dieses Spiel nach jeder seiner Entscheidungen, wie der Bot sie aus dem bewertet, was dieser Platz sehen konnte; ein gelber, oranger oder roter Punkt markiert eine Ungenauigkeit, einen Fehler oder einen groben Fehler.",
  ],
  scoreAxis: ["expected score (points)", "erwartete Wertung (Punkte)"],
  lossNote: [
    "Expected loss: the points a seat gave away in this hand by choosing other than the best, added up over its decisions (0 is perfect play). A decision is good when it gives away less than the inaccuracy threshold.",
    "Erwarteter Verlust: die Punkte, die ein Platz in diesem Spiel durch andere als die besten Entscheidungen hergegeben hat, über alle seine Entscheidungen zusammengezählt (0 ist fehlerfreies Spiel). Gut ist eine Entscheidung, die weniger als die Schwelle einer Ungenauigkeit hergibt.",
  ],
  worldNote: [
    "A “world” is one way the cards a seat could not see might have lain, fitting everything it saw; each decision is valued over many such worlds, each played to the end.",
    "Eine „Welt“ ist eine mögliche Verteilung der Karten, die ein Platz nicht sehen konnte, passend zu allem, was er sah; jede Entscheidung wird über viele solche Welten bewertet, jede zu Ende gespielt.",
  ],
  expectedLoss: ["expected loss", "erwarteter Verlust"],
  goodDecisions: ["good decisions", "gute Entscheidungen"],
  expectedValue: ["expected", "erwartet"],
  bestChoice: ["best", "am besten"],
  allHandsBest: ["with every hand seen, {0} would be best (worth {1})", "mit allen Karten offen wäre {0} am besten (Wert {1})"],
  noDecisionValued: ["No decision was valued.", "Keine Entscheidung wurde bewertet."],
  scoreGraph: ["expected score through the hand", "erwartete Wertung im Lauf des Spiels"],
  // The table (board, extras, points, seats, side, result, replay, lobby, table).
  buyPlain: ["buy", "kaufen"],
  forcedMark: [" (forced)", " (Pflicht)"],
  tapp: ["Tapp", "Tapp"],
  strohmaennerOf: ["Strohmänner — {0}", "Strohmänner — {0}"],
  seatsLegend: ["Seats", "Plätze"],
  othersUnknown: ["the others (partner not known yet)", "die anderen (Partner noch unbekannt)"],
  defenders: ["defenders", "Gegenspieler"],
  takenSoFar: ["Taken so far:", "Bisher:"],
  firstLabel: ["first", "zum Anfang"],
  prevLabel: ["previous", "zurück"],
  nextLabel: ["next", "weiter"],
  lastLabel: ["last", "zum Ende"],
  sitsOutBadge: ["sits out (feiert)", "feiert"],
  laidOutCard: ["{0} laid out", "{0} ausgelegt"],
  invited: ["You are invited to a table", "Du bist an einen Tisch eingeladen"],
  online: ["online", "online"],
  connHere: ["plays on this device", "spielt auf diesem Gerät"],
  partnerBadge: ["Partner", "Partner"],
  yes: ["yes", "ja"],
  no: ["no", "nein"],
  youName: ["You", "Du"],
  listAnd: [" and ", " und "],
  // The rules page (rules.tsx).
  variantsTitle: ["Variants", "Varianten"],
  variantsHelp: [
    "Chosen for each table when it is created; the first value is the default.",
    "Werden beim Anlegen eines Tisches gewählt; der erste Wert ist der Standard.",
  ],
} as const satisfies Record<string, Pair>;

/** Pair is a text in English and German, in that order: a table of pairs missing either fails to compile. */
export type Pair = readonly [en: string, de: string];

/** Key is a UI string key. */
export type Key = keyof typeof S;

/** t returns the text of key in lang, with {0}, {1}, … replaced by args. */
export function t(lang: Lang, key: Key, ...args: (string | number)[]): string {
  const s: string = S[key][lang === "de" ? 1 : 0];
  return args.length ? s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? "")) : s;
}

/** tr picks the English or German text (for the words of this catalogue only). */
function tr(lang: Lang, en: string, de: string): string {
  return lang === "de" ? de : en;
}

/** pick returns the text of lang from a pair of this catalogue (the guide's, the bot levels', …). */
export function pick(lang: Lang, p: Pair): string {
  return p[lang === "de" ? 1 : 0];
}

/**
 * say returns in lang a text the server sent for people: in both languages
 * (Words: a variant's title, an option's label, a why), or in English only
 * (a bare string, shown on an English page only); "" for none.
 */
export function say(lang: Lang, w: Words | string | null | undefined): string {
  if (!w) return "";
  if (typeof w === "string") return lang === "en" ? w : "";
  return lang === "de" ? w.de : w.en;
}

/** saySplit returns in lang a text the server sent in two fields, English and German (a step's text and text_de, an option's help and help_de). */
export function saySplit(lang: Lang, en: string | undefined, de: string | undefined): string {
  return (lang === "de" ? de : en) ?? "";
}

/** callWord is the word a Strohmandeln call is said with ("Ross!", "Topschin!"). */
export function callWord(say: string): string {
  return say === "ross" ? "Ross!" : "Topschin!";
}

/** otherLang is the language the page's switch turns to. */
export function otherLang(lang: Lang): Lang {
  return lang === "de" ? "en" : "de";
}

/** locale is the locale dates and times are written in. */
export function locale(lang: Lang): string {
  return lang === "de" ? "de-AT" : "en-GB";
}

/** longDate writes a day given as YYYY-MM-DD in words ("28 November 2026", "28. November 2026"). */
export function longDate(lang: Lang, ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return ymd;
  return d.toLocaleDateString(locale(lang), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** decimal writes a number's digits with the decimal point of lang (a comma in German). */
export function decimal(lang: Lang, s: string): string {
  return lang === "de" ? s.replace(".", ",") : s;
}

/** objectCase puts a card's name with its article as the object of a sentence ("den Gstieß"). */
export function objectCase(lang: Lang, name: string): string {
  return lang === "de" ? name.replace(/^der /, "den ") : name;
}

/**
 * cardCase puts a German card name's article in the case its place in a
 * sentence asks for ("acc": "den Bättler", "dat": "dem Bättler", "bare":
 * "Bättler"); only the Fool's name carries an article, and English none.
 */
export function cardCase(lang: Lang, name: string, c: string | undefined): string {
  if (lang !== "de" || !c || !name.startsWith("der ")) return name;
  const rest = name.slice(4);
  return c === "acc" ? "den " + rest : c === "dat" ? "dem " + rest : rest;
}

/** SINGULAR are the words that follow the number 1 in the singular, with the word each becomes. */
const SINGULAR: Record<Lang, [RegExp, string][]> = {
  en: [
    [/(^|[^\d⅓⅔,.])1 points\b/g, "point"],
    [/(^|[^\d⅓⅔,.])1 card points\b/g, "card point"],
    [/(^|[^\d⅓⅔,.])1 tricks\b/g, "trick"],
    [/(^|[^\d⅓⅔,.])1 trumps\b/g, "trump"],
    [/(^|[^\d⅓⅔,.])1 Tarocks\b/g, "Tarock"],
    [/(^|[^\d⅓⅔,.])1 cards\b/g, "card"],
    [/(^|[^\d⅓⅔,.])1 players\b/g, "player"],
    [/(^|[^\d⅓⅔,.])1 other players\b/g, "other player"],
    [/(^|[^\d⅓⅔,.])1 others\b/g, "other"],
  ],
  de: [
    [/(^|[^\d⅓⅔,.])1 Punkten\b/g, "Punkt"],
    [/(^|[^\d⅓⅔,.])1 Punkte\b/g, "Punkt"],
    [/(^|[^\d⅓⅔,.])1 Kartenpunkten?\b/g, "Kartenpunkt"],
    [/(^|[^\d⅓⅔,.])1 Stiche\b/g, "Stich"],
    [/(^|[^\d⅓⅔,.])1 Karten\b/g, "Karte"],
    [/(^|[^\d⅓⅔,.])1 andere Spieler\b/g, "anderer Spieler"],
  ],
};

/** singularOne puts the words after the number 1 of a sentence in the singular ("1 point", "1 Punkt"). */
export function singularOne(lang: Lang, text: string): string {
  for (const [re, word] of SINGULAR[lang]) text = text.replace(re, (_, pre: string) => pre + "1 " + word);
  return text;
}

/** andList joins words as a sentence lists them: "a, b and c". */
export function andList(items: string[], lang: Lang): string {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(", ") + t(lang, "listAnd") + items[items.length - 1];
}

const CLASS_NAMES: Record<string, Pair> = {
  good: ["good", "gut"],
  inaccuracy: ["inaccuracy", "Ungenauigkeit"],
  mistake: ["mistake", "Fehler"],
  blunder: ["blunder", "grober Fehler"],
  forced: ["forced", "erzwungen"],
  unvalued: ["not valued", "nicht bewertet"],
};

/** className names an analysed decision's class ("blunder", "grober Fehler"). */
export function className(c: string, lang: Lang): string {
  const p = CLASS_NAMES[c];
  return p ? pick(lang, p) : c;
}

const ORDINALS: Record<Lang, string[]> = {
  en: ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"],
  de: ["erste", "zweite", "dritte", "vierte", "fünfte", "sechste", "siebte", "achte", "neunte", "zehnte"],
};

/** ordinal words the nth (from 1) as "second", "zweite"; "11." beyond ten. */
export function ordinal(n: number, lang: Lang): string {
  return ORDINALS[lang][n - 1] ?? `${n}.`;
}

const PHASES: Record<string, Pair> = {
  bidding: ["bidding", "Reizen"],
  bid: ["bidding", "Reizen"],
  discard: ["discard", "Drücken"],
  exchange: ["exchange with the Tapp", "Tausch mit dem Tapp"],
  buy: ["buying", "Kaufen"],
  layout: ["lay-out", "Auslegen"],
  doubling: ["doubling", "Doppeln"],
  double: ["doubling", "Doppeln"],
  call: ["calling a trump", "Rufen"],
  fold: ["fold or stay", "Zusammenwerfen oder bleiben"],
  play: ["card play", "Kartenspiel"],
};

/** phaseName names a phase of the hand where a decision was made ("card play"), "decision" for one not named. */
export function phaseName(phase: string, lang: Lang): string {
  const p = PHASES[phase];
  return p ? pick(lang, p) : t(lang, "decision");
}

// The cards' names, in each game's words.

const SUIT_NAMES: Record<Lang, Record<string, string>> = {
  en: { S: "spades", C: "clubs", H: "hearts", D: "diamonds", Sw: "swords", Ba: "batons", Cu: "cups", Co: "coins" },
  de: { S: "Pik", C: "Kreuz", H: "Herz", D: "Karo", Sw: "Schwerter", Ba: "Stäbe", Cu: "Kelche", Co: "Münzen" },
};

const COURT_NAMES: Record<GameName, Record<Lang, Record<string, string>>> = {
  droggn: {
    en: { J: "jack", N: "rider", Q: "queen", K: "king" },
    de: { J: "Bube", N: "Reiter", Q: "Dame", K: "König" },
  },
  troggu: {
    en: { J: "jack", N: "cavalier", Q: "queen", K: "king" },
    de: { J: "Bube", N: "Cavall", Q: "Dame", K: "König" },
  },
  strohmandeln: {
    en: { J: "jack", N: "rider", Q: "queen", K: "king" },
    de: { J: "Bube", N: "Reiter", Q: "Dame", K: "König" },
  },
};

/** Court letters drawn on the faces, per language and game. */
const COURT_LETTERS: Record<GameName, Record<Lang, Record<string, string>>> = {
  droggn: { en: { J: "J", N: "R", Q: "Q", K: "K" }, de: { J: "B", N: "R", Q: "D", K: "K" } },
  troggu: { en: { J: "J", N: "C", Q: "Q", K: "K" }, de: { J: "B", N: "C", Q: "D", K: "K" } },
  strohmandeln: { en: { J: "J", N: "R", Q: "Q", K: "K" }, de: { J: "B", N: "R", Q: "D", K: "K" } },
};

/** SUIT_NAMES_IN are the suits after "in", where German takes the dative ("in Schwertern"). */
const SUIT_NAMES_IN: Record<Lang, Record<string, string>> = {
  en: {},
  de: { Sw: "Schwertern", Ba: "Stäben", Cu: "Kelchen", Co: "Münzen" },
};

/** suitNameIn names a suit as it reads after "in" ("in spades", "in Stäben"). */
export function suitNameIn(suit: string, lang: Lang): string {
  return SUIT_NAMES_IN[lang][suit] ?? suitName(suit, lang);
}

/** suitName names a suit in the language. */
export function suitName(suit: string, lang: Lang): string {
  return SUIT_NAMES[lang][suit] ?? suit;
}

/** cardName names a card for people, in the game's words. */
export function cardName(id: string, game: GameName, lang: Lang): string {
  const p = parse(id);
  switch (p.kind) {
    case "fool":
      return lang === "de" ? "der " + FOOL_NAME[game] : FOOL_NAME[game] + " (Fool)";
    case "trump":
      if (p.n === 21) return "Mond (XXI)";
      if (p.n === 1) return "Pagat (I)";
      if (game === "strohmandeln" && p.n === 2) return "Uhu (II)";
      if (game === "strohmandeln" && p.n === 3) return "Kakadu (III)";
      return (lang === "de" ? "Tarock " : "trump ") + roman(p.n);
    case "suit": {
      let r: string;
      if (p.pip === 0) r = COURT_NAMES[game][lang][p.rank];
      else if (game === "troggu") r = roman(p.pip);
      else if (p.pip === 1) r = lang === "de" ? "Ass" : "ace";
      else r = String(p.pip);
      return lang === "de" ? `${suitName(p.suit, lang)}-${r}` : `${r} of ${suitName(p.suit, lang)}`;
    }
  }
  return id;
}

/** rankLabel is the index drawn in a card's corner. */
export function rankLabel(id: string, game: GameName, lang: Lang): string {
  const p = parse(id);
  switch (p.kind) {
    case "fool":
      return "";
    case "trump":
      return roman(p.n);
    case "suit":
      if (p.pip === 0) return COURT_LETTERS[game][lang][p.rank];
      if (game === "troggu") return roman(p.pip);
      if (p.pip === 1) return "A";
      return String(p.pip);
  }
  return "?";
}

/** Game titles. */
export const TITLE: Record<GameName, string> = { droggn: "Droggn", troggu: "Troggu", strohmandeln: "Strohmandeln" };

/** contractName names a contract ("ansager", "misere", …) in the game's words. */
export function contractName(game: GameName, c: string, lang: Lang): string {
  const names: Record<string, Pair> = {
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
  return n ? pick(lang, n) : c;
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
          return a.call === "fold" ? tr(lang, "fold (no Tarock)", "zusammenwerfen") : tr(lang, "stay in (no fold)", "bleiben (nicht zusammenwerfen)");
        case "bid":
          return a.call === "undertake" ? tr(lang, "Ich nehme auf! (undertake)", "Ich nehme auf!") : tr(lang, "Weiter! (pass)", "Weiter!");
        case "double":
          return a.call === "double" ? tr(lang, "double", "doppeln") : tr(lang, "gut (no double)", "gut");
        case "announce":
          return a.call === "trull" ? tr(lang, "announce the Trull", "Trull ansagen") : tr(lang, "announce Four Kings", "Vier Könige ansagen");
        case "play":
          if (a.say) return `${card(a.card)} ${de ? "mit" : "with"} „${callWord(a.say)}“`;
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
  // The card as the object of the sentence ("verlangt den Gstieß").
  const obj = (id?: string) => objectCase(lang, card(id));
  switch (e.act) {
    case "discard": {
      const n = e.count ?? (e.cards?.length ?? 0) + (e.hidden ?? 0);
      const de = game === "droggn" ? "drückt" : "legt ab:";
      if (e.cards && e.cards.length && !e.hidden) return tr(lang, "discards ", de + " ") + e.cards.map((c) => (lang === "de" && game === "droggn" ? obj(c) : card(c))).join(", ");
      return tr(lang, `discards ${n} cards`, game === "droggn" ? `drückt ${n} Karten` : `legt ${n} Karten ab`);
    }
    case "buy":
      if (e.call === "none") return tr(lang, "does not buy", "kauft nicht");
      if (e.call === "asked" || e.hidden) return tr(lang, `offers a card, asks for ${card(e.cards?.[0])}`, `bietet eine Karte, verlangt ${obj(e.cards?.[0])}`);
      if (e.cards?.length === 2) return tr(lang, `offers ${card(e.cards[0])}, asks for ${card(e.cards[1])}`, `bietet ${obj(e.cards[0])}, verlangt ${obj(e.cards[1])}`);
      break;
    case "layout":
      if (e.call === "none" || (!e.card && !e.cards?.length)) return x.isDeclarer ? "ich liege" : tr(lang, "no lay-out", "legt nicht aus");
      return tr(lang, `lays out ${card(e.card ?? e.cards?.[0])}`, `legt ${obj(e.card ?? e.cards?.[0])} aus`);
    case "call": {
      const n = e.trump ?? (e.card ? (parse(e.card) as { n?: number }).n : 0) ?? 0;
      return tr(lang, `calls ${card("T" + n)}`, `ruft ${card("T" + n)}`);
    }
    case "play":
      return card(e.card) + (e.say ? ` „${callWord(e.say)}“` : "");
  }
  return actionLabel({ act: e.act, call: e.call, card: e.card, cards: e.cards }, x);
}

/** itemName names a scored item of a result. */
export function itemName(item: string, game: GameName, lang: Lang): string {
  const m: Record<string, Pair> = {
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
  return n ? pick(lang, n) : item.replace(/_/g, " ");
}

/**
 * sideName names a side of a result item in the words the table uses for
 * it: the declarer's side by the declarer's role in the contract (Troggu's
 * Tappist or Soloist), the others as defenders.
 */
export function sideName(side: string, game: GameName, lang: Lang, contract = ""): string {
  if (side === "declarer" && game !== "strohmandeln") return declarerWord(game, contract, lang);
  const m: Record<string, Pair> = {
    defenders: ["defenders", "Gegenspieler"],
    undertaker: ["undertaker", "Aufnehmer"],
    opponent: ["opponent", "Gegner"],
    elder: ["Elder (Vorhand)", "Vorhand"],
    dealer: ["dealer", "Geber"],
  };
  const n = m[side];
  return n ? pick(lang, n) : side;
}

/** foolWord returns the game's name of the Fool. */
export function foolWord(game: GameName): string {
  return FOOL_NAME[game];
}

/**
 * BOT_LEVELS names the bot levels for people, weakest first: the strength
 * (name) and how it plays (how) (the registry of internal/bot).
 */
export const BOT_LEVELS: Record<string, { name: Pair; how: Pair }> = {
  random: { name: ["Random", "Zufall"], how: ["for testing", "zum Testen"] },
  rules: { name: ["Good", "Gut"], how: ["plays by rules", "spielt nach Regeln"] },
  pimc: { name: ["Stronger", "Stärker"], how: ["tries possible deals", "probiert mögliche Verteilungen"] },
  "ismcts-fast": { name: ["Strong, quick", "Stark, schnell"], how: ["searches briefly", "rechnet kurz voraus"] },
  ismcts: { name: ["Strongest", "Am stärksten"], how: ["searches", "rechnet voraus"] },
};

/** botLabel names a bot level for people ("Strongest (searches)"), a budget after it. */
export function botLabel(b: string, lang: Lang): string {
  const [base, budget] = b.split("@");
  const how = botHow(base, lang);
  const full = how ? `${botName(base, lang)} (${how})` : botName(base, lang);
  return budget ? `${full} · ${budget}` : full;
}

/** botName names a bot level by its strength alone ("Strongest", "Strongest · 100" with a budget), as a select shows it. */
export function botName(b: string, lang: Lang): string {
  const [base, budget] = b.split("@");
  const n = BOT_LEVELS[base];
  const name = n ? pick(lang, n.name) : tr(lang, `Bot “${base}”`, `Bot „${base}“`);
  return budget ? `${name} · ${budget}` : name;
}

/** botHow says how a bot level plays ("searches"), "" for a level it does not know. */
export function botHow(b: string, lang: Lang): string {
  const n = BOT_LEVELS[b.split("@")[0]];
  return n ? pick(lang, n.how) : "";
}

/**
 * REFUSALS words the refusal codes of the server's error messages
 * (docs/PROTOCOL.md): the engines' codes from their own catalogue
 * (refusals.gen.ts, written from game.Explain's), then the server's. A key
 * "code/why" or "code/suit" is more specific than "code". {card}, {suit}
 * and the word parameters are filled in.
 */
const REFUSALS: Record<string, Pair> = {
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
const SERVER_WORDS: Record<string, Record<string, Pair>> = {
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

/** Where is what an error is shown for: the lobby (the default), the lobby before its create form has loaded, the daily page, the puzzles, or a puzzle's answer. */
export type Where = "lobby" | "lobbyBare" | "daily" | "puzzles" | "puzzleAnswer";

/**
 * errorText words an error of the HTTP API (or of the network) for the
 * page's language; game names the cards of its parameters. A network that
 * is down is worded for the page where (what works without the server, or
 * that the page tries again when the network is back).
 */
export function errorText(e: unknown, lang: Lang, game: GameName | null = null, where: Where = "lobby"): string {
  if (e instanceof ApiError) {
    if (!e.code && e.status === 404) return tr(lang, "Not found.", "Nicht gefunden.");
    return explain({ error: e.message, code: e.code || (e.status === 429 ? "too_fast" : ""), params: e.params }, game, lang);
  }
  const down = tr(lang, "The server cannot be reached.", "Der Server ist nicht erreichbar.");
  // fetch fails with a TypeError when the network or the server is down:
  // then say what works without it, or that the page tries again.
  if (!(e instanceof TypeError)) return down;
  if (where === "daily") return down + " " + t(lang, "downDaily");
  if (where === "puzzles") return down + " " + t(lang, "downPuzzles");
  if (where === "puzzleAnswer") return down + " " + t(lang, "downAnswer");
  // The lobby without its create form yet: nothing of it works offline.
  if (where === "lobbyBare") return down + " " + t(lang, "downLobby");
  return down + " " + t(lang, "offlineStill", t(lang, "createOffline"), t(lang, "newTable"));
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
 * waitText says why a table's connection is waiting and when it tries
 * again: the cap the server named (docs/PROTOCOL.md), or a lost connection.
 */
export function waitText(s: Status, lang: Lang): string {
  return t(lang, s.cap ? `cap_${s.cap}` : "reconnecting", s.retryIn ?? 0);
}

/**
 * GUIDE words the guided first hand (internal/guide): each code with its
 * parameters in {braces}; a part in [brackets] is left out when one of its
 * parameters is missing. A code may have variants by the seat's role or by
 * who won ("/me", "/declarer", "/defender", …), tried before the plain code.
 */
export const GUIDE: Record<string, Pair> = {
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
    "The deal: you hold {cards} cards, {trumps} of them trumps[, the highest being {top}][; your five-point cards: {honours}]. {talon} cards lie face down as the talon. Trumps beat every suit card; the pack holds 74 card points, and the declarer needs 37 of them.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][; deine Karten mit fünf Punkten: {honours:bare}]. {talon} Karten liegen verdeckt als Talon. Tarock sticht jede Farbkarte; im Blatt sind 74 Kartenpunkte, der Spieler braucht 37 davon.",
  ],
  "deal.troggu": [
    "The deal: you hold {cards} cards, {trumps} of them trumps[, the highest being {top}][; your five-point cards: {honours}]. {tapp} cards lie face down as the Tapp. The Bättler is the highest trump; the pack holds 114 card points, and a side needs 58.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][; deine Karten mit fünf Punkten: {honours:bare}]. {tapp} Karten liegen verdeckt als Tapp. Der Bättler ist der höchste Tarock; im Blatt sind 114 Kartenpunkte, eine Partei braucht 58.",
  ],
  "deal.strohmandeln": [
    "The deal: you hold {cards} cards, {trumps} of them Tarocks[, the highest being {top}][; your five-point cards: {honours}]. Beside each player lie three Strohmänner, small piles whose top cards can be played like hand cards. The undertaker needs 35⅔ of the 70 card points.",
    "Das Geben: du hast {cards} Karten, davon {trumps} Tarock[, der höchste davon {top}][; deine Karten mit fünf Punkten: {honours:bare}]. Neben jedem Spieler liegen drei Strohmänner, kleine Stapel, deren oberste Karten wie Handkarten gespielt werden. Der Aufnehmer braucht 35⅔ der 70 Kartenpunkte.",
  ],
  "bidding.droggn": [
    "Bidding: each of the {players} players speaks once. Ansager lets the declarer take the talon and buy a card, Solo takes the talon without buying, Super leaves the talon alone; the other two defend together.",
    "Reizen: jeder der {players} Mitspieler spricht einmal. Beim Ansager nimmt der Spieler den Talon und kauft eine Karte, beim Solo nimmt er den Talon ohne Kauf, beim Super bleibt der Talon liegen; die anderen zwei spielen zusammen gegen ihn.",
  ],
  "bidding.troggu": [
    "Bidding: each of the {players} players speaks once. A Normal game takes the Tapp and discards as many cards; a Solo plays without it and ends the bidding. If all pass, everyone plays alone in a Misère.",
    "Reizen: jeder der {players} Mitspieler spricht einmal. Beim Normalspiel nimmt man den Tapp und legt ebenso viele Karten ab; ein Solo spielt ohne ihn und beendet das Reizen. Passen alle, spielt jeder allein eine Misère.",
  ],
  "bidding.strohmandeln": [
    "Bidding: the elder speaks first. \u201cIch nehme auf!\u201d undertakes the game: 3 points if you take 35⅔ card points, 4 for the opponent if not. If both pass, a simple game is played.",
    "Reizen: die Vorhand spricht zuerst. „Ich nehme auf!“ übernimmt das Spiel: 3 Punkte, wenn du 35⅔ Kartenpunkte holst, sonst 4 für den Gegner. Passen beide, wird ein einfaches Spiel gespielt.",
  ],
  "talon.droggn/declarer": [
    "The talon: you play {contract} and take the three talon cards[ ({taken})]. Now discard {count} cards face down: they count for you at the end. The Mond, the Pagat and the Gstieß may never be discarded, and a king only with a trump.",
    "Der Talon: du spielst {contract} und nimmst die drei Talonkarten[ ({taken})]. Jetzt drückst du {count} Karten verdeckt: sie zählen am Ende für dich. Mond, Pagat und Gstieß dürfen nie gedrückt werden, ein König nur mit einem Tarock.",
  ],
  "talon.droggn": ["The declarer takes the talon and discards three cards that count for the declarer.", "Der Spieler nimmt den Talon und drückt drei Karten, die für ihn zählen."],
  "talon.troggu/declarer": [
    "The Tapp: you play the Normal game and take the Tapp[ ({taken})]. Now discard {count} cards face down: they count for you. Cards worth five points (kings, the Bättler, trump XXI, trump I) may not be discarded.",
    "Der Tapp: du spielst das Normalspiel und nimmst den Tapp[ ({taken})]. Jetzt legst du {count} Karten verdeckt ab: sie zählen für dich. Fünfer (Könige, den Bättler, Tarock XXI, Tarock I) darfst du nicht ablegen.",
  ],
  "talon.troggu": ["The Tappist takes the Tapp and discards as many cards; they count for the Tappist.", "Der Tappist nimmt den Tapp und legt ebenso viele Karten ab; sie zählen für ihn."],
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
  "ranks.droggn": [
    "In a suit the king (K) ranks highest, then the queen (Q), the rider (R) and the jack (J), then the number cards: in spades and clubs the 10 is the highest of them, in hearts and diamonds the ace (A), then 2, 3 up to 7, the lowest.",
    "In einer Farbe ist der König (K) am höchsten, dann die Dame (D), der Reiter (R) und der Bube (B), dann die Zahlkarten: in Pik und Kreuz ist die 10 die höchste davon, in Herz und Karo das Ass (A), dann 2, 3 bis 7, die niedrigste.",
  ],
  "ranks.troggu": [
    "In a suit the king (K) ranks highest, then the queen (Q), the cavalier (C) and the jack (J), then the number cards: in swords and batons X is the highest of them, in cups and coins I, then II up to VI, the lowest.",
    "In einer Farbe ist der König (K) am höchsten, dann die Dame (D), der Cavall (C) und der Bube (B), dann die Zahlkarten: in Schwertern und Stäben ist die X die höchste davon, in Kelchen und Münzen die I, dann II bis VI, die niedrigste.",
  ],
  "ranks.strohmandeln": [
    "In a suit the king (K) ranks highest, then the queen (Q), the rider (R) and the jack (J), then the number cards: in spades and clubs the 10 is the highest of them, in hearts and diamonds the ace (A), then 2, 3 and 4, the lowest.",
    "In einer Farbe ist der König (K) am höchsten, dann die Dame (D), der Reiter (R) und der Bube (B), dann die Zahlkarten: in Pik und Kreuz ist die 10 die höchste davon, in Herz und Karo das Ass (A), dann 2, 3 und 4, die niedrigste.",
  ],
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
  "progress/declarer": [
    "Trick {n}. Your side needs {need} card points[ and has {points} so far].",
    "Stich {n}. Deine Partei braucht {need} Kartenpunkte[ und hat bisher {points}].",
  ],
  "progress/defender": [
    "Trick {n}. The other side needs {need} card points[; yours has {points} so far].",
    "Stich {n}. Die andere Partei braucht {need} Kartenpunkte[; deine hat bisher {points}].",
  ],
  progress: ["Trick {n}.", "Stich {n}."],
  "partner.troggu/secret": [
    "You called {called}: its holder plays with you, but neither you nor the others know who it is until {called} is played.",
    "Du hast {called} gerufen: wer ihn hat, spielt mit dir, aber weder du noch die anderen wissen wer, bis {called} gespielt wird.",
  ],
  "partner.troggu/known-declarer": ["{called} has been played: {partner} is your partner.", "{called} ist gespielt: {partner} ist dein Partner."],
  "partner.troggu/alone-declarer": ["{called} lay in the Tapp or in your hand: you play alone.", "{called} lag im Tapp oder in deiner Hand: du spielst allein."],
  "partner.troggu/known-you": ["{called} has been played: you are the Tappist's partner.", "{called} ist gespielt: du bist der Partner des Tappisten."],
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
    "You won trick {n} with {card}: the highest trump in it takes the trick. It holds cards worth {points} points[, which count {counted} in the tally].",
    "Du hast Stich {n} mit {card:dat} gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.trump": [
    "{winner} won trick {n} with {card}: the highest trump in it takes the trick. It holds cards worth {points} points[, which count {counted} in the tally].",
    "{winner} hat Stich {n} mit {card:dat} gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.pagat.droggn/me": [
    "You took the Pagat of {seat} before the last trick: that scores your side 5 at the end of the hand (Pagat captured).",
    "Du hast den Pagat von {seat} vor dem letzten Stich gefangen: das bringt deiner Partei am Ende 5 (Pagat gefangen).",
  ],
  "trick.pagat.droggn/mine": [
    "{winner} took your Pagat before the last trick: that scores {winner}'s side 5 at the end of the hand (Pagat captured).",
    "{winner} hat deinen Pagat vor dem letzten Stich gefangen: das bringt der Partei von {winner} am Ende 5 (Pagat gefangen).",
  ],
  "trick.pagat.droggn": [
    "{winner} took the Pagat of {seat} before the last trick: that scores {winner}'s side 5 at the end of the hand (Pagat captured).",
    "{winner} hat den Pagat von {seat} vor dem letzten Stich gefangen: das bringt der Partei von {winner} am Ende 5 (Pagat gefangen).",
  ],
  "counting.droggn": [
    "How the tally counts: cards are counted in threes, every three cards worth their points less 2, so a trick of three adds its points less 2. The declarer's discards count for him from the start.",
    "So zählt die Zählung: die Karten werden zu dritt gezählt, je drei Karten ihre Punkte weniger 2, ein Stich aus drei Karten also seine Punkte weniger 2. Die gedrückten Karten zählen von Anfang an für den Spieler.",
  ],
  "counting.strohmandeln": [
    "How the tally counts: cards are counted in threes, every three cards worth their points less 2 — exactly, each card ⅔ of a point less than its value, so a trick of two adds its points less 1⅓.",
    "So zählt die Zählung: die Karten werden zu dritt gezählt, je drei Karten ihre Punkte weniger 2 — genau: jede Karte ⅔ Punkt weniger als ihr Wert, ein Stich aus zwei Karten also seine Punkte weniger 1⅓.",
  ],
  "trick.powerless/me": [
    "You won trick {n} with {card}: the only trump in it had lost its power, so the highest card in {suit} takes it. It holds cards worth {points} points[, which count {counted} in the tally].",
    "Du hast Stich {n} mit {card:dat} gewonnen: der einzige Tarock darin hatte seine Kraft verloren, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.powerless": [
    "{winner} won trick {n} with {card}: the only trump in it had lost its power, so the highest card in {suit} takes it. It holds cards worth {points} points[, which count {counted} in the tally].",
    "{winner} hat Stich {n} mit {card:dat} gewonnen: der einzige Tarock darin hatte seine Kraft verloren, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.suit/me": [
    "You won trick {n} with {card}: no trump was played, so the highest card in {suit} takes it. It holds cards worth {points} points[, which count {counted} in the tally].",
    "Du hast Stich {n} mit {card:dat} gewonnen: kein Tarock lag darin, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.suit": [
    "{winner} won trick {n} with {card}: no trump was played, so the highest card in {suit} takes it. It holds cards worth {points} points[, which count {counted} in the tally].",
    "{winner} hat Stich {n} mit {card:dat} gewonnen: kein Tarock lag darin, also macht die höchste Karte in {suit} den Stich. Er hat Karten im Wert von {points} Punkten[, die in der Zählung {counted} gelten].",
  ],
  "trick.fool.droggn": [
    "{card} never takes a trick: it goes back to the pile of {seat}'s side whoever wins.",
    "{card} macht nie einen Stich: er geht zurück auf den Stapel der Partei von {seat}, egal, wer den Stich gewinnt.",
  ],
  "trick.fool.troggu": [
    "{card} had lost its power (its holder kept it back once when it was the only trump and a trump was due) and takes no trick.",
    "{card} hatte seine Kraft verloren (er wurde einmal zurückgehalten, als er der einzige Tarock war und Tarock Pflicht war) und macht keinen Stich.",
  ],
  "count.droggn/declarer": [
    "Counting in threes: the cards of a pile are counted in groups of three, each group worth its points less 2 (a group left short, 1 less). You won {tricks} tricks; with your discards they count {points} card points against {other}.[ Your pile: {pile} cards worth {raw} points, counted in threes {raw} − {less} = {points}.] The declarer needed {need}.",
    "Zählen in Dreiern: die Karten eines Stapels werden zu dritt gezählt, jede Gruppe ist ihre Punkte weniger 2 wert (eine unvollständige Gruppe 1 weniger). Du hast {tricks} Stiche gemacht; mit den gedrückten Karten zählen sie {points} Kartenpunkte gegen {other}.[ Dein Stapel: {pile} Karten mit {raw} Punkten, in Dreiern gezählt {raw} − {less} = {points}.] Der Spieler brauchte {need}.",
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
    "Die Abrechnung: [der {contract} ist {base} wert, und der Spieler blieb {diff} Punkte unter 37: {game} für das Spiel. ][Mit den Posten unten sind das {total}, und du zahlst es jedem der {others} anderen. ]Dein Ergebnis in diesem Spiel ist {score}.",
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
    "Du hast {trumps} Tarock[ und {honours:acc}]: das ist ein Solo-Blatt — du nimmst den Talon und musst keine Karte kaufen.",
  ],
  "why.bid.ansager": [
    "You hold {trumps} trumps[ and {honours}]: enough for an Ansager, where the talon and a bought card help you.",
    "Du hast {trumps} Tarock[ und {honours:acc}]: genug für einen Ansager, bei dem dir der Talon und eine gekaufte Karte helfen.",
  ],
  "why.bid.tsolo": [
    "You hold {trumps} of your {cards} cards in trumps[ and {honours}]: strong enough to play a Solo without the Tapp.",
    "Du hast {trumps} Tarock unter deinen {cards} Karten[ und {honours:acc}]: stark genug für ein Solo ohne Tapp.",
  ],
  "why.bid.normal": [
    "You hold {trumps} of your {cards} cards in trumps[ and {honours}]: with the Tapp to improve it, that is a Normal game.",
    "Du hast {trumps} Tarock unter deinen {cards} Karten[ und {honours:acc}]: mit dem Tapp dazu ist das ein Normalspiel.",
  ],
  "why.bid.undertake": [
    "You hold {trumps} Tarocks of {cards} cards[ and {honours}]: enough to take the game on.",
    "Du hast {trumps} Tarock unter {cards} Karten[ und {honours:acc}]: genug, um das Spiel aufzunehmen.",
  ],
  "why.bid.weak": ["With {trumps} trumps the hand is too weak to play alone: let another declare.", "Mit {trumps} Tarock ist das Blatt zu schwach: lass einen anderen spielen."],
  "why.bid.taken": ["A higher game is already bid: pass.", "Ein höheres Spiel ist schon geboten: sag gut."],
  "advice.discard.droggn/suits": [
    "Discard {discard}: cards of your short suits, the highest first: their points count for you, and no trump of the others can take them[. Then you have no card left in {voids} and can trump them later].",
    "Drück {discard}: Karten deiner kurzen Farben, die höchsten zuerst: ihre Punkte zählen für dich, und kein Tarock der anderen kann sie stechen[. Danach hast du keine Karte mehr in {voids} und kannst sie später stechen].",
  ],
  "advice.discard.droggn": [
    "Discard {discard}: the cards you can best spare; their points count for you[. Then you have no card left in {voids} and can trump them later].",
    "Drück {discard}: die Karten, die du am ehesten entbehren kannst; ihre Punkte zählen für dich[. Danach hast du keine Karte mehr in {voids} und kannst sie später stechen].",
  ],
  "advice.discard.troggu/suits": [
    "Discard {discard}: suit cards, so that your trumps stay in hand; their points count for you[. Then you have no card left in {voids} and can trump them later].",
    "Leg {discard} ab: Farbkarten, damit deine Tarock in der Hand bleiben; ihre Punkte zählen für dich[. Danach hast du keine Karte mehr in {voids} und kannst sie später stechen].",
  ],
  "advice.discard.troggu": [
    "Discard {discard}: the cards you can best spare; their points count for you[. Then you have no card left in {voids} and can trump them later].",
    "Leg {discard} ab: die Karten, die du am ehesten entbehren kannst; ihre Punkte zählen für dich[. Danach hast du keine Karte mehr in {voids} und kannst sie später stechen].",
  ],
  "advice.call": ["Call {card}: the highest trump you do not hold, so its holder is likely strong.", "Ruf {card:acc}: den höchsten Tarock, den du nicht hast, also ist sein Besitzer wohl stark."],
  "advice.play": ["Play {card}.", "Spiel {card:acc}."],
  "why.play.only": ["It is the only card you may play.", "Das ist die einzige Karte, die du spielen darfst."],
  "why.play.master": ["It is the highest trump still out: it wins the trick and draws the others' trumps.", "Das ist der höchste Tarock, der noch draußen ist: er gewinnt den Stich und holt die Tarock der anderen heraus."],
  "why.play.trumps": ["Leading trumps draws the others' trumps, so your suit cards are safe later.", "Tarock auszuspielen holt die Tarock der anderen heraus, damit deine Farbkarten später sicher sind."],
  "why.play.king": ["A king is the highest card of its suit: it wins if nobody trumps.", "Ein König ist die höchste Karte seiner Farbe: er gewinnt, wenn keiner sticht."],
  "why.play.low": ["A card worth one point gives little away while you learn the others' hands.", "Eine Karte mit einem Punkt gibt wenig her, während du die Blätter der anderen kennenlernst."],
  "why.play.fewest": ["Of the cards you may lead, it gives the fewest points away if the others take the trick.", "Von den Karten, die du ausspielen kannst, gibt sie die wenigsten Punkte her, wenn die anderen den Stich nehmen."],
  "why.play.win": ["It is the lowest card that takes this trick.", "Das ist die niedrigste Karte, die diesen Stich macht."],
  "why.play.winround": [
    "It is the lowest card that takes this trick. In {suit} the number cards rank the other way round: the lower the number, the higher the card.",
    "Das ist die niedrigste Karte, die diesen Stich macht. In {suit} zählen die Zahlkarten umgekehrt: je niedriger die Zahl, desto höher die Karte.",
  ],
  "why.play.beat": [
    "It is the lowest card that beats the cards on the table; a player after you may still take the trick.",
    "Das ist die niedrigste Karte, die die Karten auf dem Tisch schlägt; ein Spieler nach dir kann den Stich noch nehmen.",
  ],
  "why.play.beatkeep": [
    "It is the lowest card that beats the cards on the table, apart from the Pagat, which you keep back: a player after you may still take the trick.",
    "Das ist die niedrigste Karte, die die Karten auf dem Tisch schlägt, außer dem Pagat, den du zurückhältst: ein Spieler nach dir kann den Stich noch nehmen.",
  ],
  "why.play.beatround": [
    "It is the lowest card that beats the cards on the table; a player after you may still take the trick. In {suit} the number cards rank the other way round: the lower the number, the higher the card.",
    "Das ist die niedrigste Karte, die die Karten auf dem Tisch schlägt; ein Spieler nach dir kann den Stich noch nehmen. In {suit} zählen die Zahlkarten umgekehrt: je niedriger die Zahl, desto höher die Karte.",
  ],
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

// The rules pages: a summary of docs/RULES.md per game.

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
      "Elder says “Ich nehme auf!” (undertake) or “Weiter!”; if Elder passes, the dealer may undertake. If both pass, a simple game is played (variant: the cards are thrown in). Where the table's options allow doubling, the opponent may double an undertaken game.",
    ],
    [
      "Play",
      "Elder leads. You play from your hand or from the exposed tops of your Strohmänner; after each trick the next card of a used Strohmann is turned up. Follow suit (also from the tops); if you cannot, play a Tarock; otherwise any card. No duty to win. Highest Tarock wins, else the highest card of the suit led.",
    ],
    [
      "Scoring",
      "Undertaken game: the undertaker wins 3 with 35⅔ or more, otherwise the opponent wins 4; in the extended scoring the winner's Grammel (45 points or more) adds 1. Simple game: the winner gets 2 in the classic scoring; in the extended scoring 1, or 2 with a Grammel. A drawn simple game, or a hand whose net is 0, starts a Nullrunde: the next two games count double.",
      "Bonuses of 1 each: Pagat ultimo (the I wins the last trick; captured there, the captor scores), and in the extended scoring the Trull (Sküs, XXI and I, the three highest-valued trumps) and the four kings all in one's own tricks, Uhu (II wins trick 26), Kakadu (III wins trick 25) and Rostopschin: win a trick with XVII saying “Ross!”, then the next with XVIII saying “Topschin!”. In the classic scoring a player who holds the Trull or the four kings in hand announces them instead. Winning all tricks (Valat) scores 12 and replaces everything else.",
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
      "Die Vorhand sagt „Ich nehme auf!“ oder „Weiter!“; passt sie, darf der Geber aufnehmen. Passen beide, wird ein einfaches Spiel gespielt (Variante: eingeworfen). Erlauben die Optionen des Tisches das Doppeln, darf der Gegner ein aufgenommenes Spiel doppeln.",
    ],
    [
      "Spiel",
      "Die Vorhand spielt aus. Gespielt wird aus der Hand oder von den offenen Karten der eigenen Strohmänner; nach jedem Stich wird beim benutzten Strohmann die nächste Karte aufgedeckt. Farbe bedienen (auch von den Strohmännern); wer nicht kann, gibt Tarock; sonst beliebig. Stechen muss man nicht. Der höchste Tarock sticht, sonst die höchste Karte der ausgespielten Farbe.",
    ],
    [
      "Abrechnung",
      "Aufgenommenes Spiel: der Aufnehmer gewinnt 3 mit 35⅔ oder mehr, sonst gewinnt der Gegner 4; in der erweiterten Wertung bringt der Grammel des Gewinners (45 Punkte oder mehr) 1 dazu. Einfaches Spiel: der Gewinner bekommt 2 in der klassischen Wertung; in der erweiterten 1, mit Grammel 2. Ein unentschiedenes einfaches Spiel oder ein Spiel mit Saldo 0 beginnt eine Nullrunde: die nächsten zwei Spiele zählen doppelt.",
      "Prämien zu je 1: Pagat ultimo (die I macht den letzten Stich; dort gefangen, zählt der Fänger), und in der erweiterten Wertung die Trull (Sküs, XXI und I, die drei wertvollsten Tarock) und alle vier Könige in den eigenen Stichen, Uhu (II macht Stich 26), Kakadu (III macht Stich 25) und Rostopschin: einen Stich mit XVII und „Ross!“ machen, dann den nächsten mit XVIII und „Topschin!“. In der klassischen Wertung sagt stattdessen an, wer die Trull oder die vier Könige in der Hand hat. Alle Stiche (Valat) zählen 12 und ersetzen alles andere.",
      "Es wird abwechselnd gegeben.",
    ],
  ],
};

/** RULES_TEXT is each game's rules page (rules.tsx) in both languages. */
export const RULES_TEXT: Record<GameName, Text> = { droggn: DROGGN, troggu: TROGGU, strohmandeln: STROH };

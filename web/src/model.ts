// The table model the UI draws, one shape for every game: the server makes
// it from each seat's view (internal/tablemodel) and sends it as "model"
// beside the game's own view. These types mirror that package's JSON; a Go
// test holds the Model's fields in step with it.

import type { GameName } from "./cards";

/** Play is one card played to a trick. */
export interface Play {
  seat: number;
  card: string;
  /** Strohmandeln: 0 from the hand, k from the top of Strohmann k */
  from?: number;
  say?: string;
  powerless?: boolean;
}

/**
 * Trick is a trick, complete (winner ≥ 0) or in progress (winner −1). A
 * finished trick the seat may not look back at by the game's information
 * rules is hidden: no plays, its leader and winner kept.
 */
export interface Trick {
  leader: number;
  plays: Play[];
  winner: number;
  hidden?: boolean;
}

/** LogEntry is one public non-play action. */
export interface LogEntry {
  seat: number;
  act: string;
  call?: string;
  card?: string;
  cards?: string[];
  hidden?: number;
  count?: number;
  trump?: number;
  say?: string;
}

/** Item is one scored component of a result. */
export interface Item {
  item: string;
  side?: string;
  seats?: number[];
  points: number;
}

/** Result is a finished hand's outcome (declarer and partner −1 for none). */
export interface Result {
  contract: string;
  declarer: number;
  partner: number;
  card_points: number[];
  score: number[];
  items: Item[];
}

/** Pile is one Strohmann as both players see it. */
export interface Pile {
  turned: string[];
  top?: string;
  face_down: number;
}

/** StrohPlayer is the public state of one Strohmandeln seat. */
export interface StrohPlayer {
  hand_size: number;
  known: string[];
  strohmaenner: Pile[];
  tricks: number;
  /** absent for the opponent's pile (a spectator: both) while the hand is played */
  card_points?: number;
  announced?: string[];
}

/** Model is what the table draws, the same for every game. */
export interface Model {
  game: GameName;
  variant: string;
  seat: number;
  seats: number;
  dealer: number;
  /** Droggn with 4 players: the dealer sits out; else −1 */
  sitsOut: number;
  /** Strohmandeln: Vorhand; else −1 */
  elder: number;
  phase: string;
  toAct: number;
  hand: string[];
  handSizes: number[];
  contract: string;
  declarer: number;
  partner: number;
  tricks: Trick[];
  trick: Trick | null;
  tricksWon: number[];
  log: LogEntry[];
  result: Result | null;
  // Droggn
  talonShown?: string[];
  talonSize?: number;
  discards?: string[];
  bought?: string;
  /** the seat a card was bought from, −1 for none */
  boughtFrom: number;
  asked?: string;
  buyLost?: boolean;
  offered?: string;
  /** the seat that laid out the Pagat, −1 for none */
  pagatLaid: number;
  foolLaid?: boolean;
  doublings?: number;
  /** Droggn: the card points of the tricks the seat's side has taken (absent for a spectator) */
  trickPoints?: number;
  // Troggu
  tappSize?: number;
  tappTaken?: string[];
  tapp?: string[];
  calledTrump?: number;
  alone?: boolean;
  forced?: boolean;
  foolPowerless?: boolean;
  discardCount?: number;
  // Strohmandeln
  doubled?: boolean;
  players?: StrohPlayer[];
}

/** lastTrick returns the most recent completed trick, or null (also when the seat may not look back at it). */
export function lastTrick(m: Model): Trick | null {
  const tk = m.tricks.length ? m.tricks[m.tricks.length - 1] : null;
  return tk && !tk.hidden ? tk : null;
}

/** bidBefore reports whether a contract has been bid (Droggn's "gut" instead of "weiter"). */
export function bidBefore(m: Model): boolean {
  return m.log.some((e) => e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut");
}

// The three games' View JSON (internal/games/*/view.go) differ in shape;
// model() turns each into one table model the UI draws.

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

/** Trick is a trick, complete (winner ≥ 0) or in progress (winner −1). */
export interface Trick {
  leader: number;
  plays: Play[];
  winner: number;
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

/** Result is a finished hand's outcome. */
export interface Result {
  contract: string;
  declarer?: number;
  partner?: number;
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
  card_points: number;
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
  boughtFrom?: number;
  asked?: string;
  buyLost?: boolean;
  offered?: string;
  pagatLaid?: number;
  foolLaid?: boolean;
  doublings?: number;
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
  undertaker?: number;
  doubled?: boolean;
  players?: StrohPlayer[];
}

// Raw views: only the fields read here.
type Raw = Record<string, unknown>;
const num = (v: unknown, d = -1): number => (typeof v === "number" ? v : d);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function gameOf(raw: Raw, fallback: GameName): GameName {
  const g = str(raw.game);
  if (g === "droggn" || g === "troggu" || g === "strohmandeln") return g;
  const v = str(raw.variant);
  if (v.startsWith("troggu")) return "troggu";
  if (v.startsWith("strohmandeln")) return "strohmandeln";
  if (v.startsWith("droggn")) return "droggn";
  return fallback;
}

function countWins(tricks: Trick[], seats: number): number[] {
  const won = new Array<number>(seats).fill(0);
  for (const t of tricks) if (t.winner >= 0 && t.winner < seats) won[t.winner]++;
  return won;
}

function result(v: unknown): Result | null {
  if (!v || typeof v !== "object") return null;
  const r = v as Raw;
  return {
    contract: str(r.contract),
    declarer: typeof r.declarer === "number" ? r.declarer : undefined,
    partner: typeof r.partner === "number" ? r.partner : undefined,
    card_points: (r.card_points as number[]) ?? [],
    score: (r.score as number[]) ?? [],
    items: (r.items as Item[]) ?? [],
  };
}

/** model normalizes a game's view JSON. game is used when the view does not say. */
export function model(rawView: unknown, game: GameName): Model {
  const raw = (rawView ?? {}) as Raw;
  const g = gameOf(raw, game);
  switch (g) {
    case "troggu":
      return troggu(raw);
    case "strohmandeln":
      return stroh(raw);
  }
  return droggn(raw);
}

function droggn(r: Raw): Model {
  const seats = num(r.seats, 3);
  const tricks: Trick[] = ((r.tricks as Raw[]) ?? []).map((t) => {
    const plays = ((t.cards as Play[]) ?? []).map((p) => ({ seat: p.seat, card: p.card }));
    return { leader: plays[0]?.seat ?? -1, plays, winner: num(t.winner) };
  });
  const cur = ((r.trick as Play[]) ?? []).map((p) => ({ seat: p.seat, card: p.card }));
  const phase = str(r.phase);
  const trick: Trick | null =
    cur.length > 0 || phase === "play" ? { leader: cur[0]?.seat ?? num(r.to_act), plays: cur, winner: -1 } : null;
  return {
    game: "droggn",
    variant: str(r.variant),
    seat: num(r.seat),
    seats,
    dealer: num(r.dealer),
    sitsOut: num(r.sits_out),
    elder: -1,
    phase,
    toAct: num(r.to_act),
    hand: strs(r.hand),
    handSizes: (r.hand_sizes as number[]) ?? [],
    contract: str(r.contract),
    declarer: num(r.declarer),
    partner: -1,
    tricks,
    trick,
    tricksWon: countWins(tricks, seats),
    log: ((r.log as LogEntry[]) ?? []).map((e) => ({ ...e })),
    result: result(r.result),
    talonShown: strs(r.talon_shown),
    talonSize: num(r.talon_size, 0),
    discards: strs(r.discards),
    bought: str(r.bought),
    boughtFrom: num(r.bought_from),
    asked: str(r.asked),
    buyLost: !!r.buy_lost,
    offered: str(r.offered),
    pagatLaid: num(r.pagat_laid_out),
    foolLaid: !!r.gstiess_laid_out,
    doublings: num(r.doublings, 0),
  };
}

function troggu(r: Raw): Model {
  const seats = num(r.players, 3);
  const conv = (t: Raw): Trick => ({
    leader: num(t.leader),
    plays: ((t.plays as Play[]) ?? []).map((p) => ({ seat: p.seat, card: p.card, powerless: !!p.powerless })),
    winner: num(t.winner),
  });
  const tricks = ((r.tricks as Raw[]) ?? []).map(conv);
  const trick = r.trick ? conv(r.trick as Raw) : null;
  const res = result(r.result);
  return {
    game: "troggu",
    variant: str(r.variant),
    seat: num(r.seat),
    seats,
    dealer: num(r.dealer),
    sitsOut: -1,
    elder: -1,
    phase: str(r.phase),
    toAct: num(r.to_act),
    hand: strs(r.hand),
    handSizes: (r.hand_sizes as number[]) ?? [],
    contract: str(r.contract),
    declarer: num(r.declarer),
    partner: typeof r.partner === "number" ? r.partner : res?.partner ?? -1,
    tricks,
    trick,
    tricksWon: countWins(tricks, seats),
    log: ((r.log as LogEntry[]) ?? []).map((e) => ({ ...e })),
    result: res,
    tappSize: num(r.tapp_size, 0),
    tappTaken: strs(r.tapp_taken),
    tapp: strs(r.tapp),
    discards: strs(r.discards),
    calledTrump: num(r.called_trump, 0),
    alone: !!r.alone,
    forced: !!r.forced,
    foolPowerless: !!r.fool_powerless,
    discardCount: num(r.discard_count, 0),
  };
}

function stroh(r: Raw): Model {
  const conv = (t: Raw): Trick => ({
    leader: num(t.leader),
    plays: ((t.plays as Play[]) ?? []).map((p) => ({ seat: p.seat, card: p.card, from: p.from, say: p.say })),
    winner: num(t.winner),
  });
  const tricks = ((r.tricks as Raw[]) ?? []).map(conv);
  const cur = ((r.trick as Play[]) ?? []).map((p) => ({ seat: p.seat, card: p.card, from: p.from, say: p.say }));
  const phase = str(r.phase);
  const trick: Trick | null =
    cur.length > 0 || phase === "play" ? { leader: cur[0]?.seat ?? num(r.to_act), plays: cur, winner: -1 } : null;
  const players = ((r.players as StrohPlayer[]) ?? []).map((p) => ({
    hand_size: p.hand_size,
    known: p.known ?? [],
    strohmaenner: p.strohmaenner ?? [],
    tricks: p.tricks,
    card_points: p.card_points,
    announced: p.announced,
  }));
  const log: LogEntry[] = [];
  for (const a of (r.actions as LogEntry[]) ?? []) {
    if (a.act === "play" && !a.say) continue;
    log.push({ ...a });
  }
  return {
    game: "strohmandeln",
    variant: str(r.variant),
    seat: num(r.seat),
    seats: 2,
    dealer: num(r.dealer),
    sitsOut: -1,
    elder: num(r.elder),
    phase,
    toAct: num(r.to_act),
    hand: strs(r.hand),
    handSizes: players.map((p) => p.hand_size),
    contract: str(r.contract),
    declarer: num(r.undertaker),
    partner: -1,
    tricks,
    trick,
    tricksWon: players.map((p) => p.tricks),
    log,
    result: result(r.result),
    undertaker: num(r.undertaker),
    doubled: !!r.doubled,
    players,
  };
}

/** lastTrick returns the most recent completed trick, or null. */
export function lastTrick(m: Model): Trick | null {
  return m.tricks.length ? m.tricks[m.tricks.length - 1] : null;
}

/** bidBefore reports whether a contract has been bid (Droggn's "gut" instead of "weiter"). */
export function bidBefore(m: Model): boolean {
  return m.log.some((e) => e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut");
}

// The HTTP side of docs/PROTOCOL.md: the lobby, claiming a seat, hand
// records and replays, plus what the browser keeps in local storage.

import type { GameName } from "./cards";
import type { Model } from "./model";

/**
 * OptionSpec is one variant option of GET /api/games, with its words for
 * people from the game's option table (each game's options.go).
 */
export interface OptionSpec {
  name: string;
  kind: string; // "enum", "int", "bool"
  values?: string[] | null;
  default: unknown;
  /** the one-line help in English; help_de in German */
  help: string;
  help_de: string;
  label: Words;
  /** one label per value of an enum, in the order of values */
  value_labels?: Words[];
  /** what follows a number ("cards") */
  unit?: Words;
  min?: number;
  max?: number;
  /** the only values an int option takes, when it has a list */
  choices?: number[];
  nullable?: boolean;
}

/** GameSpec is one game of GET /api/games. */
export interface GameSpec {
  name: GameName;
  title: string;
  min_seats: number;
  max_seats: number;
  options: OptionSpec[];
  bots?: string[];
}

/** SeatInfo describes one seat of a table. */
export type { SeatInfo, Words } from "./contract.gen";
import type { SeatInfo, Words } from "./contract.gen";

/** TableInfo is one table of GET /api/tables. */
export interface TableInfo {
  id: string;
  game: GameName;
  variant: string;
  /** the variant for people ("Droggn, 4 players, …") */
  variant_title?: Words;
  state: string;
  name?: string;
  seats: SeatInfo[];
}

/** Created is the answer to POST /api/tables. */
export interface Created {
  id: string;
  host_token: string;
  seat_token: string;
  seat: number;
  invites: { seat: number; url: string }[];
  spectate_url: string;
}

/** Action is an action in hand-record form (docs/FORMAT.md). */
export interface Action {
  seat?: number | null;
  act: string;
  call?: string;
  card?: string;
  cards?: string[];
  say?: string;
  count?: number;
}

/** ApiError carries the server's {"error": …} text, its "code" and its "params". */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = "",
    readonly params: Record<string, string> | null = null,
  ) {
    super(message);
  }
}

/** call sends a request of the HTTP API and decodes its JSON answer; a refusal is thrown as an ApiError. */
export async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const d = (data && typeof data === "object" ? data : {}) as { error?: unknown; code?: unknown; params?: unknown };
    const params = d.params && typeof d.params === "object" ? (d.params as Record<string, string>) : null;
    throw new ApiError(d.error !== undefined ? String(d.error) : text || res.statusText, res.status, typeof d.code === "string" ? d.code : "", params);
  }
  return data as T;
}

/** games lists the games and their option specs. */
export const games = () => call<GameSpec[]>("GET", "/api/games");

/** tables lists the open and running tables. */
export const tables = () => call<unknown>("GET", "/api/tables").then((l) => (Array.isArray(l) ? l.filter(wellFormed) : []));

/** Capacity says whether this client may create a table now, and if not why (a refusal's code). */
export interface Capacity {
  create: boolean;
  code?: string;
  error?: string;
}

/** capacity asks whether a table may be created now (GET /api/capacity). */
export const capacity = () => call<Capacity>("GET", "/api/capacity");

/** tableInfo describes one table as the lobby lists it; with an invite, whether it still takes a seat. */
export const tableInfo = (id: string, invite?: string) =>
  call<unknown>("GET", `/api/tables/${encodeURIComponent(id)}` + (invite ? `?invite=${encodeURIComponent(invite)}` : "")).then((tb) => {
    if (!wellFormed(tb)) throw new ApiError("the table's summary is incomplete; reload the page", 503, "");
    return tb as TableInfo & { invite?: "open" | "move" | "used" };
  });

/**
 * wellFormed reports whether a table summary has what the pages read, of
 * the types they read it as: an id, a game, a state, its seats, and a name
 * and a variant title when given. The lobby leaves out any other entry
 * rather than failing on it.
 */
export function wellFormed(x: unknown): x is TableInfo {
  if (!x || typeof x !== "object") return false;
  const tb = x as Record<string, unknown>;
  const optional = (v: unknown, type: string) => v === undefined || v === null || typeof v === type;
  const vt = tb.variant_title as Record<string, unknown> | undefined | null;
  return (
    typeof tb.id === "string" &&
    tb.id !== "" &&
    typeof tb.game === "string" &&
    typeof tb.state === "string" &&
    optional(tb.name, "string") &&
    (vt === undefined || vt === null || (typeof vt === "object" && typeof vt.en === "string" && typeof vt.de === "string")) &&
    Array.isArray(tb.seats) &&
    tb.seats.every((s) => {
      if (!s || typeof s !== "object") return false;
      const seat = s as Record<string, unknown>;
      return typeof seat.seat === "number" && optional(seat.name, "string") && optional(seat.bot, "string") && optional(seat.taken, "boolean");
    })
  );
}

/** NewTable is the body of POST /api/tables. */
export interface NewTable {
  game: GameName;
  players: number;
  options: Record<string, unknown>;
  bots: string[];
  /** the creator's name */
  name: string;
  /** the table's name in the lobby */
  title?: string;
  hands?: number;
  /** listed in the lobby, free seats open to anyone (default true) */
  public?: boolean;
  /** a bot plays for a person away longer than the grace period (default true) */
  auto_bot?: boolean;
  /** hints may be asked for at the table (default true) */
  hints?: boolean;
  /** seconds a person has for each decision (0: no clock; absent: the server's default) */
  turn_clock?: number;
  /** every seat may look back at every finished trick (default false: the game's rules) */
  open_review?: boolean;
  /** a guided first hand (its deal, seats and bots replace the fields above but name) */
  lesson?: string;
}

/** Defaults are what the server chooses for what a new table leaves out. */
export interface Defaults {
  /** seconds of the turn clock, 0 for none */
  turn_clock: number;
}

/** defaults fetches GET /api/defaults. */
export const defaults = () => call<Defaults>("GET", "/api/defaults");

/** createTable creates a table and seats its creator. */
export const createTable = (t: NewTable) => call<Created>("POST", "/api/tables", t);

/** claim takes the seat of an invite link. */
export const claim = (id: string, invite: string, name: string) =>
  call<{ seat: number; seat_token: string }>("POST", `/api/tables/${encodeURIComponent(id)}/claim`, { invite, name });

/** claimSeat takes a free seat of a public table by its number. */
export const claimSeat = (id: string, seat: number, name: string) =>
  call<{ seat: number; seat_token: string }>("POST", `/api/tables/${encodeURIComponent(id)}/claim`, { seat, name });

/** handRecord fetches the record of a finished hand (text, as served). */
export async function handRecord(id: string, n: number): Promise<string> {
  const res = await fetch(`/api/tables/${encodeURIComponent(id)}/hands/${n}`);
  const text = await res.text();
  if (!res.ok) {
    let msg = text;
    let code = "";
    try {
      const d = JSON.parse(text);
      msg = d.error ?? text;
      code = d.code ?? "";
    } catch {
      /* plain text */
    }
    throw new ApiError(msg, res.status, code);
  }
  return text;
}

/** replay checks a record and returns its result and per-step views. */
export const replay = (record: string) => call<ReplayResult>("POST", "/api/replay", record);

/** ReplayResult is the answer of POST /api/replay. */
export interface ReplayResult {
  game: GameName;
  variant?: string;
  variant_title?: Words;
  complete: boolean;
  contract?: string;
  declarer?: number | null;
  partner?: number | null;
  card_points?: number[];
  score?: number[];
  items?: { item: string; side?: string; seats?: number[]; points: number }[];
  players?: string[];
  to_act?: number;
  steps?: ReplayStep[];
}

/** ReplayStep is one step of a replay: the action taken and the table after it. */
export interface ReplayStep {
  action?: Action | null;
  /** the public view after the action, as the game writes it and as the table model */
  view: unknown;
  model: Model;
  /** every seat's own view after the action, and its table model */
  views?: unknown[];
  models?: Model[];
  text?: string;
  text_de?: string;
}

/** Seat credentials kept in local storage per table. */
export interface SeatCred {
  token: string;
  seat: number;
  name?: string;
}

const KEY = "trull.";

function load<T>(k: string): T | null {
  try {
    const v = localStorage.getItem(KEY + k);
    return v ? (JSON.parse(v) as T) : null;
  } catch {
    return null;
  }
}

function save(k: string, v: unknown) {
  try {
    if (v === null) localStorage.removeItem(KEY + k);
    else localStorage.setItem(KEY + k, JSON.stringify(v));
  } catch {
    /* private mode: nothing kept */
  }
}

/** seatCred returns the stored seat token of a table. */
export const seatCred = (id: string) => load<SeatCred>("seat." + id);
/** storeSeat keeps the seat token of a table (null forgets it). */
export const storeSeat = (id: string, c: SeatCred | null) => save("seat." + id, c);
/** hostToken returns the stored host token of a table. */
export const hostToken = (id: string) => load<string>("host." + id);
/** storeHost keeps the host token of a table. */
export const storeHost = (id: string, tok: string) => save("host." + id, tok);
/** storedName is the name last used. */
export const storedName = () => load<string>("name") ?? "";
/** storeName remembers the player's name. */
export const storeName = (n: string) => save("name", n);
/** storedInvites returns the invite links of a table the player created. */
export const storedInvites = (id: string) => load<Created>("created." + id);
/** storeCreated keeps the answer of a created table (its invites). */
export const storeCreated = (c: Created) => save("created." + c.id, c);
/** replaceInvite keeps a seat's new invite link (after the host freed the seat). */
export function replaceInvite(id: string, seat: number, url: string) {
  const c = storedInvites(id) ?? { id, host_token: "", seat_token: "", seat: -1, invites: [], spectate_url: "" };
  storeCreated({ ...c, invites: [...c.invites.filter((i) => i.seat !== seat), { seat, url }].sort((a, b) => a.seat - b.seat) });
}
/** pref reads a stored preference. */
export const pref = <T>(k: string) => load<T>("pref." + k);
/** storePref writes a preference. */
export const storePref = (k: string, v: unknown) => save("pref." + k, v);

/** DailyWho is a daily player's name and secret, kept in this browser (docs/DAILY.md). */
export interface DailyWho {
  name: string;
  secret: string;
}

/** dailyWho returns the daily player kept in this browser. */
export const dailyWho = () => load<DailyWho>("daily");
/** storeDailyWho keeps the daily player (null forgets it). */
export const storeDailyWho = (w: DailyWho | null) => save("daily", w);

/** whoHeaders are the headers that name a daily player. */
const whoHeaders = (w: DailyWho) => ({ "X-Trull-Name": w.name, "X-Trull-Secret": w.secret });

/** Challenge is one daily challenge of GET /api/daily. */
export interface Challenge {
  id: string;
  game: GameName;
  players: number;
  date: string;
  deals: number;
  variant: string;
}

/** BoardDeal is one deal of a leaderboard row. */
export interface BoardDeal {
  deal: number;
  score: number;
  bot: number | null;
  duplicate: number | null;
  /** how many of the others who finished and played the deal scored more */
  better: number;
  others: number;
}

/** BoardRow is one player of a day's leaderboard; days, best and best_date come with a period's. */
export interface BoardRow {
  rank: number;
  name: string;
  total: number;
  complete: boolean;
  finished: string;
  deals?: BoardDeal[];
  days?: number;
  best?: number;
  best_date?: string;
}

/** Progress is the player's attempt at one challenge of a day. */
export interface Progress {
  id: string;
  date: string;
  state: "new" | "playing" | "finished";
  table?: string;
  played: number;
  /** the place on the day's leaderboard once finished, of `of` players on it */
  rank: number;
  of: number;
  row: BoardRow;
}

/** challenges lists the daily challenges of a day (today without one). */
export const challenges = (date?: string) => call<Challenge[]>("GET", "/api/daily" + (date ? `?date=${date}` : ""));
/** registerDaily chooses a daily player's name; the answer carries the new secret. */
export const registerDaily = (name: string) => call<DailyWho>("POST", "/api/daily/players", { name });
/** checkDaily checks a name and secret (a move code). */
export const checkDaily = (w: DailyWho) => call<{ name: string }>("GET", "/api/daily/me", undefined, whoHeaders(w));
/** progress lists the player's attempts at a day's challenges. */
export const progress = (w: DailyWho, date: string) => call<Progress[]>("GET", `/api/daily/progress?date=${date}`, undefined, whoHeaders(w));
/** board fetches the leaderboard of a challenge on a day, or of the days days that end on it. */
export const board = (id: string, date: string, days: number) =>
  call<{ rows: BoardRow[] }>("GET", `/api/daily/${id}/${date}/leaderboard` + (days > 1 ? `?days=${days}` : "")).then((b) => b.rows ?? []);

/**
 * playDaily starts or resumes the player's attempt at a challenge and
 * keeps the seat of its table in this browser; it returns the table.
 */
export async function playDaily(w: DailyWho, c: { id: string; date: string }): Promise<string> {
  const p = await call<{ table: string; seat: number; seat_token?: string }>("POST", `/api/daily/${c.id}/${c.date}/play`, {}, whoHeaders(w));
  let token = p.seat_token;
  if (!token) {
    const cl = await call<{ seat: number; seat_token: string }>("POST", `/api/tables/${encodeURIComponent(p.table)}/claim`, { daily: true }, whoHeaders(w));
    token = cl.seat_token;
  }
  storeSeat(p.table, { token, seat: p.seat, name: w.name });
  return p.table;
}

/** moveCode is the text that carries a daily player to another device. */
export const moveCode = (w: DailyWho) =>
  "trull1." + btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify([w.name, w.secret])))).replace(/=+$/, "");

/** fromMoveCode reads a move code, or returns null for anything else. */
export function fromMoveCode(code: string): DailyWho | null {
  const m = /^trull1\.([A-Za-z0-9+/]+)$/.exec(code.trim());
  if (!m) return null;
  try {
    const v = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(m[1]), (ch) => ch.charCodeAt(0))));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && typeof v[1] === "string") return { name: v[0], secret: v[1] };
  } catch {
    /* not a code */
  }
  return null;
}

/** Choices is, for a finished deal of a challenge, each of the player's decisions and what the players in the same position chose. */
export interface Choices {
  deal: number;
  players: number;
  decisions: { step: number; action: Action; same: number; choices: { action: Action; count: number }[] }[];
}

/** choices fetches how the others decided in the positions of the player's deal n. */
export const choices = (w: DailyWho, id: string, date: string, n: number) =>
  call<Choices>("GET", `/api/daily/${id}/${date}/deals/${n}/choices`, undefined, whoHeaders(w));

// The table part of a state message and what the table keeps beside the view,
// and the table page's state as the table's messages change it (reduce).

import type { Action } from "./api";
import type { Why } from "./analysis";
import type { ServerMessage, StateMessage, TableState } from "./contract.gen";
import type { Guide } from "./guide";
import { decimal, type Lang, type Refusal } from "./i18n";
import type { Model } from "./model";
import type { Status } from "./ws";

export type { Payment, Row, Settlement, TableState } from "./contract.gen";

export interface ChatMsg {
  seat: number;
  name: string;
  text: string;
}

export type Tab = "log" | "sheet" | "chat";

export interface Hint {
  action: Action;
  value?: number | null;
  /** Why the hint is worse than the best (the best: better than the second), its text in both languages (docs/PROTOCOL.md), and the two actions it compares. */
  why?: (Why & { action?: Action; best?: Action }) | null;
  /** The other candidates the bot weighed, best first. */
  alts?: Hint[];
}

/** hintText is a candidate with its estimated score, e.g. "XXI (+4.2)", in German with a decimal comma ("+4,2"). */
export function hintText(h: Hint, label: (a: Action) => string, lang: Lang = "en"): string {
  if (h.value == null) return label(h.action);
  const v = Math.round(h.value * 10) / 10;
  const n = Math.abs(v).toFixed(1).replace(/\.0$/, "");
  return `${label(h.action)} (${v > 0 ? "+" : v < 0 ? "−" : ""}${decimal(lang, n)})`;
}

/**
 * hintWhys are the candidates whose why the hint shows, best first: each
 * one's, but the second's when it only mirrors the best's (the best is
 * explained against the second, and the second against the best: the
 * same two, the same worlds).
 */
export function hintWhys(hints: Hint[]): Hint[] {
  const [best, ...rest] = hints;
  if (!best) return [];
  const same = (a: Action | undefined, b: Action) => !!a && sameAction(a, b);
  const mirror = (h: Hint) => same(best.why?.action, best.action) && same(best.why?.best, h.action) && same(h.why?.best, best.action);
  return [best, ...rest.filter((h) => !mirror(h))];
}

export function sameAction(a: Action, b: Action): boolean {
  return (
    a.act === b.act &&
    (a.call ?? "") === (b.call ?? "") &&
    (a.card ?? "") === (b.card ?? "") &&
    (a.say ?? "") === (b.say ?? "") &&
    JSON.stringify(a.cards ?? []) === JSON.stringify(b.cards ?? [])
  );
}

/** AutoTaken is a lone formality the page took for the viewer: the hand, its log entry, its label. */
export interface AutoTaken {
  hand: number;
  at: number;
  label: string;
}

/** Link is an "invite" message's link: a freed seat's new invite, or (move) the seat's link to another device. */
export interface Link {
  seat: number;
  url: string;
  move: boolean;
}

/**
 * TableView is what a table page knows of its sitting: what the table's
 * messages and its connection say, and what the page did in answer. The
 * page changes it only through reduce.
 */
export interface TableView {
  status: Status;
  /** The table part of the last state message: a state leaves it out when it did not change ("delta" in the join message). */
  tbl: TableState | null;
  m: Model | null;
  /** hand is the state's hand number, from 0. */
  hand: number;
  host: boolean;
  legal: Action[];
  guide: Guide | null;
  step: number;
  /** deadline is when the acting person's clock ends, in Date.now() time, or null. */
  deadline: number | null;
  /** you is the seat of this connection (−1: a spectator); its own chat lines are not unread. */
  you: number;
  /** pending: an action is on its way; a second one is not sent. */
  pending: boolean;
  /**
   * stale: the state on the page is old (the tab was hidden for long, or a turn clock ran out without
   * news); a fresh connection brings the seat's state.
   */
  stale: boolean;
  hint: Hint | null;
  /** refusal is the last refusal shown, until it is closed. */
  refusal: Refusal | null;
  chat: ChatMsg[];
  unread: number;
  tab: Tab;
  link: Link | null;
  /** lastDone is the last finished hand, kept for its result when the next one starts. */
  lastDone: { hand: number; m: Model } | null;
  /** prev is the hand and model of the last state. */
  prev: { hand: number; m: Model | null };
  /** lastSeq is the seq of the last state: the log only grows, an older state is dropped. */
  lastSeq: number;
  /** fresh: a new connection replays the chat, so its first state clears the old lines. */
  fresh: boolean;
  /** statesSeen counts the states taken. */
  statesSeen: number;
  /** chatSeen is the time of the newest chat line seen: a line seen before a reconnect is not unread. */
  chatSeen: number;
  /** seq numbers the actions sent. */
  seq: number;
  /** autos are the lone formalities taken for the viewer; autoKey the hand and step of the last. */
  autos: AutoTaken[];
  autoKey: string;
}

/** TableEvent is what changes a TableView. */
export type TableEvent =
  /** A message of the table, received at now (Date.now()). */
  | { kind: "message"; msg: ServerMessage; now: number }
  /** The connection's state changed. */
  | { kind: "status"; status: Status }
  /** The page asked for the seat's state anew: what it shows is old until the state comes. */
  | { kind: "stale" }
  /** The page sent action number seq (sent false: the connection was down). */
  | { kind: "acted"; seq: number; sent: boolean }
  /** The page took a lone formality for the viewer at hand and step key. */
  | { kind: "took"; key: string; auto: AutoTaken }
  /** The viewer opened a side tab. */
  | { kind: "tab"; tab: Tab }
  /** The viewer closed the refusal, or its time ran out. */
  | { kind: "closeRefusal" }
  /** The viewer closed the move link. */
  | { kind: "closeLink" };

/** initialView is a table page's view before its connection opens. */
export function initialView(): TableView {
  return {
    status: { state: "connecting" },
    tbl: null,
    m: null,
    hand: 0,
    host: false,
    legal: [],
    guide: null,
    step: 0,
    deadline: null,
    you: -1,
    pending: false,
    stale: false,
    hint: null,
    refusal: null,
    chat: [],
    unread: 0,
    tab: "log",
    link: null,
    lastDone: null,
    prev: { hand: -1, m: null },
    lastSeq: -1,
    fresh: true,
    statesSeen: 0,
    chatSeen: 0,
    seq: 0,
    autos: [],
    autoKey: "",
  };
}

/**
 * deadlineOf returns when the acting person's clock ends, in Date.now()
 * time, or null: left is a state message's "turn_left_ms".
 */
export function deadlineOf(left: unknown, now: number): number | null {
  return typeof left === "number" ? now + left : null;
}

/** isOffline reports whether the page's state may be old: the connection is not open, or the state is stale. */
export function isOffline(s: TableView): boolean {
  return s.stale || s.status.state !== "open";
}

/** myTurn reports whether the viewer is to act now: only with a live connection and a fresh state. */
export function myTurn(s: TableView): boolean {
  return !!s.m && s.m.seat >= 0 && s.m.to_act === s.m.seat && s.legal.length > 0 && !isOffline(s);
}

/** reduce returns the view after one event; it changes nothing it is given. */
export function reduce(s: TableView, e: TableEvent): TableView {
  switch (e.kind) {
    case "message":
      return onMessage(s, e.msg, e.now);
    case "status":
      // A new connection replays the chat: the first state clears the old lines.
      return { ...s, status: e.status, fresh: s.fresh || e.status.state === "connecting" };
    case "stale":
      return { ...s, stale: true };
    case "acted":
      return { ...s, seq: e.seq, pending: s.pending || e.sent };
    case "took":
      return { ...s, autoKey: e.key, autos: [...s.autos.filter((x) => x.hand === e.auto.hand), e.auto] };
    case "tab":
      return { ...s, tab: e.tab, unread: e.tab === "chat" ? 0 : s.unread };
    case "closeRefusal":
      return s.refusal ? { ...s, refusal: null } : s;
    case "closeLink":
      return s.link ? { ...s, link: null } : s;
  }
}

function onMessage(s: TableView, m: ServerMessage, now: number): TableView {
  switch (m.type) {
    case "state":
      return onState(s, m, now);
    case "error": {
      // "Not your turn" for a click the page shows is not its turn any
      // more (a double click, a click as the turn passed) says nothing
      // new: the prompt already says whose turn it is.
      if ((m.code === "out_of_turn" || m.code === "hand_over") && !myTurn(s)) return { ...s, pending: false };
      return { ...s, pending: false, refusal: m };
    }
    case "chat": {
      const seat = m.seat ?? -1;
      const chat = [...s.chat.slice(-199), { seat, name: m.name ?? "", text: m.text ?? "" }];
      // A line seen before a reconnect comes again: it is not unread.
      const at = m.at_ms ?? 0;
      const old = at > 0 && at <= s.chatSeen;
      const unread = !old && s.tab !== "chat" && seat !== s.you ? s.unread + 1 : s.unread;
      return { ...s, chat, chatSeen: Math.max(s.chatSeen, at), unread };
    }
    case "invite":
      return { ...s, link: { seat: m.seat ?? -1, url: m.url ?? "", move: !!m.move } };
    case "hint": {
      const hs = m.hints ?? [];
      return { ...s, hint: hs.length ? { ...hs[0], alts: hs.slice(1) } : null };
    }
  }
  return s;
}

function onState(s: TableView, m: StateMessage, now: number): TableView {
  // The log only grows: an older state than the one shown is dropped.
  const sq = typeof m.seq === "number" ? m.seq : -1;
  if (sq >= 0 && sq < s.lastSeq) return s;
  const seen: TableView = { ...s, lastSeq: sq, statesSeen: s.statesSeen + 1, fresh: false, chat: s.fresh ? [] : s.chat };
  const table = m.table ?? s.tbl;
  if (!table) return seen;
  const hand = typeof m.hand === "number" ? m.hand : 0;
  const mod = m.model ?? null;
  // Keep the finished hand for its result banner when the next one starts.
  let lastDone = s.lastDone;
  if (s.prev.m && s.prev.hand !== hand && s.prev.m.result) lastDone = { hand: s.prev.hand, m: s.prev.m };
  if (mod?.result) lastDone = { hand, m: mod };
  return {
    ...seen,
    tbl: table,
    m: mod,
    hand,
    host: !!m.host,
    legal: (m.legal ?? []).map((a) => ({ ...a })),
    guide: m.guide ?? null,
    step: typeof m.step === "number" ? m.step : 0,
    deadline: deadlineOf(m.turn_left_ms, now),
    you: typeof m.you === "number" ? m.you : -1,
    pending: false,
    stale: false,
    hint: null,
    lastDone,
    prev: { hand, m: mod },
  };
}

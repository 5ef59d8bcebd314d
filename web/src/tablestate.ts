// The table part of a state message and what the table keeps beside the view.

import type { Action, SeatInfo, Words } from "./api";
import type { GameName } from "./cards";
import type { Why } from "./analysis";

/** Row is a line of the sitting's score sheet (internal/sitting). */
export interface Row {
  deal: number;
  hand: number;
  dealer: number;
  contract: string;
  declarer: number;
  partner: number;
  redeal?: boolean;
  multiplier?: number;
  double?: boolean;
  score: number[];
  totals: number[];
}

/** Settlement is the end-of-sitting settlement between every pair. */
export interface Settlement {
  stake?: number;
  payments: { from: number; to: number; amount: number }[];
  net?: number[];
}

/** TableState is the `table` part of a state message. */
export interface TableState {
  id: string;
  game: GameName;
  variant: string;
  /** the variant for people */
  variant_title?: Words;
  name?: string;
  state?: string;
  seats: SeatInfo[];
  sheet?: Row[] | null;
  totals?: number[] | null;
  settlement?: Settlement | null;
  hand?: number;
  played?: number;
  hands_left?: number;
  end_requested?: number;
  stake?: number;
  grace_ms?: number;
  /** hints may be asked for at this table */
  hints?: boolean;
  /** false while the first hand waits for its people */
  started?: boolean;
  /** the table's turn clock in ms, 0 for none */
  turn_clock_ms?: number;
}

export interface ChatMsg {
  seat: number;
  name: string;
  text: string;
}

export type Tab = "log" | "sheet" | "chat";

export interface Hint {
  action: Action;
  value?: number | null;
  /** Why the hint is worse than the best (the best: better than the second), its text in both languages (docs/PROTOCOL.md). */
  why?: Why | null;
  /** The other candidates the bot weighed, best first. */
  alts?: Hint[];
}

/** hintText is a candidate with its estimated score, e.g. "XXI (+4.2)", in German with a decimal comma ("+4,2"). */
export function hintText(h: Hint, label: (a: Action) => string, lang: "en" | "de" = "en"): string {
  if (h.value == null) return label(h.action);
  const v = Math.round(h.value * 10) / 10;
  const n = Math.abs(v).toFixed(1).replace(/\.0$/, "");
  return `${label(h.action)} (${v > 0 ? "+" : v < 0 ? "−" : ""}${lang === "de" ? n.replace(".", ",") : n})`;
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
